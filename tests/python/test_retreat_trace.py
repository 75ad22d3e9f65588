"""Owns: tests of what a retreat's trace says about the hexes it had to take (std:9.8.2): the
reason an answer gives is part of the answer a reader checks, and a case file compares outcomes
and citations only, not the reasons."""
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
