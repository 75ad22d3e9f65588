"""Owns: shared fixtures for the Python tests — where the source tree and the built CLI are.

Run by `make test` (ctest runs /usr/bin/python3 -m pytest with PYTHONPATH=build/python)."""
import os
import pathlib

import pytest

SOURCE = pathlib.Path(os.environ.get("HEXLAW_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))


@pytest.fixture
def source_dir():
    return SOURCE


@pytest.fixture
def cli():
    path = os.environ.get("HEXLAW_CLI", str(SOURCE / "build" / "hexlaw"))
    assert os.path.exists(path), f"hexlaw CLI not built at {path}"
    return path
