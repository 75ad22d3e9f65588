"""Owns: keeping docs/case.schema.json honest — every case file under cases/ validates
against it, and the schema itself is a valid JSON Schema."""
import json
import pathlib

import jsonschema
import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "case.schema.json").read_text())
CASES = sorted((ROOT / "cases").rglob("*.yaml"))


def test_schema_is_valid():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert CASES, "no case files found"


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(ROOT / "cases")) for p in CASES])
def test_case_file_matches_schema(path):
    jsonschema.validate(yaml.safe_load(path.read_text()), SCHEMA)
