"""The house drawn from the code's imports: no cycle among modules, and no arrow pointing up.

Issue 28 found four cycles. One (``games.match`` <-> ``games.tables``) was hidden by an import
inside a function; the others ran between packages: the replay verifier up into the match,
the cluster up into the ladder for one exception, the browser seat in ``web/`` while ``play/``
started it. Python copes with each as it stands, so no test failed; a cycle breaks when a name
moves or a module is first imported on its own, and an arrow up drags a layer's dependencies
into the one below. So the graph is read from the source with ``ast``, every import wherever
it stands (the top of a module, a function, ``if TYPE_CHECKING``), not from what Python
happened to load. Imports by a computed name (the engines' registry, the CLI's lazy commands)
are not seen.

The layers, lowest first, as the code stands (the project's design sketch, "Layout"): a package
uses only the ones below it. Packages in one layer sit beside each other: neither uses the
other.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"thousand": Path("src", "thousand"), "referee": Path("referee")}

FOUNDATION = "referee (its own modules)"
"""``referee/__init__.py`` and the single-file modules beside the packages (safetext, errors,
outputs, environment, ...): each owns one concern the whole referee shares (the escaping of
bot-supplied text, the one error line). They may use each other (a cycle among them is still
caught) but no package above them."""

LAYERS: tuple[tuple[str, ...], ...] = (
    ("thousand",),  # the engines: pure, no I/O, they know nothing of the referee
    (FOUNDATION,),
    ("referee.players",),  # a seat's player; protocol.py owns protocol.md's fault policy
    ("referee.replay",),  # replays: read, written, verified (with the protocol's policy)
    ("referee.analysis",),  # a recorded game's decisions valued (the solved dice table)
    ("referee.games",),  # the run of a match, which writes its replay
    ("referee.cluster",),  # matches on a Dask cluster; its loss is its own error
    ("referee.runs",),  # a match or tournament as a command runs it: here or on a cluster
    ("referee.ladder",),  # on the local machine or the cluster
    ("referee.web", "referee.play"),  # the contest server; a person's seat (terminal, browser)
    ("referee.cli",),
)


def modules(root: Path) -> dict[str, Path]:
    """Every module of the two packages under ``root``, by its dotted name."""
    found: dict[str, Path] = {}
    for package, folder in PACKAGES.items():
        for path in sorted((root / folder).rglob("*.py")):
            parts = [package, *path.relative_to(root / folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _module_of(name: str, known: dict[str, Path]) -> str | None:
    """The module an import loads: the longest known prefix of ``name`` (``import a.b.c``
    names a module or a name in one); None for anything outside the two packages."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _imported(node: ast.AST, here: str, package: str, known: dict[str, Path]) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            target = _module_of(alias.name, known)
            if target is not None:
                yield target
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            source = ".".join([*base, *([node.module] if node.module else [])])
        else:
            source = node.module or ""
        for alias in node.names:
            whole = f"{source}.{alias.name}"  # `from referee.games import match`: a module
            target = whole if whole in known else _module_of(source, known)
            if target is not None:
                yield target


def import_graph(root: Path) -> dict[str, dict[str, int]]:
    """Module -> each module it imports -> the line of the first such import."""
    known = modules(root)
    graph: dict[str, dict[str, int]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        arrows: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            for target in _imported(node, name, package, known):
                if target != name:
                    line = getattr(node, "lineno", 0)
                    arrows[target] = min(line, arrows.get(target, line))
        graph[name] = arrows
    return graph


def find_cycle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """One cycle, as ``module:line`` of each import along it and the first module again; None
    if there is none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in sorted(graph):
        if start in state:
            continue
        path: list[str] = [start]
        pending: list[Iterator[str]] = [iter(sorted(graph[start]))]
        state[start] = 1
        while pending:
            nxt = next(pending[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                pending.pop()
            elif state.get(nxt) == 1:
                loop = [*path[path.index(nxt) :], nxt]
                return [f"{a}:{graph[a][b]}" for a, b in itertools.pairwise(loop)] + [nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                pending.append(iter(sorted(graph[nxt])))
    return None


def unit(module: str, root: Path) -> str:
    """The layered unit a module belongs to: ``thousand``, a package of ``referee``, or the
    foundation (``referee`` itself and its single-file modules)."""
    parts = module.split(".")
    if parts[0] == "thousand":
        return "thousand"
    if len(parts) == 1 or not (root / PACKAGES["referee"] / parts[1]).is_dir():
        return FOUNDATION
    return ".".join(parts[:2])


def layer_of() -> dict[str, int]:
    return {name: level for level, names in enumerate(LAYERS) for name in names}


def wrong_arrows(root: Path) -> list[str]:
    """Every import that points up a layer, across to a package beside it, or from a package
    no layer holds."""
    levels = layer_of()
    found = []
    for module, arrows in sorted(import_graph(root).items()):
        here = unit(module, root)
        for target, line in sorted(arrows.items()):
            there = unit(target, root)
            if here == there:
                continue
            if here not in levels or there not in levels:
                undeclared = here if here not in levels else there
                found.append(f"{module}:{line} -> {target}: {undeclared} is in no layer")
            elif levels[there] > levels[here]:
                found.append(f"{module}:{line} -> {target}: up from {here} to {there}")
            elif levels[there] == levels[here] and here != FOUNDATION:
                found.append(f"{module}:{line} -> {target}: across from {here} to {there}")
    return found


def test_no_module_imports_itself_round_about() -> None:
    cycle = find_cycle(import_graph(ROOT))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_import_points_up_or_across() -> None:
    wrong = wrong_arrows(ROOT)
    assert not wrong, "\n".join(wrong)


def test_every_package_has_its_layer() -> None:
    """A new package must be placed in a layer by whoever adds it."""
    units = {unit(module, ROOT) for module in modules(ROOT)}
    assert units <= set(layer_of()), units - set(layer_of())


def test_the_graph_sees_every_kind_of_import() -> None:
    """The graph is real: ``thousand play``'s browser seat is imported inside a function (only
    ``--web`` loads FastAPI), the engines' package relatively, a match its replay writer at
    the top."""
    graph = import_graph(ROOT)
    assert "referee.play.browser" in graph["referee.play.command"]
    assert "referee.games.tables" in graph["referee.runs.match"]
    assert "referee.replay.writer" in graph["referee.games.match"]
    assert len(graph) > 100 and sum(map(len, graph.values())) > 300


def test_a_hidden_cycle_and_an_upward_arrow_are_found(tmp_path: Path) -> None:
    """On a small made-up tree: a cycle through an import inside a function, and an engine
    importing the referee."""
    files = {
        "src/thousand/__init__.py": "",
        "src/thousand/game.py": "from referee.safetext import for_html\n",
        "referee/__init__.py": "",
        "referee/safetext.py": "",
        "referee/games/__init__.py": "",
        "referee/games/match.py": "def run():\n    from referee.games.tables import go\n",
        "referee/games/tables.py": "from . import match\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    cycle = find_cycle(import_graph(tmp_path))
    assert cycle == ["referee.games.match:2", "referee.games.tables:1", "referee.games.match"]
    assert wrong_arrows(tmp_path) == [
        "thousand.game:1 -> referee.safetext: up from thousand to referee (its own modules)"
    ]
