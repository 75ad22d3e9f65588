"""Owns: the promise that every interpretation switch the engine implements is tested both
ways — each of its readings is exercised by at least one case file — and is recorded in the
catalog note that names it."""
import pathlib

import yaml

import hexlaw

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_reading_of_every_switch_has_a_case():
    used = set()
    for path in (ROOT / "cases").rglob("*.yaml"):
        for name, reading in (yaml.safe_load(path.read_text()).get("interpretations") or {}).items():
            used.add((name, str(reading)))
    switches = hexlaw.switches()
    assert switches
    missing = [(name, r) for name, readings, _, _ in switches for r in readings if (name, r) not in used]
    assert missing == []


def test_every_switch_is_in_its_catalog_note():
    for name, readings, default, rule in hexlaw.switches():
        notes = [n for n in hexlaw.rule(rule).notes if n.switch == name]
        assert notes, f"{name} has no note in {rule}"
        assert default in notes[0].ruling
