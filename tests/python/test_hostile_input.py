"""Owns: regression tests for hostile input from Python and the command line (issue 16) —
each a finding of fuzzing or a hand-written probe, kept so it never comes back: text never
taken for a path, wrong types as TypeError, every pickle protocol, no half-built objects,
named limits (units, input size, generated scenarios) and a --jsonl batch that goes on past
a bad file. Anything that once crashed the interpreter runs in a child process."""
import json
import os
import pickle
import subprocess
import sys

import pytest

import hexlaw

MEADOW_FILE = "scenarios/meadow.yaml"


def child(code):
    """Runs `code` in a fresh interpreter (a crash there fails this test, not the suite)."""
    return subprocess.run([sys.executable, "-c", "import hexlaw\n" + code], capture_output=True, text=True,
                          timeout=300, env=os.environ)


@pytest.fixture
def meadow(source_dir):
    return (source_dir / MEADOW_FILE).read_text()


CASE = {"units": [{"id": "A", "side": "french", "type": "infantry", "strength": 3, "movement": 2, "hex": "0407"}],
        "question": {"kind": "in-enemy-zoc", "unit": "A"}}


def test_one_line_json_longer_than_a_file_name_is_text(meadow):
    import yaml
    case = json.dumps(dict(CASE, title="x" * 5000))
    assert hexlaw.ask(case).outcome["in_enemy_zoc"] is False
    scenario = json.dumps(yaml.safe_load(meadow))
    assert len(scenario) > 255 and "\n" not in scenario
    assert hexlaw.load_scenario(scenario).name == "meadow"
    game = hexlaw.Game(scenario, seed=3)
    game.play("random", max_decisions=30)
    assert hexlaw.replay(scenario, game.log_json()).log == game.log


def test_a_short_missing_path_is_still_named_as_a_file():
    with pytest.raises(hexlaw.CaseError, match="cannot open"):
        hexlaw.ask("no/such/case.yaml")
    with pytest.raises(hexlaw.CaseError, match="cannot (open|read)"):
        hexlaw.load_scenario("no/such/scenario.yaml")


def test_text_that_is_not_utf8_is_a_case_error():
    bad = dict(CASE, units=[dict(CASE["units"][0], id="A\udcff")])
    with pytest.raises(hexlaw.CaseError, match="UTF-8|Unicode"):
        hexlaw.ask(bad)
    with pytest.raises(hexlaw.CaseError, match="UTF-8|Unicode"):
        hexlaw.ask(json.dumps(bad, ensure_ascii=False).encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape"))


@pytest.mark.parametrize("call", [
    lambda: hexlaw.ask(5),
    lambda: hexlaw.ask(None),
    lambda: hexlaw.check(3.5),
    lambda: hexlaw.load_scenario(7),
    lambda: hexlaw.Game(5),
    lambda: hexlaw.replay(None, {}),
], ids=["ask-int", "ask-none", "check-float", "load-int", "game-int", "replay-none"])
def test_wrong_argument_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call()


def test_wrong_choice_and_log_types_raise_type_error(meadow):
    game = hexlaw.Game(meadow)
    for bad in (1.5, None, [0]):
        with pytest.raises(TypeError):
            game.choose(bad)
    with pytest.raises(TypeError):
        hexlaw.replay(meadow, 5)
    with pytest.raises(TypeError):
        game.play(5)


def test_every_pickle_protocol_round_trips(source_dir):
    r = child(f"""
import pickle
sc = open({str(source_dir / MEADOW_FILE)!r}).read()
g = hexlaw.Game(sc, seed=4); g.play('random', max_decisions=40)
for p in range(pickle.HIGHEST_PROTOCOL + 1):
    h = pickle.loads(pickle.dumps(g, protocol=p))
    assert h.log == g.log and h.state == g.state, p
    assert pickle.loads(pickle.dumps(g.state, protocol=p)) == g.state, p
    s = pickle.loads(pickle.dumps(g.scenario, protocol=p))
    assert s.name == 'meadow' and s.initial == g.scenario.initial, p
print('ok')
""")
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]


@pytest.mark.parametrize("cls", ["Game", "Scenario", "Answer", "GameState", "Spec", "SeededDice", "ScriptedDice",
                                 "RuleCase", "RuleNote", "JemmapesGame", "JemmapesScenario", "Position"])
def test_no_object_is_used_half_built(cls):
    r = child(f"""
obj = hexlaw.{cls}.__new__(hexlaw.{cls})
checked = 0
for name in type(obj).__dict__:
    if name.startswith('_') and name not in ('__repr__', '__str__', '__eq__', '__getstate__', '__reduce__', '__copy__'):
        continue
    checked += 1
    try:
        v = getattr(obj, name)
        if callable(v):
            v(obj) if name == '__eq__' else v()
    except TypeError as e:
        assert 'never initialised' in str(e) or 'incompatible' in str(e), (name, e)
    else:
        raise AssertionError(name + ' answered on a half-built object')
assert checked > 0
print('ok')
""")
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.stdout, r.stderr[-2000:])


def test_generated_scenario_sizes_are_checked_without_overflow():
    r = child("""
for kw in ({'units_per_side': 2**31 - 1}, {'units_per_side': -1}, {'cols': 2**31 - 1, 'rows': 2**31 - 1},
           {'last_turn': 2**31 - 1}):
    try:
        hexlaw.generated_scenario(**kw)
    except ValueError:
        pass
    else:
        raise AssertionError(kw)
for kw in ({'units_per_side': 2**31 - 1}, {'last_turn': -5}):
    try:
        hexlaw.dresden_scenario(**kw)
    except ValueError:
        pass
    else:
        raise AssertionError(kw)
print('ok')
""")
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]


def test_a_dict_that_contains_itself_is_a_case_error():
    loop = []
    loop.append(loop)
    with pytest.raises(hexlaw.CaseError, match="contains itself"):
        hexlaw.ask(dict(CASE, question=loop))
    deep = []
    for _ in range(1000):
        deep = [deep]
    with pytest.raises(hexlaw.CaseError, match="nested more than"):
        hexlaw.ask(dict(CASE, question=deep))


def test_too_many_units_is_refused_by_name(cli, tmp_path):
    units = [{"id": f"U{i}", "side": "french" if i % 2 else "prussian", "type": "infantry", "strength": 1,
              "movement": 2, "hex": f"{1 + i % 60:02d}{1 + i // 60 % 60:02d}"} for i in range(40000)]
    case = tmp_path / "crowd.json"
    case.write_text(json.dumps({"map": {"bounds": {"cols": [1, 99], "rows": [1, 99]}}, "units": units,
                                "question": {"kind": "distance", "hexes": ["0101", "0105"]}}))
    r = subprocess.run([cli, "ask", str(case)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "units: more than" in r.stderr, r.stderr


def test_endless_input_is_refused_by_size(cli):
    r = subprocess.run([cli, "ask", "/dev/zero"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "/dev/zero" in r.stderr and "bytes" in r.stderr, r.stderr


def test_jsonl_goes_on_after_a_bad_file(cli, source_dir):
    bad = sorted((source_dir / "tests/bad_cases").glob("*.yaml"))
    good = source_dir / "cases/std/7.0/la-haye-sainte-town-to-town.yaml"
    files = [str(p) for p in bad] + [str(good)]
    r = subprocess.run([cli, "ask", "--jsonl", *files], capture_output=True, timeout=600)
    lines = [json.loads(x) for x in r.stdout.decode("utf-8").splitlines()]
    assert [x["file"] for x in lines] == files
    assert all("error" in x and "internal error" not in x["error"] for x in lines[:-1]), \
        [x for x in lines[:-1] if "internal error" in x.get("error", "internal error")]
    assert lines[-1]["check"]["ok"] is True
    assert r.returncode == 2


@pytest.mark.parametrize("odd_id", ["F I", "F to X", "F into X", "F+I", "F on X", "F,I", 'F"I', "F\\I", "Fé"])
def test_odd_unit_ids_play_and_replay(meadow, odd_id):
    """Ids with spaces, ' to ', ' into ', '+', ' on ' once crashed a played game or stopped it
    with an internal error (issue 16): they are quoted in choices and replay exactly."""
    sc = meadow.replace("{id: F-I,   side", "{id: %s, side" % json.dumps(odd_id), 1)
    sc = sc.replace("{id: P-1,   side", "{id: %s, side" % json.dumps(odd_id + " on P"), 1)
    for seed in (1, 2):
        game = hexlaw.Game(sc, seed=seed)
        game.play("random", seed=seed)
        assert game.over and game.invariant_violations() == []
        assert hexlaw.replay(sc, game.log).state == game.state


@pytest.mark.parametrize("odd_id", ["", "A\tB", "A\nB", "X" * 65])
def test_ids_outside_the_character_set_are_refused_in_a_scenario(meadow, odd_id):
    sc = meadow.replace("{id: F-I,   side", "{id: %s, side" % json.dumps(odd_id), 1)
    with pytest.raises(hexlaw.CaseError, match=r"units\[0\]\.id"):
        hexlaw.load_scenario(sc)


def test_position_takes_data_as_ask_does():
    """fuzz_dict findings (issue 16): hexlaw.Position converted dicts through json.dumps and
    cast any other value to str, so a list or an int raised RuntimeError ("Unable to cast"),
    NaN, lone surrogates and circular or deep data RuntimeError, ValueError or RecursionError."""
    for bad in ([1], [], 5, (1,), [{}], None):
        with pytest.raises(TypeError):
            hexlaw.Position(bad)
    loop = []
    loop.append(loop)
    deep = []
    for _ in range(5000):
        deep = [deep]
    for field, value, reason in [("title", float("nan"), "NaN"), ("title", "A\udcff", "Unicode"),
                                 ("question", loop, "contains itself"), ("question", deep, "nested more than")]:
        with pytest.raises(hexlaw.CaseError, match=reason):
            hexlaw.Position(dict(CASE, **{field: value}))
    p = hexlaw.Position(CASE)
    with pytest.raises(hexlaw.CaseError, match="contains itself"):
        p.ask({"kind": "in-enemy-zoc", "unit": loop})
    with pytest.raises(hexlaw.CaseError, match="NaN"):
        p.set_unit("A", strength=float("nan"))
    assert p.ask().outcome["in_enemy_zoc"] is False and p.unit("A")["strength"] == 3


def test_a_bad_pickled_game_state_is_a_type_error():
    """Issue 16's audit of untyped throws: Game.__setstate__ with a tuple that is not a pickled
    game's raised RuntimeError ("not a pickled hexlaw.Game", or pybind11's "Unable to cast")."""
    r = child("""
for bad in ((1, 2), ('a', 'b', 5), (None, None, None, None), ('a',) * 5):
    try:
        hexlaw.Game.__new__(hexlaw.Game).__setstate__(bad)
    except TypeError:
        pass
    else:
        raise AssertionError(bad)
print('ok')
""")
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.stdout, r.stderr[-2000:])


def test_a_finished_game_has_no_decision_and_says_so_as_a_value_error(meadow):
    """Issue 16's audit of untyped throws: a finished game asked for its decision raised
    RuntimeError (std::logic_error "the game is over"), as did a finished Jemmapes game asked to
    choose; both are the caller's mistake, ValueError as choose() after the end already was."""
    game = hexlaw.Game(meadow, seed=2)
    game.play("random", seed=2)
    jgame = hexlaw.JemmapesGame(hexlaw.jemmapes_generated_scenario(formations_per_side=2, units_per_formation=2,
                                                                   last_round=1, seed=3), seed=3)
    while not jgame.over:
        jgame.choose(0)
    for g in (game, jgame):
        assert g.over
        for ask_it in (lambda: g.decision, lambda: g.choices, lambda: g.choose(0)):
            with pytest.raises(ValueError, match="the game is over"):
                ask_it()


def test_jemmapes_choose_takes_an_index_or_a_choice_text():
    """Issue 16's audit: JemmapesGame.choose cast anything but an int to a C++ string, so a float
    or None raised RuntimeError ("Unable to cast"), and an index past 64 bits did too."""
    game = hexlaw.JemmapesGame(hexlaw.jemmapes_generated_scenario(seed=5), seed=5)
    for bad in (1.5, None, [0]):
        with pytest.raises(TypeError):
            game.choose(bad)
    for bad in (2**70, -1, "no such choice"):
        with pytest.raises(ValueError):
            game.choose(bad)
    game.choose(game.choices[0])  # still playable


def test_a_jemmapes_unit_id_with_a_space_plays(cli, source_dir, tmp_path):
    """fuzz5 finding: a Jemmapes round once read its choices back word by word, so the unit id
    "E 2" crashed `hexlaw play` (segfault, seed 6: "assault 0604 by E 2 head E 2" named no unit
    "E"). Choices are typed actions now, ids needing it are quoted in their string form: the same
    scenario and seeds play to the end and the log replays."""
    scenario = source_dir / "tests/fuzz/corpus/scenario/finding-jemmapes-id-with-space.yaml"
    log = tmp_path / "game.log"
    r = subprocess.run([cli, "play", "--seed", "6", "--policy-seed", "6", "--log", str(log), str(scenario)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.returncode, r.stderr)
    r = subprocess.run([cli, "replay", str(scenario), str(log)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.returncode, r.stderr)


def test_too_many_jemmapes_units_is_refused_by_name(cli, tmp_path):
    """A Jemmapes position has the same unit limit (kMaxUnits) as an N20 one, read before any unit."""
    units = [{"id": f"U{i}", "side": "french" if i % 2 else "austrian", "kind": "infantry", "cp": 1}
             for i in range(10001)]
    case = tmp_path / "crowd.json"
    case.write_text(json.dumps({"game": "jemmapes", "units": units,
                                "question": {"kind": "distance", "hexes": ["0101", "0105"]}}))
    r = subprocess.run([cli, "ask", str(case)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "units: more than 10000 units" in r.stderr, r.stderr


def test_jemmapes_small_values_take_their_whole_range_and_no_more():
    """A Jemmapes unit's morale, MP and a commander's values lie within -9..99 (counter values are
    case data): both ends are accepted, and one past either end is refused, naming the field."""
    def case(morale):
        return json.dumps({"game": "jemmapes",
                           "units": [{"id": "F", "side": "french", "kind": "infantry", "hex": "0505", "facing": "n", "cp": 1,
                                      "morale": morale}],
                           "question": {"kind": "zoc", "unit": "F", "hex": "0504"}})
    for ok in (-9, 99):
        assert hexlaw.ask(case(ok)).outcome is not None
    for bad in (-10, 100):
        with pytest.raises(hexlaw.CaseError, match="morale lies within -9..99"):
            hexlaw.ask(case(bad))


def test_jemmapes_printed_cp_lies_within_cp_and_99():
    """A Jemmapes unit's printed CP (what it had before losses) is at least its CP and at most 99:
    99 is accepted, 100 refused, naming the field."""
    def case(printed):
        return json.dumps({"game": "jemmapes",
                           "units": [{"id": "F", "side": "french", "kind": "infantry", "hex": "0505", "facing": "n",
                                      "cp": 1, "printed_cp": printed}],
                           "question": {"kind": "zoc", "unit": "F", "hex": "0504"}})
    assert hexlaw.ask(case(99)).outcome is not None
    with pytest.raises(hexlaw.CaseError, match=r"printed_cp: the printed CP lies within cp\.\.99"):
        hexlaw.ask(case(100))
