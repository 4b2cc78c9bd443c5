"""Hot-seat play of Chess Wheel+ on the generic board widget: the curtain the
state asks for, private entry of orders, reveals with one click."""

from playbook import BoardWidget, load
from playbook.games.wheel import commitment, setup

GAME = load("wheel")
# Salts of one's own, long enough to hide the orders (at least MIN_SALT = 18 characters).
ANN_SALT, BOB_SALT = "k7q2Xw9Lm4Rt8Vb3Np6Z", "zz9Qe5Hc1Ty7Ug2Jd0Wa"


def send(widget, content):
    widget.messages.receive(widget, content, [])


def entry(*steps):
    out = []
    for s in steps:
        if s.startswith("!"):
            out.append({"kind": "choice", "value": s[1:]})
        elif s.startswith("="):
            out.append({"kind": "text", "value": s[1:]})
        else:
            out.append({"kind": "cell", "value": s})
    return out


def test_turn_games_never_ask_for_a_curtain():
    board = BoardWidget(load("cosmic"))
    assert board.curtain == "" and board.state.movers == ("white",)


def test_a_board_one_person_plays_shows_everything_without_a_curtain():
    # The curtain is for several people at one screen: a board made for
    # one (a solo exercise, study) opens on the board itself.
    board = BoardWidget(setup({"{Ann}e2": "Ann P", "{Bob}d2": "Bob P"}))
    assert board.state.curtain() and board.curtain == ""
    assert "<img" in board._repr_mimebundle_()[0]["text/html"]
    # Asked for later, the curtain comes down at once.
    board.hot_seat = True
    assert "Pass the device to Ann" in board.curtain


def test_hot_seat_week_orders_stay_private_until_revealed():
    board = BoardWidget(setup({"{Ann}e2": "Ann P", "{Bob}d2": "Bob P"}), hot_seat=True)
    assert "Pass the device to Ann" in board.curtain
    send(board, {"type": "action", "steps": entry("{Ann}e2", "{Ann}e3", "!seal", "=" + ANN_SALT), "position": board.position})
    digest = commitment(ANN_SALT, "Pe2-e3")
    assert board.history == ["{Ann} commit " + digest]
    # The next player sees a curtain naming them and Ann's commitment, and nothing of Ann's orders.
    assert "Pass the device to Bob" in board.curtain and digest[:12] in board.curtain
    assert "e2-e3" not in board.position and "e2-e3" not in "".join(board.moves)
    assert 'class="pb-mark-pending"' not in board.svg
    send(board, {"type": "action", "steps": entry("{Bob}d2", "{Bob}d3", "!seal", "=" + BOB_SALT), "position": board.position})
    # Resolve phase: reveals are public, so no curtain; one click reveals what was sealed here.
    assert board.state.phase == "resolve" and board.curtain == ""
    assert [s["value"] for s, _ in board.tree["o"]] == ["reveal", "withhold"]
    send(board, {"type": "action", "steps": entry("!reveal"), "position": board.position})
    assert board.history[-1] == f"{{Ann}} reveal {ANN_SALT}: Pe2-e3"
    assert 'class="pb-mark-pending"' in board.svg  # Ann's revealed order waits as a dashed arrow
    send(board, {"type": "action", "steps": entry("!reveal"), "position": board.position})
    state = board.state
    assert state.week == 2 and state.piece_at("{Ann}e3") == ("Ann", "P") and state.piece_at("{Bob}d3") == ("Bob", "P")
    assert 'class="pb-mark-arrow"' in board.svg  # the resolution's orders drawn as arrows


def test_a_failed_order_is_drawn_crossed_out():
    s = setup({"{Ann}a1": "Ann R", "{Bob}a1": "Bob R"})
    s = s.play("{Ann} commit " + commitment("a", "Ra1-a8")).play("{Bob} commit " + commitment("b", "Ra1-a8"))
    s = s.play("{Ann} reveal a: Ra1-a8").play("{Bob} reveal b: Ra1-a8")
    svg = s.svg()
    assert svg.count('class="pb-mark-failed"') >= 2 and 'class="pb-mark-arrow"' not in svg


def test_an_exercise_judges_sealed_orders_entered_on_its_board():
    from playbook.learn.tutorial import Exercise

    raid = setup({"e8": "Ann R", "{Ann}e1": "Ann K", "{Bob}e1": "Bob K"})
    ex = Exercise(raid, "Seal an order that takes Bob's king.",
                  check=lambda s, a: a.data[0] == "commit" and a.data[3] is not None and "e8-{Bob}e1" in a.data[3])
    assert not ex.check()
    send(ex.board, {"type": "action", "steps": entry("e8", "{Bob}e1", "!seal", "=" + ANN_SALT), "position": ex.board.position})
    assert ex.check().right
    assert not ex.check(ex.board.history[0]).right  # the text alone hides the orders


def test_no_evaluation_is_shown_for_a_player_without_a_board():
    # Three players and no board created yet: Ann, to move, has no position to judge.
    bare = load("wheel").initial(3)
    assert bare.to_move == "Ann" and bare.boards == ()
    assert BoardWidget(bare).evaluation == ""
    # Once every player has a board the evaluation is back.
    assert BoardWidget(load("wheel").initial(3, ready=True)).evaluation.startswith("Evaluation for Ann: ")
