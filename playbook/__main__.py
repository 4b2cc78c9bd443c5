"""``python -m playbook`` runs the ``playbook`` command."""

from .cli import main

raise SystemExit(main())
