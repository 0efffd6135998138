"""Shared pytest options and fixtures."""

import pytest

pytest_plugins = ["pytester"]


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False, help="rewrite golden files")


@pytest.fixture
def update_golden(request):
    """Whether golden files should be rewritten instead of compared."""
    return request.config.getoption("--update-golden")
