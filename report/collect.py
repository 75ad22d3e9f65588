#!/usr/bin/python3
"""Owns: `make report` — runs the whole suite (GoogleTest examples, RapidCheck properties,
every case file, pytest) with dynamic citation capture, joins the results with the catalog
and the engine's RULE tags into report/out/coverage.db, and writes coverage.html and
coverage.md. The database is written to a temporary copy and renamed into place, so an
interrupted run never leaves it corrupt; earlier runs are kept.

The last mutation run (`make mutate`, build-mutate/last-run.json) is stored with it: a case
whose code kept a surviving mutant is not reported tested.

Usage: report/collect.py [--build DIR] [--out DIR] [--mutation FILE] [--skip-render-check]"""
import argparse
import datetime
import hashlib
import json
import os
import pathlib
import shutil
import sqlite3
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
SCHEMA_VERSION = 2  # PRAGMA user_version in schema.sql
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import children  # noqa: E402
import mutants  # noqa: E402
import render  # noqa: E402
import sources  # noqa: E402
import suites  # noqa: E402
import verdicts  # noqa: E402


def progress(message, final=False):
    """One updating line on a terminal; plain lines (case files every 25th) in a log."""
    if sys.stderr.isatty():
        sys.stderr.write(f"\r\033[K[report] {message}" + ("\n" if final else ""))
    elif final or "case files" not in message or message.endswith("/") or _every(message, 25):
        sys.stderr.write(f"[report] {message}\n")
    sys.stderr.flush()


def _every(message, n):
    """True for 'case files i/N' when i is a multiple of n or i == N."""
    try:
        i, total = message.rsplit(" ", 1)[1].split("/")
        return int(i) % n == 0 or i == total
    except ValueError:
        return True


def git_commit():
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain"],
                               capture_output=True, text=True).stdout.strip()
        return head + ("+dirty" if dirty else "")
    except (subprocess.CalledProcessError, FileNotFoundError):
        return "unknown"


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--out", default=str(ROOT / "report" / "out"))
    ap.add_argument("--skip-render-check", action="store_true", help="do not screenshot the page in Chromium")
    ap.add_argument("--suites", default="example,property,cases,python",
                    help="comma-separated subset of example,property,cases,python (default: all)")
    ap.add_argument("--mutation", default=str(mutants.default_record(ROOT)),
                    help="the mutation run to store (default: the last `make mutate` in build-mutate/, else the "
                         "run committed in tests/mutation/last-run.json); none if absent")
    args = ap.parse_args()
    children.stop_children_on_signals()
    build, out = pathlib.Path(args.build).resolve(), pathlib.Path(args.out).resolve()
    wanted = [s for s in args.suites.split(",") if s]
    unknown = set(wanted) - {"example", "property", "cases", "python"}
    if unknown:
        print(f"error: --suites: unknown suite(s) {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    sys.path.insert(0, str(build / "python"))
    import hexlaw  # the engine's own catalog loader: one parser of spec/

    started = now()
    # Step A. What the project says: the catalog and the RULE tags.
    progress("reading the catalog and RULE tags")
    cases = sources.catalog_cases(hexlaw)
    catalog_ids = {c["id"] for c in cases}
    tags = sources.rule_tags(ROOT)
    mutation_run, mutant_rows, mutation_problem = mutants.load(args.mutation)
    survivors = {case: c["survived"] for case, c in mutants.per_case(mutant_rows).items()}

    # Step B. Run every suite with dynamic citation capture.
    trace_dir = pathlib.Path(tempfile.mkdtemp(prefix="hexlaw-trace-"))
    # The capture directory goes however the suites end (an interrupted report left them behind).
    try:
        env = suites.suite_env(build, ROOT, trace_dir)
        problems, tests, outcomes = [], [], []
        n = len(wanted)
        with open(out / "suite.log", "w") as log:
            for i, suite in enumerate(wanted, 1):
                step = f"suite {i}/{n}: "
                if suite in ("example", "property"):
                    binary = "hexlaw_tests" if suite == "example" else "hexlaw_properties"
                    progress(step + f"{suite} tests ({binary})")
                    got, problem = suites.run_gtest(build / binary, out / f"{suite}.xml", suite, env, log)
                elif suite == "cases":
                    progress(step + "case files")
                    got, outcomes, problem = suites.run_cases(build / "hexlaw", ROOT / "cases", env,
                                                              lambda m: progress(step + m))
                else:
                    progress(step + "python (pytest)")
                    got, problem = suites.run_pytest(ROOT, build, out / "python.xml", env, log)
                tests += got
                if problem:
                    problems.append(("crashed-suite", suite, problem))
        dynamic = suites.dynamic_ids(trace_dir)
    finally:
        shutil.rmtree(trace_dir, ignore_errors=True)

    # Step C. Join: verdict per case, defects.
    progress("joining results")
    cited_by = {}
    for t in tests:
        for rule in t.rules:
            cited_by.setdefault(rule, []).append((t.kind, t.result))
    # A case counts as implemented only with a whole RULE tag and no REFUSES tag: a case that
    # refuses any part of itself is never reported tested. A SOURCE-MISSING annotation (a refusal
    # for want of source text) neither implements a case nor blocks it.
    implemented = sources.implemented_ids(tags)
    tagged = {tag[0] for tag in tags}
    verdict = {c["id"]: verdicts.verdict(c["status"], c["id"] in implemented, cited_by.get(c["id"], []),
                                         c["id"] in dynamic, survivors.get(c["id"], 0)) for c in cases}
    defects = list(problems)
    if mutation_problem:
        defects.append(("mutation-record", args.mutation, mutation_problem))
    for tag in tags:
        if tag[0] not in catalog_ids:
            defects.append(("orphan-tag", tag[0], f"{tag[1]}:{tag[2]} tags an id the catalog lacks"))
    for t in tests:
        for rule in t.rules:
            if rule not in catalog_ids:
                defects.append(("orphan-test-citation", rule, f"{t.kind} test {t.name} cites an id the catalog lacks"))
        if t.result in ("skipped", "disabled"):
            defects.append((f"{t.result}-test", t.name, f"{t.kind} test is {t.result}; it counts as no coverage"))
    for rule in sorted(dynamic - tagged):
        defects.append(("untagged-citation", rule, "the engine cited this id at run time but no RULE tag names it"))
    for rule in sorted(dynamic - catalog_ids):
        defects.append(("orphan-dynamic", rule, "cited at run time but not in the catalog"))

    behaviour = hashlib.sha256("\n".join(f"{n}\t{r}\t{o}\t{c}" for n, r, o, c in sorted(outcomes)).encode()).hexdigest()
    counts = {r: sum(1 for t in tests if t.result == r) for r in ("passed", "failed", "skipped", "disabled")}
    run = {
        "commit": git_commit(), "started": started, "finished": now(), "tests_total": len(tests),
        "tests_passed": counts["passed"], "tests_failed": counts["failed"],
        "tests_skipped": counts["skipped"] + counts["disabled"], "cases_total": len(cases),
        "behaviour_hash": behaviour, "suites_ok": int(not problems), "suites": " ".join(wanted),
    }

    # Step D. Write the database into a temporary copy, then rename it into place.
    progress("writing coverage.db")
    db_path = out / "coverage.db"
    tmp_path = out / "coverage.db.tmp"
    if tmp_path.exists():
        tmp_path.unlink()
    if db_path.exists():
        old = sqlite3.connect(db_path)
        version = old.execute("PRAGMA user_version").fetchone()[0]
        old.close()
        if version == SCHEMA_VERSION:
            shutil.copyfile(db_path, tmp_path)
        else:  # an older schema: keep it aside and start a fresh history
            os.replace(db_path, out / f"coverage.db.v{version}.bak")
    db = sqlite3.connect(tmp_path)
    with db:
        db.executescript((HERE / "schema.sql").read_text())
        run_id = db.execute(
            "INSERT INTO run(commit_id, started, finished, tests_total, tests_passed, tests_failed, tests_skipped,"
            " cases_total, behaviour_hash, suites_ok, suites) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (run["commit"], run["started"], run["finished"], run["tests_total"], run["tests_passed"],
             run["tests_failed"], run["tests_skipped"], run["cases_total"], run["behaviour_hash"],
             run["suites_ok"], run["suites"])).lastrowid
        for table in ("rule_case", "rule_note", "implementation", "verdict", "mutant", "mutation_run"):
            db.execute(f"DELETE FROM {table}")
        db.executemany("INSERT INTO rule_case VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                       [(c["id"], c["book"], c["number"], c["title"], c["kind"], c["status"], c["summary"],
                         " ".join(c["printings"]), " ".join(c["overrides"]), c["status_reason"], c["file"])
                        for c in cases])
        db.executemany("INSERT INTO rule_note VALUES (?,?,?,?,?)",
                       [(c["id"], n["kind"], n["text"], n["ruling"], n["switch"]) for c in cases for n in c["notes"]])
        db.executemany("INSERT INTO implementation VALUES (?,?,?,?,?,?)", [(*t[:5], int(t[5])) for t in tags])
        db.executemany("INSERT INTO test VALUES (?,?,?,?,?)",
                       [(run_id, t.name, t.kind, t.result, t.detail) for t in tests])
        db.executemany("INSERT INTO test_citation VALUES (?,?,?,?)",
                       [(run_id, t.kind, t.name, r) for t in tests for r in t.rules])
        db.executemany("INSERT INTO dynamic_citation VALUES (?,?)", [(run_id, r) for r in sorted(dynamic)])
        db.executemany("INSERT INTO case_outcome VALUES (?,?,?,?,?)", [(run_id, *o) for o in outcomes])
        db.executemany("INSERT INTO verdict VALUES (?,?)", sorted(verdict.items()))
        db.executemany("INSERT INTO verdict_history VALUES (?,?,?)", [(run_id, k, v) for k, v in sorted(verdict.items())])
        db.executemany("INSERT INTO defect VALUES (?,?,?,?)", [(run_id, *d) for d in defects])
        if mutation_run:
            m = mutation_run
            db.execute("INSERT INTO mutation_run VALUES (?,?,?,?,?,?,?,?)",
                       (m["run"], m["commit"] or "unknown", m["seed"] or 0, m["selection"],
                        m["candidates"] or 0, m["files"], int(bool(m["complete"])), m["seconds"] or 0))
            db.executemany("INSERT INTO mutant VALUES (?,?,?,?,?,?,?,?,?,?)",
                           [(m["run"], r["file"], r["line"], r["rule_id"], r["mutation"], r["result"], r["killed_by"],
                             r["id"], r["source"], r["detail"]) for r in mutant_rows])
    db.close()
    os.replace(tmp_path, db_path)

    # Step E. Render the page and the Markdown brief from the database just written.
    progress("rendering coverage.html and coverage.md")
    model = render.load_model(db_path, run_id)
    children.write_atomic(out / "coverage.html", render.html(model))
    children.write_atomic(out / "coverage.md", render.markdown(model))
    if not args.skip_render_check:
        progress("checking the page renders in headless Chromium")
        import render_check
        ok, message = render_check.check(out / "coverage.html", out / "coverage.png", model)
        if not ok:
            with sqlite3.connect(db_path) as db:
                db.execute("INSERT INTO defect VALUES (?,?,?,?)", (run_id, "render-check", "coverage.html", message))
            model = render.load_model(db_path, run_id)
            children.write_atomic(out / "coverage.html", render.html(model))
            children.write_atomic(out / "coverage.md", render.markdown(model))
            problems.append(("render-check", "coverage.html", message))
            progress(f"render check FAILED: {message}", final=True)
    progress(f"done: run {run_id}, {len(tests)} tests, {counts['failed']} failed", final=True)

    # Step E1. Every case file's picture, which the coverage page links to (report/out/pictures/).
    if "cases" in wanted:
        import cookbook
        progress("drawing every case file (pictures/)")
        shutil.rmtree(out / "pictures", ignore_errors=True)
        for subject, detail in cookbook.draw_cases(str(build / "hexlaw"), out / "pictures"):
            problems.append(("pictures", subject, detail))
        # Step E1a. One case picture rendered in headless Chromium, as the page is above.
        pictures = sorted((out / "pictures").rglob("*.svg"))
        if not args.skip_render_check and pictures:
            import render_check
            ok, message = render_check.check_picture(pictures[0], out / "picture.png")
            progress(("picture render check: " if ok else "picture render check FAILED: ") + message)
            if not ok:
                problems.append(("render-check", str(pictures[0].relative_to(out)), message))

    # Step E2. The cookbook's pictures and answers (docs/cookbook.md), drawn by the engine: on a
    # whole run only (`make report`), so a partial run never rewrites the source tree's docs.
    if set(wanted) == {"example", "property", "cases", "python"}:
        progress("drawing the cookbook (docs/cookbook.md)")
        import cookbook
        for subject, detail in cookbook.write(str(build / "hexlaw")):
            problems.append(("cookbook", subject, detail))

    # Step F. One summary line per book, and the behaviour hash.
    for line in render.summary_lines(model):
        print(line)
    print(f"behaviour hash {behaviour[:16]}  ({len(outcomes)} case outcomes; run {run_id}, commit {run['commit']})")
    if problems:
        for kind, subject, detail in problems:
            print(f"SUITE PROBLEM: {subject}: {detail}")
    return 0 if (not problems and counts["failed"] == 0) else 1


if __name__ == "__main__":
    sys.exit(main())
