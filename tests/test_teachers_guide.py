"""The teacher's guide (notebooks/lessons/README.md) holds true: every ```python block in it runs
(the code answers end with ``assert report.passed``, so a printed answer is one that passes),
it links and has a section for every lesson notebook there is, and the seeds it quotes are
still in the lessons' code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "notebooks" / "lessons"
GUIDE = LESSONS / "README.md"
TEXT = GUIDE.read_text(encoding="utf-8")
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)
NOTEBOOKS = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))
PARTS = ("Learning goals", "Time", "Prerequisites", "Answers")


def blocks() -> list[tuple[int, str]]:
    """Each ```python block with the guide's line number where its code starts."""
    return [(TEXT.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in BLOCK.finditer(TEXT)]


def test_the_guide_has_code_to_run() -> None:
    assert blocks(), "no ```python block found: the pattern no longer matches the guide"


@pytest.mark.parametrize(("line", "code"), blocks(), ids=[f"line-{line}" for line, _ in blocks()])
def test_every_python_block_runs_on_its_own(line: int, code: str) -> None:
    """Each block in a fresh namespace: a block may not lean on one above it."""
    namespace: dict[str, object] = {"__name__": f"guide_block_{line}"}
    exec(compile(code, f"{GUIDE.name}:{line}", "exec"), namespace)


def section(number: str) -> str:
    """The text of ``## Lesson NN · ...`` up to the next second-level heading."""
    match = re.search(rf"^## Lesson {number} · .*?(?=^## |\Z)", TEXT, re.S | re.M)
    assert match, f"no '## Lesson {number} · Title' section"
    return match.group(0)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_lesson_is_linked_and_has_its_section(notebook: Path) -> None:
    assert f"]({notebook.name})" in TEXT, f"the guide does not link {notebook.name}"
    text = section(notebook.name[:2])
    for part in PARTS:
        assert re.search(rf"^### {part}$", text, re.M), f"lesson {notebook.name[:2]}: no '### {part}'"


def code_of(notebook: Path) -> str:
    """A notebook's code cells, each line's runs of spaces made one, so a quote survives reformatting."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    return " ".join(code.split())


def seed_rows() -> list[tuple[str, list[str]]]:
    table = TEXT[TEXT.index("| lesson | its seeds |") :].split("\n\n", 1)[0]
    return [
        (m.group(1), re.findall(r"`([^`]+)`", m.group(2)))
        for m in re.finditer(r"^\| (\d\d) \| (.*) \|$", table, re.M)
    ]


def test_the_seeds_the_guide_quotes_are_in_the_lessons() -> None:
    rows = seed_rows()
    assert len(rows) >= 6
    for number, quotes in rows:
        found = list(LESSONS.glob(f"{number}-*.ipynb"))
        if not found:
            continue  # a lesson still being written
        code = code_of(found[0])
        for quote in quotes:
            assert " ".join(quote.split()) in code, (
                f"lesson {number} no longer has `{quote}`: update the guide"
            )
