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
    header = path.read_text().splitlines()[0]
    field, reason = (s.strip() for s in header.removeprefix("# expect-error:").split("|", 1))
    r = run(cli, "ask", "--check", str(path))
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert str(path) in r.stderr and field in r.stderr and reason in r.stderr, r.stderr
    assert r.stdout == ""
