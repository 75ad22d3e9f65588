"""Owns: coverage-based test selection for mutants — the coverage build (build-mutate/src/build-cov:
the rule libraries compiled with gcov's counters), the map of which test group executes which
line of the rule code (build-mutate/coverage-map.json, rebuilt when the engine's sources
change), and the choice of the tests a mutant must run: those whose group executes its statement.

Why it is sound: the suite is deterministic (fixed RapidCheck seed, no clock, no threads in the
rules), so a test process runs the mutant exactly as it ran the original until the first time it
executes the mutated code; a process that never executes the mutated statement therefore cannot
tell the mutant apart. What the counters cannot see is handled by running everything: a
statement with no line data (constants, constexpr code, static data tables), a statement inside a
constexpr or consteval function (evaluated by the compiler, never counted), and any test group
not in the map or changed since (new tests, a changed Python file). Groups are whole processes
(one GoogleTest suite, one RapidCheck suite, one pytest file, with every CLI the file starts), never
single tests inside a process, so a function-local static initialised by an earlier test of the
same process is still counted. Case files are not mapped: they run whole in one process in a few
seconds, so a mutant always runs every case file."""
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import time

from . import operators, shadow as shadow_mod

COV_BUILD = "build-cov"      # beside the mutation build, inside the shadow copy (same depth: ccache hits)
MAP_FILE = "coverage-map.json"
MAP_VERSION = 1
# What the coverage build and the engine's behaviour depend on, apart from the tests themselves:
# every tracked file outside these. A change to any other file rebuilds the map.
NOT_ENGINE = ("cases/", "docs/", "report/", "scripts/", "tests/python/", "tests/mutation/", "tests/bad_cases/",
              "tests/snapshots/")
RULE_DIRS = ("engine/n20/", "engine/jemmapes/")


# ---------- keys: when the map is still good ----------

def engine_key(shadow, files):
    """A digest of every tracked file the engine and the compiled tests depend on (anything but
    case files, docs, the report, scripts and the Python tests): when it changes, the map is rebuilt."""
    h = hashlib.sha1(f"v{MAP_VERSION}".encode())
    for rel in files:
        if rel.startswith(NOT_ENGINE) or rel.endswith(".md"):
            continue
        h.update(rel.encode() + b"\0" + (shadow / rel).read_bytes() + b"\0")
    return h.hexdigest()[:16]


CASE_DIRS = ("cases", "tests/bad_cases")
READS_CASES = re.compile(r"cases/|\"cases\"|bad_cases")
# A pytest file that imports scripts/snapshot.py reads it and the snapshots: both go into its key.
READS_SNAPSHOTS = re.compile(r"^import snapshot\b", re.M)
GTEST_SUITE = re.compile(r"^\s*(?:TEST|TEST_F|TEST_P|TYPED_TEST|RC_GTEST_PROP|RC_GTEST_FIXTURE_PROP)\(\s*(\w+)", re.M)


def _digest(paths):
    h = hashlib.sha1()
    for p in paths:
        if p.is_file():
            h.update(str(p).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def cases_digest(shadow):
    """A digest of every case file (cases/, tests/bad_cases/): the map does not depend on them,
    except through tests that read them, whose groups carry it in their key."""
    return _digest(sorted(p for d in CASE_DIRS for p in (shadow / d).rglob("*") if p.is_file()))


def suites_reading_cases(shadow):
    """GoogleTest and RapidCheck suites defined in a file that reads the case files."""
    out = set()
    for folder in ("tests", "properties"):
        for p in (shadow / folder).rglob("*.cc"):
            text = p.read_text(encoding="utf-8", errors="replace")
            if READS_CASES.search(text):
                out |= set(GTEST_SUITE.findall(text))
    return out


def group_keys(shadow, groups):
    """{group: key}: a group whose key differs from the map's is run for every mutant. A pytest
    file's key is its text with the shared helpers (conftest, shared modules, pytest.ini); a group
    that reads the case files adds their digest (a new case file changes what it executes)."""
    folder = shadow / "tests" / "python"
    shared = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("test_"))
    cases = cases_digest(shadow)
    reading = suites_reading_cases(shadow)
    out = {}
    for g, kind in groups.items():
        name = g.split(":", 1)[1]
        if kind == "cases":
            out[g] = cases
        elif kind == "python":
            text = (shadow / name).read_text(encoding="utf-8") if (shadow / name).is_file() else ""
            out[g] = _digest([shadow / name, *shared]) + (cases if READS_CASES.search(text) else "")
            if READS_SNAPSHOTS.search(text):
                out[g] += _digest([shadow / "scripts" / "snapshot.py",
                                   *sorted((shadow / "tests" / "snapshots").glob("*.jsonl"))])
        else:
            out[g] = cases if name.split("/")[-1] in reading else ""
    return out


# ---------- groups: the processes the map records ----------

def suite_of(name):
    """The GoogleTest suite of a test `Suite.Name` (or `Prefix/Suite.Name/0`): its group."""
    return name.split(".", 1)[0]


def groups_of(base, python_skip):
    """{group: kind} for the baseline's tests: every case file together (one process: the case
    stage always runs them all, so the map only needs to know whether any case file executes a
    statement), each GoogleTest and RapidCheck suite, each pytest file."""
    out = {"cases:all": "cases"}
    for kind in ("examples", "properties"):
        for n in getattr(base, kind):
            out[f"{kind}:{suite_of(n)}"] = kind
    for node in base.python:
        rel = node.split("::", 1)[0]
        if rel not in python_skip:
            out[f"python:{rel}"] = "python"
    return out


# ---------- the coverage build ----------

def configure(shadow, log):
    build = shadow / COV_BUILD
    cache = build / "CMakeCache.txt"
    text = cache.read_text(encoding="utf-8", errors="replace") if cache.is_file() else ""
    if (build / "build.ninja").is_file() and "HEXLAW_COVERAGE_RULES:BOOL=ON" in text and "HEXLAW_CHECKED:BOOL=ON" in text:
        return True
    cmd = ["cmake", "-S", str(shadow), "-B", str(build), "-G", "Ninja", "-DHEXLAW_SHARED_ENGINE=ON",
           "-DHEXLAW_CHECKED=ON", "-DHEXLAW_COVERAGE_RULES=ON"]
    if shutil.which("ccache"):
        cmd.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
    return subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=shadow_mod.build_env()).returncode == 0


def _gcda_files(build):
    return [p for p in build.rglob("*.gcda")]


def _rule_objects_dir(build):
    return build / "CMakeFiles"


def read_counts(build, shadow):
    """{rule file (relative): {line: count}} from the .gcda files now in the coverage build,
    through `gcov --json-format --stdout`. Only the rule code's own files are kept."""
    out = {}
    gcdas = [p for p in _gcda_files(build) if "/hexlaw_n20.dir/" in str(p) or "/hexlaw_jemmapes.dir/" in str(p)]
    for chunk in [gcdas[i:i + 16] for i in range(0, len(gcdas), 16)]:
        r = subprocess.run(["gcov", "--json-format", "--stdout", *[str(p) for p in chunk]], capture_output=True,
                           text=True, cwd=str(build))
        for line in r.stdout.splitlines():
            line = line.strip()
            if not line.startswith("{"):
                continue
            data = json.loads(line)
            cwd = pathlib.Path(data.get("current_working_directory") or build)
            for f in data.get("files", []):
                rel = _relative(f["file"], shadow, cwd)
                if rel is None or not rel.startswith(RULE_DIRS) or not rel.endswith((".cc", ".h")):
                    continue
                lines = out.setdefault(rel, {})
                for ln in f.get("lines", []):
                    n = ln["line_number"]
                    lines[n] = lines.get(n, 0) + ln["count"]
    return out


def _relative(path, shadow, build):
    p = pathlib.Path(path)
    if not p.is_absolute():
        p = (build / p)
    try:
        return str(p.resolve().relative_to(shadow.resolve()))
    except ValueError:
        return None


def _clear(build):
    for p in _gcda_files(build):
        p.unlink()


def build_map(shadow, base, env_for, python_skip, jobs, log, progress, key):
    """Builds the coverage build and runs each test group there once, reading which lines of the
    rule code it executed. Returns the map (a dict) or None when the coverage build fails."""
    t0 = time.monotonic()
    build = shadow / COV_BUILD
    if not configure(shadow, log) or not shadow_mod.build(shadow, shadow_mod.TARGETS, jobs, log, folder=build):
        return None
    built = time.monotonic() - t0
    env = env_for(shadow)
    env["PYTHONPATH"] = str(build / "python")
    env["HEXLAW_CLI"] = str(build / "hexlaw")
    groups = groups_of(base, python_skip)
    keys = group_keys(shadow, groups)
    known, lines_of = {}, {}
    progress(f"coverage map: {len(groups)} test groups to record (built in {built:.0f}s)")
    for k, (group, kind) in enumerate(sorted(groups.items()), start=1):
        _clear(build)
        name = group.split(":", 1)[1]
        if kind == "cases":
            cmd = [str(build / "hexlaw"), "ask", "--check", "--jsonl", "--cases-root", str(shadow / "cases"),
                   *[str(shadow / c) for c in base.cases]]
        elif kind == "python":
            cmd = ["/usr/bin/python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", name]
        else:
            binary = "hexlaw_tests" if kind == "examples" else "hexlaw_properties"
            cmd = [str(build / binary), f"--gtest_filter={name}.*"]
        t = time.monotonic()
        r = subprocess.run(cmd, env=env, cwd=str(shadow), stdout=log, stderr=subprocess.STDOUT, timeout=3600)
        counts = read_counts(build, shadow)
        hit = {}
        for rel, lines in counts.items():
            for n, c in lines.items():
                known.setdefault(rel, set()).add(n)
                if c > 0:
                    hit.setdefault(rel, []).append(n)
        lines_of[group] = {"kind": kind, "rc": r.returncode, "seconds": round(time.monotonic() - t, 1),
                           "key": keys[group],
                           "lines": {rel: sorted(v) for rel, v in hit.items()}}
        if k % 10 == 0 or k == len(groups):
            progress(f"coverage map: {k}/{len(groups)} groups ({time.monotonic() - t0:.0f}s)")
    _clear(build)
    return {"version": MAP_VERSION, "key": key, "seconds": round(time.monotonic() - t0), "build_seconds": round(built),
            "known": {rel: sorted(v) for rel, v in known.items()}, "groups": lines_of}


def load_or_build(shadow, out_dir, base, env_for, python_skip, jobs, log, progress):
    """The map for today's sources: the stored one when its key matches, else a new one."""
    key = engine_key(shadow, _all_files(shadow))
    path = out_dir / MAP_FILE
    if path.is_file():
        try:
            stored = json.loads(path.read_text(encoding="utf-8"))
            if stored.get("key") == key and stored.get("version") == MAP_VERSION:
                progress(f"coverage map: reusing {path.name} (engine unchanged, key {key})")
                return CoverageMap(stored)
        except (ValueError, OSError):
            pass
    progress(f"coverage map: building (key {key}); this runs every test group once in the coverage build")
    data = build_map(shadow, base, env_for, python_skip, jobs, log, progress, key)
    if data is None:
        progress("coverage map: the coverage build failed; every mutant runs the whole suite")
        return None
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data))
    os.replace(tmp, path)
    progress(f"coverage map: built in {data['seconds']}s")
    return CoverageMap(data)


def _all_files(shadow):
    out = []
    for top, dirs, names in os.walk(shadow):
        rel_top = pathlib.Path(top).relative_to(shadow)
        if rel_top.parts[:1] and rel_top.parts[0].startswith("build"):
            dirs[:] = []
            continue
        out += [str(rel_top / n) if str(rel_top) != "." else n for n in names]
    return sorted(out)


# ---------- a mutant's statement and its tests ----------

def statement_lines(text, mask, start, end):
    """(first, last) line of the statement holding the mutated span: back to the previous `;`, `{`
    or `}` and on to the next. Any code of the mutated expression is on these lines."""
    a = max(mask.rfind(ch, 0, start) for ch in ";{}") + 1
    while a < start and mask[a].isspace():
        a += 1
    nexts = [k for k in (mask.find(ch, end) for ch in ";{}") if k >= 0]
    b = min(nexts) if nexts else len(mask) - 1
    return text.count("\n", 0, a) + 1, text.count("\n", 0, b) + 1


CONSTEXPR = re.compile(r"\b(?:constexpr|consteval|constinit|static_assert)\b")


def compile_time(text, mask, start, end):
    """True when the mutated code may be evaluated by the compiler, where no counter sees it: its
    statement, or the head of the top-level declaration holding it (`constexpr int f(…) {`), says
    constexpr, consteval, constinit or static_assert."""
    a = max(mask.rfind(ch, 0, start) for ch in ";{}") + 1
    nexts = [k for k in (mask.find(ch, end) for ch in ";{}") if k >= 0]
    if CONSTEXPR.search(mask[a:min(nexts) if nexts else len(mask)]):
        return True
    line = text.count("\n", 0, start) + 1
    for first, last in operators.function_regions(mask):
        if first <= line <= last:
            brace = mask.find("{", _offset_of_line(text, first))
            if brace < 0 or brace > start:
                return False
            begin = max(mask.rfind(";", 0, brace), mask.rfind("}", 0, brace)) + 1
            return bool(CONSTEXPR.search(mask[begin:brace]))
    return False


def _offset_of_line(text, n):
    k = 0
    for _ in range(n - 1):
        k = text.index("\n", k) + 1
    return k


class CoverageMap:
    """The stored map: per test group, the lines of each rule file it executed."""

    def __init__(self, data):
        self.data = data
        self.known = {rel: set(v) for rel, v in data["known"].items()}
        self.groups = {g: {rel: set(v) for rel, v in d["lines"].items()} for g, d in data["groups"].items()}
        self.kind = {g: d["kind"] for g, d in data["groups"].items()}
        self.key = {g: d["key"] for g, d in data["groups"].items()}

    def select(self, rel, first, last, compile_time_code):
        """('all', None) when the counters cannot speak for this statement; else ('some', {groups})
        whose processes executed a line of it (empty: no test executes it)."""
        if compile_time_code:
            return "all", None
        lines = set(range(first, last + 1))
        if not (self.known.get(rel, set()) & lines):
            return "all", None
        return "some", {g for g, by_file in self.groups.items() if by_file.get(rel, set()) & lines}


def plan(cmap, mutant, text, groups, keys_now):
    """What a mutant runs: (Selection or None for the whole suite, a few words for the record).
    `groups` are the baseline's test groups, `keys_now` their keys today (group_keys); a group the
    map does not know, or whose key changed since, always runs."""
    if cmap is None:
        return None, "whole suite (no coverage map)"
    mask = operators.code_mask(text)
    first, last = statement_lines(text, mask, mutant.start, mutant.end)
    how, hit = cmap.select(mutant.file, first, last, compile_time(text, mask, mutant.start, mutant.end))
    if how == "all":
        return None, "whole suite (no line data for this statement)"
    unknown = {g for g in groups if g not in cmap.key or cmap.key[g] != keys_now.get(g)}
    chosen = (hit & set(groups)) | unknown
    if not hit:  # no test executes it: a survivor at once, unless a new or changed group may
        return Selection(chosen), "not covered" + (f" (ran {len(unknown)} new or changed group(s))" if unknown else "")
    return Selection(chosen), f"{len(chosen)} of {len(groups)} test groups"


class Selection:
    """The test groups a mutant runs (besides every case file)."""

    def __init__(self, groups):
        self.groups = set(groups)

    def example(self, name, kind):
        return f"{kind}:{suite_of(name)}" in self.groups

    def python_file(self, rel):
        return f"python:{rel}" in self.groups

    def empty(self):
        return not self.groups
