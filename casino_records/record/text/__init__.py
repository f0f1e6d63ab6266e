"""The text notation: a PGN-like, human-writable form of a whole record, written and read."""
