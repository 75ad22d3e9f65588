"""Owns: tests of choosing the spec a program runs under — hexlaw.Spec(dir) and spec= in
Python, and the command line's --spec. The engine never picks a spec itself: what is read under
one (a case, a scenario, an answer, a game) keeps it."""
import pickle
import shutil
import subprocess

import pytest

import hexlaw

from conftest import SOURCE
from shared_cases import ZOC_CASE

RENAMED = "Zones of Control (as renamed in a copied spec)"


@pytest.fixture
def renamed_spec(tmp_path):
    """A copy of the source tree's spec/ in which std:7.0 has another title."""
    spec = tmp_path / "spec"
    shutil.copytree(SOURCE / "spec", spec)
    part1 = spec / "catalog" / "std" / "part1.yaml"
    text = part1.read_text()
    assert "  - id: std:7.0\n    title: Zones of Control\n" in text
    part1.write_text(text.replace("  - id: std:7.0\n    title: Zones of Control\n",
                                  f"  - id: std:7.0\n    title: {RENAMED}\n"))
    return spec


def test_the_default_spec_is_the_source_tree():
    spec = hexlaw.default_spec()
    assert spec.dir == str(SOURCE / "spec") or spec.dir.endswith("/spec")
    assert hexlaw.rule("std:7.0", spec=spec).title == hexlaw.rule("std:7.0").title == "Zones of Control"


def test_another_spec_directory_is_read_where_asked(renamed_spec):
    """std:7.0 — the same question under a copied spec cites that spec's catalog."""
    spec = hexlaw.Spec(renamed_spec)
    assert spec.dir == str(renamed_spec)
    assert hexlaw.rule("std:7.0", spec=spec).title == RENAMED
    answer = hexlaw.ask(ZOC_CASE, spec=spec)
    assert answer.spec.dir == spec.dir
    assert f"std:7.0  {RENAMED}" in answer.explain()
    assert hexlaw.ask(ZOC_CASE).outcome == answer.outcome
    assert RENAMED not in hexlaw.ask(ZOC_CASE).explain()  # the default is untouched


def test_an_answer_keeps_its_spec_alive(renamed_spec):
    answer = hexlaw.ask(ZOC_CASE, spec=hexlaw.Spec(renamed_spec))
    assert RENAMED in answer.explain()


def test_spec_takes_a_spec_object():
    with pytest.raises(TypeError):
        hexlaw.ask(ZOC_CASE, spec="spec")


def test_a_directory_without_a_catalog_is_a_spec_error(tmp_path):
    with pytest.raises(hexlaw.SpecError):
        hexlaw.Spec(tmp_path)


def test_a_game_pickles_with_its_spec_directory(renamed_spec):
    spec = hexlaw.Spec(renamed_spec)
    game = hexlaw.Game(SOURCE / "scenarios" / "meadow.yaml", seed=3, spec=spec)
    game.play("random", seed=3, max_decisions=20)
    assert game.scenario.spec.dir == spec.dir
    back = pickle.loads(pickle.dumps(game))
    assert back.scenario.spec.dir == spec.dir
    assert back.log == game.log
    default = pickle.loads(pickle.dumps(hexlaw.Game(SOURCE / "scenarios" / "meadow.yaml")))
    assert default.scenario.spec.dir == hexlaw.default_spec().dir


def run(cli, *args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=60)


def test_the_command_line_takes_the_spec_before_or_after_the_command(cli, renamed_spec):
    for args in (["--spec", str(renamed_spec), "rule", "std:7.0"], ["rule", "std:7.0", "--spec", str(renamed_spec)]):
        r = run(cli, *args)
        assert r.returncode == 0, r.stderr
        assert RENAMED in r.stdout
    assert RENAMED not in run(cli, "rule", "std:7.0").stdout


def test_the_command_line_refuses_a_directory_without_a_spec(cli, tmp_path):
    r = run(cli, "--spec", str(tmp_path), "spec-check")
    assert r.returncode == 2
    assert "catalog directory not found" in r.stderr
