"""Shared fixtures. Browser-test support lives in its own plugin module."""

from __future__ import annotations

import os

from casino_records.cli.view import NO_BROWSER_ENV

pytest_plugins = ["tests.viewer.browser_support", "tests.native.native_support"]

# No test opens the viewer in a developer's own browser (``view`` would on a desktop).
os.environ[NO_BROWSER_ENV] = "1"
