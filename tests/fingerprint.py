"""The fingerprint a front-end build writes of its sources, worked out in
Python so that a check needs no npm: SHA-256 over each input's path and
bytes, sorted by path, each followed by a NUL byte (as
``widgets/build.mjs`` and ``labextension/stamp.mjs`` work it out)."""

import hashlib
from pathlib import Path


def sources_fingerprint(folder: Path, files: list[str]) -> str:
    """The fingerprint of ``folder``'s ``src/*.js`` and ``files`` (paths from ``folder``)."""
    inputs = sorted([f"src/{p.name}" for p in (folder / "src").glob("*.js")] + files)
    digest = hashlib.sha256()
    for path in inputs:
        digest.update(path.encode() + b"\0" + (folder / path).read_bytes() + b"\0")
    return digest.hexdigest()
