"""Owns: shared fixtures for the Python tests — where the source tree and the built CLI are.

Run by `make test` (ctest runs /usr/bin/python3 -m pytest with PYTHONPATH=build/python)."""
import os
import re
import pathlib
import sys

import pytest

SOURCE = pathlib.Path(os.environ.get("HEXLAW_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(SOURCE / "scripts"))  # scripts/snapshot.py, which the snapshot tests read


@pytest.fixture
def source_dir():
    return SOURCE


@pytest.fixture
def cli():
    path = os.environ.get("HEXLAW_CLI", str(SOURCE / "build" / "hexlaw"))
    assert os.path.exists(path), f"hexlaw CLI not built at {path}"
    return path


RULE_ID = re.compile(r"\b(?:std|jena|dresden|leipzig|jemmapes):(?:table\.[a-z0-9-]+|\d+(?:\.\d+)*[a-z]?)\b")


@pytest.fixture(autouse=True)
def _cite_rules_from_docstring(request, record_property):
    """A test cites the rule cases its docstring names (`std:7.0 — …`); the ids go into the
    JUnit XML as the `rules` property, which the coverage report reads. Unknown ids fail."""
    doc = getattr(request.function, "__doc__", None) or ""
    ids = sorted(set(RULE_ID.findall(doc)))
    if ids:
        import hexlaw
        for rule_id in ids:
            hexlaw.rule(rule_id)  # raises CaseError for an id the catalog lacks
        record_property("rules", " ".join(ids))
    yield
