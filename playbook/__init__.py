"""playbook: learn, play and analyse homebrew board games in JupyterLab.

The names below are imported the first time they are used
(``from playbook import load`` as much as ``playbook.load``), so that
importing a part of the package (the ``playbook`` command's entry,
:mod:`playbook.command`) loads no more than it needs.
"""

from importlib import import_module

TYPE_CHECKING = False  # typing's own, without importing typing: the command starts before it would be needed
__version__ = "0.1.0"

#: The module each name of the package comes from.
_FROM = {
    **dict.fromkeys(("Action", "IllegalAction", "NotationError", "Outcome", "PlaybookError", "State", "Step",
                     "StepError", "StepOptions", "TooManyActions"), ".core"),
    "available": ".games",
    "load": ".games",
    "Record": ".records",
    "BoardWidget": ".widget",  # it pulls in anywidget and ipywidgets: only when asked
}

__all__ = [
    "Action",
    "IllegalAction",
    "NotationError",
    "StepError",
    "Outcome",
    "PlaybookError",
    "Record",
    "State",
    "Step",
    "StepOptions",
    "TooManyActions",
    "available",
    "load",
    "BoardWidget",
]

if TYPE_CHECKING:
    from .core import (
        Action,
        IllegalAction,
        NotationError,
        Outcome,
        PlaybookError,
        State,
        Step,
        StepError,
        StepOptions,
        TooManyActions,
    )
    from .games import available, load
    from .records import Record
    from .widget import BoardWidget


def __getattr__(name: str):
    where = _FROM.get(name)
    if where is None:
        raise AttributeError(f"module 'playbook' has no attribute {name!r}")
    # lazy: a part of the package (the command's entry, the pytest plugin) loads no more than it needs,
    # the board widget (anywidget, ipywidgets: seconds) above all
    value = getattr(import_module(where, __name__), name)
    globals()[name] = value  # found at once the next time
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
