"""Owns: the verdict rules — how a rule case's verdict follows from its catalog status, its
RULE tags, the tests that cite it and what the engine cited at run time. Pure functions, so
the rules are tested on their own (tests/python/test_report.py)."""

VERDICTS = ("unimplemented", "implemented-untested", "example-tested", "property-tested",
            "example+property", "mutant-survived", "failing", "not-engine-matter", "source-missing")

EXAMPLE_KINDS = {"example", "case file", "python"}


def verdict(status, implemented, test_results, dynamically_cited, survivors=0):
    """The verdict of one rule case.

    status: catalog status (implement | not-engine-matter | source-missing).
    implemented: True when some engine RULE tag names the case whole. Tags marked "(part)"
      record a partial implementation: shown on the page, but they never make a case
      implemented, so tests of the part cannot lift the case above `unimplemented`. A
      `// REFUSES id — what` tag (the engine refuses that part by name) counts the same way:
      a case with any refusal is never implemented, whatever else is tagged whole.
    test_results: (kind, result) for every test that cites the case.
    dynamically_cited: True when the engine cited the case in a trace during this run.
    survivors: mutants of the case's code (nearest RULE tag) that survived the last mutation
      run, equivalent mutants apart. A tested case with any survivor is `mutant-survived`: its
      tests pass, but a change to its code went unnoticed, so it is not reported tested.

    A case counts as tested only when a passing test cites it AND the engine cited it during
    the run; a skipped or disabled test never counts. Any failing test citing the case makes
    it `failing`, whatever its status.
    """
    if any(result == "failed" for _, result in test_results):
        return "failing"
    if status == "not-engine-matter":
        return "not-engine-matter"
    if status == "source-missing":
        return "source-missing"
    if not implemented:
        return "unimplemented"
    passed = {kind for kind, result in test_results if result == "passed"}
    example = bool(passed & EXAMPLE_KINDS) and dynamically_cited
    prop = "property" in passed and dynamically_cited
    if (example or prop) and survivors:
        return "mutant-survived"
    if example and prop:
        return "example+property"
    if example:
        return "example-tested"
    if prop:
        return "property-tested"
    return "implemented-untested"
