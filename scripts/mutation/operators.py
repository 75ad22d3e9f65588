"""Owns: finding the mutants of a C++ source file — the operators (comparisons, logic, negation,
boolean literals, integer constants ±1, deleted guards and loop exits), the stable id of each
mutant, and the rule case each is attributed to (its nearest RULE tag). Pure text work: no build,
no run, so it is tested on its own (tests/python/test_mutation.py)."""
import dataclasses
import hashlib
import re

RULE_ID = r"(?:std|jena|dresden|leipzig|jemmapes):(?:table\.[a-z0-9-]+|\d+(?:\.\d+)*[a-z]?)"
# A RULE, REFUSES or SOURCE-MISSING tag names the case the code below it serves.
TAG = re.compile(r"//\s*(?:RULE|REFUSES|SOURCE-MISSING)\s+(" + RULE_ID + r")")


@dataclasses.dataclass
class Mutant:
    id: str            # stable across line shifts: file, source line text, its occurrence, column, mutation
    file: str          # relative to the source root
    line: int          # 1-based line where the mutated text starts
    start: int         # offset of the replaced span in the file's text
    end: int
    replacement: str
    mutation: str      # e.g. "`<` -> `<=`", "guard `if (…)` -> `if (false)`"
    rule_id: str       # nearest RULE tag (see attribute); "" when the file has none
    source: str        # the original line, stripped

    def apply(self, text):
        """The file's text with this mutant applied."""
        return text[:self.start] + self.replacement + text[self.end:]


def code_mask(text):
    """A copy of `text` in which comments, string and character literals and preprocessor lines
    are blanked to spaces (newlines kept), so operators are only ever found in code."""
    out = list(text)
    i, n = 0, len(text)
    at_line_start = True

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if c == "\n":
            at_line_start = True
            i += 1
            continue
        if at_line_start and c in " \t":
            i += 1
            continue
        if at_line_start and c == "#":  # a preprocessor line (with continuations)
            j = i
            while j < n and (text[j] != "\n" or text[j - 1] == "\\"):
                j += 1
            blank(i, j)
            i = j
            continue
        at_line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            blank(i, j)
            i = j
        elif c == 'R' and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            close = ")" + m.group(1) + '"' if m else ')"'
            j = text.find(close, i + 2)
            j = n if j < 0 else j + len(close)
            blank(i, j)
            i = j
        elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):  # 1'000 digit separators stay
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            blank(i, min(j + 1, n))
            i = j + 1
        else:
            i += 1
    return "".join(out)


def _matching(mask, open_at, open_ch="(", close_ch=")"):
    """Offset of the bracket closing the one at `open_at`, or -1."""
    depth = 0
    for k in range(open_at, len(mask)):
        if mask[k] == open_ch:
            depth += 1
        elif mask[k] == close_ch:
            depth -= 1
            if depth == 0:
                return k
    return -1


def _trace_spans(mask):
    """Spans of the argument lists of `.cite(` calls: text built only to explain an answer,
    never deciding it, so no mutant is made inside them."""
    spans = []
    for m in re.finditer(r"\.\s*cite\s*\(", mask):
        end = _matching(mask, m.end() - 1)
        if end > 0:
            spans.append((m.end() - 1, end))
    return spans


def function_regions(mask):
    """(first_line, last_line) of each top-level block — a function body (or class) not nested
    in another, with the lines above it back to the end of the previous block, so a tag in the
    comment right above a function belongs to it. Namespace braces are transparent."""
    regions, stack = [], []
    statement_start = 0
    prev_end_line = 1
    line_of = _line_index(mask)
    for k, ch in enumerate(mask):
        if ch == "{":
            head = mask[statement_start:k]
            kind = "ns" if re.search(r"\bnamespace\b[^;{}]*$|\bextern\s*$", head) else "block"
            if kind == "block" and all(s == "ns" for s, _ in stack):
                stack.append(("top", k))
            else:
                stack.append((kind, k))
            statement_start = k + 1
        elif ch == "}":
            if stack:
                kind, _ = stack.pop()
                if kind == "top":
                    end_line = line_of(k)
                    regions.append((prev_end_line, end_line))
                    prev_end_line = end_line + 1
                elif kind == "ns":
                    prev_end_line = line_of(k) + 1
            statement_start = k + 1
        elif ch == ";":
            statement_start = k + 1
    return regions


def _line_index(text):
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def line_of(offset):
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1
    return line_of


def rule_tags(text):
    """[(line, case_id)] for every RULE / REFUSES / SOURCE-MISSING tag in the file."""
    return [(n, m.group(1)) for n, line in enumerate(text.splitlines(), start=1) for m in [TAG.search(line)] if m]


def attribute(line, tags, regions):
    """The rule case of the code at `line`: the nearest tag above it in its function; else the
    first tag further down that function (a tag may sit after the steps it names); else the
    nearest tag above it in the file; else the first below. "" when the file has no tag."""
    if not tags:
        return ""
    region = next(((a, b) for a, b in regions if a <= line <= b), None)
    if region:
        above = [cid for n, cid in tags if region[0] <= n <= line]
        if above:
            return above[-1]
        below = [cid for n, cid in tags if line < n <= region[1]]
        if below:
            return below[0]
    above = [cid for n, cid in tags if n <= line]
    return above[-1] if above else tags[0][1]


# Each operator: (regex over the masked text, function match -> [(replacement, mutation label)]).
SWAP_COMPARISON = {"==": "!=", "!=": "==", "<": "<=", "<=": "<", ">": ">=", ">=": ">"}


def _int_mutants(m):
    value = int(m.group(0))
    out = [(str(value + 1), f"`{value}` -> `{value + 1}`")]
    if value > 0:
        out.append((str(value - 1), f"`{value}` -> `{value - 1}`"))
    return out


SIMPLE_OPERATORS = [
    # comparisons: spaced binary operators only (templates and streams are unspaced or doubled)
    (re.compile(r"(?<=\s)(==|!=|<=|>=|<|>)(?=\s)"), lambda m: [(SWAP_COMPARISON[m.group(0)],
                                                               f"`{m.group(0)}` -> `{SWAP_COMPARISON[m.group(0)]}`")]),
    (re.compile(r"(?<=\s)(&&|\|\|)(?=\s)"), lambda m: [("||" if m.group(0) == "&&" else "&&",
                                                        f"`{m.group(0)}` -> `{'||' if m.group(0) == '&&' else '&&'}`")]),
    (re.compile(r"(?<![=!<>])!(?!=)"), lambda m: [("", "delete `!`")]),
    (re.compile(r"\b(true|false)\b"), lambda m: [("false" if m.group(0) == "true" else "true",
                                                  f"`{m.group(0)}` -> `{'false' if m.group(0) == 'true' else 'true'}`")]),
    (re.compile(r"(?<![\w.'])\d+(?![\w.'])"), _int_mutants),
    (re.compile(r"\b(continue|break)\s*;"), lambda m: [(";", f"delete `{m.group(1)}`")]),
]

GUARD = re.compile(r"\bif\s*\(")
DECLARATION = re.compile(r"(?<![=!<>+\-*/%&|^])=(?!=)")


def _guards(mask):
    """(start, end, replacement, label) for each `if (cond)`: the condition becomes false, so the
    guarded branch (an early return, a refusal, a special case) is deleted. A condition that
    declares a variable keeps the declaration as an init-statement: `if (T x = f(); false)`."""
    for m in GUARD.finditer(mask):
        if re.match(r"\s*constexpr", mask[m.end():]):
            continue
        close = _matching(mask, m.end() - 1)
        if close < 0:
            continue
        cond = mask[m.end():close]
        if ";" in cond:
            init = cond[:cond.rindex(";")]
            yield m.end(), close, None, init
        elif DECLARATION.search(cond):
            yield m.end(), close, None, cond
        else:
            yield m.end(), close, "false", None


def mutants(path, text):
    """Every mutant of one file (`path` relative to the source root), in file order."""
    mask = code_mask(text)
    lines = text.splitlines()
    line_of = _line_index(text)
    tags = rule_tags(text)
    regions = function_regions(mask)
    skip = _trace_spans(mask)
    found = []  # (start, end, replacement, label)
    for rx, make in SIMPLE_OPERATORS:
        for m in rx.finditer(mask):
            for replacement, label in make(m):
                found.append((m.start(), m.end(), replacement, label))
    for start, end, replacement, init in _guards(mask):
        if replacement is None:
            replacement = text[start:start + len(init)] + "; false"
        found.append((start, end, replacement, "guard `if (…)` -> `if (false)`"))
    found.sort(key=lambda f: (f[0], f[3]))
    out, seen_lines = [], {}
    occurrence = {}
    for n, line in enumerate(lines, start=1):  # k-th identical line in the file, for stable ids
        key = line.strip()
        seen_lines[key] = seen_lines.get(key, 0) + 1
        occurrence[n] = seen_lines[key]
    for start, end, replacement, label in found:
        if any(a <= start <= b for a, b in skip):
            continue
        n = line_of(start)
        source = lines[n - 1].strip()
        column = start - (text.rfind("\n", 0, start) + 1) - (len(lines[n - 1]) - len(lines[n - 1].lstrip()))
        digest = hashlib.sha1(f"{path}\0{source}\0{occurrence[n]}\0{column}\0{label}".encode()).hexdigest()[:10]
        out.append(Mutant(digest, path, n, start, end, replacement, label, attribute(n, tags, regions), source))
    return out
