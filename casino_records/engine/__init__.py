"""The rules engine: cards, rules options, the deal's state, legal moves, play, scoring and the match.

Nothing here knows the record format; :mod:`casino_records.record` builds on it.
"""
