"""Owns: the short seeded run of the Python dict-conversion fuzzer (tests/fuzz/fuzz_dict.py)
that `make test` keeps running; `make fuzz` runs it for FUZZ_SECONDS with a fresh seed. The
fuzzer raises on any exception other than the engine's typed errors, so this fails on one."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "fuzz"))

import fuzz_dict  # noqa: E402


def test_seeded_dict_fuzz_finds_nothing():
    counts = fuzz_dict.run(seed=16, inputs=150, timeout=60)
    assert counts["inputs"] == 150
    # every target ran, and each ran the engine (not only the conversion's TypeError)
    assert counts["case"] > 30 and counts["log"] > 10 and counts["scenario"] > 10
    assert counts["calls"] >= counts["inputs"]


def test_an_untyped_error_is_a_finding(monkeypatch):
    """The fuzzer would catch an exception outside the typed set (it cannot pass silently)."""
    def broken(value, r):
        raise RuntimeError("untyped")
    monkeypatch.setattr(fuzz_dict, "target_case", broken)
    monkeypatch.setattr(fuzz_dict, "target_log", lambda v, s: broken(v, None))
    monkeypatch.setattr(fuzz_dict, "target_scenario", broken)
    try:
        fuzz_dict.run(seed=1, inputs=3, timeout=60)
    except fuzz_dict.Finding as e:
        assert "RuntimeError: untyped" in str(e) and "--only 0" in str(e)
    else:
        raise AssertionError("the fuzzer let an untyped error pass")
