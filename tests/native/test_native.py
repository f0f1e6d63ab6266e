"""The compiled engine (mypyc) against its pure-Python sources.

- Both builds compute the same thing: every sample's replay report, simulated
  matches in every preset and table size, and the legal moves at every position
  of their first deals (``tests/native/native_probe.py``).
- The compiled modules' doctests run from source (pytest cannot read doctests
  out of an extension module; ``tests/native/native_support.py`` leaves them out).
- A compiled module is used only when every compiled module's source matches
  the manifest the build wrote (other sources do not count), and never when
  ``CASINO_RECORDS_PURE_PYTHON`` is set.
- ``tests/native/test_wheel.py`` builds and installs the wheels.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import casino_records
from casino_records._native import (
    COMPILED_MODULES,
    EXTENSION_SUFFIX,
    MANIFEST,
    PACKAGE_DIR,
    PURE_ENV,
    source_of,
)
from tests.native.native_probe import fingerprint
from tests.paths import ROOT

pytestmark = pytest.mark.slow

compiled_only = pytest.mark.skipif(
    not casino_records.COMPILED,
    reason="the engine is not compiled here (make compile needs a C compiler)",
)


def _python(
    code: str, cwd: Path, pure: bool = False
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    env["PYTHONPATH"] = str(cwd)
    if pure:
        env[PURE_ENV] = "1"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@compiled_only
def test_compiled_and_pure_builds_compute_the_same() -> None:
    probe = ROOT / "tests" / "native" / "native_probe.py"
    done = _python(
        f"import runpy; runpy.run_path({str(probe)!r}, run_name='__main__')",
        ROOT,
        pure=True,
    )
    assert done.returncode == 0, done.stderr
    pure = json.loads(done.stdout)
    assert pure["compiled"] is False
    compiled = fingerprint()
    assert compiled.keys() == pure["fingerprint"].keys()
    differ = [key for key in compiled if compiled[key] != pure["fingerprint"][key]]
    assert not differ, f"the builds disagree on {differ}"
    assert len(compiled) > 60


@compiled_only
def test_doctests_of_compiled_modules_run_from_source() -> None:
    paths = [str(source_of(name)) for name in COMPILED_MODULES]
    env = {**os.environ, PURE_ENV: "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *paths],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout


@pytest.fixture
def package_copy(tmp_path: Path) -> Path:
    """A copy of the package, compiled files and manifest included."""
    shutil.copytree(
        PACKAGE_DIR,
        tmp_path / "casino_records",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    return tmp_path


_REPORT = (
    "import warnings; warnings.simplefilter('always')\n"
    "import casino_records, casino_records.engine.legality as m\n"
    "print(casino_records.COMPILED, m.__file__.endswith('.py'))\n"
)


@compiled_only
def test_a_fresh_build_is_used(package_copy: Path) -> None:
    done = _python(_REPORT, package_copy)
    assert done.stdout.split() == ["True", "False"], done.stderr
    assert done.stderr == ""


@compiled_only
def test_the_environment_variable_forces_pure_python(package_copy: Path) -> None:
    done = _python(_REPORT, package_copy, pure=True)
    assert done.stdout.split() == ["False", "True"], done.stderr


@compiled_only
def test_an_edited_source_bypasses_every_compiled_module(package_copy: Path) -> None:
    source = package_copy / "casino_records" / "engine" / "legality.py"
    source.write_text(source.read_text(encoding="utf-8") + "\n# edited\n", "utf-8")
    done = _python(_REPORT, package_copy)
    assert done.stdout.split() == ["False", "True"], done.stderr
    assert "older than the sources" in done.stderr
    other = _python(
        "import casino_records.engine.play as m; print(m.__file__)", package_copy
    )
    assert other.stdout.strip().endswith("play.py")


@compiled_only
def test_editing_a_module_that_is_not_compiled_keeps_the_build(
    package_copy: Path,
) -> None:
    source = package_copy / "casino_records" / "cli" / "main.py"
    assert "cli.main" not in COMPILED_MODULES
    source.write_text(source.read_text(encoding="utf-8") + "\n# edited\n", "utf-8")
    done = _python(_REPORT, package_copy)
    assert done.stdout.split() == ["True", "False"], done.stderr
    assert done.stderr == ""


@compiled_only
def test_compiled_files_without_a_manifest_are_not_trusted(package_copy: Path) -> None:
    (package_copy / "casino_records" / MANIFEST.name).unlink()
    assert list((package_copy / "casino_records").rglob(f"*{EXTENSION_SUFFIX}"))
    done = _python(_REPORT, package_copy)
    assert done.stdout.split() == ["False", "True"], done.stderr


def test_without_compiled_files_the_package_is_pure(tmp_path: Path) -> None:
    shutil.copytree(
        PACKAGE_DIR,
        tmp_path / "casino_records",
        ignore=shutil.ignore_patterns(
            "__pycache__", f"*{EXTENSION_SUFFIX}", MANIFEST.name
        ),
    )
    done = _python(_REPORT, tmp_path)
    assert done.stdout.split() == ["False", "True"], done.stderr
    assert done.stderr == ""
