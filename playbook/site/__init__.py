"""The tutorials as a website that runs in any browser with no server.

:mod:`~playbook.site.lite` builds the JupyterLite site (``playbook lite``):
the notebooks, the package's wheel and its dependencies' wheels, and a
Pyodide kernel; :mod:`~playbook.site.bytecode` compiles those wheels for the
browser's Python ahead of time, so the first cell starts sooner.
"""
