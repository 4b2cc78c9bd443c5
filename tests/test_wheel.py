"""Chess Wheel+ rules, written from the rule source, one test per rule and
per clarification.  Resolution tests follow the DATC style: one small named
position per conflict, expected results worked out by hand."""

import datetime as dt

import pytest

from playbook import IllegalAction, NotationError, Step, load
from playbook.games.wheel import ChessWheel, Proposal, commitment, phase_of, play_orders, read_orders, setup
from playbook.games.wheel.entry import SEAL

GAME = load("wheel")


def cells(state, owner=None):
    return {c: f"{o} {k}" for c, o, k in state.pieces if owner in (None, o)}


def results(state):
    return {f"{p} {o}-{d}": code for p, o, d, code in state.results}


# ---------------------------------------------------------------- set-up


def test_players_option_takes_a_count_or_names():
    assert GAME.initial().players == ("Ann", "Bob")
    assert GAME.initial(5).players == ("Ann", "Bob", "Cyd", "Dee", "Eve")
    assert GAME.initial(["Trungle", "Zed", "Mo"]).players == ("Trungle", "Zed", "Mo")
    # Ready: every seat has created and populated a board, 16 pieces each.
    ready = GAME.initial(3, ready=True)
    assert ready.boards == ready.populated == ready.kings == ("Ann", "Bob", "Cyd") and len(ready.pieces) == 48
    for bad in (1, 9, ["Ann"], ["Ann", "Ann"], ["Ann", "two words"]):
        with pytest.raises(IllegalAction):
            GAME.initial(bad)


def test_start_has_no_boards_and_everyone_decides():
    s = GAME.initial(3)
    assert s.boards == () and s.pieces == ()
    assert s.movers == ("Ann", "Bob", "Cyd") and s.to_move == "Ann"


def test_creating_and_populating_are_actions_once_per_cycle():
    s = GAME.initial()
    with pytest.raises(IllegalAction, match="no standard board"):
        s.play("{Ann} populate")
    s = s.play("{Bob} create")  # any player may act, not only the one the step API enters for
    assert s.boards == ("Bob",)
    with pytest.raises(IllegalAction) as err:
        s.play("{Bob} create")
    assert err.value.rule == "standard board"
    s = s.play("{Bob} populate")
    with pytest.raises(IllegalAction, match="already populated"):
        s.play("{Bob} populate")


def test_populating_creates_the_standard_pieces():
    s = GAME.initial().play("{Ann} create").play("{Ann} populate")
    expected = {"{Ann}a1": "R", "{Ann}h1": "R", "{Ann}b1": "N", "{Ann}g1": "N", "{Ann}c1": "B", "{Ann}f1": "B",
                "{Ann}d1": "Q", "{Ann}e1": "K", **{"{Ann}" + f + "2": "P" for f in "abcdefgh"}}
    assert {c: k for c, o, k in s.pieces} == expected
    assert {o for _, o, _ in s.pieces} == {"Ann"}
    assert s.kings == ("Ann",)


def test_clarification_12_populating_skips_occupied_cells():
    # Bob's rook stands on Ann's e1 before Ann populates: Ann creates no King.
    s = GAME.initial().play("{Ann} create").play("{Bob} create")
    s = GAME.parse(s.to_text().replace("pieces:", "pieces: Bob R{Ann}e1"))
    s = s.play("{Ann} populate")
    assert s.piece_at("{Ann}e1") == ("Bob", "R")
    assert "Ann" not in s.kings and len(s.pieces) == 16


# ---------------------------------------------------------------- cells and pieces


def test_rank_8_is_shared_by_every_board():
    s = setup({"e8": "Ann R"}, players=("Ann", "Bob", "Cyd"))
    reach = set(s.targets("e8"))
    # Down the e-file of each of the three boards, and along rank 8 once.
    for board in ("Ann", "Bob", "Cyd"):
        assert {"{%s}e%d" % (board, r) for r in range(1, 8)} <= reach
    assert {f + "8" for f in "abcdfgh"} <= reach
    assert len(reach) == 3 * 7 + 7


def test_clarification_1_files_are_letters_and_ranks_numbers():
    s = setup({"{Ann}a1": "Ann R"})
    assert "{Ann}a2" in s.targets("{Ann}a1") and "{Ann}b1" in s.targets("{Ann}a1")
    with pytest.raises(NotationError):
        read_orders("Ra1-a2, 1a-2a", "Ann", s.players)  # rank-first cells are not read
    assert [o.destination for o in read_orders("Ra1-a2", "Ann", s.players)] == ["{Ann}a2"]


@pytest.mark.parametrize("kind, cell, expected", [
    # Worked out on an empty board by hand.
    ("P", "{Ann}e4", {"{Ann}e3", "{Ann}e5"}),
    ("B", "{Ann}c1", {"{Ann}d2", "{Ann}e3", "{Ann}f4", "{Ann}g5", "{Ann}h6", "{Ann}b2", "{Ann}a3"}),
    ("N", "{Ann}b1", {"{Ann}a3", "{Ann}c3", "{Ann}d2"}),
    ("K", "{Ann}e1", {"{Ann}d1", "{Ann}f1", "{Ann}d2", "{Ann}e2", "{Ann}f2"}),
    ("R", "{Ann}a1", {"{Ann}a%d" % r for r in range(2, 8)} | {"a8"} | {"{Ann}%s1" % f for f in "bcdefgh"}),
    ("Q", "{Ann}d1", {"{Ann}d%d" % r for r in range(2, 8)} | {"d8"} | {"{Ann}%s1" % f for f in "abcefgh"}
     | {"{Ann}c2", "{Ann}b3", "{Ann}a4", "{Ann}e2", "{Ann}f3", "{Ann}g4", "{Ann}h5"}),
    ("K", "e8", {"d8", "f8", "{Ann}d7", "{Ann}e7", "{Ann}f7", "{Bob}d7", "{Bob}e7", "{Bob}f7"}),
])
def test_each_piece_moves_as_the_source_gives_it(kind, cell, expected):
    s = setup({cell: "Ann " + kind})
    assert set(s.targets(cell)) == expected


def test_clarification_5_pawns_move_one_rank_either_way_in_their_file():
    s = setup({"{Ann}e4": "Ann P", "{Ann}d5": "Bob P"})
    assert set(s.targets("{Ann}e4")) == {"{Ann}e3", "{Ann}e5"}  # no diagonal capture of d5


def test_clarification_2_knight_stays_on_one_board():
    s = setup({"{Ann}e7": "Ann N"}, players=("Ann", "Bob"))
    assert set(s.targets("{Ann}e7")) == {"c8", "g8", "{Ann}c6", "{Ann}g6", "{Ann}d5", "{Ann}f5"}
    s = setup({"e8": "Ann N"})
    assert set(s.targets("e8")) == {"{Ann}d6", "{Ann}f6", "{Ann}c7", "{Ann}g7", "{Bob}d6", "{Bob}f6", "{Bob}c7", "{Bob}g7"}
    across = setup({"{Ann}e7": "Ann N"}, players=("Ann", "Bob"), game=ChessWheel(knight_across=True))
    assert set(across.targets("{Ann}e7")) == {"c8", "g8", "{Ann}c6", "{Ann}g6", "{Ann}d5", "{Ann}f5",
                                              "{Bob}d7", "{Bob}f7"}
    moved = play_orders(across, {"Ann": "Ne7-{Bob}f7"})
    assert cells(moved) == {"{Bob}f7": "Ann N"}


def test_clarification_3_lines_are_blocked_and_the_option_lifts_it():
    pieces = {"{Ann}a1": "Ann R", "{Ann}a3": "Bob P"}
    assert set(setup(pieces).targets("{Ann}a1")) >= {"{Ann}a2", "{Ann}a3"}
    assert "{Ann}a4" not in setup(pieces).targets("{Ann}a1")
    assert "{Ann}a4" in setup(pieces, game=ChessWheel(blocking=False)).targets("{Ann}a1")


def test_clarification_4_a_piece_never_takes_its_own():
    s = play_orders(setup({"{Ann}a1": "Ann R", "{Ann}a3": "Ann P"}), {"Ann": "Ra1-a3"})
    assert results(s) == {"Ann {Ann}a1-{Ann}a3": "own-piece"}
    assert s.piece_at("{Ann}a3") == ("Ann", "P")


# ---------------------------------------------------------------- orders, hashing, phases


def test_commitment_is_sha256_of_salt_colon_orders():
    import hashlib

    assert commitment("k7q2", "Pe2-e3") == hashlib.sha256(b"k7q2: Pe2-e3").hexdigest()


def test_clarification_10_a_forged_reveal_is_refused_and_changes_nothing():
    s = setup({"{Ann}e2": "Ann P", "{Bob}e2": "Bob P"})
    s = s.play("{Ann} commit " + commitment("k7q2", "Pe2-e3")).play("{Bob} pass")
    assert s.phase == "resolve"
    before = s.to_text()
    for forged in ("k7q2: Pe2-e1", "k7q3: Pe2-e3", "k7q2:  Pe2-e3", "k7q2: Pe2-e3, Pe2-e1"):
        with pytest.raises(IllegalAction) as err:
            s.play("{Ann} reveal " + forged)
        assert "commitment" in err.value.rule
    assert s.to_text() == before
    assert s.play("{Ann} reveal k7q2: Pe2-e3").piece_at("{Ann}e3") == ("Ann", "P")


def test_clarification_10_spaces_around_a_reveal_are_not_part_of_it():
    # The commitment is the hash of "k7q2: Pe2-e3"; spaces around the reveal are dropped,
    # a second space after the colon is a different text.
    s = setup({"{Ann}e2": "Ann P"}).play("{Ann} commit " + commitment("k7q2", "Pe2-e3")).play("{Bob} pass")
    assert s.play("{Ann} reveal   k7q2: Pe2-e3  ").piece_at("{Ann}e3") == ("Ann", "P")
    with pytest.raises(IllegalAction, match="does not match"):
        s.play("{Ann} reveal k7q2:  Pe2-e3")


def test_orders_beyond_the_movement_power_are_refused_at_reveal():
    s = setup({"{Ann}e2": "Ann P"})
    four = "Pe2-e3, Pe2-e1, a1-a2, b1-b2"
    s = s.play("{Ann} commit " + commitment("s", four)).play("{Bob} pass")
    with pytest.raises(IllegalAction) as err:
        s.play("{Ann} reveal s: " + four)
    assert err.value.rule == "movement power"


def test_clarification_9_impossible_orders_cost_one_and_fail():
    s = setup({"{Ann}e2": "Ann P", "{Bob}e2": "Bob P"})
    s = play_orders(s, {"Ann": "Pe2-e5, Nb1-c3, P{Bob}e2-{Bob}e3"})
    assert results(s) == {"Ann {Ann}e2-{Ann}e5": "out-of-range", "Ann {Ann}b1-{Ann}c3": "no-piece",
                          "Ann {Bob}e2-{Bob}e3": "no-piece"}
    assert cells(s) == {"{Ann}e2": "Ann P", "{Bob}e2": "Bob P"}


@pytest.mark.parametrize("letter, destination", [("K", "e5"), ("Q", "h8"), ("R", "a4"), ("B", "b2"), ("N", "f5"),
                                                 ("P", "d3")])
def test_an_order_names_its_piece_by_letter_and_another_letter_fails(letter, destination):
    # K king, Q queen, R rook, B bishop, N knight, P pawn: each piece on d4 of
    # Ann's empty board reaches its destination by hand (h8 is on the queen's
    # diagonal d4-e5-f6-g7-h8, f5 is a knight's jump, d3 a pawn's step back).
    wrong = "N" if letter != "N" else "B"
    moved = play_orders(setup({"{Ann}d4": f"Ann {letter}"}), {"Ann": f"{letter}d4-{destination}"})
    assert cells(moved, "Ann") == {("" if destination.endswith("8") else "{Ann}") + destination: f"Ann {letter}"}
    refused = play_orders(setup({"{Ann}d4": f"Ann {letter}"}), {"Ann": f"{wrong}d4-{destination}"})
    assert set(results(refused).values()) == {"wrong-piece"} and cells(refused) == {"{Ann}d4": f"Ann {letter}"}


def test_clarification_9_a_piece_ordered_twice_fails_both_times():
    s = play_orders(setup({"{Ann}e2": "Ann P"}), {"Ann": "e2-e3, e2-e1"})
    assert set(results(s).values()) == {"twice"}


def test_clarification_11_the_last_commitment_counts():
    s = setup({"{Ann}e2": "Ann P"})
    s = s.play("{Ann} commit " + commitment("a", "e2-e3")).play("{Ann} commit " + commitment("b", "e2-e1"))
    s = s.play("{Bob} pass")
    with pytest.raises(IllegalAction):
        s.play("{Ann} reveal a: e2-e3")
    s = s.play("{Ann} reveal b: e2-e1")
    assert s.phase == "move" and s.piece_at("{Ann}e1") == ("Ann", "P")


def test_clarification_11_every_move_phase_has_the_full_power():
    # Power 3: three orders in week 1 spend it all, and week 2 again takes three orders
    # (nothing is carried over), but not four.
    s = setup({"{Ann}a2": "Ann P", "{Ann}b2": "Ann P", "{Ann}c2": "Ann P", "{Ann}d2": "Ann P"})
    s = play_orders(s, {"Ann": "Pa2-a3, Pb2-b3, Pc2-c3"})
    assert s.week == 2 and s.power == 3 and results(s) == {
        "Ann {Ann}a2-{Ann}a3": "ok", "Ann {Ann}b2-{Ann}b3": "ok", "Ann {Ann}c2-{Ann}c3": "ok"}
    s = play_orders(s, {"Ann": "Pa3-a4, Pb3-b4, Pd2-d3"})
    assert s.week == 3 and set(results(s).values()) == {"ok"}
    with pytest.raises(IllegalAction, match="4 orders cost 4 movement power; Ann has 3"):
        play_orders(s, {"Ann": "Pa4-a5, Pb4-b5, Pc3-c4, Pd3-d4"})


def test_clarification_10_committed_but_never_revealed_gives_no_orders():
    s = setup({"{Ann}e2": "Ann P", "{Bob}e2": "Bob P"})
    s = s.play("{Ann} commit " + commitment("a", "e2-e3")).play("{Bob} commit " + commitment("b", "e2-e3"))
    s = s.play("{Ann} reveal a: e2-e3").play("end phase")
    assert s.week == 2 and s.piece_at("{Bob}e2") == ("Bob", "P") and s.piece_at("{Ann}e3") == ("Ann", "P")


def test_orders_typed_in_the_open_are_sealed_like_clicked_ones():
    # "{Ann} seal <salt>: <orders>" is the commitment to "<salt>: <orders>"
    # (SHA-256 of that text, worked out with hashlib below), and the position
    # keeps the text for Ann's reveal as it does for orders entered by clicks.
    import hashlib

    salt = "Xq7mV2pL9tR4wZ8kB3nC"  # 20 characters: long enough (clarification 10)
    s = setup({"e8": "Ann R", "{Bob}e5": "Bob P"}).play("{Bob} pass")
    typed = s.parse_action(f"{{Ann}} seal {salt}: Re8-{{Bob}}e5")
    digest = hashlib.sha256(f"{salt}: Re8-{{Bob}}e5".encode()).hexdigest()
    assert typed.text == "{Ann} commit " + digest
    clicked = s.action_from_steps(typed.steps)
    assert [step.value for step in typed.steps] == ["e8", "{Bob}e5", "seal", salt] and clicked == typed
    sealed = s.play(typed)
    assert sealed.secret("Ann") == f"{salt}: Re8-{{Bob}}e5"
    assert [a.text for a in sealed.legal_actions()] == [f"{{Ann}} reveal {salt}: Re8-{{Bob}}e5", "{Ann} withhold"]
    # Orders the board would write differently (no piece letter) seal their own text, with no clicks.
    bare = s.parse_action(f"{{Ann}} seal {salt}: e8-{{Bob}}e5")
    assert bare.steps == ()
    assert bare.text == "{Ann} commit " + hashlib.sha256(f"{salt}: e8-{{Bob}}e5".encode()).hexdigest()
    with pytest.raises(NotationError):
        s.parse_action("{Ann} seal Re8-{Bob}e5")  # no salt
    with pytest.raises(IllegalAction):
        sealed.play(f"{{Bob}} seal {salt}: e2-e3")  # the move phase is over


def test_clarification_23_a_seal_posted_as_a_message_is_refused():
    from playbook.games.wheel import replay

    states, report = replay(GAME, "2026-11-23 Ann: create\n2026-11-24 Ann: seal s: e2-e3", ["Ann", "Bob"])
    assert report[1].endswith("refused: a post is public, so orders are sealed by posting 'commit <hash>'")
    assert states[-1].commitments == ()


def test_phases_order_the_verbs():
    s = setup({"{Ann}e2": "Ann P"})
    with pytest.raises(IllegalAction) as err:
        s.play("{Ann} reveal a: e2-e3")
    assert err.value.rule == "phases"
    s = s.play("{Ann} commit " + commitment("a", "e2-e3")).play("{Bob} pass")
    with pytest.raises(IllegalAction):
        s.play("{Bob} commit " + commitment("a", ""))
    with pytest.raises(IllegalAction):
        s.play("{Bob} reveal a:")  # Bob committed nothing


def test_clarification_14_public_text_hides_sealed_orders():
    from playbook import Step

    s = setup({"{Ann}e2": "Ann P", "{Bob}e2": "Bob P"})
    salt = "k7q2Wm9Xv4Lt8Rb3Np6Z"  # a salt of one's own: at least 18 characters (clarification 10)
    steps = [Step.cell("{Ann}e2"), Step.cell("{Ann}e3"), Step.choice("seal"), Step.text(salt)]
    action = s.action_from_steps(steps)
    assert action.text == "{Ann} commit " + commitment(salt, "Pe2-e3")
    after = s.play(action)
    assert "e2-e3" not in after.to_text() and salt not in after.to_text()
    assert after.secret("Ann") == salt + ": Pe2-e3" and after.secret("Bob") is None
    assert not [m for m in after.view().marks if m.kind == "pending"]
    assert [m.cells for m in after.view("Ann").marks if m.kind == "pending"] == [("{Ann}e2", "{Ann}e3")]
    loaded = GAME.parse(after.to_text())
    assert loaded == after and loaded.secret("Ann") is None
    assert loaded.remember("Ann", salt + ": Pe2-e3").secret("Ann") == salt + ": Pe2-e3"
    with pytest.raises(IllegalAction):
        loaded.remember("Ann", salt + ": Pe2-e4")
    # Bob passes; the state that sealed Ann's orders reveals them in one step.
    resolve = after.play("{Bob} pass")
    assert [str(a) for a in resolve.legal_actions()] == [f"{{Ann}} reveal {salt}: Pe2-e3", "{Ann} withhold"]


# ---------------------------------------------------------------- sealed orders stay secret


def salt_of(action) -> str:
    """The salt of a commitment whose text the action carries."""
    return action.data[3].split(":", 1)[0]


def assert_unguessable(salts):
    # Every salt is new, and 32 hex digits: 128 random bits.
    assert len(set(salts)) == len(salts)
    for salt in salts:
        assert len(salt) == 32 and int(salt, 16) >= 0


def test_every_salt_the_program_makes_comes_from_secrets(monkeypatch):
    import secrets

    from playbook.games.wheel.orders import new_salt

    assert_unguessable([new_salt() for _ in range(50)])
    # The salt is drawn by ``secrets`` (patched here to a marker to show where it comes from).
    monkeypatch.setattr(secrets, "token_hex", lambda n: "5" * (2 * n))
    s = setup({"{Ann}e2": "Ann P", "{Bob}e2": "Bob P"})
    assert salt_of(s.action_from_steps([Step.cell("{Ann}e2"), Step.cell("{Ann}e3"), SEAL])) == "5" * 32


def test_the_seal_step_makes_the_salt_so_nobody_invents_one():
    s = setup({"{Ann}e2": "Ann P", "{Bob}e2": "Bob P"})
    clicks = [Step.cell("{Ann}e2"), Step.cell("{Ann}e3"), SEAL]
    options = s.next_steps(clicks)
    assert options.complete and options.options == ()
    sealed = [s.action_from_steps(clicks) for _ in range(5)]
    assert_unguessable([salt_of(a) for a in sealed])
    for action in sealed:
        assert action.data[3] == salt_of(action) + ": Pe2-e3"
        assert action.text == "{Ann} commit " + commitment(salt_of(action), "Pe2-e3")
        # The salt drawn is the entry's last step, so its own steps enter the same action.
        assert action.steps[-1].value == salt_of(action) and s.action_from_steps(action.steps) == action
    # A salt of one's own is still taken, when long enough (clarification 10).
    own = "q8Zr2-Lw5Tx9Mv3Kb7P"
    assert s.action_from_steps(clicks + [Step.text(own)]).text == "{Ann} commit " + commitment(own, "Pe2-e3")


def test_a_short_salt_gives_the_orders_away():
    # Why clarification 10 refuses short salts of one's own: from the public commitment
    # alone, hashing every order of Ann's pawn and knight with every one-letter salt (64
    # letters, digits, '-' and '_') finds the orders.
    import string

    s = setup({"{Ann}e2": "Ann P", "{Ann}g1": "Ann N", "{Bob}e1": "Bob K"})
    public = s.play("{Ann} commit " + commitment("k", "Ng1-f3")).commitment_of("Ann")
    letters = string.ascii_letters + string.digits + "-_"
    orders = [f"{s.piece_at(c)[1]}{c[-2:]}-{t[-2:]}" for c in s.movable("Ann") for t in s.targets(c)]
    found = [(salt, o) for salt in letters for o in orders if commitment(salt, o) == public]
    assert len(letters) == 64 and len(orders) == 5 and found == [("k", "Ng1-f3")]  # 2 pawn + 3 knight orders


def test_clarification_10_a_salt_too_short_to_hide_the_orders_is_refused():
    # The bound, worked out from clarification 10's figures: 10^12 hashes a second for a
    # week, at most one chance in 1,000, needs 6.05e20 salts (69 bits); 4 bits a character.
    import math

    from playbook.games.wheel.orders import MIN_SALT

    assert math.ceil(math.log2(10**12 * 7 * 24 * 3600 * 1000) / 4) == MIN_SALT == 18
    s = setup({"{Ann}e2": "Ann P", "{Bob}e2": "Bob P"})
    clicks = [Step.cell("{Ann}e2"), Step.cell("{Ann}e3"), SEAL]
    for short in ("s", "k7q2", "x" * 17):
        for enter, given in ((s.next_steps, clicks + [Step.text(short)]),
                             (s.action_from_steps, clicks + [Step.text(short)]),
                             (s.play, f"{{Ann}} seal {short}: Pe2-e3")):
            with pytest.raises(IllegalAction, match="type at least 18 random letters or digits") as err:
                enter(given)
            assert err.value.rule.startswith("hidden orders")
    assert s.play(s.parse_action(f"{{Ann}} seal {'x' * 18}: Pe2-e3")).secret("Ann") == "x" * 18 + ": Pe2-e3"
    # What the program makes is long enough, and so is a reveal of any salt a player committed
    # to elsewhere (the commitment is public already: refusing its reveal would hide nothing).
    assert s.play(s.action_from_steps(clicks)).secret("Ann") is not None
    posted = s.play("{Ann} commit " + commitment("s", "Pe2-e3")).play("{Bob} pass")
    assert posted.play("{Ann} reveal s: Pe2-e3").piece_at("{Ann}e3") == ("Ann", "P")  # revealed and carried out


@pytest.mark.parametrize("make", ["random", "greedy", "alphabeta", "mcts"])
def test_every_player_program_seals_with_a_fresh_unguessable_salt(make):
    from playbook.analysis import MCTS, AlphaBeta, GreedyAgent, RandomAgent

    engines = {"random": lambda: RandomAgent(seed=3, avoid=("pass",)), "greedy": lambda: GreedyAgent(seed=1),
               "alphabeta": lambda: AlphaBeta(depth=1, time_limit=None),
               "mcts": lambda: MCTS(iterations=30, time_limit=None, seed=1)}
    s = setup({"{Ann}a1": "Ann R", "{Ann}e1": "Ann K", "{Bob}a7": "Bob K", "{Bob}h2": "Bob P"})
    chosen = []
    for _ in range(4):
        action = engines[make]().choose(s)  # the same engine, same seed, same position
        assert action.data[0] == "commit"
        chosen.append(action)
        after = s.play(action)
        body = action.data[3]
        assert body not in after.to_text() and after.last_action.cells() == []
    assert_unguessable([salt_of(a) for a in chosen])


def test_an_engine_varies_its_orders_in_a_recurring_position_whatever_the_salts():
    # The same pieces a week later: the engine that ordered Ra1-a8 last time orders something
    # else (within its margin), though its sealed texts never share a salt.
    from dataclasses import replace

    from playbook.analysis import AlphaBeta

    engine = AlphaBeta(depth=1, time_limit=None)
    s = setup({"{Ann}a1": "Ann R", "{Ann}e1": "Ann K", "{Bob}a7": "Bob K", "{Bob}h2": "Bob P"})
    first = engine.choose(s).data[3].split(": ", 1)[1]
    again = engine.choose(replace(s, week=2)).data[3].split(": ", 1)[1]
    assert first != again


def test_a_record_holds_no_sealed_orders_before_their_reveal_and_replays_exactly():
    from playbook import Record

    start = setup({"{Ann}e2": "Ann P", "{Bob}e2": "Bob P"})
    salt = "3f1c9a0e5b7d24c68e1fa09b3c5d7e21"
    record = Record.of(start, ["{Ann} seal " + salt + ": Pe2-e3"])
    text = record.to_json()
    assert "Pe2-e3" not in text and salt not in text and "seal" not in text
    assert record.actions == ["{Ann} commit " + commitment(salt, "Pe2-e3")]
    assert Record.from_json(text).final() == start.play("{Ann} seal " + salt + ": Pe2-e3")
    # Through the reveal the record replays the whole week exactly.
    week = ["{Ann} seal " + salt + ": Pe2-e3", "{Bob} pass", "{Ann} reveal " + salt + ": Pe2-e3"]
    played = Record.from_json(Record.of(start, week).to_json()).final()
    assert played == start.play(week[0]).play(week[1]).play(week[2]) and played.piece_at("{Ann}e3") == ("Ann", "P")
    # A board's record and its synced state (moves, trail of last moves) hold only the hash.
    from playbook import BoardWidget

    board = BoardWidget(start)
    board.play("{Ann} seal " + salt + ": Pe2-e3")
    assert board.moves == ["{Ann} commit " + commitment(salt, "Pe2-e3")]
    assert board.trail == [[]] and "Pe2-e3" not in board.record().to_json()


def test_a_report_of_messages_repeats_no_sealed_orders():
    from playbook.games.wheel import replay

    _, report = replay(GAME, "2026-11-23 Ann: create\n2026-11-24 Ann: seal k7q2: e2-e3", ["Ann", "Bob"])
    assert "e2-e3" not in report[1] and "k7q2" not in report[1]


# ---------------------------------------------------------------- resolution, DATC style


def test_datc_bounce_two_moves_into_one_cell_both_fail():
    s = setup({"{Ann}a1": "Ann R", "{Bob}a1": "Bob R"})
    s = play_orders(s, {"Ann": "Ra1-a8", "Bob": "Ra1-a8"})
    assert set(results(s).values()) == {"bounce"}
    assert cells(s) == {"{Ann}a1": "Ann R", "{Bob}a1": "Bob R"}


def test_clarification_6_literal_reading_destroys_everything_in_the_cell():
    game = ChessWheel(collision="destroy")
    s = setup({"{Ann}a1": "Ann R", "{Bob}a1": "Bob R", "a8": "Cyd N"}, players=("Ann", "Bob", "Cyd"), game=game)
    s = play_orders(s, {"Ann": "Ra1-a8", "Bob": "Ra1-a8"})
    assert set(results(s).values()) == {"destroyed"}
    assert cells(s) == {}


def test_datc_head_to_head_both_fail():
    s = setup({"e8": "Ann R", "{Bob}e5": "Bob R"})
    s = play_orders(s, {"Ann": "e8-{Bob}e5", "Bob": "e5-e8"})
    assert set(results(s).values()) == {"head-to-head"}
    assert cells(s) == {"e8": "Ann R", "{Bob}e5": "Bob R"}


def test_clarification_7_literal_reading_swaps_head_to_head():
    s = setup({"e8": "Ann R", "{Bob}e5": "Bob R"}, game=ChessWheel(collision="destroy"))
    s = play_orders(s, {"Ann": "e8-{Bob}e5", "Bob": "e5-e8"})
    assert cells(s) == {"{Bob}e5": "Ann R", "e8": "Bob R"}


def test_datc_three_pieces_moving_in_a_circle_all_succeed():
    s = setup({"{Ann}a1": "Ann R", "{Ann}a3": "Ann Q", "{Ann}c3": "Ann B"})
    s = play_orders(s, {"Ann": "Ra1-a3, Qa3-c3, Bc3-a1"})
    assert set(results(s).values()) == {"ok"}
    assert cells(s) == {"{Ann}a3": "Ann R", "{Ann}c3": "Ann Q", "{Ann}a1": "Ann B"}


def test_datc_chain_into_cells_being_vacated_succeeds():
    s = setup({"{Ann}a1": "Ann R", "{Ann}a3": "Ann P", "{Ann}a4": "Ann P"})
    s = play_orders(s, {"Ann": "Ra1-a3, Pa3-a4, Pa4-a5"})
    assert set(results(s).values()) == {"ok"}
    assert cells(s) == {"{Ann}a3": "Ann R", "{Ann}a4": "Ann P", "{Ann}a5": "Ann P"}


def test_clarification_8_datc_move_into_a_cell_vacated_by_a_failing_move_fails_against_own_piece():
    # Ann's pawn bounces with Bob's rook on e4, so Ann's rook cannot enter e3.
    s = setup({"{Ann}e3": "Ann P", "{Ann}e1": "Ann R", "e8": "Bob R"})
    s = play_orders(s, {"Ann": "Pe3-e4, Re1-e3", "Bob": "Re8-{Ann}e4"})
    assert results(s) == {"Ann {Ann}e3-{Ann}e4": "bounce", "Ann {Ann}e1-{Ann}e3": "own-piece",
                          "Bob e8-{Ann}e4": "bounce"}
    assert cells(s) == {"{Ann}e3": "Ann P", "{Ann}e1": "Ann R", "e8": "Bob R"}


def test_datc_enemy_whose_move_fails_is_taken_where_it_stands():
    s = setup({"{Ann}e1": "Ann R", "{Ann}h4": "Ann R", "{Ann}e3": "Bob P"})
    s = play_orders(s, {"Ann": "Re1-e3, Rh4-e4", "Bob": "P{Ann}e3-{Ann}e4"})
    assert results(s)["Ann {Ann}e1-{Ann}e3"] == "ok"
    assert cells(s) == {"{Ann}e3": "Ann R", "{Ann}h4": "Ann R"}


def test_clarification_8_datc_capture_of_a_piece_that_moved_away_just_moves():
    s = setup({"{Ann}e1": "Ann R", "{Ann}e5": "Bob P"})
    s = play_orders(s, {"Ann": "Re1-e5", "Bob": "P{Ann}e5-{Ann}e6"})
    assert set(results(s).values()) == {"ok"}
    assert cells(s) == {"{Ann}e5": "Ann R", "{Ann}e6": "Bob P"}


def test_datc_capture_of_a_piece_that_stays():
    s = play_orders(setup({"{Ann}e1": "Ann R", "{Ann}e5": "Bob P"}), {"Ann": "Re1-e5"})
    assert cells(s) == {"{Ann}e5": "Ann R"}


def test_datc_blocking_is_judged_before_anything_moves():
    # The pawn leaves a3 this week, but the rook's line was blocked at the start.
    s = setup({"{Ann}a1": "Ann R", "{Ann}a3": "Ann P"})
    s = play_orders(s, {"Ann": "Ra1-a5, Pa3-a4"})
    assert results(s) == {"Ann {Ann}a1-{Ann}a5": "out-of-range", "Ann {Ann}a3-{Ann}a4": "ok"}


def test_datc_piece_on_shared_rank_moves_onto_another_board():
    s = play_orders(setup({"d8": "Ann Q"}), {"Ann": "Qd8-{Bob}d2"})
    assert cells(s) == {"{Bob}d2": "Ann Q"}


# ---------------------------------------------------------------- winning


def test_clarification_13_only_king_owner_wins():
    s = setup({"{Ann}e1": "Ann K", "{Bob}e1": "Bob K", "e8": "Ann R"})
    assert s.outcome is None
    s = play_orders(s, {"Ann": "Re8-{Bob}e1"})
    assert s.outcome.winners == ("Ann",)
    with pytest.raises(IllegalAction):
        s.play("{Bob} pass")


def test_clarification_13_win_waits_until_several_players_created_a_king():
    s = setup({"{Ann}e1": "Ann K", "{Bob}e2": "Bob P"})
    assert s.kings == ("Ann",) and s.outcome is None


def test_clarification_13_no_king_left_is_a_draw():
    game = ChessWheel(collision="destroy")
    s = setup({"{Ann}e7": "Ann K", "{Bob}e7": "Bob K"}, game=game)
    s = play_orders(s, {"Ann": "Ke7-e8", "Bob": "Ke7-e8"})
    assert s.outcome is not None and s.outcome.draw


# ---------------------------------------------------------------- positions


@pytest.mark.parametrize("change, field", [
    (("players: Ann Bob", "players: Ann"), "players"),
    (("phase: move", "phase: fight"), "phase"),
    (("pieces: Ann Ke1", "pieces: Ann Ke1 Kd1"), "pieces"),
    (("pieces: Ann Ke1", "pieces: Ann Ke1 P{Cyd}e2"), "pieces"),
    (("pieces: Ann Ke1", "pieces: Ann Ke1 Xd1"), "pieces"),
    (("kings: Ann", "kings: Ann Zed"), "kings"),
    (("commitments:", "commitments: Ann 1234"), "commitments"),
    (("week: 1", "week: 0"), "week"),
    (("passed:", "passed: Ann Bob"), "commitments"),
])
def test_parse_refuses_impossible_positions_naming_the_field(change, field):
    text = setup({"{Ann}e1": "Ann K"}).to_text()
    assert change[0] in text
    with pytest.raises(NotationError, match=f"field '{field}'"):
        GAME.parse(text.replace(*change))


def test_action_texts_are_checked():
    s = setup({"{Ann}e2": "Ann P"})
    with pytest.raises(IllegalAction) as err:
        s.play("{Zed} pass")
    assert err.value.rule == "players"
    with pytest.raises(NotationError):
        s.play("{Ann} commit 12ab")
    with pytest.raises(NotationError):
        s.play("{Ann} fly")


# ---------------------------------------------------------------- calendar and proposals


def test_the_weekly_schedule():
    monday = dt.date(2026, 11, 23)
    assert monday.weekday() == 0
    assert [phase_of(monday + dt.timedelta(days=k)) for k in range(7)] == ["move"] * 3 + ["resolve"] * 3 + ["replenish"]


@pytest.mark.parametrize("submitted, start", [
    (dt.datetime(2026, 11, 24, 12), dt.date(2026, 11, 26)),  # Tuesday (move) -> Thursday to Saturday
    (dt.datetime(2026, 11, 27, 12), dt.date(2026, 11, 30)),  # Friday (resolve) -> next Monday to Wednesday
    (dt.datetime(2026, 11, 29, 12), dt.date(2026, 11, 30)),  # clarification 15: Sunday -> next move phase
])
def test_voting_period_of_a_standard_proposal(submitted, start):
    period = Proposal("Power 4", submitted, ("Ann", "Bob")).voting_period()
    assert period == (start, start + dt.timedelta(days=2))


def test_clarification_15_votes_last_one_counts_and_popular_needs_more_for():
    p = Proposal("Power 4", dt.datetime(2026, 11, 24, 12), ("Ann", "Bob"))
    with pytest.raises(IllegalAction):
        p.vote("Ann", True, dt.date(2026, 11, 25))  # before the voting period
    p = p.vote("Ann", True, dt.date(2026, 11, 26)).vote("Bob", False, dt.date(2026, 11, 26))
    assert not p.popular  # a tie is not popular
    p = p.vote("Bob", True, dt.date(2026, 11, 28))
    assert p.popular and (p.in_favour, p.against) == (2, 0)
    assert p.status(dt.date(2026, 11, 29)) == "popular (2 for, 0 against)"


def test_clarification_15_the_games_players_vote_and_nobody_else():
    # Submitted on a Tuesday (move phase): votes are cast Thursday 26 to Saturday 28.
    p = Proposal("Power 4", dt.datetime(2026, 11, 24, 12), ("Ann", "Bob", "Cyd"))
    assert p.voting_period() == (dt.date(2026, 11, 26), dt.date(2026, 11, 28))
    with pytest.raises(IllegalAction, match="not a player"):
        p.vote("Dan", True, dt.date(2026, 11, 26))
    with pytest.raises(IllegalAction, match="voting period|cast from"):
        p.vote("Cyd", True, dt.date(2026, 11, 29))  # Sunday: the period is over
    p = p.vote("Ann", True, dt.date(2026, 11, 26)).vote("Bob", True, dt.date(2026, 11, 27))
    p = p.vote("Cyd", False, dt.date(2026, 11, 28))
    assert (p.in_favour, p.against) == (2, 1) and p.popular


# ---------------------------------------------------------------- input refused, naming the field


@pytest.mark.parametrize("power", [-1, -3, 2.5, True, "3", None])
def test_a_movement_power_that_is_not_a_whole_number_from_0_is_refused(power):
    for make in (lambda: GAME.initial(power=power), lambda: setup({}, power=power)):
        with pytest.raises(IllegalAction, match="^power: ") as err:
            make()
        assert err.value.rule == "movement power"
    # Power 0 is a legal (if dull) week: no orders at all, and its text reads back.
    nothing = GAME.initial(power=0)
    assert GAME.parse(nothing.to_text()) == nothing


@pytest.mark.parametrize("players", [2.5, True, None, "AnnBob", 1.0])
def test_a_player_count_that_is_not_a_whole_number_is_refused(players):
    with pytest.raises(IllegalAction, match="^players: ") as err:
        GAME.initial(players)
    assert err.value.rule == "players"


def test_names_differing_only_in_case_are_one_player():
    with pytest.raises(IllegalAction, match="^players: two players share a name"):
        GAME.initial(["Ann", "ann"])
    with pytest.raises(NotationError, match="field 'players'"):
        GAME.parse(GAME.initial(["Ann", "Bob"]).to_text().replace("players: Ann Bob", "players: Ann ann"))


@pytest.mark.parametrize("pieces, field", [
    ({"{Ann}e2": "Zed P"}, "belongs to 'Zed', who is not a player"),  # an owner who is not a player
    ({"{Ann}e9": "Ann P"}, "not a cell"),  # no rank 9
    ({"{Zed}e2": "Ann P"}, "no player called 'Zed'"),  # a board nobody owns
    ({"{Ann}e2": "Ann"}, "a piece is '<owner> <letter>'"),
    ({"{Ann}e2": "Ann X"}, "a piece is '<owner> <letter>'"),
])
def test_setup_refuses_a_piece_it_cannot_place(pieces, field):
    with pytest.raises(NotationError, match="^pieces: .*" + field.replace("(", r"\(")):
        setup(pieces)


def test_a_message_without_the_colon_after_the_name_is_refused():
    from playbook.games.wheel import read_messages

    # Without the colon the time "09:00" was read as a player named "09".
    with pytest.raises(NotationError, match="line 2: a colon must follow the player's name \\(write 'Ann: ...'\\)"):
        read_messages("2026-11-23 08:00 Bob: create\n2026-11-23 09:00 Ann create")


def test_proposal_votes_come_from_its_players_say_yes_or_no_and_carry_dates():
    p = Proposal("Power 4", dt.datetime(2026, 11, 24, 12), ("Ann", "Bob"))
    thursday = dt.date(2026, 11, 26)
    with pytest.raises(IllegalAction, match="^player: 'Zed' is not a player"):
        p.vote("Zed", True, thursday)
    for bad in ("maybe", 1, None, "n"):
        with pytest.raises(NotationError, match="^vote: "):
            p.vote("Ann", bad, thursday)
    with pytest.raises(NotationError, match="^when: "):
        p.vote("Ann", True, "2026-11-26")
    with pytest.raises(NotationError, match="^submitted: "):
        Proposal("Power 4", "2026-11-24", ("Ann", "Bob"))
    # 'no' is a vote against (it counted in favour when any text was taken as true).
    p = p.vote("Ann", "yes", thursday).vote("Bob", "no", thursday)
    assert (p.in_favour, p.against) == (1, 1) and p.votes == (("Ann", True), ("Bob", False))


def test_a_position_text_with_windows_line_endings_reads_the_same():
    s = play_orders(setup({"{Ann}e2": "Ann P", "{Bob}d2": "Bob P", "{Ann}e1": "Ann K", "{Bob}e1": "Bob K"}),
                    {"Ann": "Pe2-e3"})
    windows = s.to_text().replace("\n", "\r\n")
    assert GAME.parse(windows) == s and GAME.parse(windows).to_text() == s.to_text()


def test_orders_beyond_the_movement_power_are_refused_when_sealed():
    s = setup({"{Ann}a2": "Ann P", "{Ann}b2": "Ann P", "{Ann}c2": "Ann P", "{Ann}d2": "Ann P"}, power=3)
    before = s.to_text()
    with pytest.raises(IllegalAction, match="4 orders cost 4 movement power; Ann has 3") as err:
        s.play("{Ann} seal 9b2e6c1f0a7d43e58c2b1f9e6d0a3c47: Pa2-a3, Pb2-b3, Pc2-c3, Pd2-d3")
    assert err.value.rule == "movement power" and s.to_text() == before
    assert s.play("{Ann} seal 9b2e6c1f0a7d43e58c2b1f9e6d0a3c47: Pa2-a3, Pb2-b3, Pc2-c3").commitment_of("Ann")


def test_pass_and_commit_replace_each_other_in_either_order():
    # The last decision of the move phase counts, whichever it is (Cyd, still to decide,
    # keeps the phase open).
    s = setup({"{Ann}e2": "Ann P"}, players=("Ann", "Bob", "Cyd"))
    digest = commitment("0f3a9c5e7b1d2468ace013579bdf2468", "Pe2-e3")
    committed_then_passed = s.play("{Ann} commit " + digest).play("{Ann} pass")
    assert committed_then_passed.passed == ("Ann",) and committed_then_passed.commitment_of("Ann") is None
    passed_then_committed = s.play("{Ann} pass").play("{Ann} commit " + digest)
    assert passed_then_committed.passed == () and passed_then_committed.commitment_of("Ann") == digest
    # A pass withdraws the sealed text the board kept, too.
    sealed = s.play("{Ann} seal 0f3a9c5e7b1d2468ace013579bdf2468: Pe2-e3")
    assert sealed.secret("Ann") is not None and sealed.play("{Ann} pass").secret("Ann") is None
    with pytest.raises(IllegalAction, match="already passed"):
        committed_then_passed.play("{Ann} pass")


# ---------------------------------------------------------------- messages


SALTED = commitment("k7q2", "Pe2-e3")
GAME_BY_MESSAGES = f"""# week of Monday 23 November 2026
2026-11-23 09:00 Ann: create
2026-11-23 09:05 Ann: populate
2026-11-23 10:00 Bob: create
2026-11-23 10:01 Bob: populate
2026-11-24 18:30 Ann: commit {commitment("old", "Pd2-d3")}
2026-11-25 12:00 Ann: commit {SALTED}
2026-11-25 13:00 Bob: commit {commitment("zz", "Pd2-d3")}
2026-11-26 08:00 Ann: reveal old: Pd2-d3
2026-11-26 08:10 Ann: reveal k7q2: Pe2-e3
2026-11-27 09:00 Bob: commit {SALTED}
2026-11-28 09:00 Bob: reveal zz: Pd2-d3
2026-11-30 09:00 Bob: pass
"""


def test_a_game_by_messages_replays_and_is_checked_against_the_calendar():
    from playbook.games.wheel import read_messages, replay, write_messages

    states, report = replay(GAME, GAME_BY_MESSAGES, ["Ann", "Bob"])
    verdicts = [line.split(" -- ", 1)[1] for line in report]
    assert verdicts[4] == "ok (replaced by a later post)"  # the last commitment counts
    assert verdicts[7].startswith("refused: this reveal does not match")
    assert verdicts[8] == "ok"
    assert verdicts[9].startswith("refused: 'commit' belongs to the move phase, and Friday is in the resolve phase")
    final = states[-1]
    assert final.week == 2 and final.phase == "move" and final.passed == ("Bob",)
    assert final.piece_at("{Ann}e3") == ("Ann", "P") and final.piece_at("{Bob}d3") == ("Bob", "P")
    messages = read_messages(GAME_BY_MESSAGES)
    assert read_messages(write_messages(messages)) == messages
    with pytest.raises(NotationError, match="line 2"):
        read_messages("2026-11-23 Ann: create\n2026-11-22 Bob: create")


def test_resolution_step_by_step_crosses_out_failures_stage_by_stage():
    s = setup({"{Ann}e3": "Ann P", "{Ann}e1": "Ann R", "e8": "Bob R"})
    s = play_orders(s, {"Ann": "Pe3-e4, Re1-e3", "Bob": "Re8-{Ann}e4"})
    steps = s.resolution_steps()
    assert [words.split(":")[0] for words, _ in steps] == ["Range", "Collisions", "Head-to-head", "Chains",
                                                            "After the resolution"]
    def count(svg, kind):
        return svg.count(f'class="pb-mark-{kind}"')
    # Stage 1: nothing fails yet, three dashed orders; stage 2: the two moves into e4 bounce;
    # stage 4: the rook cannot follow the pawn that stayed.
    first, second, fourth = steps[0][1].svg, steps[1][1].svg, steps[3][1].svg
    assert count(first, "pending") == 6 and count(first, "failed") == 0  # a line and a head per arrow
    assert count(second, "failed") >= 4 and count(second, "pending") == 2
    assert count(fourth, "pending") == 0 and count(fourth, "arrow") == 0


def test_clarification_8_datc_circle_broken_by_a_bounce_stands_still():
    # Bob's rook also aims at a3: the rook from a1 bounces, so the bishop cannot enter a1
    # (Ann's rook stays), so the queen cannot enter c3 (Ann's bishop stays): nobody moves.
    s = setup({"{Ann}a1": "Ann R", "{Ann}a3": "Ann Q", "{Ann}c3": "Ann B", "{Ann}a7": "Bob R"})
    s = play_orders(s, {"Ann": "Ra1-a3, Qa3-c3, Bc3-a1", "Bob": "R{Ann}a7-{Ann}a3"})
    assert results(s) == {"Ann {Ann}a1-{Ann}a3": "bounce", "Bob {Ann}a7-{Ann}a3": "bounce",
                          "Ann {Ann}c3-{Ann}a1": "own-piece", "Ann {Ann}a3-{Ann}c3": "blocked"}
    assert len(s.pieces) == 4 and s.piece_at("{Ann}a3") == ("Ann", "Q")


# ---------------------------------------------------------------- clarifications 17-22
# Each expected value below is worked out by hand from the rule source and the
# clarification it pins, not read off the engine.


def test_clarification_17_an_impossible_order_bounces_nothing():
    # Bob's pawn cannot reach a8 (a pawn moves one rank in its file), and Bob
    # has no piece on e3: both orders fail at the range check and so do not
    # contend for a8, which Ann's rook reaches alone.
    s = setup({"{Ann}a1": "Ann R", "{Bob}e2": "Bob P"})
    s = play_orders(s, {"Ann": "Ra1-a8", "Bob": "Pe2-a8, e3-a8"})
    assert results(s) == {"Ann {Ann}a1-a8": "ok", "Bob {Bob}e2-a8": "out-of-range", "Bob {Bob}e3-a8": "no-piece"}
    assert cells(s) == {"a8": "Ann R", "{Bob}e2": "Bob P"}


def test_clarification_18_a_bare_cell_is_on_the_writers_own_board():
    # Ann's rook stands on Bob's a1.  "Ra1-g1" names Ann's own a1, where she
    # has no piece: the order fails (and costs 1); naming Bob's board works.
    s = setup({"{Bob}a1": "Ann R"})
    failed = play_orders(s, {"Ann": "Ra1-g1"})
    assert results(failed) == {"Ann {Ann}a1-{Ann}g1": "no-piece"}
    assert cells(failed) == {"{Bob}a1": "Ann R"}
    moved = play_orders(s, {"Ann": "R{Bob}a1-{Bob}g1"})
    assert cells(moved) == {"{Bob}g1": "Ann R"}
    # Rank 8 is one row: braces on it name nothing more.
    assert read_orders("R{Bob}e8-e4", "Ann", ("Ann", "Bob"))[0].origin == "e8"


def test_clarification_19_the_capture_sign_changes_nothing():
    # "x" towards an empty cell is a plain move; "-" onto an enemy piece takes it.
    s = setup({"{Ann}e1": "Ann R", "{Ann}a5": "Bob P"})
    assert cells(play_orders(s, {"Ann": "Re1xe3"})) == {"{Ann}e3": "Ann R", "{Ann}a5": "Bob P"}
    s = setup({"{Ann}a1": "Ann R", "{Ann}a5": "Bob P"})
    assert cells(play_orders(s, {"Ann": "Ra1-a5"})) == {"{Ann}a5": "Ann R"}


def test_clarification_20_the_game_ends_at_once_even_if_a_player_has_no_board_yet():
    # Ann and Bob have created Kings; Cyd has not even created a board.  When
    # Bob's King falls, Ann is the only owner of a King: she wins at once, and
    # Cyd can no longer join.
    text = setup({"{Ann}e1": "Ann K", "{Bob}e1": "Bob K", "e8": "Ann R"}, players=("Ann", "Bob", "Cyd")).to_text()
    text = text.replace("boards: Ann Bob Cyd", "boards: Ann Bob").replace("populated: Ann Bob Cyd", "populated: Ann Bob")
    s = GAME.parse(text)
    assert s.boards == ("Ann", "Bob") and s.outcome is None
    s = play_orders(s, {"Ann": "Re8-{Bob}e1"})
    assert s.outcome.winners == ("Ann",)
    with pytest.raises(IllegalAction):
        s.play("{Cyd} create")


def test_clarification_21_a_posts_phase_is_decided_by_its_date():
    # 25 November 2026 is a Wednesday (move phase), the 26th a Thursday
    # (resolve phase): a commitment a minute before midnight counts, one a
    # minute after is refused, whatever the hour says.
    from playbook.games.wheel import replay

    start = setup({"{Ann}e2": "Ann P", "{Bob}e2": "Bob P"})
    posts = (f"2026-11-25 23:59 Ann: commit {commitment('a', 'Pe2-e3')}\n"
             f"2026-11-26 00:00 Bob: commit {commitment('b', 'Pe2-e3')}\n"
             "2026-11-26 00:01 Ann: reveal a: Pe2-e3\n"
             "2026-11-29 12:00 Ann: commit " + commitment("c", "Pe3-e4") + "\n")
    states, report = replay(GAME, posts, ["Ann", "Bob"], start=start)
    verdicts = [line.split(" -- ", 1)[1] for line in report]
    assert verdicts[0] == "ok" and verdicts[2] == "ok"
    assert verdicts[1].startswith("refused: 'commit' belongs to the move phase, and Thursday")
    assert verdicts[3].startswith("refused: 'commit' belongs to the move phase, and Sunday")  # Sunday: replenish
    assert cells(states[-1]) == {"{Ann}e3": "Ann P", "{Bob}e2": "Bob P"}


def test_clarification_22_board_actions_cost_nothing_and_fit_any_phase():
    # Bob creates and populates his board in the resolve phase, after passing;
    # Ann's week goes on untouched: she still has her reveal, and her power.
    s = GAME.initial(2).play("{Ann} create").play("{Ann} populate")
    s = s.play("{Ann} commit " + commitment("a", "Pe2-e3, Pd2-d3, Pc2-c3")).play("{Bob} pass")
    assert s.phase == "resolve" and s.movers == ("Ann",)
    s = s.play("{Bob} create").play("{Bob} populate")
    assert s.phase == "resolve" and s.movers == ("Ann",) and s.boards == ("Ann", "Bob") and s.power == 3
    s = s.play("{Ann} reveal a: Pe2-e3, Pd2-d3, Pc2-c3")
    assert s.week == 2 and all(code == "ok" for *_, code in s.results)
    assert s.kings == ("Ann", "Bob") and s.outcome is None


def test_positions_are_equal_exactly_when_their_texts_are():
    # A remembered sealed text is no part of the position; any written field is.
    s = setup({"{Ann}e2": "Ann P", "{Bob}d2": "Bob P"})
    sealed = s.play(f"{{Ann}} commit {commitment('k', 'Pe2-e3')}")
    remembered = sealed.remember("Ann", "k: Pe2-e3")
    assert remembered == sealed and hash(remembered) == hash(sealed)
    assert remembered.to_text() == sealed.to_text()
    for other in (s, sealed.play("{Bob} pass"), s.play(f"{{Ann}} commit {commitment('j', 'Pe2-e3')}")):
        assert other != sealed and other.to_text() != sealed.to_text()


def test_orders_read_twice_are_a_fresh_list_each_time():
    first = read_orders("Pe2-e3, Ng1-f3", "Ann", ("Ann", "Bob"))
    first.clear()
    assert [o.text for o in read_orders("Pe2-e3, Ng1-f3", "Ann", ("Ann", "Bob"))] == ["Pe2-e3", "Ng1-f3"]


def test_a_resolution_is_kept_only_on_the_position_it_made():
    # Both rooks into a8: a bounce, told at the Collisions stage; the position before has none.
    start = setup({"{Ann}a1": "Ann R", "{Bob}a1": "Bob R"})
    bounce = play_orders(start, {"Ann": "Ra1-a8", "Bob": "Ra1-a8"})
    assert [code for _, code in bounce.last_resolution.results] == ["bounce", "bounce"]
    assert bounce.last_resolution.stages[1].startswith("Collisions: Ann's Ra1-a8")
    assert start.last_resolution is None


def test_clarification_11_unused_power_is_not_carried_over():
    # Week 1: Ann gives one order and leaves 2 of her 3 unused.  Week 2's move
    # phase sets her power back to 3, not 3 + 2 = 5: four orders are refused,
    # three are carried out.
    s = setup({"{Ann}a2": "Ann P", "{Ann}b2": "Ann P", "{Ann}c2": "Ann P", "{Ann}d2": "Ann P"})
    s = play_orders(s, {"Ann": "Pa2-a3"})
    assert (s.week, s.phase, s.power) == (2, "move", 3)
    with pytest.raises(IllegalAction, match="4 orders cost 4 movement power; Ann has 3"):
        play_orders(s, {"Ann": "Pa3-a4, Pb2-b3, Pc2-c3, Pd2-d3"})
    assert set(results(play_orders(s, {"Ann": "Pa3-a4, Pb2-b3, Pc2-c3"})).values()) == {"ok"}


def test_clarification_24_a_popular_proposal_changes_the_rules_through_the_position():
    # "Movement power 4", submitted on Tuesday 24 November 2026 (a move
    # phase), is voted on from Thursday 26 to Saturday 28: two for, one
    # against, so it is popular (2 > 1).
    p = Proposal("Movement power 4", dt.datetime(2026, 11, 24, 18), ("Ann", "Bob", "Cyd"))
    p = p.vote("Ann", "yes", dt.date(2026, 11, 26)).vote("Bob", "no", dt.date(2026, 11, 27))
    p = p.vote("Cyd", "yes", dt.date(2026, 11, 28))
    assert p.popular and p.status(dt.date(2026, 11, 29)) == "popular (2 for, 1 against)"
    # The vote by itself changes no position: the next week still takes three orders.
    four = "Pa7-a8, Pb7-b8, Pc7-c8, Pd7-d8"
    s = setup({f"{{Ann}}{f}7": "Ann P" for f in "abcd"}, players=("Ann", "Bob", "Cyd"))
    with pytest.raises(IllegalAction, match="4 orders cost 4 movement power; Ann has 3"):
        play_orders(s, {"Ann": four})
    # The players carry it into the game as the position's power, from the
    # next move phase: then all four orders are carried out.
    changed = GAME.parse(s.to_text().replace("power: 3", "power: 4"))
    assert changed.power == 4 and set(results(play_orders(changed, {"Ann": four})).values()) == {"ok"}
