"""Every game package has the one shape, and CONTRIBUTING's Recipe 1 works for a copy of any of them.

The games come from the registry (:func:`bot.gamefacts.ids`): a new game is
checked by itself.  Of each:

* its top level holds only the roles of the shape (CONTRIBUTING, "Recipe 1"):
  ``rules``, ``render`` and ``strings`` are packages, the catalogue's topics
  have their shared names, and the state copy is ``rules.state.copy_state``;
* no module of it imports its own package absolutely, nor spells its id but
  ``game.py`` (a copy would use the original's modules, palette or keys);
* its catalogue keys are ``<id>.<section>.<name>`` in the one section
  vocabulary (``event``, not ``ev``…), or the platform's ``<id>.name``…;
* a copy under a new id, made as the recipe says and nothing more (the folder
  copied, ``ID`` and the display names changed), is found through
  ``KADO_GAME_DIRS``, registers, plays a seeded game to its end through its
  engine, and draws its board and each seat's private text, controls and log
  lines in English and Japanese asking only for keys of its own id (or the
  platform's) that both catalogues hold.

Why the copy runs in a subprocess: ``KADO_GAME_DIRS`` is read when ``cogs``
is first imported, and the registry is scanned once; one process plays every
game's copy (no bot, no emulator: a few seconds).
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot import gamefacts
from tests.recipe import copy_game

ROOT = Path(__file__).resolve().parents[3]
GAMES = gamefacts.ids()
SUFFIX = "copy"
"""A copy of ``<id>`` is ``<id>copy``."""

FILES = {"__init__.py", "game.py", "cards.py", "options.py", "views.py", "ai.py", "rollout.py", "tutorial.py",
         "cog.py", "palette.png"}
"""The modules (and data file) a game's top level may hold, each in its one role (a role a game lacks is absent)."""
PACKAGES = {"rules", "render", "strings"}
"""The packages every game has: the engine and its parts, the words, the catalogue."""
OPTIONAL_PACKAGES = {"picture"}
STRING_TOPICS = {"base", "rules", "legend", "moment", "outcome", "reveal", "tutorial", "options", "picture", "first"}
"""The catalogue's topic modules (``strings/<topic>.py``), under the same names in every game."""


def home(game: str) -> Path:
    facts = gamefacts.facts_of(game)
    assert facts.home is not None
    return facts.home


def _entries(path: Path) -> set[str]:
    return {p.name for p in path.iterdir() if p.name != "__pycache__" and not p.name.startswith(".")}


@pytest.mark.parametrize("game", GAMES)
def test_the_top_level_holds_only_the_roles_of_the_shape(game: str) -> None:
    top = home(game)
    entries = _entries(top)
    outside = entries - FILES - PACKAGES - OPTIONAL_PACKAGES
    assert not outside, f"{game}: outside the shape: {sorted(outside)}"
    for package in PACKAGES | (OPTIONAL_PACKAGES & entries):
        assert (top / package / "__init__.py").is_file(), f"{game}: {package}/ is not a package"
    module = ast.parse((top / "__init__.py").read_text(encoding="utf-8"))
    docstring = ast.get_docstring(module) or ""
    assert docstring and "\n" not in docstring and len(module.body) == 1, f"{game}: __init__.py: not 1 docstring line"
    topics = {p.stem for p in (top / "strings").glob("*.py")} - {"__init__"}
    assert topics <= STRING_TOPICS, f"{game}: catalogue topics without a shared name: {topics - STRING_TOPICS}"
    state = top / "rules" / "state.py"
    assert state.is_file(), f"{game}: no rules/state.py (the shared state plumbing)"
    assert "copy_state" in _defined(state), f"{game}: rules/state.py defines no copy_state"


def _defined(path: Path) -> set[str]:
    """The names a module defines at its top level (functions, classes, assignments)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def absolute_self_imports(game: str, top: Path) -> list[str]:
    """``file:line`` of every import of ``cogs.<game>`` written absolutely inside the package."""
    own = f"{gamefacts.PACKAGE}.{game}"
    found = []
    for path in sorted(top.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            if any(name == own or name.startswith(own + ".") for name in names):
                found.append(f"{path.relative_to(top)}:{node.lineno}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_module_imports_its_own_game_absolutely(game: str) -> None:
    assert not absolute_self_imports(game, home(game)), absolute_self_imports(game, home(game))


def id_literals(game: str, top: Path) -> list[str]:
    """``file:line`` of every string constant that spells the game's id (:func:`_spells`), but in ``game.py`` (where
    ``ID`` is written); ``strings/base.py``'s display names may be the id itself (a copy changes them)."""
    found: list[str] = []
    for path in sorted(top.rglob("*.py")):
        where = path.relative_to(top).as_posix()
        if where == "game.py":
            continue
        named = where == "strings/base.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        arguments = {id(arg) for call in ast.walk(tree) if isinstance(call, ast.Call) for arg in call.args}
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and _spells(text.strip(), game, named=named, argument=id(node) in arguments):
                found.append(f"{where}:{node.lineno}")
    return found


def _spells(text: str, game: str, *, named: bool = False, argument: bool = True) -> bool:
    """The text is the id passed to a call (``palette.of("<id>")``; a display name, ``named``, may be the id), or
    a catalogue key written with it (``"<id>.x"``, ``"cmd.<id>"``) instead of built from ``ID``.

    The bare id as data (a dict key, a tuple item, a comparison) is not the id: Eminit's Treasure has a card kind
    called "eminit", which a copy keeps."""
    return (text == game and argument and not named) or text.startswith((f"{game}.", f"cmd.{game}"))


@pytest.mark.parametrize("game", GAMES)
def test_the_id_is_written_in_game_py_only(game: str) -> None:
    """A copy under a new id would still name the original (its palette, a key) where a module spells the id."""
    assert not id_literals(game, home(game)), id_literals(game, home(game))


FORMER_SECTIONS = {"ev": "event", "ctl": "control", "priv": "private", "pic": "picture", "out": "outcome",
                   "value": "option.<name>.<value>"}
"""Sections the one vocabulary replaced, with their names now."""
PLATFORM_TOPS = {"name", "help", "rules"}
"""The keys of two parts (``<id>.name``…) the platform reads; every other key is ``<id>.<section>.<name>``."""


def catalogue_keys(game: str) -> set[str]:
    """Every key of the game's catalogue, its tutorial's included, in either language."""
    keys: set[str] = set()
    modules = [importlib.import_module(f"{gamefacts.PACKAGE}.{game}.strings")]
    with contextlib.suppress(ModuleNotFoundError):
        modules.append(importlib.import_module(f"{gamefacts.PACKAGE}.{game}.strings.tutorial"))
    for module in modules:
        keys.update(*(set(texts) for texts in module.STRINGS.values()))
    return keys


@pytest.mark.parametrize("game", GAMES)
def test_catalogue_keys_follow_the_one_schema(game: str) -> None:
    keys = catalogue_keys(game)
    own = (f"{game}.", f"cmd.{game}.")
    foreign = sorted(k for k in keys if not k.startswith(own) and k != f"cmd.{game}")
    assert not foreign, f"{game}: keys not under its id: {foreign[:10]}"
    parts = [k.split(".") for k in keys if k.startswith(f"{game}.")]
    short = sorted(".".join(p) for p in parts if len(p) == 2 and p[1] not in PLATFORM_TOPS)
    assert not short, f"{game}: keys with no section (<id>.<section>.<name>): {short[:10]}"
    former = sorted({f"{p[1]} -> {FORMER_SECTIONS[p[1]]}" for p in parts if p[1] in FORMER_SECTIONS})
    assert not former, f"{game}: sections the vocabulary renamed: {former}"


def copy_by_the_recipe(game: str, into: Path) -> str:
    """``game`` copied into ``into`` by the recipe (:func:`tests.recipe.copy_game`) as ``<id>copy``; the new id."""
    new = game + SUFFIX
    named = {"name": new.upper(), "command": new}
    copy_game(home(game), into, new, {"en": named, "ja": named})
    return new


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Each game copied by the recipe into one extra games directory, then played there: what each copy did."""
    into = tmp_path_factory.mktemp("recipe_copies")
    made: dict[str, str] = {}
    for game in GAMES:
        try:
            made[game] = copy_by_the_recipe(game, into)
        except (AssertionError, OSError) as failed:  # a package the recipe cannot copy: that game's failure
            made[game] = f"!{type(failed).__name__}: {failed}"
    play = {g: new for g, new in made.items() if not new.startswith("!")}
    run = subprocess.run(
        [sys.executable, "-c", f"import {__name__} as t; t.report({json.dumps(play)})"],
        cwd=ROOT, env={**os.environ, "KADO_GAME_DIRS": str(into)}, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    reports: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    reports.update({g: {"error": why[1:]} for g, why in made.items() if why.startswith("!")})
    return reports


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_made_by_the_recipe_is_a_game(game: str, copies: dict[str, Any]) -> None:
    seen = copies[game]
    assert "error" not in seen, f"{game}: {seen.get('error')}"
    new = game + SUFFIX
    assert seen["registered"] and seen["engine_id"] == new
    assert seen["names"] == {"en": new.upper(), "ja": new.upper()}, "the display names are the copy's"
    assert seen["command"].startswith(f"/{new} "), seen["command"]
    assert seen["finished"], f"{game}: the seeded game did not end in {seen['moves']} moves"
    assert not seen["missing"], f"{game}: keys the copy lacks: {seen['missing'][:10]}"
    assert not seen["foreign"], f"{game}: the copy asks for keys not of its id: {seen['foreign'][:10]}"
    assert seen["texts"] > 0 and seen["moves"] > 0


MOVES = 5000
"""Enough random moves to end any game (the longest seeded random games take a few thousand)."""


class _Recording:
    """A translator that notes each key asked for, so the test knows every key a screen needed."""

    def __init__(self, tr: Any, asked: set[str]) -> None:
        self.locale = tr.locale
        self._tr, self._asked = tr, asked

    def __call__(self, key: str, /, **kwargs: object) -> str:
        self._asked.add(key)
        return self._tr(key, **kwargs)


def play_copy(new: str, others: set[str]) -> dict[str, Any]:
    """The copy registered, played with random moves from a fixed seed to its end, its words drawn in en and ja."""
    from bot import i18n
    from bot.core import games
    from bot.core.tutorial import script

    registered = new in games.available()
    spec = games.get(new)
    asked: set[str] = set(games.catalogue_keys(spec))
    trs = [_Recording(i18n.translator(loc), asked) for loc in ("en", "ja")]
    seats = spec.min_seats
    names = [f"player {i}" for i in range(seats)]
    state = spec.rules.new(seats, 1, spec.resolve_options({}))
    rng, moves, texts = random.Random(1), 0, 0
    while moves < MOVES:
        for tr in trs:
            board = spec.render.board(spec.rules.view(state, None), names, tr)
            texts += bool(board.title or board.description or board.fields)
            for seat in range(seats):
                texts += bool(spec.render.private(spec.rules.view(state, seat), seat, names, tr))
        acting = spec.rules.to_act(state)
        if not acting:
            break
        seat = rng.choice(acting)
        legal = spec.rules.legal(state, seat)
        for tr in trs:
            for action in legal[:8]:
                spec.render.control(action, spec.rules.view(state, seat), seat, names, tr)
        step = spec.rules.apply(state, seat, rng.choice(legal))
        for tr in trs:
            for event in step.events:
                spec.render.event(event, names, tr)
        state, moves = step.state, moves + 1
    if spec.picture is not None:
        for tr in trs:
            spec.board_picture(spec.rules.view(state, None), names, tr)
    if new in script.available():  # its guided first game: each step's line, recap and the statements it explains
        guide = script.load(new)
        said: list[str] = []
        for step in guide.STEPS:
            said += [step.key, *([step.recap] if step.recap else []), *step.explains]
        asked.update(key.split("#")[0] for key in [*said, *guide.STATEMENTS])  # "<key>#<part>": a rule of a text
    prefixes = tuple(p for other in others for p in (f"{other}.", f"cmd.{other}"))
    return {
        "registered": registered,
        "engine_id": spec.rules.GAME,
        "names": {tr.locale: tr(f"{new}.name") for tr in trs},
        "command": i18n.command_path("ja", f"{new}.new"),
        "finished": spec.rules.result(state) is not None,
        "moves": moves,
        "texts": texts,
        "missing": sorted(k for k in asked if not all(k in i18n.catalogue(loc) for loc in ("en", "ja"))),
        "foreign": sorted(k for k in asked if k.startswith(prefixes) and not k.startswith((f"{new}.", f"cmd.{new}"))),
    }


def report(copies: dict[str, str]) -> None:
    """Run in the subprocess: each copy's :func:`play_copy`, or the error it raised, printed as one JSON line."""
    others = set(gamefacts.ids())
    out: dict[str, Any] = {}
    for game, new in copies.items():
        try:
            out[game] = play_copy(new, others - {new})
        except Exception as exc:  # one copy's failure is that game's finding, not the others'
            out[game] = {"error": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(out))
