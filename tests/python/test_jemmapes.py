"""Owns: Jemmapes 1792 questions asked from Python (dicts through the same seam as Napoleonic
20): a move checked step by step, exact assault odds, a refusal by name of a lost cell, and the
reasons of a rout move."""
from fractions import Fraction

import pytest

import hexlaw

FORMATIONS = {"E": {"side": "french", "order": "offensive"}, "L": {"side": "austrian", "order": "manoeuvre"}}


def test_a_move_into_an_enemy_zoc_costs_one_more_and_stops():
    """jemmapes:1.6 — the extra MP and the stop, asked from a dict."""
    answer = hexlaw.ask({
        "game": "jemmapes",
        "state": {"formations": FORMATIONS},
        "units": [
            {"id": "F", "side": "french", "kind": "infantry", "hex": "0505", "facing": "n", "cp": 2, "mp": 4, "formation": "E"},
            {"id": "A", "side": "austrian", "kind": "infantry", "hex": "0503", "facing": "s", "cp": 2, "formation": "L"},
        ],
        "question": {"kind": "path", "unit": "F", "path": ["0504", "0604"]},
    })
    assert answer.outcome["legal"] is False
    assert answer.outcome["failed_step"] == "0604" and answer.outcome["rule"] == "jemmapes:1.6"
    assert answer.outcome["steps"][0]["cost"] == 2


def test_exact_assault_odds_sum_to_one():
    """jemmapes:table.assault jemmapes:6.3 — every line of dice is an outcome, the cut rows named."""
    answer = hexlaw.ask({
        "game": "jemmapes",
        "state": {"formations": FORMATIONS},
        "units": [
            {"id": "F", "side": "french", "kind": "infantry", "hex": "0505", "facing": "n", "cp": 2, "morale": 3, "formation": "E"},
            {"id": "A", "side": "austrian", "kind": "infantry", "hex": "0504", "facing": "s", "cp": 2, "morale": 3, "formation": "L"},
        ],
        "question": {"kind": "assault", "attackers": ["F"], "hex": "0504", "attacker_head": "F", "roll": True},
        "dice": "enumerate",
    })
    odds = answer.outcome["odds"]
    assert sum(Fraction(o["probability"]) for o in odds) == 1
    missing = sum(Fraction(o["probability"]) for o in odds if "refused" in o["outcome"])
    assert missing == Fraction(15, 36)  # totals 8 (Defender cell cut) to 12: 5+4+3+2+1 of 36


def test_a_lost_cell_is_refused_by_name():
    """jemmapes:table.assault — a scripted roll landing on row 9 is refused, never filled in."""
    case = {
        "game": "jemmapes",
        "state": {"formations": FORMATIONS},
        "units": [
            {"id": "F", "side": "french", "kind": "infantry", "hex": "0505", "facing": "n", "cp": 2, "morale": 3, "formation": "E"},
            {"id": "A", "side": "austrian", "kind": "infantry", "hex": "0504", "facing": "s", "cp": 2, "morale": 3, "formation": "L"},
        ],
        "question": {"kind": "assault", "attackers": ["F"], "hex": "0504", "attacker_head": "F", "roll": True},
        "dice": {"script": [4, 5]},
    }
    with pytest.raises(hexlaw.RuleRefused, match="refused: jemmapes:table.assault:"):
        hexlaw.ask(case)


def test_a_charge_move_that_does_not_end_at_the_cavalry_is_named_bad_input():
    """jemmapes:5.3.1 — charge_moves must end in the charging unit's hex; the error names the field."""
    with pytest.raises(hexlaw.CaseError, match="charge_moves.H"):
        hexlaw.ask({
            "game": "jemmapes",
            "state": {"formations": FORMATIONS},
            "units": [
                {"id": "H", "side": "french", "kind": "cavalry", "hex": "0505", "facing": "n", "cp": 2, "morale": 3,
                 "formation": "E", "markers": ["charge"]},
                {"id": "A", "side": "austrian", "kind": "infantry", "hex": "0504", "facing": "s", "cp": 2, "morale": 3, "formation": "L"},
            ],
            "question": {"kind": "assault", "attackers": ["H"], "hex": "0504", "attacker_head": "H",
                         "charge_moves": {"H": ["0507", "0506"]}},
        })


def test_the_example_of_combat_fire_rolls_7_modified_6_on_a_cut_row():
    """jemmapes:6.2 jemmapes:table.fire — the example's fire: 7 rolled, DRM -1 (+2 range, -3
    redoubt), 6 modified; row 6 is cut, so its printed "No result" is refused by name, naming the
    total and the row (the case file can only pin the rule)."""
    import pathlib
    import yaml
    path = pathlib.Path(__file__).resolve().parents[2] / "cases/jemmapes/table.fire/example-of-combat-fire-row-6-refused.yaml"
    case = yaml.safe_load(path.read_text())
    case.pop("expect")
    with pytest.raises(hexlaw.RuleRefused, match=r"jemmapes:table\.fire: a modified total of 6 needs row 6, column 1 to 2"):
        hexlaw.ask(case)
    case["question"].pop("roll")
    case.pop("dice")
    answer = hexlaw.ask(case)
    assert answer.outcome["drm"] == -1 and sorted(d["value"] for d in answer.outcome["drms"]) == [-3, 2]
    assert sum(yaml.safe_load(path.read_text())["dice"]["script"]) == 7  # the example's 2d6


def test_a_rout_move_names_the_friends_it_crossed_in_its_reasons(source_dir):
    """jemmapes:5.4 — a routed unit that flees through a friend's hex costs that friend a level;
    the answer's trace says so by name (a case file checks the outcome and the citations, not
    the reasons, and 5.4 is cited for the flight itself anyway)."""
    case = (source_dir / "cases/jemmapes/5.4/flees-south-crossing-a-friend.yaml").read_text()
    answer = hexlaw.ask(case)
    reasons = [reason for rule, reason in answer.trace if rule == "jemmapes:5.4"]
    assert 'the routed unit crossed ["G"]: each takes one more level' in reasons
