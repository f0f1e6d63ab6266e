"""What the replay viewer shows, computed without Streamlit.

The Streamlit pages under ``viewer/`` only lay out what this package returns.
It re-exports the public names of its modules, one concern each:

:mod:`.opening`
    opening a file (:func:`open_bytes`) and the files the viewer lists
    (:func:`catalog`, :func:`view_path`).
:mod:`.game`
    a game replayed once with every position kept (:func:`build_game`) and
    where a JSON pointer leads (:func:`locate`).
:mod:`.navigation`
    where a game opens (:func:`opening_position`) and stepping through it
    (:func:`step`, :func:`round_step`, :func:`round_window`).
:mod:`.perspective`
    whose hands are shown (``all``, ``seatN``, ``none``).
:mod:`.position`
    the view of one step: the seats around the felt (:func:`position_view`),
    whose felt :mod:`.felt` marks with the last move.
:mod:`.board`
    that view as HTML (:func:`board_html`).
:mod:`.movelist`
    the move list (:func:`move_rows`) and the legal alternatives at a turn
    (:func:`alternatives`).
:mod:`.stepper`
    every position of a deal pre-rendered for the browser to step through
    without a server round trip (:func:`stepper_payload`), from the HTML
    fragments of :mod:`.fragments`.
:mod:`.findings`
    a deal's findings and its claimed-versus-computed score table
    (:func:`score_rows`).
:mod:`.verdict`
    the verdict at a glance: each difference in a line (:func:`differences`),
    the moves that decided it (:func:`deciders`), results winner first.
:mod:`.links`
    the deep links (:func:`parse_link`, :func:`link_params`).
:mod:`.markdown`
    Markdown that shows data literally (:func:`md_escape`, :func:`md_table`).
:mod:`.analysis`
    the page's analysis: run with progress (:func:`analyse_game`), what a
    record already carries (:func:`recorded_analysis`), its summary line; the
    stepper shows it.

Steps are addressed as ``(deal, step)``, as :mod:`.game` explains.
"""

from __future__ import annotations

from ...analysis.game_analysis import GameAnalysis as GameAnalysis
from . import analysis as analysis
from . import board as board
from . import felt as felt
from . import stepper as stepper
from .analysis import SAMPLE_CHOICES as SAMPLE_CHOICES
from .analysis import analyse_game as analyse_game
from .analysis import analysis_summary as analysis_summary
from .analysis import annotated_bytes as annotated_bytes
from .analysis import recorded_analysis as recorded_analysis
from .analysis import samples_label as samples_label
from .board import CARD_WIDTH as CARD_WIDTH
from .board import NOT_TOLD as NOT_TOLD
from .board import board_html as board_html
from .board import board_parts as board_parts
from .felt import FeltItem as FeltItem
from .findings import Jump as Jump
from .findings import ScoreRow as ScoreRow
from .findings import failing_finding as failing_finding
from .findings import findings_at as findings_at
from .findings import score_rows as score_rows
from .fragments import HIDDEN_ALTERNATIVES as HIDDEN_ALTERNATIVES
from .fragments import banner_html as banner_html
from .game import END_STEPS as END_STEPS
from .game import Game as Game
from .game import StepKind as StepKind
from .game import build_game as build_game
from .game import locate as locate
from .game import place_text as place_text
from .game import recorded_move as recorded_move
from .game import recorded_text as recorded_text
from .links import Link as Link
from .links import link_params as link_params
from .links import parse_link as parse_link
from .markdown import md_escape as md_escape
from .markdown import md_table as md_table
from .movelist import Alternative as Alternative
from .movelist import MoveRow as MoveRow
from .movelist import alternatives as alternatives
from .movelist import move_label as move_label
from .movelist import move_rows as move_rows
from .navigation import clamp as clamp
from .navigation import linked_step as linked_step
from .navigation import opening_position as opening_position
from .navigation import round_starts as round_starts
from .navigation import round_step as round_step
from .navigation import round_window as round_window
from .navigation import step as step
from .opening import MAX_UPLOAD_MB as MAX_UPLOAD_MB
from .opening import RECORD_SUFFIXES as RECORD_SUFFIXES
from .opening import VIEW_PATH_ENV as VIEW_PATH_ENV
from .opening import ArchiveEntry as ArchiveEntry
from .opening import LoadProblem as LoadProblem
from .opening import Opened as Opened
from .opening import catalog as catalog
from .opening import env_path as env_path
from .opening import open_bytes as open_bytes
from .opening import view_path as view_path
from .perspective import ALL as ALL
from .perspective import NONE as NONE
from .perspective import alternatives_visible as alternatives_visible
from .perspective import parse_perspective as parse_perspective
from .perspective import perspective_label as perspective_label
from .perspective import perspectives as perspectives
from .position import PLACES as PLACES
from .position import HandView as HandView
from .position import IllegalView as IllegalView
from .position import PositionView as PositionView
from .position import SideView as SideView
from .position import position_view as position_view
from .stepper import NAV_ACTIONS as NAV_ACTIONS
from .stepper import StepperData as StepperData
from .stepper import StepperPayload as StepperPayload
from .stepper import nav_targets as nav_targets
from .stepper import reported_position as reported_position
from .stepper import stepper_data as stepper_data
from .stepper import stepper_payload as stepper_payload
from .verdict import Difference as Difference
from .verdict import Note as Note
from .verdict import deal_result as deal_result
from .verdict import deciders as deciders
from .verdict import differences as differences
from .verdict import explained_step as explained_step
from .verdict import match_result as match_result
from .verdict import notes as notes
from .verdict import summary as summary

__all__ = [
    "ALL",
    "CARD_WIDTH",
    "NOT_TOLD",
    "END_STEPS",
    "HIDDEN_ALTERNATIVES",
    "MAX_UPLOAD_MB",
    "NAV_ACTIONS",
    "NONE",
    "PLACES",
    "RECORD_SUFFIXES",
    "SAMPLE_CHOICES",
    "VIEW_PATH_ENV",
    "Alternative",
    "ArchiveEntry",
    "Difference",
    "FeltItem",
    "Game",
    "GameAnalysis",
    "HandView",
    "IllegalView",
    "Jump",
    "Link",
    "LoadProblem",
    "MoveRow",
    "Note",
    "Opened",
    "PositionView",
    "ScoreRow",
    "SideView",
    "StepKind",
    "StepperData",
    "StepperPayload",
    "alternatives",
    "alternatives_visible",
    "analyse_game",
    "analysis_summary",
    "annotated_bytes",
    "banner_html",
    "board_html",
    "board_parts",
    "build_game",
    "catalog",
    "clamp",
    "deal_result",
    "deciders",
    "differences",
    "notes",
    "env_path",
    "explained_step",
    "failing_finding",
    "findings_at",
    "link_params",
    "linked_step",
    "locate",
    "match_result",
    "md_escape",
    "md_table",
    "move_label",
    "move_rows",
    "nav_targets",
    "open_bytes",
    "opening_position",
    "parse_link",
    "parse_perspective",
    "perspective_label",
    "perspectives",
    "place_text",
    "position_view",
    "recorded_analysis",
    "samples_label",
    "recorded_move",
    "recorded_text",
    "reported_position",
    "round_starts",
    "round_step",
    "round_window",
    "score_rows",
    "step",
    "stepper_data",
    "stepper_payload",
    "summary",
    "view_path",
]
