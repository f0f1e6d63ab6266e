"""The catalogue of rules options: values, one-line meaning, the rules using each.

:data:`OPTIONS` is the one place where an option's meaning is written: the
``rules`` command and the options table of docs/rules.md are made from it, and
:class:`~casino_records.engine.rules.Rules` checks values against it.

>>> OPTIONS["deal_batch"].values_text
'1, 2 or 4'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from ..i18n import ENGLISH, N_, Translator

__all__ = ["OPTIONS", "OPTION_CHOICES", "PRESET_SUMMARIES", "Option", "find_options"]

CardValues = Literal["classic", "royal"]
FaceCapture = Literal["single_same_rank", "all_same_rank", "numeric"]
Partnership4p = Literal["optional", "required"]
Direction = Literal["clockwise", "counterclockwise"]
DealerRotation = Literal["with_play", "left", "right"]
PairingObligation = Literal["none", "at_least_one", "all"]
SweepCancellation = Literal["none", "vs_runner_up"]
ResidueIfNoCapture = Literal["unclaimed", "dealer"]
SimultaneousTarget = Literal["higher_total_else_replay", "any_simultaneous_is_tie"]
NearTargetRule = Literal["none", "frozen", "cap_at_20"]


@dataclass(frozen=True, slots=True)
class Option:
    """One rules option: its values, its meaning and the rules that use it."""

    name: str
    """The option's name, as written in a record's ``rules.options``."""
    choices: tuple[Any, ...] | type
    """The allowed values (a tuple), or the type (``bool``; ``int`` for 1 to 1000)."""
    meaning: str
    """What the option decides, in one line (English; ``t.gettext`` words it in a
    language: the catalogues hold every meaning)."""
    rules: tuple[str, ...]
    """The ids of the rules and readings (docs/rules.md) that depend on it."""

    @property
    def values_text(self) -> str:
        """The allowed values in words: ``true or false``, ``1, 2 or 4`` …"""
        if self.choices is bool:
            return "true or false"
        if self.choices is int:
            return "a whole number from 1 to 1000"
        listed = [str(v) for v in self.choices]  # type: ignore[union-attr]
        return ", ".join(listed[:-1]) + " or " + listed[-1]


OPTIONS: Final[dict[str, Option]] = {
    option.name: option
    for option in (
        Option(
            "card_values",
            get_args(CardValues),
            N_(
                "Whether faces have no number and an ace is 1 (`classic`) or faces count 11 to "
                "13 and an ace 1 or 14 (`royal`)."
            ),
            ("R1.2", "R1.3", "R1.5"),
        ),
        Option(
            "face_capture",
            get_args(FaceCapture),
            N_(
                "Whether a face takes one loose card of its rank (`single_same_rank`), every "
                "loose card of its rank (`all_same_rank`) or counts as an ordinary number "
                "(`numeric`)."
            ),
            ("R5.2", "A22", "A29"),
        ),
        Option(
            "partnership_4p",
            get_args(Partnership4p),
            N_(
                "Whether four players may play alone or in partnerships (`optional`) or must "
                "play as two partnerships (`required`)."
            ),
            ("R2.1", "A33"),
        ),
        Option(
            "direction",
            get_args(Direction),
            N_(
                "Whether play goes clockwise from the dealer's left or counter-clockwise from "
                "the dealer's right."
            ),
            ("R2.3", "A14"),
        ),
        Option(
            "dealer_rotation",
            get_args(DealerRotation),
            N_(
                "Whether the deal passes in the direction of play (`with_play`) or always to "
                "the `left` or to the `right`."
            ),
            ("R2.7", "A14"),
        ),
        Option(
            "deal_batch",
            (1, 2, 4),
            N_(
                "How many cards (1, 2 or 4) the dealer gives at a time, which matters when a "
                "record gives the shuffled pack rather than the hands."
            ),
            ("R3.4",),
        ),
        Option(
            "owner_may_trail",
            bool,
            N_("Whether a player who owns a build may trail, G1 still applying."),
            ("R9.2", "G2", "A23"),
        ),
        Option(
            "no_trail_if_capture_possible",
            bool,
            N_("Whether a card that has a legal capture is barred from being trailed."),
            ("R9.4", "A24"),
        ),
        Option(
            "trail_ban_matching_loose",
            bool,
            N_(
                "Whether a card is barred from being trailed while a loose card of the same "
                "value lies on the table."
            ),
            ("R9.3",),
        ),
        Option(
            "pairing_obligation",
            get_args(PairingObligation),
            N_(
                "Whether a capture by a card that matches loose cards must take none, at least "
                "one or all of them."
            ),
            ("R5.3", "A19"),
        ),
        Option(
            "extend_partner_build",
            bool,
            N_("Whether a player may extend a build owned by his partner."),
            ("E1", "A26"),
        ),
        Option(
            "extend_extra_table_groups",
            bool,
            N_("Whether an extend may also add groups made only of loose table cards."),
            ("E2",),
        ),
        Option(
            "increase_own_build",
            bool,
            N_("Whether a player may increase a build he owns himself."),
            ("I4", "A20"),
        ),
        Option(
            "increase_partner_build",
            bool,
            N_("Whether a player may increase a build owned by his partner."),
            ("I4", "A26"),
        ),
        Option(
            "increase_incorporate_table",
            bool,
            N_(
                "Whether an increase may take in groups of loose table cards worth the new "
                "value in the same move."
            ),
            ("I5", "A21"),
        ),
        Option(
            "merge_builds",
            bool,
            N_(
                "Whether a build move may take in other whole builds of the declared value as "
                "extra groups."
            ),
            ("B2", "A27"),
        ),
        Option(
            "single_build_as_card",
            bool,
            N_(
                "Whether a single build may be used as one card of its value in captures and in "
                "build moves."
            ),
            ("C3", "A25"),
        ),
        Option(
            "sweeps",
            bool,
            N_("Whether each sweep scores a point."),
            ("R10.3", "R12.1", "A10", "A11"),
        ),
        Option(
            "sweep_cancellation",
            get_args(SweepCancellation),
            N_(
                "Whether sweeps score in full (`none`) or each side scores only its margin over "
                "the next best side (`vs_runner_up`)."
            ),
            ("R10.4", "A18"),
        ),
        Option(
            "last_play_sweep",
            bool,
            N_(
                "Whether a capture with the deal's last card that empties the table is a sweep."
            ),
            ("R10.2", "A35"),
        ),
        Option(
            "residue_if_no_capture",
            get_args(ResidueIfNoCapture),
            N_(
                "Whether the residue of a deal without captures counts for nobody (`unclaimed`) "
                "or goes to the dealer's side (`dealer`)."
            ),
            ("R11.2", "A28"),
        ),
        Option(
            "target_score",
            int,
            N_(
                "The match total that wins, a whole number from 1 to 1000, from which the near-"
                "target bands are also measured."
            ),
            ("R13.1", "R13.4", "R10.5"),
        ),
        Option(
            "count_out",
            bool,
            N_(
                "Whether the deal's items are credited one by one so that the first side to "
                "reach the target wins."
            ),
            ("R13.3", "A12"),
        ),
        Option(
            "simultaneous_target",
            get_args(SimultaneousTarget),
            N_(
                "Whether sides reaching the target in the same deal are separated by the higher "
                "total (`higher_total_else_replay`) or always tie and play on "
                "(`any_simultaneous_is_tie`)."
            ),
            ("R13.2", "R13.5", "A13", "A17"),
        ),
        Option(
            "near_target_rule",
            get_args(NearTargetRule),
            N_(
                "How a side 1 to 3 points short of the target at the start of a deal is bound: "
                "not at all (`none`), winning only with its set item and banking nothing else "
                "(`frozen`), or banking other points only up to one short of the target "
                "(`cap_at_20`)."
            ),
            ("R13.4", "R10.5", "A16"),
        ),
        Option(
            "near_target_sweep_threshold",
            (18, 19),
            N_(
                "The start-of-deal total from which a side under a near-target rule scores "
                "no sweep points, as read at a target of 21 and moved with the target: 18 "
                "(T - 3) or 19 (T - 2); when not set, T - 2."
            ),
            ("R10.5", "A15"),
        ),
        Option(
            "near_target_immediate_win",
            bool,
            N_(
                "Whether a side just short of the target wins the moment it captures its "
                "required casino card, the deal then going unscored."
            ),
            ("R13.4",),
        ),
    )
}
"""Every rules option, in the order of the rules reference."""

OPTION_CHOICES: Final[dict[str, tuple[Any, ...] | type]] = {
    name: option.choices for name, option in OPTIONS.items()
}
"""Every rules option with its allowed values (a tuple) or its type."""

PRESET_SUMMARIES: Final[dict[str, str]] = {
    "classic": N_(
        "Anglo-American Casino: faces have no number and take only their own"
        " rank; no sweeps; the higher total at the target wins."
    ),
    "royal": N_(
        "Royal Casino: faces count 11 to 13 and an ace 1 or 14; a count-out"
        " decides who reaches the target first."
    ),
    "dominican": N_(
        "Dominican Royal Casino: royal values, partnerships of four,"
        " counter-clockwise play, sweeps that cancel, the near-target rule."
    ),
}
"""Each preset in one line (English: ``t.gettext`` words it in a language)."""


def find_options(query: str, t: Translator = ENGLISH) -> list[Option]:
    """The options whose name, values or meaning (in English or in ``t``'s
    language) mention ``query`` (as :func:`~casino_records.engine.rulebook.mentions`
    reads it), in catalogue order.

    >>> [option.name for option in find_options("residue")]
    ['residue_if_no_capture']
    """
    from .rulebook import mentions

    return [
        option
        for option in OPTIONS.values()
        if mentions(query, f"{option.name} {option.values_text} {option.meaning}")
        or mentions(query, t.gettext(option.meaning))
    ]
