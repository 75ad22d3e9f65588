#!/usr/bin/python3
"""Owns: `make mutate` — mutation testing of the rule code. Each mutant (a comparison flipped,
`&&` for `||`, a `!` deleted, a boolean literal inverted, an integer constant ±1, a guard or loop
exit deleted) is written into a private copy of the source tree, rebuilt incrementally in its own
build folder and run against the suite until the first failing test. The run is recorded in
build-mutate/last-run.json, which `make report` stores and shows per rule case.

  MUTANTS=N        how many mutants to try, a seeded sample (default 40; `all` for every one)
  MUTATE_FILES=…   which files (globs, default the rule code of every system and layer)
  SEED=S           the sample's seed (default 1: the same sample every time)
  STD_WEIGHT=W     each file of the standard rules gets W times its share of a sample (default 1)
  MUTANT_IDS=a,b   exactly these mutants
  JOBS=J           build jobs (default 2)
  MUTATE_COVERAGE=0  no coverage-based test selection: every mutant runs the whole suite

  scripts/mutate.py --list          every candidate with its id, place, rule case and mutation
  scripts/mutate.py --show ID       the mutant as a patch (`| git apply` to try it by hand)
  scripts/mutate.py --summary       the figures of the last run again (per rule area, survivors, cost)
  scripts/mutate.py --recheck       the survivors of tests/mutation/last-run.json again, on this checkout
  scripts/mutate.py --uncovered     every candidate against the last coverage map: which no test executes

Equivalent mutants (no behaviour can tell them apart) are recorded with a reason in
tests/mutation/equivalent.txt and never run or counted as survivors."""
import argparse
import collections
import datetime
import difflib
import json
import os
import pathlib
import signal
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.append(str(ROOT / "report"))

from mutation import recheck, selection, uncovered  # noqa: E402
from mutation.bench import Bench, line_of  # noqa: E402
from mutants import area as area_of, by_area, rate  # noqa: E402  (report/mutants.py: the rule areas the report shows)

OUT_DIR = ROOT / "build-mutate"


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def git_commit():
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "engine", "tests", "cases",
                                "properties", "spec"], capture_output=True, text=True).stdout.strip()
        return head + ("+dirty" if dirty else "")
    except (subprocess.CalledProcessError, FileNotFoundError):
        return "unknown"


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    env = os.environ
    ap.add_argument("--mutants", default=env.get("MUTANTS") or "40", help="how many (a seeded sample) or 'all'")
    ap.add_argument("--files", default=env.get("MUTATE_FILES", ""), help="globs relative to the source root")
    ap.add_argument("--seed", type=int, default=int(env.get("SEED") or 1))
    ap.add_argument("--ids", default=env.get("MUTANT_IDS", ""), help="comma-separated mutant ids")
    ap.add_argument("--jobs", type=int, default=int(env.get("JOBS") or 2))
    ap.add_argument("--std-weight", type=float, default=float(env.get("STD_WEIGHT") or 1),
                    help="give each file of the standard rules this many times its share of a sample")
    ap.add_argument("--list", action="store_true", help="list the candidates and exit")
    ap.add_argument("--show", metavar="ID", help="print one mutant as a patch and exit")
    ap.add_argument("--summary", action="store_true", help="print the figures of the recorded run (--out) and exit")
    ap.add_argument("--update-equivalents", action="store_true",
                    help="mark the recorded run's survivors that tests/mutation/equivalent.txt now records as "
                         "equivalent (with the reason), then print its figures")
    ap.add_argument("--out", default=str(OUT_DIR / "last-run.json"))
    ap.add_argument("--recheck", nargs="?", const=str(ROOT / "tests" / "mutation" / "last-run.json"), metavar="RECORD",
                    help="run the survivors of a recorded run again on this checkout and update their results in "
                         "that record (default tests/mutation/last-run.json)")
    ap.add_argument("--uncovered", action="store_true",
                    help="hold every candidate against the last coverage map (no build, no run): per rule area, how "
                         "many sit in statements no test executes, and where")
    ap.add_argument("--no-coverage", action="store_true", default=env.get("MUTATE_COVERAGE") == "0",
                    help="run every mutant against the whole suite (no coverage-based test selection)")
    return ap.parse_args()


def show(m):
    text = (ROOT / m.file).read_text(encoding="utf-8")
    diff = difflib.unified_diff(text.splitlines(keepends=True), m.apply(text).splitlines(keepends=True),
                                f"a/{m.file}", f"b/{m.file}")
    return "".join(diff)


def summary(rows, selection, total_candidates, seed, seconds, complete):
    """The closing lines: figures per rule area, the survivors with their place, the duration."""
    lines = [f"{'rule area':36} {'tried':>5} {'killed':>6} {'survived':>8} {'equiv.':>6} {'no build':>8} "
             f"{'not cov.':>8}  caught"]
    sample = selection == "sample"
    for name, c in by_area(rows):
        lines.append(_row(name, c, sample))
    lines += snapshot_share(rows, sample)
    survivors = [r for r in rows if r["result"] == "survived"]
    if survivors:
        lines.append("survivors (a test is missing here):")
        for r in survivors:
            lines.append(f"  {r['id']}  {r['file']}:{r['line']}  {r['rule_id'] or '(no rule tag)'}  {r['mutation']}"
                         + ("  (NOT COVERED: no test executes it)" if not_covered(r) else "")
                         + f"  | {r['source'][:80]}")
        uncovered = sum(1 for r in survivors if not_covered(r))
        if uncovered:
            lines.append(f"not covered: {uncovered} of the {len(survivors)} survivors are in statements no test executes")
    lines += cost(rows)
    ran = sum(1 for r in rows if r["result"] != "equivalent")
    what = {"sample": f"a SAMPLE of {ran} of {total_candidates} candidate mutants (seed {seed}); the figures "
                      "describe the sample, not the whole rule code",
            "ids": f"{ran} mutant(s) named by id, not a sample of the rule code",
            "all": f"every one of {total_candidates} candidate mutants"}[selection]
    lines.append(f"mutation run: {what}; {seconds / 60:.1f} min" + ("" if complete else "; INTERRUPTED, partial"))
    return lines


def snapshot_share(rows, sample):
    """How many of the caught were caught only by the answer snapshots (killed_by `snapshot:`):
    no test that judges a rule noticed them, only a changed answer did. Said apart, with the rate
    the rule-judging tests alone reach."""
    tried = [r for r in rows if r["result"] in ("killed", "timeout", "survived")]
    by_snapshot = [r for r in tried if r["result"] == "killed" and r.get("killed_by", "").startswith("snapshot:")]
    if not by_snapshot:
        return []
    judged = sum(1 for r in tried if r["result"] in ("killed", "timeout")) - len(by_snapshot)
    return [f"caught only by the answer snapshots: {len(by_snapshot)} of the caught; by the tests that judge "
            f"rules alone: {rate(judged, len(tried), sample)}"]


def not_covered(row):
    """A survivor no test executes (the coverage map's verdict, recorded in its detail)."""
    return row["result"] == "survived" and row.get("detail", "").startswith("not covered")


def cost(rows):
    """Where the time went: the mean seconds of a caught mutant and of a survivor (those that ran
    tests apart from those no test executes), and of each step within them."""
    lines = []
    for label, keep in (("caught", lambda r: r["result"] in ("killed", "timeout")),
                        ("survived (tests ran)", lambda r: r["result"] == "survived" and not not_covered(r)),
                        ("survived (not covered)", not_covered)):
        sel = [r for r in rows if keep(r) and r.get("stages") is not None]
        if not sel:
            continue
        steps = collections.Counter()
        for r in sel:
            steps.update(r["stages"])
        cpu = steps.pop("cpu", 0)
        parts = ", ".join(f"{k} {v / len(sel):.0f}s" for k, v in steps.items())
        mean = sum(r["seconds"] for r in sel) / len(sel)
        lines.append(f"cost: a {label} mutant {mean:.0f}s on average over {len(sel)} ({parts}; "
                     f"{cpu / len(sel):.0f}s of processor time)")
    return lines


def _row(name, c, sample):
    tried = c["killed"] + c["timeout"] + c["survived"]
    caught = c["killed"] + c["timeout"]
    pct = rate(caught, tried, sample)
    return (f"{name:36} {tried:5} {caught:6} {c['survived']:8} {c['equivalent']:6} {c['build-error']:8} "
            f"{c['not-covered']:8}  {pct}")


def progress(message):
    print(f"mutate: {message}", flush=True)


def _stop(signum, frame):
    raise KeyboardInterrupt


def main():
    # Ctrl-C and `kill PID` both stop a run cleanly between steps (the mutated file put back, the
    # record saved), also when the run was started in the background, where a shell ignores SIGINT.
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    args = parse_args()
    if args.recheck:
        return recheck.main(ROOT, OUT_DIR, pathlib.Path(args.recheck), args.jobs, not args.no_coverage, progress,
                            git_commit(), now, lambda rec: summary(rec["mutants"], rec["selection"], rec["candidates"],
                                                                   rec["seed"], rec["seconds"], rec["complete"]),
                            {i for i in args.ids.replace(",", " ").split() if i})
    if args.summary or args.update_equivalents:
        rec = json.loads(pathlib.Path(args.out).read_text(encoding="utf-8"))
        if args.update_equivalents:
            # A survivor judged equivalent after the run: it ran the whole suite and survived, and
            # the record now says why no test can catch it. Killed mutants are never touched.
            known = selection.read_equivalents(ROOT)
            for r in rec["mutants"]:
                if r["result"] == "survived" and r["id"] in known:
                    r["result"], r["detail"] = "equivalent", known[r["id"]][1] + " (survived the whole suite)"
                    print(f"mutate: {r['id']} {r['file']}:{r['line']} recorded as equivalent")
            pathlib.Path(args.out).write_text(json.dumps(rec, indent=1))
        for line in summary(rec["mutants"], rec["selection"], rec["candidates"], rec["seed"], rec["seconds"],
                            rec["complete"]):
            print(line)
        return 0
    t0 = time.monotonic()
    files = selection.rule_files(ROOT, args.files)
    cands = selection.candidates(ROOT, files)
    equivalents = selection.read_equivalents(ROOT)
    known = {m.id for m in cands}
    if args.show:
        m = next((m for m in cands if m.id == args.show), None)
        if not m:
            sys.exit(f"mutate: no mutant {args.show} in {', '.join(files) if args.files else 'the rule code'}")
        sys.stdout.write(show(m))
        return 0
    if args.uncovered:
        rows, problem = uncovered.measure(ROOT, OUT_DIR, cands)
        if problem:
            sys.exit(f"mutate: {problem}")
        for line in uncovered.report(rows, area_of, equivalents):
            print(line)
        return 0
    if args.list:
        for m in cands:
            mark = "  [equivalent]" if m.id in equivalents else ""
            print(f"{m.id}  {m.file}:{m.line}  {m.rule_id or '-'}  {m.mutation}  | {m.source}{mark}")
        return 0
    if not args.files:
        stale = sorted(set(equivalents) - known)
        for i in stale:
            print(f"mutate: warning: {selection.EQUIVALENT_FILE}: {i} ({equivalents[i][0]}) matches no mutant any more")
    count = 0 if args.mutants == "all" else int(args.mutants)
    ids = [i for i in args.ids.replace(",", " ").split() if i]
    todo, equivalent = selection.choose(cands, equivalents, count, args.seed, ids, args.std_weight)
    sampled = not ids and bool(count) and count < len(cands) - len(equivalent)
    print(f"mutate: {len(todo)} mutant(s) to try of {len(cands)} candidates in {len(files)} file(s)"
          + (f" — a seeded SAMPLE (MUTANTS={count}, SEED={args.seed})" if sampled else "")
          + f"; {len(equivalent)} known equivalent", flush=True)

    out_path = pathlib.Path(args.out)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    bench = Bench.prepare(ROOT, OUT_DIR, args.jobs, not args.no_coverage, progress)
    if bench is None:
        return 2

    # Step B. Each mutant: write it into the copy, run the stages, put the original back.
    record = {"run": now(), "commit": git_commit(), "seed": args.seed,
              "selection": "ids" if ids else ("sample" if sampled else "all"), "files": files, "candidates": len(cands),
              "finished": None, "complete": False, "seconds": 0, "coverage_selection": bench.cmap is not None,
              "std_weight": args.std_weight,
              "mutants": []}
    rows = record["mutants"]
    for m in equivalent:
        rows.append({"id": m.id, "file": m.file, "line": m.line, "rule_id": m.rule_id, "mutation": m.mutation,
                     "source": m.source, "result": "equivalent", "killed_by": "", "detail": equivalents[m.id][1],
                     "seconds": 0, "commit": record["commit"]})

    def save():
        record["seconds"] = round(time.monotonic() - t0)
        tmp = out_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, indent=1))
        os.replace(tmp, out_path)

    try:
        for i, m in enumerate(todo, start=1):
            row = bench.run(m)
            row["commit"] = record["commit"]
            rows.append(row)
            save()
            print(f"[{i}/{len(todo)}] " + line_of(row), flush=True)
        record["complete"] = True
    except KeyboardInterrupt:
        print("mutate: interrupted; the record keeps the mutants tried so far", flush=True)
    record["finished"] = now()
    save()
    bench.close()
    for line in summary(rows, record["selection"], len(cands), args.seed, time.monotonic() - t0, record["complete"]):
        print(line)
    print(f"mutate: recorded in {out_path.relative_to(ROOT) if out_path.is_relative_to(ROOT) else out_path};"
          " `make report` shows it per rule case")
    return 0 if record["complete"] else 1


if __name__ == "__main__":
    sys.exit(main())
