"""Owns: the games' snapshots held against today's engine (scripts/snapshot.py writes them): seeded
games of every system and layer played to their end, as tests/snapshots/games.jsonl and the wider
games-many.jsonl record them. Cites no rule case: a snapshot pins, it does not judge
(scripts/snapshot.py says why)."""
import snapshot  # scripts/snapshot.py (conftest puts scripts/ on the path)


def test_every_snapshot_game_plays_as_recorded():
    """The seeded games of tests/snapshots/games.jsonl replayed today: the same number of decisions,
    verdict, rules applied, and the same record, log and final position."""
    expected = snapshot.read_snapshot(snapshot.GAMES)
    found = snapshot.play_all()
    problems = snapshot.compare(expected, found, "game")
    assert not problems, snapshot.failure_message(problems)


def test_every_wider_snapshot_game_plays_as_recorded():
    """The thousand-odd games of tests/snapshots/games-many.jsonl replayed today: the same number of
    decisions, verdict, and the same record, log and final position."""
    expected = snapshot.read_snapshot(snapshot.MANY_GAMES)
    found = snapshot.play_all(many=True)
    problems = snapshot.compare(expected, found, "game")
    assert not problems, snapshot.failure_message(problems)
