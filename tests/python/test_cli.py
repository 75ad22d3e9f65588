"""Owns: tests of the `hexlaw` command line — answers for people and as JSON, --check, and
exit status 2 with file, field and reason for every deliberately broken case file."""
import json
import pathlib
import subprocess

import pytest


def run(cli, *args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=60)


def test_ask_zoc_case_for_a_person(cli, source_dir):
    r = run(cli, "ask", str(source_dir / "cases/std/7.0/la-haye-sainte-town-to-town.yaml"))
    assert r.returncode == 0, r.stderr
    assert "does not exert" in r.stdout
    assert "std:7.0  Zones of Control" in r.stdout


def test_ask_crt_case_as_json_with_check(cli, source_dir):
    r = run(cli, "ask", "--json", "--check", str(source_dir / "cases/std/9.0/forest-example-crt.yaml"))
    assert r.returncode == 0, r.stderr
    answer = json.loads(r.stdout)
    assert answer["outcome"]["result"] == "DR"
    assert answer["check"]["ok"] is True
    assert {"std:9.0", "jena:table.crt"} <= {c["id"] for c in answer["citations"]}


def test_check_mismatch_exits_one(cli, tmp_path):
    case = tmp_path / "wrong.yaml"
    case.write_text("question: {kind: distance, hexes: ['0101', '0105']}\nexpect: {outcome: {distance: 3}}\n")
    r = run(cli, "ask", "--check", str(case))
    assert r.returncode == 1
    assert "outcome.distance: expected 3, got 4" in r.stderr


def test_rule_command(cli):
    r = run(cli, "rule", "std:8.3b")
    assert r.returncode == 0 and "std:8.3b" in r.stdout
    r = run(cli, "rule", "std:77.7")
    assert r.returncode == 2 and "not in the spec catalog" in r.stderr


BAD = sorted((pathlib.Path(__file__).resolve().parents[1] / "bad_cases").glob("*.yaml"))


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_broken_case_file_exits_two_naming_file_field_and_reason(cli, path):
    header = path.read_bytes().decode("utf-8", "replace").splitlines()[0]
    field, reason = (s.strip() for s in header.removeprefix("# expect-error:").split("|", 1))
    r = subprocess.run([cli, "ask", "--check", str(path)], capture_output=True, timeout=60)
    r.stdout, r.stderr = r.stdout.decode("utf-8"), r.stderr.decode("utf-8")
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert str(path) in r.stderr and field in r.stderr and reason in r.stderr, r.stderr
    assert r.stdout == ""


REFUSED_CASE = """game: leipzig
map: {locs: {allied-south: ["1726"]}}
units:
  - {id: F, side: allied, type: infantry, strength: 2, movement: 2, hex: "1810"}
question: {kind: retreat, unit: F, distance: 2}
"""


def test_a_refused_question_exits_two_naming_the_rule(cli, tmp_path):
    """leipzig:2.1 — an army-less Allied unit whose origin army the position does not state is
    refused by name (leipzig.cadre_front = origin), never answered."""
    case = tmp_path / "refused.yaml"
    case.write_text(REFUSED_CASE)
    r = run(cli, "ask", str(case))
    assert r.returncode == 2
    assert "refused.yaml: question: refused: leipzig:2.1:" in r.stderr
    assert r.stdout == ""


def test_a_refusal_expected_by_the_case_passes_check_and_another_fails(cli, tmp_path):
    """leipzig:2.1 — expect: {refused: RULE} passes only for a refusal under that rule."""
    good, wrong = tmp_path / "good.yaml", tmp_path / "wrong.yaml"
    good.write_text(REFUSED_CASE + "expect: {refused: 'leipzig:2.1'}\n")
    wrong.write_text(REFUSED_CASE + "expect: {refused: 'leipzig:12.0'}\n")
    assert run(cli, "ask", "--check", str(good)).returncode == 0
    r = run(cli, "ask", "--check", str(wrong))
    assert r.returncode == 1 and "expected a refusal under leipzig:12.0" in r.stderr
    line = json.loads(run(cli, "ask", "--jsonl", str(good)).stdout)
    assert line["refused"]["rule"] == "leipzig:2.1" and line["check"]["ok"] is True


def test_trace_dir_records_a_rule_cited_only_at_run_time(cli, source_dir, tmp_path):
    """jena:9.8.6: Jena's LOC hexes for a retreat are the standard lists, so the layer names its
    case only in the run-time record of cited rules (--trace-dir), which the coverage report
    reads. A French unit's retreat records it, as a Prussian one's does."""
    for case in ("french-head-for-theirs", "prussians-head-for-their-loc"):
        out = tmp_path / case
        out.mkdir()
        r = run(cli, "--trace-dir", str(out), "ask", "--cases-root", str(source_dir / "cases"),
                str(source_dir / f"cases/jena/9.8.6/{case}.yaml"))
        assert r.returncode == 0, r.stderr
        ids = set()
        for f in out.glob("cited-*.ids"):
            ids |= set(f.read_text().split())
        assert "jena:9.8.6" in ids, (case, sorted(ids))
        assert "std:9.8.6" in ids
