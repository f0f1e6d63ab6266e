"""Presenting games: moves in words, text reports, SVG pictures and the viewer's models."""
