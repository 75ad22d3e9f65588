#!/usr/bin/python3
"""Owns: the answer snapshots, the regression guard that pins what the engine says today.

Three files under tests/snapshots/, all written by this script and read by
tests/python/test_snapshot_cases.py and test_snapshot_games.py (in `make test`) and by `make mutate`:

- case-answers.jsonl: every case file's whole answer (outcome, trace with its reasons, dice,
  headline, or the refusal), one line a case, sorted by case. A case file's `expect` pins what
  its author reasoned out (the outcome and the cited rules); the snapshot pins everything else
  the answer says, so a change to a reason, a headline or an unasked part of the outcome is seen.
  The catalog's titles and summaries are left out (they are spec text, not engine answers).
- games.jsonl: seeded games of every system and layer (generated scenarios, the historical
  ones, every optional rule on in some), each played to its end by a seeded policy, with a
  digest of its record, its log, its result and its final state.
- games-many.jsonl: about a thousand more games of the same kinds (more generated scenarios, more
  seeds of the shipped ones), kept as digests only. Measured on mutants that survived earlier
  samples, the wider plan caught 2 of 9 that the first 140 games missed (docs/mutation-runs.md);
  it costs about 15 s.

A snapshot records; it does not judge. It says an answer changed, never that the old one was
right: the case files, examples and properties do that. So a change the author meant is taken
by `make snapshots` (then read the diff of the two files before committing); an unmeant one is
a regression. Builders of other engines may diff their answers against case-answers.jsonl.

Usage:
  scripts/snapshot.py --update [--cli build/hexlaw]    # rewrite both files (needs build/python)
  scripts/snapshot.py --check  [--cli build/hexlaw]    # exit 1 and name the first differences
"""
import argparse
import hashlib
import json
import os
import pathlib
import random
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "snapshots" / "case-answers.jsonl"
GAMES = ROOT / "tests" / "snapshots" / "games.jsonl"
MANY_GAMES = ROOT / "tests" / "snapshots" / "games-many.jsonl"


# --- case answers ----------------------------------------------------------------------------

def canonical_answer(line, root):
    """One line of `hexlaw ask --jsonl` as the snapshot keeps it: (case, JSON text), or None for
    a line that is not an answer. The file's path, the check of its `expect` (that is the case
    file's own test) and the catalog texts of its citations are dropped."""
    if not line.startswith("{"):
        return None
    d = json.loads(line)
    if "case" not in d:
        return None
    kept = {"case": d["case"], "rules": d.get("rules", [])}
    if "refused" in d:
        kept["refused"] = d["refused"]
    if "error" in d:
        kept["error"] = d["error"]
    if "answer" in d:
        answer = dict(d["answer"])
        answer.pop("case", None)
        answer["citations"] = [c.get("id") for c in answer.get("citations", [])]
        kept["answer"] = answer
    text = json.dumps(kept, sort_keys=True, separators=(",", ":"))
    return d["case"], text.replace(str(root.resolve()) + "/", "")


def case_files(root):
    return sorted(str(p) for p in (root / "cases").rglob("*.yaml"))


def ask_all(cli, root):
    """Every case file's canonical answer, {case: text}, from one `hexlaw ask` run."""
    out = subprocess.run([str(cli), "ask", "--jsonl", "--cases-root", str(root / "cases"), *case_files(root)],
                         capture_output=True, text=True, cwd=root)
    answers = {}
    for line in out.stdout.splitlines():
        kept = canonical_answer(line, root)
        if kept:
            answers[kept[0]] = kept[1]
    return answers


def read_snapshot(path):
    """{key: line} of a snapshot file (key: the case, or the game's name)."""
    found = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            if line.strip():
                found[json.loads(line)["case" if path.name == CASES.name else "game"]] = line
    return found


def first_difference(old, new):
    """Where two JSON texts first differ, as a short path (answer.trace[3].reason) and both values."""
    def walk(a, b, at):
        if type(a) is not type(b):
            return at or "(whole)", a, b
        if isinstance(a, dict):
            for k in sorted(set(a) | set(b)):
                if k not in a or k not in b or a[k] != b[k]:
                    if k not in a or k not in b:
                        return f"{at}.{k}".lstrip("."), a.get(k, "(absent)"), b.get(k, "(absent)")
                    return walk(a[k], b[k], f"{at}.{k}".lstrip("."))
        if isinstance(a, list):
            for i, (x, y) in enumerate(zip(a, b)):
                if x != y:
                    return walk(x, y, f"{at}[{i}]")
            if len(a) != len(b):
                return f"{at} (length)", len(a), len(b)
        return at or "(whole)", a, b
    return walk(json.loads(old), json.loads(new), "")


def compare(expected, found, what):
    """Differences between a snapshot and today's answers, as lines naming each key and where
    it first differs; empty when equal."""
    problems = []
    for key in sorted(set(expected) | set(found)):
        if key not in found:
            problems.append(f"{what} {key}: in the snapshot, not answered today (case removed or renamed?)")
        elif key not in expected:
            problems.append(f"{what} {key}: answered today, not in the snapshot (new: take it with `make snapshots`)")
        elif expected[key] != found[key]:
            at, old, new = first_difference(expected[key], found[key])
            problems.append(f"{what} {key}: differs at {at}: snapshot {json.dumps(old)[:300]} / today {json.dumps(new)[:300]}")
    return problems


def failure_message(problems):
    """A test's failure text: how many answers differ, the first twenty with where each differs."""
    shown = "\n".join(problems[:20]) + (f"\n... and {len(problems) - 20} more" if len(problems) > 20 else "")
    return f"{len(problems)} answers differ from the snapshot (meant? `make snapshots`, then read the diff):\n{shown}"


# --- games -----------------------------------------------------------------------------------

# The choices a thrifty player never takes while another is offered: the spending of morale
# points and the declarations of battles, so games run long enough to reach night, rallies
# and arrivals (random play spends every point and often ends early).
SPENDING = ("forced-march", "accelerate", "rally spending", "commit reserves", "declare")


def _thrifty(game, seed):
    rng = random.Random(seed)
    while not game.over:
        choices = game.choices
        keep = [i for i, c in enumerate(choices) if not c.startswith(SPENDING)]
        game.choose(rng.choice(keep or list(range(len(choices)))))


def _digest(value):
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def game_plan(many=False):
    """The games, each (name, maker): a maker plays its game and returns the game object. Every
    system and layer, both policies, the generated scenarios with and without the optional rules,
    and the scenario files the project ships. `many`: the wider plan of games-many.jsonl instead,
    none of them among the first: more generated scenarios and more seeds of the same kinds."""
    import hexlaw
    std_options = ["std:16.1", "std:16.2", "std:16.3", "std:16.4", "std:16.5", "std:16.6", "std:16.7"]
    layer_options = {"standard": std_options, "jena": std_options, "dresden": ["dresden:16.8"],
                     "leipzig": ["leipzig:16.10", "leipzig:16.11", "leipzig:16.12"]}
    plan = []
    generated_range = range(12, 100) if many else range(12)
    file_seeds = range(3, 26) if many else (1, 2)
    jemmapes_range = range(16, 100) if many else range(16)
    jemmapes_file_seeds = range(4, 26) if many else (1, 2, 3)

    def generated(game_name, i, policy):
        options = layer_options[game_name] if i % 2 else []
        kwargs = dict(units_per_side=6 + i % 8, cols=15 + i % 4, rows=12 + i % 3, last_turn=5 + i % 6,
                      night_turns=[4 + i % 3], seed=100 + i, game=game_name, options=options)

        def make():
            if game_name == "dresden":  # the Elbe, the garrisons and the weather track of its own maker
                scenario = hexlaw.dresden_scenario(units_per_side=kwargs["units_per_side"], last_turn=kwargs["last_turn"],
                                                   options=options, seed=kwargs["seed"])
            else:
                scenario = hexlaw.generated_scenario(**kwargs)
            game = hexlaw.Game(scenario, seed=i)
            if policy == "random":
                game.play("random", seed=7 * i + 1)
            else:
                _thrifty(game, 7 * i + 1)
            return game
        return make

    for game_name in ("standard", "jena", "dresden", "leipzig"):
        for i in generated_range:
            for policy in ("random", "thrifty"):
                plan.append((f"{game_name}/generated/{i}/{policy}", generated(game_name, i, policy)))

    def scenario_file(path, seed, policy):
        def make():
            game = hexlaw.Game(str(ROOT / "scenarios" / path), seed=seed)
            if policy == "random":
                game.play("random", seed=seed + 100)
            else:
                _thrifty(game, seed + 100)
            return game
        return make

    for path in ("meadow.yaml", "jena-generated.yaml", "dresden-historical.yaml", "leipzig-historical.yaml"):
        for seed in file_seeds:
            for policy in ("random", "thrifty"):
                plan.append((f"{path}/{seed}/{policy}", scenario_file(path, seed, policy)))

    def jemmapes_generated(i):
        # The first plan's formations (2-3 a side, 2-4 units, 2-5 rounds); the wider one's also
        # single-unit formations, three a side and longer games.
        shape = (dict(formations_per_side=2 + i % 3, units_per_formation=1 + i % 4, last_round=2 + i % 6) if many else
                 dict(formations_per_side=2 + i % 2, units_per_formation=2 + i % 3, last_round=2 + i % 4))

        def make():
            scenario = hexlaw.jemmapes_generated_scenario(**shape, seed=200 + i)
            game = hexlaw.JemmapesGame(scenario, seed=i)
            game.play(seed=7 * i + 1)
            return game
        return make

    for i in jemmapes_range:
        plan.append((f"jemmapes/generated/{i}", jemmapes_generated(i)))

    def jemmapes_file(path, seed):
        def make():
            game = hexlaw.JemmapesGame(hexlaw.jemmapes_scenario((ROOT / "scenarios" / path).read_text(), path), seed=seed)
            game.play(seed=seed + 100)
            return game
        return make

    for path in ("jemmapes-skirmish.yaml", "jemmapes-generated.yaml", "jemmapes-historical-invented.yaml",
                 "jemmapes-odd-ids.yaml"):
        for seed in jemmapes_file_seeds:
            plan.append((f"{path}/{seed}", jemmapes_file(path, seed)))
    return plan


def game_line(name, game, compact=False):
    """A played game as the snapshot keeps it: its length and verdict in the clear, the digests
    of its record, log and final position, and (unless `compact`, as games-many.jsonl keeps them)
    the rules it applied."""
    if hasattr(game, "state"):  # a Napoleonic 20 game
        final = json.loads(game.state.to_json("odd-columns-low"))
        verdict = game.result
        decisions = len(game.log["decisions"])
    else:  # a Jemmapes game
        final = game.units
        verdict = {"winner": game.winner, "round": game.round}
        decisions = len(json.loads(game.log_json()).get("decisions", []))
    line = {"game": name, "decisions": decisions, "verdict": verdict, "record": _digest(game.record),
            "log": _digest(game.log if hasattr(game, "state") else json.loads(game.log_json())),
            "final": _digest(final)}
    if not compact:
        line["rules_applied"] = sorted(game.rules_applied)
    return json.dumps(line, sort_keys=True, separators=(",", ":"))


def play_all(many=False):
    """{name: line} for every game of the plan (`many`: the wider plan, its lines compact)."""
    return {name: game_line(name, make(), compact=many) for name, make in game_plan(many)}


# --- the command line ------------------------------------------------------------------------

def write(path, lines):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(lines[k] + "\n" for k in sorted(lines)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--update", action="store_true", help="rewrite the snapshots from this build")
    mode.add_argument("--check", action="store_true", help="compare this build's answers with the snapshots")
    ap.add_argument("--cli", default=os.environ.get("HEXLAW_CLI", str(ROOT / "build" / "hexlaw")))
    ap.add_argument("--only", choices=("cases", "games"), help="one of the two snapshots")
    args = ap.parse_args()
    cases = ask_all(pathlib.Path(args.cli), ROOT) if args.only != "games" else None
    games = play_all() if args.only != "cases" else None
    many = play_all(many=True) if args.only != "cases" else None
    if args.update:
        if cases is not None:
            write(CASES, cases)
            print(f"{CASES.relative_to(ROOT)}: {len(cases)} case answers")
        if games is not None:
            write(GAMES, games)
            print(f"{GAMES.relative_to(ROOT)}: {len(games)} games")
            write(MANY_GAMES, many)
            print(f"{MANY_GAMES.relative_to(ROOT)}: {len(many)} games")
        return 0
    problems = []
    if cases is not None:
        problems += compare(read_snapshot(CASES), cases, "case")
    if games is not None:
        problems += compare(read_snapshot(GAMES), games, "game")
        problems += compare(read_snapshot(MANY_GAMES), many, "game")
    for p in problems[:40]:
        print(p)
    if len(problems) > 40:
        print(f"... and {len(problems) - 40} more")
    print("snapshots: " + ("equal" if not problems else f"{len(problems)} differences"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
