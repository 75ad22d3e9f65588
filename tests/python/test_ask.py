"""Owns: tests of the Python module `hexlaw` — asking questions as dicts, text and paths,
reading answers, catalogue lookups, errors as exceptions, and pickling states."""
import pickle

import pytest

import hexlaw

from shared_cases import ZOC_CASE  # noqa: E402


def test_ask_a_dict():
    """std:7.0 — no ZOC between adjacent towns, asked as a Python dict."""
    answer = hexlaw.ask(ZOC_CASE)
    assert answer.outcome == {"unit": "F", "hex": "0605", "exerts": False}
    assert "std:7.0" in answer.citations
    assert any(rule == "std:7.0" and "built-up" in reason for rule, reason in answer.trace)
    text = answer.explain()
    assert "std:7.0" in text and "Zones of Control" in text


def test_ask_yaml_text_with_dice():
    """jena:table.crt — the forest example's +2 column and a scripted 6."""
    answer = hexlaw.ask("game: jena\nquestion: {kind: crt, differential: 2}\ndice: {script: [6]}\n")
    assert answer.outcome["result"] == "DR"
    assert answer.rolls == [(6, 6, "std:9.0", "battle die")]
    assert {"std:9.0", "jena:table.crt"} <= set(answer.citations)


def test_ask_a_path(source_dir):
    path = source_dir / "cases" / "std" / "7.6" / "no-zoc-at-night.yaml"
    assert hexlaw.ask(path).outcome["in_enemy_zoc"] is False
    assert hexlaw.ask(str(path)).outcome["in_enemy_zoc"] is False
    ok, mismatches = hexlaw.check(path)
    assert ok and mismatches == []


def test_enumerated_odds_are_exact_fractions():
    answer = hexlaw.ask({"game": "jena", "question": {"kind": "crt", "differential": 0}, "dice": "enumerate"})
    odds = answer.outcome["odds"]
    assert [o["probability"] for o in odds] == ["1/6"] * 6


def test_bad_input_raises_case_error_with_field_and_reason():
    bad = dict(ZOC_CASE, question={"kind": "zoc", "unit": "GHOST", "hex": "0605"})
    with pytest.raises(hexlaw.CaseError) as err:
        hexlaw.ask(bad)
    assert "question.unit" in str(err.value) and "GHOST" in str(err.value)
    with pytest.raises(hexlaw.CaseError, match="not valid YAML"):
        hexlaw.ask("question: {kind: zoc\nunits: [")
    with pytest.raises(hexlaw.CaseError, match="cannot open file"):
        hexlaw.ask("no/such/case.yaml")
    assert issubclass(hexlaw.CaseError, ValueError)


# std:9.8.6 — a Prussian unit beaten from the south retreats two hexes; its LOC is at 0501.
RETREAT_CASE = {
    "map": {"bounds": {"cols": [4, 6], "rows": [1, 8]}, "locs": {"prussian": ["0501"]}},
    "units": [
        {"id": "D", "side": "prussian", "type": "infantry", "strength": 2, "movement": 2, "hex": "0505"},
        {"id": "F", "side": "french", "type": "infantry", "strength": 3, "movement": 2, "hex": "0506"},
    ],
    "question": {"kind": "retreat", "unit": "D", "distance": 2},
}


def test_a_dict_names_its_printing():
    """std:9.8.6 — the v2.0 printing (the standard game's) sends the retreat towards the LOC;
    the Leipzig printing has no 9.8.6, so in the standard game any path away will do."""
    v2 = hexlaw.ask(RETREAT_CASE)
    assert v2.outcome["count"] == 1 and "std:9.8.6" in v2.citations
    assert hexlaw.ask(dict(RETREAT_CASE, printing="jena")).outcome == v2.outcome
    leipzig = hexlaw.ask(dict(RETREAT_CASE, printing="leipzig"))
    assert leipzig.outcome["count"] == 5 and "std:9.8.6" not in leipzig.citations
    with pytest.raises(hexlaw.CaseError, match="printing: unknown printing 'v9'.*one of jena, v2.0, leipzig"):
        hexlaw.ask(dict(RETREAT_CASE, printing="v9"))
    with pytest.raises(hexlaw.CaseError, match=r"rules\[0\]: std:9.8.6 is not in the leipzig printing"):
        hexlaw.ask(dict(RETREAT_CASE, printing="leipzig", rules=["std:9.8.6"]))


def test_rule_lookup():
    rule = hexlaw.rule("std:9.8.2")
    assert rule.id == "std:9.8.2" and rule.book == "std"
    assert rule.summary and rule.kind in {"rule", "procedure", "definition"}
    assert set(rule.printings) == {"jena", "v2.0", "leipzig"}
    assert hexlaw.rule("jena:9.8.6").overrides == ["std:9.8.6"]
    with pytest.raises(hexlaw.CaseError, match="not in the spec catalog"):
        hexlaw.rule("std:99.9")
    with pytest.raises(hexlaw.CaseError, match="book:number"):
        hexlaw.rule("nine point eight")
    assert len(hexlaw.rules("jemmapes")) > 20


def test_geometry_helpers():
    assert hexlaw.distance("0101", "0202") == 1
    assert hexlaw.distance("0101", "0202", layout="even-columns-low") == 2
    assert sorted(hexlaw.neighbours("0305")) == ["0205", "0206", "0304", "0306", "0405", "0406"]


def test_dice_sources():
    a, b = hexlaw.SeededDice(42), hexlaw.SeededDice(42)
    assert [a.roll() for _ in range(20)] == [b.roll() for _ in range(20)]
    s = hexlaw.ScriptedDice([4])
    assert s.roll() == 4
    with pytest.raises(hexlaw.DiceScriptError, match="ran out"):
        s.roll()
    unused = hexlaw.ScriptedDice([1, 2])
    unused.roll()
    with pytest.raises(hexlaw.DiceScriptError, match="unused"):
        unused.finish()


def test_state_pickles_through_engine_serialisation():
    text = ('{"turn": 3, "phase": "combat", "phasing": "french", "morale": {"french": 8, "prussian": 7},'
            ' "units": [{"id": "IG", "side": "french", "type": "infantry", "strength": 4, "movement": 2,'
            ' "flags": ["guard", "elite"], "hex": "0208"}]}')
    state = hexlaw.GameState.from_json(text)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.turn == 3 and again.morale == {"french": 8, "prussian": 7}
    branch = state.copy()
    branch.turn = 4
    assert state.turn == 3


def test_movement_questions_from_python():
    """std:6.5 std:6.7 — ask where a unit can go, then whether a path is legal."""
    position = {
        "map": {"hexes": {"0506": "forest"}},
        "units": [
            {"id": "C", "side": "french", "type": "cavalry", "strength": 1, "movement": 3, "hex": "0505"},
            {"id": "P", "side": "prussian", "type": "infantry", "strength": 2, "movement": 2, "hex": "0508"},
        ],
    }
    reach = hexlaw.ask(dict(position, question={"kind": "reach", "unit": "C"})).outcome["hexes"]
    assert reach["0506"]["stop"]["rule"] == "std:6.5"
    assert reach["0507"]["stop"]["rule"] == "std:6.7"
    assert "0508" not in reach
    path = hexlaw.ask(dict(position, question={"kind": "path", "unit": "C", "path": ["0506", "0507"]}))
    assert path.outcome["legal"] is False and path.outcome["rule"] == "std:6.5"
    assert path.outcome["failed_step"] == "0507"


def test_a_refusal_is_a_rule_refused_error():
    """std:9.8.6 — a reading switch the engine does not implement is refused by name: hexlaw.RuleRefused, a CaseError."""
    case = {
        "game": "leipzig",
        "interpretations": {"retreat.loc_distance_metric": "path"},
        "units": [
            {"id": "F", "side": "french", "type": "infantry", "strength": 4, "movement": 2, "hex": "1223"},
        ],
        "question": {"kind": "path", "unit": "F", "path": ["1224"]},
    }
    with pytest.raises(hexlaw.RuleRefused, match="refused: std:9.8.6:"):
        hexlaw.ask(case)
    assert issubclass(hexlaw.RuleRefused, hexlaw.CaseError)


def test_a_jemmapes_question_through_the_same_seam():
    """jemmapes:1.3 — the second rule system answers from Python like the first."""
    answer = hexlaw.ask({
        "game": "jemmapes",
        "units": [{"id": "B", "side": "french", "kind": "infantry", "hex": "0505", "facing": "n", "cp": 2}],
        "question": {"kind": "facing", "unit": "B"},
    })
    assert answer.outcome["hexes"]["0504"] == "front" and answer.outcome["hexes"]["0506"] == "rear"
    assert "jemmapes:1.3" in answer.citations
