"""Run every benchmark in ``bench/`` one after another (``make bench``); figures only."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main() -> int:
    """Run each ``bench_*.py`` with this interpreter; return 1 if any failed."""
    failed = 0
    for script in sorted(Path(__file__).resolve().parent.glob("bench_*.py")):
        print(f"== {script.name}", flush=True)
        failed += (
            subprocess.run([sys.executable, str(script)], check=False).returncode != 0
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
