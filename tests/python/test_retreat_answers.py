"""Owns: tests of retreat answers a case file cannot pin down: the reason the trace gives for the
hexes a retreat had to take (std:9.8.2; a case file compares outcomes and citations, not reasons),
and retreats asked one after another in one process: each answer stands on its own map, whatever
was asked before (std:9.8.1, 9.8.2)."""
import pathlib

import hexlaw

CLEAN_RETREAT = """
title: A routed unit with empty hexes outside every enemy ZOC all the way
rules: ["std:9.8.2"]
map:
  layout: odd-columns-low
  bounds: {cols: [1, 25], rows: [1, 17]}
  locs: {prussian: ["1217"], french: ["1201"]}
units:
  - {id: A1, side: french, type: infantry, strength: 6, movement: 2, hex: "1308"}
  - {id: D2, side: prussian, type: infantry, strength: 2, movement: 2, hex: "1309"}
state: {phase: combat, phasing: french, morale: {french: 6, prussian: 6}}
question: {kind: resolve, attackers: [A1], defenders: [D2]}
dice: {script: [3, 2]}
"""


def _reasons(answer, rule):
    return [reason for cited, reason in answer.trace if cited == rule]


def test_a_clean_retreat_says_every_step_had_an_empty_hex_outside_enemy_zocs():
    """std:9.8.2 — D2 routs two hexes through empty hexes no enemy ZOC reaches: the trace says every
    step could use such a hex, not that some could not (the count of steps forced into a worse hex
    stays zero)."""
    answer = hexlaw.ask(CLEAN_RETREAT)
    fates = {f["unit"]: f for f in answer.outcome["fates"]}
    assert fates["D2"]["fate"] == "routed" and fates["D2"]["distance"] == 2
    assert _reasons(answer, "std:9.8.2") == ["every step can use an empty hex outside enemy ZOCs"]


ZOC_BASE = """
map:
  bounds: {cols: [1, 10], rows: [1, 10]}
  locs: {prussian: ["0501"]}
  hexsides: [HEXSIDES]
units:
  - {id: D, side: prussian, type: infantry, strength: 2, movement: 2, hex: "0505"}
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "0506"}
  - {id: E, side: french, type: infantry, strength: 1, movement: 2, hex: "0503"}
question: {kind: retreat, unit: D, distance: 1}
"""


def _paths(answer):
    return [(p["hexes"], p["rolls"]) for p in answer.outcome["paths"]]


def test_a_retreat_on_other_ground_does_not_reuse_the_last_enemy_zocs():
    """std:9.8.2 — the same units on two maps, asked one after the other: on the first E's ZOC
    covers 0504, so D keeps out of it; on the second a major river between E and 0504 stops that
    ZOC (std:7.0), so 0504 is open again. The second answer must not reuse the first map's ZOCs."""
    open_ground = hexlaw.ask(ZOC_BASE.replace("HEXSIDES", ""))
    assert _paths(open_ground) == [(["0405"], 0), (["0605"], 0)]
    river = ZOC_BASE.replace("HEXSIDES", '{between: ["0503", "0504"], features: [major_river]}')
    assert _paths(hexlaw.ask(river)) == [(["0504"], 0)]


def _case_text(path):
    return (pathlib.Path(__file__).resolve().parents[2] / "cases" / path).read_text(encoding="utf-8")


def test_a_per_step_retreat_explains_itself_by_steps_not_by_a_path_count():
    """std:9.8.2 under retreat.priority_evaluation = per_step — each step is ranked by the class of
    its hex, and no fewest-hexes count over whole paths is made. The trace therefore says whether
    every step had an empty hex outside enemy ZOCs, never that each path enters "the fewest any
    can" (a count the per-step search does not take)."""
    clean = hexlaw.ask(_case_text("std/9.8.5/empty-hex-before-friends-under-friends-first-per-step.yaml"))
    assert _reasons(clean, "std:9.8.2") == ["every step can use an empty hex outside enemy ZOCs"]
    forced = hexlaw.ask(_case_text("switches/retreat-priority-per_step.yaml"))
    assert _reasons(forced, "std:9.8.2") == ["some steps have no empty hex outside enemy ZOCs to take"]


def test_a_clean_leipzig_retreat_toward_a_chosen_loc_says_no_step_was_forced():
    """leipzig:9.8.6 under retreat.leipzig_loc_rule = printed-only, with std:9.8.2: only the last
    hex must come closer to the LOC, so the least enemy-ZOC cost of a complete retreat is worked
    out over every LOC first. Here empty hexes outside the French ZOC lead all the way, so that
    least cost is 0 and the trace must say every step had such a hex, not that each path had to
    enter one enemy-ZOC hex."""
    case = pathlib.Path(__file__).resolve().parents[2] / "cases/leipzig/9.8.6/loc-rule-printed-only-away-and-ending-closer.yaml"
    answer = hexlaw.ask(case.read_text())
    assert all(p["rolls"] == 0 for p in answer.outcome["paths"])
    assert _reasons(answer, "std:9.8.2") == ["every step can use an empty hex outside enemy ZOCs"]
