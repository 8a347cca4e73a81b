"""The judges' page one-handed, at phone (390x844) and desktop width: card names in the server's
order, "did you mean" for a misspelt name (a custom creature only by choice), why-not answers in
card names, Solve worded apart from Check with Undo, bad input named by card and field, 44 px tap
targets, and Check and the verdict within reach on a phone. Screenshots go to ``artifacts/web/``
(``docs/web-page-phone.png`` and ``docs/web-page-desktop.png`` are copies)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import test_web_page as web
from playwright.sync_api import Browser, Page, expect
from service_support import free_port
from web_support import STUB_CARDS, StubCards, running_server

from combat_solver import load_scenario
from combat_solver.io.render import describe
from combat_solver.service.handlers import Service

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts" / "web"
EXAMPLE = ROOT / "examples" / "deftblade-provoke-and-menace-runner.yaml"
PHONE = (390, 844)
DESKTOP = (1280, 900)
WIDTHS = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])

pytestmark = pytest.mark.long
"""Browser tests: they run under ``python -m pytest --long`` (CI)."""

browser = web.browser
"""The browser fixture of the page's main tests."""

RANKED = ("Viashino Runner", "Viashino Sandstalker", "Viashino Bey", "Viashino Grappler")
"""What the server answers for "viashino", deliberately not alphabetical: the page must keep it."""


class RankedCards(StubCards):
    """The stub catalog with a server's ranking: a fixed order for "viashino", else the stub's
    names, then close spellings (``difflib``) as a ranked search gives them."""

    def search(self, query: str, limit: int) -> Sequence[str]:
        if query.strip().casefold() == "viashino":
            return RANKED[:limit]
        found = list(super().search(query, limit))
        close = difflib.get_close_matches(query.title(), list(STUB_CARDS), n=limit, cutoff=0.75)
        return (found + [n for n in close if n not in found])[:limit]


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with running_server(Service(request_time_limit=30, cards=RankedCards()), free_port()) as url:
        yield url


def open_at(browser: Browser, url: str, size: tuple[int, int]) -> Page:
    return web.open_page(browser, url, size[0], size[1])


def open_yaml(page: Page, path: Path) -> None:
    with page.expect_file_chooser() as chooser:
        page.click("#open-yaml")
    chooser.value.set_files(str(path))
    expect(page.locator("article.perm")).to_have_count(len(load_scenario(path).board.permanents))


def in_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def perm_ids(page: Page) -> list[str]:
    return [p["id"] for p in page.evaluate("board()")["permanents"]]


@WIDTHS
def test_card_names_are_listed_in_the_servers_order(browser: Browser, base_url: str, size: tuple[int, int]) -> None:
    """The page's own list keeps the server's ranking (a datalist would be re-filtered by the
    browser, dropping close spellings); arrow keys and Enter pick a name."""
    page = open_at(browser, base_url, size)
    page.fill("#card-name", "viashino")
    options = page.locator("#card-names [role=option]")
    expect(options).to_have_text(list(RANKED))
    expect(page.locator("#card-name")).to_have_attribute("aria-expanded", "true")
    page.press("#card-name", "ArrowDown")
    expect(options.first).to_have_attribute("aria-selected", "true")
    page.press("#card-name", "Enter")
    expect(page.locator("article.perm .perm-name")).to_have_text(["Viashino Runner"])
    expect(page.locator("#card-names")).to_be_hidden()
    page.fill("#card-name", "grizz")
    expect(options.first).to_have_text("Grizzly Bears")
    options.first.click()
    expect(page.locator("article.perm .perm-name")).to_have_text(["Viashino Runner", "Grizzly Bears"])
    assert page.errors == []  # type: ignore[attr-defined]


@WIDTHS
def test_a_misspelt_name_asks_did_you_mean_and_a_custom_card_is_a_choice(
    browser: Browser, base_url: str, size: tuple[int, int]
) -> None:
    page = open_at(browser, base_url, size)
    page.select_option("#card-controller", "bob")
    page.fill("#card-name", "grizly bears")
    page.press("#card-name", "Escape")
    page.press("#card-name", "Enter")
    offer = page.locator("#did-you-mean")
    expect(offer).to_contain_text("No card named “grizly bears” in the catalog. Did you mean:")
    expect(page.locator("article.perm")).to_have_count(0)
    offer.locator("[data-suggestion='Grizzly Bears']").click()
    expect(offer).to_be_hidden()
    [bears] = page.evaluate("board()")["permanents"]
    assert (bears["name"], bears["controller"], bears["subtypes"], bears["power"]) == (
        "Grizzly Bears",
        "bob",
        ["Bear"],
        2,
    )
    expect(page.locator("#card-name")).to_have_value("")

    page.fill("#card-name", "Qwyxzzt the Unknowable")
    page.click("#add-card button[type=submit]")
    expect(offer).to_contain_text("No close names either")
    expect(page.locator("article.perm")).to_have_count(1)
    page.click("#dismiss-names")
    expect(offer).to_be_hidden()
    page.press("#card-name", "Enter")
    page.click("#add-custom")
    custom = page.locator("article.perm", has=page.locator(".perm-name", has_text="Qwyxzzt the Unknowable"))
    expect(custom.locator(".warnings")).to_contain_text("not in the catalog")
    assert page.errors == []  # type: ignore[attr-defined]


@WIDTHS
def test_why_is_asked_and_answered_in_card_names(browser: Browser, base_url: str, size: tuple[int, int]) -> None:
    page = open_at(browser, base_url, size)
    open_yaml(page, EXAMPLE)
    page.select_option("#why-question", "why must bears block")
    page.click("#why")
    headline = page.locator("#verdict .headline")
    expect(headline).to_have_attribute("data-status", "answer")
    expect(headline).to_contain_text("Why must Grizzly Bears block?")
    expect(page.locator("#verdict")).not_to_contain_text("why must bears")
    expect(page.locator("#verdict .raw pre")).to_contain_text("Q: Why must Grizzly Bears block?")
    expect(page.locator("#verdict .verdict-kind")).to_have_text("Why?")
    assert page.errors == []  # type: ignore[attr-defined]


@WIDTHS
def test_solve_is_worded_apart_from_check_and_undo_brings_the_declaration_back(
    browser: Browser, base_url: str, size: tuple[int, int]
) -> None:
    scenario = load_scenario(EXAMPLE)
    assert scenario.declaration is not None
    mine = describe(scenario.board, scenario.declaration)
    page = open_at(browser, base_url, size)
    open_yaml(page, EXAMPLE)
    expect(page.locator("#undo")).to_be_hidden()
    page.click("#check")
    expect(page.locator("#verdict .verdict-kind")).to_have_text("Check: illegal")
    expect(page.locator("#verdict .headline")).to_contain_text("ILLEGAL: ")
    page.click("#solve")
    expect(page.locator("#verdict .verdict-kind")).to_have_text("Solve: an optimal declaration")
    headline = page.locator("#verdict .headline")
    expect(headline).to_have_attribute("data-status", "legal")
    expect(headline).to_contain_text("Optimal declaration (solved): Grizzly Bears blocks Deftblade Elite")
    expect(headline).not_to_contain_text("LEGAL")
    expect(page.locator("#verdict .replaced")).to_contain_text(f"Replaced your declaration ({mine})")
    expect(page.locator("#picture svg")).to_contain_text("SOLVED")
    expect(page.locator("#declaration-summary")).not_to_have_text(mine)
    page.click("#undo")
    expect(page.locator("#declaration-summary")).to_have_text(mine)
    assert page.evaluate("declaration()")["blocks"] == {"bears": ["runner"], "watchdog": ["runner"]}
    expect(page.locator("#verdict .headline")).to_have_text(f"Your declaration is back: {mine}")
    expect(page.locator("#undo")).to_be_hidden()

    page.click("#check")
    page.click("#use-witness")
    expect(page.locator("#undo")).to_be_visible()
    page.click("#undo")
    expect(page.locator("#declaration-summary")).to_have_text(mine)
    assert page.errors == []  # type: ignore[attr-defined]


@WIDTHS
def test_bad_input_is_named_by_card_and_field(browser: Browser, base_url: str, size: tuple[int, int]) -> None:
    """ "two" as power is caught on the page; the server's errors (a creature without power, an
    ability naming no permanent) are worded by card and field, with a button to the field."""
    page = open_at(browser, base_url, size)
    open_yaml(page, EXAMPLE)
    card = page.locator("article.perm[data-pid=bears]")

    def set_field(field: str, value: str) -> None:
        control = card.locator(f"[data-field={field}]")
        if not control.is_visible() and "open" not in (card.get_attribute("class") or "").split():
            card.locator(".perm-toggle").click()
        if not control.is_visible():
            card.locator("summary").click()
        control.fill(value)
        control.blur()

    set_field("power", "two")
    page.click("#check")
    errors = page.locator("#verdict .errors li .error-text")
    expect(errors).to_have_text(["Grizzly Bears: power must be a whole number, not “two”"])
    expect(page.locator("#verdict .headline")).to_have_text("Fix the board")
    expect(card.locator("[data-field=power]")).to_have_attribute("aria-invalid", "true")
    set_field("power", "")
    page.click("#check")
    expect(page.locator("#verdict .headline")).to_have_text("Bad input")
    expect(errors).to_have_text(["Grizzly Bears, power: a creature needs power"])
    expect(page.locator("#verdict")).not_to_contain_text("board.")
    expect(page.locator("#verdict")).not_to_contain_text("permanents")
    if size == PHONE:
        card.locator(".perm-toggle").click()
        expect(card.locator("[data-field=power]")).to_be_hidden()
        page.locator("#bar-verdict").click()
    page.locator("#verdict .errors li button.go-to").first.click()
    power = page.locator("article.perm[data-pid=bears] [data-field=power]")
    expect(power).to_be_focused()
    expect(power).to_have_attribute("aria-invalid", "true")
    assert in_viewport(page, "article.perm[data-pid=bears] [data-field=power]")

    effect = page.locator("article.effect [data-field=effect-ability]")
    effect.fill("{kind: must_block, attacker: nobody}")
    effect.blur()
    set_field("power", "2")
    page.click("#check")
    expect(errors.first).to_have_text("Effect 1 (Deftblade Elite (provoke)), ability attacker: no permanent 'nobody'")
    assert page.errors == []  # type: ignore[attr-defined]


def test_every_control_is_a_44_px_tap_target_on_a_phone(browser: Browser, base_url: str) -> None:
    page = open_at(browser, base_url, PHONE)
    open_yaml(page, EXAMPLE)
    page.locator("article.perm[data-pid=bears] .perm-toggle").click()
    page.locator("article.perm[data-pid=bears] summary").click()
    page.click("#check")
    expect(page.locator("#verdict .headline")).to_have_attribute("data-status", "illegal")
    page.fill("#card-name", "grizly")
    page.press("#card-name", "Escape")
    page.press("#card-name", "Enter")
    expect(page.locator("#did-you-mean button").first).to_be_visible()
    small: list[dict[str, Any]] = page.evaluate(
        """() => [...document.querySelectorAll(
              'button, select, textarea, summary, [role=option], input:not([type=checkbox]):not([type=file]), label.check')]
            .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
            .map((e) => { const r = e.getBoundingClientRect();
              return { what: e.id || e.className || e.textContent.trim().slice(0, 30), tag: e.tagName,
                       width: Math.round(r.width), height: Math.round(r.height) }; })
            .filter((b) => b.height < 44 || b.width < 44)"""
    )
    assert small == [], small
    checked = page.evaluate("document.querySelectorAll('button, select, input, textarea').length")
    assert checked > 40


def six_creature_board(tmp_path: Path) -> Path:
    path = tmp_path / "six.yaml"
    path.write_text(
        """board:
  players: [{id: alice}, {id: bob}]
  active_player: alice
  permanents:
    - {id: jugg, card: Juggernaut, controller: alice}
    - {id: runner, card: Viashino Runner, controller: alice}
    - {id: deftblade, card: Deftblade Elite, controller: alice}
    - {id: bears, card: Grizzly Bears, controller: bob}
    - {id: watchdog, card: Watchdog, controller: bob}
    - {id: wall, card: Wall of Stone, controller: bob}
  combat: {attackers: {jugg: bob, runner: bob, deftblade: bob}}
declaration: {kind: block, blocks: {bears: [runner]}}
""",
        encoding="utf-8",
    )
    return path


@WIDTHS
def test_check_and_the_verdict_are_within_reach(
    browser: Browser, base_url: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """Six creatures on the board: Check is on screen without scrolling, and after Check the
    verdict's headline is on screen (on a phone, in the bottom bar and scrolled to); nothing
    the page asks for is missing (the icon included)."""
    failed: list[str] = []
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(base_url)
    expect(page.locator("body[data-ready=true]")).to_be_attached()
    open_yaml(page, six_creature_board(tmp_path))
    assert page.evaluate("window.scrollY") == 0
    assert in_viewport(page, "#check")
    page.click("#check")
    headline = page.locator("#verdict .headline")
    expect(headline).to_have_attribute("data-status", "illegal")
    assert in_viewport(page, "#check")
    box = headline.bounding_box()
    assert box is not None and 0 <= box["y"] < size[1] - 120, box
    if size == PHONE:
        expect(page.locator("#bar-verdict")).to_contain_text("Check: illegal")
        assert in_viewport(page, "#bar-verdict")
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{'phone' if size == PHONE else 'desktop'}-within-reach.png"))
    assert page.request.get(f"{base_url}/favicon.ico").ok
    assert failed == []
