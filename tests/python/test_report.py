"""Owns: tests of the coverage report's own logic — the verdict rules, RULE tag scanning,
and the run diff on a small database built here (the full report runs in `make report`)."""
import pathlib
import sqlite3
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "report"))

import sources  # noqa: E402
import verdicts  # noqa: E402
from verdicts import verdict  # noqa: E402


def test_tested_needs_a_passing_test_and_a_run_time_citation():
    assert verdict("implement", True, [("example", "passed")], True) == "example-tested"
    assert verdict("implement", True, [("example", "passed")], False) == "implemented-untested"
    assert verdict("implement", True, [("property", "passed")], True) == "property-tested"
    assert verdict("implement", True, [("case file", "passed"), ("property", "passed")], True) == "example+property"
    assert verdict("implement", True, [("python", "passed")], True) == "example-tested"


def test_skipped_and_disabled_tests_never_count():
    assert verdict("implement", True, [("example", "skipped")], True) == "implemented-untested"
    assert verdict("implement", True, [("property", "disabled")], True) == "implemented-untested"


def test_a_failing_test_wins_over_everything():
    assert verdict("implement", True, [("example", "passed"), ("property", "failed")], True) == "failing"
    assert verdict("not-engine-matter", False, [("example", "failed")], False) == "failing"


def test_status_and_implementation():
    assert verdict("not-engine-matter", False, [], False) == "not-engine-matter"
    assert verdict("source-missing", False, [], False) == "source-missing"
    assert verdict("implement", False, [], False) == "unimplemented"
    # Only partial tags: tests of the part cannot lift the case.
    assert verdict("implement", False, [("example", "passed")], True) == "unimplemented"
    assert set(verdicts.VERDICTS) == {"unimplemented", "implemented-untested", "example-tested", "property-tested",
                                      "example+property", "mutant-survived", "failing", "not-engine-matter",
                                      "source-missing"}


def test_rule_tags_name_the_function_and_partial_marks(tmp_path):
    src = tmp_path / "engine" / "n20"
    src.mkdir(parents=True)
    (src / "x.cc").write_text(
        "// RULE std:7.0 — documented above the function\n"
        "bool exerts(const Unit& u) {\n"
        "  // RULE std:7.6 (part: night) — inside the body\n"
        "  return true;\n"
        "}\n")
    tags = sources.rule_tags(tmp_path)
    assert [(t[0], t[2], t[3], t[5]) for t in tags] == [("std:7.0", 1, "exerts", False), ("std:7.6", 3, "exerts", True)]


def test_source_missing_is_an_annotation_not_a_refusal(tmp_path):
    src = tmp_path / "engine" / "jemmapes"
    src.mkdir(parents=True)
    (src / "x.cc").write_text(
        "// RULE jemmapes:6.2 — the assault\n"
        "// SOURCE-MISSING jemmapes:table.assault — row 9 is cut\n"
        "int assault() {\n"
        "  // REFUSES jemmapes:6.1.1 — heights\n"
        "  return 0;\n"
        "}\n")
    tags = sources.rule_tags(tmp_path)
    assert [(t[0], t[3], t[4].split(":")[0], t[5]) for t in tags] == [
        ("jemmapes:6.2", "assault", "the assault", False),
        ("jemmapes:table.assault", "assault", "source-missing", False),
        ("jemmapes:6.1.1", "assault", "refuses", True)]
    assert sources.implemented_ids(tags) == {"jemmapes:6.2"}
    alone = [t for t in tags if t[0] != "jemmapes:6.2"]
    assert "jemmapes:table.assault" not in sources.implemented_ids(alone)


def test_project_tags_are_all_catalogued():
    """Every RULE tag in engine/ names a catalogued case (orphans are defects)."""
    import hexlaw
    for case_id, file, line, *_ in sources.rule_tags(ROOT):
        hexlaw.rule(case_id)


def _db(path, runs):
    db = sqlite3.connect(path)
    db.executescript((ROOT / "report" / "schema.sql").read_text())
    for run_id, verdict_rows, outcome_rows in runs:
        db.execute("INSERT INTO run VALUES (?, 'c', 't', 't', 0, 0, 0, 0, 0, 'h', 1, 'cases')", (run_id,))
        db.executemany("INSERT INTO verdict_history VALUES (?, ?, ?)", [(run_id, *v) for v in verdict_rows])
        db.executemany("INSERT INTO case_outcome VALUES (?, ?, ?, ?, ?)", [(run_id, *o) for o in outcome_rows])
    db.commit()
    db.close()


def test_diff_lists_changed_verdicts_and_outcomes(tmp_path):
    path = tmp_path / "coverage.db"
    _db(path, [(1, [("std:7.0", "unimplemented"), ("std:7.6", "example-tested")],
                [("std/7.6/a", "passed", '{"x": 1}', "std:7.6")]),
               (2, [("std:7.0", "example-tested"), ("std:7.6", "example-tested")],
                [("std/7.6/a", "passed", '{"x": 2}', "std:7.6")])])
    r = subprocess.run([sys.executable, str(ROOT / "report" / "diff.py"), "1", "--db", str(path)],
                       capture_output=True, text=True)
    assert r.returncode == 1
    assert "verdict  std:7.0: unimplemented -> example-tested" in r.stdout
    assert 'case     std/7.6/a: outcome {"x": 1} -> {"x": 2}' in r.stdout
    assert "std:7.6:" not in r.stdout
    same = subprocess.run([sys.executable, str(ROOT / "report" / "diff.py"), "2", "--against", "2", "--db", str(path)],
                          capture_output=True, text=True)
    assert same.returncode == 0 and "0 change(s)" in same.stdout
    bad = subprocess.run([sys.executable, str(ROOT / "report" / "diff.py"), "7", "--db", str(path)],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "no such run 7" in bad.stderr


def test_a_crashing_suite_still_yields_an_honest_report(tmp_path, cli):
    """A suite that crashes is reported as such: the database and pages are written, the run
    says not every suite completed, and the crash is listed as a defect."""
    import os
    real_build = pathlib.Path(cli).resolve().parent
    fake = tmp_path / "build"
    fake.mkdir()
    for name in ("python", "hexlaw", "hexlaw_tests"):
        (fake / name).symlink_to(real_build / name)
    crasher = fake / "hexlaw_properties"
    crasher.write_text("#!/bin/sh\nkill -SEGV $$\n")
    crasher.chmod(0o755)
    out = tmp_path / "out"
    env = dict(os.environ)
    r = subprocess.run([sys.executable, str(ROOT / "report" / "collect.py"), "--build", str(fake), "--out", str(out),
                        "--suites", "example,property", "--skip-render-check"],
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 1, r.stderr
    assert "SUITE PROBLEM: property" in r.stdout
    db = sqlite3.connect(out / "coverage.db")
    suites_ok, suites = db.execute("SELECT suites_ok, suites FROM run").fetchone()
    assert (suites_ok, suites) == (0, "example property")
    kinds = {k for (k,) in db.execute("SELECT kind FROM defect")}
    assert "crashed-suite" in kinds
    assert db.execute("SELECT COUNT(*) FROM test WHERE kind = 'example' AND result = 'passed'").fetchone()[0] > 10
    assert "NOT ALL COMPLETED" in (out / "coverage.md").read_text()
    assert not (out / "coverage.db.tmp").exists()


def _terminate_and_check_children(proc, pids, started, stopped):
    """Waits until `started` (a fake child that writes its pid and its own child's to `pids`) runs
    under `proc`, sends `proc` SIGTERM, and checks that both pids are gone (or zombies) once `proc`
    has exited: nothing outlives `stopped`."""
    import os
    import signal
    import time
    for _ in range(600):  # waits for the child to start (a guard against a hang, not a timing)
        if pids.exists() or proc.poll() is not None:
            break
        time.sleep(0.1)
    assert pids.exists(), f"{started} never started"
    child, grandchild = (int(x) for x in pids.read_text().split())
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) != 0
    for pid in (child, grandchild):
        for _ in range(100):
            try:  # gone, or a zombie waiting for its parent to reap it
                if pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                    break
            except FileNotFoundError:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)
            raise AssertionError(f"process {pid} outlived {stopped}")


def test_killing_the_collector_stops_its_children(tmp_path, cli):
    """SIGTERM to the collector stops the suite it is running and that suite's own children
    (issue 16), and leaves no half-written page: coverage.html is whole or absent."""
    real_build = pathlib.Path(cli).resolve().parent
    fake = tmp_path / "build"
    fake.mkdir()
    (fake / "python").symlink_to(real_build / "python")
    pids = tmp_path / "pids"
    slow = fake / "hexlaw_tests"
    slow.write_text(f"#!/bin/sh\nsleep 600 &\necho $$ $! > {pids}.tmp\nmv {pids}.tmp {pids}\nwait\n")
    slow.chmod(0o755)
    out = tmp_path / "out"
    collector = subprocess.Popen([sys.executable, str(ROOT / "report" / "collect.py"), "--build", str(fake),
                                  "--out", str(out), "--suites", "example", "--skip-render-check"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _terminate_and_check_children(collector, pids, "the fake suite", "the collector")
    assert not (out / "coverage.html").exists() or "</html>" in (out / "coverage.html").read_text()
    assert not list(out.glob("*.tmp"))


def test_a_stop_signal_while_a_child_starts_still_stops_the_child(monkeypatch):
    """A SIGTERM that comes while the collector starts a child (after the child runs, before the
    collector has recorded it) still kills that child: found under load, where the child was
    left running."""
    import os
    import signal
    import subprocess
    import pytest
    import children
    real_popen = subprocess.Popen
    started = []

    def popen_then_signal(*args, **kwargs):
        proc = real_popen(*args, **kwargs)
        started.append(proc)
        os.kill(os.getpid(), signal.SIGTERM)  # its handler runs before this returns
        return proc

    monkeypatch.setattr(children.subprocess, "Popen", popen_then_signal)
    saved = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        children.stop_children_on_signals()
        with pytest.raises(SystemExit):
            children.run(["sleep", "600"])
    finally:
        for s, h in saved.items():
            signal.signal(s, h)
    assert started[0].wait(timeout=30) == -signal.SIGKILL
    assert not children._live and not children._pending


def test_pages_are_written_atomically(tmp_path):
    import children
    page = tmp_path / "coverage.html"
    page.write_text("old")
    children.write_atomic(page, "<html>new</html>")
    assert page.read_text() == "<html>new</html>"
    assert [p.name for p in tmp_path.iterdir()] == ["coverage.html"]


def test_killing_the_collector_while_it_draws_the_cookbook_stops_the_cli(tmp_path):
    """The cookbook step runs the CLI through report/children.py too (issue 16): SIGTERM while
    `hexlaw ask --svg` draws stops the CLI and anything it started, not the CLI alone."""
    pids = tmp_path / "pids"
    fake_cli = tmp_path / "hexlaw"
    fake_cli.write_text(f"#!/bin/sh\nsleep 600 &\necho $$ $! > {pids}.tmp\nmv {pids}.tmp {pids}\nwait\n")
    fake_cli.chmod(0o755)
    script = ("import sys; sys.path.insert(0, sys.argv[1]); import children, cookbook; "
              "children.stop_children_on_signals(); cookbook.draw_cases(sys.argv[2], sys.argv[3])")
    drawer = subprocess.Popen([sys.executable, "-c", script, str(ROOT / "report"), str(fake_cli), str(tmp_path)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _terminate_and_check_children(drawer, pids, "the fake CLI", "the cookbook step")
