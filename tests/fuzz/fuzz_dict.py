#!/usr/bin/env python3
"""Owns: the fuzz target for the Python dict conversion (issue 16) — random Python values
handed to the calls that take a dict (hexlaw.ask, hexlaw.check, hexlaw.Position and its
ask, hexlaw.replay with a log dict) and, as one line of JSON text, to load_scenario and Game.

This is NOT a coverage-guided fuzzer (libFuzzer cannot drive the interpreter): it is a
seeded random generator with mutation. Each input is either a seed document (every case file
under cases/ and tests/bad_cases/, every scenario under scenarios/, logs of seeded games on the
meadow scenario) with a few mutations (a value replaced by a random one, a key dropped or
added, a list item repeated, a subtree swapped in from another seed), or a random nested
value. Random values are dicts, lists, tuples, ints (huge, negative, 2^31-1, 2^63 ...), floats
(NaN, infinities, -0.0), strs (surrogates, control characters, the separators of choice texts,
long text), bytes, and other objects (set, object(), complex, dict with int keys); containers
may contain themselves.

Only the engine's typed errors may come out: hexlaw.InputError (CaseError, RuleRefused,
SpecError) and TypeError; for a replayed log also ValueError (a logged choice that is not
legal where it is taken, as documented). Anything else (RuntimeError from an untyped C++
exception, IndexError, KeyError, SystemError, MemoryError, a crash, or an input that takes more
than --timeout seconds) is a finding: the input's repr and how to reproduce it are printed and
written to --findings, and the run exits 1.

Input i of a run with seed S is made by random.Random(f"{S}:{i}") alone, so
`fuzz_dict.py --seed S --only i` replays one input. Usage:
  fuzz_dict.py [--seconds N | --inputs N] [--seed S] [--only I] [--timeout T] [--findings DIR]
Needs PYTHONPATH to hold the built module (build/python)."""
import argparse
import copy
import faulthandler
import json
import os
import pathlib
import random
import sys
import time

import yaml

import hexlaw

SOURCE = pathlib.Path(__file__).resolve().parents[2]

# ---- seed documents ---------------------------------------------------------------------


def _yaml_docs(roots, suffixes=(".yaml", ".yml", ".json")):
    """Every file under `roots` that YAML reads as a dict (alias bombs and bad text skipped)."""
    out = []
    for root in roots:
        for p in sorted(pathlib.Path(root).rglob("*")):
            if p.suffix not in suffixes or not p.is_file() or p.stat().st_size > 200_000:
                continue
            try:
                d = yaml.safe_load(p.read_text(encoding="utf-8"))
                if isinstance(d, dict):
                    out.append(_plain(d))
            except Exception:  # a bad_cases file meant to be unreadable, deep or an alias bomb
                continue
    return out


def _plain(v, budget=None):
    """A YAML document as JSON-like data (dates and other YAML types as str); a document that
    expands past 100,000 values (the alias bombs of tests/bad_cases) raises ValueError."""
    budget = [100_000] if budget is None else budget
    budget[0] -= 1
    if budget[0] < 0:
        raise ValueError("too large for a seed")
    if isinstance(v, dict):
        return {str(k): _plain(x, budget) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x, budget) for x in v]
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    return str(v)


class Seeds:
    """The seed documents and the pools of keys and strings mutations draw from."""

    def __init__(self, source=SOURCE):
        self.cases = _yaml_docs([source / "cases", source / "tests" / "bad_cases"])
        self.scenarios = _yaml_docs([source / "scenarios"])
        self.meadow_text = (source / "scenarios" / "meadow.yaml").read_text()
        self.meadow = hexlaw.load_scenario(self.meadow_text)
        self.logs = []
        for seed in range(1, 6):
            g = hexlaw.Game(self.meadow, seed=seed)
            g.play("random", seed=seed, max_decisions=40)
            self.logs.append(g.log)
        keys, strings = set(), set()
        for d in self.cases + self.scenarios + self.logs:
            _collect(d, keys, strings)
        self.keys = sorted(keys)
        self.strings = sorted(s for s in strings if len(s) < 80)
        if not self.cases or not self.scenarios:
            raise SystemExit("fuzz_dict: no seed documents found under " + str(source))


def _collect(v, keys, strings):
    if isinstance(v, dict):
        for k, x in v.items():
            keys.add(k)
            _collect(x, keys, strings)
    elif isinstance(v, list):
        for x in v:
            _collect(x, keys, strings)
    elif isinstance(v, str):
        strings.add(v)


# ---- random values ----------------------------------------------------------------------

INTS = [0, 1, -1, 2, 6, 7, 10, 11, 99, 2**31 - 1, 2**31, -2**31, -2**31 - 1, 2**32 + 3, 2**53 + 1, 2**63 - 1,
        2**63, -2**63 - 1, 2**64 + 5, 10**30, -10**30]
FLOATS = [0.0, -0.0, 0.5, 1.0, 3.0, -2.5, 1e308, -1e308, 1e-320, float("nan"), float("inf"), float("-inf"), 2.0**31]
TOKENS = ["", " ", "A", "a to b", "A into B", "x on y", "+", "F+G", " to ", " on ", "\x00", "\t", "\n", "\x7f",
          "\u0085", "\udcff", "\ud800", "é", "\u202e", "日本", "0407", "0000", "9999", "-101", "99999",
          "enumerate", "seeded", "script", "french", "prussian", "austrian", "allied", "infantry", "cavalry",
          "std:7.0", "jemmapes:6.2", "&a [*a]", "*a", "{", "[", "null", "true", "1e999", "0x10", "NaN",
          "x" * 300, "y" * 70_000]


def rand_str(r, seeds):
    k = r.random()
    if k < 0.45 and seeds.strings:
        return r.choice(seeds.strings)
    if k < 0.75:
        return r.choice(TOKENS)
    if k < 0.9:
        return "".join(chr(r.choice([r.randrange(32, 127), r.randrange(0, 0x2000), r.randrange(0xD800, 0xE000),
                                      r.randrange(0x10000, 0x110000)])) for _ in range(r.randrange(0, 12)))
    base = r.choice(seeds.strings) if seeds.strings else "A"
    return base + r.choice(TOKENS[:20])


def rand_scalar(r, seeds):
    k = r.random()
    if k < 0.3:
        return r.choice(INTS) if r.random() < 0.6 else r.randrange(-20, 40)
    if k < 0.42:
        return r.choice(FLOATS)
    if k < 0.75:
        return rand_str(r, seeds)
    if k < 0.85:
        return r.choice([None, True, False])
    if k < 0.9:
        return r.choice([b"", b"abc", b"\xff\xfe", bytearray(b"0407")])
    # values that are not JSON-like at all
    return r.choice([object(), {1, 2}, frozenset(), complex(1, 2), range(3), {1: 2}, {("a",): 1}, {None: 1},
                     Ellipsis, type, print])


def rand_value(r, seeds, depth=0, budget=None):
    """A random value of at most about 2,000 scalars and containers (`budget` counts them)."""
    budget = [2000] if budget is None else budget
    budget[0] -= 1
    k = r.random()
    if depth > 6 or k < 0.55 or budget[0] <= 0:
        return rand_scalar(r, seeds)
    n = r.choice([0, 1, 2, 3, 5, 8]) if r.random() < 0.95 else r.randrange(50, 400)
    if k < 0.8:
        keys = [r.choice(seeds.keys) if seeds.keys and r.random() < 0.8 else rand_str(r, seeds) for _ in range(n)]
        d = {kk: rand_value(r, seeds, depth + 1, budget) for kk in keys}
        if r.random() < 0.03:
            d[r.choice(keys) if keys else "self"] = d  # contains itself
        return d
    items = [rand_value(r, seeds, depth + 1, budget) for _ in range(n)]
    if r.random() < 0.03:
        items.append(items)
    return items if r.random() < 0.8 else tuple(items)


def deep_chain(r):
    """Nesting around the document limit (256) or far past it."""
    v = r.choice([1, "x", {}, []])
    for _ in range(r.choice([200, 255, 256, 257, 300, 5000])):
        v = [v] if r.random() < 0.5 else {"a": v}
    return v


# ---- mutation ---------------------------------------------------------------------------


def _containers(v, out, depth=0, seen=None):
    """Every dict and list inside `v` (with `v`), each once, to mutate one in place."""
    seen = set() if seen is None else seen
    if depth > 40 or not isinstance(v, (dict, list)) or id(v) in seen:
        return out
    seen.add(id(v))
    out.append(v)
    for x in (v.values() if isinstance(v, dict) else v):
        _containers(x, out, depth + 1, seen)
    return out


def mutate(doc, r, seeds, pool):
    """A copy of `doc` with 1-4 mutations."""
    doc = copy.deepcopy(doc)
    for _ in range(r.randrange(1, 5)):
        places = _containers(doc, [])
        if not places:
            return rand_value(r, seeds)
        c = r.choice(places)
        op = r.random()
        if isinstance(c, dict):
            if not c or op < 0.15:
                c[r.choice(seeds.keys) if r.random() < 0.7 else rand_str(r, seeds)] = rand_value(r, seeds, 3)
            else:
                k = r.choice(list(c))
                if op < 0.3:
                    del c[k]
                elif op < 0.4:
                    c[k] = copy.deepcopy(r.choice(_containers(r.choice(pool), [])) or 1)
                elif op < 0.45:
                    c[k] = deep_chain(r)
                elif op < 0.5:
                    c[k] = c  # contains itself
                else:
                    c[k] = rand_value(r, seeds, 2) if r.random() < 0.5 else rand_scalar(r, seeds)
        else:
            if not c or op < 0.2:
                c.insert(r.randrange(len(c) + 1), rand_value(r, seeds, 3))
            elif op < 0.35:
                del c[r.randrange(len(c))]
            elif op < 0.5:
                i = r.randrange(len(c))
                c.extend([copy.deepcopy(c[i])] * (r.choice([1, 2, 50]) if len(short_repr(c[i], 2000)) < 2000 else 1))
            else:
                c[r.randrange(len(c))] = rand_value(r, seeds, 2) if r.random() < 0.5 else rand_scalar(r, seeds)
    return doc


# ---- targets ----------------------------------------------------------------------------

TYPED = (hexlaw.InputError, TypeError)


def target_case(value, r):
    """ask, check and a Position over one case dict (or any value)."""
    calls = 0
    try:
        calls += 1
        a = hexlaw.ask(value)
        a.to_json(), a.explain(), a.outcome, a.readable()
    except TYPED:
        pass
    try:
        calls += 1
        hexlaw.check(value)
    except TYPED:
        pass
    try:
        calls += 1
        p = hexlaw.Position(value)
        p.units, p.to_dict()
        if r.random() < 0.5:
            p.ask()
    except TYPED:
        pass
    return calls


def target_log(value, seeds):
    """replay of a log dict on the meadow scenario."""
    try:
        g = hexlaw.replay(seeds.meadow, value)
        again = hexlaw.replay(seeds.meadow, g.log)
        if again.log != g.log or again.state != g.state:
            raise AssertionError("two replays of one log differ")
    except TYPED + (ValueError,):
        pass
    return 1


def target_scenario(value, r):
    """a scenario dict as one line of JSON text: loaded, and a few seeded decisions played."""
    try:
        text = json.dumps(value, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        return 0
    try:
        sc = hexlaw.load_scenario(text)
        g = hexlaw.Game(sc, seed=r.randrange(100))
        g.play("random", seed=r.randrange(100), max_decisions=30)
        if g.invariant_violations():
            raise AssertionError("invariant broken: " + g.invariant_violations()[0])
    except TYPED:
        pass
    return 2


def build_input(seed, i, seeds):
    """Input i of run `seed`: (target name, value, the generator to go on with)."""
    r = random.Random(f"{seed}:{i}")
    k = r.random()
    if k < 0.55:
        v = mutate(r.choice(seeds.cases), r, seeds, seeds.cases) if r.random() < 0.9 else rand_value(r, seeds)
        return "case", v, r
    if k < 0.8:
        v = mutate(r.choice(seeds.logs), r, seeds, seeds.logs) if r.random() < 0.9 else rand_value(r, seeds)
        return "log", v, r
    return "scenario", mutate(r.choice(seeds.scenarios), r, seeds, seeds.scenarios), r


def one_input(seed, i, seeds):
    """Builds input i of run `seed` and runs it through its target; returns (target, calls)."""
    target, v, r = build_input(seed, i, seeds)
    if target == "case":
        return target, target_case(v, r)
    if target == "log":
        return target, target_log(v, seeds)
    return target, target_scenario(v, r)


def short_repr(v, limit=3000):
    try:
        s = repr(v)
    except RecursionError:
        s = "<too deep to repr>"
    return s if len(s) <= limit else s[:limit] + f"... ({len(s)} characters)"


class Finding(Exception):
    """An input made something other than a typed error come out (the message says what)."""


def run(seed=1, seconds=None, inputs=None, only=None, timeout=10.0, findings=None, quiet=False):
    """Runs the fuzzer; returns a dict of counts. Raises on a finding (after reporting it)."""
    seeds = Seeds()
    counts = {"inputs": 0, "calls": 0, "case": 0, "log": 0, "scenario": 0}
    start = time.monotonic()
    last = pathlib.Path(findings) / "fuzz_dict-last-input.txt" if findings else None
    if last:
        last.parent.mkdir(parents=True, exist_ok=True)
    indices = [only] if only is not None else None
    i = 0
    while True:
        if indices is not None:
            if not indices:
                break
            i = indices.pop()
        elif (inputs is not None and counts["inputs"] >= inputs) or (
                seconds is not None and time.monotonic() - start >= seconds):
            break
        if last:  # a crash or a hang leaves the input's number behind
            last.write_text(f"fuzz_dict.py --seed {seed} --only {i}\n")
        faulthandler.dump_traceback_later(timeout, exit=True)
        try:
            target, calls = one_input(seed, i, seeds)
        except BaseException as e:
            faulthandler.cancel_dump_traceback_later()
            if isinstance(e, KeyboardInterrupt):
                raise
            msg = (f"fuzz_dict finding: {type(e).__name__}: {e}\n  reproduce: PYTHONPATH=build/python "
                   f"/usr/bin/python3 tests/fuzz/fuzz_dict.py --seed {seed} --only {i}\n")
            try:
                v = build_input(seed, i, seeds)[1]
                msg += "  input: " + short_repr(v) + "\n"
            except BaseException:
                pass
            sys.stderr.write(msg)
            if findings:
                (pathlib.Path(findings) / f"fuzz_dict-{seed}-{i}.txt").write_text(msg)
            raise Finding(msg) from e
        faulthandler.cancel_dump_traceback_later()
        counts["inputs"] += 1
        counts["calls"] += calls
        counts[target] += 1
        i += 1
    counts["seconds"] = round(time.monotonic() - start, 1)
    if last and last.exists():
        last.unlink()
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float)
    ap.add_argument("--inputs", type=int)
    ap.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    ap.add_argument("--only", type=int)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--findings")
    a = ap.parse_args()
    if a.seconds is None and a.inputs is None and a.only is None:
        a.inputs = 200
    sys.setrecursionlimit(20000)
    try:
        c = run(a.seed, a.seconds, a.inputs, a.only, a.timeout, a.findings)
    except Finding:
        return 1
    print(f"fuzz_dict: seed {a.seed}: {c['inputs']} inputs ({c['case']} case dicts, {c['log']} log dicts, "
          f"{c['scenario']} scenarios as JSON text; {c['calls']} calls) in {c['seconds']} s, no finding")
    return 0


if __name__ == "__main__":
    sys.exit(main())
