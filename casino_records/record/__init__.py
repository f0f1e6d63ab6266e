"""The record format and its readers and writers, in five parts.

- :mod:`.format`: the notation's models and what they are made of (fields, claims,
  piles, the cross-field checks, pointers, provenance, the shared constants);
- :mod:`.json`: records read and written as JSON, exactly, and the schemas;
- :mod:`.text`: the PGN-like text notation, written and read;
- :mod:`.quick`: the quick path, a well-formed record read straight from its bytes
  into plain values the replay takes (3.6-9x faster than the models, compiled);
- :mod:`.files`: files, folders, archives and streams, and atomic output.

:mod:`.replayable` is what the replay reads of a record, met by the models and by the
quick reader; :mod:`.csvexport` and :mod:`.simulate` write CSV and bot-played
records. Built on :mod:`casino_records.engine`; :mod:`casino_records.check` replays
what it reads.
"""
