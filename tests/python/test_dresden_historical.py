"""Owns: Dresden 20's Historical scenario (dresden:17.2) played from Python and `hexlaw play`: the
scenario file opens on Turn 6 (its calendar's first_turn) with the printed set-up, plays to its
end and replays exactly from its log; and the Pirna pontoon (dresden:6.0) built in a played
game as a logged, replayed choice."""
import json
import pathlib
import random
import subprocess

import hexlaw

ROOT = pathlib.Path(__file__).resolve().parents[2]
HISTORICAL = ROOT / "scenarios" / "dresden-historical.yaml"


def units(state):
    return {u["id"]: u for u in json.loads(state.to_json())["units"]}


def test_dresden_historical_opens_on_turn_six_with_its_setup_and_replays():
    """dresden:17.2 — the Historical scenario opens on Turn 6 (26 August Morning) with the Guard in
    Dresden, XIV in 1408, Res in 1607, V Cavalry not used and Au IV due on Turn 11 through Z; a
    random game from it replays exactly from its log."""
    game = hexlaw.Game(str(HISTORICAL), seed=11)
    assert game.turn == 6
    start = units(game.scenario.initial)
    assert start["OG"]["hex"] == "1306" and start["GC"]["hex"] == "1407" and start["XIV"]["hex"] == "1408"
    assert start["Res"]["hex"] == "1607" and "V Cavalry" not in start
    assert start["Au IV"]["status"] == "pending" and start["Au IV"]["arrival_turn"] == 11
    assert game.morale == {"french": 7, "allied": 8}
    assert all(e["turn"] >= 6 for e in game.record)
    rng = random.Random(11)
    while not game.over:
        game.choose(rng.randrange(len(game.choices)))
        assert game.invariant_violations() == []
    assert "dresden:5.0" in game.rules_applied  # no Allied event on Turn 6, the first turn played
    again = hexlaw.replay(str(HISTORICAL), game.log)
    assert again.state == game.state and again.record == game.record and again.result == game.result


def test_dresden_historical_hexlaw_play_and_replay(cli, tmp_path):
    """dresden:17.2 — `hexlaw play` plays the Historical scenario from Turn 6 and `hexlaw replay`
    reproduces it from the log."""
    log = tmp_path / "log.json"
    r = subprocess.run([cli, "play", str(HISTORICAL), "--seed", "2", "--json", "--log", str(log)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    played = json.loads(r.stdout)
    assert "T6.1" in r.stdout or '"turn": 6' in json.dumps(played)
    r2 = subprocess.run([cli, "replay", str(HISTORICAL), str(log), "--json"], capture_output=True, text=True,
                        timeout=300)
    assert r2.returncode == 0, r2.stderr
    assert json.loads(r2.stdout) == played


PONTOON = """
name: pontoon
game: dresden
map:
  bounds: {cols: [8, 16], rows: [10, 22]}
  locs: {french: ["1411"], allied: ["1021"]}
  hexsides:
    - {between: ["1216", "1115"], features: [major_river]}
    - {between: ["1216", "1116"], features: [major_river]}
    - {between: ["1216", "1217"], features: [major_river]}
units:
  - {id: F, side: french, type: infantry, strength: 3, movement: 2, hex: "1216"}
  - {id: C, side: french, type: cavalry, strength: 2, movement: 3, hex: "1315"}
  - {id: A, side: allied, type: infantry, strength: 3, movement: 2, hex: "0920"}
state: {morale: {french: 7, allied: 8}}
calendar: {first: allied, second: french, last_turn: 3}
french: french
"""


def test_dresden_pontoon_built_in_a_played_game_is_logged_and_replayed():
    """dresden:6.0 — French infantry in 1216 is offered "build pontoon HEX" (cavalry is not); the
    build moves it across and sets pontoon-built:HEX; the log holds the choice and replays it."""
    scenario = hexlaw.load_scenario(PONTOON)
    game = hexlaw.Game(scenario, seed=3)
    for c in ["no", "end", "no", "move C"]:
        game.choose(c)
    assert not any(c.startswith("build pontoon") for c in game.choices)
    game.choose("stay")
    game.choose("move F")
    assert {"build pontoon 1115", "build pontoon 1116", "build pontoon 1217"} <= set(game.choices)
    game.choose("build pontoon 1116")
    state = json.loads(game.state.to_json())
    assert "pontoon-built:1116" in state.get("markers", [])
    assert units(game.state)["F"]["hex"] == "1116"
    assert "build pontoon 1116" in game.log["decisions"]
    rng = random.Random(3)
    while not game.over:
        game.choose(rng.randrange(len(game.choices)))
    again = hexlaw.replay(scenario, game.log)
    assert again.state == game.state and again.record == game.record
