"""The ``--long`` option: the tests marked ``long`` (minutes of work: the combined differential
property, the whole card catalog, audit kill/resume and Dask, servers in subprocesses, the
browser, the fuzzer) run only with it, and the randomized tests run at CI size (``sizes.py``).
``python -m pytest`` is the quick loop; ``python -m pytest --long`` is what CI runs."""

from __future__ import annotations

import pytest
import sizes


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        default=False,
        help="also run the tests marked long, and the randomized tests at CI size (what .ci/run runs)",
    )


def pytest_configure(config: pytest.Config) -> None:
    sizes.LONG = bool(config.getoption("--long"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without ``--long``, the tests marked long are deselected (counted as such in the summary)
    unless one is named on the command line by its node id."""
    if config.getoption("--long"):
        return
    named = [arg for arg in config.args if "::" in arg]
    left_out = [
        item
        for item in items
        if item.get_closest_marker("long") is not None and not any(n in item.nodeid for n in named)
    ]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        ids = {item.nodeid for item in left_out}
        items[:] = [item for item in items if item.nodeid not in ids]
