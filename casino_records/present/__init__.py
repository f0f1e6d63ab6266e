"""Presenting games: moves in words, text reports, SVG pictures and the viewer's models."""

from typing import Final

VIEW_PATH_ENV: Final = "CASINO_RECORDS_VIEW_PATH"
"""The environment variable that hands the viewer the file or folder to open."""

__all__ = ["VIEW_PATH_ENV"]
