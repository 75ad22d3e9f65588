"""Owns: the case-answer snapshot held against today's engine (scripts/snapshot.py writes it):
every case file's whole answer, line for line; and the comparison's own messages. The games'
snapshot is test_snapshot_games.py (a file of its own, so `make mutate`'s coverage map knows
which mutants the games execute).
Cites no rule case: a snapshot pins, it does not judge (scripts/snapshot.py says why)."""
import pathlib

import snapshot  # scripts/snapshot.py (conftest puts scripts/ on the path)


def test_every_case_files_whole_answer_equals_its_snapshot(cli, source_dir):
    """Every case file under cases/ answered today, line for line as tests/snapshots/case-answers.jsonl
    keeps it: outcome, trace and reasons, dice, headline, refusal."""
    expected = snapshot.read_snapshot(snapshot.CASES)
    found = snapshot.ask_all(pathlib.Path(cli), source_dir)
    assert len(found) == len(snapshot.case_files(source_dir)), "some case file gave no answer line"
    problems = snapshot.compare(expected, found, "case")
    assert not problems, snapshot.failure_message(problems)


def test_a_changed_answer_is_named_with_where_it_differs():
    """The comparison names the case and the first place its answer differs, and a case missing
    on either side; so a failure above says what changed, not only that something did."""
    old = {"a": '{"case":"a","answer":{"trace":[{"reason":"x"},{"reason":"y"}]}}', "b": '{"case":"b"}'}
    new = {"a": '{"case":"a","answer":{"trace":[{"reason":"x"},{"reason":"z"}]}}', "c": '{"case":"c"}'}
    problems = snapshot.compare(old, new, "case")
    assert problems[0].startswith("case a: differs at answer.trace[1].reason: snapshot \"y\" / today \"z\"")
    assert any(p.startswith("case b: in the snapshot, not answered today") for p in problems)
    assert any(p.startswith("case c: answered today, not in the snapshot") for p in problems)
    assert snapshot.compare(old, dict(old), "case") == []
