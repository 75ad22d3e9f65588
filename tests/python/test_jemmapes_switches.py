"""Owns: the audit of the Jemmapes 1792 switches — every switch name the Jemmapes catalog mentions
is one the engine implements (listed by hexlaw.switches() under the case whose note records it,
with a case file per reading: test_switch_cases.py), and an unregistered one is refused by name."""
import pathlib
import re

import pytest

import hexlaw

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Being made real on another branch at the same time (jemscen: the control VP of jemmapes:9.3);
# until it is merged the engine refuses it by name. Remove the name here once it is registered
# (test_pending_switches_are_refused_by_name then fails, as a reminder).
PENDING = {"jemmapes.victory.control_vp"}


def _catalog_switches():
    text = (ROOT / "spec" / "catalog" / "jemmapes.yaml").read_text()
    return set(re.findall(r"\bjemmapes\.[a-z_]+\.[a-z_]+\b", text))


def test_every_jemmapes_switch_the_catalog_names_is_registered():
    registered = {name: rule for name, _, _, rule in hexlaw.switches() if name.startswith("jemmapes.")}
    named = _catalog_switches()
    assert named, "the catalog names no Jemmapes switch"
    missing = sorted(named - set(registered) - PENDING)
    assert missing == []
    for name in named - PENDING:
        assert registered[name].startswith("jemmapes:"), name
    # And nothing registered that the catalog does not record.
    assert sorted(set(registered) - named) == []


@pytest.mark.parametrize("name", sorted(PENDING))
def test_pending_switches_are_refused_by_name(name):
    assert name not in {n for n, _, _, _ in hexlaw.switches()}
    case = {
        "game": "jemmapes",
        "interpretations": {name: "any"},
        "units": [{"id": "F", "side": "french", "kind": "infantry", "hex": "0505", "facing": "n", "cp": 1}],
        "question": {"kind": "zoc", "unit": "F", "hex": "0504"},
    }
    with pytest.raises(hexlaw.RuleRefused, match=re.escape(name)):
        hexlaw.ask(case)
