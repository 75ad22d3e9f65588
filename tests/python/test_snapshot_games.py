"""Owns: the games' snapshot held against today's engine (scripts/snapshot.py writes it): seeded
games of every system and layer played to their end, as tests/snapshots/games.jsonl records them.

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


def test_every_snapshot_game_plays_as_recorded():
    """The seeded games of tests/snapshots/games.jsonl replayed today: the same number of decisions,
    verdict, rules applied, and the same record, log and final position."""
    expected = snapshot.read_snapshot(snapshot.GAMES)
    found = snapshot.play_all()
    problems = snapshot.compare(expected, found, "game")
    assert not problems, _report(problems)
