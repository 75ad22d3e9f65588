"""Owns: the prepared mutation bench — the private copy and its build, the baseline run of the
whole suite, the coverage map — and running one mutant on it: write it into the copy, choose
its tests from the map, run the stages, put the original back, and return its record row."""
import json
import os
import resource
import time

from . import coverage, shadow, stages


# Files no test's outcome depends on in a way the baseline records (prose, the tool itself): a
# change there keeps the last baseline.
READ_ONLY = ("docs/mutation.md", "docs/mutation-runs.md", "scripts/mutate.py", "scripts/mutation/", "tests/mutation/")
# Names the rule file a mutant is written into while it runs (see prepare).
MUTATING = "mutating"
# Case files and Python tests: a change there only re-runs the case files and the test groups whose
# key changed (stages.rebaseline_cases), not the whole suite.
# The answer snapshots go with them: they change when a case file is added.
CASES = ("cases/", "tests/bad_cases/", "tests/python/", "tests/snapshots/")


def child_cpu():
    """Processor seconds (user + system) of every finished child process so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


class Bench:
    def __init__(self, root, out_dir, jobs, log, base, cmap, progress):
        self.root, self.out_dir, self.jobs, self.log = root, out_dir, jobs, log
        self.src = out_dir / "src"
        self.base, self.cmap, self.progress = base, cmap, progress
        self.skip = {stages.PYTEST_SKIP.split("=", 1)[1], *stages.engine_blind(self.src)}
        self.groups = coverage.groups_of(base, self.skip)
        self.keys = coverage.group_keys(self.src, self.groups)

    @staticmethod
    def prepare(root, out_dir, jobs, use_coverage, progress):
        """Step A: the copy, its build, the baseline (reused while no source changed) and the
        coverage map (reused while the engine is unchanged). None when the unmutated suite does
        not build or pass."""
        src = out_dir / "src"
        out_dir.mkdir(parents=True, exist_ok=True)
        log = open(out_dir / "mutate.log", "w", encoding="utf-8")
        changed = shadow.sync(root, src)
        progress(f"source copy in {src.relative_to(root)} ({len(changed)} file(s) updated)")
        marker = out_dir / MUTATING
        if marker.is_file():
            # A run stopped during a mutant: its file was put back, but a compile of the mutant still
            # running then may have left an object newer than the original. Rebuild that file.
            rel = marker.read_text(encoding="utf-8").strip()
            if (src / rel).is_file():
                os.utime(src / rel)
                progress(f"{rel}: rebuilt (the last run stopped during a mutant of it)")
            marker.unlink()
        if not shadow.configure(src, log) or not shadow.build(src, shadow.TARGETS, jobs, log):
            progress(f"the unmutated copy does not build; see {log.name}")
            return None
        base_path, keys_path = out_dir / "baseline.json", out_dir / "baseline-keys.json"
        skip = {stages.PYTEST_SKIP.split("=", 1)[1], *stages.engine_blind(src)}
        others = [f for f in changed if not f.startswith(READ_ONLY)]
        if base_path.is_file() and keys_path.is_file() and others and all(f.startswith(CASES) for f in others):
            # Only case files and Python tests changed (the usual way to close a survivor): run the
            # case files again, and the test groups whose key changed, not the whole suite.
            base = stages.Baseline.from_json(json.loads(base_path.read_text()))
            old_keys = json.loads(keys_path.read_text())
            groups = coverage.groups_of(base, skip)
            for f in others:  # a new pytest file is a new group
                if f.startswith("tests/python/test_") and f.endswith(".py") and f not in skip:
                    groups[f"python:{f}"] = "python"
            new_keys = coverage.group_keys(src, groups)
            problem = stages.rebaseline_cases(src, base, {g for g, k in new_keys.items() if old_keys.get(g) != k},
                                              log, progress)
            if problem:
                progress(problem + " — a mutation run needs a passing suite")
                return None
            base_path.write_text(json.dumps(base.to_json()))
            keys_path.write_text(json.dumps(coverage.group_keys(src, coverage.groups_of(base, skip))))
        elif not others and base_path.is_file():
            base = stages.Baseline.from_json(json.loads(base_path.read_text()))
            progress("baseline: reusing the last one (no source changed)")
            if not keys_path.is_file():
                keys_path.write_text(json.dumps(coverage.group_keys(src, coverage.groups_of(base, skip))))
        else:
            base, problem = stages.baseline(src, jobs, log, progress)
            if problem:
                progress(problem + " — a mutation run needs a passing suite")
                return None
            base_path.write_text(json.dumps(base.to_json()))
            keys_path.write_text(json.dumps(coverage.group_keys(src, coverage.groups_of(base, skip))))
        progress("baseline: " + ", ".join(f"{k} {v:.0f}s" for k, v in base.seconds.items()))
        cmap = None
        if use_coverage:
            cmap = coverage.load_or_build(src, out_dir, base, stages.env_for, skip, jobs, log, progress)
        else:
            progress("coverage selection off: every mutant runs the whole suite")
        return Bench(root, out_dir, jobs, log, base, cmap, progress)

    def run(self, m):
        """Step B for one mutant: its record row (result, first failing test, seconds per step,
        which tests the coverage map chose)."""
        path = self.src / m.file
        original = path.read_text(encoding="utf-8")
        t = time.monotonic()
        cpu = child_cpu()
        timings = {}
        chosen, how = coverage.plan(self.cmap, m, original, self.groups, self.keys)
        if chosen is not None and how.startswith("not covered") and chosen.empty():
            # No test process executes the mutated statement: none can tell the mutant apart.
            result, killed_by = "survived", ""
        else:
            marker = self.out_dir / MUTATING
            marker.write_text(m.file, encoding="utf-8")
            try:
                path.write_text(m.apply(original), encoding="utf-8")
                self.log.write(f"\n=== mutant {m.id} {m.file}:{m.line} {m.mutation} ({how})\n")
                self.log.flush()
                result, killed_by = stages.run_mutant(self.src, self.base, m.rule_id, self.jobs, self.log, timings,
                                                      selection=chosen)
            finally:
                path.write_text(original, encoding="utf-8")
            marker.unlink()  # (left in place when the run is stopped during the mutant: see prepare)
        took = time.monotonic() - t
        timings["cpu"] = round(child_cpu() - cpu, 1)  # the processor time, apart from the machine's load
        return {"id": m.id, "file": m.file, "line": m.line, "rule_id": m.rule_id, "mutation": m.mutation,
                "source": m.source, "result": result, "killed_by": killed_by,
                "detail": "not covered: no test executes this statement" if result == "survived"
                and how.startswith("not covered") else "",
                "seconds": round(took, 1), "stages": timings, "tests": how}

    def close(self):
        self.log.close()


def line_of(row):
    """One progress line for a mutant's row."""
    return (f"{row['id']} {row['file']}:{row['line']} {row['rule_id'] or '-'} {row['mutation']}: {row['result']}"
            + (f" by {row['killed_by']}" if row["killed_by"] else "")
            + (" (not covered)" if row.get("detail", "").startswith("not covered") else "")
            + f" ({row['seconds']:.0f}s; {row.get('tests', '')})")
