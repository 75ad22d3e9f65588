"""Owns: a played Jemmapes 1792 round from Python (jemmapes:2.0): the same decision / choose /
copy / log / replay interface as a Napoleonic 20 Game, on generated scenarios."""
import copy

import pytest

import hexlaw


def _random_game(seed=4, rounds=2):
    scenario = hexlaw.jemmapes_generated_scenario(formations_per_side=2, units_per_formation=2, last_round=rounds, seed=seed)
    game = hexlaw.JemmapesGame(scenario, seed=seed)
    return scenario, game


def test_a_round_plays_logs_and_replays():
    """jemmapes:2.0 jemmapes:9.3 — played to the end at random, then replayed from its log alone."""
    scenario, game = _random_game()
    assert game.decision["kind"] == "order-change" and game.decision["side"] == "french"
    game.play(seed=8)
    assert game.over and game.winner in ("french", "austrian")
    assert not game.invariant_violations()
    again = hexlaw.jemmapes_replay(scenario, game.log)
    assert again.record == game.record and again.units == game.units
    assert hexlaw.jemmapes_replay(scenario, game.log_json()).units == game.units
    assert {"jemmapes:2.0", "jemmapes:3.1", "jemmapes:5.1"} <= set(game.rules_applied)


def test_every_formation_is_activated_exactly_once_a_round():
    """jemmapes:2.0 — alternating activations with no passing until every formation has gone."""
    _, game = _random_game(seed=12, rounds=3)
    game.play(seed=2)
    assert sorted(game.activations) == [1, 2, 3]
    for counts in game.activations.values():
        assert counts == {"A1": 1, "A2": 1, "F1": 1, "F2": 1}


def test_a_copy_is_an_independent_branch_and_a_bad_choice_names_the_legal_ones():
    """jemmapes:2.0 — copies branch; an illegal choice is a ValueError listing the choices."""
    _, game = _random_game(seed=6)
    branch = copy.copy(game)
    branch.choose(len(branch.choices) - 1)
    assert len(branch.log["decisions"]) == 1 and len(game.log["decisions"]) == 0
    with pytest.raises(ValueError, match="keep"):
        game.choose("attempt victory")


@pytest.mark.parametrize("name", ["jemmapes-skirmish.yaml", "jemmapes-generated.yaml", "jemmapes-odd-ids.yaml"])
def test_hexlaw_play_and_replay_a_jemmapes_scenario(cli, source_dir, tmp_path, name):
    """jemmapes:2.0 — `hexlaw play` plays a Jemmapes scenario file and `hexlaw replay` gives the same record."""
    import json
    import subprocess
    scenario = str(source_dir / "scenarios" / name)
    log = tmp_path / "log.json"
    played = subprocess.run([cli, "play", scenario, "--seed", "3", "--log", str(log), "--json"], capture_output=True, text=True, check=True)
    replayed = subprocess.run([cli, "replay", scenario, str(log), "--json"], capture_output=True, text=True, check=True)
    first, again = json.loads(played.stdout), json.loads(replayed.stdout)
    assert first["record"] == again["record"] and first["result"] == again["result"]
    assert first["result"]["winner"] in ("french", "austrian")
    assert "jemmapes:2.0" in first["rules_applied"]


def test_a_jemmapes_log_of_the_wrong_type_is_a_type_error():
    """The Jemmapes replay reads its log as the Napoleonic 20 replay does: a dict or JSON text."""
    with pytest.raises(TypeError, match="log must be a dict or JSON text"):
        hexlaw.jemmapes_replay(hexlaw.jemmapes_generated_scenario(), 5)



def test_the_played_round_fights_and_refuses_lost_cells_by_name():
    """jemmapes:2.0 jemmapes:6.2 jemmapes:table.assault — under the two-dice morale test random
    games fight; decisions list what they refuse with the rule, choosing it is refused, a fight
    whose dice read a lost cell is refused as it is rolled, and the games replay from their logs."""
    import random
    fought, refused_tried, rolled_refused = 0, 0, 0
    for seed in range(1, 41):
        scenario = hexlaw.jemmapes_generated_scenario(
            formations_per_side=2, units_per_formation=3, last_round=3, seed=seed,
            interpretations={"jemmapes.morale_test.procedure": "two_dice_against_morale"})
        game = hexlaw.JemmapesGame(scenario, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            d = game.decision
            for r in d["refused"]:
                assert r.split(": ")[1].startswith("jemmapes:")
            if d["kind"] == "combat" and d["refused"] and refused_tried < 5:
                refused_tried += 1
                with pytest.raises(ValueError, match="refused: jemmapes:"):
                    game.choose(d["refused"][0].split(": ")[0])
                assert game.decision == d  # the game is as it was
            fights = [c for c in d["choices"] if c.startswith(("assault ", "fire "))]
            pick = fights[0] if fights and rng.random() < 0.7 else d["choices"][rng.randrange(len(d["choices"]))]
            try:
                game.choose(pick)
                fought += pick in fights
            except ValueError as e:
                # Its dice read a lost cell as they were rolled: refused by name, the game as it
                # was, the choice now listed as refused.
                assert "is refused: jemmapes:" in str(e)
                rolled_refused += 1
                assert pick not in game.decision["choices"]
                if d["kind"] != "defend":  # else the assault it answered is refused with it
                    assert any(r.startswith(pick + ": jemmapes:") for r in game.decision["refused"])
        again = hexlaw.jemmapes_replay(scenario, game.log)
        assert again.record == game.record and again.units == game.units
    assert fought > 0 and refused_tried > 0 and rolled_refused > 0


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_ids_holding_separators_play_and_replay(cli, source_dir, tmp_path, seed):
    """jemmapes:2.0 — unit, commander and formation ids with spaces, '+', ',', quotes, a backslash,
    ' on ', ' with ', ' to ' and the choices' own words play from the CLI and replay (before the
    choices were typed, seed 1 stopped at 'no unit Clairfayt', an id cut at its first space)."""
    import json
    import subprocess
    scenario = str(source_dir / "scenarios" / "jemmapes-odd-ids.yaml")
    log = tmp_path / "log.json"
    played = subprocess.run([cli, "play", scenario, "--seed", str(seed), "--log", str(log), "--json"], capture_output=True, text=True)
    assert played.returncode == 0, played.stderr
    replayed = subprocess.run([cli, "replay", scenario, str(log), "--json"], capture_output=True, text=True, check=True)
    assert json.loads(played.stdout)["record"] == json.loads(replayed.stdout)["record"]
    assert any('"' in d for d in json.loads(log.read_text())["decisions"])  # some choice named a quoted id
