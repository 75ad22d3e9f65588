"""Owns: the case-answer snapshot held against today's engine (scripts/snapshot.py writes it):
every case file's whole answer, line for line; and the comparison's own messages. The games'
snapshot is test_snapshot_games.py (a file of its own, so `make mutate`'s coverage map knows
which mutants the games execute).

These tests cite no rule case: a snapshot records what the engine says, it does not judge it,
so passing them vouches for no rule in the coverage report. They fail on any change to an
answer; a change that was meant is taken with `make snapshots` and read in the diff."""
import os
import pathlib
import sys

SOURCE = pathlib.Path(os.environ.get("HEXLAW_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(SOURCE / "scripts"))
import snapshot  # noqa: E402


def _report(problems):
    shown = "\n".join(problems[:20]) + (f"\n... and {len(problems) - 20} more" if len(problems) > 20 else "")
    return f"{len(problems)} answers differ from the snapshot (meant? `make snapshots`, then read the diff):\n{shown}"


def test_every_case_files_whole_answer_equals_its_snapshot(cli):
    """Every case file under cases/ answered today, line for line as tests/snapshots/case-answers.jsonl
    keeps it: outcome, trace and reasons, dice, headline, refusal."""
    expected = snapshot.read_snapshot(snapshot.CASES)
    found = snapshot.ask_all(pathlib.Path(cli), SOURCE)
    assert len(found) == len(snapshot.case_files(SOURCE)), "some case file gave no answer line"
    problems = snapshot.compare(expected, found, "case")
    assert not problems, _report(problems)


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
