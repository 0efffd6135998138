"""Shared pytest options and fixtures."""

import os

import pytest

# A test sees the code it tests run: no result is replayed from a cache (.algoverify_cache/),
# in this process or in the commands it starts. The cache's own tests turn it back on.
os.environ["ALGOVERIFY_NO_CACHE"] = "1"

pytest_plugins = ["pytester"]


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False, help="rewrite golden files")


@pytest.fixture
def update_golden(request):
    """Whether golden files should be rewritten instead of compared."""
    return request.config.getoption("--update-golden")


@pytest.fixture(params=["warm", "cold"])
def interpreter(request, monkeypatch):
    """Run a snippet test twice: in a fork of the warm interpreter, and in a fresh one (cold)."""
    monkeypatch.setenv("ALGOVERIFY_COLD_SNIPPETS", "1" if request.param == "cold" else "0")
    return request.param
