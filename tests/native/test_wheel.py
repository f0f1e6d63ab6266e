"""The wheels the build backend makes, installed into a fresh virtual environment.

``setup.py`` builds a compiled wheel (mypyc; tagged for this interpreter and
platform) or, with ``CASINO_RECORDS_COMPILE=0``, a pure-Python one
(``py3-none-any``). Both carry the viewer's files (the repository's ``viewer/``
folder as ``casino_records._viewer``) and the rulebook. Installed into a fresh
virtual environment, away from this checkout, ``validate`` checks a sample and
``view`` serves the installed viewer and stops, with its server, on SIGTERM.

The wheels are built from a copy of the checkout as it is (with the modules
``make compile`` put in place, which a pure wheel must not pick up), without
build isolation: the build tools of this environment, which ``[build-system]``
also names; an up-to-date ``build/`` folder from ``make compile`` spares the C
compiler. The fresh environment gets the wheel alone; its dependencies come from this
environment's site-packages through a ``.pth`` line (nothing is downloaded).

Building the wheels takes minutes (mypyc from scratch), so these tests are
marked ``wheel`` and run by ``make test-wheel`` (CI runs it too), not by
``make test``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import tarfile
import time
import urllib.request
import venv
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from casino_records._native import (
    COMPILED_MODULES,
    EXTENSION_SUFFIX,
    MANIFEST,
    PACKAGE_DIR,
    source_digests,
)
from tests.paths import ROOT, SAMPLES

# Building the compiled wheel from scratch takes minutes on two shared cores.
pytestmark = [pytest.mark.slow, pytest.mark.wheel, pytest.mark.timeout(1800)]

COMPILE_ENV = "CASINO_RECORDS_COMPILE"
PURE_ENV = "CASINO_RECORDS_PURE_PYTHON"
SAMPLE = SAMPLES / "classic-2p-annotated.json"
SERVER_START = 90.0
"""Seconds the installed viewer has to answer its health check."""
_NOT_COPIED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "dist",
    "*.egg-info",
    "test-artifacts",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
)


@dataclass(frozen=True)
class Built:
    """A wheel and how it was built."""

    path: Path
    compiled: bool
    log: str

    def names(self) -> set[str]:
        with zipfile.ZipFile(self.path) as wheel:
            return set(wheel.namelist())

    def read(self, name: str) -> str:
        with zipfile.ZipFile(self.path) as wheel:
            return wheel.read(name).decode("utf-8")


def _has_c_compiler() -> bool:
    command = (sysconfig.get_config_var("CC") or "cc").split()
    return bool(command) and shutil.which(command[0]) is not None


@pytest.fixture(scope="module")
def source_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository as it is, compiled files in place included, less its caches."""
    copy = tmp_path_factory.mktemp("source") / "casino-records"
    shutil.copytree(ROOT, copy, ignore=_NOT_COPIED, symlinks=True)
    return copy


def _build(source: Path, out: Path, mode: str, **extra_env: str) -> Built:
    """``pip wheel`` with ``CASINO_RECORDS_COMPILE=mode``."""
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    env.update(extra_env, **{COMPILE_ENV: mode})
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(out),
            "--verbose",
            str(source),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    return Built(wheel, mode == "1", done.stdout + done.stderr)


@pytest.fixture(scope="module")
def pure_wheel(source_copy: Path, tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The pure-Python wheel of the source tree, where no C compiler is found."""
    out = tmp_path_factory.mktemp("pure")
    return _build(source_copy, out, "auto", CC="/no/such/compiler")


@pytest.fixture(scope="module", params=["pure", "compiled"])
def built(
    request: pytest.FixtureRequest,
    source_copy: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Built:
    """A wheel of each kind (the compiled one needs a C compiler)."""
    if request.param == "pure":
        wheel: Built = request.getfixturevalue("pure_wheel")
        return wheel
    if not _has_c_compiler():
        pytest.skip("no C compiler: only the pure-Python wheel is built here")
    return _build(source_copy, tmp_path_factory.mktemp("compiled"), "1")


def _tag(wheel: Path) -> tuple[str, str, str]:
    python, abi, platform = wheel.stem.split("-")[-3:]
    return python, abi, platform


def test_the_tag_says_what_the_wheel_needs(built: Built) -> None:
    (info,) = [name for name in built.names() if name.endswith(".dist-info/WHEEL")]
    wheel_info = built.read(info)
    if built.compiled:
        version = f"cp{sys.version_info.major}{sys.version_info.minor}"
        platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
        assert _tag(built.path) == (version, version, platform)
        assert "Root-Is-Purelib: false" in wheel_info
    else:
        assert _tag(built.path) == ("py3", "none", "any")
        assert "Root-Is-Purelib: true" in wheel_info
        assert "no C compiler found; building pure Python" in built.log


def test_the_wheel_ships_the_package_the_viewer_and_the_rulebook(built: Built) -> None:
    names = built.names()
    sources = {
        path.relative_to(PACKAGE_DIR.parent).as_posix()
        for path in PACKAGE_DIR.rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert sources <= names, sorted(sources - names)
    viewer = ROOT / "viewer"
    shipped = {
        f"casino_records/_viewer/{path.name}"
        for path in viewer.iterdir()
        if path.is_file() and path.suffix != ".pyc"
    }
    shipped.add("casino_records/_viewer/.streamlit/config.toml")  # its own settings
    shipped |= {  # the stepper's page, style and script (the viewer's and html's)
        f"casino_records/present/web/{path.name}"
        for path in (PACKAGE_DIR / "present" / "web").iterdir()
    }
    assert "casino_records/_viewer/streamlit_app.py" in shipped
    assert shipped <= names, sorted(shipped - names)
    assert {"casino_records/engine/rulebook.md", "casino_records/py.typed"} <= names
    rulebooks = {  # the reference and its translations, rulebook.<code>.md
        f"casino_records/engine/{path.name}"
        for path in (PACKAGE_DIR / "engine").glob("rulebook*.md")
    }
    assert rulebooks <= names, sorted(rulebooks - names)
    catalogues = {  # the compiled translations, one per language
        path.relative_to(PACKAGE_DIR.parent).as_posix()
        for path in (PACKAGE_DIR / "locale").glob("*/LC_MESSAGES/*.mo")
    }
    assert len(catalogues) >= 7 and catalogues <= names, sorted(catalogues - names)
    assert not [name for name in names if name.startswith(("tests/", "bench/"))]


def test_only_the_compiled_wheel_carries_compiled_modules(built: Built) -> None:
    names = built.names()
    extensions = {name for name in names if name.endswith(EXTENSION_SUFFIX)}
    manifest = f"casino_records/{MANIFEST.name}"
    if not built.compiled:
        assert not extensions and manifest not in names
        return
    expected = {
        "casino_records/" + module.replace(".", "/") + EXTENSION_SUFFIX
        for module in COMPILED_MODULES
    }
    assert expected <= extensions
    (group,) = extensions - expected
    assert group.startswith("casino_records/_engine__mypyc")
    lines = built.read(manifest).splitlines()
    recorded = {name: digest for digest, name in (line.split("  ") for line in lines)}
    assert recorded == source_digests()


@pytest.fixture(scope="module")
def installed(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed: its ``bin`` folder."""
    home = tmp_path_factory.mktemp(f"venv-{'compiled' if built.compiled else 'pure'}")
    venv.create(home, with_pip=False, symlinks=True)
    python = home / "bin" / "python"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "--no-index",
            str(built.path),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    site = subprocess.run(
        [
            str(python),
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # The dependencies, from this environment (appended to sys.path, so the
    # wheel's own casino_records comes first; this checkout is not on the path).
    Path(site, "_casino_records_test_deps.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    return home / "bin"


def _clean_env() -> dict[str, str]:
    return {
        k: v
        for k, v in os.environ.items()
        if k not in (PURE_ENV, "PYTHONPATH", "VIRTUAL_ENV")
    }


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=cwd,
        env=_clean_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_installed_package_is_the_wheel(
    built: Built, installed: Path, tmp_path: Path
) -> None:
    done = _run(
        [
            str(installed / "python"),
            "-W",
            "error",
            "-c",
            "import casino_records as c; print(c.COMPILED); print(c.__file__)",
        ],
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    compiled, where = done.stdout.split()
    assert compiled == str(built.compiled)
    assert Path(where).is_relative_to(installed.parent)


def test_validate_runs_from_the_installed_wheel(
    installed: Path, tmp_path: Path
) -> None:
    done = _run([str(installed / "casino-records"), "validate", str(SAMPLE)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok"), done.stdout


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _healthy(port: int) -> bool:
    url = f"http://127.0.0.1:{port}/_stcore/health"
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def _children_cmdlines(pid: int) -> list[tuple[int, str]]:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    lines = []
    for child in children.read_text().split():
        with contextlib.suppress(OSError):
            raw = Path(f"/proc/{child}/cmdline").read_bytes()
            lines.append((int(child), raw.replace(b"\0", b" ").decode()))
    return lines


@contextlib.contextmanager
def _viewer(installed: Path, cwd: Path, port: int) -> Iterator[subprocess.Popen[str]]:
    """``casino-records view`` in its own process group, killed whole at the end."""
    command = [str(installed / "casino-records"), "view", str(SAMPLES)]
    viewer = subprocess.Popen(
        [*command, "--port", str(port)],
        cwd=cwd,
        env={**_clean_env(), "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        yield viewer
    finally:
        if _group_alive(viewer.pid):
            os.killpg(viewer.pid, signal.SIGKILL)
        viewer.communicate(timeout=30)


def test_view_serves_the_installed_viewer_and_stops_on_sigterm(
    installed: Path, tmp_path: Path
) -> None:
    pytest.importorskip("streamlit")
    port = _free_port()
    with _viewer(installed, tmp_path, port) as viewer:
        deadline = time.monotonic() + SERVER_START
        while not _healthy(port):
            assert viewer.poll() is None, viewer.communicate()[0][-3000:]
            assert time.monotonic() < deadline, "the viewer did not start"
            time.sleep(0.5)
        ((pid, server),) = _children_cmdlines(viewer.pid)
        app = installed.parent / "lib"
        assert "-m streamlit run" in server and str(app) in server, server
        assert "casino_records/_viewer/streamlit_app.py" in server
        viewer.send_signal(signal.SIGTERM)  # the command alone, not its group
        output = viewer.communicate(timeout=30)[0]
        assert viewer.returncode == 128 + signal.SIGTERM, output[-3000:]
        assert not _group_alive(viewer.pid), "the viewer outlived it"
        assert not _group_alive(pid), "the viewer's server outlived it"  # its own group
        assert not _healthy(port)


def test_the_sdist_holds_sources_only_and_builds_the_pure_wheel(
    source_copy: Path, pure_wheel: Built, tmp_path: Path
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from setuptools import build_meta as backend;"
            " print(backend.build_sdist(sys.argv[1]))",
            str(tmp_path / "sdist"),
        ],
        cwd=source_copy,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (sdist,) = (tmp_path / "sdist").glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        members = [name.partition("/")[2] for name in archive.getnames()]
    assert {
        "setup.py",
        "pyproject.toml",
        "viewer/streamlit_app.py",
        "viewer/.streamlit/config.toml",
        "casino_records/present/web/stepper.js",
    } <= set(members)
    assert not [n for n in members if n.endswith((EXTENSION_SUFFIX, ".c", ".crc32"))]
    from_sdist = _build(sdist, tmp_path / "wheel", "0")
    assert from_sdist.path.name == pure_wheel.path.name
    assert from_sdist.names() == pure_wheel.names()
