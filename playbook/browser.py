"""What the in-browser site cannot run, said plainly.

The JupyterLite site (:mod:`playbook.site.lite`) runs Python compiled for the
browser (Pyodide): it ships pure-Python wheels only, so pandas,
matplotlib, pyarrow and Dask are not there, and no process can be
started.  A call that needs one of them raises the error of
:func:`missing`, which in the browser says so and where to go instead.
"""

from __future__ import annotations

import sys

__all__ = ["IN_BROWSER", "missing"]

#: Whether this Python runs in a web page (Pyodide reports the platform "emscripten").
IN_BROWSER = sys.platform == "emscripten"


def missing(module: str, what: str) -> ImportError:
    """The error for ``what`` needing ``module``, which is not installed.

    >>> print(missing("pandas", "Review.frame()"))
    Review.frame() needs pandas: pip install 'playbook-games[analysis]'
    """
    if IN_BROWSER:
        return ImportError(
            f"{what} needs {module}, which this in-browser version of playbook cannot load: open the notebook "
            "on Binder (the README's badge) or in JupyterLab with pip install 'playbook-games[lab]'; the other "
            "cells of this notebook run here")
    return ImportError(f"{what} needs {module}: pip install 'playbook-games[analysis]'")
