"""Owns: whole Leipzig games with two Allied Fronts from Python and the CLI (leipzig:12.0,
leipzig:12.7, leipzig:15.0): a generated Leipzig scenario plays to its end with hexlaw.Game and
with `hexlaw play`, and replays exactly from its log."""
import json

import hexlaw


def leipzig(seed):
    return hexlaw.generated_scenario(game="leipzig", units_per_side=10, cols=14, rows=10, last_turn=10,
                                     night_turns=[5], seed=seed)


def test_leipzig_12_7_python_games_with_two_fronts_replay_exactly():
    """leipzig:12.7 — Leipzig games with two Fronts play to the end, General Retreats included."""
    retreats = 0
    for seed in range(1, 9):
        scenario = leipzig(seed)
        assert set(hexlaw.Game(scenario, seed=1).morale) == {"french", "allied-north", "allied-south"}
        game = hexlaw.Game(scenario, seed=seed)
        game.play("random", seed=seed + 1)
        assert game.over and game.invariant_violations() == []
        assert game.result["rule"] == "leipzig:15.0"
        retreats += sum(1 for e in game.record if e["text"].startswith("a General Retreat: "))
        again = hexlaw.replay(scenario, game.log)
        assert again.state == game.state and again.record == game.record
    assert retreats > 0


def test_leipzig_12_0_cli_plays_and_replays_a_two_front_game(cli, tmp_path):
    """leipzig:12.0 — `hexlaw play` plays a generated Leipzig scenario; `hexlaw replay` repeats it."""
    path = tmp_path / "leipzig.yaml"
    path.write_text(leipzig(4).text)
    log = tmp_path / "log.json"
    import subprocess
    played = subprocess.run([cli, "play", str(path), "--seed", "4", "--policy-seed", "9", "--log", str(log), "--json"],
                            capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    replayed = subprocess.run([cli, "replay", str(path), str(log), "--json"], capture_output=True, text=True, timeout=120)
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout) == json.loads(played.stdout)


def test_leipzig_16_10_python_games_offer_the_demolition_and_replay_exactly():
    """leipzig:16.10 — with the optional bridge demolition, the French are offered it as their
    Movement Phase ends (decision movement-declaration), the game plays to its end and replays."""
    offered = 0
    for seed in range(1, 5):
        scenario = hexlaw.generated_scenario(game="leipzig", units_per_side=8, cols=16, rows=12, last_turn=6,
                                             night_turns=[], options=["leipzig:16.10"], seed=seed)
        game = hexlaw.Game(scenario, seed=seed)
        step = 0
        while not game.over:
            step += 1
            decision = game.decision
            if decision["kind"] == "movement-declaration":
                offered += 1
                assert decision["side"] == "french" and decision["choices"] == ["no", "declare"]
                game.choose("no")  # keep the bridge up, so the Allied checks come too
            else:
                game.play("random", seed=seed * 100000 + step, max_decisions=1)
        again = hexlaw.replay(scenario, game.log)
        assert again.state == game.state and again.record == game.record
    assert offered > 0


def test_leipzig_7_7_python_games_offer_activating_napoleon_and_replay_exactly():
    """leipzig:7.7 — the French are offered "Activating Napoleon" as their Movement Phase opens
    (decision movement-start-declaration) until they declare it; the declaration is logged and the
    game replays exactly."""
    offered = declared = 0
    for seed in range(1, 5):
        scenario = leipzig(seed)
        game = hexlaw.Game(scenario, seed=seed)
        step = 0
        while not game.over:
            step += 1
            decision = game.decision
            if decision["kind"] == "movement-start-declaration":
                offered += 1
                assert decision["side"] == "french" and decision["choices"] == ["no", "declare"]
                assert decision["rule"] == "leipzig:7.7"
                game.choose("declare")
                declared += 1
                assert "napoleon-activated" in json.loads(game.state.to_json("odd-columns-low"))["markers"]
            else:
                game.play("random", seed=seed * 100000 + step, max_decisions=1)
        assert "declare" in game.log["decisions"]
        again = hexlaw.replay(scenario, game.log)
        assert again.state == game.state and again.record == game.record
    assert offered == declared and declared > 0


def test_leipzig_12_0_python_games_name_the_front_of_a_battle_and_replay_exactly():
    """leipzig:12.0 — a battle of both Allied Fronts asks the Allies to name its Front (decision
    front) before its reserves; the choice is logged as `name FRONT` and the game replays exactly."""
    named = 0
    for seed in range(1, 30):  # battles of both Fronts are rare in random play: a few in these
        scenario = leipzig(seed)
        game = hexlaw.Game(scenario, seed=seed)
        step = 0
        while not game.over:
            step += 1
            decision = game.decision
            if decision["kind"] == "front":
                named += 1
                assert decision["side"] == "allied"
                assert decision["choices"] == ["name allied-north", "name allied-south"]
                game.choose(decision["choices"][step % 2])
            else:
                game.play("random", seed=seed * 100000 + step, max_decisions=1)
        assert game.invariant_violations() == []
        again = hexlaw.replay(scenario, game.log)
        assert again.state == game.state and again.record == game.record
    assert named > 0


def test_leipzig_16_12_python_games_with_leaders_replay_exactly():
    """leipzig:16.12 — with the optional Leaders (one a side, generated span 2), games play to
    their end keeping the invariants (Leaders stack freely), Leader Discretion's retreats and the
    Command Span are applied, no "Activating Napoleon" is offered (leipzig:7.7 is ignored), and
    the log replays exactly."""
    cited = 0
    for seed in range(1, 9):
        scenario = hexlaw.generated_scenario(game="leipzig", units_per_side=10, cols=14, rows=10, last_turn=10,
                                             night_turns=[5], options=["leipzig:16.12"], seed=seed)
        game = hexlaw.Game(scenario, seed=seed)
        step = 0
        while not game.over:
            step += 1
            assert game.decision["kind"] != "movement-start-declaration"
            game.play("random", seed=seed * 1000 + step, max_decisions=1)
            assert game.invariant_violations() == []
        cited += sum(1 for e in game.record if "leipzig:16.12" in e["rules"])
        again = hexlaw.replay(scenario, game.log)
        assert again.state == game.state and again.record == game.record
    assert cited > 0


def remove_and_replace_scenario(seed):
    """A generated Leipzig scenario whose event deck is a remove-and-replace one: every card's French
    half, and half the Allied halves, end in "remove and replace"; three Substitutes wait set aside."""
    text = hexlaw.generated_scenario(game="leipzig", units_per_side=8, cols=14, rows=10, last_turn=8,
                                     night_turns=[4], seed=seed).text
    text = text[:text.index("events:")] if "events:" in text else text
    cards = "".join(
        f'    - {{id: r{k}, top: {{text: "French {k}", morale: 1, remove_and_replace: true}}, '
        f'bottom: {{text: "Allied {k}", remove_and_replace: {"true" if k % 2 else "false"}}}}}\n' for k in range(4))
    subs = "".join(f'    - {{id: s{k}, top: {{text: "Substitute {k}"}}, bottom: {{text: "Substitute {k}"}}}}\n'
                   for k in range(3))
    return hexlaw.load_scenario(text + "events:\n  draw_pile:\n" + cards + "  set_aside:\n" + subs)


def test_leipzig_5_1_played_games_remove_and_replace_cards_and_replay_exactly():
    """leipzig:5.1, leipzig:5.1.1 — in played Leipzig games a drawn half ending in remove and replace
    takes its card out of play and shuffles a Substitute in; the other half leaves it in play. The
    game plays to its end and replays exactly from its log."""
    removed = kept = 0
    for seed in range(1, 7):
        scenario = remove_and_replace_scenario(seed)
        game = hexlaw.Game(scenario, seed=seed)
        game.play("random", seed=seed + 3)
        assert game.over and game.invariant_violations() == []
        for e in game.record:
            removed += "leipzig:5.1" in e["rules"]
            kept += "leipzig:5.1.1" in e["rules"]
        drawn = [e["text"] for e in game.record if " draws " in e["text"]]
        # A removed card never comes back: each r-card's French half is drawn at most once.
        for k in range(4):
            assert sum(1 for t in drawn if t.startswith(f"french draws r{k} ")) <= 1
        again = hexlaw.replay(scenario, game.log)
        assert again.state == game.state and again.record == game.record
    assert removed > 0 and kept > 0



def test_leipzig_12_0_a_side_wide_event_asks_the_allied_player_for_its_front():
    """leipzig:12.0 — under leipzig.mixed_front_morale = allied-choice (the default), a Random
    Event that moves the Allies' morale as a whole is put to the Allied player first: decision
    `front` in the Random Events Phase, one choice per Front; only the Front named takes the
    card's points, and the game replays exactly from its log."""
    offered = 0
    for seed in range(1, 9):
        text = leipzig(seed).text
        assert "leipzig.mixed_front_morale: each-front" in text
        text = text.replace("interpretations: {leipzig.mixed_front_morale: each-front}\n", "")
        game = hexlaw.Game(text, seed=seed)
        step = 0
        while not game.over:
            step += 1
            decision = game.decision
            if decision["kind"] == "front" and game.phase == "random-events":
                offered += 1
                assert decision["side"] == "allied" and decision["rule"] == "leipzig:12.0"
                assert decision["choices"] == ["name allied-north", "name allied-south"]
                before = dict(game.morale)
                pick = decision["choices"][step % 2]
                game.choose(pick)
                named = pick.split()[1]
                other = "allied-south" if named == "allied-north" else "allied-north"
                drawn = [e for e in game.record if " draws " in e["text"]][-1]
                assert "leipzig:12.0" in [e for e in game.record if " names the " in e["text"]][-1]["rules"]
                assert drawn["text"].startswith("allied draws") or drawn["text"].startswith("french draws")
                if not any(e["text"].startswith("a General Retreat") for e in game.record[-3:]):
                    assert game.morale[other] == before[other]  # the other Front is untouched
            else:
                game.play("random", seed=seed * 100000 + step, max_decisions=1)
        assert game.invariant_violations() == []
        again = hexlaw.replay(text, game.log)
        assert again.state == game.state and again.record == game.record
    assert offered > 0
