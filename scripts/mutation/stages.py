"""Owns: running the suite against the mutation build — once whole (the baseline: it must pass,
and it tells which tests cite which rule case and how long each part takes), then per mutant in
stages that stop at the first failing test: case files, GoogleTest examples, RapidCheck
properties, pytest, and last the answer snapshots (tests/snapshots, scripts/snapshot.py). Within
a stage the tests citing the mutant's rule case run first. Each stage builds only the program it
needs, so a mutant the case files kill never waits for a link of the test programs. The
snapshots come last so that `killed_by` names a test that judges a rule whenever one catches the
mutant; a mutant only a snapshot catches is named `snapshot:…`, and the run counts those apart."""
import dataclasses
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

from . import coverage, shadow as shadow_mod

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
import snapshot  # noqa: E402  (scripts/snapshot.py: the answer snapshots' reader and comparison)

RC_SEED = "20261201"  # RapidCheck's seed: the same property inputs on every run
# The tests of the mutation tool read the (then mutated) sources, not the engine's behaviour.
PYTEST_SKIP = "--ignore=tests/python/test_mutation.py"
# Python tests that never run the engine: they read only files a mutant does not change (case
# files against docs/case.schema.json, CMakeLists.txt and the include lines), so they pass or fail
# alike on every mutant. The baseline runs them; a mutant's run leaves them out (test_case_schema
# is 56 of pytest's 143 s). `engine_blind` checks each still has no way to reach the engine.
ENGINE_BLIND = ("tests/python/test_case_schema.py", "tests/python/test_layers.py")
# The pytest files that hold the answer snapshots: a mutant's pytest stage leaves them out, and the
# snapshot stage checks the same snapshots directly (the case answers from the case stage's own
# output, the games by scripts/snapshot.py), so a catch there is named as the snapshot's.
SNAPSHOT_CASES = "tests/python/test_snapshot_cases.py"
SNAPSHOT_GAMES = "tests/python/test_snapshot_games.py"
SNAPSHOT_TESTS = (SNAPSHOT_CASES, SNAPSHOT_GAMES)
ENGINE_REACH = re.compile(r"\bimport hexlaw\b|\bfrom hexlaw\b|subprocess|HEXLAW_CLI|\bdef test_\w*\([^)]*\bcli\b|"
                          r"\b(?:std|jena|dresden|leipzig|jemmapes):\d")


def engine_blind(shadow):
    """The ENGINE_BLIND files that still cannot reach the engine: no import of the module, no
    subprocess, no `cli` fixture, no rule id (a docstring citing one makes conftest import it)."""
    return [f for f in ENGINE_BLIND if (shadow / f).is_file()
            and not ENGINE_REACH.search((shadow / f).read_text(encoding="utf-8"))]


@dataclasses.dataclass
class Baseline:
    cases: list            # case file paths relative to the source root, sorted
    case_rules: dict       # case file -> [rule ids]
    examples: list         # GoogleTest names Suite.Name
    properties: list
    python: list           # pytest node ids
    rules: dict            # (kind, name) -> [rule ids]
    seconds: dict          # stage -> seconds the whole stage took

    def to_json(self):
        d = dataclasses.asdict(self)
        d["rules"] = [[k[0], k[1], v] for k, v in self.rules.items()]
        return d

    @staticmethod
    def from_json(d):
        d = dict(d)
        d["rules"] = {(k, n): v for k, n, v in d["rules"]}
        return Baseline(**d)


def env_for(shadow):
    env = dict(os.environ)
    build = shadow / "build"
    env["PYTHONPATH"] = str(build / "python")
    env["HEXLAW_CLI"] = str(build / "hexlaw")
    env["HEXLAW_SOURCE_DIR"] = str(shadow)
    env["RC_PARAMS"] = f"seed={RC_SEED}"
    env.pop("HEXLAW_TRACE_DIR", None)
    return env


def _run(cmd, env, timeout, cwd=None):
    """(returncode or 'timeout', combined output)."""
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as out:
        try:
            rc = subprocess.run(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, timeout=timeout,
                                cwd=cwd).returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
        out.seek(0)
        return rc, out.read()


def _gtest_names(binary, env):
    rc, out = _run([str(binary), "--gtest_list_tests"], env, 120)
    names, suite = [], ""
    for line in out.splitlines():
        if not line.strip() or line.startswith("Running main"):
            continue
        if not line.startswith(" "):
            suite = line.split("#")[0].strip()
        else:
            names.append(suite + line.split("#")[0].strip())
    return names


def _junit(path):
    """[(classname, name, file, rules, failed)] from a JUnit XML file."""
    out = []
    for case in ET.parse(path).getroot().iter("testcase"):
        rules = []
        for prop in case.iter("property"):
            if prop.get("name") == "rules":
                rules = prop.get("value", "").split()
        failed = case.find("failure") is not None or case.find("error") is not None
        out.append((case.get("classname") or "", case.get("name"), case.get("file") or "", rules, failed))
    return out


def _pytest_node(classname, name, file):
    """A pytest node id from a JUnit (xunit1) test case, for a suite rooted at tests/python."""
    module = pathlib.Path(file).stem if file else classname.split(".")[0]
    parts = classname.split(".")
    classes = parts[parts.index(module) + 1:] if module in parts else []
    return "::".join([f"tests/python/{module}.py", *classes, name])


def _baseline_cases(shadow, env):
    """Every case file on the unmutated copy: (cases, {case: rules}, seconds, problem or None)."""
    build = shadow / "build"
    cases = sorted(str(p.relative_to(shadow)) for p in (shadow / "cases").rglob("*.yaml"))
    t = time.monotonic()
    rc, out = _run([str(build / "hexlaw"), "ask", "--check", "--jsonl", "--cases-root", str(shadow / "cases"),
                    *[str(shadow / c) for c in cases]], env, 1800)
    seconds = time.monotonic() - t
    case_rules, answers = {}, {}
    for line in out.splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            rel = str(pathlib.Path(d["file"]).resolve().relative_to(shadow.resolve()))
            case_rules[rel] = d.get("rules", [])
            kept = snapshot.canonical_answer(line, shadow)
            if kept:
                answers[kept[0]] = kept[1]
            if not d.get("check", {}).get("ok", False) and "error" not in d:
                return cases, case_rules, seconds, f"baseline: case file {rel} fails on the unmutated engine"
    if rc != 0:
        return cases, case_rules, seconds, f"baseline: the case files do not all pass on the unmutated engine (exit {rc})"
    differ = snapshot.compare(snapshot.read_snapshot(shadow / snapshot.CASES.relative_to(snapshot.ROOT)), answers, "case")
    if differ:
        return cases, case_rules, seconds, (f"baseline: {len(differ)} case answers differ from tests/snapshots on the "
                                            f"unmutated engine (first: {differ[0][:200]}); take them with `make snapshots`")
    return cases, case_rules, seconds, None


def _snapshot_games(shadow, env, timeout):
    """scripts/snapshot.py's games check on the copy: (rc, first difference or '')."""
    rc, out = _run(["/usr/bin/python3", str(shadow / "scripts" / "snapshot.py"), "--check", "--only", "games",
                    "--cli", str(shadow / "build" / "hexlaw")], env, timeout, cwd=shadow)
    first = next((l for l in out.splitlines() if l.startswith("game ")), "")
    return rc, first


def rebaseline_cases(shadow, base, groups, log, progress):
    """After a change to case files and Python tests only: every case file again on the unmutated
    copy, and the test groups whose key changed (`groups`: new or changed pytest files, and the
    suites and pytest files that read the case files), so a new test that fails, or a test over
    all case files that a new one breaks, is found here and never counted as a kill. Updates
    `base`; returns a problem or None."""
    env = env_for(shadow)
    build = shadow / "build"
    progress("baseline: case files changed; the case files again, and the tests that read them")
    cases, case_rules, seconds, problem = _baseline_cases(shadow, env)
    if problem:
        return problem
    base.cases, base.case_rules, base.seconds["cases"] = cases, case_rules, seconds
    t = time.monotonic()
    rc, first = _snapshot_games(shadow, env, 3600)
    base.seconds["snapshot"] = time.monotonic() - t
    if rc != 0:
        return f"baseline: the games differ from tests/snapshots on the unmutated engine ({first or rc}); `make snapshots`"
    for group in sorted(groups):
        kind, name = group.split(":", 1)
        if kind == "cases":
            continue
        if kind == "python":
            # A new or changed pytest file: its tests replace the file's old ones in the baseline.
            base.python = [n for n in base.python if n.split("::", 1)[0] != name]
            for key in [k for k in base.rules if k[0] == "python" and k[1].split("::", 1)[0] == name]:
                del base.rules[key]
            if not (shadow / name).is_file():
                continue
            xml = build / "mutate-python-group.xml"
            cmd = ["/usr/bin/python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "junit_family=xunit1",
                   f"--junitxml={xml}", name]
            rc, out = _run(cmd, env, 3600, cwd=shadow)
            log.write(out)
            if rc != 0:
                return f"baseline: {group} fails on the unmutated engine (exit {rc})"
            for classname, test, file, cited, _ in _junit(xml):
                node = _pytest_node(classname, test, file)
                base.python.append(node)
                base.rules[("python", node)] = cited
            continue
        else:
            cmd = [str(build / ("hexlaw_tests" if kind == "examples" else "hexlaw_properties")),
                   f"--gtest_filter={name}.*"]
        rc, out = _run(cmd, env, 3600, cwd=shadow)
        log.write(out)
        if rc != 0:
            return f"baseline: {group} fails on the unmutated engine after the case files changed (exit {rc})"
    return None


def baseline(shadow, jobs, log, progress):
    """Runs the whole suite once on the unmutated copy. Returns (Baseline, problem or None)."""
    env = env_for(shadow)
    build = shadow / "build"
    rules, seconds = {}, {}
    progress("baseline: case files")
    cases, case_rules, seconds["cases"], problem = _baseline_cases(shadow, env)
    if problem:
        return None, problem
    names = {}
    for kind, binary in (("examples", "hexlaw_tests"), ("properties", "hexlaw_properties")):
        progress(f"baseline: {kind} ({binary})")
        xml = build / f"mutate-{kind}.xml"
        t = time.monotonic()
        rc, out = _run([str(build / binary), f"--gtest_output=xml:{xml}"], env, 3600)
        seconds[kind] = time.monotonic() - t
        log.write(out)
        if rc != 0:
            return None, f"baseline: {binary} fails on the unmutated engine (exit {rc}); see build-mutate/mutate.log"
        names[kind] = []
        for classname, name, _, cited, _ in _junit(xml):
            full = f"{classname}.{name}"
            names[kind].append(full)
            rules[(kind, full)] = cited
    progress("baseline: python (pytest)")
    xml = build / "mutate-python.xml"
    t = time.monotonic()
    rc, out = _run(["/usr/bin/python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "junit_family=xunit1",
                    f"--junitxml={xml}", "tests/python", PYTEST_SKIP], env, 3600, cwd=shadow)
    seconds["python"] = time.monotonic() - t
    log.write(out)
    if rc != 0:
        return None, f"baseline: pytest fails on the unmutated engine (exit {rc}); see build-mutate/mutate.log"
    python = []
    for classname, name, file, cited, _ in _junit(xml):
        node = _pytest_node(classname, name, file)
        python.append(node)
        rules[("python", node)] = cited
    progress("baseline: answer snapshots (games)")
    t = time.monotonic()
    rc, first = _snapshot_games(shadow, env, 3600)
    seconds["snapshot"] = time.monotonic() - t
    if rc != 0:
        return None, f"baseline: the games differ from tests/snapshots on the unmutated engine ({first or rc}); `make snapshots`"
    return Baseline(cases, case_rules, names["examples"], names["properties"], python, rules, seconds), None


def _related(rule_id, cited):
    """0 when a test cites the mutant's case, 1 when it cites a case of the same section
    (std:9.8.2 and std:9.8.5), 2 otherwise: the order tests run in."""
    if not rule_id:
        return 2
    if rule_id in cited:
        return 0
    section = rule_id.rsplit(".", 1)[0] if rule_id.count(".") >= 2 else rule_id
    return 1 if any(c == section or c.startswith(section + ".") for c in cited) else 2


def _ordered(names, rule_of, rule_id):
    return sorted(names, key=lambda n: _related(rule_id, rule_of(n)))


def _timeout(base, seconds):
    return max(60.0, 5 * seconds.get(base, 30.0) + 30)


def run_mutant(shadow, base, rule_id, jobs, log, timings=None, selection=None):
    """Runs the suite in stages against the already-written mutant. Returns (result, killed_by):
    result is killed, survived, timeout or build-error. `timings`, when given, receives the
    seconds each step took (build, cases, examples, properties, python): where a mutant's cost goes.
    `selection` (coverage.Selection), when given, keeps only the GoogleTest, RapidCheck and pytest
    groups that execute the mutated statement (every case file always runs); without it the
    whole suite runs. A mutant survives only when every selected test ran and passed."""
    env = env_for(shadow)
    build = shadow / "build"
    benv = shadow_mod.build_env()
    benv["CCACHE_READONLY"] = "1"  # a mutant's object is never worth keeping in the cache
    timings = {} if timings is None else timings

    def clock(step, t):
        timings[step] = round(timings.get(step, 0.0) + time.monotonic() - t, 1)

    def make(target):
        cmd = ["cmake", "--build", str(build), "-j", str(jobs), "--target", target]
        t = time.monotonic()
        try:
            r = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=benv, timeout=1800)
            return r.returncode == 0
        except subprocess.TimeoutExpired:
            return False
        finally:
            clock("build", t)

    # Stage 1. Case files: those citing the mutant's case (or its section) in one run, then the
    # rest, so a mutant its own cases catch never waits for the other several hundred.
    if not make("hexlaw"):
        return "build-error", ""
    ordered = _ordered(base.cases, lambda c: base.case_rules.get(c, []), rule_id)
    first = [c for c in ordered if _related(rule_id, base.case_rules.get(c, [])) < 2]
    batches = ([first] if first else []) + [ordered[len(first):]]
    answers = {}  # every case's canonical answer, for the snapshot stage
    for batch in batches:
        if not batch:
            continue
        t = time.monotonic()
        rc, out = _run([str(build / "hexlaw"), "ask", "--check", "--jsonl", "--cases-root", str(shadow / "cases"),
                        *[str(shadow / c) for c in batch]], env, _timeout("cases", base.seconds))
        clock("cases", t)
        if rc == "timeout":
            return "timeout", "case files (timed out)"
        answered = {}
        for line in out.splitlines():
            if line.startswith("{"):
                try:
                    d = json.loads(line)
                except json.JSONDecodeError:
                    continue
                rel = str(pathlib.Path(d["file"]).resolve().relative_to(shadow.resolve()))
                answered[rel] = bool(d.get("check", {}).get("ok", False))
                kept = snapshot.canonical_answer(line, shadow)
                if kept:
                    answers[kept[0]] = kept[1]
        for c in batch:
            if not answered.get(c, False):
                name = "case:" + str(pathlib.Path(c).relative_to("cases").with_suffix(""))
                return "killed", name + ("" if c in answered else " (crashed)")
    # Stages 2 and 3. GoogleTest examples, then RapidCheck properties: the cited ones first.
    for kind, binary, prefix in (("examples", "hexlaw_tests", "example:"), ("properties", "hexlaw_properties",
                                                                          "property:")):
        if not make(binary):
            return "build-error", ""
        names = getattr(base, kind)
        if selection is not None:
            names = [n for n in names if selection.example(n, kind)]
            if not names:
                continue
        first = [n for n in names if _related(rule_id, base.rules.get((kind, n), [])) < 2]
        rest = [n for n in names if n not in set(first)]
        if selection is None:
            filters = ([":".join(first)] if first else []) + (["-" + ":".join(first)] if first else ["*"])
        else:  # the chosen suites whole (Suite.*), the cited tests first
            suites = sorted({coverage.suite_of(n) + ".*" for n in rest})
            filters = ([":".join(first)] if first else []) + \
                ([":".join(suites) + ("-" + ":".join(first) if first else "")] if suites else [])
        for filt in filters:
            t = time.monotonic()
            rc, out = _run([str(build / binary), f"--gtest_filter={filt}", "--gtest_fail_fast"], env,
                           _timeout(kind, base.seconds))
            clock(kind, t)
            if rc == "timeout":
                return "timeout", f"{prefix}{_last_run(out)} (timed out)"
            if rc != 0:
                failed = re.findall(r"^\[  FAILED  \] (\S+)", out, re.M)
                return "killed", prefix + (failed[0] if failed else f"{_last_run(out)} (crashed)")
    # Stage 4. pytest, stopping at the first failure (the snapshot files wait for stage 5).
    if not make("hexlaw_py"):
        return "build-error", ""
    python = [n for n in base.python if n.split("::", 1)[0] not in SNAPSHOT_TESTS]
    if selection is not None:
        python = [n for n in python if selection.python_file(n.split("::", 1)[0])]
    first = [n for n in python if _related(rule_id, base.rules.get(("python", n), [])) < 2]
    runs = [first] if first else []
    if selection is None:
        runs.append(["tests/python", PYTEST_SKIP, *[f"--ignore={f}" for f in (*engine_blind(shadow), *SNAPSHOT_TESTS)],
                     *[f"--deselect={n}" for n in first]])
    else:
        firsts = set(first)
        files = sorted({n.split("::", 1)[0] for n in python if n not in firsts})
        if files:  # (a run of files whose every test was deselected would exit 5: nothing ran)
            runs.append([*files, *[f"--deselect={n}" for n in first if n.split("::", 1)[0] in files]])
    for args in runs:
        t = time.monotonic()
        rc, out = _run(["/usr/bin/python3", "-m", "pytest", "-x", "-q", "-rfE", "-p", "no:cacheprovider", *args], env,
                       _timeout("python", base.seconds), cwd=shadow)
        clock("python", t)
        if rc == "timeout":
            return "timeout", "python (timed out)"
        if rc != 0:
            failed = re.findall(r"^(?:FAILED|ERROR) (\S+)", out, re.M)
            return "killed", "python:" + (failed[0] if failed else f"(exit {rc})")
    # Stage 5. The answer snapshots: no test that judges a rule caught the mutant; does any answer
    # the engine gives differ from the recorded one? First the case answers the case stage already
    # printed (no new run), then the snapshot games when the map says they execute the statement.
    differ = snapshot.compare(snapshot.read_snapshot(shadow / snapshot.CASES.relative_to(snapshot.ROOT)), answers,
                              "case")
    if differ:
        return "killed", "snapshot:" + differ[0].split(":", 1)[0]
    if selection is None or selection.python_file(SNAPSHOT_GAMES):
        t = time.monotonic()
        rc, first_game = _snapshot_games(shadow, env, _timeout("snapshot", base.seconds))
        clock("snapshot", t)
        if rc == "timeout":
            return "timeout", "snapshot: games (timed out)"
        if rc != 0:
            return "killed", "snapshot:" + (first_game.split(":", 1)[0] if first_game else f"games (exit {rc})")
    return "survived", ""


def _last_run(out):
    runs = re.findall(r"^\[ RUN      \] (\S+)", out, re.M)
    return runs[-1] if runs else "?"


def write_log(log, text):
    log.write(text)
    log.flush()
    sys.stdout.flush()
