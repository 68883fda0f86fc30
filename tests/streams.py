"""Run the suite's pytest runs as parallel streams, so that ``make test`` uses both cores.

Usage: python -m tests.streams 'COMMAND; COMMAND' 'COMMAND' ...

Each argument is one stream: its commands (separated by ``;``) run one after the other,
stopping at the first failure, while the streams run side by side. The SQLite run is CPU-bound
in one process; the PostgreSQL and browser runs wait on servers much of the time, so the
suite takes about the longest stream instead of the sum. A stream's output is kept in a file
and printed whole when the stream ends (interleaved lines would be unreadable); the exit code
is the first failing stream's, or 0.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _run_stream(commands: list[str], log: Path) -> subprocess.Popen[bytes]:
    """Start one stream in a shell: its commands chained with ``&&``."""
    script = " && ".join(f"echo '$ '{shlex.quote(c)} && {c}" for c in commands)
    with log.open("wb") as out:
        return subprocess.Popen(["bash", "-c", script], stdout=out, stderr=subprocess.STDOUT)


def main(streams: list[str]) -> int:
    folder = Path(tempfile.mkdtemp(prefix="ludomots-streams-"))
    started = time.monotonic()
    running: dict[int, tuple[subprocess.Popen[bytes], Path]] = {}
    for index, stream in enumerate(streams):
        commands = [c.strip() for c in stream.split(";") if c.strip()]
        log = folder / f"stream-{index}.log"
        running[index] = (_run_stream(commands, log), log)
    first_failure = 0
    while running:
        for index, (process, log) in list(running.items()):
            code = process.poll()
            if code is None:
                continue
            del running[index]
            minutes = (time.monotonic() - started) / 60
            sys.stdout.write(f"\n===== stream {index + 1} ended with {code} after "
                             f"{minutes:.1f} min =====\n")
            sys.stdout.write(log.read_text(errors="replace"))
            sys.stdout.flush()
            if code and not first_failure:
                first_failure = code
        time.sleep(0.5)
    return first_failure


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
