"""phase.rs game states as audit records: the board at a declare attackers / declare blockers
decision and the declaration phase.rs (its AI or a script) made there.

The input is the JSON of ``Game.state()`` from ``phase-python`` (a plain dict; this module never
imports phase) and the declaration action as its tagged dict (``GameAction.to_dict()``). Each
permanent on the battlefield becomes a board permanent with its current characteristics (power
and toughness already include counters and continuous effects), tapped status and summoning
sickness (302.6); keywords and static abilities (phase has already applied continuous effects,
those of resolved spells included, to each object's keywords and static abilities) are translated
into the ability vocabulary; Auras' and Equipment's abilities become grants to the permanent they
are attached to; basic lands get their intrinsic mana ability (305.6). What a record can't carry
(abilities or effects outside the vocabulary, counters other than +1/+1 and -1/-1) is listed in
the record's ``warnings``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

JsonDict = dict[str, Any]

CARD_TYPES = {"artifact", "battle", "creature", "enchantment", "kindred", "land", "planeswalker"}
COLORS = {"White": "white", "Blue": "blue", "Black": "black", "Red": "red", "Green": "green"}
CONTROLLERS = {"You": "you", "Opponent": "opponent"}
COMPARATORS = {"LT": "lt", "LE": "le", "EQ": "eq", "GE": "ge", "GT": "gt"}
ATTACHED_PROPERTIES = {"EnchantedBy", "EquippedBy"}
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
PT_COUNTERS = {"P1P1", "M1M1", "+1/+1", "-1/-1", "Plus1Plus1", "Minus1Minus1"}

PHASE_ONLY_KEYWORDS = {"Exert": "exert"}
"""phase keywords of the vocabulary that aren't a kind's Oracle keyword (exert is a keyword action, 701.43)."""


@cache
def keyword_kinds() -> dict[str, str]:
    """phase keywords that are abilities of the vocabulary with no parameters: each kind's
    ``keyword`` as phase spells it ("Flying"), and ``PHASE_ONLY_KEYWORDS``."""
    from ..rules.registry import keyword_kinds as oracle_keywords

    spelled = {keyword.title().replace(" ", ""): kind for keyword, kind in oracle_keywords().items()}
    return {**spelled, **PHASE_ONLY_KEYWORDS}


KEYWORDS_WITHOUT_COMBAT_DECLARATION_EFFECT = {
    "Deathtouch",
    "DoubleStrike",
    "Enchant",
    "Equip",
    "FirstStrike",
    "Flash",
    "Hexproof",
    "Indestructible",
    "Kicker",
    "Lifelink",
    "Partner",
    "Prowess",
    "Shroud",
    "Trample",
    "Ward",
}
"""Keywords that neither restrict nor require an attack or block (damage, targeting, casting)."""

APPLIED_MODIFICATIONS = {
    "AddPower",
    "AddToughness",
    "SetPower",
    "SetToughness",
    "AddKeyword",
    "RemoveKeyword",
    "AddStaticMode",
}
"""Continuous-effect modifications phase has already applied to the affected object's current
power, toughness, keywords and static abilities (so they are read from the object)."""


class PhaseImportError(ValueError):
    """A decision the record format can't represent at all (not merely with a warning)."""


class Unsupported(Exception):
    """One ability or filter outside the vocabulary: it is left out and named in ``warnings``."""


@dataclass
class _Import:
    state: Mapping[str, Any]
    ids: dict[int, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def obj(self, object_id: int) -> Mapping[str, Any]:
        found: Mapping[str, Any] = self.state["objects"][str(object_id)]
        return found

    def permanent_id(self, object_id: int) -> str:
        if object_id not in self.ids:
            raise PhaseImportError(f"object {object_id} is not on the battlefield")
        return self.ids[object_id]

    def target(self, target: Mapping[str, Any]) -> str:
        kind, data = target.get("type"), target.get("data")
        if kind == "Player" and isinstance(data, int):
            return player_id(data)
        if kind in ("Planeswalker", "Battle") and isinstance(data, int):
            return self.permanent_id(data)
        raise PhaseImportError(f"attack target {target} is neither a player nor a permanent")


def player_id(seat: int) -> str:
    return f"p{seat}"


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "object"


def inner_state(state: Mapping[str, Any]) -> Mapping[str, Any]:
    """The ``GameState`` inside ``Game.state()``'s envelope (or the state itself)."""
    inner = state.get("state")
    return inner if isinstance(inner, Mapping) and "objects" in inner else state


def decision(state: Mapping[str, Any]) -> tuple[str, int]:
    """The pending decision's kind (``attack`` or ``block``) and the deciding seat."""
    waiting = inner_state(state).get("waiting_for") or {}
    kinds = {"DeclareAttackers": "attack", "DeclareBlockers": "block"}
    if waiting.get("type") not in kinds:
        raise PhaseImportError(f"the game is not waiting for a combat declaration but for {waiting.get('type')}")
    return kinds[waiting["type"]], int(waiting["data"]["player"])


def record(
    state: Mapping[str, Any], action: Mapping[str, Any], *, record_id: str, game: str | int | None = None
) -> JsonDict:
    """The audit record of one combat decision: ``state`` is ``Game.state()`` while the game waits
    for the declaration, ``action`` the declaration (``GameAction.to_dict()``)."""
    kind, seat = decision(state)
    inner = inner_state(state)
    imp = _Import(inner)
    board = _board(imp, kind)
    out: JsonDict = {
        "id": record_id,
        "board": board,
        "declaration": _declaration(imp, kind, action),
        "turn": inner.get("turn_number"),
        "combat_number": (inner.get("steps_started_this_turn") or {}).get("DeclareAttackers", 1),
        "declared_by": player_id(seat),
        "warnings": imp.warnings,
    }
    if game is not None:
        out["game"] = game
    return out


def _board(imp: _Import, kind: str) -> JsonDict:
    state = imp.state
    for object_id in state["battlefield"]:
        imp.ids[object_id] = f"{slug(imp.obj(object_id)['name'])}-{object_id}"
    players = [
        {"id": player_id(p["id"]), "life": p.get("life", 20), "hand": len(p.get("hand", ()))}
        for p in state["players"]
        if not p.get("is_eliminated")
    ]
    board: JsonDict = {
        "players": players,
        "active_player": player_id(state["active_player"]),
        "permanents": [p for object_id in state["battlefield"] if (p := _permanent(imp, object_id)) is not None],
    }
    if kind == "block":
        board["combat"] = _combat(imp)
    else:
        attacked = len(state.get("creatures_attacked_this_turn") or ())
        if attacked:
            board["attacked_this_turn"] = attacked
    for effect in state.get("transient_continuous_effects") or ():
        unapplied = {m.get("type") for m in effect.get("modifications", ())} - APPLIED_MODIFICATIONS
        if unapplied:
            imp.warnings.append(
                f"effect of {effect.get('source_name') or 'a resolved spell or ability'} not carried: "
                f"{', '.join(sorted(map(str, unapplied)))}"
            )
    return board


def _combat(imp: _Import) -> JsonDict:
    attackers: dict[str, str] = {}
    bands: dict[Any, list[str]] = {}
    for attacker in (imp.state.get("combat") or {}).get("attackers", ()):
        attacker_id = imp.permanent_id(attacker["object_id"])
        attackers[attacker_id] = imp.target(attacker["attack_target"])
        if attacker.get("band_id") is not None:
            bands.setdefault(attacker["band_id"], []).append(attacker_id)
    combat: JsonDict = {"attackers": attackers}
    if any(len(members) > 1 for members in bands.values()):
        combat["bands"] = [members for members in bands.values() if len(members) > 1]
    return combat


def _permanent(imp: _Import, object_id: int) -> JsonDict | None:
    obj = imp.obj(object_id)
    name = obj["name"]
    card_types = obj.get("card_types") or {}
    types = [t.casefold() for t in card_types.get("core_types", ()) if t.casefold() in CARD_TYPES]
    if not types:
        imp.warnings.append(f"{name} ({object_id}) has no card type the board knows: left out")
        return None
    permanent: JsonDict = {
        "id": imp.ids[object_id],
        "name": name,
        "controller": player_id(obj["controller"]),
        "owner": player_id(obj["owner"]),
        "types": types,
        "subtypes": list(card_types.get("subtypes", ())),
        "supertypes": [s.casefold() for s in card_types.get("supertypes", ())],
        "colors": [COLORS[c] for c in obj.get("color", ()) if c in COLORS],
        "tapped": bool(obj.get("tapped")),
        "summoning_sick": bool(obj.get("summoning_sick")),
    }
    if "creature" in types:
        permanent["power"] = obj.get("power") or 0
        permanent["toughness"] = obj.get("toughness") or 0
    if obj.get("face_down"):
        imp.warnings.append(f"{name} ({object_id}) is face down")
    for counter, amount in (obj.get("counters") or {}).items():
        if counter not in PT_COUNTERS and amount:
            imp.warnings.append(f"{name} has {amount} {counter} counter(s), not carried")
    abilities: list[JsonDict] = [
        {"kind": "mana", "produces": BASIC_LAND_MANA[subtype]}
        for subtype in permanent["subtypes"]
        if "land" in types and subtype in BASIC_LAND_MANA
    ]
    for keyword in obj.get("keywords", ()):
        try:
            abilities += _keyword(keyword)
        except Unsupported as why:
            imp.warnings.append(f"{name}: {why}")
    for static in obj.get("static_definitions", ()):
        try:
            abilities += _static(imp, object_id, static)
        except Unsupported as why:
            imp.warnings.append(f"{name}: {why}")
    if abilities:
        permanent["abilities"] = abilities
    return permanent


def _keyword(keyword: Any) -> list[JsonDict]:
    if isinstance(keyword, str):
        kinds = keyword_kinds()
        if keyword in kinds:
            return [{"kind": kinds[keyword]}]
        if keyword in KEYWORDS_WITHOUT_COMBAT_DECLARATION_EFFECT:
            return []
        raise Unsupported(f"keyword {keyword} not carried")
    if isinstance(keyword, Mapping) and len(keyword) == 1:
        (name, value), *_ = keyword.items()
        if name in KEYWORDS_WITHOUT_COMBAT_DECLARATION_EFFECT:
            return []
        if name == "Landwalk" and isinstance(value, str):
            return [{"kind": "landwalk", "land": {"subtypes": [value]}}]
        if name == "Protection" and isinstance(value, Mapping) and set(value) == {"Color"} and value["Color"] in COLORS:
            return [{"kind": "protection", "from": {"colors": [COLORS[value["Color"]]]}}]
        if name in ("Rampage", "Bushido") and isinstance(value, int):
            return [{"kind": name.casefold(), "n": value}]
    raise Unsupported(f"keyword {keyword} not carried")


def _static(imp: _Import, object_id: int, static: Mapping[str, Any]) -> list[JsonDict]:
    """The vocabulary abilities for one of phase's static abilities on ``object_id``."""
    mode: str | Mapping[str, Any] = static.get("mode") or {}
    name, params = (mode, {}) if isinstance(mode, str) else next(iter(mode.items()), ("", {}))
    if name == "Continuous":
        unapplied = {m.get("type") for m in static.get("modifications", ())} - APPLIED_MODIFICATIONS
        if unapplied:
            raise Unsupported(f"continuous effect {sorted(map(str, unapplied))} not carried")
        return []
    translate = STATIC_MODES.get(name)
    if translate is None:
        raise Unsupported(f"static ability {name} ({static.get('description') or ''}) not carried")
    ability = translate(params or {}, static.get("condition"))
    return [_placed(imp, object_id, static.get("affected"), ability, name)]


def _placed(imp: _Import, object_id: int, affected: Mapping[str, Any] | None, ability: JsonDict, mode: str) -> JsonDict:
    """``ability`` where it applies: on the object itself, granted to the permanent an Aura or
    Equipment is attached to, or granted to every creature matching the affected filter."""
    if affected is None or affected.get("type") == "SelfRef" or _stays_on_source(ability["kind"]):
        return ability
    properties = affected.get("properties") or []
    attached = [p for p in properties if p.get("type") in ATTACHED_PROPERTIES]
    if attached:
        attached_to = imp.obj(object_id).get("attached_to") or {}
        host = attached_to.get("data") if attached_to.get("type") == "Object" else None
        if host not in imp.ids:
            raise Unsupported(f"{mode} for the permanent it is attached to, but it is attached to nothing")
        return {"kind": "grant", "to": {"ids": [imp.ids[host]]}, "ability": ability}
    return {"kind": "grant", "to": phase_filter(affected), "ability": ability}


def phase_filter(target: Mapping[str, Any], self_id: str | None = None) -> JsonDict:
    """phase's object filter as the vocabulary's FILTER (types, subtypes, controller, keywords,
    colors, power/toughness, tapped; ``Not`` and ``Or``)."""
    kind = target.get("type")
    if kind == "Not":
        return {"not": phase_filter(target["filter"], self_id)}
    if kind == "Or":
        return {"any_of": [phase_filter(f, self_id) for f in target["filters"]]}
    if kind == "SelfRef" and self_id is not None:
        return {"ids": [self_id]}
    if kind != "Typed":
        raise Unsupported(f"filter {kind} not carried")
    out: JsonDict = {}
    for type_filter in target.get("type_filters", ()):
        if isinstance(type_filter, str) and type_filter.casefold() in CARD_TYPES:
            out.setdefault("types", []).append(type_filter.casefold())
        elif isinstance(type_filter, Mapping) and set(type_filter) == {"Subtype"}:
            out.setdefault("subtypes", []).append(type_filter["Subtype"])
        elif type_filter not in ("Card", "Permanent"):
            raise Unsupported(f"type filter {type_filter} not carried")
    if target.get("controller") is not None:
        if target["controller"] not in CONTROLLERS:
            raise Unsupported(f"controller {target['controller']} not carried")
        out["controller"] = CONTROLLERS[target["controller"]]
    for prop in target.get("properties", ()):
        out.update(_property(prop, out))
    return out


def _property(prop: Mapping[str, Any], so_far: JsonDict) -> JsonDict:
    kind = prop.get("type")
    if kind == "WithKeyword" and prop.get("value") in keyword_kinds():
        return {"has": [*so_far.get("has", ()), keyword_kinds()[prop["value"]]]}
    if kind == "HasColor" and prop.get("color") in COLORS:
        return {"colors": [*so_far.get("colors", ()), COLORS[prop["color"]]]}
    if kind in ("Tapped", "Untapped"):
        return {"tapped": kind == "Tapped"}
    if (
        kind == "PtComparison"
        and prop.get("stat") in ("Power", "Toughness")
        and prop.get("comparator") in COMPARATORS
        and (prop.get("value") or {}).get("type") == "Fixed"
    ):
        stat = prop["stat"].casefold()
        return {stat: {**so_far.get(stat, {}), COMPARATORS[prop["comparator"]]: prop["value"]["value"]}}
    raise Unsupported(f"filter property {dict(prop)} not carried")


def _unconditional(kind: str, **params: Any) -> Callable[[Mapping[str, Any], Any], JsonDict]:
    def translate(_: Mapping[str, Any], condition: Any) -> JsonDict:
        if condition is not None:
            raise Unsupported(f"{kind} with condition {condition} not carried")
        return {"kind": kind, **params}

    return translate


UNLESS_TEXT: dict[str, JsonDict] = {
    "unless at least two other creatures attack": {"kind": "cant_attack_unless_others_attack", "n": 2},
    "unless at least two other creatures block": {"kind": "cant_block_unless_others_block", "n": 2},
    "unless a creature with greater power also attacks": {"kind": "cant_attack_unless_greater_power_attacks"},
    "unless a creature with greater power also blocks": {"kind": "cant_block_unless_greater_power_blocks"},
}


def _cant(kind: str) -> Callable[[Mapping[str, Any], Any], JsonDict]:
    """``CantAttack``/``CantBlock``: plain, "unless ..." conditions phase leaves unparsed, and
    "unless its controller pays" taxes (Ghostly Prison, Propaganda)."""

    def translate(_: Mapping[str, Any], condition: Any) -> JsonDict:
        if condition is None:
            return {"kind": kind}
        inner = condition.get("condition") if condition.get("type") == "Not" else None
        if inner and inner.get("type") == "Unrecognized" and inner.get("text") in UNLESS_TEXT:
            return dict(UNLESS_TEXT[inner["text"]])
        if condition.get("type") == "UnlessPay" and kind == "cant_attack":
            return {"kind": "attack_tax", "cost": {"mana": _mana(condition.get("cost") or {})}}
        raise Unsupported(f"{kind} with condition {condition} not carried")

    return translate


def _mana(cost: Mapping[str, Any]) -> str:
    symbols = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G", "Colorless": "C"}
    shards = cost.get("shards") or []
    if any(shard not in symbols for shard in shards):
        raise Unsupported(f"mana cost {dict(cost)} not carried")
    generic = f"{{{cost['generic']}}}" if cost.get("generic") or not shards else ""
    return generic + "".join(f"{{{symbols[s]}}}" for s in shards)


def _combat_alone(params: Mapping[str, Any], condition: Any) -> JsonDict:
    kinds = {
        ("Attack", "NeedsCompanion"): "cant_attack_alone",
        ("Block", "NeedsCompanion"): "cant_block_alone",
        ("Attack", "MustBeSole"): "can_only_attack_alone",
    }
    kind = kinds.get((str(params.get("action")), str(params.get("requirement"))))
    if kind is None or condition is not None:
        raise Unsupported(f"CombatAlone {dict(params)} not carried")
    return {"kind": kind}


def _with_filter(kind: str, key: str, source: Callable[[Mapping[str, Any]], Any]) -> Callable[..., JsonDict]:
    def translate(params: Mapping[str, Any], condition: Any) -> JsonDict:
        if condition is not None:
            raise Unsupported(f"{kind} with condition {condition} not carried")
        return {"kind": kind, key: phase_filter(source(params))}

    return translate


def _counted(kind: str, key: str, *, absent_kind: str | None = None) -> Callable[..., JsonDict]:
    def translate(params: Mapping[str, Any], condition: Any) -> JsonDict:
        if condition is not None or params.get("defender") is not None:
            raise Unsupported(f"{kind} {dict(params)} with condition {condition} not carried")
        if params.get(key) is None and absent_kind is not None:
            return {"kind": absent_kind}
        return {"kind": kind, "n": int(params[key])}

    return translate


def _must_be_blocked(params: Mapping[str, Any], condition: Any) -> JsonDict:
    if condition is not None:
        raise Unsupported(f"MustBeBlocked with condition {condition} not carried")
    if params.get("by") is None:
        return {"kind": "must_be_blocked"}
    return {"kind": "must_be_blocked", "by": phase_filter(params["by"])}


STATIC_MODES: dict[str, Callable[[Mapping[str, Any], Any], JsonDict]] = {
    "MustAttack": _unconditional("must_attack"),
    "MustBlock": _unconditional("must_block"),
    "MustBeBlockedByAll": _unconditional("lure"),
    "MustBeBlocked": _must_be_blocked,
    "CantBeBlocked": _unconditional("cant_be_blocked"),
    "CantBeBlockedUnlessAllBlock": _unconditional("cant_be_blocked_unless_all_block"),
    "CantAttack": _cant("cant_attack"),
    "CantBlock": _cant("cant_block"),
    "CombatAlone": _combat_alone,
    "CantBeBlockedBy": _with_filter("cant_be_blocked_by", "by", lambda p: p["filter"]),
    "CantBeBlockedExceptBy": _with_filter("cant_be_blocked_except_by", "by", lambda p: _quality(p["kind"])),
    "BlockRestriction": _with_filter("can_block_only", "attackers", lambda p: p["filter"]),
    "CantBeBlockedByMoreThan": _counted("max_blockers", "max"),
    "ExtraBlockers": _counted("block_additional", "count", absent_kind="block_any_number"),
    "MaxAttackersEachCombat": _counted("attack_limit", "max"),
    "MaxBlockersEachCombat": _counted("block_limit", "max"),
}
"""phase's static ability modes (``StaticMode``) and their vocabulary ability."""


def _stays_on_source(kind: str) -> bool:
    """Whether an ability stays on its source whatever it affects: a rule of the game (``scope:
    game``: Silent Arbiter, and taxes on attacking the source's controller, Ghostly Prison)."""
    from ..rules.registry import ability_class

    return ability_class(kind).scope == "game"


def _quality(kind: Mapping[str, Any]) -> Mapping[str, Any]:
    if set(kind) != {"Quality"}:
        raise Unsupported(f"CantBeBlockedExceptBy {dict(kind)} not carried")
    quality: Mapping[str, Any] = kind["Quality"]
    return quality


def _declaration(imp: _Import, kind: str, action: Mapping[str, Any]) -> JsonDict:
    expected = {"attack": "DeclareAttackers", "block": "DeclareBlockers"}[kind]
    if action.get("type") != expected:
        raise PhaseImportError(f"the game waits for {expected} but the action is {action.get('type')}")
    data = action.get("data") or {}
    if kind == "block":
        blocks: dict[str, list[str]] = {}
        for blocker, attacker in data.get("assignments", ()):
            blocks.setdefault(imp.permanent_id(blocker), []).append(imp.permanent_id(attacker))
        return {"kind": "block", "blocks": blocks}
    declaration: JsonDict = {
        "kind": "attack",
        "attacks": {imp.permanent_id(attacker): imp.target(target) for attacker, target in data.get("attacks", ())},
    }
    bands = [_band(imp, band) for band in data.get("bands", ())]
    if bands:
        declaration["bands"] = bands
    return declaration


def _band(imp: _Import, band: Any) -> list[str]:
    members: Sequence[Any] = band.get("members", ()) if isinstance(band, Mapping) else band
    return [imp.permanent_id(member) for member in members]
