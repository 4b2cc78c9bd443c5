"""The site's archives compiled to bytecode: what each holds afterwards.

The build runs :func:`playbook.site.bytecode.compile_archive` in the
site's own Python (Pyodide under Node.js); it needs nothing but the
standard library, so here it runs in this Python, whose bytecode this
test can load."""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import marshal
import zipfile
from pathlib import Path

from playbook.site.bytecode import SITE_PREFIX, Job, _key, compile_archive

SOURCE = "def double(x):\n    return 2 * x\n"


def wheel(folder: Path) -> Path:
    path = folder / "tool-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("tool/__init__.py", SOURCE)
        archive.writestr("tool/old.py", "print 'Python 2'\n")  # another Python's syntax: kept as it is
        archive.writestr("tool/stubs/big.pyi", "x: int\n")
        archive.writestr("tool/data.txt", "kept")
        archive.writestr("tool-1.0.dist-info/METADATA", "Name: tool\n")
        archive.writestr("tool-1.0.dist-info/RECORD", "stale,,\n")
    return path


def code_of(pyc: bytes):
    # A pyc: 4 bytes of magic, 4 of flags, 8 of hash, then the marshalled code.
    return marshal.loads(pyc[16:])


def test_a_wheel_ships_bytecode_in_place_of_its_sources_and_a_record_that_lists_it(tmp_path):
    target = tmp_path / "out.whl"
    assert compile_archive(str(wheel(tmp_path)), str(target), SITE_PREFIX, False, ["tool/stubs/"]) == 1
    with zipfile.ZipFile(target) as archive:
        names = archive.namelist()
        files = {n: archive.read(n) for n in names}
    assert sorted(names) == ["tool-1.0.dist-info/METADATA", "tool-1.0.dist-info/RECORD", "tool/__init__.pyc",
                             "tool/data.txt", "tool/old.py"]
    assert names[-1] == "tool-1.0.dist-info/RECORD"
    pyc = files["tool/__init__.pyc"]
    assert pyc[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, not checked against a source
    namespace: dict = {}
    exec(code_of(pyc), namespace)
    assert namespace["double"](21) == 42
    assert code_of(pyc).co_filename == SITE_PREFIX + "tool/__init__.py"
    # Every file but RECORD itself, with its size and its sha256 in the form wheels use.
    rows = {row[0]: row[1:] for row in csv.reader(io.StringIO(files["tool-1.0.dist-info/RECORD"].decode()))}
    assert rows.pop("tool-1.0.dist-info/RECORD") == ["", ""]
    assert set(rows) == set(names) - {"tool-1.0.dist-info/RECORD"}
    digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
    assert rows["tool/__init__.pyc"] == [f"sha256={digest}", str(len(pyc))]


def test_playbooks_own_wheel_keeps_its_sources_beside_the_bytecode(tmp_path):
    target = tmp_path / "out.whl"
    compile_archive(str(wheel(tmp_path)), str(target), SITE_PREFIX, True, [])
    with zipfile.ZipFile(target) as archive:
        names = set(archive.namelist())
        assert archive.read("tool/__init__.py").decode() == SOURCE
    assert {"tool/__init__.py", importlib.util.cache_from_source("tool/__init__.py"), "tool/stubs/big.pyi"} <= names


def test_the_same_archive_compiles_to_the_same_bytes(tmp_path):
    source = wheel(tmp_path)
    compile_archive(str(source), str(tmp_path / "a.whl"), SITE_PREFIX, False, [])
    compile_archive(str(source), str(tmp_path / "b.whl"), SITE_PREFIX, False, [])
    assert (tmp_path / "a.whl").read_bytes() == (tmp_path / "b.whl").read_bytes()


def test_a_compiled_archive_is_kept_by_what_it_was_made_from(tmp_path):
    source = wheel(tmp_path)
    job = Job(source, SITE_PREFIX)
    assert _key(job, "0.29.0") == _key(Job(source, SITE_PREFIX), "0.29.0")
    others = {_key(Job(source, SITE_PREFIX, keep_sources=True), "0.29.0"), _key(job, "0.30.0"),
              _key(Job(source, SITE_PREFIX, leave_out=("tool/stubs/",)), "0.29.0"),
              _key(Job(source, "/elsewhere/"), "0.29.0")}
    assert _key(job, "0.29.0") not in others and len(others) == 4
