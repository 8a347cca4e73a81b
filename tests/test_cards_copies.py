"""707.2, 614.1c: a permanent that entered as a copy has the copied object's characteristics, so
its own card's text says nothing of its abilities on the battlefield: by card name it is warned
(never a one-shot note, never dropped)."""

from __future__ import annotations

import pytest

from combat_solver.cards.catalog import bundled_catalog


@pytest.mark.parametrize("name", ["Clone", "Moritte of the Frost", "Malleable Impostor", "Phantasmal Image"])
def test_entering_as_a_copy_is_warned_707_2(name: str) -> None:
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get(name))
    assert any("as a copy of" in w for w in compiled.warnings), compiled.warnings
    assert not any("as a copy of" in n for n in compiled.notes)
