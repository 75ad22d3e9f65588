"""Owns: reading what the project says about each rule case without running anything — the
catalog (through the hexlaw module, the one parser of spec/) and the RULE tags in engine
code with the function each sits in."""
import pathlib
import re

RULE_ID = r"(?:std|jena|dresden|leipzig|jemmapes):(?:table\.[a-z0-9-]+|\d+(?:\.\d+)*[a-z]?)"
TAG = re.compile(r"//\s*RULE\s+(" + RULE_ID + r"|\S+)\s*(\(part[^)]*\))?\s*(?:—|-)?\s*(.*)$")
# `// REFUSES id — what`: a branch that refuses, by name, a part of the case not implemented.
REFUSAL = re.compile(r"//\s*REFUSES\s+(" + RULE_ID + r"|\S+)\s*(?:—|-)?\s*(.*)$")
# `// SOURCE-MISSING id — what`: a branch that refuses because the source lacks what it needs (a
# table cell, a map, a procedure). An annotation: it neither implements the case nor blocks it.
SOURCE_MISSING = re.compile(r"//\s*SOURCE-MISSING\s+(" + RULE_ID + r"|\S+)\s*(?:—|-)?\s*(.*)$")
# A function definition opening at column 0: "Type name(args) {" or "Type Class::name(".
FUNCTION = re.compile(r"^(?!(?:if|for|while|switch|return|namespace|struct|class|enum|using|template)\b)"
                      r"[A-Za-z_][\w:<>,\*&\s]*?\b([A-Za-z_~][\w:~]*)\s*\(")
LAMBDA_KIND = re.compile(r'^\s*"([a-z-]+)",\s*$')


def catalog_cases(hexlaw):
    """Every catalogued case as a dict, in catalog order."""
    out = []
    for c in hexlaw.rules():
        out.append({
            "id": c.id, "book": c.book, "number": c.number, "title": c.title, "kind": c.kind,
            "status": c.status, "summary": " ".join(c.summary.split()),
            "printings": list(c.printings), "overrides": list(c.overrides),
            "status_reason": " ".join(c.status_reason.split()), "file": c.file,
            "notes": [{"kind": n.kind, "text": " ".join(n.text.split()), "ruling": " ".join(n.ruling.split()),
                       "switch": getattr(n, "switch")} for n in c.notes],
        })
    return out


def _documented_function(lines, number):
    """The function a tag documents when the tag sits in the comment block right above a
    function definition (lines are 1-based; `number` is the tag's line)."""
    for line in lines[number:]:
        if line.lstrip().startswith("//"):
            continue
        m = FUNCTION.match(line)
        return m.group(1) if m and not line.rstrip().endswith(";") else None
    return None


def rule_tags(source_root):
    """(case_id, file, line, function, text, partial) for every `// RULE id — text` tag under
    engine/; `// RULE id (part: …) — text` marks a partial implementation, and
    `// REFUSES id — what` a refusal by name of what is not implemented (partial, its text
    starting "refuses:"), and `// SOURCE-MISSING id — what` a refusal for want of source text
    (not partial, its text starting "source-missing:"; it counts neither for nor against the
    case being implemented)."""
    root = pathlib.Path(source_root)
    tags = []
    for path in sorted((root / "engine").rglob("*")):
        if path.suffix not in {".cc", ".h"}:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        function = ""
        for number, line in enumerate(lines, start=1):
            m = FUNCTION.match(line)
            if m and not line.rstrip().endswith(";"):
                function = m.group(1)
            r = REFUSAL.search(line)
            if r:
                owner = _documented_function(lines, number) or function
                tags.append((r.group(1), str(path.relative_to(root)), number, owner,
                             ("refuses: " + r.group(2).strip()).strip(), True))
                continue
            m = SOURCE_MISSING.search(line)
            if m:
                owner = _documented_function(lines, number) or function
                tags.append((m.group(1), str(path.relative_to(root)), number, owner,
                             ("source-missing: " + m.group(2).strip()).strip(), False))
                continue
            t = TAG.search(line)
            if t:
                owner = _documented_function(lines, number) or function
                partial = t.group(2) or ""
                tags.append((t.group(1), str(path.relative_to(root)), number, owner,
                             (partial + " " + t.group(3).strip()).strip(), bool(partial)))
    return tags


def implemented_ids(tags):
    """The cases with a whole RULE tag and no REFUSES tag; SOURCE-MISSING annotations count
    neither way (a refusal for want of source text does not make a case partial)."""
    refused = {t[0] for t in tags if t[4].startswith("refuses:")}
    return {t[0] for t in tags if not t[5] and not t[4].startswith("source-missing:")} - refused
