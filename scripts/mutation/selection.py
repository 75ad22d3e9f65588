"""Owns: choosing which mutants a run tries — the files (MUTATE_FILES), the seeded sample
(MUTANTS, SEED), explicit ids — and reading the record of equivalent mutants
(tests/mutation/equivalent.txt), which are never run or counted as survivors."""
import random
import re

from . import operators

# The rule code of every system and layer. A file with no RULE tag holds no rule code (readers,
# indexes, state plumbing) and is left out unless MUTATE_FILES names it.
# A header is taken only by name: rule code split out of one .cc into a header only it includes
# (engine/n20/retreat_ground.h: Ground, inline for the retreat search's speed).
DEFAULT_FILES = ("engine/n20/*.cc", "engine/n20/games/*.cc", "engine/jemmapes/*.cc", "engine/n20/retreat_ground.h")
EQUIVALENT_FILE = "tests/mutation/equivalent.txt"
LINE = re.compile(r"^([0-9a-f]{10})\s+(\S+)\s+(.*?)\s+—\s+(.+)$")


def rule_files(root, patterns):
    """Source files matching the patterns (globs relative to root, separated by spaces or commas).
    With the default patterns only files that carry a RULE tag are taken."""
    explicit = bool(patterns)
    pats = [p for p in re.split(r"[\s,]+", patterns or "") if p] or list(DEFAULT_FILES)
    out = []
    for pat in pats:
        hits = sorted(p for p in root.glob(pat) if p.is_file() and p.suffix in (".cc", ".h"))
        if not hits and explicit:
            raise SystemExit(f"mutate: MUTATE_FILES: no .cc or .h file matches '{pat}'")
        for p in hits:
            rel = str(p.relative_to(root))
            if rel in out:
                continue
            if not explicit and not operators.rule_tags(p.read_text(encoding="utf-8")):
                continue
            out.append(rel)
    return out


def read_equivalents(root):
    """{mutant id: (where, reason)} from the equivalent-mutant record. Each line:
    `ID  FILE:LINE  MUTATION — reason`; FILE:LINE is for the reader (ids survive line shifts)."""
    path = root / EQUIVALENT_FILE
    out = {}
    if not path.is_file():
        return out
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = LINE.match(line)
        if not m:
            raise SystemExit(f"mutate: {EQUIVALENT_FILE}:{n}: expected `ID  FILE:LINE  MUTATION — reason`, got: {line}")
        out[m.group(1)] = (m.group(2), m.group(4).strip())
    return out


def candidates(root, files):
    out = []
    for rel in files:
        out += operators.mutants(rel, (root / rel).read_text(encoding="utf-8"))
    return out


def choose(cands, equivalents, count, seed, ids=None, std_weight=1.0):
    """(to run, known equivalents among the candidates). `count` None or 0 means every one.
    `std_weight` > 1 gives the standard rules' strata that many times their share of a sample."""
    if ids:
        by_id = {m.id: m for m in cands}
        missing = [i for i in ids if i not in by_id]
        if missing:
            raise SystemExit(f"mutate: no mutant with id {', '.join(missing)} in the chosen files")
        chosen = [by_id[i] for i in ids]
        return [m for m in chosen if m.id not in equivalents], [m for m in chosen if m.id in equivalents]
    equivalent = [m for m in cands if m.id in equivalents]
    pool = [m for m in cands if m.id not in equivalents]
    pool = sorted(pool, key=lambda m: (m.file, m.start, m.mutation))
    if count and count < len(pool):
        # A sample runs in a seeded random order, not file by file, so a run stopped early still
        # holds every rule area in about its share.
        pool = sorted(stratified(pool, count, seed, std_weight), key=lambda m: (m.file, m.start, m.mutation))
        random.Random(seed).shuffle(pool)
    return pool, equivalent


def stratum(rel):
    """The stratum a file's mutants are sampled in: each file of the standard rules (movement,
    zoc, combat, retreat, rally, morale… one concern each), each game layer, Jemmapes."""
    parts = rel.split("/")
    if rel.startswith("engine/n20/games/"):
        return "layer:" + parts[-1].split(".")[0].split("_")[0]
    if rel.startswith("engine/jemmapes/"):
        return "jemmapes"
    return rel


def stratified(pool, count, seed, std_weight=1.0):
    """A seeded sample of `count` mutants, stratified: each stratum (see `stratum`) gets its share
    of the count in proportion to its candidates (largest remainders first, ties by name), so
    every rule area is sampled and the sample weighs each area as the rule code does. Within a
    stratum the mutants are a simple random sample. With `std_weight` w > 1 each stratum of the
    standard rules counts its candidates w times (never more than it has): the per-area figures
    stay fair, but the overall rate then over-weighs the standard rules."""
    groups = {}
    for m in pool:
        groups.setdefault(stratum(m.file), []).append(m)
    names = sorted(groups)
    weight = {g: len(groups[g]) * (std_weight if g.startswith("engine/n20/") else 1.0) for g in names}
    total = sum(weight.values())
    exact = {g: min(len(groups[g]), count * weight[g] / total) for g in names}
    share = {g: int(exact[g]) for g in names}
    for g in sorted(names, key=lambda g: (-(exact[g] - share[g]), g))[:count - sum(share.values())]:
        share[g] += 1
    rng = random.Random(seed)
    out = []
    for g in names:
        out += rng.sample(groups[g], share[g])
    return out

