"""The one way every table and print page fits text to a box (issue 34: "One way to fit text")."""

import pytest

from biocards.svg import EM_PER_CHAR, fit_size, text_width, wrap


def test_a_bold_line_is_wider_than_the_same_line_regular_and_width_grows_with_size_and_length():
    assert text_width("Mitochondrion", 14, True) > text_width("Mitochondrion", 14)
    assert text_width("Mitochondrion", 16) > text_width("Mitochondrion", 14)
    assert text_width("Mitochondria", 14) < text_width("Mitochondrion", 14)
    assert text_width("", 14) == 0


def test_the_estimate_is_generous_against_what_chromium_measured_for_sans_serif():
    # Measured in Debian's Chromium: card names and sentences ran 0.46-0.49 em a character regular,
    # 0.47-0.53 bold. The estimate must not be below those, or text would leave its box.
    assert EM_PER_CHAR[False] >= 0.49 and EM_PER_CHAR[True] >= 0.53


@pytest.mark.parametrize("room", [60, 120, 200, 400])
def test_every_wrapped_line_fits_its_room_and_no_word_is_lost_or_split(room):
    s = "Rough endoplasmic reticulum: translate mRNA into a protein vesicle, then send it to the Golgi"
    lines = wrap(s, room, 12)
    assert " ".join(lines) == s
    for line in lines:
        assert text_width(line, 12) <= room or " " not in line  # only a lone long word may overflow
    # Greedy: the next word would not have fitted on any line but the last.
    for line, after in zip(lines, lines[1:]):
        assert text_width(line + " " + after.split()[0], 12) > room


def test_a_word_wider_than_the_room_gets_a_line_of_its_own():
    assert wrap("a UDP-glucuronosyltransferase b", 50, 12) == ["a", "UDP-glucuronosyltransferase", "b"]


def test_bold_text_wraps_sooner_than_regular():
    s = "Keep Tryptophan UGG and Keep Methionine AUG"
    room = text_width(s, 14) + 1
    assert wrap(s, room, 14) == [s]
    assert len(wrap(s, room, 14, True)) == 2


def test_empty_text_is_one_empty_line_so_a_caller_can_count_the_lines_it_draws():
    assert wrap("", 100) == [""]
    assert wrap("   ", 100) == [""]


def test_fit_size_takes_the_largest_size_that_fits_else_the_smallest():
    name = "Asparagine · Asn"
    assert fit_size(name, text_width(name, 16, True), (16, 14), True) == 16
    assert fit_size(name, text_width(name, 16, True) - 1, (16, 14), True) == 14
    assert fit_size(name, 10, (16, 14), True) == 14
