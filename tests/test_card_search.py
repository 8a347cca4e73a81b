"""The one ranked card-name search (cards/names.py over the index, cards/index.py): exact name,
prefix, word start, containing, close spelling; case, accents and apostrophes folded; each face
by its own name; the same ranking for `cards --search`, `GET /cards`, suggestions and "did you
mean"."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from test_cards_catalog import SCRYFALL

from combat_solver.cards.catalog import UnknownCard, bundled_catalog, load_catalog_file
from combat_solver.cards.names import rank
from combat_solver.cli import main
from combat_solver.service.cards import installed_catalog
from combat_solver.service.handlers import TOOL_BY_NAME, Service


def test_the_tiers_in_order() -> None:
    catalog = bundled_catalog()
    assert catalog.search("Juggernaut", 3)[0] == "Juggernaut"  # exact first
    assert catalog.search("grizzly", 3) == ["Grizzly Bears", "Grizzly Fate", "Grizzly Ghoul"]  # prefix
    runners = catalog.search("runner", 40)
    assert runners[0] == "Runner's Bane" and "Viashino Runner" in runners  # prefix, then word start
    assert catalog.search("Juggernat", 3) == ["Juggernaut"]  # close spelling
    assert catalog.search("serra angle", 1) == ["Serra Angel"]


def test_case_accents_and_apostrophes_are_folded() -> None:
    catalog = bundled_catalog()
    assert catalog.search("KHARN THE BETRAYER", 1) == ["Khârn the Betrayer"]
    assert catalog.search("urzas saga", 1) == catalog.search("Urza’s Saga", 1) == ["Urza's Saga"]


def test_each_face_is_found_by_its_own_name(tmp_path: Path) -> None:
    assert bundled_catalog().search("heart's desire", 1) == ["Lovestruck Beast // Heart's Desire"]
    assert bundled_catalog().search("ice", 1) == ["Fire // Ice"]
    path = tmp_path / "oracle-cards.json.gz"
    path.write_bytes(gzip.compress(json.dumps(SCRYFALL).encode()))
    catalog = load_catalog_file(path)
    assert catalog.search("back wraith", 5) == ["Back Wraith"]
    assert catalog.search("knight", 5) == ["Front Knight"]


def test_a_list_of_names_ranks_the_same() -> None:
    names = ["Viashino Runner", "Runner's Bane", "Juggernaut", "Grizzly Bears", "Fire // Ice"]
    assert rank("runner", names, 5) == ["Runner's Bane", "Viashino Runner"]
    assert rank("ICE", names, 5) == ["Fire // Ice"]
    assert rank("juggernat", names, 5) == ["Juggernaut"]
    assert rank("", names, 5) == [] and rank("x", names, 0) == []


def test_did_you_mean_uses_the_ranking() -> None:
    with pytest.raises(UnknownCard) as raised:
        bundled_catalog().get("Urzas Saga")
    assert raised.value.suggestions[0] == "Urza's Saga"


def test_cards_search_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--search", "runner", "--limit", "3"]) == 0
    assert capsys.readouterr().out.splitlines() == ["Runner's Bane", "Apocalypse Runner", "Arc Runner"]
    assert main(["cards", "--search", "zzqqxx"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and "no card name matches" in captured.err


def test_the_card_tool_suggests_names_for_an_unknown_one() -> None:
    service = Service(cards=installed_catalog())
    answer: Any = service.call(TOOL_BY_NAME["card"], {"name": "Juggernat"})
    assert (answer.status, answer.suggestions[0]) == ("not_found", "Juggernaut")
    assert (
        answer.message.startswith("name: no card named 'Juggernat'") and "did you mean 'Juggernaut'" in answer.message
    )


def test_http_and_mcp_card_answers_carry_the_suggestions() -> None:
    from fastapi.testclient import TestClient

    from combat_solver.service.http import create_app
    from combat_solver.service.mcp_server import create_server

    service = Service(cards=installed_catalog())
    with TestClient(create_app(service)) as client:
        found = client.post("/card", json={"name": "Grizzly Bearz"}).json()
        assert found["status"] == "not_found" and found["suggestions"][0] == "Grizzly Bears"
        names = client.get("/cards", params={"q": "runner", "limit": 50}).json()["names"]
        assert names[0] == "Runner's Bane" and "Viashino Runner" in names
        assert client.get("/cards", params={"q": "Juggernat"}).json()["names"][0] == "Juggernaut"

    from mcp import Client

    async def call() -> Any:
        async with Client(create_server(service)) as client:
            return await client.call_tool("card", {"name": "Grizzly Bearz"})

    result = anyio.run(call)
    assert result.structured_content["suggestions"][0] == "Grizzly Bears"
