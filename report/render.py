"""Owns: turning one run in coverage.db into coverage.html (a single static page, filterable
by book and verdict, no server needed) and coverage.md (the same in brief), plus the
one-line-per-book summary `make report` prints."""
import html as html_lib
import json
import sqlite3

import mutants as mutation_record

BOOKS = ("std", "jena", "dresden", "leipzig", "jemmapes")
PRINTINGS = ("jena", "v2.0", "leipzig")
VERDICTS = ("example+property", "example-tested", "property-tested", "mutant-survived", "implemented-untested",
            "unimplemented", "failing", "not-engine-matter", "source-missing")


def case_order(case_id):
    """Sort key: book order, then numbers numerically (9.8.10 after 9.8.2), tables last."""
    book, number = case_id.split(":", 1)
    if number.startswith("table."):
        return (BOOKS.index(book) if book in BOOKS else 99, 1, [], number)
    parts = number.split(".")
    digits = [int("".join(ch for ch in p if ch.isdigit()) or 0) for p in parts]
    return (BOOKS.index(book) if book in BOOKS else 99, 0, digits, number)


def load_model(db_path, run_id):
    db = sqlite3.connect(db_path)
    db.row_factory = sqlite3.Row
    run = dict(db.execute("SELECT * FROM run WHERE id = ?", (run_id,)).fetchone())
    cases = []
    impl, tests, notes = {}, {}, {}
    for r in db.execute("SELECT * FROM implementation ORDER BY file, line"):
        impl.setdefault(r["case_id"], []).append(f"{r['function']} ({r['file']}:{r['line']})" +
                                                 (" [partial]" if r["partial"] else ""))
    for r in db.execute("SELECT c.case_id, c.kind, c.test_name, t.result FROM test_citation c JOIN test t"
                        " ON t.run_id = c.run_id AND t.kind = c.kind AND t.name = c.test_name WHERE c.run_id = ?"
                        " ORDER BY c.kind, c.test_name", (run_id,)):
        tests.setdefault(r["case_id"], []).append({"name": r["test_name"], "kind": r["kind"], "result": r["result"]})
    for r in db.execute("SELECT * FROM rule_note"):
        notes.setdefault(r["case_id"], []).append(dict(r))
    dynamic = {r[0] for r in db.execute("SELECT case_id FROM dynamic_citation WHERE run_id = ?", (run_id,))}
    for r in db.execute("SELECT rc.*, v.verdict FROM rule_case rc JOIN verdict_history v ON v.case_id = rc.id"
                        " AND v.run_id = ? ORDER BY rc.rowid", (run_id,)):
        c = dict(r)
        c["implemented_by"] = impl.get(c["id"], [])
        c["tests"] = tests.get(c["id"], [])
        c["notes"] = notes.get(c["id"], [])
        c["cited_at_run_time"] = c["id"] in dynamic
        cases.append(c)
    cases.sort(key=lambda c: case_order(c["id"]))
    defects = [dict(r) for r in db.execute("SELECT kind, subject, detail FROM defect WHERE run_id = ?", (run_id,))]
    previous = db.execute("SELECT id, behaviour_hash FROM run WHERE id < ? ORDER BY id DESC LIMIT 1",
                          (run_id,)).fetchone()
    mrun = db.execute("SELECT * FROM mutation_run").fetchone()
    mutants = [dict(r) for r in db.execute("SELECT * FROM mutant ORDER BY file, line, mutation")]
    db.close()
    counts = mutation_record.per_case(mutants)
    for c in cases:
        c["mutants"] = counts.get(c["id"], {"tried": 0, "caught": 0, "survived": 0, "equivalent": 0, "snapshot": 0})
        c["survivors"] = [f"{m['file']}:{m['line']} {m['mutation']}" for m in mutants
                          if m["rule_id"] == c["id"] and m["result"] == "survived"]
    return {"run": run, "cases": cases, "defects": defects,
            "previous": dict(previous) if previous else None,
            "mutation_run": dict(mrun) if mrun else None, "mutants": mutants}


def totals(cases, key=lambda c: c["book"]):
    """{group: {verdict: count, 'total': n}}"""
    out = {}
    for c in cases:
        for group in ([key(c)] if isinstance(key(c), str) else key(c)):
            t = out.setdefault(group, {"total": 0})
            t["total"] += 1
            t[c["verdict"]] = t.get(c["verdict"], 0) + 1
    return out


def tested(t):
    return t.get("example+property", 0) + t.get("example-tested", 0) + t.get("property-tested", 0)


def summary_lines(model):
    by_book = totals(model["cases"])
    lines = []
    for book in BOOKS:
        t = by_book.get(book, {"total": 0})
        parts = ", ".join(f"{t[v]} {v}" for v in VERDICTS if t.get(v))
        lines.append(f"{book:9} {t['total']:4} cases: {tested(t)} tested — {parts}")
    return lines


def markdown(model):
    run, cases = model["run"], model["cases"]
    out = [f"# hexlaw rules coverage — run {run['id']}", "",
           f"Commit `{run['commit_id']}`, {run['finished']}. Tests: {run['tests_passed']} passed, "
           f"{run['tests_failed']} failed, {run['tests_skipped']} skipped or disabled, of {run['tests_total']}. "
           f"Suites run: {run['suites']} — {'all completed' if run['suites_ok'] else 'NOT ALL COMPLETED, see defects'}. "
           f"Behaviour hash `{run['behaviour_hash'][:16]}`.", "",
           "A case counts as tested only when a passing, non-skipped test cites it and the engine "
           "cited it during the run.", "", "## Totals by book", "",
           "| book | cases | " + " | ".join(VERDICTS) + " |", "|---|---:|" + "---:|" * len(VERDICTS)]
    by_book = totals(cases)
    for book in BOOKS:
        t = by_book.get(book, {"total": 0})
        out.append(f"| {book} | {t['total']} | " + " | ".join(str(t.get(v, 0)) for v in VERDICTS) + " |")
    out += ["", "## Standard rules by printing", "", "| printing | cases | tested |", "|---|---:|---:|"]
    by_printing = totals([c for c in cases if c["book"] == "std"], key=lambda c: c["printings"].split())
    for p in PRINTINGS:
        t = by_printing.get(p, {"total": 0})
        out.append(f"| {p} | {t['total']} | {tested(t)} |")
    out += ["", "## Defects", ""]
    out += [f"- **{d['kind']}** {d['subject']}: {d['detail']}" for d in model["defects"]] or ["None."]
    out += ["", "## Mutation testing", "", mutation_record.statement(model["mutation_run"], run["commit_id"], model["mutants"])]
    if model["mutation_run"]:
        sample = model["mutation_run"]["selection"] == "sample"
        out += ["", "| rule area | tried | caught | survived | equivalent | did not build | kill rate |",
                "|---|---:|---:|---:|---:|---:|---:|"]
        for name, t in mutation_record.by_area(model["mutants"]):
            tried = t["killed"] + t["timeout"] + t["survived"]
            out.append(f"| {name} | {tried} | {t['killed'] + t['timeout']} | {t['survived']} | {t['equivalent']} | "
                       f"{t['build-error']} | {mutation_record.rate(t['killed'] + t['timeout'], tried, sample)} |")
        survivors = [m for m in model["mutants"] if m["result"] == "survived"]
        out += ["", f"Survivors ({len(survivors)}):", ""]
        out += [f"- `{m['file']}:{m['line']}` {m['rule_id'] or '(no rule tag)'}: {m['mutation']} in "
                f"`{m['source']}` (`scripts/mutate.py --show {m['id']}`)" + (f" — {m['detail']}" if m["detail"] else "")
                for m in survivors] or ["None."]
    out += ["", "## Cases", "", "| id | verdict | title | implemented by | tests | mutants caught/tried |",
            "|---|---|---|---|---:|---:|"]
    for c in cases:
        impl = "; ".join(c["implemented_by"][:2]) + (" …" if len(c["implemented_by"]) > 2 else "")
        out.append(f"| `{c['id']}` | {c['verdict']} | {c['title'].replace('|', '/')} | {impl} | {len(c['tests'])} | "
                   f"{_mutant_cell(c, model)} |")
    return "\n".join(out) + "\n"


def _mutant_cell(c, model):
    """caught/tried for a case's code in the last mutation run; '-' when it has none."""
    if not model["mutation_run"]:
        return "-"
    m = c["mutants"]
    if not m["tried"] and not m["equivalent"]:
        return "none tried"
    notes = [f"{m['equivalent']} equivalent"] if m["equivalent"] else []
    if m.get("snapshot"):
        notes.append(f"{m['snapshot']} caught only by the snapshots")
    return f"{m['caught']}/{m['tried']}" + (f" ({'; '.join(notes)})" if notes else "")


def _mutant_label(c, model):
    """The page's line under a verdict: '' with no mutation run."""
    if not model["mutation_run"]:
        return ""
    cell = _mutant_cell(c, model)
    return cell if cell == "none tried" else "caught/tried " + cell


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>hexlaw rules coverage — run {run_id}</title>
<style>
body {{ font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }}
h1 {{ font-size: 1.4em; }} table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #ccc; padding: 3px 6px; vertical-align: top; text-align: left; }}
th {{ background: #f0f0f0; }} td.n {{ text-align: right; }}
.v-example\\+property, .v-example-tested {{ background: #d7f5d7; }} .v-property-tested {{ background: #e3f0ff; }}
.v-implemented-untested {{ background: #fff4cc; }} .v-mutant-survived {{ background: #ffe0b8; }} .v-unimplemented {{ background: #f6f6f6; }}
.v-failing {{ background: #ffd0d0; }} .v-not-engine-matter, .v-source-missing {{ background: #ececff; }}
#filters {{ margin: 1em 0; }} .small {{ font-size: 12px; color: #555; }} details {{ margin: 0; }}
</style></head><body>
<h1>hexlaw rules coverage — run {run_id}</h1>
<p>Commit <code>{commit}</code>, finished {finished}. Tests: {passed} passed, {failed} failed,
{skipped} skipped or disabled, of {total}. {suites}. Behaviour hash <code>{hash}</code>.</p>
<p class="small">A case counts as tested only when a passing, non-skipped test cites it <em>and</em>
the engine cited it in a trace during this run.</p>
<h2>Totals by book</h2>{book_chart}{book_table}
<h2>Standard rules by printing</h2>{printing_table}
<h2>Defects</h2>{defects}
<h2>Mutation testing</h2><p>{mutation_statement}</p>{mutation_tables}
<h2>Cases</h2>
<div id="filters">Book <select id="book"><option value="">all</option>{book_options}</select>
Verdict <select id="verdict"><option value="">all</option>{verdict_options}</select>
Search <input id="q" size="24"> <span id="count"></span></div>
<table id="cases"><thead><tr><th>id</th><th>verdict</th><th>title and summary</th>
<th>implemented by</th><th>tests</th></tr></thead><tbody></tbody></table>
<script id="data" type="application/json">{data}</script>
<script>
const cases = JSON.parse(document.getElementById('data').textContent);
const tbody = document.querySelector('#cases tbody');
const esc = s => String(s).replace(/[&<>"]/g, c => ({{'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}})[c]);
// A case file's test links to the file and to its picture (pictures/, drawn by `make report`).
function caseLink(t) {{
  if (t.kind !== 'case file' || !t.name.startsWith('case:')) return esc(t.name);
  const n = t.name.slice(5);
  return `<a href="../../cases/${{esc(n)}}.yaml">${{esc(t.name)}}</a> <a class="small" href="pictures/${{esc(n)}}.svg">picture</a>`;
}}
function row(c) {{
  const tests = c.tests.map(t => caseLink(t) + ` <span class="small">(${{t.kind}}, ${{t.result}})</span>`).join('<br>');
  const notes = c.notes.length ? `<details><summary class="small">${{c.notes.length}} note(s)</summary>` +
    c.notes.map(n => `<p class="small"><b>${{n.kind}}</b>: ${{esc(n.text)}}<br><i>ruling:</i> ${{esc(n.ruling)}}` +
    (n.switch ? ` <code>${{esc(n.switch)}}</code>` : '') + `</p>`).join('') + `</details>` : '';
  const extra = c.status_reason ? `<div class="small">${{esc(c.status_reason)}}</div>` : '';
  return `<tr class="v-${{c.verdict}}" data-book="${{c.book}}" data-verdict="${{c.verdict}}">` +
    `<td><code>${{esc(c.id)}}</code>` + (c.file ? `<br><a class="small" href="../../${{esc(c.file)}}">catalog</a>` : '') +
    `</td><td>${{c.verdict}}${{c.mutants ? `<div class="small">mutants ${{esc(c.mutants)}}</div>` : ""}}` +
    c.survivors.map(x => `<div class="small">survived: ${{esc(x)}}</div>`).join('') + `</td>` +
    `<td><b>${{esc(c.title)}}</b> <span class="small">${{c.kind}}${{c.printings ? ' · ' + c.printings : ''}}` +
    `${{c.overrides ? ' · overrides ' + esc(c.overrides) : ''}}</span><br>${{esc(c.summary)}}${{extra}}${{notes}}</td>` +
    `<td class="small">${{c.implemented_by.map(esc).join('<br>')}}</td><td class="small">${{tests}}</td></tr>`;
}}
tbody.innerHTML = cases.map(row).join('');
function apply() {{
  const b = document.getElementById('book').value, v = document.getElementById('verdict').value;
  const q = document.getElementById('q').value.toLowerCase();
  let shown = 0;
  for (const tr of tbody.rows) {{
    const ok = (!b || tr.dataset.book === b) && (!v || tr.dataset.verdict === v) &&
               (!q || tr.textContent.toLowerCase().includes(q));
    tr.style.display = ok ? '' : 'none';
    shown += ok;
  }}
  document.getElementById('count').textContent = shown + ' of ' + cases.length + ' cases';
}}
for (const id of ['book', 'verdict', 'q']) document.getElementById(id).addEventListener('input', apply);
apply();
</script></body></html>
"""


def _table(header, rows):
    h = "".join(f"<th>{html_lib.escape(x)}</th>" for x in header)
    body = "".join("<tr>" + "".join(f"<td class='n'>{x}</td>" if isinstance(x, int) else f"<td>{html_lib.escape(x)}</td>"
                                    for x in r) + "</tr>" for r in rows)
    return f"<table><tr>{h}</tr>{body}</table>"


VERDICT_COLOURS = {"example+property": "#2e7d32", "example-tested": "#66bb6a", "property-tested": "#42a5f5",
                   "mutant-survived": "#ffb74d",
                   "implemented-untested": "#ffca28", "unimplemented": "#bdbdbd", "failing": "#e53935",
                   "not-engine-matter": "#9575cd", "source-missing": "#b39ddb"}


def _chart(by_book):
    """Each book's verdicts at a glance: one stacked bar per book, static (no script, no network)."""
    rows = []
    for b in BOOKS:
        t = by_book.get(b, {})
        total = t.get("total", 0) or 1
        segs = "".join(f'<span title="{v}: {t.get(v, 0)}" style="display:inline-block;height:14px;'
                       f'width:{100 * t.get(v, 0) / total:.2f}%;background:{VERDICT_COLOURS.get(v, "#999")}"></span>'
                       for v in VERDICTS if t.get(v, 0))
        rows.append(f'<div class="chart-row"><span style="display:inline-block;width:6em">{b}</span>'
                    f'<span style="display:inline-block;width:60%;background:#f4f4f4;vertical-align:middle;'
                    f'white-space:nowrap;line-height:0">{segs}</span> <span class="small">{t.get("total", 0)} cases</span></div>')
    key = " ".join(f'<span class="small"><span style="display:inline-block;width:10px;height:10px;'
                   f'background:{VERDICT_COLOURS.get(v, "#999")}"></span> {v}</span>' for v in VERDICTS)
    return f'<div id="chart">{"".join(rows)}<div>{key}</div></div>'


def html(model):
    run, cases = model["run"], model["cases"]
    by_book = totals(cases)
    book_rows = [[b, by_book.get(b, {}).get("total", 0)] + [by_book.get(b, {}).get(v, 0) for v in VERDICTS]
                 for b in BOOKS]
    by_printing = totals([c for c in cases if c["book"] == "std"], key=lambda c: c["printings"].split())
    printing_rows = [[p, by_printing.get(p, {}).get("total", 0), tested(by_printing.get(p, {}))] for p in PRINTINGS]
    defects = ("<ul>" + "".join(f"<li><b>{html_lib.escape(d['kind'])}</b> {html_lib.escape(d['subject'])}: "
                                f"{html_lib.escape(d['detail'])}</li>" for d in model["defects"]) + "</ul>"
               if model["defects"] else "<p>None.</p>")
    data = json.dumps([{k: c[k] for k in ("id", "book", "title", "kind", "summary", "printings", "overrides",
                                          "status_reason", "verdict", "implemented_by", "tests", "notes")}
                       | {"file": c.get("file"), "survivors": c.get("survivors", [])}
                       | {"mutants": _mutant_label(c, model)}
                       for c in cases]).replace("</", "<\\/")
    return PAGE.format(
        run_id=run["id"], commit=html_lib.escape(run["commit_id"]), finished=run["finished"],
        passed=run["tests_passed"], failed=run["tests_failed"], skipped=run["tests_skipped"],
        total=run["tests_total"], hash=run["behaviour_hash"][:16],
        suites=(f"Suites run: {html_lib.escape(run['suites'])} — all completed" if run["suites_ok"]
                else f"<b>Suites run: {html_lib.escape(run['suites'])} — NOT ALL COMPLETED, see defects</b>"),
        book_chart=_chart(by_book),
        book_table=_table(["book", "cases", *VERDICTS], book_rows),
        printing_table=_table(["printing", "std cases", "tested"], printing_rows),
        defects=defects,
        mutation_statement=html_lib.escape(mutation_record.statement(model["mutation_run"], run["commit_id"], model["mutants"])),
        mutation_tables=_mutation_tables(model),
        book_options="".join(f"<option>{b}</option>" for b in BOOKS),
        verdict_options="".join(f"<option>{v}</option>" for v in VERDICTS),
        data=data)


def _mutation_tables(model):
    """Figures per rule area and every survivor with its place, for the page."""
    if not model["mutation_run"]:
        return ""
    rows = [[name, t["killed"] + t["timeout"] + t["survived"], t["killed"] + t["timeout"], t["survived"], t["equivalent"],
             t["build-error"]] for name, t in mutation_record.by_area(model["mutants"])]
    survivors = [[f"{m['file']}:{m['line']}", m["rule_id"] or "(no rule tag)", m["mutation"], m["source"], m["id"],
                  m["detail"]] for m in model["mutants"] if m["result"] == "survived"]
    return (_table(["rule area", "tried", "caught", "survived", "equivalent", "did not build"], rows) +
            f"<h3>Survivors ({len(survivors)}): a test is missing here</h3>" +
            (_table(["where", "rule case", "mutation", "original line", "id", "note"], survivors) if survivors
             else "<p>None.</p>"))

