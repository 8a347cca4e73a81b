"""What every declaring unit offers the rules: names, keywords, filters."""

from __future__ import annotations

from ..model.filters import Filter, PermanentView
from ..rules.kind import Instance
from .game import Game


class UnitBase:
    """What every declaring unit offers the rules: names, keywords, filters."""

    game: Game
    players: frozenset[str]
    _attacker_ids: set[str]

    @property
    def name(self) -> str:
        return " and ".join(sorted(self.players))

    def label(self, permanent: PermanentView | None) -> str:
        return "the game" if permanent is None else self.game._labels[permanent.id]

    def has(self, permanent: PermanentView, kind: str) -> bool:
        return self.game.has_keyword(permanent.id, kind)

    def matches(self, f: Filter, permanent: PermanentView, you: str | None) -> bool:
        return self.game.matches(f, permanent, you)

    def attacker(self, inst: Instance) -> PermanentView | None:
        """The holder, if it is one of this unit's attacking (or potential attacking) creatures."""
        return inst.holder if inst.holder is not None and inst.holder.id in self._attacker_ids else None
