"""Shared fixtures. Browser-test support lives in its own plugin module."""

from __future__ import annotations

pytest_plugins = ["tests.viewer.browser_support", "tests.native.native_support"]
