"""The compiler's accuracy on a hand-labelled random sample (tests/cards/random_sample.yaml, drawn by
scripts/draw_sample.py): the grader sorts synthetic label/compile pairs into each grade, the shares
and their intervals are what the formulas say, a malformed sample is bad input naming the field,
and on the sample no card is compiled silently wrong except those marked ``known_wrong``."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from combat_solver.cards import measure_accuracy
from combat_solver.cards.accuracy import (
    AccuracyReport,
    Graded,
    SampleCard,
    grade,
    grade_card,
    read_sample,
    wilson,
)
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cli import main
from combat_solver.model.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_FILE = ROOT / "tests" / "cards" / "random_sample.yaml"
SAMPLE: dict[str, Any] = yaml.safe_load(SAMPLE_FILE.read_text(encoding="utf-8"))
SAMPLES = {
    f.name: yaml.safe_load(f.read_text(encoding="utf-8"))
    for f in sorted((ROOT / "tests" / "cards").glob("random_sample*.yaml"))
}
"""Every labelled random sample: the first (seed 20261201) and the second (seed 20261202)."""
JUGGERNAUT = [{"kind": "must_attack"}, {"kind": "cant_be_blocked_by", "by": {"subtypes": ["Wall"]}}]


# --- the grades, on synthetic pairs --------------------------------------------------------------


@pytest.mark.parametrize(
    ("expected", "got", "label_warns", "warnings", "want"),
    [
        (["a", "b"], ["a", "b"], False, [], "exact"),
        (["a"], ["a"], True, ["w"], "exact"),
        ([], [], True, ["w"], "exact"),
        (["a", "b"], ["a"], True, ["w"], "partial"),
        (["a", "b"], ["a"], False, ["w"], "partial"),
        (["a"], ["a"], False, ["w"], "partial"),
        (["a", "b"], [], True, ["w"], "unread"),
        ([], [], False, ["w"], "unread"),
        (["a"], ["a", "x"], False, [], "wrong"),
        (["a"], ["x"], True, ["w"], "wrong"),
        (["a", "b"], ["a"], False, [], "wrong"),
        (["a"], ["a"], True, [], "wrong"),
        (["a", "a"], ["a"], False, [], "wrong"),
    ],
)
def test_each_grade(expected: list[str], got: list[str], label_warns: bool, warnings: list[str], want: str) -> None:
    assert grade(Counter(expected), Counter(got), label_warns, warnings) == want


def card(abilities: list[dict[str, Any]], **fields: Any) -> SampleCard:
    return SampleCard(fields.pop("name", "Juggernaut"), "text", tuple(abilities), **fields)


def test_a_card_compiled_as_labelled_is_exact_and_a_wrong_label_is_wrong() -> None:
    catalog = bundled_catalog()
    assert grade_card(catalog, card(JUGGERNAUT)).grade == "exact"
    wrong = grade_card(catalog, card([JUGGERNAUT[0], {"kind": "cant_be_blocked_by", "by": {"subtypes": ["Elf"]}}]))
    assert wrong.grade == "wrong"
    assert wrong.missing == ('{"kind": "cant_be_blocked_by", "by": {"subtypes": ["Elf"]}}',)
    assert wrong.unexpected == ('{"kind": "cant_be_blocked_by", "by": {"subtypes": ["Wall"]}}',)
    assert "compiled, not labelled" in wrong.reason and "(no warning)" in wrong.reason
    silent = grade_card(catalog, card(JUGGERNAUT, warns=True))
    assert silent.grade == "wrong" and "the compiler says nothing" in silent.reason


def test_spellings_that_mean_the_same_grade_alike() -> None:
    catalog = bundled_catalog()
    # "Creatures you control have menace": `creature` in a grant's types, and the order of sets, say nothing
    plain = {"kind": "grant", "to": {"controller": "you"}, "ability": {"kind": "menace"}}
    typed = {"kind": "grant", "to": {"controller": "you", "types": ["creature"]}, "ability": {"kind": "menace"}}
    assert grade_card(catalog, card([plain], name="Goblin War Drums")).grade == "exact"
    assert grade_card(catalog, card([typed], name="Goblin War Drums")).grade == "exact"
    either = {"kind": "cant_be_blocked_except_by", "by": {"any_of": [{"has": ["reach"]}, {"has": ["flying"]}]}}
    assert grade_card(catalog, card([either], name="Orchard Spirit")).grade == "exact"
    other = {"kind": "grant", "to": {"controller": "you", "types": ["artifact"]}, "ability": {"kind": "menace"}}
    assert grade_card(catalog, card([other], name="Goblin War Drums")).grade == "wrong"
    # Seeker: blockers are creatures (506.4), so "artifact creatures and/or white creatures" is
    # "artifacts or white" among them
    seeker = {"kind": "cant_be_blocked_except_by", "by": {"any_of": [{"types": ["artifact"]}, {"colors": ["white"]}]}}
    granted = {"kind": "grant", "to": {"ids": ["$attached"]}, "ability": seeker}
    assert grade_card(catalog, card([granted], name="Seeker")).grade == "exact"
    # Shield of the Oversoul: "as long as enchanted creature is white" on the grant's `to` or on its holder
    on_to = [{"kind": "grant", "to": {"ids": ["$attached"], "colors": ["white"]}, "ability": {"kind": "flying"}}]
    assert grade_card(catalog, card(on_to, name="Shield of the Oversoul")).grade == "exact"
    # Gift of Wrath: "as long as enchanted permanent is a creature": a grant reaches creatures only
    wrath = {"kind": "grant", "to": {"ids": ["$attached"], "types": ["creature"]}, "ability": {"kind": "menace"}}
    assert grade_card(catalog, card([wrath], name="Gift of Wrath")).grade == "exact"
    # Thornspire Verge: "Activate only if you control a Mountain or a Forest": one test of either
    either_land = {"players": [{"who": "you", "controls": {"filter": {"subtypes": ["Mountain", "Forest"]}}}]}
    verge = [{"kind": "mana", "produces": "R"}, {"kind": "mana", "produces": "G", "condition": either_land}]
    assert grade_card(catalog, card(verge, name="Thornspire Verge")).grade == "exact"
    # Seafarer's Quay: "bands with other legendary creatures": banding partners are creatures
    quay = {"kind": "bands_with_other", "quality": {"supertypes": ["legendary"]}}
    granted_quay = {"kind": "grant", "to": {"colors": ["blue"], "supertypes": ["legendary"], "controller": "you"}}
    assert grade_card(catalog, card([{**granted_quay, "ability": quay}], name="Seafarer's Quay")).grade == "exact"
    # Iridescent Angel: "protection from each color" as one protection or five (702.16)
    five = [{"kind": "protection", "from": {"colors": [c]}} for c in ("white", "blue", "black", "red", "green")]
    assert grade_card(catalog, card([{"kind": "flying"}, *five], name="Iridescent Angel")).grade == "exact"
    # Mordor Trebuchet: "Goblins and/or Orcs": either subtype as a list or as any_of
    either = {"any_of": [{"subtypes": ["Goblin"]}, {"subtypes": ["Orc"]}], "controller": "you"}
    trigger = {"kind": "attack_trigger", "once": True}
    listed = {**trigger, "who": {"subtypes": ["Goblin", "Orc"], "controller": "you"}}
    wall = {"kind": "defender"}
    assert grade_card(catalog, card([wall, listed], name="Mordor Trebuchet")).grade == "exact"
    assert grade_card(catalog, card([wall, {**trigger, "who": either}], name="Mordor Trebuchet")).grade == "exact"
    # Overlord of the Floodpits: impending's warning on its time-counter level, or the card's: it warns
    overlord = card([{"kind": "flying"}, {"kind": "attack_trigger"}], name="Overlord of the Floodpits")
    assert grade_card(catalog, replace(overlord, warns=True)).grade == "exact"
    elsewhere = [{"kind": "grant", "to": {"ids": ["$attached"], "colors": ["blue"]}, "ability": {"kind": "flying"}}]
    assert grade_card(catalog, card(elsewhere, name="Shield of the Oversoul")).grade == "wrong"
    # Kavu Runner: "has haste as long as no opponent controls a white or blue creature": the
    # condition `not` of a test, or `unless` that test
    white_or_blue = {
        "players": [
            {
                "who": "opponent",
                "controls": {"filter": {"types": ["creature"], "colors": ["white", "blue"]}, "at_least": 1},
            }
        ]
    }
    assert grade_card(catalog, card([{"kind": "haste", "unless": white_or_blue}], name="Kavu Runner")).grade == "exact"
    assert (
        grade_card(catalog, card([{"kind": "haste", "condition": white_or_blue}], name="Kavu Runner")).grade == "wrong"
    )
    # Aerial Modification: "as long as enchanted permanent is a Vehicle, it's an artifact creature",
    # on the type change's `to` or as its condition
    vehicle = {"kind": "type_change", "to": {"ids": ["$attached"], "subtypes": ["Vehicle"]}, "types": ["creature"]}
    grants = [a for a in catalog.compiled(catalog.get("Aerial Modification")).abilities if a["kind"] == "grant"]
    assert grade_card(catalog, card([vehicle, *grants], name="Aerial Modification")).grade == "exact"

    # Timber Paladin: "enchanted by exactly two Auras": two or more and `not` three or more, or
    # two or more `unless` three or more
    def auras(n: int) -> dict[str, Any]:
        return {"source": {"attached": {"filter": {"subtypes": ["Aura"]}, "at_least": n}}}

    three = {"kind": "vigilance", "condition": auras(3)}
    spelled = {"kind": "vigilance", "condition": auras(2), "unless": auras(3)}
    assert grade_card(catalog, card([spelled, three], name="Timber Paladin")).grade == "exact"
    loose = {"kind": "vigilance", "condition": auras(2)}
    assert grade_card(catalog, card([loose, three], name="Timber Paladin")).grade == "wrong"
    # Spectra Ward: a granted protection from each color as five grants (702.16h)
    ward = [
        {"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "protection", "from": {"colors": [c]}}}
        for c in ("white", "blue", "black", "red", "green")
    ]
    assert grade_card(catalog, card(ward, name="Spectra Ward")).grade == "exact"
    assert grade_card(catalog, card(ward[:4], name="Spectra Ward")).grade == "wrong"
    # Masked Gorgon: "Green creatures and white creatures" as one filter of either color
    gorgons = {"kind": "protection", "from": {"subtypes": ["Gorgon"]}}
    both = {"kind": "grant", "to": {"colors": ["green", "white"]}, "ability": gorgons}
    threshold = {"players": [{"who": "you", "graveyard": {"ge": 7}}]}
    own = [{"kind": "protection", "from": {"colors": [c]}, "condition": threshold} for c in ("green", "white")]
    assert grade_card(catalog, card([both, *own], name="Masked Gorgon")).grade == "exact"
    # Loam Dryad: a cost taps the payer's creature, "you control" or not
    dryad = {
        "kind": "mana",
        "cost": {"tap": {"filter": {"types": ["creature"], "controller": "you"}}},
        "produces": "any",
    }
    assert grade_card(catalog, card([dryad], name="Loam Dryad")).grade == "exact"
    theirs = {**dryad, "cost": {"tap": {"filter": {"types": ["creature"], "controller": "opponent"}}}}
    assert grade_card(catalog, card([theirs], name="Loam Dryad")).grade == "wrong"


# --- shares and intervals -----------------------------------------------------------------------


def test_wilson_intervals() -> None:
    none = wilson(0.0, 150)
    assert none.low == pytest.approx(0.0, abs=1e-12) and none.high == pytest.approx(0.02497, abs=1e-4)
    half = wilson(0.5, 100)
    assert (half.low, half.high) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    assert wilson(1.0, 150).high == 1.0 and wilson(1.0, 150).low == pytest.approx(0.97503, abs=1e-4)


def test_the_overall_share_weights_each_stratum_by_its_population() -> None:
    graded = [Graded(f"k{i}", "keywords", "exact") for i in range(10)]
    graded += [Graded(f"t{i}", "text", "exact" if i < 5 else "wrong") for i in range(10)]
    report = AccuracyReport({"keywords": 100, "text": 900}, tuple(graded))
    assert report.weighted("exact").share == pytest.approx(0.1 * 1.0 + 0.9 * 0.5)
    assert report.weighted("wrong").share == pytest.approx(0.45)
    # Kish: 10 cards of weight 10 and 10 of weight 90 are worth (1000^2 / 82000) = 12.2 cards
    assert report.weighted("wrong") == wilson(0.45, 1000**2 / (10 * 10**2 + 10 * 90**2))
    assert report.share("wrong", "text").share == 0.5 and report.count("exact") == 15
    assert [g.card for g in report.unexpected_wrong] == [f"t{i}" for i in range(5, 10)]


# --- bad input -----------------------------------------------------------------------------------

GOOD: dict[str, Any] = {
    "population": {"text": 10},
    "cards": {"Juggernaut": {"stratum": "text", "abilities": JUGGERNAUT}},
}


@pytest.mark.parametrize(
    ("change", "loc", "code"),
    [
        (lambda d: d.pop("population"), ("population",), "missing"),
        (lambda d: d.update(population={"text": 0}), ("population", "text"), "not_positive"),
        (lambda d: d.update(extra=1), ("extra",), "unknown_field"),
        (lambda d: d.update(cards=[]), ("cards",), "not_a_mapping"),
        (lambda d: d["cards"]["Juggernaut"].pop("abilities"), ("cards", "Juggernaut", "abilities"), "missing"),
        (
            lambda d: d["cards"]["Juggernaut"].update(stratum="other"),
            ("cards", "Juggernaut", "stratum"),
            "unknown_name",
        ),
        (lambda d: d["cards"]["Juggernaut"].update(labels=[]), ("cards", "Juggernaut", "labels"), "unknown_field"),
        (lambda d: d["cards"]["Juggernaut"].update(warns="yes"), ("cards", "Juggernaut", "warns"), "one_of"),
        (
            lambda d: d["cards"]["Juggernaut"].update(known_wrong=3),
            ("cards", "Juggernaut", "known_wrong"),
            "not_a_string",
        ),
        (
            lambda d: d["cards"]["Juggernaut"].update(abilities=[{"kind": "flyng"}]),
            ("cards", "Juggernaut", "abilities", 0),
            "union_tag_invalid",
        ),
    ],
)
def test_a_malformed_sample_is_bad_input_naming_the_field(change: Any, loc: tuple[Any, ...], code: str) -> None:
    data = yaml.safe_load(yaml.safe_dump(GOOD))
    change(data)
    with pytest.raises(InputError) as e:
        read_sample(data)
    assert e.value.items[0].loc[: len(loc)] == loc, e.value
    assert e.value.items[0].code == code, e.value


def test_an_unknown_card_is_bad_input() -> None:
    data = {**GOOD, "cards": {"Juggernat": {"stratum": "text", "abilities": []}}}
    with pytest.raises(InputError, match="did you mean 'Juggernaut'"):
        measure_accuracy(bundled_catalog(), data)


def test_the_command_exits_2_on_a_malformed_sample(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "sample.yaml"
    bad.write_text(yaml.safe_dump({"population": {"text": 10}, "cards": {"Juggernaut": {"stratum": "text"}}}))
    assert main(["cards", "--accuracy", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "cards.Juggernaut.abilities" in err and "[missing]" in err and str(bad) in err


# --- the random sample ---------------------------------------------------------------------------


def test_the_sample_is_300_cards_with_at_least_150_beyond_keyword_lines() -> None:
    strata = Counter(c["stratum"] for c in SAMPLE["cards"].values())
    assert sum(strata.values()) == 300 and strata["text"] >= 150 and set(strata) == set(SAMPLE["population"])


@pytest.fixture(scope="module", params=sorted(SAMPLES))
def report(request: pytest.FixtureRequest) -> AccuracyReport:
    return measure_accuracy(bundled_catalog(), SAMPLES[request.param])


def test_no_card_of_the_sample_is_compiled_silently_wrong(report: AccuracyReport) -> None:
    """A wrong card not marked ``known_wrong`` in a sample fails this test: the compiler has
    started to compile it wrong (or it was always wrong and its mark is missing)."""
    assert not report.unexpected_wrong, "\n".join(f"{g.card}: {g.reason}" for g in report.unexpected_wrong)


def test_every_known_wrong_card_is_still_wrong(report: AccuracyReport) -> None:
    """Once the compiler is fixed for a card marked ``known_wrong``, its mark goes."""
    assert not report.stale_known_wrong, "remove known_wrong: " + ", ".join(g.card for g in report.stale_known_wrong)


@pytest.mark.parametrize(
    ("name", "seed"),
    [
        ("random_sample_2.yaml", 20261202),
        ("random_sample_3.yaml", 20261203),
        ("random_sample_4.yaml", 20261204),
        ("random_sample_5.yaml", 20261205),
        ("random_sample_7.yaml", 20261207),
        ("random_sample_8.yaml", 20261208),
        ("random_sample_9.yaml", 20261209),
        ("random_sample_10.yaml", 20261210),
        ("random_sample_11.yaml", 20261211),
        ("random_sample_12.yaml", 20261212),
        ("random_sample_13.yaml", 20261213),
        ("random_sample_14.yaml", 20261214),
        ("random_sample_15.yaml", 20261215),
        ("random_sample_16.yaml", 20261216),
        ("random_sample_17.yaml", 20261217),
        ("random_sample_18.yaml", 20261218),
        ("random_sample_19.yaml", 20261219),
        ("random_sample_20.yaml", 20261220),
        ("random_sample_21.yaml", 20261221),
        ("random_sample_22.yaml", 20261222),
        ("random_sample_23.yaml", 20261223),
        ("random_sample_24.yaml", 20261224),
        ("random_sample_25.yaml", 20261225),
        ("random_sample_26.yaml", 20261226),
        ("random_sample_27.yaml", 20261227),
        ("random_sample_28.yaml", 20261228),
        ("random_sample_29.yaml", 20261229),
        ("random_sample_30.yaml", 20261230),
        ("random_sample_31.yaml", 20261231),
        ("random_sample_32.yaml", 20261232),
        ("random_sample_33.yaml", 20261233),
        ("random_sample_34.yaml", 20261234),
        ("random_sample_35.yaml", 20261235),
        ("random_sample_36.yaml", 20261236),
        ("random_sample_37.yaml", 20261237),
        ("random_sample_38.yaml", 20261238),
        ("random_sample_39.yaml", 20261239),
        ("random_sample_40.yaml", 20261240),
        ("random_sample_41.yaml", 20261241),
        ("random_sample_42.yaml", 20261242),
        ("random_sample_43.yaml", 20261243),
        ("random_sample_44.yaml", 20261244),
        ("random_sample_45.yaml", 20261245),
        ("random_sample_46.yaml", 20261246),
        ("random_sample_47.yaml", 20261247),
        ("random_sample_48.yaml", 20261248),
        ("random_sample_49.yaml", 20261249),
        ("random_sample_50.yaml", 20261250),
        ("random_sample_51.yaml", 20261251),
        ("random_sample_52.yaml", 20261252),
        ("random_sample_53.yaml", 20261253),
        ("random_sample_54.yaml", 20261254),
        ("random_sample_55.yaml", 20261255),
        ("random_sample_56.yaml", 20261256),
        ("random_sample_57.yaml", 20261257),
        ("random_sample_58.yaml", 20261258),
        ("random_sample_59.yaml", 20261259),
        ("random_sample_60.yaml", 20261260),
        ("random_sample_61.yaml", 20261261),
        ("random_sample_62.yaml", 20261262),
        ("random_sample_63.yaml", 20261263),
        ("random_sample_64.yaml", 20261264),
        ("random_sample_65.yaml", 20261265),
        ("random_sample_66.yaml", 20261266),
        ("random_sample_67.yaml", 20261267),
        ("random_sample_68.yaml", 20261268),
        ("random_sample_69.yaml", 20261269),
        ("random_sample_70.yaml", 20261270),
        ("random_sample_71.yaml", 20261271),
        ("random_sample_72.yaml", 20261272),
        ("random_sample_73.yaml", 20261273),
        ("random_sample_74.yaml", 20261274),
        ("random_sample_75.yaml", 20261275),
        ("random_sample_76.yaml", 20261276),
        ("random_sample_77.yaml", 20261277),
        ("random_sample_78.yaml", 20261278),
        ("random_sample_79.yaml", 20261279),
        ("random_sample_80.yaml", 20261280),
        ("random_sample_81.yaml", 20261281),
        ("random_sample_82.yaml", 20261282),
        ("random_sample_83.yaml", 20261283),
        ("random_sample_84.yaml", 20261284),
        ("random_sample_89.yaml", 20261289),
        ("random_sample_90.yaml", 20261290),
        ("random_sample_91.yaml", 20261291),
        ("random_sample_92.yaml", 20261292),
        ("random_sample_93.yaml", 20261293),
        ("random_sample_94.yaml", 20261294),
        ("random_sample_95.yaml", 20261295),
        ("random_sample_96.yaml", 20261296),
        ("random_sample_97.yaml", 20261297),
    ],
)
def test_the_later_samples_are_200_fresh_cards_mostly_beyond_keyword_lines(name: str, seed: int) -> None:
    sample = SAMPLES[name]
    strata = Counter(c["stratum"] for c in sample["cards"].values())
    assert sample["seed"] == seed and strata == {"keywords": 60, "text": 140}


def test_the_discovery_sample_is_300_fresh_cards_almost_all_beyond_keyword_lines() -> None:
    sample = SAMPLES["random_sample_6.yaml"]
    strata = Counter(c["stratum"] for c in sample["cards"].values())
    assert sample["seed"] == 20261206 and strata == {"keywords": 30, "text": 270}


def test_the_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--accuracy", str(SAMPLE_FILE)]) == 0
    out = capsys.readouterr().out
    assert "labelled random sample (seed 20261201): 300 cards" in out
    for grade_name in ("exact", "partial", "wrong", "unread"):
        assert any(line.startswith(grade_name + " ") for line in out.splitlines()), grade_name


LEFT_THE_POPULATION = frozenset(
    {
        "Cazur, Ruthless Stalker",
        "Emblazoned Golem",
        "Fire-Belly Changeling",
        "Fires of Invention",
        "Mwonvuli Beast Tracker",
        "Sewer Rats",
        "Soul Kiss",
        "The Beleaguered Boxer",
    }
)
"""Cards whose only "legality text" was a false positive of the phrases, fixed since the draws:
activation limits and a deck-building rule ("no more than"), a search for "a creature card with
defender", planeswalking (901.8), a "Partner with [name]" whose name holds a keyword (702.124j)."""


@cache
def _draw_sample() -> Any:
    """scripts/draw_sample.py as a module, and today's population it reads (computed once: the
    whole catalog's text is read, some seconds)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import draw_sample
    finally:
        sys.path.pop(0)
    return draw_sample, draw_sample.population()


@pytest.mark.long
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_sample_was_drawn_from_the_population_the_script_reads(name: str) -> None:
    """Each sample was drawn from the population of its day; as the compiler learns to see more
    legality text the population grows, and it shrinks only by ``LEFT_THE_POPULATION``: every
    sampled card is still in it, in its stratum, unless it is one of those (its label then says its
    text bears on nothing), and the recorded sizes are at most today's with those cards counted."""
    draw_sample, today = _draw_sample()
    sample = SAMPLES[name]
    names = {s: {r.name for r in records} for s, records in today.items()}
    catalog = bundled_catalog()
    left = {s: {n for n in LEFT_THE_POPULATION if draw_sample.stratum(catalog.get(n)) == s} for s in names}
    assert all(not draw_sample.relevant(catalog.get(n)) for n in LEFT_THE_POPULATION)
    assert all(sample["population"][s] <= len(names[s] | left[s]) for s in names)
    strays = [n for n, c in sample["cards"].items() if n not in names[c["stratum"]]]
    assert set(strays) <= LEFT_THE_POPULATION
    assert not any(sample["cards"][n].get(k) for n in strays for k in ("abilities", "levels", "warns"))
