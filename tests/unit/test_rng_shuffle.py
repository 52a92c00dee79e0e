"""The fast Rng.shuffle must deal exactly as the plain Fisher–Yates over randbelow did, or every
saved game and golden playthrough would replay to a different position."""

from biocards.core import Rng


def reference_shuffle(rng: Rng, items: list) -> None:
    """The original algorithm, kept here as the definition of a BioCards shuffle."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


def test_fast_shuffle_gives_the_same_order_and_leaves_the_same_state_on_many_seeds():
    for seed in range(400):
        for size in (0, 1, 2, 3, 7, 40, 108, 600):  # 600 passes the table of precomputed limits
            fast, slow = Rng(seed * 1000 + size), Rng(seed * 1000 + size)
            a, b = list(range(size)), list(range(size))
            fast.shuffle(a)
            reference_shuffle(slow, b)
            assert a == b, (seed, size)
            assert fast.state == slow.state, (seed, size)


def test_shuffle_draws_after_a_shuffle_continue_the_same_stream():
    fast, slow = Rng.derive(5, 1, 9), Rng.derive(5, 1, 9)
    a, b = list("ACGU" * 20), list("ACGU" * 20)
    fast.shuffle(a)
    reference_shuffle(slow, b)
    assert [fast.randbelow(6) for _ in range(50)] == [slow.randbelow(6) for _ in range(50)]
