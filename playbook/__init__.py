"""playbook: learn, play and analyse five homebrew board games in JupyterLab."""

from .core import (
    Action,
    IllegalAction,
    NotationError,
    StepError,
    Outcome,
    PlaybookError,
    Record,
    State,
    Step,
    StepOptions,
)
from .games import available, load

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
    "available",
    "load",
    "BoardWidget",
]


def __getattr__(name):
    # The widget pulls in anywidget and ipywidgets; import it only when asked.
    if name == "BoardWidget":
        from .widget import BoardWidget

        return BoardWidget
    raise AttributeError(f"module 'playbook' has no attribute {name!r}")
