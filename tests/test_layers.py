"""The package's wings and the order they stack in: each wing imports only the wings below it.

The layout is the map a newcomer reads, so it is checked from the source itself (every
import, including those inside functions and under ``TYPE_CHECKING``) rather than trusted.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pitchlab"

WINGS = ("engine", "odds", "bots", "studies", "practice", "classes", "ui", "lessons", "server")
"""Bottom to top. A module may import its own wing and the wings before it."""
TOP = ("pitchlab", "pitchlab.__main__", "pitchlab.cli")
"""The public face and the command line stand above every wing."""
DISPLAY = ("ipywidgets", "plotly", "IPython", "anywidget", "voila", "jupyter_server", "tornado", "nbformat")
"""What draws or serves pages: never below the ``ui`` wing."""
BELOW_DISPLAY = ("engine", "odds", "bots", "studies", "practice", "classes")


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = modules()


def imports_of(name: str) -> Iterator[tuple[str, int]]:
    """Every absolute module name ``name`` imports (anywhere in the file), with its line."""
    for module, line, _ in imports_with_kind(name):
        yield module, line


def imports_with_kind(name: str) -> Iterator[tuple[str, int, bool]]:
    """Each import as (module, line, for annotations only: under ``if TYPE_CHECKING``)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(), str(path))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
        for stmt in node.body
        for inner in ast.walk(stmt)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno, id(node) in typing_only
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                yield (sub if sub in MODULES else module), node.lineno, id(node) in typing_only


def local_imports(name: str) -> set[str]:
    return {m for m, _ in imports_of(name) if m in MODULES and m != name}


def wing_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in WINGS else None


def test_every_module_lives_in_a_wing() -> None:
    stray = [m for m in MODULES if wing_of(m) is None and m not in TOP]
    assert stray == [], f"modules outside every wing: {stray}"


def test_the_checker_sees_every_kind_of_import() -> None:
    """The checker itself: a lazy import inside a function counts like any other."""
    assert "pitchlab.engine.rules" in local_imports("pitchlab.engine.hand")
    lazy = {m for m, _ in imports_of("pitchlab.cli")}
    assert "pitchlab.bots.solver" in lazy  # cli imports the solver inside a command
    typed = {m for m, _, typing in imports_with_kind("pitchlab.engine.view") if typing}
    assert "pitchlab.engine.hand" in typed  # for annotations only: seen, and told apart


@pytest.mark.parametrize("name", sorted(m for m in MODULES if wing_of(m)))
def test_a_wing_imports_only_the_wings_below_it(name: str) -> None:
    own = WINGS.index(wing_of(name) or "")
    for module, line in imports_of(name):
        if module.startswith("pitchlab"):
            wing = wing_of(module)
            assert wing is not None, f"{name}:{line} imports {module}, which stands above every wing"
            assert WINGS.index(wing) <= own, (
                f"{name}:{line} imports {module}: {wing} stands above {WINGS[own]}"
            )


@pytest.mark.parametrize("name", sorted(m for m in MODULES if wing_of(m) in BELOW_DISPLAY))
def test_below_the_ui_nothing_draws_or_serves(name: str) -> None:
    for module, line in imports_of(name):
        assert module.split(".")[0] not in DISPLAY, f"{name}:{line} imports {module}"


OUTSIDE = ("benchmarks", "tests", "scripts")
"""What a clone holds beside the package: measurement tooling (the frozen baseline bots of
``benchmarks/baseline/`` among it), tests and scripts. The wheel ships only ``pitchlab``."""


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_package_imports_nothing_a_wheel_leaves_out(name: str) -> None:
    for module, line in imports_of(name):
        assert module.split(".")[0] not in OUTSIDE, f"{name}:{line} imports {module}"


def test_no_module_imports_itself_round_a_circle() -> None:
    """No import circle at run time: a name imported only for annotations (under
    ``TYPE_CHECKING``) loads nothing, so it may point back, as a view's type names its hand."""
    graph = {
        name: {m for m, _, typing in imports_with_kind(name) if m in MODULES and m != name and not typing}
        for name in MODULES
    }
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for nxt in sorted(graph[name]):
            if state.get(nxt) == 1:
                circle = [*path[path.index(nxt) :], nxt]
                pytest.fail("an import circle: " + " -> ".join(circle))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def python_says(code: str) -> str:
    """What a fresh interpreter prints running ``code``: nothing imported by this test run leaks in."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout


def test_importing_pitchlab_loads_no_display_code() -> None:
    """``import pitchlab as pl`` is the engine and its helpers: no drawing, widgets or plots."""
    code = (
        "import sys, pitchlab; "
        "print(sorted(m for m in sys.modules if m.startswith(('pitchlab.ui', 'pitchlab.lessons', 'ipywidgets', 'plotly'))))"
    )
    assert python_says(code).strip() == "[]"


def test_a_card_draws_itself_once_the_drawing_wing_is_loaded() -> None:
    """The engine draws nothing; in a notebook a card shows as its picture once pages are loaded."""
    code = (
        "import pitchlab as pl; card = pl.Card('TH'); print(card._repr_html_()); "
        "import pitchlab.ui.drawing; print(card._repr_html_()[:60])"
    )
    out = python_says(code)
    before, after = out.splitlines()
    assert before == "None"
    assert after.startswith("<span") and 'data-card="TH"' in out


def test_the_readme_maps_every_wing() -> None:
    readme = (ROOT / "README.md").read_text()
    for wing in WINGS:
        assert f"`pitchlab/{wing}/`" in readme, wing


def tree_of(name: str) -> ast.Module:
    """A module's syntax tree, parsed once for the checks below however many ask."""
    return _parsed(MODULES[name].read_text())


@functools.cache
def _parsed(text: str) -> ast.Module:
    return ast.parse(text)


def mentions(node: ast.AST, attribute: str, names: set[str] | frozenset[str] = frozenset()) -> bool:
    """Whether ``node`` reads ``attribute`` of anything (``rules.refill_to``), or one of ``names``."""
    return any(
        (isinstance(n, ast.Attribute) and n.attr == attribute) or (isinstance(n, ast.Name) and n.id in names)
        for n in ast.walk(node)
    )


def steps_round_the_table(name: str) -> Iterator[int]:
    """The lines of ``name`` that work out a seat by arithmetic modulo the players (``(dealer + 1)
    % rules.players`` and the like): turn order, the deal passing on, where the dealer sits. A
    short name given the players' count first (``n = rules.players``, then ``% n``) counts too."""
    tree = tree_of(name)

    def named(node: ast.expr) -> str:
        return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""

    counts = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and "players" in named(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            right = named(node.right)
            if "players" in right or right in counts:
                yield node.lineno


def works_out_the_refill(name: str) -> Iterator[int]:
    """The lines of ``name`` that spell the refill's count with ``refill_to``: what a seat asks for
    (``refill_to - kept``), capped by the stock (``min(refill_to, left)``), or compared with a count
    (``drawn < refill_to``). A short name given it first in the same function (``full =
    rules.refill_to``, then ``full - drawn``) counts too. Naming it in words, a hand's size after
    the refill (``refill_to + taken``), a fixed bound (``refill_to - 1``) and whether a ruleset
    refills at all (``refill_to == 0``) are not the count."""
    tree = tree_of(name)

    def zero(node: ast.AST) -> bool:
        return isinstance(node, ast.Constant) and node.value == 0

    functions = ast.FunctionDef | ast.AsyncFunctionDef

    def own(scope: ast.AST) -> Iterator[ast.AST]:
        """The nodes of a module or function, not those of the functions inside it."""
        for child in ast.iter_child_nodes(scope):
            yield child
            if not isinstance(child, functions):
                yield from own(child)

    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, functions))]:
        aliases = {
            target.id
            for node in own(scope)
            if isinstance(node, ast.Assign) and mentions(node.value, "refill_to")
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in own(scope):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
                spelled = mentions(node.left, "refill_to", aliases) and not isinstance(
                    node.right, ast.Constant
                )
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("min", "max")
            ):
                spelled = any(mentions(arg, "refill_to", aliases) for arg in node.args)
            elif isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                spelled = any(mentions(side, "refill_to", aliases) for side in sides) and not any(
                    map(zero, sides)
                )
            else:
                spelled = False
            if spelled and isinstance(node, ast.expr):
                yield node.lineno


RULE_IN_WORDS = ("pitchlab.ui.rule_words",)
"""The module that says each win rule in words, and so must tell them apart."""


def judges_the_win_rule(name: str) -> Iterator[int]:
    """The lines of ``name`` that tell the win rules apart (``rules.win_rule == "count-out"``, or a
    ``match`` on it): the rule decided again rather than asked of the engine."""
    if name in RULE_IN_WORDS:
        return
    for node in ast.walk(tree_of(name)):
        tells = (isinstance(node, ast.Compare) and mentions(node, "win_rule")) or (
            isinstance(node, ast.Match) and mentions(node.subject, "win_rule")
        )
        if tells and isinstance(node, ast.expr | ast.stmt):
            yield node.lineno


INDEPENDENT = ("pitchlab.bots.claimcheck",)
"""The claim checker reads the play's record for itself, on purpose: it checks what the bots
say (voids among it) against a second reading, not against the code that said it."""


def reads_the_voids(name: str) -> Iterator[int]:
    """The lines of ``name`` that work out from the play who lacks a suit: only that reading
    needs ``trump_lead_must_follow`` (whether not following a trump lead shows a void), so a
    module reading it outside the rule's own words (:data:`RULE_IN_WORDS`) and the
    :data:`INDEPENDENT` check reads the voids again rather than asking
    :func:`pitchlab.engine.view.voids_shown`."""
    if name in RULE_IN_WORDS or name in INDEPENDENT:
        return
    for node in ast.walk(tree_of(name)):
        if isinstance(node, ast.Attribute) and node.attr == "trump_lead_must_follow":
            yield node.lineno


OWNED = {
    "order": (steps_round_the_table, "works out seats modulo the players", "pitchlab.engine.seats"),
    "refill": (works_out_the_refill, "counts the refill with refill_to", "pitchlab.engine.refill"),
    "win": (judges_the_win_rule, "tells the win rules apart", "pitchlab.engine.winning"),
    "voids": (reads_the_voids, "reads who lacks a suit from the play", "pitchlab.engine.view.voids_shown"),
}
"""Rules the engine says once, each with the check that finds them spelled again elsewhere.
Turn order was once spelled about a dozen ways across the bots, lessons and pages (who speaks
where, who deals next, where the dealer sits); the refill's count in the engine, the exact and
the sampled odds, an inference and lesson 3; the win rule in the engine and, over arrays, in the
bots' game model, which had lost the count-out branch; who has shown a void, once read in four
places."""


@pytest.mark.parametrize("rule", sorted(OWNED))
@pytest.mark.parametrize("name", sorted(n for n in MODULES if wing_of(n) != "engine"))
def test_only_the_engine_works_out_its_rules(name: str, rule: str) -> None:
    check, what, owner = OWNED[rule]
    found = sorted(set(check(name)))
    assert not found, f"{name} {what} at lines {found}: ask {owner}"


@pytest.mark.parametrize(
    ("rule", "source", "lines"),
    [
        (
            "order",
            "a = (dealer + 1) % rules.players\nb = (seat - 1) % players\nc = k % n_players\nd = total % 10\n"
            "n = rules.players\ne = (dealer + k) % n\nf = k % m\n",
            [1, 2, 3, 6],
        ),
        (
            "refill",
            "a = rules.refill_to - kept\nb = min(rules.refill_to, left)\nfull = rules.refill_to\n"
            "c = n + drawn < full\nd = f'back to {rules.refill_to}'\ne = Slider(max=rules.refill_to - 1)\n"
            "f = rules.refill_to + taken\ng = rules.refill_to == 0\n"
            "def h(full):\n    return full - kept\n",
            [1, 2, 4],
        ),
        (
            "win",
            "a = rules.win_rule == 'count-out'\nb = WORDS[rules.win_rule]\nc = rules.replace(win_rule='x')\n"
            "match rules.win_rule:\n    case 'bidder-only':\n        pass\n",
            [1, 4],
        ),
        ("voids", "a = rules.trump_lead_must_follow and led == trump\nb = rules.play_rule\n", [1]),
    ],
)
def test_each_check_finds_the_shapes_it_is_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rule: str, source: str, lines: list[int]
) -> None:
    """And not a plain modulo, the rule named in words, or a name that only shares the alias's."""
    path = tmp_path / "spelled.py"
    path.write_text(source)
    monkeypatch.setitem(MODULES, "spelled", path)
    assert sorted(set(OWNED[rule][0]("spelled"))) == lines
