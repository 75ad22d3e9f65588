"""Owns: tests of advance-after-combat answers a case file cannot pin down: the reasons the trace
gives for where a retreat path, and so an advance, ends (std:9.9.1; a case file compares outcomes
and citations, not reasons)."""
import pathlib

import hexlaw

CASES = pathlib.Path(__file__).resolve().parents[2] / "cases"


def _reasons(answer, rule):
    return [reason for cited, reason in answer.trace if cited == rule]


def test_the_path_stops_short_of_the_routed_unit_for_no_friend():
    """std:9.9.1 — D routs from 0506 through 0507 to 0508 alone. Its path stops before 0508 because
    D itself stands there, not because it passed through a friend there: the trace gives the path
    and says nothing of a friend retreated through."""
    answer = hexlaw.ask((CASES / "std/9.9.1/path-stops-short-of-the-routed-unit.yaml").read_text())
    assert answer.outcome["advance"]["paths"] == {"D": ["0506", "0507"]}
    assert _reasons(answer, "std:9.9.1") == ["D leaves a retreat path of 2 hex(es): 0506, 0507"]


def test_the_path_ends_at_the_friend_retreated_through():
    """std:9.9.1 — the other way to end: D passes through its friend F and the path ends there,
    and the trace names F as the friend retreated through."""
    answer = hexlaw.ask((CASES / "std/9.9.1/path-ends-at-the-friend-retreated-through.yaml").read_text())
    assert "D's retreat path ends at F, which it retreated through" in _reasons(answer, "std:9.9.1")
