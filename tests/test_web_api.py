"""What the judges' page asks the server besides the tools: card names for autocomplete
(``GET /cards``), a card's compiled record (``POST /card``), the CLI's wording of a verdict or a
why-not answer (``POST /render``), the page itself at ``/`` with the CR excerpts it shows on
hover, and ``combat-solver serve`` serving it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from conftest import Served
from fastapi.testclient import TestClient
from service_support import PROVOKE_BOARD
from web_support import STUB_CARDS, StubCards, catalog_for_tests

from combat_solver import BlockDeclaration, Board, check_blocks, load_scenario
from combat_solver.io.render import render_answer, render_markdown, render_text
from combat_solver.service.cards import CatalogCards, installed_catalog, search_names
from combat_solver.service.handlers import Service
from combat_solver.service.http import STATIC_DIR, create_app
from combat_solver.steps.why import ask

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "deftblade-provoke-and-menace-runner.yaml"


@pytest.fixture(scope="module")
def client() -> Any:
    with TestClient(create_app(Service(cards=catalog_for_tests()), static_dir=STATIC_DIR)) as c:
        yield c


def test_card_names_for_autocomplete(client: TestClient) -> None:
    names = client.get("/cards", params={"q": "jugg", "limit": 5}).json()
    assert names["status"] == "ok" and names["names"][0] == "Juggernaut" and len(names["names"]) <= 5
    assert "Deftblade Elite" in client.get("/cards", params={"q": "DEFTBL"}).json()["names"]
    assert client.get("/cards", params={"q": "jugg", "limit": 0}).status_code == 422
    without = TestClient(create_app(Service())).get("/cards", params={"q": "jugg"}).json()
    assert without == {"status": "unavailable", "query": "jugg", "names": []}


def test_search_ranks_prefix_then_word_then_substring() -> None:
    """Within the word starts, by the words matched: "Bear" before "Bearer" before "Bears"."""
    names = ["Grizzly Bears", "Bear Cub", "Ursine Bearer", "Forest Bear", "Werebear"]
    assert search_names(names, "bear", 10) == ["Bear Cub", "Forest Bear", "Ursine Bearer", "Grizzly Bears", "Werebear"]
    assert search_names(names, "  ", 10) == []
    assert search_names(names, "bear", 2) == ["Bear Cub", "Forest Bear"]


def test_a_card_record_has_its_compiled_abilities_and_warnings(client: TestClient) -> None:
    found = client.post("/card", json={"name": "juggernaut"}).json()
    assert found["status"] == "found"
    card = found["card"]
    assert (card["name"], card["power"], card["toughness"]) == ("Juggernaut", 5, 3)
    assert {"kind": "must_attack"} in card["abilities"] and card["warnings"] == []
    assert "attacks each combat if able" in card["text"]
    lure = client.post("/card", json={"name": "Lure"}).json()["card"]
    assert lure["abilities"] == [{"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "lure"}}]
    assert client.post("/card", json={"name": "Jugernautt"}).json()["status"] == "not_found"


class _Record(SimpleNamespace):
    is_permanent = True


class _FakeCatalog:
    """The part of ``combat_solver.cards.Catalog`` that ``CatalogCards`` reads."""

    def __init__(self) -> None:
        self.records = [
            _Record(name=c["name"], mana_cost="", permanent_types=tuple(c["types"]), subtypes=tuple(c["subtypes"]),
                    supertypes=(), colors=tuple(c["colors"]), text=c["text"],
                    power=None if c["power"] is None else str(c["power"]),
                    toughness=None if c["toughness"] is None else str(c["toughness"]))
            for c in STUB_CARDS.values()
        ]  # fmt: skip

    def __iter__(self) -> Any:
        return iter(self.records)

    def get(self, name: str) -> Any:
        for r in self.records:
            if r.name.casefold() == name.casefold():
                return r
        raise LookupError(name)

    def compiled(self, record: Any) -> Any:
        card = STUB_CARDS[record.name]
        return SimpleNamespace(abilities=tuple(card["abilities"]), all_warnings=(), notes=tuple(card["notes"]))


def test_catalog_adapter_reads_a_card_catalog() -> None:
    """``CatalogCards`` over the installed Oracle catalog (or, without the cards package, an
    object with the same reading methods) gives the records the stub gives."""
    cards = installed_catalog() or CatalogCards(_FakeCatalog())
    stub = StubCards()
    for name in ("Juggernaut", "Viashino Runner", "Watchdog", "Lure", "Grizzly Bears"):
        record, expected = cards.lookup(name), stub.lookup(name)
        assert record is not None and expected is not None
        for key in ("name", "types", "subtypes", "colors", "power", "toughness", "abilities"):
            assert record[key] == expected[key], (name, key)
    assert cards.lookup("No Such Card Anywhere") is None
    assert "Viashino Runner" in cards.search("viashino run", 5)


def test_render_words_a_verdict_and_an_answer_as_the_cli_does(client: TestClient) -> None:
    scenario = load_scenario(EXAMPLE)
    verdict = check_blocks(scenario.board, scenario.declaration)
    body = {"board": PROVOKE_BOARD, "verdict": verdict.model_dump(mode="json")}
    rendered = client.post("/render", json=body).json()
    assert rendered["text"] == render_text(scenario.board, verdict)
    assert rendered["markdown"] == render_markdown(scenario.board, verdict)
    assert rendered["headline"] == rendered["text"].splitlines()[0]
    titles = [s["title"] for s in rendered["sections"]]
    assert titles[0] == "Violations" and "509.1c" in rendered["sections"][0]["items"][0]
    answer = ask(scenario.board, "why must watchdog block")
    said = client.post("/render", json={"board": PROVOKE_BOARD, "answer": answer.model_dump(mode="json")}).json()
    assert said["text"] == render_answer(answer, "text") and said["markdown"] == render_answer(answer, "markdown")
    assert [s["title"] for s in said["sections"]] == (["Because"] if answer.reasons else [])


def test_render_needs_exactly_one_of_verdict_and_answer(client: TestClient) -> None:
    verdict = check_blocks(load_scenario(EXAMPLE).board, BlockDeclaration())
    both = {"board": PROVOKE_BOARD, "verdict": verdict.model_dump(mode="json")}
    both["answer"] = {"question": "q", "answer": "a"}
    for body in ({"board": PROVOKE_BOARD}, both):
        response = client.post("/render", json=body)
        assert response.status_code == 422 and response.json()["detail"][0]["path"] == "verdict"


def test_the_page_and_its_rule_excerpts_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<title>combat-solver" in page.text
    for asset in ("app.js", "app.css"):
        assert client.get(f"/{asset}").status_code == 200
    assert not re.search(r"""(?:src|href)=["']https?://""", page.text), "the page works offline"
    rules = client.get("/rules.json").json()
    assert rules["509.1c"].startswith("The defending player checks each creature they control")
    assert rules["702.39a"].startswith("Provoke is a triggered ability")


def test_every_rule_the_package_cites_has_its_text_on_the_page() -> None:
    """Regenerate with ``python scripts/build_rule_excerpts.py`` when a new rule is cited."""
    rules = json.loads((STATIC_DIR / "rules.json").read_text(encoding="utf-8"))
    cited = {
        m
        for path in (ROOT / "combat_solver").rglob("*.py")
        for m in re.findall(r"\b(\d{3}\.\d+[a-z]?)\b(?!\.\d)", path.read_text(encoding="utf-8"))
    }
    assert cited and cited <= set(rules), sorted(cited - set(rules))


def test_combat_solver_serve_serves_the_page(served: Served) -> None:
    page = httpx.get(f"{served.url}/", timeout=2)
    assert page.status_code == 200 and "combat-solver" in page.text
    assert httpx.get(f"{served.url}/health").json()["status"] == "ok"
    expected = "ok" if installed_catalog() is not None else "unavailable"
    assert httpx.get(f"{served.url}/cards", params={"q": "jugg"}).json()["status"] == expected
    assert "the judges' page at /" in served.stderr.read_text(encoding="utf-8")


def test_scenario_text_is_read_as_the_cli_reads_the_file(client: TestClient) -> None:
    read = client.post("/scenario", json={"text": EXAMPLE.read_text(encoding="utf-8")})
    assert read.status_code == 200
    scenario = load_scenario(EXAMPLE)
    body = read.json()
    assert Board.model_validate(body["board"]) == scenario.board
    assert body["declaration"] == scenario.declaration.model_dump(mode="json", by_alias=True, exclude_none=True)
    bare = client.post("/scenario", json={"text": json.dumps(PROVOKE_BOARD)}).json()
    assert "declaration" not in bare and Board.model_validate(bare["board"]) == scenario.board
    broken = client.post("/scenario", json={"text": "board: {players: [\n"})
    assert broken.status_code == 422 and broken.json()["detail"][0]["path"] == "text"
    assert "line" in broken.json()["detail"][0]["msg"]
    unknown = client.post("/scenario", json={"text": "board: {players: [{id: a}, {id: b}], active_player: c}"})
    assert unknown.status_code == 422 and unknown.json()["detail"][0]["path"] == "board.active_player"


def test_the_page_has_an_icon_at_favicon_ico(client: TestClient) -> None:
    """Browsers ask for /favicon.ico; the page's SVG icon answers it (no 404 in the server log)."""
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.startswith("<svg") and icon.text == client.get("/favicon.svg").text
    assert '<link rel="icon" href="favicon.svg"' in client.get("/").text
    assert "/favicon.ico" not in client.get("/openapi.json").json()["paths"]
