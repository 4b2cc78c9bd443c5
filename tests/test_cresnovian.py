"""Cresnovian Chess v0.4.1: the set-up, the three actions, all eighteen
abilities, the end and the clarifications.

Expected values were worked out by hand from the rules post.  Unless said
otherwise the left kingdom (columns A-C) is to move; the World is D-F and
the right kingdom G-I.
"""

import pytest

from playbook import IllegalAction, NotationError, Step, load
from playbook.games.cresnovian.abilities import ABILITIES, OPEN_ENDED
from playbook.games.cresnovian.board import ABILITY_OWNER

GAME = load("cresnovian")
UMBRATIONS = ("essence", "duality", "cosmos", "velocity", "radiance", "corporeality", "innervation", "caprice",
              "cognizance")


def q(state, umbration):
    return state.piece(umbration).code()


def cell(state, umbration):
    from playbook.games.cresnovian import CELLS

    return CELLS[state.piece(umbration).cell]


#: Where :func:`setup` lays the pieces a test does not name, in order.
REST = ("D3", "F3", "G3", "H3", "G2", "H2", "D2", "F2", "B3", "C3", "G1", "H1", "D1", "F1")


def setup(pieces, rest=REST, **kw):
    # Keep a live piece in the right kingdom unless the test places one, so
    # the game is not over before it starts; the pieces not named lie dead on
    # the first free cells of ``rest`` (all nine stand in play, clarification 28).
    if not any(c[0] in "GHI" for c in pieces):
        used = {code.split()[0] for code in pieces.values()}
        filler = next(u for u in ("cognizance", "caprice", "radiance") if u not in used)
        pieces = {**pieces, "I3": f"{filler} 5Q"}
    return GAME.setup(dead_rest(pieces, rest, **kw), **kw)


def add_rest(pieces, cells, q, **kw):
    """``pieces`` with each umbration not given added with ``q`` on the first
    of ``cells`` left free by the pieces, monuments and word of ``kw``."""
    used = {code.split()[0] for code in pieces.values()}
    busy = set(pieces) | set(kw.get("monuments") or {}) | ({kw["word"][0]} if kw.get("word") else set())
    free = (c for c in cells if c not in busy)
    return {**pieces, **{next(free): f"{u} {q}" for u in UMBRATIONS if u not in used}}


def dead_rest(pieces, rest=REST, **kw):
    """``pieces`` with the umbrations not given added dead (0Q) on the first
    cells of ``rest`` left free: a game in play shows all nine pieces."""
    return add_rest(pieces, rest, "0Q", **kw)


def nine(pieces, **kw):
    """A position with all nine pieces, as a forum table of a game in play
    shows them: the pieces not given stand at 3Q on free cells of row 3."""
    cells = ("A3", "B3", "C3", "D3", "F3", "G3", "H3", "I3", "B1", "C1", "D1")
    return GAME.setup(add_rest(pieces, cells, "3Q", **kw), **kw)


# ------------------------------------------------------------------ set-up


def test_the_first_player_places_all_nine_then_the_second_chooses_and_moves_first():
    state = GAME.initial()
    assert state.to_move == "first" and len(state.next_steps().options) == 9
    with pytest.raises(IllegalAction, match="foundation"):
        state.play("place essence B1")
    state = state.play("place essence A1")
    with pytest.raises(IllegalAction):
        state.play("place essence A2")
    for u, c in zip(["duality", "cosmos", "velocity", "radiance", "corporeality", "innervation", "caprice", "cognizance"],
                    ["A2", "A3", "D3", "E3", "F3", "I1", "I2", "I3"]):
        state = state.play(f"place {u} {c}")
    assert state.to_move == "second" and state.status() == "Second player: choose a kingdom"
    state = state.play("choose right")
    assert state.to_move == "second" and state.kingdom() == "right" and state.kingdom("first") == "left"
    assert all(p.code() == "3Q" for p in state.pieces)


def test_initial_with_an_arrangement_skips_set_up():
    arrangement = {"A1": "innervation", "A2": "essence", "A3": "duality", "D3": "cosmos", "E3": "velocity",
                   "F3": "radiance", "I1": "corporeality", "I2": "caprice", "I3": "cognizance"}
    state = GAME.initial(arrangement, second="left")
    assert state.phase == "play" and state.kingdom() == "left" and state.total("left") == 9


def test_the_communal_poem_is_empty_when_play_begins():
    # The rules' set-up pastes the poem section as "(To be written)": no word
    # yet, so the first document's nine words are the whole poem.
    arrangement = {"A1": "cosmos", "A2": "essence", "A3": "duality", "D3": "innervation", "E3": "velocity",
                   "F3": "radiance", "I1": "corporeality", "I2": "caprice", "I3": "cognizance"}
    state = GAME.initial(arrangement, second="left")
    assert state.poem == ()
    words = "one two three four five six seven eight nine"
    assert state.play("document " + words).poem == tuple(words.split())


# ------------------------------------------------------------------ travel


def test_travel_from_your_kingdom_earns_a_q_per_cell_diagonals_too_clarification_19():
    state = setup({"A1": "innervation 3Q"})
    assert q(state.play("travel A1 G1"), "innervation") == "9Q"
    assert q(state.play("travel A1 C3"), "innervation") == "5Q"


def test_travel_from_the_world_or_the_opponents_kingdom_earns_nothing():
    state = setup({"D2": "innervation 3Q", "H1": "cosmos 3Q", "A1": "essence 3Q"})
    assert q(state.play("travel D2 D1"), "innervation") == "3Q"
    assert q(state.play("travel H1 E1"), "cosmos") == "3Q"  # the opponent's piece, moved out of its kingdom


def test_a_broken_piece_travels_but_earns_nothing():
    assert q(setup({"A1": "innervation 3Qb"}).play("travel A1 C1"), "innervation") == "3Qb"


def test_travel_cannot_pass_or_land_on_pieces_monuments_or_words_and_says_what_blocks():
    for blocker, named in [(dict(pieces={"A1": "innervation 3Q", "B1": "cosmos 3Q"}), "the cosmos piece"),
                           (dict(pieces={"A1": "innervation 3Q"}, monuments={"B1": "cosmos"}), "a cosmos monument"),
                           (dict(pieces={"A1": "innervation 3Q"}, word=("B1", "moon")), "the word 'moon'")]:
        state = setup(blocker.pop("pieces"), **blocker)
        with pytest.raises(IllegalAction, match=f"B1 is taken by {named}"):
            state.play("travel A1 B1")
        with pytest.raises(IllegalAction, match=f"way from A1 to C1 is blocked by {named}.* on B1"):
            state.play("travel A1 C1")


def test_travel_only_in_straight_lines():
    with pytest.raises(IllegalAction, match="C2 is not in a straight line"):
        setup({"A1": "innervation 3Q"}).play("travel A1 C2")


def test_no_travel_with_the_piece_the_opponent_just_travelled_with():
    state = setup({"A1": "innervation 3Q", "A3": "essence 3Q", "I1": "cosmos 3Q"}).play("travel A1 B1")
    with pytest.raises(IllegalAction, match="opponent travelled with the innervation piece on their last turn"):
        state.play("travel B1 D1")
    state.play("travel A3 B3")  # another piece may


def test_a_dead_piece_cannot_travel():
    with pytest.raises(IllegalAction, match="dead"):
        setup({"A1": "innervation 0Q", "B2": "essence 3Q"}).play("travel A1 B1")


# ----------------------------------------------------------------- perform


def test_perform_needs_three_q_for_basic_and_nine_for_elite():
    assert "cut" not in setup({"A1": "duality 2Q", "B1": "cosmos 5Q"}).next_steps([Step.cell("A1")]).choices()
    three = setup({"A1": "duality 3Q", "B1": "cosmos 5Q"}).next_steps([Step.cell("A1")]).choices()
    assert three == ["cut"]
    nine = setup({"A1": "duality 9Q", "B1": "cosmos 9Q"}).next_steps([Step.cell("A1")]).choices()
    assert nine == ["cut", "flock-together"]


def test_only_pieces_in_your_kingdom_perform():
    state = setup({"D1": "duality 9Q", "A1": "cosmos 5Q"})
    assert state.next_steps([Step.cell("D1")]).choices() == []
    with pytest.raises(IllegalAction, match="your kingdom"):
        state.play("perform D1 cut A1")


def test_performing_costs_one_q_unless_next_to_a_monument_of_its_own_umbration():
    state = setup({"A1": "duality 3Q", "I1": "cosmos 7Q"})
    assert q(state.play("perform A1 cut I1"), "duality") == "2Q"
    waived = setup({"A1": "duality 3Q", "I1": "cosmos 7Q"}, monuments={"B2": "duality"})  # diagonal counts
    assert q(waived.play("perform A1 cut I1"), "duality") == "3Q"
    other = setup({"A1": "duality 3Q", "I1": "cosmos 7Q"}, monuments={"B2": "cosmos"})
    assert q(other.play("perform A1 cut I1"), "duality") == "2Q"


# ---------------------------------------------------------------- document


def test_document_adds_nine_words_and_levels_live_pieces_in_your_kingdom_clarification_6():
    state = setup({"A1": "essence 3Q", "B1": "duality 7Q", "C1": "cosmos 0Q", "A3": "velocity 3Qe", "H1": "radiance 2Q"})
    after = state.play("document the moon rose over nine quiet hills of salt")
    assert after.poem == tuple("the moon rose over nine quiet hills of salt".split())
    assert [q(after, u) for u in ("essence", "duality", "cosmos", "velocity", "radiance")] == ["7Q", "7Q", "0Q", "3Qe", "2Q"]


def test_document_needs_exactly_nine_words():
    with pytest.raises(IllegalAction, match="nine words"):
        setup({"A1": "essence 3Q"}).play("document only eight words are here in this")


# --------------------------------------------------------------- abilities


def test_return_home_sends_any_piece_even_dead_to_its_foundation_cell_clarification_1():
    state = setup({"A2": "essence 3Q", "E2": "cosmos 0Q"}, homes={"cosmos": "I1"})
    after = state.play("perform A2 return-home E2")
    assert cell(after, "cosmos") == "I1" and q(after, "essence") == "2Q"


def test_return_home_needs_the_home_cell_free():
    state = setup({"A2": "essence 3Q", "E2": "cosmos 3Q", "I1": "duality 3Q"}, homes={"cosmos": "I1"})
    with pytest.raises(IllegalAction):
        state.play("perform A2 return-home E2")


def test_perfect_eternal_makes_any_piece_3qe_and_repairs():
    state = setup({"A2": "essence 9Q", "E2": "duality 0Q", "H2": "cosmos 5Qb"})
    assert q(state.play("perform A2 perfect-eternal E2"), "duality") == "3Qe"
    assert q(state.play("perform A2 perfect-eternal H2"), "cosmos") == "3Qe"


def test_eternal_q_never_changes():
    state = setup({"A1": "duality 3Q", "I1": "cosmos 3Qe"})
    assert q(state.play("perform A1 cut I1"), "cosmos") == "3Qe"


def test_cut_halves_rounding_down():
    after = setup({"A1": "duality 3Q", "I1": "cosmos 7Q"}).play("perform A1 cut I1")
    assert q(after, "cosmos") == "3Q"


def test_flock_together_brings_the_pieces_with_the_same_q_into_your_kingdom_clarification_4():
    state = setup({"A1": "duality 9Q", "E2": "cosmos 9Q", "I1": "radiance 3Q"})
    # Only cosmos shares duality's 9Q; it may go to any free cell of the left kingdom.
    assert set(state.next_steps([Step.cell("A1"), Step.choice("flock-together")]).choices()) == {
        "E2>A2", "E2>A3", "E2>B1", "E2>B2", "E2>B3", "E2>C1", "E2>C2", "E2>C3"}
    after = state.play("perform A1 flock-together E2>C2")
    assert cell(after, "cosmos") == "C2" and cell(after, "duality") == "A1" and q(after, "duality") == "8Q"


def test_flock_together_spills_into_the_world_when_the_kingdom_is_full():
    pieces = {"A1": "duality 9Q", "A2": "essence 1Q", "A3": "velocity 1Q", "B1": "radiance 1Q", "B2": "caprice 1Q",
              "B3": "corporeality 1Q", "C1": "innervation 1Q", "C2": "cognizance 1Q", "G1": "cosmos 9Q"}
    state = setup(pieces)
    # C3 is the last free cell of the kingdom, so it is the only offer.
    assert state.next_steps([Step.cell("A1"), Step.choice("flock-together")]).choices() == ["G1>C3"]


FLOCK = [Step.cell("A1"), Step.choice("flock-together")]


def issue_32_position():
    # Radiance monuments fill the left kingdom but for C3; the Duality (A1) performs with 9Q.  Cosmos (World,
    # E2) and Velocity (right kingdom, H2) share its 9Q; the World's free cells are E1, D2 and F2 (and E2 once
    # the Cosmos leaves it).
    mons = {c: "radiance" for c in ["B1", "C1", "A2", "B2", "C2", "A3", "B3"]}
    return GAME.setup({"A1": "duality 9Q", "E2": "cosmos 9Q", "H2": "velocity 9Q", "I1": "radiance 3Q",
                       "D3": "essence 0Q", "E3": "corporeality 0Q", "F3": "innervation 0Q",
                       "D1": "caprice 0Q", "F1": "cognizance 0Q"}, monuments=mons)


def where(state):
    from playbook.games.cresnovian import CELLS

    return {p.umbration: (CELLS[p.cell], p.code()) for p in state.pieces}


def test_flock_together_lets_the_player_choose_which_pieces_take_the_free_cells_clarification_30():
    # Issue 32: two pieces flock and the kingdom has room for one; either may take C3.
    state = issue_32_position()
    unmoved = {"essence": ("D3", "0Q"), "corporeality": ("E3", "0Q"), "innervation": ("F3", "0Q"),
               "caprice": ("D1", "0Q"), "cognizance": ("F1", "0Q"), "radiance": ("I1", "3Q")}
    cosmos_in = state.play("perform A1 flock-together E2>C3 H2>D2")
    assert where(cosmos_in) == {**unmoved, "duality": ("A1", "8Q"), "cosmos": ("C3", "9Q"), "velocity": ("D2", "9Q")}
    velocity_in = state.play("perform A1 flock-together E2>D2 H2>C3")
    assert where(velocity_in) == {**unmoved, "duality": ("A1", "8Q"), "cosmos": ("D2", "9Q"),
                                  "velocity": ("C3", "9Q")}
    # The one left over may also stay where it is: named with "=" or not named at all.
    stays = state.play("perform A1 flock-together H2>C3")
    assert stays == state.play("perform A1 flock-together E2= H2>C3")
    assert where(stays) == {**unmoved, "duality": ("A1", "8Q"), "cosmos": ("E2", "9Q"), "velocity": ("C3", "9Q")}
    for after in (cosmos_in, velocity_in, stays):
        assert after.monuments == state.monuments and after.to_move != state.to_move
    # Step by step (the moves in cell order, E2 then H2): the Cosmos may take C3, go to a free World cell or stay;
    # once it stays out, the Velocity must take C3, the kingdom's last free cell.
    assert state.next_steps(FLOCK).choices() == ["E2>E1", "E2>D2", "E2=", "E2>F2", "E2>C3"]
    assert state.next_steps(FLOCK + [Step.choice("E2>D2")]).choices() == ["H2>C3"]
    assert state.next_steps(FLOCK + [Step.choice("E2=")]).choices() == ["H2>C3"]
    # Once the Cosmos takes C3 the kingdom is full: the Velocity goes into the World (E2 is free now) or stays.
    assert state.next_steps(FLOCK + [Step.choice("E2>C3")]).choices() == ["H2>E1", "H2>D2", "H2>E2", "H2>F2", "H2="]
    # The kingdom is filled before anything stays out: one piece, not two, may be left over.
    with pytest.raises(IllegalAction, match=r"F2 is not in your kingdom \(left\), which has room for 1 of the 2 "
                                            r"flocking pieces, so only 1 may stay out of it"):
        state.play("perform A1 flock-together E2>D2 H2>F2")
    with pytest.raises(IllegalAction, match="velocity piece .9Q. on H2 cannot stay: your kingdom .left. has room "
                                            "for 1 of the 2"):
        state.play("perform A1 flock-together E2>D2")
    with pytest.raises(IllegalAction, match="G2 is not in the World: a piece that stays out of your kingdom"):
        state.play("perform A1 flock-together E2>C3 H2>G2")


def test_every_choice_of_flock_together_is_entered_and_its_text_reads_back():
    # In issue 32's position the entries are, by hand: the Cosmos takes C3 and the Velocity goes to E1, D2, E2
    # or F2 or stays (5); or the Cosmos goes to E1, D2 or F2 or stays and the Velocity takes C3 (4): nine.
    state = issue_32_position()
    found = []

    def walk(steps):
        options = state.next_steps(steps)
        if options.complete:
            found.append(state.action_from_steps(steps))
        for o in options.options:
            walk(steps + [o])

    walk(FLOCK)
    assert len(found) == 9 and len({a.text for a in found}) == 9
    for action in found:
        assert state.parse_action(action.text) == action
        assert state.play(action.text) == state.play(action)
    assert {a.text for a in found} >= {"perform A1 flock-together E2>C3 H2>D2", "perform A1 flock-together E2>D2 H2>C3",
                                       "perform A1 flock-together H2>C3", "perform A1 flock-together E2>C3"}


def test_the_random_agent_plays_every_choice_of_flock_together():
    # The random agent enters Flock Together by the same steps: over 200 seeded entries it plays all nine.
    from playbook.analysis import RandomAgent

    state = issue_32_position()
    played = {RandomAgent(seed=seed).complete(state, tuple(FLOCK)).text for seed in range(200)}
    assert len(played) == 9 and "perform A1 flock-together E2>D2 H2>C3" in played


def test_two_flocking_pieces_left_over_go_into_the_world_or_stay_clarification_30():
    # Monuments fill the left kingdom but for C3.  Cosmos (G1), Velocity (E2) and Radiance (H2) share the
    # Duality's 9Q; the Essence (I3, 5Q) does not flock.  Room for one: two are left over.
    walls = {c: "essence" for c in ("A2", "A3", "B1", "B2", "B3", "C1", "C2")}
    state = setup({"A1": "duality 9Q", "G1": "cosmos 9Q", "E2": "velocity 9Q", "H2": "radiance 9Q", "I3": "essence 5Q"},
                  monuments=walls, rest=("G3", "H1", "H3", "I1"))
    world = ["D1", "E1", "F1", "D2", "E2", "F2", "D3", "E3", "F3"]
    # The first in cell order, the Cosmos, may take C3, go to any World cell (E2 too: the Velocity flocks) or stay.
    assert set(state.next_steps(FLOCK).choices()) == {"G1>C3", "G1="} | {f"G1>{c}" for c in world}
    # The last piece, the Radiance, takes C3.
    last = state.play("perform A1 flock-together H2>C3")
    assert (cell(last, "radiance"), cell(last, "cosmos"), cell(last, "velocity")) == ("C3", "G1", "E2")
    assert q(last, "duality") == "8Q" and (q(last, "radiance"), q(last, "cosmos"), q(last, "velocity")) == ("9Q",) * 3
    # The middle one takes C3; both others go into the World.
    spread = state.play("perform A1 flock-together E2>C3 G1>D1 H2>F3")
    assert (cell(spread, "velocity"), cell(spread, "cosmos"), cell(spread, "radiance")) == ("C3", "D1", "F3")
    # Two stayed out: the third must take C3, and nothing else.
    assert state.next_steps(FLOCK + [Step.choice("G1>D1"), Step.choice("E2=")]).choices() == ["H2>C3"]
    with pytest.raises(IllegalAction, match="F2 is not in your kingdom .left., which has room for 1 of the 3 "
                                            "flocking pieces, so only 2 may stay out of it"):
        state.play("perform A1 flock-together G1>D1 E2>D2 H2>F2")
    with pytest.raises(IllegalAction, match="G2 is not in the World"):
        state.play("perform A1 flock-together G1>C3 H2>G2")
    # With no other piece at the performer's Q there is nothing to flock: no performance that moves nothing.
    alone = setup({"A1": "duality 9Q", "I1": "cosmos 5Q"})
    assert alone.next_steps([Step.cell("A1")]).choices() == ["cut"]
    with pytest.raises(IllegalAction, match="no other piece has the performer's 9Q"):
        alone.play("perform A1 flock-together")


def test_a_flocking_piece_inside_the_kingdom_may_make_way_for_one_from_outside_clarification_30():
    # Monuments fill the left kingdom but for C3, where the Velocity (9Q) stands; the Cosmos (G1, 9Q) flocks
    # too.  The room is C3, for one of the two: the Velocity keeps it, or gives it up and goes into the World.
    walls = {c: "essence" for c in ("A2", "A3", "B1", "B2", "B3", "C1", "C2")}
    state = setup({"A1": "duality 9Q", "G1": "cosmos 9Q", "C3": "velocity 9Q", "I3": "essence 5Q"},
                  monuments=walls, rest=("D3", "F3", "G3", "H3", "H1"))
    keeps = state.play("perform A1 flock-together")
    assert (cell(keeps, "velocity"), cell(keeps, "cosmos")) == ("C3", "G1")
    swapped = state.play("perform A1 flock-together G1>C3 C3>E2")
    assert (cell(swapped, "cosmos"), cell(swapped, "velocity")) == ("C3", "E2")
    # Once the Cosmos has C3, the Velocity cannot stay: the World's free cells (not D3 or F3, where pieces lie).
    world = {"D1", "E1", "F1", "D2", "E2", "F2", "E3"}
    assert set(state.next_steps(FLOCK + [Step.choice("G1>C3")]).choices()) == {f"C3>{c}" for c in world}
    with pytest.raises(IllegalAction, match="C3 is already taken by another move of this Flock Together"):
        state.next_steps(FLOCK + [Step.choice("G1>C3"), Step.choice("C3=")])
    with pytest.raises(IllegalAction, match=r"^C3 is taken by the velocity piece \(9Q\), which stays where it is$"):
        state.play("perform A1 flock-together G1>C3 C3=")


def test_flock_together_offers_no_move_that_leaves_a_later_piece_nowhere_to_go():
    # Monuments fill the World and the left kingdom but for A2, where the Velocity (9Q) stands; the Cosmos (G1,
    # 9Q) flocks too and comes first in cell order.  Were it to take A2, the Velocity would have no World cell to
    # go to: so the Cosmos may only stay, and so does the Velocity.
    walls = {c: "essence" for c in ("A3", "B1", "B2", "B3", "C1", "C2", "C3",
                                    "D1", "E1", "F1", "D2", "E2", "F2", "D3", "E3", "F3")}
    state = setup({"A1": "duality 9Q", "G1": "cosmos 9Q", "A2": "velocity 9Q", "I3": "essence 5Q"},
                  monuments=walls, rest=("G2", "G3", "H1", "H2", "H3"))
    assert state.next_steps(FLOCK).choices() == ["G1="]
    with pytest.raises(IllegalAction, match="cosmos piece .9Q. on G1 cannot go to A2: the pieces after it could not "
                                            "all be placed"):
        state.next_steps(FLOCK + [Step.choice("G1>A2")])
    after = state.play("perform A1 flock-together")
    assert (cell(after, "cosmos"), cell(after, "velocity"), q(after, "duality")) == ("G1", "A2", "8Q")


def listed_flocks(state):
    return {a.text for a in state.legal_actions() if " flock-together" in a.text}


def test_the_listing_offers_one_flock_together_for_each_choice_of_the_pieces_that_come_in():
    # Issue 32: room for one of two; either comes in, the other stays where it is.
    assert listed_flocks(issue_32_position()) == {"perform A1 flock-together E2>C3", "perform A1 flock-together H2>C3"}
    # Room for one of three: three choices, the two left over staying.
    walls = {c: "essence" for c in ("A2", "A3", "B1", "B2", "B3", "C1", "C2")}
    three = setup({"A1": "duality 9Q", "G1": "cosmos 9Q", "E2": "velocity 9Q", "H2": "radiance 9Q", "I3": "essence 5Q"},
                  monuments=walls, rest=("G3", "H1", "H3", "I1"))
    assert listed_flocks(three) == {f"perform A1 flock-together {m}" for m in ("G1>C3", "E2>C3", "H2>C3")}
    # The Velocity inside keeps C3, or gives it to the Cosmos and takes the first free World cell (D1).
    inside = setup({"A1": "duality 9Q", "G1": "cosmos 9Q", "C3": "velocity 9Q", "I3": "essence 5Q"},
                   monuments=walls, rest=("D3", "F3", "G3", "H3", "H1"))
    assert listed_flocks(inside) == {"perform A1 flock-together", "perform A1 flock-together G1>C3 C3>D1"}
    # Room for the whole flock: one action; the Velocity keeps B2, the others take the free cells in cell order
    # (B1, C1), the Radiance (H1) first.
    assert listed_flocks(flock_position()) == {"perform A1 flock-together H1>B1 E2>C1"}
    for state in (issue_32_position(), three, inside, flock_position()):
        for action in state.legal_actions():
            assert state.action_from_steps(action.steps) == action


def test_the_listing_of_flock_together_stays_within_seventy():
    # Eight pieces flock and the kingdom has room for four (C2, A3, B3, C3): C(8, 4) = 70 choices, the most
    # there can be; every other placement (4! ways to seat each choice, and more) is entered by steps.
    walls = {c: "essence" for c in ("B1", "C1", "A2", "B2")}
    others = [u for u in UMBRATIONS if u != "duality"]
    cells = ("D1", "E1", "F1", "D2", "E2", "F2", "G1", "H1")
    state = GAME.setup({"A1": "duality 9Q", **{c: f"{u} 9Q" for c, u in zip(cells, others)}}, monuments=walls)
    flocks = listed_flocks(state)
    assert len(flocks) == 70
    assert "perform A1 flock-together D1>C2 E1>A3 F1>B3 D2>C3" in flocks
    assert "perform A1 flock-together G1>C2 H1>A3 E2>B3 F2>C3" in flocks
    seated_otherwise = "perform A1 flock-together G1>A3 H1>C2 E2>B3 F2>C3"  # the same four
    assert seated_otherwise not in flocks
    assert state.play(seated_otherwise).last_action.text == seated_otherwise  # entered as text all the same


def test_breakdown_marks_qb_and_the_next_performance_only_repairs_at_the_usual_cost():
    broken = setup({"A1": "cosmos 3Q", "I1": "radiance 5Q"}).play("perform A1 breakdown I1")
    assert q(broken, "radiance") == "5Qb"
    state = setup({"A1": "radiance 5Qb", "I1": "cosmos 3Q"})
    assert state.next_steps([Step.cell("A1")]).choices() == ["repair"]
    assert q(state.play("perform A1 repair"), "radiance") == "4Q"


def test_redefinition_moves_a_poem_word_onto_the_field_and_returns_the_old_one():
    state = setup({"A1": "cosmos 9Q"}, poem="a b c d e f g h i")
    after = state.play("perform A1 redefinition 3 E2")
    assert after.word == (13, "c") and after.poem == tuple("abdefghi")
    again = setup({"A1": "cosmos 9Q"}, poem="a b d e f g h i", word=("E2", "c")).play("perform A1 redefinition 1 F1")
    assert again.word == (5, "a") and again.poem == tuple("bdefghic")


def test_redefinition_is_impossible_on_an_empty_poem():
    assert "redefinition" not in setup({"A1": "cosmos 9Q"}).next_steps([Step.cell("A1")]).choices()


def test_critical_rewind_restores_the_position_and_forbids_the_same_piece_clarification_18():
    start = setup({"A1": "velocity 3Q", "B3": "essence 3Q", "I1": "cosmos 3Q"})
    after_ours = start.play("travel B3 C3")  # essence earns 1: 4Q
    after_theirs = after_ours.play("travel I1 G1")  # cosmos earns 2: 5Q
    rewound = after_theirs.play("perform A1 critical-rewind")
    # Exactly the position after our travel, velocity paying 1Q; the opponent to move again.
    assert rewound.to_move == after_ours.to_move
    assert [p for p in rewound.pieces if p.umbration != "velocity"] == [p for p in after_ours.pieces if p.umbration != "velocity"]
    assert q(rewound, "velocity") == "2Q" and q(rewound, "cosmos") == "3Q"
    with pytest.raises(IllegalAction, match="Critical Rewind forbids"):
        rewound.play("travel I1 G1")
    # Any other piece may travel: essence began outside the right kingdom, so it earns nothing.
    assert q(rewound.play("travel C3 C2"), "essence") == "4Q"


def test_critical_rewind_of_a_document_forbids_documenting_and_needs_a_turn_to_undo_clarification_11():
    start = setup({"A1": "velocity 3Q", "I1": "cosmos 3Q"})
    assert "critical-rewind" not in start.next_steps([Step.cell("A1")]).choices()  # nothing to undo yet
    state = start.play("travel A1 A2").play("document one two three four five six seven eight nine")
    rewound = state.play("perform A2 critical-rewind")
    assert rewound.poem == ()
    with pytest.raises(IllegalAction, match="forbids documenting"):
        rewound.play("document one two three four five six seven eight nine")


def test_teleport_moves_a_piece_even_dead_or_a_monument_onto_a_blank_cell_but_never_a_word():
    state = setup({"A1": "velocity 9Q", "E1": "essence 0Q"}, monuments={"E2": "cosmos"}, word=("F2", "sun"),
                  rest=("D3", "F3", "G3", "G2", "H2", "D2"))
    assert cell(state.play("perform A1 teleport E1 H3"), "essence") == "H3"
    assert state.play("perform A1 teleport E2 H3").monuments == ((25, "cosmos"),)  # row 3 starts at 18; H is 7
    assert "F2" not in state.next_steps([Step.cell("A1"), Step.choice("teleport")]).cells()


def test_spectacle_builds_a_monument_of_a_piece_in_your_kingdom_in_the_opponents():
    state = setup({"A1": "radiance 3Q", "B1": "cosmos 0Q"}, rest=("D3", "F3", "G3", "H3", "G2", "D2"))
    after = state.play("perform A1 spectacle B1 H2")
    assert after.monuments == ((16, "cosmos"),)
    with pytest.raises(IllegalAction):
        state.play("perform A1 spectacle B1 E2")  # the World is not the opponent's kingdom


def test_ultraviolent_ray_lowers_the_row_to_1q_and_destroys_its_monuments_clarification_2():
    state = setup({"A2": "radiance 9Q", "B2": "cosmos 7Q", "E2": "duality 0Q", "H2": "velocity 5Q",
                   "I2": "essence 3Qe", "C1": "innervation 8Q"}, monuments={"F2": "cosmos", "F1": "duality"})
    after = state.play("perform A2 ultraviolent-ray")
    assert [q(after, u) for u in ("cosmos", "duality", "velocity", "essence", "innervation", "radiance")] == [
        "1Q", "0Q", "1Q", "3Qe", "8Q", "8Q"]
    assert after.monuments == ((5, "duality"),)


def test_build_monument_of_any_umbration_next_to_the_performer_or_destroy_one():
    state = setup({"B2": "corporeality 3Q"}, monuments={"A1": "essence"})
    assert state.play("perform B2 build-monument C3 caprice").monuments == ((0, "essence"), (20, "caprice"))
    assert state.play("perform B2 build-monument A1 destroy").monuments == ()
    with pytest.raises(IllegalAction):
        state.play("perform B2 build-monument E2 caprice")  # not adjacent


def test_monuments_have_no_cap():
    # The v0.4.1 patch removed the cap on monuments: with eleven on the board
    # the Corporeality still builds one more next to it, and the Radiance one
    # more in the right kingdom.
    walls = ("A1", "A3", "B1", "B3", "D1", "D2", "E1", "E2", "F1", "F2", "I2")
    monuments = {c: "essence" for c in walls}
    state = GAME.setup({"A2": "radiance 3Q", "B2": "corporeality 3Q", "C2": "cosmos 0Q", "D3": "duality 0Q",
                        "E3": "velocity 0Q", "F3": "innervation 0Q", "G1": "caprice 5Q", "G2": "cognizance 0Q",
                        "G3": "essence 0Q"}, monuments=monuments)
    assert len(state.play("perform B2 build-monument C1 cosmos").monuments) == 12
    assert len(state.play("perform A2 spectacle B2 H1").monuments) == 12


def test_tectonic_failure_moves_live_pieces_and_monuments_one_cell_clarification_5():
    state = setup({"B2": "corporeality 9Q", "E2": "cosmos 3Q", "A3": "essence 0Q"}, monuments={"D2": "duality"})
    after = state.play("perform B2 tectonic-failure D2>D1 E2>F2")
    assert cell(after, "cosmos") == "F2" and after.monuments == ((3, "duality"),)
    assert cell(after, "corporeality") == "B2" and q(after, "corporeality") == "8Q"
    with pytest.raises(IllegalAction, match="A3"):
        state.play("perform B2 tectonic-failure A3>A2")  # a dead piece does not move


def test_tectonic_failure_never_puts_two_things_on_one_cell():
    state = setup({"B2": "corporeality 9Q", "E2": "cosmos 3Q"}, monuments={"D2": "duality"})
    # D2 goes first in cell order; once it moves to E1, cosmos may not go there.
    opts = state.next_steps([Step.cell("B2"), Step.choice("tectonic-failure"), Step.choice("B2="), Step.choice("D2>E1")])
    assert "E2>E1" not in opts.choices() and "E2=" in opts.choices()


def test_tectonic_failure_moves_at_least_one_thing_clarification_31():
    state = setup({"B2": "corporeality 9Q", "I1": "cosmos 3Q"})
    for text in ("perform B2 tectonic-failure", "perform B2 tectonic-failure B2= I1="):
        with pytest.raises(IllegalAction, match="Tectonic Failure moves at least one thing"):
            state.play(text)
    # In cell order the Cosmos (I1) comes first; once it stays, the Corporeality must move.
    prefix = [Step.cell("B2"), Step.choice("tectonic-failure")]
    assert "I1=" in state.next_steps(prefix).choices()
    assert "B2=" not in state.next_steps(prefix + [Step.choice("I1=")]).choices()
    assert "B2=" in state.next_steps(prefix + [Step.choice("I1>H1")]).choices()
    after = state.play("perform B2 tectonic-failure B2>C2")
    assert (cell(after, "corporeality"), cell(after, "cosmos"), q(after, "corporeality")) == ("C2", "I1", "8Q")
    # Where every neighbour of every live piece is a dead piece or the placed word, nothing can move:
    # the Corporeality (which cannot build either) is not even offered.
    stuck = setup({"A1": "corporeality 9Q", "A2": "essence 0Q", "B1": "duality 0Q", "I1": "cosmos 3Q",
                   "H1": "velocity 0Q", "H2": "radiance 0Q", "I2": "caprice 0Q"}, word=("B2", "moon"))
    assert Step.cell("A1") not in stuck.next_steps().options
    with pytest.raises(IllegalAction, match="nothing can move: every cell next to each live piece and monument"):
        stuck.play("perform A1 tectonic-failure")


def test_energize_adds_up_to_3q_to_an_adjacent_live_piece_and_repairs_it_clarification_16():
    state = setup({"A1": "innervation 3Q", "B2": "cosmos 2Qb", "A2": "essence 0Q", "C3": "duality 4Q"})
    targets = state.next_steps([Step.cell("A1"), Step.choice("energize")]).cells()
    assert set(targets) == {"A1", "B2"}  # itself too; not the dead essence, not the distant duality
    assert q(state.play("perform A1 energize B2 3"), "cosmos") == "5Q"
    # 1, 2 or 3 as the player chooses (clarification 16); the repair comes with any of them.
    assert state.next_steps([Step.cell("A1"), Step.choice("energize"), Step.cell("B2")]).choices() == ["1", "2", "3"]
    assert [q(state.play(f"perform A1 energize B2 {n}"), "cosmos") for n in (1, 2)] == ["3Q", "4Q"]
    with pytest.raises(IllegalAction, match="adds 1, 2 or 3 Q"):
        state.play("perform A1 energize B2 0")


def test_select_the_fit_empties_every_piece_under_9q_clarification_17():
    state = setup({"A1": "innervation 9Q", "B1": "cosmos 8Q", "E2": "duality 9Q", "H1": "essence 3Qe", "I1": "velocity 12Q"})
    after = state.play("perform A1 select-the-fit")
    assert [q(after, u) for u in ("innervation", "cosmos", "duality", "essence", "velocity")] == ["8Q", "0Q", "9Q", "3Qe", "12Q"]


def test_interpretative_dance_uses_a_world_pieces_basic_ability_from_caprice_clarification_3():
    state = setup({"A1": "caprice 3Q", "E2": "duality 5Q", "I1": "cosmos 6Q", "D1": "innervation 0Q"})
    assert state.next_steps([Step.cell("A1"), Step.choice("interpretative-dance")]).cells() == ["E2"]  # not the dead one
    after = state.play("perform A1 interpretative-dance E2 cut I1")
    assert q(after, "cosmos") == "3Q" and q(after, "caprice") == "2Q" and q(after, "duality") == "5Q"
    with pytest.raises(IllegalAction, match="basic ability is cut"):
        state.play("perform A1 interpretative-dance E2 breakdown I1")


def test_a_danced_energize_reaches_pieces_next_to_caprice():
    state = setup({"A1": "caprice 3Q", "E2": "innervation 5Q", "B1": "cosmos 2Q"})
    targets = state.next_steps([Step.cell("A1"), Step.choice("interpretative-dance"), Step.cell("E2")]).cells()
    assert set(targets) == {"A1", "B1"}


def test_go_berserk_moves_next_to_a_piece_and_both_lose_9q_plus_the_cost_clarification_8():
    state = setup({"A1": "caprice 12Q", "H2": "cosmos 12Q"}, rest=("D3", "F3", "G3", "H3", "D2", "F2", "B3"))
    after = state.play("perform A1 go-berserk H2 G2")
    assert cell(after, "caprice") == "G2" and q(after, "caprice") == "2Q" and q(after, "cosmos") == "3Q"


def test_go_berserk_may_land_next_to_a_dead_piece_which_stays_dead_clarification_29():
    state = setup({"A1": "caprice 12Q", "B1": "essence 3Q", "E2": "velocity 0Q", "H2": "cosmos 4Q"})
    prefix = [Step.cell("A1"), Step.choice("go-berserk")]
    assert "E2" in state.next_steps(prefix).cells()
    after = state.play("perform A1 go-berserk E2 E1")
    # Caprice: 12 - 9 - 1 = 2 on E1; the Velocity stays at 0Q.
    assert (cell(after, "caprice"), q(after, "caprice"), q(after, "velocity")) == ("E1", "2Q", "0Q")
    assert after.outcome is None
    assert "perform A1 go-berserk E2 E1" in {a.text for a in state.legal_actions()}


def test_propaganda_takes_1q_from_each_chosen_piece_entered_one_by_one_then_done_clarification_12():
    state = setup({"A1": "cognizance 3Q", "B1": "essence 4Q", "I1": "cosmos 1Q", "E2": "duality 0Q", "H3": "velocity 3Qe"})
    first = state.next_steps([Step.cell("A1"), Step.choice("propaganda")])
    assert set(first.cells()) == {"A1", "B1", "I1"} and "done" not in first.choices()  # clarification 12
    picked = state.next_steps([Step.cell("A1"), Step.choice("propaganda"), Step.cell("I1")])
    assert "done" in picked.choices()
    after = state.play("perform A1 propaganda B1 I1")
    assert [q(after, u) for u in ("essence", "cosmos", "cognizance")] == ["3Q", "0Q", "2Q"]


def test_sum_of_all_knowledge_gains_1q_per_monument():
    state = setup({"A1": "cognizance 9Q"}, monuments={"E1": "cosmos", "E2": "duality", "H3": "essence"})
    assert q(state.play("perform A1 sum-of-all-knowledge"), "cognizance") == "11Q"


def test_q_never_goes_below_zero():
    after = setup({"A1": "duality 3Q", "B1": "cognizance 3Q", "I1": "cosmos 1Q"}).play("perform B1 propaganda I1")
    assert q(after, "cosmos") == "0Q"


# ---------------------------------------------------------------- the end


def test_the_sample_game_from_the_thread():
    arrangement = {"A1": "innervation", "A2": "essence", "A3": "duality", "D3": "cosmos", "E3": "velocity",
                   "F3": "radiance", "I1": "corporeality", "I2": "caprice", "I3": "cognizance"}
    start = GAME.initial(arrangement, second="left", names=("First", "Second"))
    moved = start.play("travel A1 G1")
    assert q(moved, "innervation") == "9Q"
    assert all(p.code() == "3Q" for p in moved.pieces if p.umbration != "innervation")
    done = moved.play("perform G1 select-the-fit")
    assert q(done, "innervation") == "8Q"
    assert all(p.code() == "0Q" for p in done.pieces if p.umbration != "innervation")
    assert done.total("left") == 0 and done.outcome.winner == "first"
    assert "left kingdom (First)" in done.outcome.reason


def test_both_kingdoms_at_zero_is_a_draw_and_an_empty_kingdom_holds_zero_clarification_7():
    after = setup({"A1": "caprice 9Q", "I1": "cosmos 9Q"}).play("perform A1 go-berserk I1 H1")
    assert after.total("left") == 0 and after.total("right") == 0 and after.outcome.draw
    emptied = setup({"A1": "essence 3Q", "I1": "cosmos 3Q"}).play("travel A1 D1")
    assert emptied.outcome.winner == "first"  # the left kingdom (the second player's) is empty


# ------------------------------------------------------------------- texts


def test_position_text_round_trips_with_history():
    state = setup({"A1": "velocity 3Q", "I1": "cosmos 3Q"}, monuments={"E2": "duality"}, poem="a b", word=("F1", "x"))
    state = state.play("travel A1 B1").play("travel I1 H1")
    assert GAME.parse(state.to_text()) == state
    with pytest.raises(NotationError):
        GAME.parse("{not json")


def test_forum_tables_round_trip_and_read_names():
    text = (
        "[TABLE][TR][TH]Dzuna[/TH][TH]Dzuna[/TH][TH]Dzuna[/TH][TH]World[/TH][TH]World[/TH][TH]World[/TH]"
        "[TH]Zules[/TH][TH]Zules[/TH][TH]Zules[/TH][/TR]\n"
        "[TR][TD]:ESSENCE:3Q[/TD][TD][/TD][TD][/TD][TD]moon[/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD]:INNERVATION: 3Q[/TD][/TR]\n"
        "[TR][TD]:RADIANCE:4Qb[/TD][TD]:cosmos:m[/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD][/TD][TD]:CAPRICE:3Qe[/TD][/TR]\n"
        "[TR][TD]:COGNIZANCE:3Q[/TD][TD][/TD][TD][/TD][TD]:DUALITY:0Q[/TD][TD]:CORPOREALITY:3Q[/TD][TD]:COSMOS:3Q[/TD]"
        "[TD][/TD][TD][/TD][TD]:VELOCITY:3Q[/TD][/TR][/TABLE]\n"
        "COMMUNAL POEM:\nthe sea is wide tonight and all stars burn"
    )
    state = GAME.from_forum(text, to_move="Zules")
    assert state.kingdom() == "right" and state.names == ("Dzuna", "Zules")
    assert q(state, "radiance") == "4Qb" and q(state, "caprice") == "3Qe" and q(state, "duality") == "0Q"
    assert state.monuments == ((10, "cosmos"),) and state.word == (3, "moon") and len(state.poem) == 9
    again = GAME.from_forum(state.to_forum(), to_move="right")
    assert again.to_forum() == state.to_forum() and again.pieces == state.pieces
    assert GAME.from_forum(text, to_move="left").kingdom() == "left"
    with pytest.raises(NotationError, match="field 'to_move'.*Dzuna"):
        GAME.from_forum(text, to_move="Nobody")


def test_forum_errors_point_somewhere():
    with pytest.raises(NotationError):
        GAME.from_forum("no table here", to_move="left")


def test_refused_actions_change_nothing():
    state = setup({"A1": "duality 3Q", "I1": "cosmos 7Q"})
    before = state.to_text()
    for bad in ["perform A1 flock-together", "travel A1 C2", "document too few", "dance", "perform Z9 cut"]:
        with pytest.raises((IllegalAction, NotationError)):
            state.play(bad)
    assert state.to_text() == before


def test_setup_refuses_two_pieces_of_one_umbration():
    with pytest.raises(NotationError, match="cosmos piece is given twice"):
        GAME.setup({"A1": "cosmos 3Q", "I1": "cosmos 3Q"})


# ------------------------------------------------- Flock Together and Tectonic Failure texts


def flock_position():
    # Duality performs with 9Q; cosmos (World, E2) and radiance (opponent's kingdom, H1) share 9Q and flock;
    # velocity (B2, 9Q) is in the kingdom already; essence (I3, 5Q) does not flock.
    return setup({"A1": "duality 9Q", "E2": "cosmos 9Q", "H1": "radiance 9Q", "B2": "velocity 9Q", "I3": "essence 5Q"})


def test_flock_together_text_sends_each_named_piece_to_its_named_cell_in_any_order():
    state = flock_position()
    after = state.play("perform A1 flock-together H1>B1 E2>C2")
    assert (cell(after, "cosmos"), cell(after, "radiance"), cell(after, "velocity")) == ("C2", "B1", "B2")
    swapped = state.play("perform A1 flock-together E2>B1 H1>C2")
    assert (cell(swapped, "cosmos"), cell(swapped, "radiance")) == ("B1", "C2")
    # Written in any order, the action is the same; its canonical text lists the moves in cell order (row by row).
    assert swapped == state.play("perform A1 flock-together H1>C2 E2>B1")
    assert swapped.last_action.text == "perform A1 flock-together H1>C2 E2>B1"


def test_flock_together_refuses_a_piece_that_does_not_flock_or_is_named_twice():
    state = flock_position()
    with pytest.raises(IllegalAction, match="essence piece.* on I3 does not flock.*9Q"):
        state.play("perform A1 flock-together E2>C2 H1>C1 I3>C3")
    with pytest.raises(IllegalAction, match="A1 does not flock"):  # the performer stays (clarification 4)
        state.play("perform A1 flock-together E2>C2 H1>C1 A1>C3")
    with pytest.raises(NotationError, match="E2 twice"):
        state.play("perform A1 flock-together E2>C2 E2>C3 H1>C1")
    with pytest.raises(IllegalAction, match="C2 is already taken"):
        state.play("perform A1 flock-together E2>C2 H1>C2")


def test_a_flock_move_onto_a_piece_that_stays_names_that_piece():
    state = flock_position()
    # A1 holds the performer, which does not flock; H1 (not yet placed) is not the reason.
    with pytest.raises(IllegalAction, match=r"^A1 is taken by the duality piece \(9Q\), which stays where it is$"):
        state.play("perform A1 flock-together E2>A1")
    # Velocity flocks but, not named, stays on B2.
    with pytest.raises(IllegalAction, match=r"^B2 is taken by the velocity piece \(9Q\), which stays"):
        state.play("perform A1 flock-together E2>B2 H1>C1")
    # Once velocity moves away, its cell is free for another.
    after = state.play("perform A1 flock-together E2>B2 H1>C1 B2>C2")
    assert (cell(after, "cosmos"), cell(after, "radiance"), cell(after, "velocity")) == ("B2", "C1", "C2")


def test_flock_together_pieces_outside_the_kingdom_must_be_placed_those_inside_may_stay():
    state = flock_position()
    with pytest.raises(IllegalAction, match="cosmos piece.* on E2 cannot stay"):
        state.play("perform A1 flock-together H1>C1")
    stays = state.play("perform A1 flock-together E2>C2 H1>C1 B2=")
    assert stays == state.play("perform A1 flock-together E2>C2 H1>C1") and cell(stays, "velocity") == "B2"
    assert cell(state.play("perform A1 flock-together E2>C2 H1>C1 B2>A3"), "velocity") == "A3"


def test_flock_together_steps_say_which_piece_each_places():
    state = flock_position()
    prefix = [Step.cell("A1"), Step.choice("flock-together")]
    # The flock is entered in cell order, row by row: H1 (radiance), B2 (velocity), E2 (cosmos).
    first = state.next_steps(prefix)
    assert all(o.label.startswith("Radiance H1 → ") for o in first.options) and "H1=" not in first.choices()
    second = state.next_steps(prefix + [Step.choice("H1>C3")])
    assert {o.label for o in second.options} >= {"Velocity stays on B2", "Velocity B2 → C2"}
    assert "B2>C3" not in second.choices()
    third = state.next_steps(prefix + [Step.choice("H1>C3"), Step.choice("B2=")])
    assert all(o.label.startswith("Cosmos E2 → ") for o in third.options) and "E2>B2" not in third.choices()


def test_flock_together_spills_the_rest_into_the_world():
    pieces = {"A1": "duality 9Q", "A2": "essence 1Q", "A3": "velocity 1Q", "B1": "radiance 1Q", "B2": "caprice 1Q",
              "B3": "corporeality 1Q", "C1": "innervation 1Q", "G1": "cosmos 9Q", "H1": "cognizance 9Q"}
    state = setup(pieces)
    # Two free cells in the kingdom (C2, C3) for two flockers; with one taken first, the other takes the last one.
    after = state.play("perform A1 flock-together G1>C2 H1>C3")
    assert (cell(after, "cosmos"), cell(after, "cognizance")) == ("C2", "C3")
    with pytest.raises(IllegalAction, match="D1 is not in your kingdom"):
        state.play("perform A1 flock-together G1>D1 H1>C3")


def test_tectonic_failure_text_refuses_a_thing_named_twice_and_accepts_stays():
    state = setup({"B2": "corporeality 9Q", "E2": "cosmos 3Q", "I1": "duality 3Q"}, monuments={"D2": "duality"})
    with pytest.raises(NotationError, match="E2 twice"):
        state.play("perform B2 tectonic-failure E2>F2 E2>F1")
    plain = state.play("perform B2 tectonic-failure D2>D1 E2>F2")
    assert state.play("perform B2 tectonic-failure D2>D1 E2>F2 I1= B2=") == plain
    assert state.play("perform B2 tectonic-failure E2>F2 B2= D2>D1") == plain
    # Every form the steps offer reads back from text: each option of the first mover, written alone.
    prefix = [Step.cell("B2"), Step.choice("tectonic-failure")]
    for option in state.next_steps(prefix).options:
        if option.value.endswith("="):  # alone, a stay moves nothing (clarification 31)
            continue
        action = state.parse_action(f"perform B2 tectonic-failure {option.value}")
        assert action.steps[2] == option


# ------------------------------------------------------------- refusals say why


@pytest.mark.parametrize("pieces, kw, text, reason", [
    ({"A1": "radiance 2Qb"}, {}, "perform A1 repair", "broken piece needs 3Q to perform its repair.* has 2Q"),
    ({"A1": "radiance 5Qb", "B1": "cosmos 3Q"}, {}, "perform A1 spectacle B1 H1", "broken: its next performance only repairs"),
    ({"A1": "radiance 5Q"}, {}, "perform A1 repair", "only a broken piece performs repair"),
    ({"A1": "velocity 3Q"}, {}, "perform A1 critical-rewind", "no opponent's turn to undo"),
    ({"A1": "cosmos 9Q"}, {}, "perform A1 redefinition 1 E2", "the communal poem is empty"),
    ({"A1": "cosmos 9Q"}, dict(poem="a b"), "perform A1 redefinition 3 E2", "1 to 2"),
    ({"A1": "cosmos 9Q", "E2": "duality 3Q"}, dict(poem="a b"), "perform A1 redefinition 1 E2", "E2 is taken by the duality"),
    ({"A1": "duality 5Q"}, {}, "perform A1 flock-together", "elite ability needs 9Q.* has 5Q"),
    ({"A1": "duality 3Q", "E2": "cosmos 0Q"}, {}, "perform A1 cut E2", "dead \\(0Q\\): Cut cannot target a dead piece"),
    ({"A1": "duality 3Q"}, {}, "perform A1 cut E2", "there is no piece on E2"),
    ({"A1": "duality 3Q"}, dict(monuments={"E2": "cosmos"}), "perform A1 cut E2", "no piece on E2 \\(only a cosmos monument\\)"),
    ({"A1": "cosmos 3Q", "E2": "duality 3Qe"}, {}, "perform A1 breakdown E2", "eternal \\(3Qe\\)"),
    ({"A1": "cosmos 3Q", "E2": "duality 3Qb"}, {}, "perform A1 breakdown E2", "already broken"),
    ({"A1": "innervation 3Q", "E2": "duality 3Q"}, {}, "perform A1 energize E2 3", "E2 is not A1 or next to it"),
    ({"A1": "innervation 3Q", "B1": "duality 3Q"}, {}, "perform A1 energize B1 4", "adds 1, 2 or 3 Q"),
    ({"A2": "essence 3Q", "E2": "cosmos 3Q"}, {}, "perform A2 return-home E2", "home cell of the cosmos piece on E2 is unknown"),
    ({"A2": "essence 3Q", "E2": "cosmos 3Q", "I1": "duality 3Q"}, dict(homes={"cosmos": "I1"}), "perform A2 return-home E2",
     "home cell of the cosmos piece on E2, I1, is taken by the duality piece"),
    ({"A1": "velocity 9Q"}, dict(word=("E2", "sun")), "perform A1 teleport E2 H1", "placed words cannot be teleported"),
    ({"A1": "radiance 3Q", "B1": "cosmos 3Q"}, {}, "perform A1 spectacle B1 E2", "E2 is not in the opponent's kingdom"),
    ({"A1": "radiance 3Q", "H1": "cosmos 3Q"}, {}, "perform A1 spectacle H1 H2", "cosmos piece on H1 is not in your kingdom"),
    ({"B2": "corporeality 3Q"}, {}, "perform B2 build-monument E2 cosmos", "E2 is not next to B2"),
    ({"B2": "corporeality 3Q"}, dict(monuments={"A1": "essence"}), "perform B2 build-monument A1 cosmos", "only be destroyed"),
    ({"B2": "corporeality 9Q", "A3": "essence 0Q"}, {}, "perform B2 tectonic-failure A3>A2", "nothing Tectonic Failure moves stands on A3"),
    ({"B2": "corporeality 9Q"}, {}, "perform B2 tectonic-failure B2>B3 I3>E1", "E1 is not next to I3"),
    ({"A1": "caprice 3Q", "E2": "duality 0Q"}, {}, "perform A1 interpretative-dance E2 cut I3", "dead"),
    ({"A1": "caprice 3Q", "B2": "duality 3Q"}, {}, "perform A1 interpretative-dance B2 cut I3", "not in the World"),
    ({"A1": "caprice 3Q", "E2": "velocity 3Q"}, {}, "perform A1 interpretative-dance E2 critical-rewind",
     "Critical Rewind of the velocity piece on E2 cannot be danced here: there is no opponent's turn to undo"),
    ({"A1": "caprice 12Q"}, {}, "perform A1 go-berserk A1 B1", "not itself"),
    ({"A1": "caprice 12Q", "I3": "cosmos 9Q"}, {}, "perform A1 go-berserk I3 E2", "E2 is not next to I3"),
    ({"A1": "cognizance 3Q", "B1": "cosmos 3Qe"}, {}, "perform A1 propaganda B1", "eternal"),
    ({"A1": "cognizance 3Q", "B1": "cosmos 3Q"}, {}, "perform A1 propaganda B1 B1", "already picked"),
    ({"D1": "duality 9Q", "A1": "cosmos 5Q"}, {}, "perform D1 cut A1", "only pieces in your kingdom \\(left\\) perform"),
    ({"A1": "duality 3Q"}, {}, "perform A1 breakdown I3", "abilities are cut \\(basic\\) and flock-together \\(elite\\)"),
    ({"A1": "duality 3Q"}, {}, "perform A1 cut", "not complete yet: it goes on with one of A1, I3"),
    ({"A1": "duality 3Q"}, {}, "pass", "only when nothing else is possible"),
])
def test_refusals_name_the_real_reason(pieces, kw, text, reason):
    state = setup(pieces, **kw)
    with pytest.raises(IllegalAction, match=reason) as refused:
        state.play(text)
    assert "nothing it can do" not in str(refused.value)


def test_a_piece_that_can_do_nothing_says_why_for_travel_and_perform():
    # Duality (B2, 2Q) is hemmed in by monuments and too poor to perform.
    around = {c: "cosmos" for c in ("A1", "A2", "A3", "B1", "B3", "C1", "C2", "C3")}
    state = setup({"B2": "duality 2Q"}, monuments=around)
    with pytest.raises(IllegalAction, match="every cell next to B2 is taken.*performing needs 3Q"):
        state.next_steps([Step.cell("B2")])


def test_an_impossible_ability_says_why_when_asked_for():
    # Spectacle with the opponent's kingdom full of monuments.
    full = {c: "essence" for c in ("G1", "G2", "G3", "H1", "H2", "H3", "I1", "I2")}
    state = setup({"A1": "radiance 3Q", "I3": "cosmos 3Q"}, monuments=full)
    assert "spectacle" not in state.next_steps([Step.cell("A1")]).choices()
    with pytest.raises(IllegalAction, match="Spectacle is impossible: no blank cell is left in the opponent's kingdom"):
        state.play("perform A1 spectacle")
    with pytest.raises(IllegalAction, match="H1 is taken by an essence monument"):
        state.play("perform A1 spectacle A1 H1")


def test_a_player_with_nothing_to_do_passes_clarification_13():
    from dataclasses import replace

    walls = {c: "essence" for c in ("A2", "B1", "B2", "H2", "H3", "I2")}
    # Left to move after a Critical Rewind of a DOCUMENT: no document, and both 1Q pieces are walled in.
    # The other seven pieces lie dead elsewhere.
    pieces = dead_rest({"A1": "duality 1Q", "I3": "cosmos 1Q"}, monuments=walls)
    state = replace(GAME.setup(pieces, monuments=walls), forbid="document")
    assert state.next_steps().options == (Step.choice("pass"),)
    after = state.play("pass")
    assert after.kingdom() == "right" and after.pieces == state.pieces and after.forbid == ""
    with pytest.raises(IllegalAction, match="only when nothing else is possible"):
        after.play("pass")


# ------------------------------------------------------------ Redefinition's returned word


def test_redefinition_puts_the_returned_word_where_the_player_chooses_clarification_14():
    state = setup({"A1": "cosmos 9Q"}, poem="a b c d", word=("E2", "x"))
    # "a" leaves the poem (b c d); the old word x may go before b, c or d, or by default at the end.
    prefix = [Step.cell("A1"), Step.choice("redefinition"), Step.choice("1"), Step.cell("F1")]
    places = state.next_steps(prefix)
    assert places.complete and places.choices() == ["1", "2", "3"]
    assert [o.label for o in places.options] == ["'x' back before 'b'", "'x' back before 'c'", "'x' back before 'd'"]
    assert state.play("perform A1 redefinition 1 F1").poem == tuple("bcdx")
    assert state.play("perform A1 redefinition 1 F1 2").poem == tuple("bxcd")
    assert state.play("perform A1 redefinition 1 F1 1").poem == tuple("xbcd")
    assert state.play("perform A1 redefinition 1 F1 4") == state.play("perform A1 redefinition 1 F1")  # the end
    with pytest.raises(IllegalAction, match="before word 1 to 3"):
        state.play("perform A1 redefinition 1 F1 5")
    # With no word on the field, nothing comes back and there is nothing to choose.
    bare = setup({"A1": "cosmos 9Q"}, poem="a b c d")
    assert bare.next_steps(prefix).options == () and bare.next_steps(prefix).complete
    with pytest.raises(IllegalAction, match="no word stands on the field"):
        bare.play("perform A1 redefinition 1 F1 2")


# ------------------------------------------------------------ what legal_actions lists


def test_redefinition_is_entered_by_steps_and_not_listed_since_it_grows_with_the_poem():
    # Cosmos 9Q on A1 (left, to move), a filler on I3 and seven dead pieces, poem of nine words:
    # Redefinition could put any of 9 words on any of the 18 blank cells (162 actions); none is listed.
    state = setup({"A1": "cosmos 9Q"}, poem="a b c d e f g h i")
    assert not [a for a in state.legal_actions() if "redefinition" in a.text]
    assert "redefinition" in state.next_steps([Step.cell("A1")]).choices()
    entered = state.action_from_steps([Step.cell("A1"), Step.choice("redefinition"), Step.choice("9"), Step.cell("E2")])
    assert entered.text == "perform A1 redefinition 9 E2"
    assert state.play(entered).word == (13, "i")
    # redefinitions() lists chosen words: word 2 onto the 18 blank cells (27 less the nine pieces).
    chosen = state.redefinitions(words=[2])
    assert len(chosen) == 18 and {a.text.split()[3] for a in chosen} == {"2"}
    assert "perform A1 redefinition 2 I3" not in {a.text for a in chosen}
    assert len(state.redefinitions()) == 9 * 18


def test_the_sample_for_searches_is_legal_and_entered_by_its_own_steps():
    # Left to move: Cognizance 3Q on B2 (left), Cosmos 9Q on A1, poem "a b"; right kingdom: Radiance
    # 5Q on I3, an eternal Essence on H1 (Propaganda cannot target it) and dead pieces (nor them).
    state = setup({"A1": "cosmos 9Q", "B2": "cognizance 3Q", "I3": "radiance 5Q", "H1": "essence 3Qe"}, poem="a b",
                  rest=("D3", "F3", "G3", "H3", "G2"))
    sample = {a.text for a in state.sampled_actions()}
    assert "document word word word word word word word word word" in sample
    assert "perform B2 propaganda I3" in sample
    # Redefinition of the first word onto each of the 18 blank cells.
    assert len([t for t in sample if "redefinition 1 " in t]) == 18
    for action in state.sampled_actions():
        assert state.action_from_steps(action.steps) == action
        assert state.play(action.text) == state._apply(action)


def test_a_listed_repair_belongs_to_the_broken_piece_on_its_cell_whatever_was_listed_before():
    # The same cell B3 holds a broken Caprice in one position and a broken Cognizance in the next;
    # each listed repair mends the piece that stands there (3Qb -> 2Q: it pays its 1Q).
    for umbration in ("caprice", "cognizance"):
        state = nine({"B3": f"{umbration} 3Qb"})
        repair = next(a for a in state.legal_actions() if a.text == "perform B3 repair")
        assert repair.data[1] == umbration
        assert state.play(repair).piece(umbration).code() == "2Q"


def test_where_only_document_is_possible_legal_actions_lists_one_document():
    # Left to move.  The only live pieces, Essence 1Q on A1 and Radiance 1Q on I1, are walled in by
    # dead pieces (A2 B1 B2 around A1, H1 H2 I2 around I1) and too weak to perform; Cognizance lies
    # dead on E2.  Nothing travels or performs, so DOCUMENT is all that is left, and it is listed.
    state = GAME.setup({"A1": "essence 1Q", "A2": "duality 0Q", "B1": "cosmos 0Q", "B2": "velocity 0Q",
                        "I1": "radiance 1Q", "H1": "corporeality 0Q", "H2": "innervation 0Q", "I2": "caprice 0Q",
                        "E2": "cognizance 0Q"})
    assert state.outcome is None and state.next_steps().options == (Step.choice("document"),)
    assert [a.text for a in state.legal_actions()] == ["document word word word word word word word word word"]
    action = state.legal_actions()[0]
    assert state.action_from_steps(action.steps) == action
    assert state.play(action).poem == ("word",) * 9


def test_where_only_open_ended_actions_are_possible_one_of_each_start_is_listed():
    from dataclasses import replace

    # Left to move after a Critical Rewind of a DOCUMENT (no document).  Cognizance 3Q on A1 is
    # walled in by dead pieces; its only ability is Propaganda, entered by steps and never listed
    # otherwise.  Radiance 1Q on I1 is walled in too.  The listing completes the one start there is
    # (A1) with the first option at each step: Propaganda on A1, then I1, then done.
    state = GAME.setup({"A1": "cognizance 3Q", "A2": "duality 0Q", "B1": "cosmos 0Q", "B2": "velocity 0Q",
                        "I1": "radiance 1Q", "H1": "corporeality 0Q", "H2": "innervation 0Q", "I2": "caprice 0Q",
                        "E2": "essence 0Q"})
    rewound = replace(state, forbid="document")
    assert [a.text for a in rewound.legal_actions()] == ["perform A1 propaganda A1 I1"]
    assert [a.text for a in rewound.walked_actions()] == ["perform A1 propaganda A1 I1"]
    # With DOCUMENT allowed, both starts are completed.
    assert [a.text for a in state.legal_actions()] == ["perform A1 propaganda A1 I1",
                                                       "document word word word word word word word word word"]
    for s in (state, rewound):
        for action in s.legal_actions():
            assert s.action_from_steps(action.steps) == action and s.parse_action(action.text) == action


# ------------------------------------------------------------ forum tables escape words


TRICKY_WORDS = [":COSMOS:3Q", ":cosmos:m", "⬛", "3Q", "x9q", "3Qe", "[/TD]", "[TD]x", "[/TABLE]", "[TABLE]", "(To", "written)",
                "[PLAIN]x", "x[/PLAIN", ":lol:", "COMMUNAL", "POEM:", "[b]bold[/b]", "]["]


def test_forum_tables_escape_words_that_would_read_back_as_something_else():
    for w in TRICKY_WORDS:
        state = nine({"A1": "cosmos 3Q"}, word=("E2", w), poem=" ".join([w] * 9))
        text = state.to_forum()
        assert (f"[PLAIN]{w}[/PLAIN]" in text) == (any(ch in w for ch in "[]:⬛") or w[-2:] in ("3Q", "9q", "Qe")), w
        again = GAME.from_forum(text, to_move="left")
        assert again.word == (13, w) and again.poem == (w,) * 9 and again.pieces == state.pieces, w
    # A poem that reads "(To be written)" is not the empty poem.
    odd = nine({"A1": "cosmos 3Q"}, poem="(To be written)")
    assert GAME.from_forum(odd.to_forum(), to_move="left").poem == ("(To", "be", "written)")
    assert GAME.from_forum(nine({"A1": "cosmos 3Q"}).to_forum(), to_move="left").poem == ()


def test_a_word_with_the_forum_tag_that_ends_an_escape_is_refused_when_documented():
    state = setup({"A1": "cosmos 3Q"})
    with pytest.raises(IllegalAction, match=r"\[/PLAIN\]"):
        state.play("document one two three four five six seven eight x[/plain]y")


def _words():
    from hypothesis import strategies as st

    from playbook.games.cresnovian.entry import word_problem

    pieces = st.sampled_from(["[", "]", ":", "/", "⬛", "PLAIN", "TD", "TABLE", "(", ")", "COSMOS", "cosmos", "m", "3Q"])
    chars = st.characters(blacklist_categories=("Cc", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"))
    word = st.lists(st.one_of(pieces, chars), min_size=1, max_size=6).map("".join)
    return word.filter(lambda w: not word_problem(w))


def test_forum_tables_round_trip_any_word_and_name():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    names = st.lists(_words(), min_size=1, max_size=3).map(" ".join)

    @settings(max_examples=150, deadline=None, derandomize=True)
    @given(word=_words(), poem=st.lists(_words(), min_size=0, max_size=12), left=names, right=names)
    def round_trip(word, poem, left, right):
        state = nine({"A1": "cosmos 3Q"}, word=("E2", word), poem=" ".join(poem), names=(left, right))
        again = GAME.from_forum(state.to_forum(), to_move="left")
        assert (again.word, again.poem, again.names, again.pieces) == (state.word, state.poem, state.names, state.pieces)

    round_trip()


# ------------------------------------------------------------ impossible positions are refused


def _text(**changes):
    import json

    data = json.loads(setup({"A1": "cosmos 3Q", "B1": "duality 4Q"}, monuments={"E2": "essence"}).to_text())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("changes, field, problem", [
    (dict(pieces=[["cosmos", "A1", "3Q", ""], ["cosmos", "B1", "3Q", ""]]), "pieces", "cosmos piece is given twice"),
    (dict(pieces=[["cosmos", "A1", "3Q", ""], ["duality", "A1", "3Q", ""]]), "pieces", "A1 holds the cosmos piece and the duality"),
    (dict(pieces=[["cosmos", "E2", "3Q", ""]]), "monuments", "E2 holds the cosmos piece already"),
    (dict(word=["E2", "moon"]), "word", "E2 holds an essence monument already"),
    (dict(pieces=[["cosmos", "A1", "4Qe", ""]]), "pieces", "eternal, so it has 3Q, not 4Q"),
    (dict(pieces=[["cosmos", "A1", "-1Q", ""]]), "pieces", "not written <n>Q"),
    (dict(pieces=[["cosmos", "A1", "1000000Q", ""]]), "pieces", "n from 0 to 999999"),
    (dict(pieces=[["cosmos", "A1", "03Q", ""]]), "pieces", "not written <n>Q"),
    (dict(pieces=[["comet", "A1", "3Q", ""]]), "pieces", "'comet' is no umbration"),
    (dict(pieces=[["cosmos", "J9", "3Q", ""]]), "pieces", "'J9' is not a cell"),
    (dict(pieces=[["cosmos", "A1", "3Q", "B2"]]), "pieces", "home B2 is not a foundation cell"),
    (dict(pieces=[["cosmos", "A1", "3Q", "A1"], ["duality", "B1", "3Q", "A1"]]), "pieces", "both have the home cell A1"),
    (dict(pieces=[["cosmos", "A1", "3Q"]]), "pieces", "item 1 must be \\[umbration, cell, Q, home\\]"),
    (dict(pieces="cosmos"), "pieces", "must be a list"),
    (dict(phase="playing"), "phase", "must be one of 'place', 'choose', 'play'"),
    (dict(turn="third"), "turn", "must be one of 'first', 'second'"),
    (dict(**{"second-kingdom": "middle"}), "second-kingdom", "must be one of '', 'left', 'right'"),
    (dict(**{"second-kingdom": ""}), "second-kingdom", "in play the second player holds"),
    (dict(monuments=[["E2", "comet"]]), "monuments", "'comet' is no umbration"),
    (dict(word=["E3"]), "word", "must be \\[\\] or \\[cell, word\\]"),
    (dict(poem=["a b"]), "poem", "word 1 'a b' cannot be a word"),
    (dict(poem=[3]), "poem", "word 1 must be text, not a number"),
    (dict(**{"last-travel": "comet"}), "last-travel", "must be one of"),
    (dict(**{"last-turn": "dance"}), "last-turn", "'travel:<umbration>'"),
    (dict(forbid="travel:comet"), "forbid", "'travel:<umbration>'"),
    (dict(names=["Ann"]), "names", "two names"),
    (dict(names=["Ann", " Bob"]), "names", "no spaces around it"),
    (dict(before="{}"), "before", "the earlier position cannot be read"),
    (dict(colour="red"), "colour", "is no field of a position"),
])
def test_parse_names_the_field_and_the_problem(changes, field, problem):
    with pytest.raises(NotationError, match=f"field '{field}': .*{problem}"):
        GAME.parse(_text(**changes))


def test_parse_refuses_wrong_shapes_and_impossible_set_ups():
    import json

    for bad in ["[1, 2]", '"text"', "17", "null", "{}"]:
        with pytest.raises(NotationError, match="JSON object|needs the field"):
            GAME.parse(bad)
    with pytest.raises(NotationError, match="JSON text, not int"):
        GAME.parse(17)
    start = json.loads(GAME.initial().play("place cosmos A1").to_text())
    with pytest.raises(NotationError, match="field 'pieces': while setting up"):
        GAME.parse(json.dumps({**start, "pieces": [["cosmos", "B1", "3Q", ""]]}))
    with pytest.raises(NotationError, match="field 'poem': must be empty while setting up"):
        GAME.parse(json.dumps({**start, "poem": ["a"]}))
    with pytest.raises(NotationError, match="field 'turn': the first player places"):
        GAME.parse(json.dumps({**start, "turn": "second"}))
    # A rewind needs a readable earlier position with the other player to move.
    played = setup({"A1": "velocity 3Q", "I1": "cosmos 3Q"}).play("travel A1 B1")
    data = json.loads(played.to_text())
    with pytest.raises(NotationError, match="field 'before': the earlier position has the same player to move"):
        GAME.parse(json.dumps({**data, "turn": "second" if data["turn"] == "first" else "first"}))


def test_setup_refuses_impossible_positions_naming_the_field():
    with pytest.raises(NotationError, match="field 'pieces': the cosmos and duality pieces both have the home cell A1"):
        GAME.setup({"A1": "cosmos 3Q", "B1": "duality 3Q"}, homes={"duality": "A1", "cosmos": "A1"})
    with pytest.raises(NotationError, match="field 'monuments': A1 holds the cosmos piece"):
        GAME.setup({"A1": "cosmos 3Q"}, monuments={"A1": "essence"})
    with pytest.raises(NotationError, match="field 'mover'"):
        GAME.setup({"A1": "cosmos 3Q"}, mover="up")
    with pytest.raises(NotationError, match="field 'pieces': write a piece"):
        GAME.setup({"A1": "cosmos"})
    with pytest.raises(NotationError, match="field 'pieces': .*eternal"):
        GAME.setup({"A1": "cosmos 5Qe"})


def test_forum_errors_give_line_and_column():
    good = nine({"A1": "cosmos 3Q", "B1": "duality 4Q"}).to_forum()
    lines = good.split("\n")
    # Line 3 is the board's second row; put a second cosmos piece in its first cell.
    bad = good.replace("[TR][TD][/TD]", "[TR][TD]:COSMOS:3Q[/TD]", 1)
    with pytest.raises(NotationError, match=r"A2: the cosmos piece stands on A1 already \(line 3, column 9\)") as err:
        GAME.from_forum(bad, to_move="left")
    assert (err.value.line, err.value.column) == (3, 9) and lines[2].startswith("[TR][TD][/TD]")
    for broken, message in [(good.replace(":DUALITY:4Q", ":DUALITY:4Qe"), "B1: :DUALITY:4Qe is out of range"),
                            (good.replace(":DUALITY:4Q", ":DUALITI:4Q"), "unknown umbration DUALITI"),
                            (good.replace("[/TD][/TR]", "[/TR]", 1), r"\[/TR\] inside a \[TD\] cell"),
                            (good.replace("[TD][/TD]", "", 1), "board row 1 needs 9 \\[TD\\] cells, found 8"),
                            (good.replace("[/TABLE]", ""), "outside the table's cells"),
                            (good.replace("[TD][/TD]", "[TD]moon[/TD]", 1).replace("[TD][/TD]", "[TD]sun[/TD]", 1), "only one word")]:
        with pytest.raises(NotationError, match=message) as err:
            GAME.from_forum(broken, to_move="left")
        assert err.value.line is not None and err.value.column is not None


def test_setup_parse_and_the_editor_refuse_a_position_in_play_without_all_nine_pieces_clarification_28():
    import json

    two = {"A1": "cosmos 3Q", "I1": "duality 3Q"}
    missing = "essence, velocity, radiance, corporeality, innervation, caprice, cognizance"
    with pytest.raises(NotationError, match=f"field 'pieces': the board holds 2 of the nine pieces \\(missing: {missing}\\)"):
        GAME.setup(two)
    full = setup(two)  # the seven others lie dead
    assert len(full.pieces) == 9
    data = json.loads(full.to_text())
    data["pieces"] = [p for p in data["pieces"] if p[0] != "cognizance"]
    with pytest.raises(NotationError, match="holds 8 of the nine pieces \\(missing: cognizance\\)"):
        GAME.parse(json.dumps(data))
    # The editor may move a piece but not take one off the board.
    with pytest.raises(NotationError, match="missing: cosmos"):
        full.edit("A1", None)
    assert full.edit("B2", "cosmos").piece("cosmos").cell == 10
    # While the pieces are being placed, fewer than nine is the rule.
    placing = GAME.initial().play("place essence A1")
    assert len(placing.pieces) == 1 and GAME.parse(placing.to_text()) == placing


# ------------------------------------------------------------ clarifications without a test of their own


def test_repair_needs_3q_and_costs_1q_and_eternal_pieces_refuse_breakdown_and_energize_clarification_9():
    # A broken 2Q piece cannot perform at all; at 3Q its repair costs 1Q, waived next to its own monument.
    assert setup({"A1": "radiance 2Qb", "I1": "cosmos 3Q"}).next_steps([Step.cell("A1")]).choices() == []
    assert q(setup({"A1": "radiance 3Qb", "I1": "cosmos 3Q"}).play("perform A1 repair"), "radiance") == "2Q"
    waived = setup({"A1": "radiance 3Qb", "I1": "cosmos 3Q"}, monuments={"B1": "radiance"})
    assert q(waived.play("perform A1 repair"), "radiance") == "3Q"
    # Breakdown and Energize pass an eternal piece by.
    state = setup({"A1": "cosmos 3Q", "B1": "essence 3Qe", "A2": "innervation 3Q", "I1": "duality 3Q"})
    assert "B1" not in state.next_steps([Step.cell("A1"), Step.choice("breakdown")]).cells()
    assert "B1" not in state.next_steps([Step.cell("A2"), Step.choice("energize")]).cells()
    with pytest.raises(IllegalAction, match="eternal"):
        state.play("perform A2 energize B1 2")


def test_only_abilities_that_do_not_change_q_reach_dead_pieces_clarification_10():
    dead = {"E2": "velocity 0Q"}
    rest = ("D3", "F3", "G3", "H3", "G2", "D2", "C3")  # clear of H2, where Teleport and Spectacle aim
    refusing = [({"A1": "duality 3Q"}, "perform A1 cut E2"), ({"A1": "cosmos 3Q"}, "perform A1 breakdown E2"),
                ({"A1": "cognizance 3Q"}, "perform A1 propaganda E2")]
    for pieces, text in refusing:
        with pytest.raises(IllegalAction, match="dead"):
            setup({**pieces, **dead}, rest=rest).play(text)
    with pytest.raises(IllegalAction, match="dead"):
        setup({"A1": "innervation 3Q", "B1": "velocity 0Q"}, rest=rest).play("perform A1 energize B1 1")
    # Return Home, Perfect Eternal, Teleport and Spectacle take dead pieces.
    home = setup({"A2": "essence 3Q", **dead}, homes={"velocity": "E3"}, rest=rest)
    assert cell(home.play("perform A2 return-home E2"), "velocity") == "E3"
    assert q(setup({"A2": "essence 9Q", **dead}, rest=rest).play("perform A2 perfect-eternal E2"), "velocity") == "3Qe"
    teleport = setup({"A1": "velocity 9Q", "E2": "essence 0Q"}, rest=rest)
    assert cell(teleport.play("perform A1 teleport E2 H2"), "essence") == "H2"
    spectacle = setup({"A1": "radiance 3Q", "B1": "velocity 0Q"}, rest=rest).play("perform A1 spectacle B1 H2")
    assert spectacle.monuments == ((16, "velocity"),)


def test_cut_and_breakdown_may_target_their_performer_clarification_32():
    # "Choose any umbral piece": the performer is one of them.
    state = setup({"A1": "duality 5Q", "B1": "cosmos 4Q"})
    cut_targets = state.next_steps([Step.cell("A1"), Step.choice("cut")]).options
    breakdown_targets = state.next_steps([Step.cell("B1"), Step.choice("breakdown")]).options
    assert Step.cell("A1") in cut_targets and Step.cell("B1") in breakdown_targets
    # The Duality halves its own 5Q (5 // 2 = 2), then pays 1Q: 1Q.
    assert q(state.play("perform A1 cut A1"), "duality") == "1Q"
    # The Cosmos breaks itself, then pays 1Q from its 4Q: 3Qb, and its next
    # performance only mends it (3Qb pays 1Q for the repair: 2Q).
    broken = state.play("perform B1 breakdown B1")
    assert q(broken, "cosmos") == "3Qb"
    assert q(broken.play("travel I3 I2").play("perform B1 repair"), "cosmos") == "2Q"
    # Next to a monument of its own umbration neither pays: 2Q, and 4Qb.
    waived = setup({"A1": "duality 5Q", "B1": "cosmos 4Q"}, monuments={"A2": "duality", "C1": "cosmos"})
    assert q(waived.play("perform A1 cut A1"), "duality") == "2Q"
    assert q(waived.play("perform B1 breakdown B1"), "cosmos") == "4Qb"


def test_dead_pieces_block_travel_clarification_15():
    state = setup({"A1": "innervation 3Q", "B1": "cosmos 0Q"})
    with pytest.raises(IllegalAction, match="blocked by the cosmos piece \\(0Q\\) on B1"):
        state.play("travel A1 C1")


def test_return_home_needs_a_blank_home_cell_and_a_piece_away_from_it_clarification_20():
    # The Cosmos's home I1 holds a monument, then a placed word: no Return Home.
    for extra in ({"monuments": {"I1": "duality"}}, {"word": ("I1", "glass"), "poem": "a river"}):
        state = setup({"A2": "essence 3Q", "E2": "cosmos 3Q", "I3": "cognizance 4Q"}, homes={"cosmos": "I1"}, **extra)
        with pytest.raises(IllegalAction, match="home cell .* I1, is taken"):
            state.play("perform A2 return-home E2")
    at_home = setup({"A2": "essence 3Q", "I1": "cosmos 3Q", "I3": "cognizance 4Q"}, homes={"cosmos": "I1"})
    with pytest.raises(IllegalAction, match="already on its home cell"):
        at_home.play("perform A2 return-home I1")


def test_breakdown_cannot_target_a_piece_already_broken_clarification_21():
    state = setup({"A1": "cosmos 3Q", "I1": "radiance 5Qb", "I2": "duality 4Q"})
    assert "I1" not in state.next_steps([Step.cell("A1"), Step.choice("breakdown")]).cells()
    with pytest.raises(IllegalAction, match="already broken"):
        state.play("perform A1 breakdown I1")
    assert q(state.play("perform A1 breakdown I2"), "duality") == "4Qb"


def test_a_world_piece_with_1q_or_broken_can_be_danced_and_stays_as_it_was_clarification_22():
    # Duality in the World has 1Q and is broken: Caprice still dances its Cut
    # on the 6Q Cosmos (6 // 2 = 3); Duality keeps 1Qb, Caprice pays 1Q (3 -> 2).
    state = setup({"A1": "caprice 3Q", "E2": "duality 1Qb", "I1": "cosmos 6Q"})
    after = state.play("perform A1 interpretative-dance E2 cut I1")
    assert (q(after, "cosmos"), q(after, "duality"), q(after, "caprice")) == ("3Q", "1Qb", "2Q")


def test_go_berserk_may_stay_put_when_already_next_to_the_target_clarification_23():
    # Caprice on B2 is already next to the Cosmos on C2: B2 is one of its landing cells.
    state = setup({"B2": "caprice 12Q", "C2": "cosmos 9Q", "I1": "duality 5Q"})
    assert "B2" in state.next_steps([Step.cell("B2"), Step.choice("go-berserk"), Step.cell("C2")]).cells()
    after = state.play("perform B2 go-berserk C2 B2")
    # 12 - 9 - 1 = 2 for Caprice, 9 - 9 = 0 for the Cosmos.
    assert (cell(after, "caprice"), q(after, "caprice"), q(after, "cosmos")) == ("B2", "2Q", "0Q")


def test_ultraviolent_ray_leaves_a_placed_word_clarification_24():
    state = setup({"A2": "radiance 9Q", "B2": "cosmos 4Q", "I1": "duality 6Q"}, poem="a b c", word=("E2", "glass"),
                  monuments={"F2": "cosmos"})
    after = state.play("perform A2 ultraviolent-ray")
    assert after.word == state.word and after.monuments == () and q(after, "cosmos") == "1Q"


def test_an_eternal_piece_performs_for_free_and_counts_for_document_clarification_25():
    # An eternal Duality cuts the 7Q Cosmos to 3Q and keeps its 3Qe.
    after = setup({"A1": "duality 3Qe", "I1": "cosmos 7Q"}).play("perform A1 cut I1")
    assert (q(after, "duality"), q(after, "cosmos")) == ("3Qe", "3Q")
    # DOCUMENT in a kingdom of 3Qe, 1Q and a dead piece: the highest is the eternal 3, so 1Q -> 3Q.
    state = setup({"A1": "essence 3Qe", "B1": "duality 1Q", "C1": "cosmos 0Q", "I2": "radiance 4Q"})
    after = state.play("document a b c d e f g h i")
    assert [q(after, u) for u in ("essence", "duality", "cosmos")] == ["3Qe", "3Q", "0Q"]


def test_a_poem_word_is_printable_text_without_spaces_and_document_takes_exactly_nine_clarification_26():
    state = setup({"A1": "essence 3Q"})
    with pytest.raises(IllegalAction, match="nine words, not 10"):
        state.play("document one two three four five six seven eight nine ten")
    # Punctuation, digits and letters of any alphabet are words; extra spaces between them are not.
    after = state.play("document  Ωmega, 3Q :cosmos: don't  stop  the  poem now, please!")
    assert after.poem == tuple("Ωmega, 3Q :cosmos: don't stop the poem now, please!".split())
    with pytest.raises(IllegalAction, match="printable"):
        state.play("document one two three four five six seven eight ni\x07ne")


def test_teleport_and_tectonic_failure_may_move_the_performer_itself_clarification_27():
    # Velocity (9Q) teleports itself from A1 to B2 and pays 1Q there: 8Q.
    after = setup({"A1": "velocity 9Q"}).play("perform A1 teleport A1 B2")
    assert (cell(after, "velocity"), q(after, "velocity")) == ("B2", "8Q")
    # Corporeality (9Q) on B2 moves itself one cell to C2 and pays 1Q: 8Q.
    after = setup({"B2": "corporeality 9Q"}).play("perform B2 tectonic-failure B2>C2")
    assert (cell(after, "corporeality"), q(after, "corporeality")) == ("C2", "8Q")


def test_every_ability_is_one_class_found_by_its_name_in_its_umbrations_module():
    # Nine umbrations with a basic and an elite ability each, and the repair a broken piece performs.
    assert len(ABILITIES) == 19
    for name, kind in ABILITIES.items():
        assert kind.name == name
        owner = ABILITY_OWNER.get(name, "repair")
        assert kind.__module__ == f"playbook.games.cresnovian.abilities.{owner}", name
    # Entered by steps, never listed: subsets of targets, a move per piece, and every poem word onto every cell.
    assert OPEN_ENDED == {"propaganda", "flock-together", "tectonic-failure", "redefinition"}


def test_the_engine_weighs_live_pieces_q_and_danger_in_the_two_kingdoms():
    # Left (the second player, to move): Essence 9Q (elite, 3 points) and Duality 2Q (1 point), 11Q;
    # right: Cosmos 4Q (1 point); Velocity 7Q stands in the World and counts for nobody.
    # 3 + 1 - 1 = 3 points for the pieces, (11 - 4) / 3 for the Q, 3 / (1 + 4) - 3 / (1 + 11) = 0.35 for danger.
    state = setup({"A1": "essence 9Q", "B2": "duality 2Q", "H2": "cosmos 4Q", "E2": "velocity 7Q"})
    engine = GAME.engine
    assert engine.evaluate(state, "second") == pytest.approx(3 + 7 / 3 + 0.35)
    assert engine.evaluate(state, "first") == pytest.approx(-(3 + 7 / 3 + 0.35))
    # No opinion during the set-up; a won game is worth WIN (10,000) to the winner.
    assert engine.evaluate(GAME.initial(), "first") == 0.0
    won = setup({"A1": "essence 0Q", "H2": "cosmos 4Q"})
    assert won.outcome is not None and won.outcome.winners == ("first",)
    assert engine.evaluate(won, "first") == 10_000.0
    assert engine.evaluate(won, "second") == -10_000.0


def test_critical_rewind_lifts_the_travel_ban_of_the_undone_turn():
    # The left player travels the Essence; the right player may not travel it
    # back (it travelled on the previous turn), so they perform instead.
    start = setup({"A1": "velocity 3Q", "B3": "essence 3Q", "I1": "duality 3Q", "I3": "cosmos 6Q"})
    ours = start.play("travel B3 C3")  # earns 1Q: 4Q
    with pytest.raises(IllegalAction):
        ours.play("travel C3 C2")
    theirs = ours.play("perform I1 cut I3")
    # The left player rewinds that performance: the last turn is now the
    # rewind, a performance, so the Essence may travel; the Duality may not perform.
    rewound = theirs.play("perform A1 critical-rewind")
    assert q(rewound, "essence") == "4Q" and q(rewound, "cosmos") == "6Q"
    assert q(rewound.play("travel C3 C2"), "essence") == "4Q"  # from the left kingdom: earns the right player nothing
    with pytest.raises(IllegalAction, match="Critical Rewind forbids"):
        rewound.play("perform I1 cut I3")


def test_the_first_player_places_the_second_chooses_and_moves_first():
    # The rules' set-up: PLAYER ONE places the nine pieces, PLAYER TWO chooses
    # a kingdom and takes the first turn; playbook calls them first and second.
    start = GAME.initial()
    assert start.to_move == "first"
    arrangement = {"A1": "innervation", "A2": "essence", "A3": "duality", "D3": "cosmos", "E3": "velocity",
                   "F3": "radiance", "I1": "corporeality", "I2": "caprice", "I3": "cognizance"}
    chosen = GAME.initial(arrangement, second="left")
    assert chosen.to_move == "second" and chosen.kingdom() == "left"
    # In the forum's sample game the player who moved first (its "First",
    # the left kingdom) loses: the result names playbook's first player.
    done = chosen.play("travel A1 G1").play("perform G1 select-the-fit")
    assert done.outcome.winner == "first" and done.total("right") > 0 == done.total("left")
