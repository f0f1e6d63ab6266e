"""How good was each move: exact endgames, sampled estimates, marks and losses.

The layer sits above :mod:`casino_records.check` (it replays records) and below
:mod:`casino_records.present`. Every rule comes from the engine: moves from
:func:`~casino_records.engine.movegen.generate_legal_moves`, play from
:func:`~casino_records.engine.play.apply_move`, points from
:func:`~casino_records.engine.scoring.score_piles`.
"""
