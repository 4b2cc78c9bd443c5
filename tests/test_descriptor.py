"""Every game declares itself in one descriptor, and the tools read it."""

import pytest

from playbook import PlaybookError, State, available, load
from playbook.core import Engine, Game
from playbook.descriptor import Descriptor, Ending, Option, Seats, Talk
from playbook.render import Cell, Glyph, Piece, Scene, svg

# ------------------------------------------------------- declared once


class Tiles(State):
    """A toy position: a count of tiles and the side to move."""

    def __init__(self, game, tiles, side):
        self.game, self.tiles, self.side = game, tiles, side

    @property
    def to_move(self):
        return self.side

    def _compute_outcome(self):
        return None

    def legal_actions(self):
        return []

    def _apply(self, action):
        return self

    def to_text(self):
        return f"{self.tiles} {self.side}"

    def view(self):
        return None


class TileGame(Game):
    """A toy game that declares three players, a rule variant and two start settings, and nothing else."""

    descriptor = Descriptor(
        "tiles_test", "Tiles", players=("north", "east", "south"), colours=("red", "green", "blue"),
        simultaneous=True, variants=(Option("swaps", 2, int), Option("pass_allowed", False, bool)),
        settings=(Option("tiles", 9, int), Option("first", "north", str, choices=("north", "east", "south"))))

    def _initial(self, tiles, first):
        return Tiles(self, tiles, first)

    def parse(self, text):
        tiles, side = text.split()
        return Tiles(self, int(tiles), side)


def test_the_game_reads_how_it_is_played_from_its_descriptor_alone():
    game = TileGame()
    assert game.players == ("north", "east", "south") and game.simultaneous and not game.hidden_information
    # Three players named: three seats, neither more nor fewer.
    assert game.descriptor.seats == Seats(3, 3)
    # No engine declared: the default one, which knows only outcomes.
    assert type(game.engine) is Engine and not game.engine.judges
    assert load("cosmic").engine is load("cosmic").descriptor.engine


def test_variants_and_settings_take_their_declared_defaults_by_name_or_in_order():
    game = TileGame()
    assert (game.swaps, game.pass_allowed) == (2, False) and game.options == {}
    # By position, in the order declared: swaps=3, then pass_allowed=True.
    assert TileGame(3, True).options == {"swaps": 3, "pass_allowed": True}
    assert TileGame(pass_allowed=True).options == {"pass_allowed": True}
    assert game.initial().to_text() == "9 north"
    assert game.initial(5).to_text() == "5 north" and game.initial(first="east").to_text() == "9 east"


def test_an_option_not_declared_or_of_the_wrong_type_is_refused():
    with pytest.raises(TypeError, match="its options are swaps, pass_allowed"):
        TileGame(colour="blue")
    with pytest.raises(TypeError, match="too many"):
        TileGame(1, False, 3)
    with pytest.raises(TypeError, match="its options are tiles, first"):
        TileGame().initial(board=3)
    with pytest.raises(PlaybookError, match="Tiles: the option swaps is a whole number, not '2'"):
        TileGame(swaps="2")
    with pytest.raises(PlaybookError, match="swaps is a whole number, not True"):
        TileGame(swaps=True)  # a bool is no whole number here


def test_each_seat_is_drawn_in_the_colour_its_descriptor_gives_it():
    state = TileGame().initial()
    assert [state.colour(p) for p in ("north", "east", "south")] == ["red", "green", "blue"]
    with pytest.raises(ValueError):
        state.colour("west")
    # Without colours declared, the seats take white, black, blue ... in order.
    assert Descriptor("x", "X").colours == ("white", "black")
    assert Descriptor("x", "X", players=("a", "b", "c")).colours == ("white", "black", "blue")
    assert load("kelasu").initial().colour("red") == "red"


@pytest.mark.parametrize("field, value, message", [
    ("colours", ("white", "geese"), "not 'geese'"),
    ("colours", ("white",), "1 colours for up to 2 seats"),
    ("players", ("white", "draw"), "not 'draw'"),
    ("players", ("white", "white"), "share a name"),
    ("players", ("a and b", "c"), "' and '"),
])
def test_a_descriptor_that_contradicts_itself_is_refused_naming_the_field(field, value, message):
    with pytest.raises(ValueError, match=f"{field}: .*{message}"):
        Descriptor("x", "X", **{field: value})
    with pytest.raises(ValueError, match="players: 2 names for Seats"):
        Descriptor("x", "X", seats=Seats(3, 4))


def test_a_piece_drawn_in_a_players_name_instead_of_a_colour_is_refused():
    cells = [Cell("a1", 0, 0)]
    with pytest.raises(ValueError, match="not 'geese'.*colours="):
        svg(Scene(cells, [Piece(("a1",), "geese", (Glyph("circle"),))]))
    # With a fill of its own, the owner names no colour class and the piece is drawn.
    assert 'style="fill: #aa3322"' in svg(Scene(cells, [Piece(("a1",), "geese", (Glyph("circle"),), color="#aa3322")]))


def test_seats_are_a_range_and_chess_wheel_seats_two_to_eight():
    assert 2 in Seats(2, 2) and 3 not in Seats(2, 2) and Seats(2, 2).fixed
    assert 8 in Seats(2, 8) and 9 not in Seats(2, 8) and True not in Seats(0, 8) and not Seats(2, 8).fixed
    assert load("wheel").descriptor.seats == Seats(2, 8)
    assert len(load("wheel").initial(players=8).seats) == 8


def test_an_option_accepts_values_of_its_type_and_choices_only():
    limit = Option("quiet_limit", None, int)
    assert limit.accepts(None) and limit.accepts(40) and not limit.accepts(True) and not limit.accepts("40")
    first = Option("first", "white", str, choices=("white", "black"))
    assert first.accepts("black") and not first.accepts("red") and not first.accepts(None)
    assert Option("quiet_limit", 100, int, optional=True).accepts(None)


def test_load_refuses_an_option_the_game_does_not_declare_naming_those_it_does():
    with pytest.raises(PlaybookError, match="compulsory_capture, king_jumps, quiet_limit"):
        load("cosmic", first="black")  # a start setting, not a rule variant
    assert load("cosmic", quiet_limit=40).options == {"quiet_limit": 40}
    assert load("cosmic", quiet_limit=None).options == {}


def test_a_refused_option_says_what_it_takes_in_words():
    with pytest.raises(PlaybookError, match=r"CCC: the option quiet_limit is a whole number or None, not 'x'"):
        load("ccc", quiet_limit="x")
    with pytest.raises(PlaybookError, match=r"blocking is True or False, not 'no'"):
        load("wheel", blocking="no")
    with pytest.raises(PlaybookError, match=r"reach is one of 'all', 'orthogonal', not 'x+\.\.\.$"):
        load("ccc", reach="x" * 10_000)  # the refusal does not repeat a long value whole
    assert load("ccc", quiet_limit=None).options == {"quiet_limit": None}


def test_selfplay_refuses_a_start_setting_of_the_wrong_type_before_any_game():
    from playbook.analysis import RandomAgent, SelfPlayError, selfplay

    with pytest.raises(SelfPlayError, match=r"ranks is a whole number, not 'x'"):
        selfplay("ccc", [RandomAgent, RandomAgent], games=1, setup={"ranks": "x"}, progress=False)
    with pytest.raises(SelfPlayError, match=r"ready is True or False, not 'no'"):
        selfplay("wheel", [RandomAgent, RandomAgent], games=1, setup={"ready": "no"}, progress=False)


def test_endings_are_equal_by_name_and_a_game_may_declare_its_own():
    assert Ending("no move") == Ending.NO_MOVE and hash(Ending("no move")) == hash(Ending.NO_MOVE)
    own = Ending("bare king")
    assert own in load("cosmic").descriptor.endings and own not in load("ccc").descriptor.endings
    with pytest.raises(ValueError, match="kind"):
        Talk("pass", "skip")


def test_talk_texts_by_kind():
    d = load("kelasu").descriptor
    assert d.talk_texts() == {"resign", "offer-draw", "accept-draw"}
    assert d.talk_texts("resign") == {"resign"} and d.talk_texts("offer", "claim") == {"offer-draw"}
    assert load("ccc").descriptor.talk_texts() == frozenset()


def test_games_are_found_through_their_entry_points_in_a_fixed_order():
    from importlib.metadata import entry_points

    registered = {p.name for p in entry_points(group="playbook.games")}
    assert set(available()) == registered
    shipped = available(shipped=True)
    assert shipped == sorted(shipped) and available()[:len(shipped)] == shipped
    assert {"cosmic", "kelasu", "cresnovian", "ccc", "wheel"} <= set(shipped)
