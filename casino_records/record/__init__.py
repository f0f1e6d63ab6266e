"""The record format: the notation's models, JSON and text reading and writing, CSV, provenance.

Built on :mod:`casino_records.engine`; :mod:`casino_records.check` replays what it reads.
"""
