"""Shared fixtures. Browser-test support lives in its own plugin module."""

from __future__ import annotations

import os
import signal

from casino_records.cli.view import NO_BROWSER_ENV
from casino_records.i18n import DEFAULT, from_environment

pytest_plugins = ["tests.viewer.browser_support", "tests.native.native_support"]

# No test opens the viewer in a developer's own browser (``view`` would on a desktop).
os.environ[NO_BROWSER_ENV] = "1"

# The tests read the command line's English unless they ask for a language
# (``--lang``): a developer's own locale (LANG=sv_SE.UTF-8) does not change it.
if from_environment(os.environ) != DEFAULT:
    os.environ["LC_ALL"] = "C.UTF-8"


def _interrupt(signum: int, frame: object) -> None:
    """Unwind as Ctrl+C does, so that every fixture's teardown stops its servers."""
    raise KeyboardInterrupt(f"stopped by signal {signum}")


# ``kill`` (or a CI timeout) stops the run as Ctrl+C would: pytest then tears the
# fixtures down, and each live viewer or cluster started by a test is stopped.
for _signal in (signal.SIGTERM, signal.SIGHUP):
    signal.signal(_signal, _interrupt)
