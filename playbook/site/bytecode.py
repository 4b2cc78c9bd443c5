"""Compiled Python for the JupyterLite site: its wheels and the runtime's
standard library hold bytecode, so the page imports without compiling.

Python in the browser compiles every module it imports from source, each
time the page loads, and it imports a lot as the kernel starts (the
standard library, IPython, the widgets): most of a cold start went to
compiling.  Bytecode belongs to one Python version, so it is made by the
site's own Python, Pyodide, run under Node.js as the build runs (the npm
package that brings the runtime runs there too).  Each archive's ``.py``
files become ``.pyc`` files (unchecked hash-based ones, so nothing
depends on file times and the same input gives the same bytes); the
wheel's ``RECORD`` lists the new files.  playbook's own wheel keeps its
sources beside the bytecode (in ``__pycache__``), so tracebacks and
``??`` show its code; the others ship bytecode alone, as Pyodide's own
distribution does.

Compiled archives are kept in the build's cache, by the checksum of what
they were made from, so a later build compiles only what changed.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Job", "compile_archive", "precompiled", "STDLIB_PREFIX", "SITE_PREFIX"]

#: Where Pyodide keeps the standard library (a zip on its path) and the
#: wheels it installs: the file names compiled code gives in tracebacks.
STDLIB_PREFIX = "/lib/python314.zip/"
SITE_PREFIX = "/lib/python3.14/site-packages/"


def compile_archive(source: str, target: str, prefix: str, keep_sources: bool, leave_out: list[str]) -> int:
    """Write ``target``, the zip archive ``source`` (a wheel or a standard
    library zip) with each ``.py`` file compiled by the running Python:
    beside its source in ``__pycache__`` when ``keep_sources``, in its
    place otherwise.  ``prefix`` + the file's path is the file name the
    code reports.  A file that does not compile (another Python's syntax)
    is kept as it is; files under the folders ``leave_out`` are left out.
    Returns how many files were compiled.

    Runs in the Python whose bytecode is wanted, with the standard library
    alone (the build runs it in Pyodide), so it imports what it needs here.
    """
    import base64
    import csv
    import hashlib as digests
    import importlib.util
    import io
    import os
    import py_compile
    import tempfile as scratch
    import zipfile

    def record_hash(data: bytes) -> str:
        digest = base64.urlsafe_b64encode(digests.sha256(data).digest()).rstrip(b"=").decode()
        return f"sha256={digest}"

    def compiled(name: str, data: bytes, folder: str) -> bytes | None:
        path = os.path.join(folder, "module.py")
        with open(path, "wb") as handle:
            handle.write(data)
        try:
            py_compile.compile(path, cfile=path + "c", dfile=prefix + name, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        except (py_compile.PyCompileError, ValueError):
            return None
        with open(path + "c", "rb") as handle:
            return handle.read()

    files: dict[str, bytes] = {}
    done = 0
    with zipfile.ZipFile(source) as archive, scratch.TemporaryDirectory() as folder:
        for name in archive.namelist():
            if name.endswith("/") or name.startswith(tuple(leave_out)):
                continue
            data = archive.read(name)
            code = compiled(name, data, folder) if name.endswith(".py") and ".data/" not in name else None
            if code is None:
                files[name] = data
                continue
            done += 1
            if keep_sources:
                files[name] = data
                files[importlib.util.cache_from_source(name)] = code
            else:
                files[name + "c"] = code
    records = [n for n in files if n.endswith(".dist-info/RECORD")]
    for record in records:
        rows = [[name, record_hash(data), str(len(data))] for name, data in files.items() if name != record]
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows([*rows, [record, "", ""]])
        files[record] = text.getvalue().encode()
    # The same input gives the same bytes: fixed times, fixed order, RECORD last as wheels have it.
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for name in sorted(files, key=lambda n: (n in records, n)):
            out.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), files[name],
                         compress_type=zipfile.ZIP_DEFLATED)
    return done


@dataclass(frozen=True)
class Job:
    """One archive to compile: where it is, the file name prefix its code
    reports, whether it keeps its sources, and the folders in it to leave
    out."""

    source: Path
    prefix: str
    keep_sources: bool = False
    leave_out: tuple[str, ...] = ()


# Run by Node.js: load the runtime in the given folder, give Python the
# machine's files under /host, define compile_archive and run the jobs.
_RUNNER = """
const [runtime, jobsFile] = process.argv.slice(-2);
const { readFileSync } = await import("node:fs");
const { loadPyodide } = await import(`${runtime}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
pyodide.globals.set("jobs_text", readFileSync(jobsFile, "utf8"));
pyodide.runPython(`
import json
ns = {}
spec = json.loads(jobs_text)
exec(spec["code"], ns)
for job in spec["jobs"]:
    ns["compile_archive"]("/host" + job["source"], "/host" + job["target"], job["prefix"], job["keep_sources"],
                          job["leave_out"])
`);
"""


def _key(job: Job, runtime_version: str) -> str:
    """What a compiled archive depends on: its input, how it is compiled,
    the runtime that compiles it and this module's compiler."""
    digest = hashlib.sha256()
    for part in (job.source.read_bytes(), job.prefix.encode(), bytes([job.keep_sources]),
                 "\n".join(job.leave_out).encode(), runtime_version.encode(),
                 inspect.getsource(compile_archive).encode()):
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:24]


def precompiled(runtime: Path, runtime_version: str, jobs: list[Job], cache: Path) -> list[Path]:
    """The archives of ``jobs`` compiled by the Pyodide runtime in
    ``runtime`` (under Node.js), in the same order and with the same file
    names, each taken from ``cache`` when it was compiled before."""
    targets = [cache / f"bytecode-{_key(job, runtime_version)}" / job.source.name for job in jobs]
    missing = [(job, target) for job, target in zip(jobs, targets, strict=True) if not target.is_file()]
    if missing:
        if shutil.which("node") is None:
            raise RuntimeError("compiling the site's Python needs Node.js (it comes with npm): install it")
        with tempfile.TemporaryDirectory(dir=cache) as scratch:
            work = Path(scratch)
            spec = {
                "code": inspect.getsource(compile_archive),
                "jobs": [{"source": str(job.source.resolve()), "target": str((work / f"{i}.zip").resolve()),
                          "prefix": job.prefix, "keep_sources": job.keep_sources, "leave_out": list(job.leave_out)}
                         for i, (job, _) in enumerate(missing)],
            }
            (work / "jobs.json").write_text(json.dumps(spec))
            done = subprocess.run(["node", "--input-type=module", "-e", _RUNNER, str(runtime.resolve()),
                                   str((work / "jobs.json").resolve())], capture_output=True, text=True)
            if done.returncode:
                raise RuntimeError(f"compiling the site's Python failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
            for i, (_, target) in enumerate(missing):
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.move(str(work / f"{i}.zip"), target)
    return targets
