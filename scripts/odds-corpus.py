#!/usr/bin/python3
"""Owns: a regression corpus for exact odds, the chance-tree counterpart of the report's
behaviour hash. Every case file that resolves a battle is rewritten into enumerated variants
(the `odds` and the `resolve` kinds, dice: enumerate), with strengths and morale shifted by a
fixed seed so that other columns, routs and hazard rolls are reached, and optional rules and
switches turned on in some. Writes the variants to a folder; answer them with two builds
(`hexlaw ask --jsonl`) and compare the outputs byte for byte: a rebuild of the resolver must
not change an answer.

Usage: scripts/odds-corpus.py OUT_DIR [--variants N]"""
import argparse
import pathlib
import random

import yaml

OPTIONS = ["std:16.3", "std:16.5", "std:16.4"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--variants", type=int, default=4)
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(20261130)
    written = 0
    for path in sorted(pathlib.Path("cases").rglob("*.yaml")):
        doc = yaml.safe_load(path.read_text())
        q = doc.get("question", {})
        if q.get("kind") not in ("resolve", "odds"):
            continue
        for v in range(args.variants):
            for kind in ("odds", "resolve"):
                d = yaml.safe_load(path.read_text())
                d.pop("expect", None)
                d["dice"] = "enumerate"
                d["question"]["kind"] = kind
                d["title"] = f"{d.get('title', path.stem)} (variant {v}, {kind})"
                if v > 0:
                    for u in d.get("units", []):
                        if "strength" in u and u["strength"] > 0:
                            u["strength"] = max(1, u["strength"] + rng.randint(-2, 2))
                    morale = d.get("state", {}).get("morale")
                    if isinstance(morale, dict):
                        for side in morale:
                            morale[side] = rng.randint(1, 10)
                if v == 2 and "options" not in d:
                    d["options"] = rng.sample(OPTIONS, 2)
                name = f"{path.parent.name}-{path.stem}-{v}-{kind}.yaml"
                (out / name).write_text(yaml.safe_dump(d, sort_keys=False))
                written += 1
    print(f"{written} case files in {out}")


if __name__ == "__main__":
    main()
