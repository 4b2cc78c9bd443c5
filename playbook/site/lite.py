"""The tutorials in any browser with no server: a JupyterLite site.

    playbook lite --out _site

run from a clone of the repository, writes a static folder holding
JupyterLab, the Pyodide kernel (Python compiled for the browser), the
``playbook-games`` wheel and its dependencies' wheels, and every tutorial
notebook with ``puzzles.ipynb``, opened on the start page.  Any web server
serves it (``python -m http.server -d _site``); nothing runs on the server.

What the build takes, fetched by the ordinary clients and kept under
:func:`cache_dir` (``~/.cache/playbook-lite`` on Linux) so that the next
build needs no network:

- the Pyodide runtime from the npm registry's ``pyodide`` package, at the
  version the installed ``jupyterlite-pyodide-kernel`` names (a runtime of
  another version fails in the page), by ``npm pack``;
- pure-Python wheels for the browser's Python from PyPI, by ``pip download``:
  the package's dependencies and what the kernel imports at start (IPython,
  comm, jedi, micropip, packaging);
- the kernel's own stand-ins (``ipykernel``, ``pyodide-kernel``, ``piplite``,
  ``widgetsnbextension``) from the installed kernel extension.

Only the wheels that playbook and the kernel need in the browser are
shipped, compiled to bytecode by the site's own Python (see
:mod:`playbook.site.bytecode`), each listed in the site's
``pyodide-lock.json`` with what it depends on.  The kernel loads what it
imports itself as it starts, with playbook, which every notebook's first
cell imports (``loadPyodideOptions.packages``, see :func:`at_start`), and
the rest when a cell imports it, so the page
fetches nothing from any other host and ``import playbook`` works in the
first cell.  In the page the progress file lives on the site's drive (see
:mod:`playbook.learn.progress`), kept in the browser's storage.

Left out, because the browser's Python cannot run it: ``analysis.ipynb``
(Dask, Parquet and worker processes); Binder serves that notebook.

The site is built in a new folder beside ``--out`` and put in its place
only once whole, so a failed build leaves the last site as it was.  A
folder that is already there is replaced only when an earlier build
wrote it (it holds :data:`MARKER`) or it is empty; the command refuses
any other, and always refuses the root of a disk, the home folder, the
repository it builds from and any folder holding one of them, saying why.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path

import nbformat
import platformdirs
from jupyter_core.paths import jupyter_path
from jupyterlite_pyodide_kernel import constants
from packaging.requirements import Requirement

from . import bytecode
from .bytecode import SITE_PREFIX, STDLIB_PREFIX, Job

__all__ = [
    "MARKER",
    "LiteError",
    "check_out",
    "LEFT_OUT",
    "KERNEL_NEEDS",
    "START_PAGE",
    "Site",
    "build",
    "cache_dir",
    "pyodide_version",
    "lock_entry",
]

#: Notebooks the site leaves out: what they need does not run in a browser.
LEFT_OUT = ("analysis.ipynb",)
#: What the kernel imports as it starts, beside the package's own dependencies.
KERNEL_NEEDS = ("ipython", "comm", "jedi")
#: What the kernel's worker loads as it starts (it would install what is not
#: loaded before it, one package after another): the package manager, the
#: kernel and what it imports.
KERNEL_START = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
#: The notebook the site opens on.
START_PAGE = "00_start_here.ipynb"
#: The runtime's files the page loads (the rest of the npm package is not needed).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Folders of wheels that nothing in the site can use, left out: jedi's type
#: stubs of third-party libraries and of Django, which the site cannot
#: install (jedi skips a stubs folder that is not there; those of the
#: standard library stay).  They are 4,800 of jedi's 5,600 files, and
#: unpacking them took most of the kernel's start.
LEFT_OUT_FILES = {"jedi": ("jedi/third_party/typeshed/stubs/", "jedi/third_party/django-stubs/")}
#: Real packages the kernel replaces by stand-ins of its own.
STAND_INS = ("widgetsnbextension", "ipykernel")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: playbook's own JupyterLab extension (labextension/ in the repository).
OWN_EXTENSION = "playbook-games"
#: The site's kernel as it names itself, and its language as its kernel_info
#: reply gives it (jupyterlite-pyodide-kernel 0.8.6, whose Python it reports
#: as "3.8"); tests/browser/test_lite_reopen.py opens a notebook unmodified.
SITE_KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
SITE_LANGUAGE_INFO = {
    "codemirror_mode": {"name": "python", "version": 3}, "file_extension": ".py", "mimetype": "text/x-python",
    "name": "python", "nbconvert_exporter": "python", "pygments_lexer": "ipython3", "version": "3.8",
}
#: The file a build leaves in its site: a later build replaces only a folder holding it (or an empty one).
MARKER = ".playbook-lite-site"


class LiteError(ValueError):
    """A site that cannot be built where asked, with the reason and what to give instead."""


def check_out(out: str | os.PathLike, source: str | os.PathLike) -> Path:
    """The folder ``out`` (resolved) when a site may be written there,
    else a :class:`LiteError` saying why: never the root of a disk, the
    home folder, the repository ``source`` or a folder holding one of
    them, nor a file, nor a folder holding files that no earlier build
    wrote (one without :data:`MARKER`)."""
    out, source = Path(out).expanduser().resolve(), Path(source).expanduser().resolve()
    home = Path.home().resolve()
    hint = "give a new folder for the site, such as --out _site"
    if out == Path(out.anchor):
        raise LiteError(f"--out {out} is the root of the disk: the build replaces its folder; {hint}")
    reasons = [f"{'is' if out == folder else 'holds'} {what}"
               for folder, what in ((home, "your home folder"), (source, f"the repository it builds from ({source})"))
               if out == folder or out in folder.parents]
    if reasons:  # every reason that holds: a folder may be both the home folder and hold the repository
        raise LiteError(f"--out {out} {' and '.join(reasons)}: the build replaces its folder; {hint}")
    if out.exists() and not out.is_dir():
        raise LiteError(f"--out {out} is a file; {hint}")
    if out.is_dir() and not (out / MARKER).is_file() and any(out.iterdir()):
        raise LiteError(f"--out {out} holds files that no earlier playbook lite build wrote, and the build "
                        f"replaces the folder; {hint} (or an empty one)")
    return out


def _swap_in(built: Path, out: Path, source: Path) -> None:
    """Put the whole site ``built`` in the place of ``out``, an earlier
    site or an empty folder (checked again here, just before it goes)."""
    check_out(out, source)
    old = None
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=".playbook-lite-old-", dir=out.parent))
        os.replace(out, old / "site")
    try:
        os.replace(built, out)
    except OSError:
        if old is not None:
            os.replace(old / "site", out)  # the earlier site back, as it was
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def cache_dir() -> Path:
    """Where the downloaded runtime and wheels are kept between builds:
    ``$PLAYBOOK_LITE_CACHE``, or the user's cache folder
    (``~/.cache/playbook-lite`` on Linux)."""
    chosen = os.environ.get("PLAYBOOK_LITE_CACHE")
    if chosen:
        return Path(chosen).expanduser()
    return Path(platformdirs.user_cache_dir("playbook-lite", appauthor=False))


def pyodide_version() -> tuple[str, str]:
    """The Pyodide version the installed kernel expects, and its Python's ``major.minor``."""
    return constants.PYODIDE_VERSION, constants.PYODIDE_PYTHON_VERSION


def canonical(name: str) -> str:
    """A distribution's name as package indexes compare it.

    >>> canonical("Jupyter_Lab.Widgets")
    'jupyter-lab-widgets'
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def distribution(wheel: Path) -> str:
    """The canonical name of the distribution a wheel file holds.

    >>> distribution(Path("Jupyter_Lab.Widgets-1.0-py3-none-any.whl"))
    'jupyter-lab-widgets'
    """
    return canonical(wheel.name.split("-")[0])


def _run(args: list[str], **kwargs) -> None:
    """Run a build step, raising with its output when it fails."""
    done = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if done.returncode:
        raise RuntimeError(f"{' '.join(args)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")


def _say(message: str) -> None:
    print(message, flush=True)


# ---------------------------------------------------------------- pieces


def runtime(cache: Path, version: str) -> Path:
    """The folder of the Pyodide runtime ``version``, unpacked from the npm
    package (``npm pack`` the first time, the cache after)."""
    folder = cache / f"pyodide-{version}"
    if all((folder / name).is_file() for name in RUNTIME_FILES):
        return folder
    with tempfile.TemporaryDirectory(dir=cache) as scratch:
        _say(f"fetching the Pyodide runtime {version} (npm pack pyodide@{version})")
        _run(["npm", "pack", f"pyodide@{version}", "--pack-destination", scratch, "--silent"])
        with tarfile.open(next(Path(scratch).glob("pyodide-*.tgz"))) as archive:
            unpacked = Path(scratch) / "unpacked"
            archive.extractall(unpacked, members=[m for m in archive.getmembers()
                                                  if m.name.removeprefix("package/") in RUNTIME_FILES])
        shutil.rmtree(folder, ignore_errors=True)
        shutil.move(str(unpacked / "package"), folder)
    return folder


def requirements(wheel: Path) -> list[str]:
    """The dependencies a wheel declares (leaving out those of its extras)."""
    with zipfile.ZipFile(wheel) as archive:
        meta = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        message = Parser().parsestr(archive.read(meta).decode())
    return sorted(r for r in message.get_all("Requires-Dist", []) if "extra ==" not in r)


def browser_wheels(cache: Path, wanted: list[str], python: str) -> Path:
    """A folder of pure-Python wheels meeting ``wanted`` for the browser's
    Python, downloaded by pip once for each list of requirements."""
    key = hashlib.sha256("\n".join([python, *sorted(wanted)]).encode()).hexdigest()[:16]
    folder = cache / f"wheels-{key}"
    if (folder / "complete").is_file():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    _say(f"fetching {len(wanted)} requirements' wheels for Python {python} (pip download)")
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--dest", str(folder), "--only-binary=:all:",
          "--platform", "any", "--implementation", "py", "--abi", "none", "--python-version", python, *wanted])
    (folder / "complete").write_text("\n".join(sorted(wanted)) + "\n")
    return folder


def kernel_wheels() -> list[Path]:
    """The kernel's own wheels, shipped with its JupyterLab extension
    (``piplite``, ``pyodide-kernel`` and the stand-ins for ``ipykernel`` and
    ``widgetsnbextension`` 4)."""
    for root in jupyter_path("labextensions"):
        folder = Path(root) / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        if folder.is_dir():
            return sorted(w for w in folder.glob("*.whl") if not w.name.startswith("widgetsnbextension-3."))
    raise RuntimeError("jupyterlite-pyodide-kernel is not installed: pip install 'playbook-games[lite]'")


def playbook_wheel(source: Path, dest: Path) -> Path:
    """This package's wheel, built from the repository at ``source``."""
    dest.mkdir(parents=True, exist_ok=True)
    # With hatchling at hand the build needs no index (and so works offline).
    isolation = ["--no-build-isolation"] if _importable("hatchling") else []
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", *isolation, "--wheel-dir", str(dest),
          str(source)])
    return next(dest.glob("playbook_games-*.whl"))


def _importable(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


# ---------------------------------------------------------------- the lock


def lock_entry(wheel: Path, shipped: frozenset[str] = frozenset(), python: str = "3.14.0") -> dict:
    """The ``pyodide-lock.json`` entry that lets the runtime load ``wheel``
    from the folder beside the lock: its name, version, file, checksum,
    the top-level modules it provides (from sources or bytecode), and what
    it depends on among the ``shipped`` distributions in the browser's
    Python ``python`` (so that importing a module loads what it needs)."""
    name, version = wheel.name.split("-")[:2]
    with zipfile.ZipFile(wheel) as archive:
        tops = sorted({
            re.sub(r"\.pyc?$", "", n.split("/")[0]) for n in archive.namelist()
            if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith((".py", ".pyc")) or "/" in n)
        })
    return {
        "name": canonical(name), "version": version, "file_name": wheel.name, "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
        "imports": [t for t in tops if t.isidentifier()],
        "depends": [d for d in browser_requirements(wheel, python) if d in shipped],
        "unvendored_tests": False, "shared_library": False,
    }


def browser_environment(python: str) -> dict[str, str]:
    """The environment markers of the browser's Python ``python`` (a full
    version such as ``3.14.2``): Pyodide's CPython on Emscripten."""
    return {
        "implementation_name": "cpython", "implementation_version": python, "os_name": "posix",
        "platform_machine": "wasm32", "platform_python_implementation": "CPython", "platform_release": "",
        "platform_system": "Emscripten", "platform_version": "", "python_full_version": python,
        "python_version": ".".join(python.split(".")[:2]), "sys_platform": "emscripten", "extra": "",
    }


def browser_requirements(wheel: Path, python: str) -> list[str]:
    """The names of the distributions ``wheel`` needs in the browser's
    Python ``python``: its requirements whose markers hold there (none of
    its extras)."""
    environment = browser_environment(python)
    needs = (Requirement(r) for r in requirements(wheel))
    return sorted({canonical(r.name) for r in needs if r.marker is None or r.marker.evaluate(environment)})


def needed(wheels: list[Path], roots: list[str], python: str) -> list[Path]:
    """The ``wheels`` that ``roots`` (distribution names) need in the
    browser, themselves included: what the site ships."""
    by_name = {distribution(w): w for w in wheels}
    wanted: set[str] = set()
    todo = [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in wanted or name not in by_name:
            continue
        wanted.add(name)
        todo += browser_requirements(by_name[name], python)
    return [w for name, w in by_name.items() if name in wanted]


def write_lock(folder: Path, runtime_lock: Path, wheels: list[Path]) -> dict[str, dict]:
    """Write ``pyodide-lock.json`` in ``folder`` naming exactly ``wheels``
    (the runtime's own lock names hundreds of packages that are not
    shipped), each with what it depends on; returns the lock's entries by
    name."""
    info = json.loads(runtime_lock.read_text())["info"]
    shipped = frozenset(distribution(w) for w in wheels)
    packages = {entry["name"]: entry for entry in (lock_entry(w, shipped, info["python"]) for w in wheels)}
    lock = {"info": info, "packages": dict(sorted(packages.items()))}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    return lock["packages"]


def at_start(packages: dict[str, dict], first: tuple[str, ...] = ()) -> list[str]:
    """What the kernel loads as it starts: :data:`KERNEL_START`, the
    packages ``first`` (what every notebook's first cell imports: in the
    site, playbook itself) and what they depend on.  The rest loads when a
    cell imports it (the kernel looks up each cell's imports in the lock).

    Loaded with the kernel, playbook's wheels are fetched side by side with
    the runtime's and the kernel's, while the page draws; loaded by the
    first cell, they were fetched only once the kernel was idle and Run All
    pressed, in turn (a second on the first board, measured by
    ``benchmarks/lite_timing.py``)."""
    wanted: set[str] = set()
    todo = [name for name in (*KERNEL_START, *first) if name in packages]
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo += packages[name]["depends"]
    return sorted(wanted)


# ---------------------------------------------------------------- the site


@dataclass(frozen=True)
class Site:
    """A built site: its folder, the notebooks in it and the wheels its kernel loads."""

    folder: Path
    notebooks: tuple[str, ...]
    packages: tuple[str, ...]

    def size(self) -> int:
        """The site's size in bytes."""
        return sum(p.stat().st_size for p in self.folder.rglob("*") if p.is_file())


def site_notebooks(source: Path) -> list[Path]:
    """The notebooks the site holds: every one in ``notebooks/`` but those of :data:`LEFT_OUT`."""
    return sorted(p for p in (source / "notebooks").glob("*.ipynb") if p.name not in LEFT_OUT)


def site_config(packages: list[str]) -> dict:
    """``jupyter-lite.json``: the kernel loads ``packages`` as it starts
    (see :func:`at_start`) and never falls back to PyPI; no kernel starts
    before the page's service worker is registered (it would have no drive,
    and lose its files with the page), and notebooks restored from the last
    visit start theirs when shown, rather than all together
    (``playbookSiteKernels``, read by playbook's JupyterLab extension)."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "playbook",
            "playbookSiteKernels": True,
            "litePluginSettings": {
                KERNEL_PLUGIN: {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": packages}},
            },
        },
    }


def site_notebook(text: str) -> str:
    """A notebook's text as the site ships it.

    - Its multi-line texts (cell sources, outputs) are each one string, as
      JupyterLab gets them from a Jupyter server: the site hands JupyterLab
      the file as it is, and its table of contents fails on an output's
      Markdown held as a list of lines.
    - It names the site's kernel as that kernel describes itself
      (:data:`SITE_KERNELSPEC`, :data:`SITE_LANGUAGE_INFO`): JupyterLab
      writes those over any other as the kernel starts, which marks the
      notebook modified as soon as it is opened."""
    notebook = nbformat.reads(text, as_version=4)
    notebook.metadata["kernelspec"] = SITE_KERNELSPEC
    notebook.metadata["language_info"] = SITE_LANGUAGE_INFO
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def front_ends(source: Path, folder: Path) -> list[str]:
    """Gather in ``folder`` the JupyterLab extensions the site runs: every
    one installed beside the build's JupyterLab (the widgets' manager, the
    Pyodide kernel, anywidget, ...), and playbook's own as built in the
    repository at ``source`` (an installed copy may be older).  Returns
    their names."""
    own = source / "labextension" / OWN_EXTENSION
    if not (own / "package.json").is_file():
        raise FileNotFoundError(f"{own} is missing: build it with `npm ci && npm run build` in labextension/")
    found: dict[str, Path] = {}
    for root in reversed(jupyter_path("labextensions")):  # the first on the path wins, as in JupyterLab
        for path in [*Path(root).glob("*/package.json"), *Path(root).glob("@*/*/package.json")]:
            meta = json.loads(path.read_text())
            if meta.get("jupyterlab", {}).get("_build"):  # built, ready to load
                found[meta["name"]] = path.parent
    found[OWN_EXTENSION] = own
    for name, path in found.items():
        shutil.copytree(path, folder / name)
    return sorted(found)


def build_config(extensions: Path) -> dict:
    """``jupyter_lite_config.json``: the site's JupyterLab extensions are
    those gathered in ``extensions`` (see :func:`front_ends`), not those
    installed beside the build."""
    return {
        "LiteBuildConfig": {"ignore_sys_prefix": ["federated_extensions"]},
        "FederatedExtensionAddon": {"extra_labextensions_path": [str(extensions)]},
    }


def start_page() -> str:
    """The site's front page: straight on to the start notebook in
    JupyterLab.  It keeps JupyterLite's (empty) settings script, which every
    page of the site reads from the front page."""
    target = f"lab/index.html?path={START_PAGE}"
    return (f'<!doctype html>\n<html><head><meta charset="utf-8"><title>playbook</title>\n'
            f'<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>\n'
            f'<meta http-equiv="refresh" content="0; url={target}"></head>\n'
            f'<body><a href="{target}">Open the playbook tutorials</a></body></html>\n')


def build(source: str | os.PathLike = ".", out: str | os.PathLike = "_site", cache: Path | None = None) -> Site:
    """Build the site from the repository at ``source`` into ``out``
    (replaced), with the pieces kept in ``cache`` (default :func:`cache_dir`)."""
    source = Path(source).resolve()
    if not (source / "pyproject.toml").is_file() or not (source / "notebooks" / START_PAGE).is_file():
        raise FileNotFoundError(f"{source} is not a clone of the playbook repository (no notebooks/{START_PAGE})")
    out = check_out(out, source)
    out.parent.mkdir(parents=True, exist_ok=True)
    cache = cache or cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    version, python = pyodide_version()
    with tempfile.TemporaryDirectory(prefix="playbook-lite-") as scratch:
        work = Path(scratch)
        own = playbook_wheel(source, work / "own")
        unpacked = runtime(cache, version)
        wanted = [*requirements(own), *KERNEL_NEEDS, *_runtime_pins(unpacked)]
        wheels = [own, *kernel_wheels()]
        stood_in = {distribution(w) for w in wheels}
        wheels += [w for w in sorted(browser_wheels(cache, wanted, python).glob("*.whl"))
                   if distribution(w) not in stood_in | set(STAND_INS)]
        full = json.loads((unpacked / "pyodide-lock.json").read_text())["info"]["python"]
        wheels = needed(wheels, [distribution(own), *KERNEL_START, "widgetsnbextension"], full)
        pyodide = work / "lite" / "static" / "pyodide"
        packages = ship_runtime(unpacked, version, wheels, own, pyodide, cache)
        first = at_start(packages, (distribution(own),))
        (work / "lite" / "jupyter-lite.json").write_text(json.dumps(site_config(first), indent=1) + "\n")
        (work / "lite" / "overrides.json").write_text((source / "jupyter-settings" / "playbook.json").read_text())
        contents = work / "contents"
        contents.mkdir()
        notebooks = site_notebooks(source)
        for notebook in notebooks:
            (contents / notebook.name).write_text(site_notebook(notebook.read_text()))
        front_ends(source, work / "extensions")
        (work / "lite" / "jupyter_lite_config.json").write_text(json.dumps(build_config(work / "extensions"), indent=1))
        _say(f"building the site for {out} (jupyter lite build)")
        # Built beside its place (the same disk, so it moves in at once), and moved in only when whole.
        staging = Path(tempfile.mkdtemp(prefix=".playbook-lite-building-", dir=out.parent))
        try:
            built = staging / "site"
            _run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work / "lite"),
                  "--contents", str(contents), "--output-dir", str(built), "--no-sourcemaps"], cwd=work)
            (built / "index.html").write_text(start_page())
            # Browsers ask every page's host for /favicon.ico; JupyterLab's own icon answers.
            shutil.copy2(built / "static" / "favicons" / "favicon.ico", built / "favicon.ico")
            (built / MARKER).write_text("Written by playbook lite: a later build replaces this folder whole.\n")
            _swap_in(built, out, source)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return Site(out, tuple(n.name for n in notebooks), tuple(packages))


def ship_runtime(unpacked: Path, version: str, wheels: list[Path], own: Path, folder: Path,
                 cache: Path) -> dict[str, dict]:
    """Put in ``folder`` the runtime unpacked in ``unpacked`` and the
    ``wheels``, compiled to bytecode by that runtime (see
    :mod:`playbook.site.bytecode`; ``own``, playbook's wheel, keeps its
    sources), with the lock that names them; returns the lock's entries."""
    with tempfile.TemporaryDirectory(prefix="playbook-stdlib-") as scratch:
        stdlib = with_startup(unpacked / "python_stdlib.zip", Path(scratch))
        jobs = [Job(stdlib, STDLIB_PREFIX), *(Job(w, SITE_PREFIX, keep_sources=w == own,
                                                  leave_out=LEFT_OUT_FILES.get(distribution(w), ()))
                                              for w in wheels)]
        _say(f"compiling the site's Python to bytecode ({len(jobs)} archives; Pyodide under Node.js, once)")
        compiled = bytecode.precompiled(unpacked, version, jobs, cache)
        folder.mkdir(parents=True)
        for name in RUNTIME_FILES:
            shutil.copy2(compiled[0] if name == stdlib.name else unpacked / name, folder / name)
        for wheel in compiled[1:]:
            shutil.copy2(wheel, folder / wheel.name)
    return write_lock(folder, unpacked / "pyodide-lock.json", compiled[1:])


def with_startup(stdlib: Path, work: Path) -> Path:
    """A copy, in the folder ``work``, of the runtime's standard library
    ``stdlib`` (a zip) holding :mod:`playbook.site.imports` as its
    ``sitecustomize``, which the runtime runs as it starts."""
    copy = work / stdlib.name
    shutil.copy2(stdlib, copy)
    with zipfile.ZipFile(copy, "a") as archive:
        archive.writestr(zipfile.ZipInfo("sitecustomize.py", date_time=(1980, 1, 1, 0, 0, 0)),
                         (Path(__file__).parent / "imports.py").read_bytes(), compress_type=zipfile.ZIP_DEFLATED)
    return copy


def _runtime_pins(folder: Path) -> list[str]:
    """micropip and packaging at the versions the runtime's lock names."""
    packages = json.loads((folder / "pyodide-lock.json").read_text())["packages"]
    return [f"{name}=={packages[name]['version']}" for name in ("micropip", "packaging")]


# ---------------------------------------------------------------- the command
