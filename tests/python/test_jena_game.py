"""Owns: Jena-layer games from Python and the command line — a generated Jena scenario plays
with the layer's procedures at the turn's boundaries (the I Corps arrival die, Sudden Death),
and a seeded game replays exactly from its log, in Python and through `hexlaw play` / `hexlaw
replay` on the saved scenario scenarios/jena-generated.yaml."""
import json
import os
import pathlib
import subprocess

import hexlaw

SOURCE = pathlib.Path(os.environ.get("HEXLAW_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
JENA = SOURCE / "scenarios" / "jena-generated.yaml"


def _jena(seed):
    return hexlaw.generated_scenario(units_per_side=8, cols=14, rows=10, last_turn=12, seed=seed, game="jena")


def test_jena_4_1_a_seeded_jena_game_replays_exactly_from_its_log():
    """jena:4.1 jena:3.1 jena:4.0 — a Jena game plays to a verdict with the layer's rules in its
    record, and its log replays to the same state and record."""
    seen = set()
    for seed in range(1, 13):
        scenario = _jena(seed)
        game = hexlaw.Game(scenario, seed=seed)
        game.play("random", seed=seed + 100)
        assert game.over
        assert not game.invariant_violations()
        seen |= set(game.rules_applied)
        again = hexlaw.replay(scenario, game.log)
        assert again.state == game.state
        assert again.record == game.record
    assert {"jena:3.1", "jena:4.0", "jena:5.0"} <= seen


def test_jena_4_1_sudden_death_can_end_a_game_early():
    """jena:4.1 — among seeded games some end at the end of Turn 10, 11 or 12 by the Prussian roll."""
    ended = []
    for seed in range(1, 41):
        game = hexlaw.Game(_jena(seed), seed=seed)
        game.play("random", seed=seed + 100)
        if any(e["text"].startswith("the game ends early") for e in game.record):
            ended.append(game.record[-1]["turn"])
            assert "jena:4.1" in game.rules_applied
    assert ended and all(10 <= t <= 12 for t in ended)


def test_jena_3_1_the_cli_plays_and_replays_a_jena_scenario(cli, tmp_path):
    """jena:3.1 jena:4.1 — `hexlaw play` on the saved Jena scenario writes a log that `hexlaw
    replay` plays again to the same record."""
    exe = cli
    log = tmp_path / "game.json"
    played = subprocess.run([str(exe), "play", str(JENA), "--seed", "4", "--log", str(log)],
                            capture_output=True, text=True, check=True)
    again = subprocess.run([str(exe), "replay", str(JENA), str(log)], capture_output=True, text=True, check=True)
    assert played.stdout == again.stdout
    assert json.loads(log.read_text())["decisions"]
