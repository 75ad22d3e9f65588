#!/usr/bin/python3
"""Owns: docs/cookbook.md and its pictures — a dozen rules arguments settled, each with its
case file, the picture `hexlaw ask --svg` draws and the engine's answer. `make report` runs it
(report/collect.py), so the pictures and answers follow the engine; tests/python/test_desk.py
checks that every picture the cookbook shows exists and parses.

Usage: report/cookbook.py [--build DIR]"""
import argparse
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import children  # noqa: E402  report/children.py: the CLI runs stop when the collector is killed

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "cookbook.md"
PICTURES = ROOT / "docs" / "cookbook"

# (case under cases/, the argument it settles)
ENTRIES = [
    ("std/9.0/forest-example-totals",
     "The rulebook's forest battle: what are the totals, and which column do they use?"),
    ("std/9.9/forest-example",
     "The forest battle with the printed dice: who routs, where to, and who may advance?"),
    ("std/9.4.2/jena-bridge-and-town",
     "Jena's bridge and town: does the defender get the bridge and the town both?"),
    ("std/12.2/guard-across-the-bridge",
     "The Guard across the bridge: the rout, the break, and what it does to each side's morale."),
    ("std/12.2.1/guard-commit-across-bridge-example",
     "Does the Guard pay a Morale Point to move next to an enemy across a bridge?"),
    ("std/7.0/la-haye-sainte-town-to-town",
     "Does a unit in La Haye Sainte control Mont St. Jean, town to town?"),
    ("std/7.0/jena-bridge-no-zoc-across-river",
     "Does a unit control the far bank of the Saale at the Jena bridge?"),
    ("std/6.6/cavalry-road-four-hexes",
     "How far does cavalry go along a road (the 6.6 example)?"),
    ("std/9.8.2/fewest-enemy-zoc-hexes",
     "When a retreat must enter an enemy ZOC, which paths are still legal?"),
    ("std/9.4/bridge-benefit-only-if-all-across",
     "Does the defender keep the bridge benefit when one attacker is not across it?"),
    ("std/12.2.1/guard-reach-marks-committing-hexes",
     "Where can the Guard move, and which of those hexes commit it?"),
    ("jena/table.crt/odds-lone-duel",
     "Three against three on the 0 column: what are the exact odds of each outcome?"),
    ("jemmapes/6.2/example-of-combat-assault-drm",
     "Jemmapes' example of combat: the assault's ratio and modifiers."),
]


def ask(cli, case, *args):
    return children.run([cli, "ask", "--cases-root", str(ROOT / "cases"), str(case), *args],
                        capture_output=True, text=True, timeout=120)


def body_of(plain):
    """The answer's lines between the headline and the rules applied."""
    lines = plain.splitlines()
    out = []
    for line in lines[1:]:
        if line.startswith(("rules applied:", "dice (")):
            break
        out.append(line)
    return out


def write(cli):
    """Draws each entry's picture and writes the cookbook; returns the problems found."""
    PICTURES.mkdir(parents=True, exist_ok=True)
    problems = []
    parts = [
        "# The rules lawyer's cookbook",
        "",
        "A dozen rules arguments settled by the engine: each with its case file, the picture",
        "`hexlaw ask CASE --svg OUT.svg` draws of the position and what the answer decided, and the",
        "answer itself. Written by `make report` (report/cookbook.py) from the case files, so the",
        "pictures and answers are the engine's own; do not edit by hand.",
        "",
        "Reading a picture: counters show their side's colour, the type symbol and strength-allowance,",
        "with markers as tags (E elite, G guard, R routed); blue hexes are attackers, red defenders,",
        "green reachable, orange a zone of control, yellow a stop, red lines retreats, green lines",
        "advances, blue lines moves (numbered with the MP spent). Dashed rings are LOCs.",
        "",
    ]
    for n, (name, argument) in enumerate(ENTRIES, 1):
        case = ROOT / "cases" / f"{name}.yaml"
        picture = PICTURES / (name.replace("/", "__") + ".svg")
        r = ask(cli, case, "--svg", str(picture))
        j = ask(cli, case, "--json")
        if r.returncode != 0 or j.returncode != 0 or not picture.exists():
            problems.append((name, (r.stderr or j.stderr).strip() or "no picture"))
            continue
        answer = json.loads(j.stdout)
        title = next((l.split(":", 1)[1].strip() for l in case.read_text().splitlines() if l.startswith("title:")), name)
        parts += [
            f"## {n}. {title}",
            "",
            f"**The argument.** {argument}",
            "",
            f"Case file: [`cases/{name}.yaml`](../cases/{name}.yaml)",
            "",
            f"![{title}](cookbook/{picture.name})",
            "",
            f"**The answer.** {answer['headline']}",
            "",
        ]
        body = body_of(r.stdout)
        if body:
            parts += ["```text", *body, "```", ""]
        cites = ", ".join(f"`{c['id']}` {c['title']}" for c in answer["citations"])
        parts += [f"Rules cited: {cites}.", ""]
    text = "\n".join(parts)
    if not DOC.exists() or DOC.read_text(encoding="utf-8") != text:
        children.write_atomic(DOC, text)
    return problems


def draw_cases(cli, out_dir):
    """Draws every case file's picture (its position and answer) into out_dir/NAME.svg for the
    coverage page; returns the problems found (a case that could not be drawn)."""
    files = sorted(str(p) for p in (ROOT / "cases").rglob("*.yaml"))
    r = children.run([cli, "ask", "--cases-root", str(ROOT / "cases"), "--svg", str(out_dir), *files],
                     capture_output=True, text=True, timeout=600)
    problems = [("pictures", line) for line in r.stderr.splitlines() if line.startswith("internal error")]
    drawn = len(list(pathlib.Path(out_dir).rglob("*.svg")))
    if drawn < len(files):
        problems.append(("pictures", f"{drawn} of {len(files)} case pictures drawn"))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=str(ROOT / "build"))
    args = ap.parse_args()
    problems = write(str(pathlib.Path(args.build).resolve() / "hexlaw"))
    for name, why in problems:
        print(f"cookbook: {name}: {why}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
