"""Shared fixtures. Browser-test support lives in its own plugin module."""

from __future__ import annotations

pytest_plugins = ["browser_support", "native_support"]
