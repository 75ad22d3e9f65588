"""Owns: a Python walk through the sequence of play (std:4.0) — asking `sequence` from each
position and following `next` until the game ends — and an event draw feeding back its
state, as a rules lawyer would step through a turn."""
import hexlaw

CALENDAR = {"kind": "sequence", "first": "french", "second": "prussian", "last_turn": 2, "night_turns": [2]}
UNITS = [
    {"id": "F", "side": "french", "type": "infantry", "strength": 3, "movement": 2, "hex": "0505"},
    {"id": "P", "side": "prussian", "type": "infantry", "strength": 3, "movement": 2, "hex": "0909"},
]


def test_std_4_0_walking_the_clock_from_python_visits_every_phase_once():
    """std:4.0 — following `next` from the first phase visits every phase of a 2-turn game once."""
    at = {"turn": 1, "player_turn": "first", "phase": "random-events"}
    seen = []
    while at != "game-over":
        state = {
            "turn": at["turn"],
            "phase": at["phase"],
            "phasing": "french" if at["player_turn"] == "first" else "prussian",
            "night": at["turn"] == 2,
        }
        answer = hexlaw.ask({"rules": ["std:4.0"], "state": state, "units": UNITS, "question": CALENDAR})
        assert "std:4.0" in answer.citations
        seen.append((at["turn"], at["player_turn"], at["phase"], answer.outcome["acting"]))
        at = answer.outcome["next"]
    # A day turn has 4 phases a Player Turn, a night turn 5: 2*4 + 2*5.
    assert len(seen) == 18
    assert len(set(seen)) == 18
    assert seen[2] == (1, "first", "reaction", "prussian")
    assert seen[-1] == (2, "second", "night-operations", "prussian")


def test_std_5_0_an_event_draw_changes_the_morale_it_reports():
    """std:5.0 — the anti-French drawer reads the bottom half and its morale change is applied."""
    case = {
        "rules": ["std:5.0"],
        "state": {"turn": 1, "phase": "random-events", "phasing": "prussian", "morale": {"french": 6, "prussian": 6}},
        "units": UNITS,
        "question": {
            "kind": "event-draw",
            "side": "prussian",
            "deck": [{"id": "bad-news", "top": {"morale": 1}, "bottom": {"morale": -2, "text": "bad news"}}],
        },
    }
    answer = hexlaw.ask(case)
    assert answer.outcome["half"] == "bottom"
    assert answer.outcome["morale_after"] == {"french": 6, "prussian": 4}
    assert "std:5.0" in answer.citations
