"""Compile the engine's hot path with mypyc: ``python -m casino_records._compile``.

Builds :data:`~casino_records._native.COMPILED_MODULES` into extension modules
beside their sources (in place, as ``build_ext --inplace`` would) and records the
digest of every source in the manifest that :mod:`casino_records._native` checks
at import. Needs mypy (the ``dev`` extra) and a C compiler; without them it says
why and leaves the pure-Python package as it is. ``--clean`` removes the
compiled files.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ._native import (
    COMPILED_MODULES,
    EXTENSION_SUFFIX,
    MANIFEST,
    PACKAGE,
    PACKAGE_DIR,
    source_digests,
    source_of,
)

GROUP: str = f"{PACKAGE}._engine"
"""The mypyc group: its shared library lives inside the package."""
SUFFIX: str = EXTENSION_SUFFIX


def compiled_files() -> list[Path]:
    """The extension modules (and the shared library) in the package folder."""
    compiled = {source_of(module).with_suffix("") for module in COMPILED_MODULES}
    return sorted(
        path
        for path in PACKAGE_DIR.rglob(f"*{SUFFIX}")
        if path.parent / path.name.split(".")[0] in compiled
        or path.name.startswith("_engine__mypyc")
    )


def clean() -> None:
    """Remove the compiled modules and the manifest: the package is pure Python."""
    MANIFEST.unlink(missing_ok=True)
    for path in compiled_files():
        path.unlink()


_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="casino-records-engine",
    ext_modules=mypycify(sys.argv[3:], opt_level="3", group_name={group!r}),
    script_args=["build_ext", "--inplace", "--parallel", sys.argv[1]],
    package_dir={{"": sys.argv[2]}},
)
"""


def build() -> int:
    """Compile into a scratch folder, then install the results and the manifest."""
    digests = source_digests()
    sources = [str(source_of(module)) for module in COMPILED_MODULES]
    config = PACKAGE_DIR.parent / "pyproject.toml"
    options = ["--config-file", str(config)] if config.exists() else ["--strict"]
    with tempfile.TemporaryDirectory(prefix="casino-mypyc-") as scratch:
        work = Path(scratch)
        (work / "setup.py").write_text(_SETUP.format(group=GROUP))
        out = work / "out"
        for module in COMPILED_MODULES:
            package = module.rpartition(".")[0].split(".") if "." in module else []
            (out / PACKAGE).joinpath(*package).mkdir(parents=True, exist_ok=True)
        command = [
            sys.executable,
            "setup.py",
            str(os.cpu_count() or 1),
            str(out),
            *options,
            *sources,
        ]
        done = subprocess.run(
            command, cwd=work, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
            return done.returncode
        built = sorted((out / PACKAGE).rglob(f"*{SUFFIX}"))
        if len(built) != len(COMPILED_MODULES) + 1:
            names = ", ".join(path.name for path in built) or "nothing"
            sys.stderr.write(f"mypyc built {names}\n")
            return 1
        clean()
        for path in built:
            # Replace by rename so that a running process keeps its mapped copy.
            target = PACKAGE_DIR / path.relative_to(out / PACKAGE)
            staged = target.with_name(f".{path.name}.new")
            shutil.copyfile(path, staged)
            staged.replace(target)
    if source_digests() != digests:
        clean()
        sys.stderr.write("the sources changed during the build; run it again\n")
        return 1
    lines = "".join(f"{digest}  {name}\n" for name, digest in digests.items())
    MANIFEST.write_text(lines, encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command line: build, or ``--clean``."""
    parser = argparse.ArgumentParser(
        prog="python -m casino_records._compile", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--clean", action="store_true", help="remove compiled files")
    args = parser.parse_args(argv)
    if args.clean:
        clean()
        print("casino_records: pure Python (compiled modules removed)")
        return 0
    try:
        import mypyc  # noqa: F401
    except ImportError:
        print("mypyc is not installed (pip install mypy): staying pure Python")
        return 1
    status = build()
    if status == 0:
        print(f"casino_records: compiled {len(COMPILED_MODULES)} modules with mypyc")
    else:
        print("casino_records: compilation failed; staying pure Python")
    return status


if __name__ == "__main__":
    sys.exit(main())
