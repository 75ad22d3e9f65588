"""Owns: whole games from Python — stepping through decisions, the legal choices at each,
branching a copy ("what if I had not force-marched?"), the log and its replay, pickling, a
Python function as the policy, and the errors bad scenarios, choices and logs get."""
import copy
import json
import os
import pathlib
import pickle

import pytest

import hexlaw

SOURCE = pathlib.Path(os.environ.get("HEXLAW_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
MEADOW = SOURCE / "scenarios" / "meadow.yaml"


@pytest.fixture(scope="module")
def meadow():
    return hexlaw.load_scenario(MEADOW)


def test_std_4_0_a_game_steps_from_decision_to_decision(meadow):
    """std:4.0 — a new game has played the First Player's Random Event and waits on his movement."""
    game = hexlaw.Game(meadow, seed=1)
    assert (game.turn, game.player_turn, game.phase, game.phasing) == (1, 1, "movement", "french")
    assert game.decision["kind"] == "forced-march"
    assert game.decision["choices"] == ["no", "forced-march"]
    game.choose("no")
    assert game.decision["kind"] == "move-select"
    assert "move F-C1" in game.choices and "end" in game.choices
    assert game.invariant_violations() == []


def test_std_12_3_branching_what_if_i_had_not_forced_marched(meadow):
    """std:12.3 — a copy is an independent branch: forcing the march costs a point only there."""
    game = hexlaw.Game(meadow, seed=1)
    what_if = game.copy()
    game.choose("forced-march")
    what_if.choose("no")
    assert game.morale["french"] == what_if.morale["french"] - 1
    game.choose("move F-C1")
    what_if.choose("move F-C1")
    # +1 allowance for the forced march: more hexes to choose from.
    assert len(game.choices) > len(what_if.choices)
    assert copy.deepcopy(game).state == game.state


def test_std_15_0_a_random_game_ends_with_a_verdict_and_replays_exactly(meadow):
    """std:15.0 — a game played to the end has a verdict; replaying its log gives the same game."""
    game = hexlaw.Game(meadow, seed=7)
    taken = game.play("random", seed=11)
    assert game.over and taken == len(game.log["decisions"])
    assert game.result["level"] in ("decisive", "marginal", "draw")
    again = hexlaw.replay(meadow, game.log)
    assert again.state == game.state
    assert again.record == game.record
    assert hexlaw.replay(MEADOW, game.log_json()).result == game.result


def test_pickling_goes_through_the_log(meadow):
    game = hexlaw.Game(meadow, seed=3)
    game.play("random", seed=5, max_decisions=40)
    back = pickle.loads(pickle.dumps(game))
    assert back.state == game.state and back.log == game.log and back.decision == game.decision


def test_a_python_function_can_be_the_policy(meadow):
    """A cautious player: always the first choice ('no', 'end', 'none' come first)."""
    seen = []

    def cautious(game, decision):
        seen.append(decision["kind"])
        return 0

    game = hexlaw.Game(meadow, seed=2)
    game.play(cautious)
    assert game.over and set(seen) >= {"forced-march", "move-select"}
    assert all(not e["text"].endswith("force-marches") for e in game.record)


def test_the_record_names_the_rules_applied(meadow):
    game = hexlaw.Game(meadow, seed=4)
    game.play("random", seed=4)
    assert {"std:4.0", "std:5.0", "std:6.0", "std:15.0"} <= set(game.rules_applied)
    for event in game.record:
        assert set(event) == {"turn", "player_turn", "phase", "text", "rules"}


def test_an_illegal_choice_is_refused_with_the_legal_ones(meadow):
    game = hexlaw.Game(meadow, seed=1)
    with pytest.raises(ValueError, match="'no', 'forced-march'"):
        game.choose("attack everything")
    with pytest.raises(ValueError, match="out of range"):
        game.choose(5)
    assert game.log["decisions"] == []


def test_an_edited_log_names_the_step(meadow):
    game = hexlaw.Game(meadow, seed=1)
    game.play("random", seed=1, max_decisions=10)
    log = game.log
    log["decisions"][4] = "move NOBODY"
    with pytest.raises(ValueError, match="log decision 4"):
        hexlaw.replay(meadow, log)
    with pytest.raises(hexlaw.CaseError, match="seed"):
        hexlaw.replay(meadow, json.dumps({"scenario": "meadow", "seed": "x", "decisions": []}))


def test_a_bad_scenario_names_the_field():
    text = MEADOW.read_text().replace("last_turn: 8", "last_turn: 0")
    with pytest.raises(hexlaw.CaseError, match="calendar.last_turn"):
        hexlaw.load_scenario(text)
    with pytest.raises(hexlaw.CaseError, match="cannot open"):
        hexlaw.load_scenario("no-such-scenario.yaml")


def test_generated_scenarios_are_reproducible_and_playable():
    """std:3.0 — a generated scenario passes the set-up check; the same seed gives the same one."""
    a = hexlaw.generated_scenario(units_per_side=6, cols=14, rows=10, last_turn=3, seed=5)
    b = hexlaw.generated_scenario(units_per_side=6, cols=14, rows=10, last_turn=3, seed=5)
    assert a.initial == b.initial
    assert a.calendar["last_turn"] == 3
    game = hexlaw.Game(a, seed=2)
    game.play("random", seed=3)
    assert game.over and game.invariant_violations() == []
    with pytest.raises(ValueError, match="too many units"):
        hexlaw.generated_scenario(units_per_side=200)
    with pytest.raises(hexlaw.CaseError, match="options"):
        hexlaw.generated_scenario(options=["std:99.9"])
