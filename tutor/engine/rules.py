"""Which Old Maid is being played: Bicycle or Table rules, the number of players and house rules."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

Variant = Literal["bicycle", "table"]
PLAYER_RANGE: dict[str, tuple[int, int]] = {"bicycle": (2, 5), "table": (2, 8)}
ODD_RANKS = ("Q", "K", "J")
_OPTIONS = ("odd_rank", "odd_card_wins", "wrong_pair_loses", "extra_draw_on_pair")


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules in play. Build with `Rules.bicycle(...)` or `Rules.table(...)`."""

    variant: Variant
    players: int = 4
    odd_rank: str = "Q"
    extra_draw_on_pair: bool = False
    odd_card_wins: bool = False
    wrong_pair_loses: bool = False

    def __post_init__(self) -> None:
        if self.variant not in PLAYER_RANGE:
            raise ValueError(f"variant must be 'bicycle' or 'table', not {self.variant!r}")
        low, high = PLAYER_RANGE[self.variant]
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not low <= self.players <= high:
            name = self.variant.capitalize()
            raise ValueError(f"players must be a whole number from {low} to {high} for {name} rules, not {self.players!r}")
        if self.odd_rank not in ODD_RANKS:
            raise ValueError(f"odd_rank must be one of Q, K, J, not {self.odd_rank!r}")
        for option in ("extra_draw_on_pair", "odd_card_wins", "wrong_pair_loses"):
            if not isinstance(getattr(self, option), bool):
                raise ValueError(f"{option} must be True or False, not {getattr(self, option)!r}")
        if self.extra_draw_on_pair and self.variant != "table":
            raise ValueError("extra_draw_on_pair is a Table house rule; allowed with Bicycle rules: False")
        if self.wrong_pair_loses and self.variant != "bicycle":
            raise ValueError("wrong_pair_loses is a Bicycle rule; allowed with Table rules: False")
        if self.wrong_pair_loses and self.odd_card_wins:
            raise ValueError("wrong_pair_loses belongs to the ordinary game; allowed with odd_card_wins: False")

    @classmethod
    def bicycle(cls, players: int = 4, **options: Any) -> Rules:
        """Bicycle rules: offer your hand to the left, draw from your right, pairs face down."""
        _check_options(options)
        return cls("bicycle", players, **options)

    @classmethod
    def table(cls, players: int = 4, odd_rank: str = "Q", extra_draw_on_pair: bool = False, **options: Any) -> Rules:
        """Table rules: draw from the nearest seat on your left, pairs face up at once."""
        _check_options(options)
        return cls("table", players, odd_rank=odd_rank, extra_draw_on_pair=extra_draw_on_pair, **options)

    @property
    def pairs_face_up(self) -> bool:
        return self.variant == "table"

    @property
    def draws_from(self) -> str:
        """The side a player draws from: "right" in Bicycle rules (each player offers their hand to
        the next active player on their left), "left" in Table rules."""
        return "right" if self.variant == "bicycle" else "left"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if not isinstance(data, dict) or "variant" not in data:
            raise ValueError("rules must be a mapping with a 'variant'")
        options = {key: value for key, value in data.items() if key != "variant"}
        unknown = set(options) - {"players", *_OPTIONS}
        if unknown:
            raise ValueError(f"unknown rules option {sorted(unknown)[0]!r}; allowed: players, {', '.join(_OPTIONS)}")
        return cls(data["variant"], **options)


def _check_options(options: dict[str, Any]) -> None:
    for name in options:
        if name not in _OPTIONS:
            raise ValueError(f"unknown rules option {name!r}; allowed: {', '.join(_OPTIONS)}")
