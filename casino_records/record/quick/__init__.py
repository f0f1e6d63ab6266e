"""The quick path: a well-formed record read straight from its bytes, without the models.

What it reads is checked against the models over every record the tests use
(``tests/record/test_quick_agrees.py``); anything it refuses goes to the models,
which say why.
"""
