"""Use the engine's compiled modules only when they match the sources exactly.

The build (``setup.py``: a wheel, an editable install, or ``make compile`` in
place) compiles the modules in :data:`COMPILED_MODULES` with mypyc into
extension modules beside their sources and writes :data:`MANIFEST`: the CRC-32
of each compiled module's source at build time (a checksum against edits, not
against tampering, and cheap at every start: ``hashlib`` alone would load
OpenSSL, some 4 ms). Python imports an extension
module in preference to its source, so a compiled module that no longer matches
its source would silently run old code. :func:`select` prevents that: unless
every compiled module's source still has its recorded digest, or when
``CASINO_RECORDS_PURE_PYTHON`` is set to a non-empty value, the compiled
modules are bypassed and all of them load from source. Only these modules
count: editing any other file leaves the compiled build in use. The two builds
behave the same; the compiled one is two to three times faster.

This module uses the standard library only: ``setup.py`` loads it on its own.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import warnings
import zlib
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

__all__ = [
    "COMPILED_MODULES",
    "EXTENSION_SUFFIX",
    "MANIFEST",
    "PURE_ENV",
    "select",
    "source_digests",
]

PACKAGE: Final = "casino_records"
PACKAGE_DIR: Final = Path(__file__).resolve().parent
MANIFEST: Final = PACKAGE_DIR / "_compiled.crc32"
"""Written by the build: ``<crc32>  <module>`` for the source of every compiled module."""
PURE_ENV: Final = "CASINO_RECORDS_PURE_PYTHON"
"""Set to a non-empty value to run the pure-Python engine even when compiled."""
COMPILED_MODULES: Final = (
    "analysis.estimate",
    "analysis.sampler",
    "analysis.solver",
    "analysis.value",
    "check.audit",
    "check.replay",
    "check.replayed",
    "check.walk",
    "engine.bots",
    "engine.buildcheck",
    "engine.combos",
    "engine.constraints",
    "engine.legality",
    "engine.loose",
    "engine.masks",
    "engine.match",
    "engine.movegen",
    "engine.moves",
    "engine.plan",
    "engine.play",
    "engine.rules",
    "engine.scoring",
    "engine.seating",
    "engine.shuffle",
    "engine.state",
    "engine.tableview",
    "engine.values",
    "record.format.provenance",
    "record.format.shared",
    "record.format.structure",
    "record.format.translate",
    "record.quick.moves",
    "record.quick.reader",
    "record.quick.values",
)
"""The hot path of self-play and replay, compiled by mypyc (dotted names under the package)."""
EXTENSION_SUFFIX: Final = importlib.machinery.EXTENSION_SUFFIXES[0]
"""The file suffix of an extension module of this interpreter (``sysconfig``'s
``EXT_SUFFIX``; read from :mod:`importlib.machinery`, loaded already)."""


def source_of(module: str, package_dir: Path = PACKAGE_DIR) -> Path:
    """The source file of a compiled module (a dotted name under the package)."""
    return package_dir.joinpath(*module.split(".")).with_suffix(".py")


def source_digests(package_dir: Path = PACKAGE_DIR) -> dict[str, str]:
    """The CRC-32 (8 hex digits) of the source of every compiled module, by dotted name.

    Only these matter: a compiled module runs its own build of its source, and
    editing any other file (the command line, the viewer models) leaves it valid.
    """
    return {
        module: f"{zlib.crc32(source_of(module, package_dir).read_bytes()):08x}"
        for module in COMPILED_MODULES
    }


def _recorded_digests() -> dict[str, str] | None:
    try:
        text = MANIFEST.read_text(encoding="utf-8")
    except OSError:
        return None
    digests = {}
    for line in text.splitlines():
        digest, _, name = line.partition("  ")
        digests[name] = digest
    return digests


class _SourceFirst:
    """Load the compiled modules of the package from their ``.py`` sources.

    A meta path finder (``importlib.abc.MetaPathFinder`` in all but name: that
    module costs the start-up some 10 ms to import).
    """

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        prefix, _, name = fullname.partition(".")
        if prefix != PACKAGE or name not in COMPILED_MODULES:
            return None
        import importlib.util

        source = source_of(name)
        loader = importlib.machinery.SourceFileLoader(fullname, str(source))
        return importlib.util.spec_from_file_location(fullname, source, loader=loader)


def select() -> bool:
    """Choose compiled or pure modules before any of them is imported.

    :returns: True when the compiled modules will be used.
    """
    recorded = _recorded_digests()
    reason = ""
    if recorded is None:
        # No manifest: nothing was compiled by the build, or its output is of
        # unknown age. Compiled files left lying around are not trusted.
        if not any(PACKAGE_DIR.rglob(f"*{EXTENSION_SUFFIX}")):
            return False
        reason = "compiled modules without a manifest"
    elif os.environ.get(PURE_ENV):
        reason = f"{PURE_ENV} is set"
    elif recorded != source_digests():
        reason = (
            "the compiled engine is older than the sources; running pure Python"
            " (rebuild with `make compile`)"
        )
        warnings.warn(reason, RuntimeWarning, stacklevel=3)
    if reason:
        sys.meta_path.insert(0, _SourceFirst())
        return False
    return True
