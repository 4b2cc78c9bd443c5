"""Cresnovian Chess forum tables and position texts read strictly: a
mistyped piece is refused where it stands, a game in play shows all nine
pieces, the empty template is the start of the set-up, and no text, however
broken, raises anything but ``NotationError``.

Expected values were worked out by hand from the rules post and its table
code.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook import NotationError, load

GAME = load("cresnovian")
ARRANGEMENT = {"A1": "essence", "A2": "duality", "A3": "cosmos", "D3": "velocity", "E3": "radiance",
               "F3": "corporeality", "I1": "innervation", "I2": "caprice", "I3": "cognizance"}
START = GAME.initial(ARRANGEMENT)

#: The rules' template: header, foundation cells marked, nothing placed.
TEMPLATE = (
    "[TABLE][TR][TH]Left Kingdom[/TH][TH]Left Kingdom[/TH][TH]Left Kingdom[/TH][TH]World[/TH][TH]World[/TH]"
    "[TH]World[/TH][TH]Right Kingdom[/TH][TH]Right Kingdom[/TH][TH]Right Kingdom[/TH][/TR]\n"
    "[TR][TD]⬛[/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD]⬛[/TD][/TR]\n"
    "[TR][TD]⬛[/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD]⬛[/TD][/TR]\n"
    "[TR][TD]⬛[/TD][TD][/TD][TD][/TD][TD]⬛[/TD][TD]⬛[/TD][TD]⬛[/TD][TD][/TD][TD][/TD][TD]⬛[/TD][/TR][/TABLE]"
)


@pytest.mark.parametrize("typed, reason", [
    (":ESSENCE:-3Q", "the piece's Q is not written <n>Q"),
    (":essence:3Q", "a piece's umbration is written in capitals, :ESSENCE:3Q"),
    (":ESSENCE:3q", "the piece's Q is not written <n>Q"),
    (":ESSENCE:m", "a monument's umbration is written in lowercase, :essence:m"),
    (":ESSENCE:", "the piece's Q is not written <n>Q"),
    (":ESSENCE:3Q⬛", "the piece's Q is not written <n>Q"),
    ("⬛3Q", "neither a piece nor a monument"),
    ("ESSENCE:3Q", "neither a piece nor a monument"),
])
def test_a_mistyped_piece_is_refused_with_line_and_column(typed, reason):
    text = START.to_forum()
    # A1 is the first cell of the first board row: line 2, after "[TR][TD]" (column 9).
    assert text.split("\n")[1].startswith("[TR][TD]:ESSENCE:3Q[/TD]")
    with pytest.raises(NotationError, match="^A1: .*" + reason.replace("(", r"\(")) as err:
        GAME.from_forum(text.replace(":ESSENCE:3Q", typed, 1), to_move="right")
    assert (err.value.line, err.value.column) == (2, 9)


def test_a_word_that_looks_like_a_piece_is_written_plain_and_reads_back_as_a_word():
    state = GAME.setup({**{c: f"{u} 3Q" for c, u in ARRANGEMENT.items()}}, word=("E2", "9q"))
    text = state.to_forum()
    assert "[TD][PLAIN]9q[/PLAIN][/TD]" in text
    assert GAME.from_forum(text, to_move="left").word == (13, "9q")
    # Typed without the escape it is read as a piece, and refused as one.
    with pytest.raises(NotationError, match="E2: '9q' is neither a piece nor a monument"):
        GAME.from_forum(text.replace("[PLAIN]9q[/PLAIN]", "9q"), to_move="left")


def test_a_table_in_play_shows_all_nine_pieces_clarification_28():
    text = START.to_forum().replace(":COGNIZANCE:3Q", "")
    with pytest.raises(NotationError, match=r"the board holds 8 of the nine pieces \(missing: cognizance\)") as err:
        GAME.from_forum(text, to_move="right")
    assert (err.value.line, err.value.column) == (1, 1)
    # A monument or a word does not stand in for the missing pieces.
    lone = TEMPLATE.replace("[TD]⬛[/TD]", "[TD]:cosmos:m[/TD]", 1)
    with pytest.raises(NotationError, match="holds 0 of the nine pieces"):
        GAME.from_forum(lone, to_move="left")


def test_the_rules_empty_template_reads_as_the_start_of_the_set_up_clarification_28():
    state = GAME.from_forum(TEMPLATE + "\nCOMMUNAL POEM:\n(To be written)", to_move="left")
    assert state == GAME.initial()
    assert state.phase == "place" and state.outcome is None and state.to_move == "first"
    assert GAME.from_forum(TEMPLATE, to_move="first") == GAME.initial()
    # The template with the players' names keeps them.
    named = TEMPLATE.replace("Left Kingdom", "Dzuna").replace("Right Kingdom", "Zules")
    assert GAME.from_forum(named, to_move="Zules").names == ("Dzuna", "Zules")
    # A poem on an empty board is no template.
    with pytest.raises(NotationError, match="holds 0 of the nine pieces"):
        GAME.from_forum(TEMPLATE + "\nCOMMUNAL POEM:\nmoon", to_move="left")


def test_from_forum_takes_the_mover_as_the_state_says_it():
    # The second player holds the right kingdom (initial's default) and moves first.
    assert START.to_move == "second" and START.kingdom() == "right"
    again = GAME.from_forum(START.to_forum(), to_move=START.to_move)
    assert (again.to_move, again.kingdom(), again.second_kingdom) == ("second", "right", "right")
    assert again.pieces == START.pieces
    after = START.play("travel I1 H1")
    back = GAME.from_forum(after.to_forum(), to_move=after.to_move)
    assert (back.to_move, back.kingdom()) == ("first", "left")
    # Kingdoms still work, and `second` says which kingdom the second player holds.
    assert GAME.from_forum(after.to_forum(), to_move="left").to_move == "first"
    flipped = GAME.from_forum(START.to_forum(), to_move="first", second="left")
    assert (flipped.to_move, flipped.kingdom()) == ("first", "right")
    with pytest.raises(NotationError, match="field 'second'"):
        GAME.from_forum(START.to_forum(), to_move="first", second="up")
    with pytest.raises(NotationError, match="field 'to_move'"):
        GAME.from_forum(START.to_forum(), to_move="third")


# ------------------------------------------------------------ fuzzing: any text is read soundly or refused

CELL_TEXTS = st.one_of(
    st.sampled_from(["", "⬛", ":ESSENCE:3Q", ":COSMOS:0Q", ":CAPRICE:3Qe", ":DUALITY:4Qb", ":cosmos:m", ":ESSENCE:m",
                     ":essence:3Q", ":ESSENCE:-3Q", ":ESSENCE:3q", "3Q", "⬛3Q", "moon", "[PLAIN]:x:[/PLAIN]",
                     ":lol:", "[TD]", "[/TD]", "[PLAIN]", ":COSMOS: 7Q", ":NOPE:3Q", "::3Q"]),
    st.text(alphabet=st.sampled_from(list(":Qqbem03⬛[]/ ABCESNOaces")), max_size=8),
)


def _cells(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each board cell's text in a table ``to_forum`` wrote."""
    out, at = [], text.index("[/TR]")
    while True:
        start = text.find("[TD]", at)
        if start < 0:
            return out
        end = text.index("[/TD]", start)
        out.append((start + 4, end))
        at = end


def _sound(state):
    """A state read from a table: a game with all nine pieces (or the set-up
    start) whose own table reads back as the same board."""
    if state.phase == "place":
        assert state == GAME.initial(names=state.names)
        return
    assert len(state.pieces) == 9
    again = GAME.from_forum(state.to_forum(), to_move=state.to_move)
    assert (again.pieces, again.monuments, again.word, again.poem, again.names, again.to_move) == \
           (state.pieces, state.monuments, state.word, state.poem, state.names, state.to_move)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(edits=st.lists(st.tuples(st.integers(0, 26), CELL_TEXTS), min_size=1, max_size=4),
       to_move=st.sampled_from(["left", "right", "first", "second", "Left Kingdom", "Right Kingdom"]))
def test_any_cell_text_is_read_as_what_it_says_or_refused(edits, to_move):
    text = START.to_forum()
    cells = _cells(text)
    for k, new in sorted(edits, reverse=True):  # from the end, so earlier offsets stay right
        if k < len(cells):
            start, end = cells[k]
            text = text[:start] + new + text[end:]
        cells = _cells(text) if "[/TR]" in text else []
    try:
        state = GAME.from_forum(text, to_move=to_move)
    except NotationError:
        return
    _sound(state)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.one_of(st.text(max_size=60), st.builds(lambda a, k, b: a[:k] + b + a[k:], st.just(START.to_forum()),
                                                      st.integers(0, len(START.to_forum())), st.text(max_size=6))))
def test_any_text_given_to_from_forum_is_read_soundly_or_refused(text):
    try:
        state = GAME.from_forum(text, to_move="left")
    except NotationError:
        return
    _sound(state)


JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-5, 1_000_001), st.text(max_size=8)),
                    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner,
                                                                                         max_size=3)), max_leaves=8)


def _field_values():
    """A position's fields as JSON, and for each field values it might be
    given: right-looking and wrong."""
    played = START.play("travel I1 H1").play("travel A2 B2")
    good = json.loads(played.to_text())
    options = {key: st.one_of(JSON, st.sampled_from([value, "", [], "first", "play", "left", "A1", "essence"]))
               for key, value in good.items()}
    piece = st.lists(st.sampled_from(["essence", "cosmos", "A1", "B2", "3Q", "0Qb", "3Qe", "9Qe", "-1Q", "", "A3"]),
                     min_size=0, max_size=5)
    options["pieces"] = st.one_of(st.lists(piece, max_size=10), JSON,
                                  st.lists(st.sampled_from(good["pieces"]), max_size=10))
    return good, options


GOOD, FIELD_VALUES = _field_values()


@settings(max_examples=300, deadline=None, derandomize=True)
@given(data=st.data())
def test_parse_reads_any_position_soundly_or_refuses_it(data):
    position = dict(GOOD)
    for key in data.draw(st.lists(st.sampled_from(sorted(GOOD)), max_size=2, unique=True)):
        position[key] = data.draw(FIELD_VALUES[key])
    if data.draw(st.booleans()) and data.draw(st.booleans()):
        del position[data.draw(st.sampled_from(sorted(GOOD)))]
    text = json.dumps(position)
    try:
        state = GAME.parse(text)
    except NotationError:
        return
    assert GAME.parse(state.to_text()) == state
    # Every piece the text lists is on the board: none is lost on the way.
    assert len(state.pieces) == len(position["pieces"])


@settings(max_examples=200, deadline=None, derandomize=True)
@given(text=st.one_of(st.text(max_size=40), st.builds(lambda a, k, b: a[:k] + b + a[k + len(b):],
                                                      st.just(START.to_text()), st.integers(0, len(START.to_text())),
                                                      st.text(alphabet='[]{}",:0123456789QbeAIabc', max_size=4))))
def test_parse_of_any_text_round_trips_or_raises_notation_error(text):
    try:
        state = GAME.parse(text)
    except NotationError:
        return
    assert GAME.parse(state.to_text()) == state
