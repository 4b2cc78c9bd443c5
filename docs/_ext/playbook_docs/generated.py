"""The folder of generated pages: files are rewritten only when their text
changes (so Sphinx rereads only what changed), and files no longer made
are removed (so a notebook that is gone leaves no page behind)."""

from __future__ import annotations

import shutil
from pathlib import Path


class Generated:
    """Pages written under ``root`` during one build."""

    def __init__(self, root: Path):
        self.root = root
        self.written: set[Path] = set()

    def write(self, relative: str, text: str | bytes) -> Path:
        """Write ``text`` to ``root/relative`` unless it already holds it."""
        path = self.root / relative
        data = text.encode() if isinstance(text, str) else text
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        self.written.add(path)
        return path

    def remove_stale(self) -> None:
        """Remove every file under ``root`` this build did not write."""
        if not self.root.is_dir():
            return
        for path in sorted(self.root.rglob("*"), reverse=True):
            if path.is_file() and path not in self.written:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                shutil.rmtree(path)
