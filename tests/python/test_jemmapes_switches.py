"""Owns: the audit of the Jemmapes 1792 switches — every switch name the Jemmapes catalog mentions
is one the engine implements (listed by hexlaw.switches() under the case whose note records it,
with a case file per reading: test_switch_cases.py), and no switch is registered that the catalog
does not record."""
import pathlib
import re

import hexlaw

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _catalog_switches():
    text = (ROOT / "spec" / "catalog" / "jemmapes.yaml").read_text()
    return set(re.findall(r"\bjemmapes\.[a-z_]+\.[a-z_]+\b", text))


def test_every_jemmapes_switch_the_catalog_names_is_registered():
    registered = {name: rule for name, _, _, rule in hexlaw.switches() if name.startswith("jemmapes.")}
    named = _catalog_switches()
    assert named, "the catalog names no Jemmapes switch"
    missing = sorted(named - set(registered))
    assert missing == []
    for name in named:
        assert registered[name].startswith("jemmapes:"), name
    # And nothing registered that the catalog does not record.
    assert sorted(set(registered) - named) == []
