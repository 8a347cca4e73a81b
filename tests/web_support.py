"""The card catalog and server behind the web page tests: the bundled Oracle catalog when
``combat_solver.cards`` is installed, else a stub of a few real cards (their Oracle text and the
abilities it means); and the browser that drives the page (``browser_executable``)."""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from combat_solver.service.cards import CardCatalog, installed_catalog, search_names
from combat_solver.service.handlers import Service
from combat_solver.service.http import STATIC_DIR, create_app

BROWSER_VARIABLE = "COMBAT_SOLVER_CHROMIUM"
"""Names the Chromium executable to drive; else the first of ``BROWSER_NAMES`` on PATH."""
BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome")
REQUIRE_BROWSER_VARIABLE = "COMBAT_SOLVER_REQUIRE_BROWSER"
"""Set (CI sets it): no browser is a failure, not a skip."""


def browser_executable() -> tuple[Path | None, str]:
    """The Chromium to drive, or None and why there is none."""
    named = os.environ.get(BROWSER_VARIABLE)
    if named:
        path = Path(named)
        if path.is_file() and os.access(path, os.X_OK):
            return path, ""
        return None, f"{BROWSER_VARIABLE}={named} is not an executable file"
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return Path(found), ""
    return None, (
        f"no Chromium: none of {', '.join(BROWSER_NAMES)} is on PATH and {BROWSER_VARIABLE} is not set "
        "(Debian: apt-get install -y chromium)"
    )


def _card(name: str, types: list[str], subtypes: list[str], colors: list[str], stats: tuple[int, int] | None,
          text: str, abilities: list[dict[str, Any]], notes: list[str] = ()) -> dict[str, Any]:  # fmt: skip
    return {
        "name": name,
        "types": types,
        "subtypes": subtypes,
        "supertypes": [],
        "colors": colors,
        "power": stats[0] if stats else None,
        "toughness": stats[1] if stats else None,
        "printed_power": str(stats[0]) if stats else None,
        "printed_toughness": str(stats[1]) if stats else None,
        "text": text,
        "abilities": abilities,
        "warnings": [],
        "notes": list(notes),
    }


STUB_CARDS: dict[str, dict[str, Any]] = {
    c["name"]: c
    for c in (
        _card(
            "Juggernaut",
            ["artifact", "creature"],
            ["Juggernaut"],
            [],
            (5, 3),
            "This creature attacks each combat if able.\nThis creature can't be blocked by Walls.",
            [{"kind": "must_attack"}, {"kind": "cant_be_blocked_by", "by": {"subtypes": ["Wall"]}}],
        ),
        _card(
            "Deftblade Elite",
            ["creature"],
            ["Human", "Soldier"],
            ["white"],
            (1, 1),
            "Provoke (Whenever this creature attacks, you may have target creature defending player controls "
            "untap and block it if able.)\n{1}{W}: Prevent all combat damage that would be dealt to and dealt by "
            "this creature this turn.",
            [{"kind": "attack_trigger"}],
            ["Deftblade Elite: Provoke (provoke: once it resolves, give the provoked creature's block as an effect)"],
        ),
        _card(
            "Viashino Runner",
            ["creature"],
            ["Lizard"],
            ["red"],
            (3, 2),
            "Menace (This creature can't be blocked except by two or more creatures.)",
            [{"kind": "menace"}],
        ),
        _card("Grizzly Bears", ["creature"], ["Bear"], ["green"], (2, 2), "", []),
        _card(
            "Watchdog",
            ["artifact", "creature"],
            ["Dog"],
            [],
            (1, 2),
            "This creature blocks each combat if able.\nAs long as this creature is untapped, all creatures "
            "attacking you get -1/-0.",
            [{"kind": "must_block"}],
        ),
        _card(
            "Lure",
            ["enchantment"],
            ["Aura"],
            ["green"],
            None,
            "Enchant creature\nAll creatures able to block enchanted creature do so.",
            [{"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "lure"}}],
        ),
        _card("Wall of Stone", ["creature"], ["Wall"], ["red"], (0, 8), "Defender", [{"kind": "defender"}]),
        _card("Giant Growth", [], [], ["green"], None, "Target creature gets +3/+3 until end of turn.", []),
        {
            **_card(
                "Tarmogoyf",
                ["creature"],
                ["Lhurgoyf"],
                ["green"],
                None,
                "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its "
                "toughness is equal to that number plus 1.",
                [],
            ),
            "printed_power": "*",
            "printed_toughness": "1+*",
        },
        {
            **_card(
                "Arctic Foxes",
                ["creature"],
                ["Fox"],
                ["white"],
                (1, 1),
                "This creature can't be blocked by creatures with power 2 or greater as long as defending player "
                "controls a snow land.",
                [],
            ),
            "warnings": [
                "Arctic Foxes: Arctic Foxes can't be blocked by creatures with power 2 or greater as long as "
                "defending player controls a snow land."
            ],
        },
    )
}


class StubCards:
    """``CardCatalog`` of the cards above."""

    def lookup(self, name: str) -> Mapping[str, Any] | None:
        return next((c for n, c in STUB_CARDS.items() if n.casefold() == name.strip().casefold()), None)

    def search(self, query: str, limit: int) -> Sequence[str]:
        return search_names(STUB_CARDS, query, limit)


def catalog_for_tests() -> CardCatalog:
    """The real catalog when the cards package is installed, the stub otherwise."""
    return installed_catalog() or StubCards()


@contextmanager
def running_server(service: Service, port: int) -> Iterator[str]:
    """The API and the page on 127.0.0.1:``port`` in a background thread; yields the base URL."""
    server = uvicorn.Server(
        uvicorn.Config(create_app(service, static_dir=STATIC_DIR), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
