"""casino-records: record, replay, validate and re-score games of Casino.

The layers, bottom up:

- cards and rules: :class:`Card`, :func:`parse_card`, :class:`Rules`;
- the engine: :class:`DealState`, :func:`generate_legal_moves`,
  :func:`verify_move` / :func:`is_legal`, :func:`apply_move`, scoring and
  match play, bots;
- records: the notation models (:class:`GameRecord`), reading and writing
  (:mod:`casino_records.io`), replay with its :class:`ReplayReport`.

The replay itself is :func:`casino_records.replay.replay` (the module and the
function share the name, so it is not re-exported here).

>>> from casino_records import simulate_record
>>> from casino_records.replay import replay
>>> record = simulate_record("classic", 2, seed="readme")
>>> replay(record).report.status
'ok'
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from . import _native

COMPILED: bool = _native.select()
"""True when the engine runs compiled by mypyc (``make compile``), False when it
runs as pure Python; both behave the same (see :mod:`casino_records._native`)."""

if TYPE_CHECKING:
    from .bots import GreedyBot as GreedyBot
    from .bots import RandomBot as RandomBot
    from .bots import play_deal as play_deal
    from .bots import play_match as play_match
    from .cards import CARDS as CARDS
    from .cards import Card as Card
    from .cards import Suit as Suit
    from .cards import parse_card as parse_card
    from .cards import parse_cards as parse_cards
    from .errors import CardError as CardError
    from .errors import CasinoRecordError as CasinoRecordError
    from .errors import IllegalMoveError as IllegalMoveError
    from .errors import RecordFormatError as RecordFormatError
    from .errors import RulesError as RulesError
    from .errors import ScoreMismatchError as ScoreMismatchError
    from .legality import is_legal as is_legal
    from .legality import verify_move as verify_move
    from .match import MatchState as MatchState
    from .movegen import generate_legal_moves as generate_legal_moves
    from .moves import Action as Action
    from .moves import Build as Build
    from .moves import Move as Move
    from .moves import MoveKind as MoveKind
    from .moves import Step as Step
    from .notation import GameRecord as GameRecord
    from .play import apply_move as apply_move
    from .play import next_round as next_round
    from .replay import Position as Position
    from .replay import Replay as Replay
    from .report import ReplayReport as ReplayReport
    from .ruleset import Rules as Rules
    from .scoring import SideScore as SideScore
    from .scoring import score_piles as score_piles
    from .seating import Seating as Seating
    from .seating import deal_from_deck as deal_from_deck
    from .simulate import simulate_record as simulate_record
    from .state import DealState as DealState

# Public names load on first use, so `casino-records --help` starts fast.
_LAZY = {
    "GreedyBot": "bots",
    "RandomBot": "bots",
    "play_deal": "bots",
    "play_match": "bots",
    "CARDS": "cards",
    "Card": "cards",
    "Suit": "cards",
    "parse_card": "cards",
    "parse_cards": "cards",
    "CardError": "errors",
    "CasinoRecordError": "errors",
    "IllegalMoveError": "errors",
    "RecordFormatError": "errors",
    "RulesError": "errors",
    "ScoreMismatchError": "errors",
    "is_legal": "legality",
    "verify_move": "legality",
    "MatchState": "match",
    "generate_legal_moves": "movegen",
    "Action": "moves",
    "Build": "moves",
    "Move": "moves",
    "MoveKind": "moves",
    "Step": "moves",
    "GameRecord": "notation",
    "apply_move": "play",
    "next_round": "play",
    "Position": "replay",
    "Replay": "replay",
    "ReplayReport": "report",
    "Rules": "ruleset",
    "SideScore": "scoring",
    "score_piles": "scoring",
    "Seating": "seating",
    "deal_from_deck": "seating",
    "simulate_record": "simulate",
    "DealState": "state",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "COMPILED",
    "Action",
    "Build",
    "Card",
    "CardError",
    "CasinoRecordError",
    "DealState",
    "GameRecord",
    "GreedyBot",
    "IllegalMoveError",
    "MatchState",
    "Move",
    "MoveKind",
    "Position",
    "RandomBot",
    "RecordFormatError",
    "Replay",
    "ReplayReport",
    "Rules",
    "RulesError",
    "ScoreMismatchError",
    "Seating",
    "SideScore",
    "Step",
    "Suit",
    "apply_move",
    "deal_from_deck",
    "generate_legal_moves",
    "is_legal",
    "next_round",
    "parse_card",
    "parse_cards",
    "play_deal",
    "play_match",
    "score_piles",
    "simulate_record",
    "verify_move",
]
