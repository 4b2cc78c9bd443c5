"""Texts too long to be a position or an action are refused at once in every game, and no refusal
repeats megabytes of what it was given."""

from __future__ import annotations

import tracemalloc

import pytest

from playbook import available, load
from playbook.core import LONGEST_ACTION, LONGEST_MESSAGE, LONGEST_POSITION, NotationError, PlaybookError
from playbook.records import Record


@pytest.fixture(params=available())
def game(request):
    return load(request.param)


def refusal(call) -> str:
    """The message of the PlaybookError ``call()`` raises, with the peak memory it took beside it."""
    tracemalloc.start()
    try:
        with pytest.raises(PlaybookError) as refused:
            call()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # The text itself is allocated before tracing starts; read line by line, it would take over a
    # hundred times its size (10 MB of newlines read as a CCC position take 1.7 GB).
    assert peak < 1_000_000, f"refusing took {peak:,} bytes"
    return str(refused.value)


@pytest.mark.parametrize("filler", ["\n", "x", " ", "a1 "])
def test_a_ten_megabyte_text_is_refused_as_a_position_at_once_without_being_repeated(game, filler):
    text = filler * (10_000_000 // len(filler))
    message = refusal(lambda: game.parse(text))
    assert message == f"a position is at most {LONGEST_POSITION:,} characters long; this text has {len(text):,}"


def test_a_valid_position_padded_past_the_bound_is_refused_and_one_within_it_is_read(game):
    start = game.initial().to_text()
    assert game.parse(start).to_text() == start
    with pytest.raises(NotationError, match="a position is at most"):
        game.parse(start + " " * LONGEST_POSITION)


@pytest.mark.parametrize("filler", ["\n", "x", "resign ", "a1-"])
def test_a_long_action_text_is_refused_without_being_repeated(game, filler):
    state = game.initial()
    text = filler * (1_000_000 // len(filler))
    message = refusal(lambda: state.play(text))
    assert message == f"an action is at most {LONGEST_ACTION:,} characters long; this text has {len(text):,}"


@pytest.mark.parametrize("length", [200, 9_000])
def test_a_refused_action_within_the_bound_quotes_at_most_a_line_of_it(game, length):
    # A refusal naming an unknown word must not quote the word back whole, a megabyte of it.
    state = game.initial()
    for text in ("x" * length, "a1" + "z" * length, "@" * length):
        with pytest.raises(PlaybookError) as refused:
            state.play(text)
        assert len(str(refused.value)) <= LONGEST_MESSAGE + 100, text[:10]


def test_no_error_carries_a_message_past_the_bound():
    long = PlaybookError("x" * 5_000_000)
    assert len(str(long)) < LONGEST_MESSAGE + 100 and "5,000,000 characters in all" in str(long)
    assert str(PlaybookError("short")) == "short"


def test_a_long_record_text_is_refused_naming_what_it_is():
    with pytest.raises(NotationError) as refused:
        Record.from_json("[" * 10_000_000)
    assert len(str(refused.value)) < 300
