"""What pytest leaves out of docs/: the build's output and the pages made
from other sources (their notebooks and docstrings are tested where they
live), the settings and the extension (tested by building the site)."""

collect_ignore = ["conf.py"]
collect_ignore_glob = ["_build/*", "generated/*", "_ext/*"]
