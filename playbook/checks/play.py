"""Checks over random play: games played by random agents from the start to
their end, every position and every action of them checked.

Each game is played :attr:`Session.games` times, each to its end (at most
:attr:`Session.plies` actions).  At every ply the position reads back from
its text, the action played is entered by its steps and read back from its
text, the unchecked successor is the checked one; and every action the
position lists is played too, and what it gives read back.  A parser that
refuses the positions a game cannot reach (as every game's should) then
catches a move that loses a piece or leaves the board inconsistent at the
ply where it happens.
"""

from __future__ import annotations

from ..core import Action, Game, PlaybookError, State
from ..records import Record
from .invariants import assert_observations_sound
from .registry import RandomGame, Session, check

__all__: list[str] = []

#: How many of the actions a position lists are played from it by
#: :func:`every_listed_action_gives_a_position_that_reads_back`: this many
#: spread over the list, and as many again of those entered by the most
#: steps (chains of jumps and other long entries, where bugs hide).
SPREAD = 4


def where(played: RandomGame, ply: int) -> str:
    """Where a position of a random game is, for a failure's message."""
    after = f", after {played.actions[ply - 1].text!r}" if ply else ""
    return f"random game {played.seed}, ply {ply}{after}: {played.states[ply].to_text()!r}"


def plies(session: Session, game: Game):
    """Every (random game, ply, position) of ``game``'s random games."""
    for played in session.random_games(game):
        for ply, state in enumerate(played.states):
            yield played, ply, state


def reads_back(state: State, place: str) -> None:
    """Assert that ``state`` reads back from its text as itself."""
    text = state.to_text()
    try:
        again = state.game.parse(text)
    except PlaybookError as exc:
        raise AssertionError(f"the game refuses to read a position play reached ({place}): {exc}") from None
    assert again == state, f"the position read back from its text is another ({place})"
    assert again.to_text() == text, f"the text changes when read back: {again.to_text()!r} ({place})"
    assert hash(again) == hash(state), f"the position read back hashes differently ({place})"


@check("every position of random games played to their end reads back from its text (game.parse(state.to_text())) "
       "as the same position, with the same text and hash")
def positions_read_back_from_their_text(game: Game, session: Session) -> None:
    for played, ply, state in plies(session, game):
        reads_back(state, where(played, ply))


@check("every action a position lists, played, gives a position that reads back from its text: checked at every "
       "ply of random games, over actions spread across each list and those entered by the most steps (chains)")
def every_listed_action_gives_a_position_that_reads_back(game: Game, session: Session) -> None:
    for played, ply, state in plies(session, game):
        if state.outcome is not None:
            continue
        for action in _sample(state.legal_actions()):
            try:
                after = state.play(action)
            except PlaybookError as exc:
                raise AssertionError(f"{action.text!r} is listed but refused ({where(played, ply)}): {exc}") from None
            reads_back(after, f"{where(played, ply)}, then {action.text!r}")


def _sample(actions: list[Action]) -> list[Action]:
    """Actions spread over ``actions`` and those entered by the most steps."""
    spread = actions[::max(1, len(actions) // SPREAD)][:SPREAD]
    longest = sorted(actions, key=lambda a: len(a.steps), reverse=True)[:SPREAD]
    return list(dict.fromkeys(spread + longest))


@check("a running position always has a next step; a finished one lists no action and refuses every action")
def running_positions_have_a_next_step(game: Game, session: Session) -> None:
    for played, ply, state in plies(session, game):
        if state.outcome is None:
            first = state.next_steps(())
            assert first.options or first.complete, f"a running position offers nothing to do ({where(played, ply)})"
            continue
        assert not state.legal_actions(), f"a finished game lists actions ({where(played, ply)})"
        try:
            state.play(played.actions[ply - 1].text if ply else "")
        except PlaybookError:
            continue
        raise AssertionError(f"a finished game accepts an action ({where(played, ply)})")


@check("every action played is offered one step after another until its entry is complete (a game may add steps "
       "of its own after that, such as a fresh salt), its steps enter it, and its text reads back as it")
def actions_are_entered_by_their_steps(game: Game, session: Session) -> None:
    for played, ply, state in plies(session, game):
        if ply == len(played.actions):
            continue
        action, place = played.actions[ply], where(played, ply)
        for k, step in enumerate(action.steps):
            options = state.next_steps(action.steps[:k])
            offered = any(o.kind == "text" for o in options.options) if step.kind == "text" else step in options.options
            if not offered:
                assert options.complete, f"{action.text}: step {k + 1} ({step!r}) is not offered ({place})"
                break
        else:
            assert state.next_steps(action.steps).complete, f"{action.text}: its steps are no complete entry ({place})"
        assert state.action_from_steps(action.steps) == action, f"{action.text}: its steps enter another ({place})"
        assert state.parse_action(action.text) == action, f"{action.text!r} reads back as another action ({place})"


@check("state.after(action), the successor search uses, is the position state.play(action) reaches")
def after_is_play(game: Game, session: Session) -> None:
    for played in session.random_games(game):
        for ply, action in enumerate(played.actions):
            state = played.states[ply]
            assert state.after(action) == played.states[ply + 1], \
                f"after({action.text!r}) differs from play({action.text!r}) ({where(played, ply)})"


@check("random games end, each with an ending the descriptor declares (Descriptor.endings)")
def random_games_end_as_declared(game: Game, session: Session) -> None:
    for played in session.random_games(game):
        outcome = played.final.outcome
        assert outcome is not None, f"random game {played.seed} did not end within {session.plies} actions"
        assert outcome.ending in game.descriptor.endings, \
            f"random game {played.seed} ended by {outcome.ending!r} ({outcome}), which the descriptor does not declare"


@check("a random game saved as a record in JSON and read back replays through the same positions")
def records_replay_their_games(game: Game, session: Session) -> None:
    for played in session.random_games(game):
        record = Record.from_json(Record.of(played.states[0], played.actions).to_json())
        replayed = record.states()
        assert replayed == played.states, f"random game {played.seed}, saved and read back, replays otherwise"


@check("the player to move and every player still to decide are among the position's seats; "
       "where the dice move, nobody decides and the roll is a seated player's; "
       "a finished game has nobody left to decide")
def movers_are_seated(game: Game, session: Session) -> None:
    for played, ply, state in plies(session, game):
        seats = state.seats
        if state.outcome is None and state.chance:
            assert game.chance, f"chance moves in a game that declares none ({where(played, ply)})"
            assert not state.movers, f"a player decides where the dice move ({where(played, ply)})"
            assert state.roller is None or state.roller in seats, \
                f"the roll is {state.roller!r}'s, who is not seated ({where(played, ply)})"
        elif state.outcome is None:
            assert state.to_move in seats, f"{state.to_move!r} is to move but not seated ({where(played, ply)})"
            assert set(state.movers) <= set(seats), f"an unseated player decides ({where(played, ply)})"
            assert state.movers, f"nobody decides in a running position ({where(played, ply)})"
        else:
            assert not state.movers, f"a player still decides in a finished game ({where(played, ply)})"


@check("every player's observation shows the same public position, observing it again changes nothing, and a game "
       "without hidden information shows every player the position itself")
def observations_are_sound(game: Game, session: Session) -> None:
    for played, ply, state in plies(session, game):
        try:
            assert_observations_sound(state)
        except AssertionError as exc:
            raise AssertionError(f"{exc} ({where(played, ply)})") from None


@check("how the game is played is as declared: its random games show several players deciding at once exactly "
       "when it is simultaneous, and some player's observation differing from the position exactly when it has "
       "hidden information")
def play_is_as_declared(game: Game, session: Session) -> None:
    several = hidden = False
    for _, _, state in plies(session, game):
        several |= len(state.movers) > 1
        hidden |= any(state.observation(p) is not state for p in state.seats)
    assert several == game.simultaneous, (
        f"the descriptor says simultaneous={game.simultaneous}, but random games "
        f"{'show' if several else 'never show'} several players deciding at once")
    assert hidden == game.hidden_information, (
        f"the descriptor says hidden_information={game.hidden_information}, but in random games observations "
        f"{'differ' if hidden else 'never differ'} from the position itself")
