"""Game review: per-move evaluations, labels, the win-at-once rule, the graph.

The positions are worked out by hand from the rule sources; the comments
say why each move does or does not let the opponent win at once."""

import matplotlib

matplotlib.use("Agg")

import re

import pytest

from playbook import BoardWidget, Record, load
from playbook.analysis import AlphaBeta, GreedyAgent, RandomAgent, review
from playbook.analysis.engines import search
from playbook.analysis.engines.agents import score_words
from playbook.analysis.engines.evaluation import squash
from playbook.analysis.engines.review import Thresholds, loses_at_once, thresholds_for
from playbook.chance import Dice, advance

# Cosmic Chess: White king b1, rook e1; Black king f6, rook a4; White to move.
# A rook slides orthogonally and captures the king by jumping it, off the
# board when it stands on the edge: after b1-a1 the a-file is open from a4
# to a1, so a4x* takes the king.  After b1-b2 the king is on neither the
# a-file nor rank 4, and Black's king on f6 is far away: no capture of it.
COSMIC = "5k/6/r5/6/6/1K2R1 w"

# CCC: White has the Cube on a1 and its one Pyramid, a Large, on c1; Black a
# Medium Pyramid on h6 and a Large on a10.  Pyramids slide diagonally and
# may end on the first piece in the way: h6-g5-f4-e3-d2-c1 is open, so if
# the Large stays on c1 the Medium attacks it; neither has Shields, both are
# destroyed, and White, with no Pyramid left, loses.  On b2 the Large is on
# no Black Pyramid's diagonal (h6's run to c1 and d10, a10's to h3).
CCC = """white to move, turn 5, quiet 0, flags - -
10 l . . . . . . .
 9 . . . . . . . .
 8 . . . . . . . .
 7 . . . . . . . .
 6 . . . . . . . m
 5 . . . . . . . .
 4 . . . . . . . .
 3 . . . . . . . .
 2 . . . . . . . .
 1 C . L . . . . .
   a b c d e f g h
white lost: -
black lost: -
"""

# Kelasu: each side has one stone, so one energy: a turn is one action.
# Red's Warriors stand on three victory cells (E4 E5 F4) and one more on
# G5, a step (Red moves towards rank A) from the fourth, F5.  Blue's blank
# move C3-D3 lets G5-F5 complete the four cells.  Blue's General taking
# the Warrior on F4 (sliding F8 F7 F6 F5, then F4) leaves Red two
# actions short: G5-F4 takes the General back but F5 stays empty.
KELASU = "\n".join([
    "S.........", "..........", "...B......", "..........", "....ww....",
    "....w....G", ".....w....", "..........", "..........", "s.........",
]) + "\nto-move: blue\n"


def row(record, ply=1):
    return review(record).rows[ply - 1]


@pytest.mark.parametrize("name, text, losing, reply, safe", [
    ("cosmic", COSMIC, "b1-a1", "a4x*", "b1-b2"),
    ("ccc", CCC, "a1-a2", "h6xc1", "c1-b2"),
    ("kelasu", KELASU, "C3-D3", "G5-F5", "F9-F4"),
])
def test_a_move_that_lets_the_opponent_win_at_once_is_a_blunder(name, text, losing, reply, safe):
    start = load(name).parse(text)
    # The reply really wins, by the rules alone.
    assert start.play(losing).play(reply).outcome.winners == (start.play(losing).to_move,)
    bad = row(Record.of(start, [losing, reply]))
    assert bad["allows_win"] and bad["label"] == "blunder"
    assert bad["mover"] == start.to_move
    assert bad["after"] <= -9000  # lost by force, from the mover's view
    good = row(Record.of(start, [safe]))
    assert not good["allows_win"] and good["label"] != "blunder"
    assert loses_at_once(start.play(losing), start.to_move, thresholds_for(load(name)).reach)
    assert not loses_at_once(start.play(safe), start.to_move, thresholds_for(load(name)).reach)


def test_letting_a_win_through_is_no_blunder_when_every_move_does():
    # Cosmic Chess: White king a1 and a pawn on f3; Black rooks a6 and b6,
    # king f6.  Every king step loses: a2 stays on the a-file (a6 slides down
    # and jumps it), b1 and b2 are on the b-file (b6 jumps it, off the board
    # from b1).  Any pawn move leaves the king on a1, which a6 jumps off the
    # board.  A draw offer leaves White to move, so it escapes nothing.  No
    # move escapes, so none is a blunder by the win-at-once rule.
    start = load("cosmic").parse("rr3k/6/6/5P/6/K5 w")
    moves = [a for a in start.legal_actions() if a.text != "offer-draw"]
    assert len(moves) == 5 and all(loses_at_once(start.play(a), "white") for a in moves)
    assert start.play("offer-draw").to_move == "white"
    first = row(Record.of(start, ["a1-b2"]))
    assert first["after"] <= -9000 and not first["allows_win"]


def test_the_engines_own_move_loses_nothing_and_labels_follow_the_thresholds():
    rules = Thresholds(scale=3.0, inaccuracy=0.05, mistake=0.10, blunder=0.15)
    assert [rules.label(x) for x in (0.0, 0.049, 0.05, 0.0999, 0.10, 0.15, 0.9)] == [
        "", "", "inaccuracy", "inaccuracy", "mistake", "blunder", "blunder"]
    start = load("cosmic").parse(COSMIC)
    best = AlphaBeta(depth=thresholds_for(load("cosmic")).depth, time_limit=None, seed=0).analyse(start).action.text
    r = row(Record.of(start, [best]))
    assert r["best"] == best and r["loss"] == 0.0 and r["label"] == ""


def _game(name, plies, seed=3):
    state = start = load(name).initial()
    agents, dice = [GreedyAgent(seed=seed), RandomAgent(seed=seed + 1)], Dice(seed)
    actions = []
    while state.outcome is None and len(actions) < plies:
        action, state = advance(state, agents[len(actions) % 2].choose, dice)
        actions.append(action)
    return Record.of(start, actions)


def test_a_review_is_the_same_twice_and_reads_no_clock(monkeypatch):
    record = _game("cosmic", 16)
    first = review(record).rows
    # A clock that jumps a minute at every read changes nothing.
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr(search.time, "perf_counter", lambda: float(next(ticks)))
    second = review(record).rows
    assert first == second
    assert len(first) == len(record.actions)
    assert [r["move"] for r in first] == record.actions


def test_the_review_is_a_table_with_one_row_a_move():
    record = _game("ccc", 8)
    frame = review(record).frame()
    assert list(frame.index) == list(range(1, 9))
    assert {"mover", "move", "best", "before", "after", "loss", "label"} <= set(frame.columns)
    assert set(frame["label"]) <= {"", "inaccuracy", "mistake", "blunder"}


def test_the_graph_draws_one_point_a_move():
    # The curve starts at the start (ply 0) and has a point after each of the twelve moves.
    r = review(_game("cosmic", 12))
    ax = r.plot()
    line = ax.lines[0]
    assert list(line.get_xdata()) == list(range(0, 13))
    assert all(0.0 <= y <= 1.0 for y in line.get_ydata())
    assert list(line.get_ydata())[1:] == r.advantage()
    assert line.get_ydata()[0] == squash(r.evaluations[0], r.thresholds.scale)
    # The even line, and the two sides' areas (White's light above it, Black's dark below).
    assert [c.get_label() for c in ax.collections[:2]] == ["White ahead", "Black ahead"]


def test_a_game_just_played_on_a_board_is_reviewed_in_one_call():
    board = BoardWidget(load("cosmic").initial(), opponent=AlphaBeta(depth=1, time_limit=None, seed=0))
    board.play("c2-d3")
    board.play(board.state.legal_actions()[0])
    assert len(board.history) == 4  # two moves each, the engine answering
    rows = review(board).rows
    assert [r["move"] for r in rows] == board.history
    assert rows == review(board.record()).rows


def test_a_board_reviews_its_own_game_and_marks_each_move_in_its_move_list():
    # b1-a1 walks the king onto the rook's file (a blunder: a4x* takes it);
    # a4x* ends the game and loses nothing: no mark.
    board = BoardWidget(load("cosmic").parse(COSMIC))
    board.play("b1-a1")
    board.play("a4x*")
    assert board.notes == []  # nothing reviewed yet
    r = board.review()
    assert board.notes == ["??", ""]
    assert board.notes == [{"blunder": "??", "mistake": "?", "inaccuracy": "?!", "": ""}[row["label"]]
                           for row in r.rows]
    # A new line from the start has no marks: they were about the old one.
    board.jump(0)
    board.play("b1-b2")
    assert board.moves == ["b1-b2"] and board.notes == []
    board.review()
    assert board.notes == [""]
    board.reset()
    assert board.notes == []


def test_a_board_marks_the_moves_of_a_game_played_against_an_engine():
    board = BoardWidget(load("cosmic").initial(), opponent=AlphaBeta(depth=1, time_limit=None, seed=0))
    board.play("c2-d3")
    r = board.review()
    assert len(board.notes) == len(board.history) == len(r.rows) == 2
    assert set(board.notes) <= {"", "?!", "?", "??"}
    assert board.notes == r.marks()


def test_the_review_board_keeps_board_graph_and_best_move_arrow_in_step():
    start = load("cosmic").parse(COSMIC)
    r = review(Record.of(start, ["b1-a1", "a4x*"]))
    shown = r.board()
    assert shown.board.cursor == 2 and shown.graph.cursor == 2
    assert shown.board.arrows == []  # the game is over: no best move
    assert shown.graph.marks == ["??", ""] and shown.graph.labels == ["blunder", ""]
    assert shown.board.notes == ["??", ""]  # the labels beside the board's own moves too
    shown.graph.cursor = 0  # a click on the start of the graph
    assert shown.board.cursor == 0
    best = r.rows[0]["best"]
    assert shown.board.arrows == [start.parse_action(best).cells()]
    shown.board.jump(1)  # a step on the board moves the graph's marker
    assert shown.graph.cursor == 1
    # The best move there, a4x*, clicks one cell (the king is taken off the
    # board): no arrow to draw.
    assert r.rows[1]["best"] == "a4x*" and shown.board.arrows == []
    assert repr(shown) == "ReviewBoard(cosmic, 1 move (2 actions))"


def test_the_review_board_saves_a_picture_of_its_board_beside_its_live_view():
    shown = review(Record.of(load("cosmic").parse(COSMIC), ["b1-a1", "a4x*"])).board()
    data, _ = shown._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    # The board as shown, after the black king is taken: the picture its board saves alone.
    assert data["text/html"].startswith('<img class="pb-picture"')
    assert data["text/html"] == shown.board.picture_html()
    assert shown.board.state.outcome is not None


def test_each_games_engine_says_how_its_moves_are_reviewed():
    # Scales are each evaluation's middling piece: a knight in Cosmic Chess, Cresnovian Chess
    # and Chess Wheel+ (3), a Runner in Kelasu (4.5), a Pyramid in CCC (5); Kelasu's turns are
    # several actions, so a win within two of the opponent's counts as "at once".
    assert thresholds_for(load("cosmic")) == Thresholds(scale=3.0, depth=3)
    assert thresholds_for(load("kelasu")) == Thresholds(scale=4.5, depth=2, reach=2)
    assert thresholds_for(load("cresnovian")) == Thresholds(scale=3.0, depth=2)
    assert thresholds_for(load("ccc")) == Thresholds(scale=5.0, depth=2)
    assert thresholds_for(load("wheel")) == Thresholds(scale=3.0, depth=2)


def test_a_review_counts_moves_as_players_do_and_shows_graph_and_marks_at_once():
    # White's b1-a1 and Black's a4x* are one numbered move of two actions.
    r = review(Record.of(load("cosmic").parse(COSMIC), ["b1-a1", "a4x*"]))
    assert r.numbers() == ["1.", ""]
    assert repr(r) == "Review(cosmic, 1 move (2 actions), 0 inaccuracies, 0 mistakes, 1 blunder)"
    shown = r._repr_html_()
    assert "1 move (2 actions)" in shown and "white: 1 blunder; black: no marked move" in shown
    assert shown.count('<img class="pb-picture"') == 1  # the graph, as a picture every viewer shows
    # The turn's number and both its moves share one row of the move list, the blunder marked.
    assert '<tr><td>1.</td><td>b1-a1<b style="color: #d55e00" title="blunder">??</b></td><td>a4x*</td></tr>' in shown
    # After b1-a1 Black takes the king with its next action: a loss one action away, in words.
    assert r.rows[0]["after"] == -9999.0 and "loses in 1 action after" in shown
    assert "9999" not in shown and "10000" not in shown


def test_scores_read_as_words_never_as_the_searchs_raw_numbers():
    from playbook.analysis.engines.agents import score_words

    assert score_words(0.34) == "+0.3" and score_words(-2.0) == "-2.0"
    assert score_words(-9999.0) == "loses in 1 action" and score_words(9997.0) == "wins in 3 actions"
    assert score_words(10000.0) == "won" and score_words(-10000.0) == "lost"


def test_a_review_of_a_game_played_as_black_is_shown_with_black_at_the_bottom():
    board = BoardWidget(load("cosmic").initial(), opponent=AlphaBeta(depth=1, time_limit=None, seed=0),
                        human="black")
    assert board.flipped and len(board.history) == 1  # the engine, White, moved first
    board.play(board.state.legal_actions()[0])
    r = board.review(depth=1)
    assert r.human == ("black",)
    assert r.board().board.flipped
    # A game played as White, or with nobody named, is shown from White's side.
    assert not review(board.record(), depth=1).board().board.flipped


def test_book_moves_are_marked_as_book_and_never_labelled():
    # b1-a1 lets the rook take the king at once: a blunder when a player chose it ...
    start = load("cosmic").parse("5k/6/r5/6/6/1K2R1 w")
    chosen = review(Record.of(start, ["b1-a1", "a4x*"])).rows[0]
    assert (chosen["label"], chosen["book"]) == ("blunder", False)
    # ... and no label at all when it was a random opening move that nobody chose.
    booked = review(Record.of(start, ["b1-a1", "a4x*"]), book=1).rows
    assert (booked[0]["label"], booked[0]["book"], booked[0]["allows_win"]) == ("", True, True)
    assert (booked[1]["book"], booked[1]["after"]) == (False, 10000.0)
    with pytest.raises(Exception, match="book counts actions"):
        review(Record.of(start, ["b1-a1"]), book=-1)


def test_a_selfplay_games_book_travels_to_its_review():
    from playbook.analysis import selfplay
    run = selfplay("cosmic", [RandomAgent, RandomAgent], games=1, book=4, max_plies=8, progress=False, seed=3)
    record = Record.from_json(run.records[0].to_json())  # saved and read back, as a game file is
    assert record.book == 4
    rows = review(record, depth=1).rows
    assert [row["book"] for row in rows] == [True] * 4 + [False] * (len(rows) - 4)
    assert all(row["label"] == "" for row in rows[:4])


def test_the_review_board_says_what_each_position_was_worth_in_words():
    r = review(Record.of(load("cosmic").parse(COSMIC), ["b1-a1", "a4x*"]))
    shown = r.board()
    best = r.rows[0]["best"]
    assert best != "b1-a1"
    # After b1-a1 the rook takes the king with Black's next action: lost in one for White, said for White.
    shown.show(1)
    assert shown.graph.comment == (f"1. b1-a1?? (white, a blunder): White loses in 1 action; "
                                   f"the engine would have played {best}.")
    # a4x* ends the game, and it is the engine's own choice: still said for White, the review's side.
    shown.show(2)
    assert shown.graph.comment == "1… a4x* (black): White lost."
    # The start: a rook each, and a search two actions deep ends with White to move: the tempo's +0.1.
    shown.show(0)
    assert shown.graph.comment == f"The start: White +0.1; the engine would play {best}."
    # The board's own evaluation line stays empty: the review speaks for it.
    assert shown.board.evaluation == ""


def test_each_position_has_one_evaluation_said_the_same_way_everywhere():
    # A game of six actions: the evaluation after each move is the one before the next, the
    # graph's points are those evaluations for White, and the board, the comment over the
    # graph and the review's own page say one number for each position.
    start = load("cosmic").initial()
    state, moves = start, []
    for _ in range(6):  # the middle action the game lists, each time
        actions = state.legal_actions()
        moves.append(actions[len(actions) // 2].text)
        state = state.play(moves[-1])
    record = Record.of(start, moves)
    r = review(record, depth=2)
    assert len(r.evaluations) == 7 and r.side == "white"
    for row, before, after in zip(r.rows, r.evaluations[:-1], r.evaluations[1:], strict=True):
        sign = 1 if row["mover"] == "white" else -1  # the rows count for the mover
        assert (row["before"], row["after"]) == (sign * before, sign * after)
    for earlier, later in zip(r.rows, r.rows[1:]):
        assert later["before"] == -earlier["after"]  # one position, one number, from the other side
    assert r.advantage() == [round(squash(e, r.thresholds.scale), 4) for e in r.evaluations[1:]]
    board = BoardWidget(start)
    for move in record.actions:
        board.play(move)
    board.review(depth=2)
    shown = r.board(show_evaluation=True)
    for index in range(len(r.evaluations)):
        words = f"White {score_words(r.evaluations[index])}"
        board.jump(index)
        shown.show(index)
        if index < len(r.evaluations) - 1 or board.state.outcome is None:
            assert board.evaluation == f"Evaluation: {words} (review)"
            assert shown.board.evaluation == board.evaluation
        assert words in shown.graph.comment


def test_the_evaluation_line_is_for_the_first_player_whoever_is_to_move():
    # Black to move with a knight against White's pawn: the evaluation, for White, is negative.
    board = BoardWidget(load("cosmic").parse("k4n/6/6/6/6/KP4 b"))
    # Material: White's pawn 1 + 0.5, Black's knight 3 + 0.5: -2.0; the tempo's tenth is Black's: -2.1.
    assert board.evaluation == "Evaluation for White: -2.1"


def test_the_graph_has_axes_a_zero_line_and_each_sides_advantage_shaded():
    from playbook.analysis.engines.review_graph import HEIGHT, WIDTH, graph_svg

    # White blunders (b1-a1), then Black takes the king: the curve falls below the even line and stays.
    r = review(Record.of(load("cosmic").parse(COSMIC), ["b1-a1", "a4x*"]))
    svg = graph_svg(r)
    # The plot runs from x 40 to 472 and from y 8 to 128; the even line (an expected score of one half)
    # lies halfway down it, at y 8 + 120 / 2 = 68.
    assert (WIDTH, HEIGHT) == (480, 150)
    assert '<line class="pb-rg-zero" x1="40" x2="472" y1="68.0" y2="68.0"/>' in svg
    assert '<polyline class="pb-rg-axis" fill="none" points="40,8 40,128 472,128"/>' in svg
    # The evaluations up the left: 0 on the even line and two scales (3 a scale in Cosmic Chess) either way.
    assert [t for t in ("+6", ">0<", "−6") if t in svg] == ["+6", ">0<", "−6"]
    # White's area above the line and Black's below: the curve starts at +0.1 for White (the start's
    # evaluation: 1 / (1 + e^(-0.1/3)) = 0.5083, y = 8 + 0.4917 * 120 = 67.0, just above the line) and
    # falls to White's loss (an expected score of 0, the plot's foot, y 128) at the first move (x 256).
    above = re.search(r'<polygon class="pb-rg-first" points="([^"]+)"', svg).group(1)
    below = re.search(r'<polygon class="pb-rg-second" points="([^"]+)"', svg).group(1)
    assert above.split()[:2] == ["40.0,68.0", "40.0,67.0"]
    assert below.split()[-3:] == ["256.0,128.0", "472.0,128.0", "472.0,68.0"]
    # One point a move, each selecting its move; the blunder larger and in its colour.
    dots = re.findall(r'<circle class="([^"]+)"( style="fill:#[0-9a-f]+")? cx="([\d.]+)" cy="([\d.]+)" r="(\d)" '
                      r'data-ply="(\d)"', svg)
    assert [(d[0], d[1], d[2], d[4], d[5]) for d in dots] == [
        ("pb-rg-dot pb-rg-marked", ' style="fill:#d55e00"', "256.0", "5", "1"),
        ("pb-rg-dot", "", "472.0", "3", "2")]
    # Every text is 12 pixels at the graph's width, which the live graph never goes under 440 pixels of:
    # 12 * 440 / 480 = 11.
    assert 'font-size="12"' in svg


def test_a_sealed_posts_digest_is_shown_cut_short_and_kept_whole_where_it_is_copied():
    # A Chess Wheel+ week: Ann seals (her post is a 64-digit commitment), Bob passes, Ann reveals (her salt
    # is 32 digits).  Shown, each is cut to twelve digits and an ellipsis; the rest stays in the text at no
    # size, the ellipsis cannot be selected, and the rows keep the whole texts.
    from playbook.analysis.engines.review_html import move_html
    from playbook.games.wheel import setup

    salt = "0123456789abcdef" * 2
    start = setup({"{Ann}e2": "Ann P", "{Bob}d2": "Bob P"})
    sealed = start.play(f"{{Ann}} seal {salt}: Pe2-e3")
    record = Record.of(start, [sealed.last_action, "{Bob} pass", f"{{Ann}} reveal {salt}: Pe2-e3"])
    r = review(record, depth=1)
    commit = r.rows[0]["move"]
    assert len(commit.split()[-1]) == 64 and r.rows[2]["move"] == f"{{Ann}} reveal {salt}: Pe2-e3"
    shown = move_html(commit)
    digest = commit.split()[-1]
    assert shown == (f'<span title="{commit}">{{Ann}} commit {digest[:12]}<span style="font-size: 0">'
                     f'{digest[12:]}</span><span style="user-select: none">…</span></span>')
    assert shown in r._repr_html_()
    # The comment over the live graph quotes it cut short too.
    board = r.board()
    board.show(1)
    assert f"{digest[:12]}…" in board.graph.comment and digest not in board.graph.comment
