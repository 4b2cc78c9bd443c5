"""playbook: learn, play and analyse homebrew board games in JupyterLab."""

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

__version__ = "0.1.0"

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


def __getattr__(name):
    if name == "BoardWidget":
        from .widget import BoardWidget  # it pulls in anywidget and ipywidgets: only when asked

        return BoardWidget
    raise AttributeError(f"module 'playbook' has no attribute {name!r}")
