"""Owns: Leipzig 20's printed set-up (leipzig:3.0 to 3.0.5) played from Python and `hexlaw play`
(scenarios/leipzig-historical.yaml: invented map and counters, the printed order of battle): the
game opens on Turn 1 with the South Front and French tracks only, the North Front comes onto the
track at 7 on Turn 7 (leipzig:3.0.3), the army groups arrive (leipzig:11.8), seeded random games
play to their end and each replays exactly from its log."""
import json
import pathlib
import random
import subprocess

import hexlaw

ROOT = pathlib.Path(__file__).resolve().parents[2]
HISTORICAL = ROOT / "scenarios" / "leipzig-historical.yaml"


def units(state):
    return {u["id"]: u for u in json.loads(state.to_json())["units"]}


# Choices that spend a morale point (or declare at will): a frugal player never takes them, so its
# games last to the end (Unreliable Troops come on Turns 11 and 19); a random one does, so its
# Fronts collapse into General Retreats early.
SPENDING = ("forced-march", "accelerate", "rally spending", "commit reserves", "declare")


def play_to_the_end(game, seed, frugal=False):
    """Random legal play to the end, checking the invariants and the tracks at every decision:
    French and South from the start, the North Front from Turn 7 on (leipzig:3.0.3)."""
    rng = random.Random(seed)
    while not game.over:
        expected = {"french", "allied-south"} | ({"allied-north"} if game.turn >= 7 else set())
        assert set(game.morale) == expected, (game.turn, game.morale)
        choices = game.choices
        keep = [i for i, c in enumerate(choices) if not (frugal and c.startswith(SPENDING))]
        game.choose(rng.choice(keep or list(range(len(choices)))))
        assert game.invariant_violations() == []


def test_leipzig_3_0_printed_setup_opens_on_turn_one_without_the_north_front():
    """leipzig:3.0.3 — the printed set-up loads: French 5, South Front 7, no North Front marker;
    the set-up hexes and the army groups' turns are the printed ones (leipzig:3.0.4)."""
    game = hexlaw.Game(str(HISTORICAL), seed=1)
    assert game.turn == 1
    assert game.morale == {"french": 5, "allied-south": 7}
    start = units(game.scenario.initial)
    assert start["LO"]["hex"] == "1313" and "Napoleon" not in start  # no Leaders without leipzig:16.12
    assert start["Ru II"]["hex"] == "1221" and start["VI"]["hex"] == "0705"
    assert start["Pr I"]["status"] == "pending" and start["Pr I"]["arrival_turn"] == 10
    assert start["Swe"]["status"] == "pending" and start["Swe"]["arrival_turn"] == 20
    assert "VIII" not in start and "I" not in start  # set aside (no std:16.7) / at Dresden


def test_leipzig_3_0_3_a_front_due_later_may_not_have_units_on_the_map_before_it():
    """leipzig:3.0.3 — a scenario without the North Front's track may not put one of its units on
    the map (nor due before Turn 7): it is refused naming the unit and the turn."""
    text = HISTORICAL.read_text().replace(
        '{id: "Pr I", side: allied, type: infantry, strength: 4, movement: 2, army: S, status: pending, '
        'arrival_turn: 10, entry: "S"}',
        '{id: "Pr I", side: allied, type: infantry, strength: 4, movement: 2, army: S, status: pending, '
        'arrival_turn: 5, entry: "S"}')
    assert "arrival_turn: 5, entry: \"S\"" in text
    try:
        hexlaw.load_scenario(text)
    except Exception as e:  # noqa: BLE001 - the typed CaseError surfaces as a Python exception
        assert "turn 7" in str(e) and "Pr I" in str(e)
    else:
        raise AssertionError("a North Front unit due on Turn 5 was accepted")


def test_leipzig_3_0_historical_games_play_to_the_end_and_replay_exactly():
    """leipzig:3.0, 3.0.3, 11.8, 12.7 — seeded random games from the printed set-up play to their
    end; the North Front arrives on Turn 7, army groups are called in, and every log replays to an
    equal state, record and verdict."""
    seen, retreats, last_turns = set(), 0, []
    for seed, frugal in ((1, False), (2, False), (3, False), (4, False), (1, True), (3, True)):
        game = hexlaw.Game(str(HISTORICAL), seed=seed)
        play_to_the_end(game, seed, frugal)
        assert game.result["rule"] == "leipzig:15.0" and game.result["level"] != "none"
        seen |= set(game.rules_applied)
        retreats += sum(1 for e in game.record if e["text"].startswith("a General Retreat: "))
        last_turns.append(game.turn)
        again = hexlaw.replay(str(HISTORICAL), game.log)
        assert again.state == game.state and again.record == game.record and again.result == game.result
    assert {"leipzig:3.0.3", "leipzig:11.8.3", "leipzig:12.7", "leipzig:16.8", "leipzig:16.11", "leipzig:14.0"} <= seen
    assert retreats > 0 and max(last_turns) == 36, (retreats, last_turns)


def test_leipzig_3_0_historical_hexlaw_play_and_replay(cli, tmp_path):
    """leipzig:3.0 — `hexlaw play` plays the printed set-up and `hexlaw replay` reproduces it from
    its log."""
    log = tmp_path / "log.json"
    r = subprocess.run([cli, "play", str(HISTORICAL), "--seed", "5", "--policy-seed", "7", "--json", "--log", str(log)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    played = json.loads(r.stdout)
    r2 = subprocess.run([cli, "replay", str(HISTORICAL), str(log), "--json"], capture_output=True, text=True,
                        timeout=600)
    assert r2.returncode == 0, r2.stderr
    assert json.loads(r2.stdout) == played
