"""Owns: Leipzig army arrivals in played games from Python (leipzig:11.8 to 11.8.3): the Allies'
`army-arrival` decision as their Movement Phase opens — call a Main Body in (its Front +1),
send it by another area, accelerate for a Front's point, detach — chosen by string form, logged
and replayed exactly."""
import hexlaw


def leipzig(seed):
    return hexlaw.generated_scenario(game="leipzig", units_per_side=12, cols=14, rows=10, last_turn=10,
                                     night_turns=[5], seed=seed)


def test_leipzig_11_8_python_arrival_choices_logged_and_replayed():
    """leipzig:11.8 — army arrival choices are offered to the Allies, taken by their string forms and
    replayed exactly from the log."""
    taken = set()
    called_games = 0
    for seed in range(1, 9):
        scenario = leipzig(seed)
        game = hexlaw.Game(scenario, seed=seed)
        step = 0
        while not game.over and step < 20000:
            step += 1
            decision = game.decision
            if decision["kind"] == "army-arrival":
                assert decision["side"] == "allied" and decision["choices"][0] == "done"
                # Prefer a call, else an acceleration, else done: every choice is a string form.
                pick = next((c for c in decision["choices"] if c.startswith("call ")),
                            next((c for c in decision["choices"] if c.startswith("accelerate ")), "done"))
                taken.add(pick.split(" ")[0])
                game.choose(pick)
            else:
                game.play("random", seed=seed * 100000 + step, max_decisions=1)
        assert game.over and game.invariant_violations() == []
        # A game may end before any army group's turn comes (random play ends some early).
        called_games += any(c.startswith(("call ", "accelerate ")) for c in game.log["decisions"])
        again = hexlaw.replay(scenario, game.log)
        assert again.state == game.state and again.record == game.record
    assert "call" in taken and called_games >= 4


def test_leipzig_11_8_3_main_body_call_raises_its_front():
    """leipzig:11.8.3 — calling a Main Body in adds one to its Front at once."""
    for seed in range(1, 30):
        scenario = leipzig(seed)
        game = hexlaw.Game(scenario, seed=seed)
        while not game.over:
            decision = game.decision
            calls = [c for c in decision["choices"] if c.startswith("call ")] if decision["kind"] == "army-arrival" else []
            if not calls:
                game.choose(0)
                continue
            army = calls[0].split(" ")[1]
            front = "allied-north" if army in ("N", "S") else "allied-south"
            before = game.morale[front]
            game.choose(calls[0])
            assert game.morale[front] == min(10, before + 1)
            return
    raise AssertionError("no generated game offered a Main Body's call")
