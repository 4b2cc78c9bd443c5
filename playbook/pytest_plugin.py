"""The pytest plugin of the shared checks: one test id a check a game.

Installed with playbook (the ``pytest11`` entry point ``playbook``), it
does nothing until a test asks for the ``playbook_check`` fixture; such a
test is run once for each check of each game, with its own id, as
OpenSpiel's simulation test runs for each registered game::

    import pytest

    pytestmark = pytest.mark.playbook_games("my_game")  # without it: every installed game

    def test_game(playbook_check):
        playbook_check()

gives ``test_game[my_game-positions_read_back_from_their_text]`` and the
others, so ``-k my_game`` and ``-k positions_read_back`` pick them out.
Slow checks are marked ``slow`` and browser ones ``browser`` (``-m "not
slow and not browser"`` is the quick tier); a check that cannot run here
(no Chromium, say) is skipped with the reason.  ``--playbook-game KEY``
(repeatable) narrows a run to those games.  The checks share one
:class:`~playbook.checks.registry.Session` per test run
(``playbook_session``): each game's random games are played once, and
JupyterLab and the browser start once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from .games import available, load

__all__ = ["pytest_addoption", "pytest_configure", "pytest_generate_tests", "playbook_session", "playbook_check"]


def _checks() -> ModuleType:
    """The checks, imported when a test first asks for them."""
    # lazy: every pytest run where playbook is installed loads this plugin; the checks (and the board
    # widget they bring) are imported only by a run that uses them, so other runs start as quickly.
    from . import checks

    return checks


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--playbook-game KEY``: check only these games."""
    parser.getgroup("playbook").addoption(
        "--playbook-game", action="append", default=[], metavar="KEY",
        help="run the shared checks (the playbook_check fixture) on this game only (repeatable)")


def pytest_configure(config: pytest.Config) -> None:
    """Name the markers the checks use, so that strict marker runs know them."""
    config.addinivalue_line("markers", "playbook_games(*keys): the games whose checks a test asking for "
                                       "playbook_check runs (default: every installed game)")
    config.addinivalue_line("markers", "slow: takes more than a few seconds (self-play, mining, installing a package)")
    config.addinivalue_line("markers", "browser: drives JupyterLab in headless Chromium")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run a test asking for ``playbook_check`` once for each check of each game."""
    if "playbook_check" not in metafunc.fixturenames:
        return
    marker = metafunc.definition.get_closest_marker("playbook_games")
    keys = list(marker.args) if marker is not None and marker.args else available()
    wanted = metafunc.config.getoption("playbook_game")
    params = []
    for key in keys:
        if wanted and key not in wanted:
            continue
        for item in _checks().checks_for(load(key)):
            marks = [getattr(pytest.mark, item.tier)] if item.tier != "quick" else []
            params.append(pytest.param((key, item.name), id=f"{key}-{item.name}", marks=marks))
    metafunc.parametrize("playbook_check", params, indirect=True)


@pytest.fixture(scope="session")
def playbook_session() -> Iterator[Any]:
    """What the checks share in one test run (a :class:`~playbook.checks.registry.Session`:
    random games, JupyterLab, a browser)."""
    session = _checks().Session()
    yield session
    session.close()


@pytest.fixture
def playbook_check(request: pytest.FixtureRequest, playbook_session: Any) -> Callable[[], None]:
    """The check of this test id, to call: it fails with the rule it
    checks and what broke it, or skips with the reason it cannot run."""
    key, name = request.param
    checks = _checks()
    item = checks.CHECKS[name]

    def run() -> None:
        __tracebackhide__ = True  # pytest shows the failure at the test, with the rule and what broke it
        try:
            item.run(load(key), playbook_session)
        except checks.Skip as exc:
            pytest.skip(str(exc))
        except AssertionError as exc:
            raise AssertionError(f"{key} breaks the rule: {item.rule}\n{exc}") from None

    return run
