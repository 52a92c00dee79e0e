"""The English detector used by issue 39's Spanish tests flags English and passes Spanish."""

from spanish import english_sentences, english_words


def test_an_english_sentence_is_found_and_a_spanish_one_passes():
    assert english_words("Player 2 plays the Ribosome card.") == ["Player", "plays", "the", "card"]
    assert english_words("El jugador 2 juega la carta Ribosoma (Leu, L; A·T).") == []
    assert english_sentences(["Turno de Ana", "Your turn"]) == ["Your turn"]
