"""Owns: the promise that the engine's layers depend only downwards — core below everything;
the Napoleonic 20 system (n20, with its games) and Jemmapes on core alone; the played games on
n20 and Jemmapes; the questions on the systems and the played game; the CLI and bindings on top — so no
layer includes a layer above it (CMakeLists.txt builds one library per layer to match)."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
INCLUDE = re.compile(r'#include "engine/([a-z0-9_]+)/')

ALLOWED = {
    "core": {"core"},
    "n20": {"core", "n20"},
    "jemmapes": {"core", "jemmapes"},
    "play": {"core", "n20", "jemmapes", "play"},
    "questions": {"core", "n20", "jemmapes", "play", "questions"},
    "draw": {"core", "n20", "jemmapes", "play", "questions", "draw"},
    "cli": {"core", "n20", "jemmapes", "play", "questions", "draw", "cli"},
}


def test_no_layer_includes_a_layer_above_it():
    wrong = []
    for layer, allowed in ALLOWED.items():
        for path in sorted((ROOT / "engine" / layer).rglob("*")):
            if path.suffix not in {".h", ".cc"}:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                m = INCLUDE.search(line)
                if m and m.group(1) not in allowed:
                    wrong.append(f"{path.relative_to(ROOT)}:{number}: {layer} includes {m.group(1)}")
    assert wrong == []


def test_every_engine_folder_is_a_known_layer():
    folders = {p.name for p in (ROOT / "engine").iterdir() if p.is_dir()}
    assert folders == set(ALLOWED)


def test_cmake_builds_one_library_per_layer():
    """Static by default; the mutation build alone (HEXLAW_SHARED_ENGINE) makes them shared."""
    text = (ROOT / "CMakeLists.txt").read_text()
    for layer in ("core", "n20", "jemmapes", "play", "questions", "draw"):
        assert re.search(rf"add_library\(hexlaw_{layer} (STATIC|\$\{{HEXLAW_LIBRARY_KIND\}}) ", text), layer
    assert re.search(r"option\(HEXLAW_SHARED_ENGINE \"[^\"]*\" OFF\)", text)
    assert re.search(r"else\(\)\s+set\(HEXLAW_LIBRARY_KIND STATIC\)", text)
