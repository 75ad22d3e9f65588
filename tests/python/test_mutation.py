"""Owns: tests of the mutation tool's pure parts (scripts/mutation: operators, ids, attribution,
selection, the equivalent-mutant record) and of how the report reads a mutation run
(report/mutants.py). No mutant is built or run here: `make mutate` does that, apart from
`make test`."""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.append(str(ROOT / "report"))

from mutation import operators, selection  # noqa: E402
import mutants as report_mutants  # noqa: E402
from verdicts import verdict  # noqa: E402

SNIPPET = '''// Owns: a test file.
namespace hexlaw {
namespace {
int helper(int a) { return a + 1; }
}  // namespace

// RULE std:1.0 — the first rule
int f(int a, bool b) {
  // a comment with a < b and true
  if (a < 2 && b) return 0;
  trace.cite("std:1.0", [&] { return std::to_string(a + 3); });
  const char* s = "x == y || !z";
  if (const char* rule = pick(a)) return 1;
  for (int i = 0; i < a; ++i)
    if (!b) continue;
  return a >= 10 ? 1 : 2;
}

int g(int a) {
  if (a != 0) return 4;
  // RULE std:2.0 — a tag after the steps it names
  return 5;
}
}  // namespace hexlaw
'''


def _by_line(ms):
    out = {}
    for m in ms:
        out.setdefault(m.line, []).append(m.mutation)
    return out


def test_code_mask_blanks_comments_strings_and_preprocessor_lines():
    text = '#include "a.h"\nint x = 1; // 2 < 3\nconst char* s = "a && b";\n/* true */ bool t = false;\n'
    mask = operators.code_mask(text)
    assert len(mask) == len(text) and mask.count("\n") == text.count("\n")
    assert "include" not in mask and "2 < 3" not in mask and "a && b" not in mask and "true" not in mask
    assert "int x = 1;" in mask and "bool t = false;" in mask


def test_operators_find_each_kind_only_in_code():
    lines = _by_line(operators.mutants("engine/x.cc", SNIPPET))
    assert set(lines[10]) == {"`<` -> `<=`", "`2` -> `3`", "`2` -> `1`", "`&&` -> `||`",
                              "`0` -> `1`", "guard `if (…)` -> `if (false)`"}
    assert 9 not in lines and 12 not in lines   # a comment; a string literal
    assert 11 not in lines                      # the arguments of a trace citation explain, never decide
    assert "delete `!`" in lines[15] and "delete `continue`" in lines[15]
    assert {"`>=` -> `>`", "`10` -> `11`", "`10` -> `9`"} <= set(lines[16])
    assert "`!=` -> `==`" in lines[20]


def test_a_guard_that_declares_keeps_its_declaration():
    ms = [m for m in operators.mutants("engine/x.cc", SNIPPET) if m.line == 13 and m.mutation.startswith("guard")]
    assert len(ms) == 1
    mutated = ms[0].apply(SNIPPET).splitlines()[12]
    assert mutated.strip() == "if (const char* rule = pick(a); false) return 1;"


def test_ids_survive_line_shifts_and_differ_between_mutants():
    before = operators.mutants("engine/x.cc", SNIPPET)
    after = operators.mutants("engine/x.cc", "// one more line\n" + SNIPPET)
    assert [m.id for m in before] == [m.id for m in after]
    assert len({m.id for m in before}) == len(before)
    assert {m.id for m in operators.mutants("engine/y.cc", SNIPPET)}.isdisjoint({m.id for m in before})


def test_each_mutant_is_attributed_to_its_nearest_rule_tag():
    rule_of = {m.line: m.rule_id for m in operators.mutants("engine/x.cc", SNIPPET)}
    assert rule_of[4] == "std:1.0"   # a helper above every tag: the file's first tag
    assert rule_of[10] == "std:1.0"  # the tag above, in its function
    assert rule_of[20] == "std:2.0"  # no tag above in its function: the one further down it
    assert operators.mutants("engine/z.cc", "int f(int a) { return a < 1; }\n")[0].rule_id == ""


def test_the_seeded_sample_is_the_same_every_time_and_skips_equivalents():
    cands = operators.mutants("engine/x.cc", SNIPPET)
    known = {cands[0].id: ("engine/x.cc:4", "reason")}
    a, eq = selection.choose(cands, known, 5, seed=1)
    b, _ = selection.choose(cands, known, 5, seed=1)
    c, _ = selection.choose(cands, known, 5, seed=2)
    assert [m.id for m in a] == [m.id for m in b] and len(a) == 5
    assert [m.id for m in a] != [m.id for m in c]
    assert [m.id for m in eq] == [cands[0].id] and cands[0].id not in {m.id for m in a}


def test_every_recorded_equivalent_mutant_still_exists_with_a_reason():
    """Each entry of tests/mutation/equivalent.txt names a mutant of today's rule code."""
    recorded = selection.read_equivalents(ROOT)
    files = selection.rule_files(ROOT, "")
    ids = {m.id for m in selection.candidates(ROOT, files)}
    for mutant_id, (where, reason) in recorded.items():
        assert mutant_id in ids, f"{mutant_id} ({where}) matches no mutant any more"
        assert len(reason) > 10


def test_a_surviving_mutant_keeps_a_case_from_counting_as_tested():
    passed = [("case file", "passed"), ("property", "passed")]
    assert verdict("implement", True, passed, True, survivors=0) == "example+property"
    assert verdict("implement", True, passed, True, survivors=1) == "mutant-survived"
    assert verdict("implement", True, [("case file", "failed")], True, survivors=1) == "failing"
    assert verdict("implement", True, [], False, survivors=2) == "implemented-untested"


def test_the_report_says_plainly_when_no_mutation_run_exists(tmp_path):
    run, rows, problem = report_mutants.load(tmp_path / "none.json")
    assert (run, rows, problem) == (None, [], None)
    assert "No mutation run is recorded" in report_mutants.statement(None, "abc", [])
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert report_mutants.load(bad)[2].startswith(str(bad))


def test_the_report_counts_a_sampled_run_per_case(tmp_path):
    rec = {"run": "2026-01-01T00:00:00+00:00", "commit": "abc", "seed": 1, "selection": "sample",
           "candidates": 100, "complete": True, "seconds": 120, "files": ["engine/n20/zoc.cc"],
           "mutants": [
               {"id": "a", "file": "engine/n20/zoc.cc", "line": 3, "rule_id": "std:7.0", "mutation": "m",
                "source": "s", "result": "killed", "killed_by": "case:x", "detail": ""},
               {"id": "b", "file": "engine/n20/zoc.cc", "line": 4, "rule_id": "std:7.0", "mutation": "m",
                "source": "s", "result": "survived", "killed_by": "", "detail": ""},
               {"id": "c", "file": "engine/n20/zoc.cc", "line": 5, "rule_id": "std:7.0", "mutation": "m",
                "source": "s", "result": "equivalent", "killed_by": "", "detail": "why"}]}
    path = tmp_path / "run.json"
    path.write_text(json.dumps(rec))
    run, rows, problem = report_mutants.load(path)
    assert problem is None and len(rows) == 3
    assert report_mutants.per_case(rows)["std:7.0"] == {"tried": 2, "caught": 1, "survived": 1, "equivalent": 1,
                                                        "snapshot": 0}
    db_run = dict(run, commit_id=run["commit"])
    text = report_mutants.statement(db_run, "abc", rows)
    assert "SAMPLE of 2 of the 100" in text and "1 were caught and 1 survived" in text and "stale" not in text
    assert "stale" in report_mutants.statement(db_run, "def", rows)


def test_the_report_says_which_figures_a_recheck_changed(tmp_path):
    """A recheck brings a run's survivors up to date; the statement must still give the run's
    figures as it ran, and say how many were caught or judged equivalent only afterwards."""
    def m(i, result, detail=""):
        return {"id": i, "file": "engine/n20/zoc.cc", "line": 3, "rule_id": "std:7.0", "mutation": "m",
                "source": "s", "result": result, "killed_by": "case:x" if result == "killed" else "", "detail": detail}
    rec = {"run": "2026-01-01T00:00:00+00:00", "commit": "abc", "seed": 1, "selection": "sample",
           "candidates": 100, "complete": True, "seconds": 120, "files": ["engine/n20/zoc.cc"],
           "mutants": [m("a", "killed"), m("b", "killed"), m("c", "killed", "killed when judged again on commit def"),
                       m("d", "equivalent", "why (survived the whole suite)"), m("e", "equivalent", "why"),
                       m("f", "survived")]}
    path = tmp_path / "run.json"
    path.write_text(json.dumps(rec))
    run, rows, problem = report_mutants.load(path)
    text = report_mutants.statement(dict(run, commit_id="abc"), "abc", rows)
    assert "Of 4 mutants that built, 3 were caught and 1 survived; 2 are recorded equivalent" in text
    assert "1 of the caught survived the run itself" in text and "1 of the equivalent survived it" in text
    assert "As run, 2 of 5 were caught." in text and "SAMPLE of 5 of the 100" in text
    rec["mutants"] = [m("a", "killed"), m("f", "survived")]
    path.write_text(json.dumps(rec))
    run, rows, _ = report_mutants.load(path)
    assert "recheck" not in report_mutants.statement(dict(run, commit_id="abc"), "abc", rows)


def test_the_python_tests_a_mutant_run_leaves_out_cannot_reach_the_engine():
    """A mutant's pytest run leaves out only files that never import the module, start the CLI or
    cite a rule (stages.ENGINE_BLIND); one that gains a way in is run again, and this test says so."""
    from mutation import stages
    assert stages.engine_blind(ROOT) == list(stages.ENGINE_BLIND)
    assert stages.ENGINE_REACH.search("def test_x(cli, tmp_path):") and stages.ENGINE_REACH.search("import hexlaw")


def test_a_sample_is_stratified_over_the_rule_areas():
    """Each stratum (a std file, a game layer, Jemmapes) gets its share in proportion to its mutants."""
    ms = [operators.Mutant(f"{k:010x}", f, 1, k, k + 1, "x", "m", "", "") for k, f in enumerate(
        ["engine/n20/rally.cc"] * 60 + ["engine/n20/games/jena.cc"] * 30 + ["engine/jemmapes/combat.cc"] * 10)]
    chosen = selection.stratified(ms, 10, seed=3)
    got = {f: sum(1 for m in chosen if m.file == f) for f in {m.file for m in ms}}
    assert got == {"engine/n20/rally.cc": 6, "engine/n20/games/jena.cc": 3, "engine/jemmapes/combat.cc": 1}
    assert [m.id for m in chosen] == [m.id for m in selection.stratified(ms, 10, seed=3)]


def test_the_report_falls_back_to_the_committed_run(tmp_path):
    """Without a local `make mutate` the report stores the run committed in tests/mutation/."""
    assert report_mutants.default_record(tmp_path) == tmp_path / "tests" / "mutation" / "last-run.json"
    (tmp_path / "build-mutate").mkdir()
    (tmp_path / "build-mutate" / "last-run.json").write_text("{}")
    assert report_mutants.default_record(tmp_path) == tmp_path / "build-mutate" / "last-run.json"


def test_an_old_local_run_does_not_hide_a_newer_committed_one(tmp_path):
    """The report takes the later record: a local run from before the committed one (rechecked
    since) is not the one shown."""
    import json
    (tmp_path / "build-mutate").mkdir()
    (tmp_path / "tests" / "mutation").mkdir(parents=True)
    local, committed = tmp_path / "build-mutate" / "last-run.json", tmp_path / "tests" / "mutation" / "last-run.json"
    local.write_text(json.dumps({"finished": "2026-12-01T20:46:00+00:00", "mutants": []}))
    committed.write_text(json.dumps({"finished": "2026-12-02T03:34:00+00:00",
                                     "mutants": [{"rechecked": "2026-12-02T03:39:49+00:00"}]}))
    assert report_mutants.default_record(tmp_path) == committed
    local.write_text(json.dumps({"finished": "2026-12-02T05:00:00+00:00", "mutants": []}))
    assert report_mutants.default_record(tmp_path) == local


def test_a_sampled_kill_rate_carries_its_95_percent_interval():
    assert report_mutants.rate(18, 27, True) == "67% (95% CI 48–81%)"
    assert report_mutants.rate(3, 3, False) == "100%"
    assert report_mutants.rate(0, 0, True) == "-"


# ---- coverage-based test selection (scripts/mutation/coverage.py) ----

COVERED = '''// Owns: a test file.
constexpr int kLimit = 3;
// RULE std:1.0 — a rule
int f(int x) {
  if (x < kLimit &&
      x > 0)
    return 1;
  return 0;
}
constexpr int g(int x) { return x < 2 ? 1 : 0; }
int h(int x) { return x + 4; }
'''


def _cov_mutant(text, line, label):
    return next(m for m in operators.mutants("engine/n20/x.cc", text) if m.line == line and m.mutation == label)


def test_a_mutant_statement_spans_every_line_of_a_multi_line_condition():
    """gcov gives a condition's second line no count of its own (its code is counted on the `if`
    line), so a mutant is judged by every line of its statement, not by its own line alone."""
    from mutation import coverage
    mask = operators.code_mask(COVERED)
    m = _cov_mutant(COVERED, 6, "`>` -> `>=`")
    assert coverage.statement_lines(COVERED, mask, m.start, m.end) == (5, 7)
    m = _cov_mutant(COVERED, 8, "`0` -> `1`")
    assert coverage.statement_lines(COVERED, mask, m.start, m.end) == (8, 8)


def test_code_the_compiler_may_evaluate_is_never_left_to_the_counters():
    from mutation import coverage
    mask = operators.code_mask(COVERED)
    for line, label, expected in ((2, "`3` -> `4`", True),        # a constexpr constant
                                  (10, "`<` -> `<=`", True),      # inside a constexpr function
                                  (5, "`<` -> `<=`", False),      # an ordinary function after a constant
                                  (11, "`4` -> `5`", False)):
        m = _cov_mutant(COVERED, line, label)
        assert coverage.compile_time(COVERED, mask, m.start, m.end) is expected, (line, label)


def _map(groups, known):
    from mutation import coverage
    return coverage.CoverageMap({"known": known, "groups": {
        g: {"kind": kind, "key": key, "lines": lines} for g, (kind, key, lines) in groups.items()}})


def test_a_mutant_runs_only_the_test_groups_that_execute_its_statement():
    from mutation import coverage
    cmap = _map({"cases:all": ("cases", "c", {"engine/n20/x.cc": [5]}),
                 "examples:Rally": ("examples", "", {"engine/n20/x.cc": [4, 5, 7]}),
                 "python:tests/python/test_a.py": ("python", "p", {"engine/n20/x.cc": [11]})},
                {"engine/n20/x.cc": [4, 5, 7, 8, 11]})
    groups = {"cases:all": "cases", "examples:Rally": "examples", "python:tests/python/test_a.py": "python"}
    keys = {"cases:all": "c", "examples:Rally": "", "python:tests/python/test_a.py": "p"}
    chosen, how = coverage.plan(cmap, _cov_mutant(COVERED, 6, "`>` -> `>=`"), COVERED, groups, keys)
    assert chosen.groups == {"cases:all", "examples:Rally"} and how == "2 of 3 test groups"
    assert chosen.example("Rally.Anything", "examples") and not chosen.python_file("tests/python/test_a.py")
    # A statement every group's line data knows but no group executed: not covered, nothing to run.
    chosen, how = coverage.plan(cmap, _cov_mutant(COVERED, 8, "`0` -> `1`"), COVERED, groups, keys)
    assert how == "not covered" and chosen.empty()
    # A group changed since the map (a new pytest file, a case file added to a suite that reads them) always runs.
    chosen, how = coverage.plan(cmap, _cov_mutant(COVERED, 8, "`0` -> `1`"), COVERED,
                                dict(groups, **{"python:tests/python/test_b.py": "python"}), dict(keys, **{"cases:all": "c2"}))
    assert how.startswith("not covered (ran 2") and chosen.groups == {"cases:all", "python:tests/python/test_b.py"}
    # No line data for the statement, or compile-time code: the whole suite.
    assert coverage.plan(cmap, _cov_mutant(COVERED, 2, "`3` -> `4`"), COVERED, groups, keys)[0] is None
    assert coverage.plan(cmap, _cov_mutant(COVERED, 10, "`<` -> `<=`"), COVERED, groups, keys)[0] is None
    assert coverage.plan(None, _cov_mutant(COVERED, 6, "`>` -> `>=`"), COVERED, groups, keys)[0] is None


def test_group_keys_follow_the_files_a_group_depends_on(tmp_path):
    """A pytest file's key changes with its text or a shared helper; a group that reads the case
    files (a suite defined beside `cases/`, a pytest file naming it) changes with any case file."""
    from mutation import coverage
    (tmp_path / "tests" / "python").mkdir(parents=True)
    (tmp_path / "tests" / "n20").mkdir(parents=True)
    (tmp_path / "properties").mkdir()
    (tmp_path / "cases" / "std").mkdir(parents=True)
    (tmp_path / "tests" / "python" / "conftest.py").write_text("x = 1\n")
    (tmp_path / "tests" / "python" / "test_a.py").write_text("def test_a(): pass\n")
    (tmp_path / "tests" / "python" / "test_b.py").write_text("P = 'cases/std'\n")
    (tmp_path / "tests" / "n20" / "a_test.cc").write_text('TEST(Reads, X) { open("cases/x"); }\n')
    (tmp_path / "tests" / "n20" / "b_test.cc").write_text('TEST(Plain, Y) {}\n')
    (tmp_path / "cases" / "std" / "a.yaml").write_text("a: 1\n")
    groups = {"cases:all": "cases", "examples:Reads": "examples", "examples:Plain": "examples",
              "python:tests/python/test_a.py": "python", "python:tests/python/test_b.py": "python"}
    before = coverage.group_keys(tmp_path, groups)
    assert before["examples:Plain"] == ""
    (tmp_path / "cases" / "std" / "b.yaml").write_text("b: 1\n")
    after = coverage.group_keys(tmp_path, groups)
    assert {g for g in groups if before[g] != after[g]} == {"cases:all", "examples:Reads",
                                                            "python:tests/python/test_b.py"}
    (tmp_path / "tests" / "python" / "conftest.py").write_text("x = 2\n")
    last = coverage.group_keys(tmp_path, groups)
    assert {g for g in groups if after[g] != last[g]} == {"python:tests/python/test_a.py",
                                                          "python:tests/python/test_b.py"}


def test_the_groups_of_a_baseline_are_its_suites_and_python_files():
    from mutation import coverage, stages
    base = stages.Baseline(["cases/a.yaml"], {}, ["Rally.One", "Rally.Two", "Inst/Param.Case/0"], ["Props.P"],
                           ["tests/python/test_a.py::test_x", "tests/python/test_case_schema.py::test_y"], {}, {})
    assert coverage.groups_of(base, {"tests/python/test_case_schema.py"}) == {
        "cases:all": "cases", "examples:Rally": "examples", "examples:Inst/Param": "examples",
        "properties:Props": "properties", "python:tests/python/test_a.py": "python"}


# ---- recheck mode (scripts/mutation/recheck.py) ----

def _record():
    row = {"file": "engine/n20/x.cc", "line": 5, "rule_id": "std:1.0", "mutation": "m", "source": "s",
           "killed_by": "", "detail": "", "seconds": 1, "commit": "old"}
    return {"run": "2026-12-01T00:00:00+00:00", "commit": "old", "seed": 1, "selection": "sample",
            "files": ["engine/n20/x.cc"], "candidates": 9, "complete": True, "seconds": 10, "finished": "x",
            "mutants": [dict(row, id="k1", result="killed", killed_by="case:std/1.0/a"),
                        dict(row, id="s1", result="survived"), dict(row, id="s2", result="survived"),
                        dict(row, id="s3", result="survived"), dict(row, id="s4", result="survived"),
                        dict(row, id="e1", result="equivalent", detail="why")]}


def test_a_recheck_runs_only_the_survivors_that_still_exist():
    from mutation import recheck
    cands = [operators.Mutant(i, "engine/n20/x.cc", 7, 0, 1, "x", "m", "std:1.0", "s") for i in ("k1", "s1", "s2", "s4")]
    todo = recheck.plan(_record(), cands, {"s4": ("engine/n20/x.cc:7", "a reason")})
    assert [(row["id"], action) for row, action, _ in todo] == [("s1", "run"), ("s2", "run"), ("s3", "gone"),
                                                                ("s4", "equivalent")]
    only = recheck.plan(_record(), cands, {}, only={"s2"})   # MUTANT_IDS= narrows a recheck
    assert [(row["id"], action) for row, action, _ in only] == [("s2", "run")]


def test_a_recheck_updates_the_record_with_the_commit_each_mutant_was_judged_on(tmp_path, monkeypatch):
    """The survivors are run again on today's code; each row then names the commit it was judged on
    (the run's first commit kept), a killed or equivalent mutant is never touched, and the record
    lists the recheck."""
    from mutation import recheck
    root = tmp_path
    (root / "engine" / "n20").mkdir(parents=True)
    (root / "engine" / "n20" / "x.cc").write_text("// RULE std:1.0 — a rule\nint f(int a) {\n  return a < 1;\n}\n")
    ms = operators.mutants("engine/n20/x.cc", (root / "engine" / "n20" / "x.cc").read_text())
    rec = _record()
    rec["mutants"][1]["id"], rec["mutants"][2]["id"] = ms[0].id, ms[1].id
    path = tmp_path / "last-run.json"
    path.write_text(json.dumps(rec))
    results = {ms[0].id: ("killed", "case:std/1.0/new"), ms[1].id: ("survived", "")}

    class FakeBench:
        def run(self, m):
            result, by = results[m.id]
            return {"id": m.id, "file": m.file, "line": m.line, "rule_id": m.rule_id, "mutation": m.mutation,
                    "source": m.source, "result": result, "killed_by": by, "detail": "", "seconds": 2.0,
                    "stages": {}, "tests": "1 of 3 test groups"}

        def close(self):
            pass

    monkeypatch.setattr(recheck.Bench, "prepare", staticmethod(lambda *a: FakeBench()))
    monkeypatch.setattr(recheck.selection, "read_equivalents", lambda root: {"s4": ("x", "a reason")})
    rc = recheck.main(root, tmp_path / "out", path, 1, True, lambda msg: None, "new123", lambda: "T", lambda r: [])
    assert rc == 0
    after = {r["id"]: r for r in json.loads(path.read_text())["mutants"]}
    killed = after[ms[0].id]
    assert killed["result"] == "killed" and killed["killed_by"] == "case:std/1.0/new"
    assert killed["commit"] == "new123" and killed["first_commit"] == "old" and killed["line"] == 3
    assert killed["detail"] == "killed when judged again on commit new123"
    assert after[ms[1].id]["result"] == "survived" and after[ms[1].id]["commit"] == "new123"
    assert after[ms[1].id]["detail"] == "still survives on commit new123"
    assert after["s3"]["result"] == "survived" and "no longer in the code" in after["s3"]["detail"]
    assert after["s3"]["commit"] == "old"
    assert after["s4"]["result"] == "equivalent" and after["s4"]["detail"].startswith("a reason")
    assert after["k1"] == dict(_record()["mutants"][0])
    check = json.loads(path.read_text())["rechecks"]
    assert check == [{"at": "T", "commit": "new123", "survivors": 4, "killed": 1, "equivalent": 1, "gone": 1,
                      "still_survived": 1, "build_error": 0, "complete": True, "seconds": check[0]["seconds"]}]
    # The report reads the rechecked record as any other.
    run, rows, problem = report_mutants.load(path)
    assert problem is None and report_mutants.per_case(rows)["std:1.0"] == {
        "tried": 4, "caught": 2, "survived": 2, "equivalent": 2, "snapshot": 0}


def test_a_sample_can_weigh_the_standard_rules_up():
    """STD_WEIGHT=2: each std file counts its candidates twice when the sample is shared out."""
    ms = [operators.Mutant(f"{k:010x}", f, 1, k, k + 1, "x", "m", "", "") for k, f in enumerate(
        ["engine/n20/rally.cc"] * 40 + ["engine/n20/games/jena.cc"] * 40 + ["engine/jemmapes/combat.cc"] * 20)]
    chosen = selection.stratified(ms, 10, seed=3, std_weight=2.0)
    got = {f: sum(1 for m in chosen if m.file == f) for f in {m.file for m in ms}}
    assert got == {"engine/n20/rally.cc": 6, "engine/n20/games/jena.cc": 3, "engine/jemmapes/combat.cc": 1}


def test_the_figures_count_the_survivors_no_test_executes():
    """A survivor the coverage map found no test executing is a survivor (it keeps its case from
    "example-tested") and is also counted apart as not covered, per rule area."""
    rows = [{"file": "engine/n20/zoc.cc", "result": "survived", "detail": "not covered: no test executes this statement"},
            {"file": "engine/n20/zoc.cc", "result": "survived", "detail": ""},
            {"file": "engine/n20/zoc.cc", "result": "killed", "detail": ""}]
    areas = dict(report_mutants.by_area(rows))
    assert areas["std: zoc (engine/n20)"]["survived"] == 2 and areas["std: zoc (engine/n20)"]["not-covered"] == 1
    assert areas["all"]["not-covered"] == 1
    assert verdict("implement", True, [("case file", "passed")], True, survivors=2) == "mutant-survived"


def test_a_mutant_only_the_answer_snapshots_catch_is_counted_apart():
    """A mutant caught only by the answer snapshots (killed_by `snapshot:`) counts as caught, but
    per case, in the run's statement and in the tool's summary it is said apart, with the rate the
    tests that judge rules reach alone."""
    import mutate
    rows = [{"id": "a", "file": "engine/n20/zoc.cc", "rule_id": "std:7.0", "result": "killed",
             "killed_by": "snapshot:case std/7.0/x", "detail": ""},
            {"id": "b", "file": "engine/n20/zoc.cc", "rule_id": "std:7.0", "result": "killed",
             "killed_by": "case:std/7.0/y", "detail": ""},
            {"id": "c", "file": "engine/n20/zoc.cc", "rule_id": "std:7.0", "result": "survived",
             "killed_by": "", "detail": ""}]
    assert report_mutants.per_case(rows)["std:7.0"]["snapshot"] == 1
    run = {"run": "r", "commit_id": "abc", "seconds": 60, "complete": True, "files": "engine/n20/zoc.cc",
           "selection": "ids", "candidates": 3}
    assert "2 were caught (1 of them only by the answer snapshots" in report_mutants.statement(run, "abc", rows)
    share = mutate.snapshot_share(rows, sample=False)
    assert share == ["caught only by the answer snapshots: 1 of the caught; by the tests that judge rules alone: 33%"]
    assert mutate.snapshot_share(rows[1:], sample=False) == []


def test_a_snapshot_test_files_key_follows_the_snapshots(tmp_path):
    """A pytest file that imports scripts/snapshot.py is keyed by the script and the snapshots too,
    so `make snapshots` makes the coverage map's record of it stale."""
    from mutation import coverage
    (tmp_path / "tests" / "python").mkdir(parents=True)
    (tmp_path / "tests" / "snapshots").mkdir(parents=True)
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "snapshot.py").write_text("x = 1\n")
    (tmp_path / "tests" / "python" / "test_s.py").write_text("import snapshot\ndef test_s(): pass\n")
    (tmp_path / "tests" / "python" / "test_t.py").write_text("def test_t(): pass\n")
    (tmp_path / "tests" / "snapshots" / "games.jsonl").write_text('{"game": "a"}\n')
    groups = {"python:tests/python/test_s.py": "python", "python:tests/python/test_t.py": "python"}
    before = coverage.group_keys(tmp_path, groups)
    (tmp_path / "tests" / "snapshots" / "games.jsonl").write_text('{"game": "b"}\n')
    after = coverage.group_keys(tmp_path, groups)
    assert {g for g in groups if before[g] != after[g]} == {"python:tests/python/test_s.py"}


def test_the_uncovered_measure_counts_per_area_and_lists_the_places():
    """`--uncovered` counts, per rule area and in all, the candidates no test executes (equivalents
    left out) and lists their places by file and rule case."""
    from types import SimpleNamespace as M
    from mutation import uncovered
    a = M(id="a", file="engine/n20/zoc.cc", line=3, rule_id="std:7.0")
    b = M(id="b", file="engine/n20/zoc.cc", line=9, rule_id="std:7.0")
    c = M(id="c", file="engine/n20/zoc.cc", line=12, rule_id="std:7.1")
    d = M(id="d", file="engine/jemmapes/combat.cc", line=5, rule_id="jemmapes:6.2")
    rows = [(a, "executed"), (b, "not covered"), (c, "not covered"), (d, "no line data")]
    lines = uncovered.report(rows, report_mutants.area, equivalents={"c": ("x", "why")})
    zoc = next(line for line in lines if line.startswith("std: zoc"))
    assert zoc.split()[-5:] == ["2", "1", "1", "0", "50.0%"]
    every = next(line for line in lines if line.startswith("all "))
    assert every.split()[-5:] == ["3", "1", "1", "1", "33.3%"]
    assert "  engine/n20/zoc.cc  std:7.0: 9" in lines and not any("std:7.1" in line for line in lines)


def test_the_page_lists_a_survivors_note():
    """The report's survivor table carries each survivor's note: not covered by any test, or the
    commit a recheck judged it on."""
    import render
    row = {"id": "abc", "file": "engine/n20/zoc.cc", "line": 3, "rule_id": "std:7.0", "mutation": "m",
           "source": "s", "result": "survived", "killed_by": "", "detail": "not covered: no test executes this statement"}
    html = render._mutation_tables({"mutation_run": {"selection": "sample"}, "mutants": [row]})
    assert "not covered: no test executes this statement" in html and "Survivors (1)" in html
