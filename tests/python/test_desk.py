"""Owns: tests of the rules lawyer's desk from Python and the command line — pictures of
positions and answers (every case file drawn and parsed back as SVG), the readable plain
output (odds as a table, reach as a list, battle totals), `hexlaw draw`, `hexlaw explain`,
hexlaw.Position (change a case and ask again; a bad change names the field and changes
nothing), Answer._repr_html_ and GameState's units and repr."""
import json
import pathlib
import subprocess
import xml.etree.ElementTree as ET

import pytest

import hexlaw

SVG = "{http://www.w3.org/2000/svg}"
ODDS_CASE = "cases/jena/table.crt/odds-lone-duel.yaml"
LONE = {
    "units": [{"id": "F", "side": "french", "type": "infantry", "strength": 3, "movement": 2, "hex": "0505"},
              {"id": "P", "side": "prussian", "type": "infantry", "strength": 3, "movement": 2, "hex": "0805",
               "flags": ["elite"]}],
    "question": {"kind": "reach", "unit": "F"},
}


def run(cli, *args, cwd=None):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def units_drawn(svg_text):
    root = ET.fromstring(svg_text)
    return [g.get("data-unit") for g in root.iter(SVG + "g") if g.get("data-unit")]


def test_every_case_file_draws_as_svg_that_parses(cli, source_dir, tmp_path):
    files = sorted(str(p) for p in (source_dir / "cases").rglob("*.yaml"))
    r = run(cli, "ask", "--cases-root", str(source_dir / "cases"), "--svg", str(tmp_path), *files)
    assert r.returncode in (0, 2), r.stderr  # 2: cases whose answer is a refusal (drawn all the same)
    assert "internal error" not in r.stderr
    pictures = sorted(tmp_path.rglob("*.svg"))
    assert len(pictures) == len(files)
    for p in pictures:
        root = ET.parse(p).getroot()
        assert root.tag == SVG + "svg", p
        assert root.find(f"{SVG}g[@class='map']") is not None, p


def test_ask_svg_draws_each_unit_once_and_the_answer(cli, source_dir, tmp_path):
    out = tmp_path / "odds.svg"
    r = run(cli, "ask", str(source_dir / ODDS_CASE), "--svg", str(out))
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    assert sorted(units_drawn(text)) == ["A", "D"]
    odds = hexlaw.ask(str(source_dir / ODDS_CASE)).outcome["odds"]
    bars = [g for g in ET.fromstring(text).iter(SVG + "g") if g.get("class") == "bar"]
    assert len(bars) == len(odds)


def test_plain_odds_output_is_a_table_of_outcomes(cli, source_dir):
    r = run(cli, "ask", str(source_dir / ODDS_CASE))
    assert r.returncode == 0, r.stderr
    odds = hexlaw.ask(str(source_dir / ODDS_CASE)).outcome["odds"]
    assert "probability  percent  outcome" in r.stdout
    assert f"({len(odds)} outcomes, total 100.00%)" in r.stdout
    assert "33.33%  DW: A stays; D withdrawn 1 to 0509" in r.stdout
    assert '"odds":' not in r.stdout  # the JSON line is replaced by the table


def test_plain_reach_and_battle_output(cli, source_dir, tmp_path):
    case = tmp_path / "reach.yaml"
    case.write_text(json.dumps(LONE))
    r = run(cli, "ask", str(case))
    assert r.returncode == 0, r.stderr
    assert "0504  1 MP left, by 0504" in r.stdout
    r = run(cli, "ask", str(source_dir / "cases/std/9.0/forest-example-crt.yaml"))
    assert r.returncode == 0, r.stderr


def test_json_output_is_unchanged_by_the_desk(cli, source_dir):
    """--json is the answer's to_json, exactly as Python gives it."""
    path = str(source_dir / ODDS_CASE)
    r = run(cli, "ask", "--json", path)
    assert json.loads(r.stdout) == json.loads(hexlaw.ask(path).to_json())


def test_svg_is_refused_with_jsonl(cli, source_dir, tmp_path):
    r = run(cli, "ask", "--jsonl", "--svg", str(tmp_path / "x.svg"), str(source_dir / ODDS_CASE))
    assert r.returncode == 2 and "--svg" in r.stderr and r.stdout == ""


def test_draw_command_writes_the_position(cli, source_dir, tmp_path):
    path = str(source_dir / "cases/std/7.4/retreat-into-enemy-zoc-risks-a-break.yaml")
    r = run(cli, "draw", path, "--zoc", "F1")
    assert r.returncode == 0, r.stderr
    root = ET.fromstring(r.stdout)
    shaded = [g for g in root.iter(SVG + "g") if g.get("class") == "shade zoc"]
    assert shaded, "F1's zone of control is shaded"
    out = tmp_path / "p.svg"
    assert run(cli, "draw", path, "--answer", "-o", str(out)).returncode == 0
    assert "Answer:" in out.read_text()
    bad = run(cli, "draw", path, "--zoc", "nobody")
    assert bad.returncode == 2 and "zoc" in bad.stderr and "nobody" in bad.stderr


def test_explain_lists_the_cases_of_a_rule(cli, source_dir, tmp_path):
    r = run(cli, "explain", "std:9.8.2", "--db", str(tmp_path / "none.db"))
    assert r.returncode == 0, r.stderr
    assert "std/9.8.2/fewest-enemy-zoc-hexes" in r.stdout
    assert "no report database" in r.stdout
    j = json.loads(run(cli, "rule", "std:9.8.2", "--cases", "--json", "--db", str(tmp_path / "none.db")).stdout)
    assert "std/9.8.2/fewest-enemy-zoc-hexes" in {c["case"] for c in j["cases"]}
    assert run(cli, "explain", "std:77.7").returncode == 2


def test_explain_reads_the_results_of_the_last_report(cli, tmp_path):
    import sqlite3
    db = tmp_path / "coverage.db"
    with sqlite3.connect(db) as c:
        c.executescript((pathlib.Path(__file__).resolve().parents[2] / "report/schema.sql").read_text())
        c.execute("INSERT INTO run VALUES (1,'x','a','b',0,0,0,0,0,'h',1,'cases')")
        c.execute("INSERT INTO case_outcome VALUES (1,'std/9.8.2/fewest-enemy-zoc-hexes','failed','{}','')")
        c.execute("INSERT INTO verdict VALUES ('std:9.8.2','failing')")
    r = run(cli, "explain", "std:9.8.2", "--db", str(db))
    assert "verdict in the last report: failing" in r.stdout
    assert "std/9.8.2/fewest-enemy-zoc-hexes  failed" in r.stdout


def test_answer_draws_itself_and_shows_in_a_notebook(source_dir):
    a = hexlaw.ask(str(source_dir / ODDS_CASE))
    assert sorted(units_drawn(a.svg())) == ["A", "D"]
    assert a._repr_svg_() == a.svg()
    html = a._repr_html_()
    assert "<svg" in html and a.headline in html
    assert "<th>probability</th>" in html and "1/36" in html
    for cited in a.citations:
        assert cited in html


def test_position_changes_and_asks_again():
    p = hexlaw.Position(LONE)
    before = p.ask().outcome["count"]
    p.set_unit("F", movement=1)
    assert p.ask().outcome["count"] < before
    p.move("F", "0101")
    assert p.unit("F")["hex"] == "0101"
    assert p.ask({"kind": "distance", "hexes": ["0101", "0105"]}).outcome == {"distance": 4}
    p.set_marker("P", "routed")
    assert "routed" in p.unit("P")["markers"]
    assert "routed" in p.state.units[1]["markers"]
    p.set_marker("P", "routed", on=False)
    assert p.unit("P")["markers"] == []
    p.set_morale("french", 4).set_state(turn=3)
    assert p.state.morale["french"] == 4 and p.state.turn == 3
    q = p.copy().move("F", "0202")
    assert p.unit("F")["hex"] == "0101" and q.unit("F")["hex"] == "0202"


def test_a_bad_change_names_the_field_and_changes_nothing():
    p = hexlaw.Position(LONE)
    with pytest.raises(hexlaw.CaseError, match=r"units\[0\]\.hex.*CCRR"):
        p.move("F", "50x5")
    assert p.unit("F")["hex"] == "0505"
    with pytest.raises(hexlaw.CaseError, match=r"units\[0\]\.markers.*unknown marker 'routd'"):
        p.set_marker("F", "routd")
    with pytest.raises(hexlaw.CaseError, match="no unit 'Z'"):
        p.move("Z", "0101")
    with pytest.raises(hexlaw.CaseError, match="interpretations"):
        p.set_reading("no-such-switch", "x")
    with pytest.raises(hexlaw.CaseError, match="options"):
        p.set_option("std:7.0")  # not an optional rule
    assert p.to_dict() == hexlaw.Position(LONE).to_dict()


def test_a_reading_and_an_option_reach_the_rule_set():
    name, readings, _, _ = hexlaw.switches()[0]
    p = hexlaw.Position(LONE)
    p.set_reading(name, readings[-1])
    assert p.to_dict()["interpretations"] == {name: readings[-1]}
    p.set_reading(name, None)
    assert p.to_dict()["interpretations"] == {}
    p.set_option("std:16.5")
    assert p.to_dict()["options"] == ["std:16.5"]


def test_position_from_a_case_file_draws_and_reads(source_dir):
    p = hexlaw.Position(source_dir / ODDS_CASE)
    assert p.name == "odds-lone-duel" and p.game == "jena"
    assert "A french at 0507" in repr(p)
    assert sorted(units_drawn(p.svg())) == ["A", "D"]
    assert p._repr_svg_().startswith("<svg")


def test_game_state_shows_its_units():
    state = hexlaw.Position(LONE).state
    assert [u["id"] for u in state.units] == ["F", "P"]
    assert state.units[1]["flags"] == ["elite"]
    text = repr(state)
    assert "F french infantry 3-2 at 0505" in text and "P prussian infantry 3-2 at 0805" in text


def test_docstring_examples_run():
    """The examples in the module's docstrings run as doctests."""
    import doctest
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    docs = {"Position": hexlaw.Position.__doc__, "Answer.svg": hexlaw.Answer.svg.__doc__,
            "Answer.readable": hexlaw.Answer.readable.__doc__}
    examples = 0
    for name, doc in docs.items():
        test = parser.get_doctest(doc or "", {"hexlaw": hexlaw}, name, None, 0)
        assert test.examples, f"{name} has no example"
        examples += len(test.examples)
        runner.run(test)
    assert runner.failures == 0 and examples >= 5


def test_the_cookbook_shows_pictures_that_exist_and_parse(source_dir):
    """docs/cookbook.md (written by make report) and the README show pictures the engine drew."""
    import re
    import sys
    sys.path.insert(0, str(source_dir / "report"))
    import cookbook
    text = (source_dir / "docs" / "cookbook.md").read_text()
    pictures = re.findall(r"!\[[^\]]*\]\((cookbook/[^)]+\.svg)\)", text)
    assert len(pictures) == len(cookbook.ENTRIES) >= 12
    for name, _ in cookbook.ENTRIES:
        assert (source_dir / "cases" / f"{name}.yaml").exists(), name
        assert f"cookbook/{name.replace('/', '__')}.svg" in pictures, name
    for rel in pictures:
        root = ET.parse(source_dir / "docs" / rel).getroot()
        assert root.tag == SVG + "svg" and units_drawn(ET.tostring(root, encoding="unicode")), rel
    readme = (source_dir / "README.md").read_text().splitlines()
    first_picture = re.search(r"\((docs/cookbook/[^)]+\.svg)\)", readme[2])
    assert first_picture and (source_dir / first_picture.group(1)).exists()


def test_the_coverage_page_links_case_files_pictures_and_catalog_and_charts_verdicts(source_dir):
    """Each case on coverage.html links its case files (with their pictures) and its catalog
    entry, and a static chart shows each book's verdicts."""
    import sys
    sys.path.insert(0, str(source_dir / "report"))
    import render
    case = {"id": "std:9.8.2", "book": "std", "title": "t", "kind": "rule", "summary": "s", "printings": "v2.0",
            "overrides": "", "status_reason": "", "verdict": "example-tested", "implemented_by": [], "notes": [],
            "file": "spec/catalog/std/part2.yaml",
            "tests": [{"name": "case:std/9.8.2/fewest-enemy-zoc-hexes", "kind": "case file", "result": "passed"}]}
    run = {"id": 1, "commit_id": "c", "finished": "f", "tests_passed": 1, "tests_failed": 0, "tests_skipped": 0,
           "tests_total": 1, "behaviour_hash": "h" * 16, "suites": "cases", "suites_ok": 1}
    page = render.html({"run": run, "cases": [case], "defects": [], "previous": None, "mutation_run": None,
                        "mutants": []})
    assert '<div id="chart">' in page and 'title="example-tested: 1"' in page
    assert "pictures/${esc(n)}.svg" in page and "../../cases/${esc(n)}.yaml" in page
    assert '"file": "spec/catalog/std/part2.yaml"' in page
    assert "https://" not in page and "http://" not in page.replace("http://www.w3.org", "")
