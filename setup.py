"""Build casino-records with setuptools: the engine's hot path compiled by mypyc.

The static metadata is in ``pyproject.toml``; this file adds what cannot be
static, as mypy's own ``setup.py`` does:

- the packages, with the top-level ``viewer/`` folder shipped as the package
  ``casino_records._viewer`` (its pages, scripts and styles), and the package
  data: the rulebook, the stepper's web files, the compiled translation
  catalogues (``locale/*/LC_MESSAGES/*.mo``);
- the modules in ``casino_records._native.COMPILED_MODULES``, compiled with
  ``mypyc.build.mypycify`` into one group, with the manifest of their sources'
  digests that :func:`casino_records._native.select` checks at import.

``CASINO_RECORDS_COMPILE`` chooses the build: ``1`` compiles (a failure fails
the build), ``0`` builds pure Python (a ``py3-none-any`` wheel), and unset (or
``auto``) compiles when a C compiler is found and builds pure Python otherwise.
A compiled wheel carries a platform tag. For development, ``make compile`` runs
``python setup.py build_ext --inplace``, which puts the extension modules and
the manifest beside the sources.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import Distribution, find_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
PACKAGE = "casino_records"
VIEWER_PACKAGE = f"{PACKAGE}._viewer"
COMPILE_ENV = "CASINO_RECORDS_COMPILE"
GROUP = f"{PACKAGE}._engine"


def _load_native() -> Any:
    """``casino_records/_native.py`` (standard library only), without the package."""
    path = HERE / PACKAGE / "_native.py"
    spec = importlib.util.spec_from_file_location(f"_{PACKAGE}_native", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


native = _load_native()


def _c_compiler() -> str | None:
    """The C compiler Python's build would call, when it is installed."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(command)
    return shutil.which(words[0]) if words else None


def compile_wanted() -> bool:
    """Read ``CASINO_RECORDS_COMPILE``: compile, or build pure Python."""
    choice = os.environ.get(COMPILE_ENV, "auto").strip().lower()
    if choice in ("0", "no", "false", "off"):
        return False
    if choice in ("1", "yes", "true", "on"):
        return True
    if choice not in ("", "auto"):
        sys.exit(f"{COMPILE_ENV}={choice!r}: use 1, 0 or auto")
    if _c_compiler() is None:
        print(
            f"casino-records: no C compiler found; building pure Python"
            f" (set {COMPILE_ENV}=0 to say so, or install one)",
            file=sys.stderr,
        )
        return False
    return True


COMPILE = compile_wanted()


class CompiledDistribution(Distribution):
    """A distribution that has extension modules exactly when compiling.

    The modules are made by mypyc only when ``build_ext`` runs, so that
    reading the metadata or making the sdist never runs the compiler; this
    tells ``build`` to run ``build_ext`` and ``bdist_wheel`` to tag the wheel
    for the platform.
    """

    def has_ext_modules(self) -> bool:
        return COMPILE


class MypycBuildExt(build_ext):
    """Compile the hot path with mypyc and write the sources' manifest.

    In place (``--inplace``, and editable installs), the manifest is removed
    before the new extension modules replace the old ones and written after,
    so that a process starting in between runs pure Python; extension modules
    this build did not make are removed, and with compiling off all of them
    are (the package is then pure Python).
    """

    parallel: int | bool | None

    def finalize_options(self) -> None:
        if COMPILE and not self.distribution.ext_modules:
            self.distribution.ext_modules = self._mypycify()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        super().finalize_options()

    @staticmethod
    def _mypycify() -> list[Any]:
        from mypyc.build import mypycify

        sources = [
            str(native.source_of(module, Path(PACKAGE)))
            for module in native.COMPILED_MODULES
        ]
        # The project's mypy settings (strict, the pydantic plugin) type the modules.
        options = ["--config-file", "pyproject.toml"]
        return list(mypycify(options + sources, opt_level="3", group_name=GROUP))

    def run(self) -> None:
        package_dir = HERE / PACKAGE
        if self.inplace:
            (package_dir / native.MANIFEST.name).unlink(missing_ok=True)
        if not COMPILE:
            if self.inplace:
                self._remove_compiled(package_dir, keep=set())
            return
        digests = native.source_digests(package_dir)
        super().run()
        if native.source_digests(package_dir) != digests:
            sys.exit(
                "casino-records: the sources changed during the build; run it again"
            )
        text = "".join(f"{digest}  {name}\n" for name, digest in digests.items())
        folders = [Path(self.build_lib) / PACKAGE]
        if self.inplace:
            made = {
                Path(self.get_ext_fullpath(ext.name)).resolve()
                for ext in self.extensions
            }
            self._remove_compiled(package_dir, keep=made)
            folders.append(package_dir)
        for folder in folders:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / native.MANIFEST.name).write_text(text, encoding="utf-8")

    @staticmethod
    def _remove_compiled(package_dir: Path, keep: set[Path]) -> None:
        for path in package_dir.rglob(f"*{native.EXTENSION_SUFFIX}"):
            if path.resolve() not in keep:
                path.unlink()

    def copy_file(self, infile: str, outfile: str, *args: Any, **kwargs: Any) -> Any:
        """Replace by rename, so that a running process keeps its mapped copy."""
        staged = f"{outfile}.new"
        shutil.copyfile(infile, staged)
        os.replace(staged, outfile)
        return outfile, True

    def get_outputs(self) -> list[str]:
        outputs = list(super().get_outputs())
        if COMPILE:
            outputs.append(str(Path(self.build_lib) / PACKAGE / native.MANIFEST.name))
        return outputs


class SourceDist(sdist):
    """The sdist holds the sources only: no generated C, no compiled files."""

    def _add_defaults_ext(self) -> None:
        return None


setup(
    distclass=CompiledDistribution,
    cmdclass={"build_ext": MypycBuildExt, "sdist": SourceDist},
    packages=[*find_packages(include=[PACKAGE, f"{PACKAGE}.*"]), VIEWER_PACKAGE],
    package_dir={VIEWER_PACKAGE: "viewer"},
    package_data={
        # the compiled translation catalogues are committed (tests/i18n: never stale)
        PACKAGE: [
            "py.typed",
            "engine/rulebook.md",
            "engine/rulebook.*.md",  # its translations
            "present/web/*",
            "locale/*/LC_MESSAGES/*.mo",
        ],
        VIEWER_PACKAGE: ["*.html", "*.css", "*.js", ".streamlit/config.toml"],
    },
)
