"""Owns: reading the last mutation run (`make mutate` writes build-mutate/last-run.json) for the
report — the run's facts, one row per mutant, and the per-rule-case counts the verdicts and the
page use. Pure functions over the record, tested in tests/python/test_report.py."""
import json
import pathlib

RESULTS = ("killed", "timeout", "survived", "equivalent", "build-error")


# How scripts/mutation/recheck.py marks what it changed in a record: a survivor caught when judged
# again, and a survivor recorded equivalent afterwards (scripts/mutate.py --update-equivalents).
RECHECK_KILLED = "killed when judged again on commit"
SURVIVED_ALL = "(survived the whole suite)"


def default_record(root):
    """The mutation run the report stores by default: the later of this checkout's last `make
    mutate` (build-mutate/last-run.json) and the run committed with the sources
    (tests/mutation/last-run.json), whose commit the page compares with its own. The later one,
    by when it was last run or rechecked, so an old local run never hides a newer committed one."""
    local = root / "build-mutate" / "last-run.json"
    committed = root / "tests" / "mutation" / "last-run.json"
    if not local.is_file():
        return committed
    if not committed.is_file():
        return local
    return committed if _last_time(committed) > _last_time(local) else local


def _last_time(path):
    """When a record's run finished or was last rechecked (ISO text, which orders as time); ""
    when the file does not say or cannot be read."""
    try:
        record = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
        times = [str(record.get("finished") or record.get("run") or "")]
        times += [str(m.get("rechecked", "")) for m in record.get("mutants", []) if isinstance(m, dict)]
        return max(times)
    except (OSError, ValueError, AttributeError):
        return ""


def load(path):
    """(run dict or None, [mutant rows], problem or None). No file means no mutation run; a
    malformed file is a problem the report lists as a defect, never a crash."""
    p = pathlib.Path(path)
    if not p.is_file():
        return None, [], None
    try:
        record = json.loads(p.read_text(encoding="utf-8"))
        rows = []
        for m in record["mutants"]:
            if m["result"] not in RESULTS:
                raise ValueError(f"mutant {m.get('id')}: unknown result '{m['result']}'")
            rows.append({k: m.get(k, "") for k in ("id", "file", "line", "rule_id", "mutation", "source", "result",
                                                   "killed_by", "detail")})
        run = {k: record.get(k) for k in ("run", "commit", "seed", "selection", "candidates", "complete", "seconds")}
        if run["selection"] not in ("all", "sample", "ids"):
            raise ValueError(f"selection '{run['selection']}' is none of all, sample, ids")
        run["files"] = " ".join(record.get("files", []))
        return run, rows, None
    except (OSError, ValueError, KeyError, TypeError) as e:
        return None, [], f"{p}: not a mutation record ({e})"


def per_case(rows):
    """{case id: {'tried', 'caught', 'survived', 'equivalent', 'snapshot'}}; tried counts every
    mutant that ran and built (killed, timed out or survived), equivalents apart; 'snapshot' the
    caught ones that only the answer snapshots caught."""
    out = {}
    for r in rows:
        c = out.setdefault(r["rule_id"], {"tried": 0, "caught": 0, "survived": 0, "equivalent": 0, "snapshot": 0})
        if r["result"] in ("killed", "timeout"):
            c["tried"] += 1
            c["caught"] += 1
            c["snapshot"] += by_snapshot(r)
        elif r["result"] == "survived":
            c["tried"] += 1
            c["survived"] += 1
        elif r["result"] == "equivalent":
            c["equivalent"] += 1
    return out


def by_snapshot(row):
    """A mutant caught only by the answer snapshots (tests/snapshots): no test that judges a rule
    noticed it, only a changed answer did. The mutation tool runs the snapshots last, so a mutant
    a judging test catches is never named by them."""
    return row["result"] == "killed" and (row.get("killed_by") or "").startswith("snapshot:")


def not_covered(row):
    """A survivor in a statement no test executes (the coverage map's verdict, in its detail)."""
    return row["result"] == "survived" and (row.get("detail") or "").startswith("not covered")


def totals(rows):
    """{result: count} with 'not-covered': the survivors no test executes (counted in 'survived' too)."""
    t = {k: 0 for k in RESULTS}
    t["not-covered"] = 0
    for r in rows:
        t[r["result"]] += 1
        t["not-covered"] += not_covered(r)
    return t


def area(rel):
    """The rule area a file belongs to: the standard system, a game layer, or Jemmapes."""
    if rel.startswith("engine/n20/games/"):
        return pathlib.Path(rel).stem.split("_")[0] + " layer (engine/n20/games)"
    if rel.startswith("engine/n20/"):
        return f"std: {pathlib.Path(rel).stem} (engine/n20)"
    if rel.startswith("engine/jemmapes/"):
        return "jemmapes (engine/jemmapes)"
    return str(pathlib.Path(rel).parent)


def wilson(caught, tried, z=1.96):
    """The 95% Wilson score interval (low, high) of a kill rate seen as `caught` of `tried`
    mutants of a sample; None when nothing was tried. For a sample stratified in proportion to
    the candidates it is, if anything, a little wide."""
    if not tried:
        return None
    p = caught / tried
    centre = (p + z * z / (2 * tried)) / (1 + z * z / tried)
    half = z * ((p * (1 - p) / tried + z * z / (4 * tried * tried)) ** 0.5) / (1 + z * z / tried)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(caught, tried, sample):
    """'caught%' of the tried mutants, with the 95% interval when the run was a sample."""
    if not tried:
        return "-"
    text = f"{100 * caught / tried:.0f}%"
    if sample:
        lo, hi = wilson(caught, tried)
        text += f" (95% CI {100 * lo:.0f}–{100 * hi:.0f}%)"
    return text


def by_area(rows):
    """[(area, {result: count})] in area order — each file of the standard rules (one concern
    each: movement, zoc, battle, retreat, rally…), then the standard rules together, each game
    layer, Jemmapes — then ("all", totals)."""
    by_name = {}
    for r in rows:
        by_name.setdefault(area(r["file"]), []).append(r)
    out = sorted((name, totals(rs)) for name, rs in by_name.items())
    std = [r for r in rows if area(r["file"]).startswith("std: ")]
    if std:
        at = max(i for i, (name, _) in enumerate(out) if name.startswith("std: ")) + 1
        out.insert(at, ("std (engine/n20), every file", totals(std)))
    out.append(("all", totals(rows)))
    return out


def statement(run, report_commit, rows):
    """What the last mutation run says, in plain words — or that there is none."""
    if not run:
        return ("No mutation run is recorded (run `make mutate`). The verdicts rest on tests alone: nothing "
                "here shows that the tests would notice a change to the rule code.")
    t = totals(rows)
    tried = t["killed"] + t["timeout"] + t["survived"]
    files = len(run["files"].split())
    # A recheck (scripts/mutate.py --recheck) judges the run's survivors again after tests were
    # written for them: the figures then are no longer those of the run as it ran, and say so.
    later = sum(1 for r in rows if str(r.get("detail", "")).startswith(RECHECK_KILLED))
    judged = sum(1 for r in rows if r.get("result") == "equivalent" and str(r.get("detail", "")).endswith(SURVIVED_ALL))
    if run["selection"] == "sample":
        what = (f"a seeded SAMPLE of {tried + t['build-error'] + judged} of the {run['candidates']} candidate mutants of "
                f"{files} file(s) (seed {run['seed']}); a case none of whose code was sampled is not vouched for")
    elif run["selection"] == "ids":
        what = f"{tried + t['build-error']} mutant(s) named by id, not a sample of the rule code"
    else:
        what = f"every one of the {run['candidates']} candidate mutants of {files} file(s)"
    stale = (f" The report itself is on commit {report_commit}: the mutation run may be stale."
             if report_commit and run["commit_id"] != report_commit else "")
    snap = sum(1 for r in rows if by_snapshot(r))
    snapshots = (f" ({snap} of them only by the answer snapshots, which pin what the engine says without "
                 f"judging it)" if snap else "")
    rechecked = (f" {later} of the caught survived the run itself and were caught when judged again after tests "
                 f"were written for them (a recheck); {judged} of the equivalent survived it and were judged "
                 f"equivalent afterwards. As run, {t['killed'] + t['timeout'] - later} of {tried + judged} were caught."
                 if later or judged else "")
    return (f"Last mutation run {run['run']} on commit {run['commit_id']}, {run['seconds'] // 60} min: {what}"
            f"{'' if run['complete'] else ' — INTERRUPTED, partial'}. Of {tried} mutants that built, "
            f"{t['killed'] + t['timeout']} were caught{snapshots} and {t['survived']} survived; {t['equivalent']} are recorded "
            f"equivalent and {t['build-error']} did not build.{rechecked} A case whose code kept a survivor is "
            f"`mutant-survived`, not tested: a test is missing there.{stale}")

