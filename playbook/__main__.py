"""``python -m playbook`` runs the ``playbook`` command."""

from .command import main

# Imported rather than run (as a documentation build walking the package
# imports every module), it does nothing.
if __name__ == "__main__":
    raise SystemExit(main())
