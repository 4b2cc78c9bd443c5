"""The notebooks as pages: every ``.ipynb`` of ``notebooks/`` and
``examples/`` (a new tutorial part is a page without an edit), grouped on
an index by the game whose descriptor names them, as saved: their board
pictures are the outputs nbval checks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import playbook

from .generated import Generated

#: The repository's root: the folder above docs/.
ROOT = Path(__file__).resolve().parents[3]
#: Where the notebooks' pages go, under docs/generated/.
FOLDER = "tutorials"
#: How the introduction of a tutorial part says how long it takes.
MINUTES = re.compile(r"about (\d+) minutes")
#: The tag MyST-NB folds a cell's source under (an exercise's set-up holds its answer).
FOLDED = "hide-input"


def notebooks(root: Path) -> list[Path]:
    """Every notebook the site shows, in the repository at ``root``."""
    found = sorted((root / "notebooks").glob("*.ipynb")) + sorted((root / "examples").rglob("*.ipynb"))
    return [path for path in found if ".ipynb_checkpoints" not in path.parts]


def tutorial_parts(root: Path, clarified_in: str) -> list[Path]:
    """A game's tutorial, part by part: the notebook its descriptor names
    (a path from the root), with every part of the same name beside it."""
    named = root / clarified_in
    stem = re.sub(r"_part_\d+$", "", named.stem)
    parts = [named.parent / f"{stem}.ipynb", *named.parent.glob(f"{stem}_part_*.ipynb")]
    number = re.compile(rf"{re.escape(stem)}(?:_part_(\d+))?$")

    def order(path: Path) -> int:
        matched = number.match(path.stem)
        return int(matched.group(1) or 1) if matched else 0

    return sorted((p for p in parts if p.is_file() and number.match(p.stem)), key=order)


def page(path: Path) -> str:
    """The notebook at ``path`` as the site shows it: as saved, with the
    cells JupyterLab folds away folded on the page too."""
    notebook = json.loads(path.read_text())
    for cell in notebook["cells"]:
        metadata = cell.setdefault("metadata", {})
        if metadata.get("jupyter", {}).get("source_hidden"):
            tags = metadata.setdefault("tags", [])
            if FOLDED not in tags:
                tags.append(FOLDED)
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def minutes(path: Path) -> str:
    """``" (about N minutes)"`` when the notebook's first cell says so."""
    cells = json.loads(path.read_text())["cells"]
    first = "".join(cells[0]["source"]) if cells else ""
    found = MINUTES.search(first)
    return f" (about {found.group(1)} minutes)" if found else ""


def groups(root: Path) -> list[tuple[str, list[Path]]]:
    """The notebooks under their headings: the start page, each installed
    game's tutorial in the order of :func:`playbook.available`, then the
    rest of ``notebooks/``, then the rest of ``examples/``."""
    every = notebooks(root)
    placed: set[Path] = set()
    result = []

    def take(title: str, paths: list[Path]) -> None:
        paths = [p for p in paths if p in every and p not in placed]
        if paths:
            placed.update(paths)
            result.append((title, paths))

    take("Start here", [root / "notebooks" / "00_start_here.ipynb"])
    for key in playbook.available():
        descriptor = playbook.load(key).descriptor
        if descriptor.clarified_in:
            take(descriptor.title, tutorial_parts(root, descriptor.clarified_in))
    take("Analysis and puzzles", [p for p in every if p.parent == root / "notebooks"])
    take("Bringing your own game", [p for p in every if root / "examples" in p.parents])
    return result


def write(out: Generated, root: Path) -> None:
    """Write every notebook's page and the index that lists them."""
    lines = [
        "# Tutorials",
        "",
        "Each game is taught in notebooks of a quarter of an hour at most, a rule a chapter: a "
        "sentence or two, a position set up to show it, the legal moves, and an exercise played on "
        "the board. They are shown here as they are saved, boards as pictures; open them in "
        "JupyterLab, or in your browser from [Try it](../try/index.md), to play on the boards.",
        "",
    ]
    names: set[str] = set()
    toctree = []
    for title, paths in groups(root):
        lines += [f"## {title}", ""]
        for path in paths:
            name = path.stem if path.stem not in names else f"{path.parent.name}_{path.stem}"
            names.add(name)
            out.write(f"{name}.ipynb", page(path))
            lines.append(f"- {{doc}}`{name}`{minutes(path)}: `{path.relative_to(root).as_posix()}`")
            toctree.append(name)
        lines.append("")
    lines += ["```{toctree}", ":hidden:", "", *toctree, "```", ""]
    out.write("index.md", "\n".join(lines))
