"""Owns: running each test suite and reading its results — GoogleTest XML for the example
and property binaries, the CLI's JSON lines for case files, JUnit XML for pytest. A suite
that crashes or writes no results is reported as such, never silently dropped."""
import json
import os
import pathlib
import subprocess
import xml.etree.ElementTree as ET

import children  # report/children.py: children stopped when the collector is killed


class Test:
    def __init__(self, name, kind, result, rules, detail=""):
        self.name, self.kind, self.result, self.rules, self.detail = name, kind, result, rules, detail


def _junit_result(case):
    """passed | failed | skipped | disabled for one <testcase> (GoogleTest or pytest)."""
    if case.get("status") == "notrun" or case.get("result") == "suppressed":
        return "disabled"
    if case.find("failure") is not None or case.find("error") is not None:
        return "failed"
    if case.find("skipped") is not None or case.get("result") == "skipped":
        return "skipped"
    return "passed"


def _rules_property(case):
    for prop in case.iter("property"):
        if prop.get("name") == "rules":
            return prop.get("value", "").split()
    return []


def read_junit(path, kind, prefix=""):
    tests = []
    for case in ET.parse(path).getroot().iter("testcase"):
        name = prefix + f"{case.get('classname')}.{case.get('name')}"
        failure = case.find("failure")
        detail = (failure.get("message") or failure.text or "")[:500] if failure is not None else ""
        tests.append(Test(name, kind, _junit_result(case), _rules_property(case), detail))
    return tests


def run_gtest(binary, xml_path, kind, env, log):
    """Runs a GoogleTest binary; returns (tests, problem or None)."""
    if xml_path.exists():
        xml_path.unlink()
    proc = children.run([str(binary), f"--gtest_output=xml:{xml_path}"], env=env,
                          stdout=log, stderr=subprocess.STDOUT, timeout=1800)
    if not xml_path.exists():
        return [], f"{binary.name} exited with status {proc.returncode} and wrote no results (crashed?)"
    tests = read_junit(xml_path, kind)
    problem = None
    if proc.returncode not in (0, 1):
        problem = f"{binary.name} exited with status {proc.returncode}"
    return tests, problem


def run_cases(cli, cases_root, env, progress):
    """Runs every case file through `hexlaw ask --jsonl`; returns (tests, outcomes, problem)."""
    files = sorted(pathlib.Path(cases_root).rglob("*.yaml"))
    tests, outcomes, problem = [], [], None
    for i, path in enumerate(files, start=1):
        progress(f"case files {i}/{len(files)}")
        proc = children.run([str(cli), "ask", "--jsonl", "--cases-root", str(cases_root), str(path)],
                              env=env, capture_output=True, text=True, timeout=600)
        name = str(path.relative_to(cases_root).with_suffix(""))
        try:
            line = json.loads(proc.stdout.strip().splitlines()[-1])
        except (IndexError, json.JSONDecodeError):
            problem = f"hexlaw crashed on {path} (status {proc.returncode}): {proc.stderr.strip()[:300]}"
            tests.append(Test(f"case:{name}", "case file", "failed", [], problem))
            outcomes.append((name, "crashed", "null", ""))
            continue
        rules = line.get("rules", [])
        if "error" in line:
            tests.append(Test(f"case:{name}", "case file", "failed", rules, line["error"]))
            outcomes.append((name, "error", json.dumps(line["error"]), ""))
            continue
        if "refused" in line:  # the case expects this refusal by name (expect: {refused: RULE})
            check = line["check"]
            result = "passed" if check["ok"] else "failed"
            tests.append(Test(f"case:{name}", "case file", result, rules, "; ".join(check["mismatches"])))
            outcomes.append((name, result, json.dumps({"refused": line["refused"]}, sort_keys=True), ""))
            continue
        answer, check = line["answer"], line["check"]
        result = "passed" if check["ok"] else "failed"
        tests.append(Test(f"case:{name}", "case file", result, rules, "; ".join(check["mismatches"])))
        cites = " ".join(c["id"] for c in answer["citations"])
        outcomes.append((name, result, json.dumps(answer["outcome"], sort_keys=True), cites))
    return tests, outcomes, problem


def run_pytest(source_root, build, xml_path, env, log):
    if xml_path.exists():
        xml_path.unlink()
    proc = children.run(["/usr/bin/python3", "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-o", "junit_family=xunit1", f"--junitxml={xml_path}",
                           str(pathlib.Path(source_root) / "tests" / "python")],
                          env=env, stdout=log, stderr=subprocess.STDOUT, timeout=1800)
    if not xml_path.exists():
        return [], f"pytest exited with status {proc.returncode} and wrote no results"
    return read_junit(xml_path, "python"), None


def dynamic_ids(trace_dir):
    ids = set()
    for f in pathlib.Path(trace_dir).glob("*.ids"):
        ids.update(line.strip() for line in f.read_text().splitlines() if line.strip())
    return ids


def suite_env(build, source_root, trace_dir):
    env = dict(os.environ)
    env["HEXLAW_TRACE_DIR"] = str(trace_dir)
    env["PYTHONPATH"] = str(pathlib.Path(build) / "python")
    env["HEXLAW_CLI"] = str(pathlib.Path(build) / "hexlaw")
    env["HEXLAW_SOURCE_DIR"] = str(source_root)
    return env
