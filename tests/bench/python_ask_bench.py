#!/usr/bin/env python3
"""Owns: the Python overhead benchmark — hexlaw.ask(dict) on a trivial question (a ZOC question on a
2-unit map, cases/std/7.0/la-haye-sainte-town-to-town.yaml) against the same question asked in C++
with no Python in the way (tests/bench/ask_bench.cc). Prints CPU µs per call and the difference.

Run from the source folder after a build (docs/benchmarks.md, "Python overhead"):
    PYTHONPATH=build/python /usr/bin/python3 tests/bench/python_ask_bench.py [--bench build/hexlaw_bench]
"""
import argparse
import json
import pathlib
import subprocess
import time
import timeit

import yaml

import hexlaw

SOURCE = pathlib.Path(__file__).resolve().parents[2]
CASE = SOURCE / "cases" / "std" / "7.0" / "la-haye-sainte-town-to-town.yaml"
TARGET_US = 3.0


def python_us(fn, number, repeat):
    """CPU µs per call, the best of `repeat` runs (as comparable to Google Benchmark's CPU column)."""
    return min(timeit.repeat(fn, number=number, repeat=repeat, timer=time.process_time)) / number * 1e6


def cpp_us(bench, repeat):
    """CPU µs per call of the C++ benchmarks, the best of `repeat` repetitions each."""
    out = subprocess.run([bench, "--benchmark_filter=^BM_(AskParsedCase|ParseCaseDocAndAsk)$",
                          f"--benchmark_repetitions={repeat}", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    best = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("run_type") == "iteration":
            assert b["time_unit"] == "us"
            best[b["run_name"]] = min(best.get(b["run_name"], float("inf")), b["cpu_time"])
    return best


def main():
    """Times both sides and prints one line per measurement, then the overhead against the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", default=str(SOURCE / "build" / "hexlaw_bench"), help="the C++ benchmark program")
    parser.add_argument("--number", type=int, default=5000, help="calls per timed run")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (the best is kept)")
    args = parser.parse_args()

    case = yaml.safe_load(CASE.read_text())
    assert hexlaw.ask(case).outcome == hexlaw.ask(CASE).outcome  # the dict is the file's question
    py_ask = python_us(lambda: hexlaw.ask(case), args.number, args.repeat)
    py_outcome = python_us(lambda: hexlaw.ask(case).outcome, args.number, args.repeat)
    cpp = cpp_us(args.bench, args.repeat)
    rows = [
        ("hexlaw.ask(dict)", py_ask),
        ("hexlaw.ask(dict).outcome", py_outcome),
        ("C++ parse_case_doc + ask (BM_ParseCaseDocAndAsk)", cpp["BM_ParseCaseDocAndAsk"]),
        ("C++ ask on a parsed case (BM_AskParsedCase)", cpp["BM_AskParsedCase"]),
    ]
    for name, us in rows:
        print(f"{name:<52} {us:8.2f} µs")
    overhead = py_outcome - cpp["BM_ParseCaseDocAndAsk"]
    verdict = "met" if overhead <= TARGET_US else "not met"
    print(f"{'Python overhead (outcome read, vs parse + ask)':<52} {overhead:8.2f} µs  (target ≤ {TARGET_US:g} µs: {verdict})")
    print(f"{'hexlaw.ask(dict).outcome vs ask on a parsed case':<52} {py_outcome - cpp['BM_AskParsedCase']:8.2f} µs")


if __name__ == "__main__":
    main()
