"""Owns: the whole rule code measured against the coverage map, without building a mutant: of
every candidate mutant, which sit in a statement no test executes. Such a mutant survives
whatever it changes, so their share is a floor under the survivors a full run would find, and
their places are where a case is missing. Cheap (no build, no test run): it reads the map the
last `make mutate` built, provided the engine has not changed since."""
import collections
import json

from . import coverage, operators, shadow


def measure(root, out_dir, cands):
    """(rows, problem): rows are (mutant, verdict), verdict one of 'executed', 'not covered',
    'no line data' (the counters cannot speak for it: constants, constexpr code; a run gives it
    the whole suite). problem is a sentence when there is no usable map."""
    path = out_dir / coverage.MAP_FILE
    if not path.is_file():
        return [], f"no coverage map at {path}: run `make mutate` once (it builds the map)"
    data = json.loads(path.read_text(encoding="utf-8"))
    key = coverage.engine_key(root, shadow.tracked_files(root))
    if data.get("key") != key or data.get("version") != coverage.MAP_VERSION:
        return [], (f"the coverage map at {path} is for another state of the engine (key {data.get('key')}, "
                    f"today {key}): run `make mutate` to rebuild it")
    cmap = coverage.CoverageMap(data)
    rows, texts = [], {}
    for m in cands:
        text = texts.get(m.file)
        if text is None:
            text = texts[m.file] = (root / m.file).read_text(encoding="utf-8")
        mask = operators.code_mask(text)
        first, last = coverage.statement_lines(text, mask, m.start, m.end)
        how, hit = cmap.select(m.file, first, last, coverage.compile_time(text, mask, m.start, m.end))
        rows.append((m, "no line data" if how == "all" else ("executed" if hit else "not covered")))
    return rows, None


def report(rows, area_of, equivalents):
    """Lines: per rule area, candidates (equivalents apart), how many no test executes and their
    share; then every not-covered place, grouped by file and rule case."""
    per = collections.defaultdict(collections.Counter)
    for m, verdict in rows:
        if m.id in equivalents:
            continue
        for name in (area_of(m.file), "all"):
            per[name]["candidates"] += 1
            per[name][verdict] += 1
    lines = [f"{'rule area':36} {'candidates':>10} {'executed':>9} {'not covered':>11} {'no line data':>12}  not covered"]
    for name in sorted(k for k in per if k != "all") + ["all"]:
        c = per[name]
        share = 100 * c["not covered"] / c["candidates"] if c["candidates"] else 0
        lines.append(f"{name:36} {c['candidates']:10} {c['executed']:9} {c['not covered']:11} "
                     f"{c['no line data']:12}  {share:.1f}%")
    places = collections.defaultdict(list)
    for m, verdict in rows:
        if verdict == "not covered" and m.id not in equivalents:
            places[(m.file, m.rule_id or "-")].append(m.line)
    if places:
        lines.append("not covered, by file and rule case (lines):")
        for (file, rule), ls in sorted(places.items()):
            lines.append(f"  {file}  {rule}: " + ", ".join(str(n) for n in sorted(set(ls))))
    return lines
