"""Owns: tests of the fog-of-war question kinds through the Python module — the reaction's
`stop_with` and the Dummy questions answer as dicts, and their bad input raises CaseError naming
the field."""
import pytest

import hexlaw

REACTION = {
    "rules": ["std:16.1.1"],
    "options": ["std:16.1"],
    "state": {"turn": 2, "phase": "reaction", "phasing": "prussian"},
    "units": [
        {"id": "C", "side": "french", "type": "cavalry", "strength": 2, "movement": 3, "hex": "0505"},
        {"id": "PC", "side": "prussian", "type": "cavalry", "strength": 2, "movement": 3, "hex": "0506",
         "markers": ["hidden"]},
    ],
    "question": {"kind": "reaction", "unit": "C"},
}


def test_hidden_cavalry_stops_disengagement_only_when_revealed():
    """std:16.1.1 — naming hidden cavalry in stop_with reveals it and stops the Disengagement."""
    kept = hexlaw.ask(REACTION)
    assert kept.outcome["disengage"]["may"] is True
    assert kept.outcome["hidden_could_stop"] == ["PC"]
    shown = hexlaw.ask({**REACTION, "question": {"kind": "reaction", "unit": "C", "stop_with": ["PC"]}})
    assert shown.outcome["disengage"]["may"] is False
    assert shown.outcome["revealed"] == ["PC"]
    assert "std:16.1.1" in shown.citations


def test_stop_with_a_friendly_unit_is_a_case_error():
    """std:16.1.1 — only an enemy of the reacting unit can stop it; naming its own side is bad input."""
    with pytest.raises(hexlaw.CaseError, match=r"question.stop_with\[0\].*own side"):
        hexlaw.ask({**REACTION, "question": {"kind": "reaction", "unit": "C", "stop_with": ["C"]}})


def test_dummy_arrival_and_a_non_dummy():
    """std:16.1.3 — a waiting Dummy comes in with a reinforcement; a real unit named as the Dummy is refused."""
    case = {
        "rules": ["std:16.1.3"],
        "options": ["std:16.1"],
        "state": {"turn": 3, "phase": "movement", "phasing": "french"},
        "units": [
            {"id": "R", "side": "french", "type": "infantry", "strength": 3, "movement": 2, "hex": "0101"},
            {"id": "D", "side": "french", "type": "dummy", "strength": 0, "movement": 0, "status": "broken"},
        ],
        "question": {"kind": "dummy-arrival", "dummy": "D", "with": "R", "arrival": "reinforcement"},
    }
    answer = hexlaw.ask(case)
    assert answer.outcome["legal"] is True
    assert answer.outcome["units"] == {"D": "0101"}
    with pytest.raises(hexlaw.CaseError, match=r"question.dummy.*not a Dummy"):
        hexlaw.ask({**case, "question": {**case["question"], "dummy": "R"}})
