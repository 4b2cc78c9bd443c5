"""The ``playbook`` command.

This package's own module is the command's entry point: what runs before
anything else is imported.  Ctrl-C at any moment of a command, from the
first import of its modules on, ends it with status 130 and a word, never
a traceback; output cut short by a closed pipe (``playbook summary FOLDER
| head``) ends it quietly too.  The subcommands are in
:mod:`playbook.command.cli`.
"""

from __future__ import annotations

import os
import sys

__all__ = ["main"]


def _quiet_stdout() -> None:
    """Point standard output at the null device: the reader is gone, and
    Python's last flush of it at exit must not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv=None) -> int:
    """Run the ``playbook`` command (``argv``: its arguments, by default
    the command line's); the exit status."""
    try:
        # lazy: inside the try, so that a Ctrl-C while the command's modules load ends it quietly
        from .cli import main as run

        status = run(argv)
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        print("\nstopped", file=sys.stderr)
        return 130  # 128 + SIGINT, as a shell reports a command Ctrl-C ended
    except BrokenPipeError:
        _quiet_stdout()
        return 141  # 128 + SIGPIPE


if __name__ == "__main__":
    sys.exit(main())
