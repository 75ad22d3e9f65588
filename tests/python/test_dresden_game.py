"""Owns: played Dresden 20 games from Python and from `hexlaw play`: generated Dresden scenarios
(the Elbe, the four garrisons, the Allies first, a weather turn track) played to their end with
the layer's procedures driven at the phase boundaries, the Dresden laws checked on every state,
and the seeded game replayed exactly from its log."""
import json
import random
import subprocess

import hexlaw


def garrisons(game_or_scenario_state):
    return {u["id"]: u for u in json.loads(game_or_scenario_state.to_json())["units"] if u["type"] == "garrison"}


def test_dresden_a_generated_game_keeps_its_laws_and_replays_exactly():
    """dresden:9.10, dresden:3.1, dresden:12.7, dresden:5.1 — random play on generated Dresden
    scenarios: garrisons never leave their hexes, no more Allied units move than the confusion
    roll allows, each catastrophe happens at most once, and the log replays the same game."""
    applied = set()
    for seed in range(1, 9):
        options = ["dresden:16.8"] if seed % 2 else []
        scenario = hexlaw.dresden_scenario(seed=seed, units_per_side=6, last_turn=6, options=options)
        start = {gid: g["hex"] for gid, g in garrisons(scenario.initial).items()}
        game = hexlaw.Game(scenario, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            game.choose(rng.randrange(len(game.choices)))
            assert game.invariant_violations() == []
            for gid, g in garrisons(game.state).items():
                if g["status"] == "on-map":
                    assert g["hex"] == start[gid]
            state = json.loads(game.state.to_json())
            limits = [int(m.rsplit("-", 1)[1]) for m in state.get("markers", []) if m.startswith("confusion-limit-")]
            exempt = [int(m.rsplit("-", 1)[1]) for m in state.get("markers", []) if m.startswith("confusion-exempt-")]
            if limits:
                moved = state.get("counters", {}).get("units_moved", 0) - sum(exempt)
                assert state["phasing"] != "french" and moved <= limits[0]
        assert sum(1 for e in game.record for r in e["rules"] if r == "dresden:12.7") <= 2
        applied |= set(game.rules_applied)
        again = hexlaw.replay(scenario, game.log)
        assert again.state == game.state and again.record == game.record and again.result == game.result
    assert {"dresden:3.1", "dresden:5.1", "dresden:9.10"} <= applied


def test_dresden_hexlaw_play_on_a_generated_scenario(cli, tmp_path):
    """dresden:3.1, dresden:5.1 — `hexlaw play` plays a generated Dresden scenario to its end and
    `hexlaw replay` reproduces it from the log."""
    path = tmp_path / "dresden.yaml"
    path.write_text(hexlaw.dresden_scenario(seed=4, as_yaml=True))
    log = tmp_path / "log.json"
    r = subprocess.run([cli, "play", str(path), "--seed", "4", "--json", "--log", str(log)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    played = json.loads(r.stdout)
    assert "dresden:3.1" in json.dumps(played)
    r2 = subprocess.run([cli, "replay", str(path), str(log), "--json"], capture_output=True, text=True, timeout=120)
    assert r2.returncode == 0, r2.stderr
    assert json.loads(r2.stdout) == played


def test_dresden_meissen_in_a_played_game():
    """dresden:3.2 — in generated Dresden games lasting past Turn 7, Au IV rolls for Meissen as the
    Allied Movement Phase opens; a player who takes "into the holding box" whenever offered puts one
    unit in Meissen (the marker meissen:ID, the unit off the map for good), and the game replays
    exactly from its log."""
    placed, applied = [], set()
    for seed in range(1, 5):
        scenario = hexlaw.dresden_scenario(seed=seed, units_per_side=6, last_turn=9)
        game = hexlaw.Game(scenario, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            choices = game.choices
            game.choose(choices.index("into the holding box") if "into the holding box" in choices
                        else rng.randrange(len(choices)))
            assert game.invariant_violations() == []
            state = json.loads(game.state.to_json())
            boxed = [m.split(":", 1)[1] for m in state.get("markers", []) if m.startswith("meissen:")]
            assert len(boxed) <= 1
            for uid in boxed:
                unit = next(u for u in state["units"] if u["id"] == uid)
                assert unit["status"] == "pending"
        applied |= set(game.rules_applied)
        placed += boxed
        again = hexlaw.replay(scenario, game.log)
        assert again.state == game.state and again.record == game.record
    assert "dresden:3.2" in applied
    assert placed, "no game put a unit in Meissen"
