"""casino-records: record, replay, validate and re-score games of Casino.

The layers, bottom up:

- cards and rules: :class:`Card`, :class:`CardSet`, :func:`parse_card`, :class:`Rules`;
- the engine: :class:`DealState`, :func:`generate_legal_moves`,
  :func:`verify_move` / :func:`is_legal`, :func:`apply_move`, scoring and
  match play, bots;
- records: the notation models (:class:`GameRecord`); JSON read and written with
  :func:`load`, :func:`loads`, :func:`dump`, :func:`dumps`, the text notation with
  :func:`read_text` and :func:`write_text`;
- the referee: :func:`replay`, giving a :class:`Replay` and its :class:`ReplayReport`.

>>> import casino_records
>>> record = casino_records.simulate_record("classic", 2, seed="readme")
>>> print(casino_records.replay(record).report.status)
ok
>>> casino_records.read_text(casino_records.write_text(record)) == record
True
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from . import _native

COMPILED: bool = _native.select()
"""True when the engine runs compiled by mypyc (``make compile``), False when it
runs as pure Python; both behave the same (see :mod:`casino_records._native`)."""

if TYPE_CHECKING:
    from .check.replay import Replay as Replay
    from .check.replay import ReplayPosition as ReplayPosition
    from .check.replay import replay as replay
    from .check.report import ReplayReport as ReplayReport
    from .engine.bots import GreedyBot as GreedyBot
    from .engine.bots import RandomBot as RandomBot
    from .engine.bots import play_deal as play_deal
    from .engine.bots import play_match as play_match
    from .engine.cards import CARDS as CARDS
    from .engine.cards import Card as Card
    from .engine.cards import Suit as Suit
    from .engine.cards import parse_card as parse_card
    from .engine.cards import parse_cards as parse_cards
    from .engine.cardset import CardSet as CardSet
    from .engine.legality import is_legal as is_legal
    from .engine.legality import verify_move as verify_move
    from .engine.match import MatchState as MatchState
    from .engine.movegen import generate_legal_moves as generate_legal_moves
    from .engine.moves import Action as Action
    from .engine.moves import Build as Build
    from .engine.moves import Move as Move
    from .engine.moves import MoveKind as MoveKind
    from .engine.moves import Step as Step
    from .engine.play import apply_move as apply_move
    from .engine.play import next_round as next_round
    from .engine.rules import Rules as Rules
    from .engine.scoring import SideScore as SideScore
    from .engine.scoring import score_piles as score_piles
    from .engine.seating import Seating as Seating
    from .engine.seating import deal_from_deck as deal_from_deck
    from .engine.state import DealState as DealState
    from .errors import CardError as CardError
    from .errors import CasinoRecordError as CasinoRecordError
    from .errors import EntryError as EntryError
    from .errors import IllegalMoveError as IllegalMoveError
    from .errors import InvalidRecordError as InvalidRecordError
    from .errors import RecordFormatError as RecordFormatError
    from .errors import RecordTooLargeError as RecordTooLargeError
    from .errors import RulesError as RulesError
    from .errors import ScoreMismatchError as ScoreMismatchError
    from .errors import TextSyntaxError as TextSyntaxError
    from .errors import UncorrectableError as UncorrectableError
    from .record.format.models import GameRecord as GameRecord
    from .record.json.jsonio import dump as dump
    from .record.json.jsonio import dumps as dumps
    from .record.json.jsonio import load as load
    from .record.json.jsonio import loads as loads
    from .record.simulate import simulate_record as simulate_record
    from .record.text.notation import read_text as read_text
    from .record.text.notation import write_text as write_text

# Public names load on first use, so `casino-records --help` starts fast. This table
# is the one list of them: __all__ and __dir__ are derived from it, and a test checks
# that the imports above, which only type checkers read, name the same.
_LAZY: dict[str, str] = {
    "ReplayPosition": "check.replay",
    "Replay": "check.replay",
    "replay": "check.replay",
    "ReplayReport": "check.report",
    "GreedyBot": "engine.bots",
    "RandomBot": "engine.bots",
    "play_deal": "engine.bots",
    "play_match": "engine.bots",
    "CARDS": "engine.cards",
    "Card": "engine.cards",
    "CardSet": "engine.cardset",
    "Suit": "engine.cards",
    "parse_card": "engine.cards",
    "parse_cards": "engine.cards",
    "is_legal": "engine.legality",
    "verify_move": "engine.legality",
    "MatchState": "engine.match",
    "generate_legal_moves": "engine.movegen",
    "Action": "engine.moves",
    "Build": "engine.moves",
    "Move": "engine.moves",
    "MoveKind": "engine.moves",
    "Step": "engine.moves",
    "apply_move": "engine.play",
    "next_round": "engine.play",
    "Rules": "engine.rules",
    "SideScore": "engine.scoring",
    "score_piles": "engine.scoring",
    "Seating": "engine.seating",
    "deal_from_deck": "engine.seating",
    "DealState": "engine.state",
    "CardError": "errors",
    "CasinoRecordError": "errors",
    "EntryError": "errors",
    "IllegalMoveError": "errors",
    "InvalidRecordError": "errors",
    "RecordFormatError": "errors",
    "RecordTooLargeError": "errors",
    "RulesError": "errors",
    "ScoreMismatchError": "errors",
    "TextSyntaxError": "errors",
    "UncorrectableError": "errors",
    "GameRecord": "record.format.models",
    "dump": "record.json.jsonio",
    "dumps": "record.json.jsonio",
    "load": "record.json.jsonio",
    "loads": "record.json.jsonio",
    "simulate_record": "record.simulate",
    "read_text": "record.text.notation",
    "write_text": "record.text.notation",
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

__all__ = sorted(["COMPILED", *_LAZY])
