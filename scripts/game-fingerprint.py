#!/usr/bin/python3
"""Owns: a regression fingerprint of whole played games, the games' counterpart of the report's
behaviour hash over case outcomes. Plays seeded random games on generated scenarios (every
optional rule on in some of them) and prints one hash over their records, logs, final states
and results. Run it with two builds' modules and compare: a rebuild of the engine's internals
must not change it.

Usage: PYTHONPATH=build/python scripts/game-fingerprint.py [--games N]"""
import argparse
import hashlib
import json

import hexlaw

OPTION_SETS = [[], ["std:16.1", "std:16.2", "std:16.3", "std:16.4", "std:16.5", "std:16.6", "std:16.7"]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    args = ap.parse_args()
    digest = hashlib.sha256()
    decisions = 0
    for i in range(args.games):
        kwargs = dict(units_per_side=6 + i % 10, last_turn=4 + i % 6, seed=1000 + i)
        scenario = hexlaw.generated_scenario(**kwargs, options=OPTION_SETS[i % 2])
        game = hexlaw.Game(scenario, seed=i)
        game.play("random", seed=7 * i + 1)
        decisions += len(game.log["decisions"])
        for part in (game.record, game.log, game.result, json.loads(game.state.to_json("odd-columns-low"))):
            digest.update(json.dumps(part, sort_keys=True).encode())
    print(f"games {args.games}  decisions {decisions}  fingerprint {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
