"""The card catalog: colors (202.2, 204, 702.114a), lookup by name and face, user card files."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from combat_solver.cards import index
from combat_solver.cards.catalog import UnknownCard, bundled_catalog, cache_dir, load_catalog_file, read_bundle
from combat_solver.cli import main


@pytest.mark.parametrize(
    ("name", "colors"),
    [
        ("Grizzly Bears", ("green",)),
        ("Juggernaut", ()),
        ("Boros Reckoner", ("white", "red")),  # hybrid symbols: both colors (202.2d)
        ("Kitchen Finks", ("white", "green")),
        ("Birthing Pod", ("green",)),  # Phyrexian mana symbol {G/P} is green (202.2)
        ("Dryad Arbor", ("green",)),  # no mana cost, green color indicator (204)
        ("Ancestral Vision", ("blue",)),  # no mana cost, blue color indicator (204)
        ("Forest", ()),  # a land without a color indicator is colorless
        ("Barrage Tyrant", ()),  # devoid: colorless despite {R} in its cost (702.114a)
        ("Basking Broodscale", ()),
    ],
)
def test_colors_come_from_cost_indicator_and_devoid(name: str, colors: tuple[str, ...]) -> None:
    """202.2: colors of the mana symbols in the cost; 204: color indicator; 702.114a: devoid."""
    assert bundled_catalog().get(name).colors == colors


def test_lookup_ignores_case_accents_and_finds_the_first_face() -> None:
    catalog = bundled_catalog()
    assert catalog.get("kharn the betrayer").name == "Khârn the Betrayer"
    assert catalog.get("LOVESTRUCK BEAST").name == "Lovestruck Beast // Heart's Desire"


def test_unknown_names_suggest_close_ones_and_missing_faces_say_so() -> None:
    catalog = bundled_catalog()
    with pytest.raises(UnknownCard, match="did you mean 'Juggernaut'"):
        catalog.get("Juggernat")
    with pytest.raises(UnknownCard, match="only the first face"):
        catalog.get("Heart's Desire")


ROOT = Path(__file__).resolve().parent.parent


def test_the_bundle_is_an_index_that_covers_the_corpus() -> None:
    assert (ROOT / "combat_solver" / "cards" / "catalog.sqlite").stat().st_size < 25_000_000
    assert not (ROOT / "combat_solver" / "cards" / "catalog.json.gz").exists()  # the index holds it all
    assert len(bundled_catalog()) > 30_000


def test_lookups_equal_the_records_the_index_was_built_from() -> None:
    """A random sample of names (each card, its first face): the record of data/catalog.json.gz."""
    records, source = read_bundle(ROOT / "data" / "catalog.json.gz")
    first = {}
    for record in records:
        first.setdefault(record.name, record)
    catalog = bundled_catalog()
    assert catalog.source == source and len(catalog) == len(first)
    for record in random.Random(27).sample(sorted(first.values(), key=lambda r: r.name), 300):
        assert catalog.get(record.name) == record
        face = record.name.split(" // ")[0]
        assert catalog.get(face.upper()) == first.get(face, record)
    assert list(catalog)[:50] == list(first.values())[:50]


SCRYFALL = [
    {
        "name": "Test Drake",
        "mana_cost": "{1}{U}",
        "type_line": "Legendary Creature — Drake",
        "oracle_text": "Flying\nTest Drake can't block.",
        "power": "2",
        "toughness": "2",
        "colors": ["U"],
        "layout": "normal",
    },
    {
        "name": "Front Knight // Back Wraith",
        "layout": "transform",
        "card_faces": [
            {"name": "Front Knight", "mana_cost": "{W}", "type_line": "Creature — Human Knight",
             "oracle_text": "Vigilance", "power": "1", "toughness": "1", "colors": ["W"]},
            {"name": "Back Wraith", "mana_cost": "", "type_line": "Creature — Wraith",
             "oracle_text": "Swampwalk", "power": "3", "toughness": "3", "colors": ["B"], "color_indicator": ["B"]},
        ],
    },
]  # fmt: skip

MTGJSON = {
    "meta": {"version": "test"},
    "data": {
        "Test Wall": [
            {
                "name": "Test Wall",
                "manaCost": "{2}",
                "types": ["Artifact", "Creature"],
                "subtypes": ["Wall"],
                "supertypes": [],
                "colors": [],
                "text": "Defender\nThis creature blocks each combat if able.",
                "power": "0",
                "toughness": "4",
                "layout": "normal",
            }
        ]
    },
}


def test_a_scryfall_oracle_cards_file_gives_every_face(tmp_path: Path) -> None:
    path = tmp_path / "oracle-cards.json.gz"
    path.write_bytes(gzip.compress(json.dumps(SCRYFALL).encode()))
    catalog = load_catalog_file(path)
    drake = catalog.get("Test Drake")
    assert (drake.types, drake.supertypes, drake.colors) == (("creature",), ("legendary",), ("blue",))
    assert [a["kind"] for a in catalog.compiled(drake).abilities] == ["flying", "cant_block"]
    back = catalog.get("Back Wraith")
    assert back.colors == ("black",)
    assert catalog.compiled(back).abilities == ({"kind": "landwalk", "land": {"subtypes": ["Swamp"]}},)


def test_an_mtgjson_atomic_cards_file(tmp_path: Path) -> None:
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(MTGJSON), encoding="utf-8")
    wall = load_catalog_file(path).get("Test Wall")
    assert wall.types == ("artifact", "creature") and wall.subtypes == ("Wall",)


def test_other_json_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"cards": 3}', encoding="utf-8")
    with pytest.raises(ValueError, match="Scryfall oracle-cards"):
        load_catalog_file(path)


def test_a_card_file_is_indexed_once_and_again_when_it_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("COMBAT_SOLVER_CACHE_DIR", str(cache))
    path = tmp_path / "oracle-cards.json"
    path.write_text(json.dumps(SCRYFALL), encoding="utf-8")
    before = index.builds
    assert load_catalog_file(path).get("Test Drake").power == "2"
    (cached,) = cache.glob("cards-*.sqlite")
    stamp = cached.stat().st_mtime_ns
    assert load_catalog_file(path).get("Back Wraith").toughness == "3"
    assert index.builds == before + 1 and cached.stat().st_mtime_ns == stamp  # reused, not rebuilt
    changed = [{**SCRYFALL[0], "power": "4"}, SCRYFALL[1]]
    path.write_text(json.dumps(changed), encoding="utf-8")
    assert load_catalog_file(path).get("Test Drake").power == "4"
    assert index.builds == before + 2 and len(list(cache.glob("cards-*.sqlite"))) == 2


def test_the_cache_folder_follows_xdg_and_an_unwritable_one_is_done_without(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COMBAT_SOLVER_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "combat-solver"
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("COMBAT_SOLVER_CACHE_DIR", str(blocked / "cache"))
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(MTGJSON), encoding="utf-8")
    assert load_catalog_file(path).get("Test Wall").subtypes == ("Wall",)  # indexed in memory


def test_a_damaged_cache_is_built_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMBAT_SOLVER_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(MTGJSON), encoding="utf-8")
    load_catalog_file(path)
    (cached,) = (tmp_path / "cache").glob("cards-*.sqlite")
    cached.write_bytes(b"not a database")
    assert load_catalog_file(path).get("Test Wall").power == "0"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x1f\x8bnot gzip", "--cards: "),
        (b"{not json", "--cards: "),
        (b'{"cards": 3}', "expected a Scryfall oracle-cards list"),
        (b"\xff\xfe\x00garbage", "--cards: "),
    ],
)
def test_an_ill_formed_card_file_is_a_clear_error_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    monkeypatch.setenv("COMBAT_SOLVER_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    assert main(["card", "Juggernaut", "--cards", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_an_unreadable_card_file_is_a_clear_error_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "Juggernaut", "--cards", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err
    assert "--cards: can't read" in err and "[unreadable_file]" in err
