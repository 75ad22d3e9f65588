#!/usr/bin/python3
"""Owns: comparing two runs in coverage.db — every rule case whose verdict changed and every
case file whose result, outcome or citations changed. This is how an engine change is
regression-checked: run `make report` before and after, then diff.

Usage: report/diff.py [RUN] [--against RUN] [--db PATH]
  RUN        the older run id (default: the run before the newest)
  --against  the newer run id (default: the newest)
Exit status 0 when nothing changed, 1 when something did, 2 on bad input."""
import argparse
import pathlib
import sqlite3
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run", nargs="?", type=int)
    ap.add_argument("--against", type=int)
    ap.add_argument("--db", default=str(ROOT / "report" / "out" / "coverage.db"))
    args = ap.parse_args(argv)
    if not pathlib.Path(args.db).exists():
        print(f"error: {args.db}: no coverage database (run `make report` first)", file=sys.stderr)
        return 2
    db = sqlite3.connect(args.db)
    runs = [r[0] for r in db.execute("SELECT id FROM run ORDER BY id")]
    new = args.against if args.against is not None else (runs[-1] if runs else None)
    old = args.run if args.run is not None else (runs[-2] if len(runs) > 1 else None)
    for label, run in (("run", old), ("--against", new)):
        if run is None or run not in runs:
            print(f"error: {args.db}: {label}: no such run {run} (runs: {runs})", file=sys.stderr)
            return 2
    changes = 0
    print(f"comparing run {old} with run {new}")
    def verdicts_of(run):
        return dict(db.execute("SELECT case_id, verdict FROM verdict_history WHERE run_id = ?", (run,)))
    before_all, after_all = verdicts_of(old), verdicts_of(new)
    for case_id in sorted(set(before_all) | set(after_all)):
        before, after = before_all.get(case_id), after_all.get(case_id)
        if before != after:
            changes += 1
            print(f"verdict  {case_id}: {before or '(absent)'} -> {after or '(absent)'}")
    rows = {}
    for run, name, result, outcome, cites in db.execute(
            "SELECT run_id, case_name, result, outcome, citations FROM case_outcome WHERE run_id IN (?, ?)", (old, new)):
        rows.setdefault(name, {})[run] = (result, outcome, cites)
    for name in sorted(rows):
        a, b = rows[name].get(old), rows[name].get(new)
        if a == b:
            continue
        changes += 1
        if a is None or b is None:
            print(f"case     {name}: {'added' if a is None else 'removed'}")
            continue
        for label, i in (("result", 0), ("outcome", 1), ("citations", 2)):
            if a[i] != b[i]:
                print(f"case     {name}: {label} {a[i]} -> {b[i]}")
    print(f"{changes} change(s)")
    return 1 if changes else 0


if __name__ == "__main__":
    sys.exit(main())
