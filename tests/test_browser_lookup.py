"""The browser tests find Chromium (``COMBAT_SOLVER_CHROMIUM``, then PATH) and say why when
there is none, instead of assuming one machine's path."""

from __future__ import annotations

from pathlib import Path

import pytest
from web_support import BROWSER_VARIABLE, browser_executable


def _fake(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_the_variable_names_the_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BROWSER_VARIABLE, str(_fake(tmp_path, "my-chrome")))
    assert browser_executable() == (tmp_path / "my-chrome", "")
    monkeypatch.setenv(BROWSER_VARIABLE, str(tmp_path / "absent"))
    found, why = browser_executable()
    assert found is None and "absent" in why and "not an executable" in why


def test_path_is_searched_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(BROWSER_VARIABLE, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert browser_executable()[0] is None and "chromium-browser" in browser_executable()[1]
    _fake(tmp_path, "google-chrome")
    assert browser_executable() == (tmp_path / "google-chrome", "")
    _fake(tmp_path, "chromium-browser")
    assert browser_executable() == (tmp_path / "chromium-browser", "")
