"""Owns: `scripts/mutate.py --recheck` — the survivors of a recorded run judged again on today's
checkout, so that case files and tests written after the run count without a whole new run.
Each survivor is run again (the same mutant, found by its stable id) and its row updated in the
record with the commit it was judged on; killed and equivalent mutants are never touched (a
change that kills more cannot un-kill them, and a recheck is no new sample)."""
import json
import os
import time

from . import selection
from .bench import Bench, line_of

GONE = "no longer in the code at commit {commit}: the line was rewritten, so this survivor was not judged again"


def plan(record, candidates, equivalents, only=None):
    """What a recheck does with each survivor of `record`: [(row, action, mutant)], action one of
    'run' (the mutant still exists), 'equivalent' (recorded equivalent since) or 'gone' (no
    mutant of today's code has its id). Rows that did not survive are left out, and with `only`
    (MUTANT_IDS) every survivor not named there."""
    by_id = {m.id: m for m in candidates}
    out = []
    for row in record["mutants"]:
        if row["result"] != "survived" or (only and row["id"] not in only):
            continue
        if row["id"] in equivalents:
            out.append((row, "equivalent", by_id.get(row["id"])))
        elif row["id"] in by_id:
            out.append((row, "run", by_id[row["id"]]))
        else:
            out.append((row, "gone", None))
    return out


def update(row, new, commit, at):
    """Writes a re-judged result into a survivor's row in place: the result and what killed it,
    the place today (lines move), the commit and time it was judged on, the run's commit kept."""
    row.setdefault("first_commit", row.get("commit", ""))
    for k in ("file", "line", "rule_id", "source", "result", "killed_by", "detail", "seconds", "stages", "tests"):
        if k in new:
            row[k] = new[k]
    row["commit"] = commit
    row["rechecked"] = at


def main(root, out_dir, path, jobs, use_coverage, progress, commit, now, summary, only=None):
    """Runs the recheck of the record at `path` and rewrites it after each mutant. 0 when every
    survivor was judged again, 1 when interrupted."""
    record = json.loads(path.read_text(encoding="utf-8"))
    files = [f for f in record["files"] if (root / f).is_file()]
    cands = selection.candidates(root, files)
    equivalents = selection.read_equivalents(root)
    todo = plan(record, cands, equivalents, only)
    at = now()
    runs = [t for t in todo if t[1] == "run"]
    progress(f"recheck: {len(todo)} survivor(s) of the run of {record['run']} (commit {record['commit']}); "
             f"{len(runs)} to run again on {commit}")
    t0 = time.monotonic()
    entry = {"at": at, "commit": commit, "survivors": len(todo), "killed": 0, "equivalent": 0, "gone": 0,
             "still_survived": 0, "build_error": 0, "complete": False, "seconds": 0}
    record.setdefault("rechecks", []).append(entry)

    def save():
        entry["seconds"] = round(time.monotonic() - t0)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, indent=1))
        os.replace(tmp, path)

    for row, action, m in todo:
        if action == "equivalent":
            update(row, {"result": "equivalent", "detail": equivalents[row["id"]][1] + " (survived the whole suite)"},
                   commit, at)
            entry["equivalent"] += 1
            progress(f"recheck: {row['id']} {row['file']}:{row['line']} recorded as equivalent")
        elif action == "gone":
            row["detail"] = GONE.format(commit=commit)
            entry["gone"] += 1
            progress(f"recheck: {row['id']} {row['file']}:{row['line']} no longer in the code")
    save()
    bench = Bench.prepare(root, out_dir, jobs, use_coverage, progress) if runs else None
    if runs and bench is None:
        return 2
    try:
        for i, (row, _, m) in enumerate(runs, start=1):
            new = bench.run(m)
            if new["result"] == "survived":  # the record says when it was last judged (the report shows it)
                new["detail"] = (new["detail"] + "; " if new["detail"] else "") + f"still survives on commit {commit}"
            elif new["result"] in ("killed", "timeout"):
                new["detail"] = f"killed when judged again on commit {commit}"
            update(row, new, commit, now())
            entry[{"killed": "killed", "timeout": "killed", "survived": "still_survived"}.get(new["result"],
                                                                                           "build_error")] += 1
            save()
            progress(f"recheck [{i}/{len(runs)}] " + line_of(new))
        entry["complete"] = True
    except KeyboardInterrupt:
        progress("recheck: interrupted; the record keeps the survivors judged so far")
    save()
    if bench:
        bench.close()
    for line in summary(record):
        print(line)
    rel = path.relative_to(root) if path.is_relative_to(root) else path
    progress(f"recheck: {entry['killed']} killed, {entry['still_survived']} still survive, {entry['equivalent']} "
             f"equivalent, {entry['gone']} gone; recorded in {rel}")
    return 0 if entry["complete"] else 1
