"""``python -m playbook`` runs the ``playbook`` command."""

from .command import main

raise SystemExit(main())
