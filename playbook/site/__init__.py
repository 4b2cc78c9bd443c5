"""The tutorials as a website that runs in any browser with no server.

:mod:`~playbook.site.lite` builds the JupyterLite site (``playbook lite``):
the notebooks, the package's wheel and its dependencies' wheels, and a
Pyodide kernel; :mod:`~playbook.site.bytecode` compiles those wheels for the
browser's Python ahead of time, so the first cell starts sooner; and
:mod:`~playbook.site.imports`, shipped as that Python's ``sitecustomize``,
lets it import without asking the site's drive at every import.
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["add_arguments", "main"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``playbook lite``."""
    parser.add_argument("--out", default="_site",
                        help="the folder to write the site to (default _site): a new or empty folder, or one an "
                             "earlier build wrote, which is replaced once the new site is whole")
    parser.add_argument("--source", default=".", help="the clone of the repository to build from (default .)")


def main(args: argparse.Namespace) -> int:
    """Build the site as ``playbook lite`` was asked, and say what was built."""
    try:
        # lazy: the builder needs the lite extra's libraries (JupyterLite, its Pyodide kernel, nbformat),
        # which only this command uses: every other command, and this one's --help, run without them
        from . import lite
    except ImportError as exc:
        print(f"playbook lite: error: {exc.name or exc} is missing: pip install 'playbook-games[lite]'",
              file=sys.stderr)
        return 2
    try:
        site = lite.build(args.source, args.out)
    except (lite.LiteError, FileNotFoundError) as exc:
        print(f"playbook lite: error: {exc}", file=sys.stderr)
        return 2
    except (RuntimeError, OSError) as exc:  # a build step failed: the earlier site, if any, is as it was
        print(f"playbook lite: error: {exc}", file=sys.stderr)
        return 1
    lite._say(f"built {site.folder}: {len(site.notebooks)} notebooks, {len(site.packages)} wheels, "
         f"{site.size() / 1e6:.0f} MB; serve it with: python -m http.server -d {args.out}")
    return 0
