"""The ``casino-records`` command line, a thin layer over the library."""

from .main import main

__all__ = ["main"]
