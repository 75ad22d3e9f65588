"""Owns: tests that Python data reaches the engine and comes back with no JSON text in between —
a dict asks the same question as its JSON text, answers keep json.loads's types and key order,
bad data raises CaseError naming "<dict>" and the field, and pathological data (too deep,
circular) raises instead of crashing."""
import collections
import json
import pathlib
import re

import pytest
import yaml

import hexlaw

from shared_cases import ZOC_CASE  # noqa: E402

CASES = sorted((pathlib.Path(__file__).resolve().parents[2] / "cases").rglob("*.yaml"))


def with_question(**fields):
    return dict(ZOC_CASE, question=dict(ZOC_CASE["question"], **fields))


def answer_or_error(case):
    """Everything Python can see of an answer, or the error's type and message without the
    name and line number (a dict has no lines)."""
    try:
        a = hexlaw.ask(case)
    except hexlaw.InputError as e:
        return type(e).__name__, re.sub(r"^<(text|dict)>(:\d+)?:", "<dict>:", str(e))
    return a.outcome, a.citations, a.trace, a.rolls, a.headline, a.question, a.case


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(p.parents[2])) for p in CASES])
def test_every_case_file_as_a_dict_answers_as_its_json_text(path):
    data = yaml.safe_load(path.read_text())
    data.setdefault("name", "x")  # text is named "<text>", a dict "<dict>": give both the same name
    assert answer_or_error(data) == answer_or_error(json.dumps(data, indent=1))


def test_one_line_of_json_longer_than_a_file_name_is_text():
    text = json.dumps(dict(ZOC_CASE, title="x" * 300))
    assert hexlaw.ask(text).outcome == hexlaw.ask(ZOC_CASE).outcome


def test_scalars_read_as_json_text_would_have_them():
    """Numbers and booleans are plain values and strings quoted ones, as in JSON text."""
    for strength in [3, "3", 3.0, 10**30, True, None]:
        unit = dict(ZOC_CASE["units"][0], strength=strength)
        case = dict(ZOC_CASE, name="x", units=[unit, ZOC_CASE["units"][1]])
        assert answer_or_error(case) == answer_or_error(json.dumps(case, indent=1)), strength
    tupled = dict(ZOC_CASE, units=tuple(ZOC_CASE["units"]), rules=("std:7.0",))
    assert hexlaw.ask(tupled).outcome == hexlaw.ask(ZOC_CASE).outcome
    ordered = collections.OrderedDict(b=ZOC_CASE["units"][1], f=ZOC_CASE["units"][0])
    ordered.move_to_end("b")  # the dict beneath says b, f; the OrderedDict says f, b
    hexes = collections.OrderedDict([("0605", "town"), ("0505", "town")])
    hexes.move_to_end("0605")
    case = dict(ZOC_CASE, name="x", map={"hexes": hexes}, units=list(ordered.values()))
    assert answer_or_error(case) == answer_or_error(json.dumps(case, indent=1))
    assert answer_or_error(dict(case, map=ordered)) == answer_or_error(json.dumps(dict(case, map=ordered), indent=1))
    shared = ["std:7.0"]  # one list in two places is not a circular reference
    assert hexlaw.ask(dict(ZOC_CASE, rules=shared, expect={"cites": shared})).outcome["exerts"] is False


def test_outcomes_keep_json_types_and_key_order():
    for case in [ZOC_CASE, {"game": "jena", "question": {"kind": "crt", "differential": 0}, "dice": "enumerate"}]:
        answer = hexlaw.ask(case)
        via_text = json.loads(answer.to_json())["outcome"]
        assert answer.outcome == via_text

        def same(a, b):
            assert type(a) is type(b), (a, b)
            if isinstance(a, dict):
                assert list(a) == list(b)
                for k in a:
                    same(a[k], b[k])
            elif isinstance(a, list):
                for x, y in zip(a, b):
                    same(x, y)

        same(answer.outcome, via_text)
    assert hexlaw.ask(ZOC_CASE).outcome is not hexlaw.ask(ZOC_CASE).outcome


def test_bad_fields_name_the_dict_and_the_field():
    with pytest.raises(hexlaw.CaseError, match=r"^<dict>: question\.unit: .*GHOST"):
        hexlaw.ask(with_question(unit="GHOST"))
    with pytest.raises(hexlaw.CaseError, match=r"^<dict>: units\[1\]\.strength: 'x' is not a whole number"):
        hexlaw.ask(dict(ZOC_CASE, units=[ZOC_CASE["units"][0], dict(ZOC_CASE["units"][1], strength="x")]))


@pytest.mark.parametrize(
    "case, field, reason",
    [
        (dict(ZOC_CASE, map={"hexes": {505: "town"}}), "map.hexes", "dict key must be a str, not int"),
        (dict(ZOC_CASE, map={"hexes": {None: "town"}}), "map.hexes", "dict key must be a str, not NoneType"),
        (with_question(hex=float("nan")), "question.hex", "NaN and infinity are not allowed"),
        (with_question(hex=float("-inf")), "question.hex", "NaN and infinity are not allowed"),
        (with_question(hex={"0605"}), "question.hex", "a set is not JSON-like"),
        (with_question(hex=b"0605"), "question.hex", "a bytes is not JSON-like"),
        (dict(ZOC_CASE, units=[object()]), r"units\[0\]", "a object is not JSON-like"),
        (with_question(hex="\ud800"), "question.hex", "not valid Unicode"),
    ],
)
def test_data_that_is_not_json_is_refused_naming_the_field(case, field, reason):
    with pytest.raises(hexlaw.CaseError, match=rf"^<dict>: {field}: .*{reason}"):
        hexlaw.ask(case)


def test_deep_nesting_raises_instead_of_crashing():
    deep = {}
    inner = deep
    for _ in range(100_000):
        inner["x"] = {}
        inner = inner["x"]
    with pytest.raises(hexlaw.CaseError, match=r"^<dict>: question\.deep\.x\.x\.x.*nested more than 256 levels"):
        hexlaw.ask(with_question(deep=deep))
    deep_list = []
    for _ in range(100_000):
        deep_list = [deep_list]
    with pytest.raises(hexlaw.CaseError, match=r"^<dict>: units\[0\]\[0\].*nested more than 256 levels"):
        hexlaw.ask(dict(ZOC_CASE, units=deep_list))
    # Just under the limit is still data: the case reader then names the unexpected field.
    shallow = {}
    inner = shallow
    for _ in range(250):
        inner["x"] = {}
        inner = inner["x"]
    with pytest.raises(hexlaw.CaseError, match="unknown field"):
        hexlaw.ask(dict(ZOC_CASE, deep=shallow))


def test_circular_data_raises_instead_of_recursing_forever():
    loop = []
    loop.append(loop)
    with pytest.raises(hexlaw.CaseError, match=r"^<dict>: units\[0\]: the value contains itself"):
        hexlaw.ask(dict(ZOC_CASE, units=loop))
    me = dict(ZOC_CASE)
    me["question"] = {"kind": "zoc", "again": me}
    with pytest.raises(hexlaw.CaseError, match=r"^<dict>: question\.again: the value contains itself"):
        hexlaw.ask(me)


def test_a_log_dict_is_read_without_text():
    small = hexlaw.generated_scenario(units_per_side=2, cols=12, rows=6)
    with pytest.raises(hexlaw.CaseError, match=r"^<dict>: seed: .*not a whole number"):
        hexlaw.replay(small, {"scenario": "x", "seed": "x"})
    with pytest.raises(hexlaw.CaseError, match=r"^<dict>: decisions: the value contains itself"):
        log = {"scenario": "x", "seed": 1}
        log["decisions"] = log
        hexlaw.replay(small, log)
