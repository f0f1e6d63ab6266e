"""The notation's models (`docs/notation.md`) and the parts they are made of.

This part reads neither the quick path (:mod:`casino_records.record.quick`) nor the
JSON reader (:mod:`casino_records.record.json`): an import contract keeps it so.
"""
