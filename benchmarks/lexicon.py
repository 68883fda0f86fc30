"""Lexicon speed and memory (issue targets in brackets). Run: python benchmarks/lexicon.py

Prints figures; asserts nothing. Each cold measurement runs in a fresh process.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def fresh(code: str) -> dict[str, float]:
    """Run `code` in a new interpreter; it prints a JSON dict of figures."""
    out = subprocess.run([PY, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


COLD_LOAD = """
import json, time
t0 = time.perf_counter()
from ludomots.lexicon.lexicon import get_lexicon
t1 = time.perf_counter()
get_lexicon().accepts("chat", "standard")
t2 = time.perf_counter()
print(json.dumps({"import_ms": (t1 - t0) * 1e3, "first_accepts_ms": (t2 - t1) * 1e3}))
"""

RESIDENT = """
import json
from ludomots.lexicon.lexicon import get_lexicon
lex = get_lexicon()
for w in ("chat", "mangeassions", "Dupont", "arc-en-ciel"):
    lex.accepts(w, "standard"); lex.accepts(w, "unconjugated"); lex.accepts(w, "proper-signed")
    lex.entries(w)
lex.pattern("c", 5, "n.m.")
rss = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmRSS"))
hwm = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM"))
print(json.dumps({"rss_mb": rss / 1024, "peak_mb": hwm / 1024}))
"""


# Rates count this process's CPU time, not wall time: the machine is shared, and a loaded
# machine would otherwise halve every figure.
def rate(fn, items: list[str]) -> float:  # type: ignore[no-untyped-def]
    start = time.process_time()
    for item in items:
        fn(item)
    return len(items) / (time.process_time() - start)


def rate_inline(call: str, names: dict[str, object], items: list[str]) -> float:
    """Calls per second of the expression `call` (on `w`) written in a plain loop."""
    scope = dict(names)
    exec(f"def run(items):\n    for w in items:\n        {call}\n", scope)  # noqa: S102
    start = time.process_time()
    scope["run"](items)  # type: ignore[operator]
    return len(items) / (time.process_time() - start)


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from ludomots.lexicon.lexicon import get_lexicon
    from ludomots.lexicon.policy import STANDARD, Policy

    cold = [fresh(COLD_LOAD) for _ in range(5)]
    first = statistics.median(c["first_accepts_ms"] for c in cold)
    imp = statistics.median(c["import_ms"] for c in cold)
    print(f"cold load of validity data: {first:.2f} ms (after {imp:.1f} ms of imports) [<= 50 ms]")
    resident = fresh(RESIDENT)
    print(f"resident memory, validity + tags + patterns loaded: {resident['rss_mb']:.1f} MB "
          f"(peak {resident['peak_mb']:.1f} MB) [<= 60 MB]")

    lex = get_lexicon()
    rng = random.Random(1)
    words = list(lex.iter_accepted("", STANDARD))
    sample = [w.lower() for w in rng.sample(words, 100_000)]
    mutated = ["".join(rng.sample(w, len(w))) for w in sample[:50_000]]
    queries = sample[:50_000] + mutated
    rng.shuffle(queries)
    check = lex.checker("standard")
    # Each form is timed as a game calls it, inline in a loop: a lambda around the call used
    # to add a Python frame that cost as much as the lookup itself.
    forms = {
        "accepts(word)": "lex.accepts(w)",
        "accepts(word, STANDARD)": "lex.accepts(w, STANDARD)",
        'accepts(word, "standard")': 'lex.accepts(w, "standard")',
        'checker("standard")(word)': "check(w)",
    }
    names = {"lex": lex, "STANDARD": STANDARD, "check": check}
    for name, call in forms.items():
        best = max(rate_inline(call, names, queries) for _ in range(5))
        print(f"{name} (folding included): {best:,.0f} calls/s [>= 500,000]")
    custom = Policy("sans pluriels", plurals=False)
    print(f"accepts(word, custom policy) (category masks): "
          f"{max(rate(lambda w: lex.accepts(w, custom), queries) for _ in range(3)):,.0f} calls/s")
    prefixes = [w[: rng.randint(1, max(1, len(w) - 1))] for w in queries]
    prefix_rate = rate(lambda p: lex.has_prefix(p, STANDARD), prefixes)
    print(f"has_prefix (topword): {prefix_rate:,.0f} calls/s [>= 200,000]")
    dawg = lex.automaton(STANDARD)
    upper = [w.upper() for w in queries]
    print(f"automaton walk (membership): {rate(lambda w: w in dawg, upper):,.0f} calls/s")
    print(f"entries(): {rate(lex.entries, queries[:20_000]):,.0f} calls/s")

    start = time.perf_counter()
    lex.pattern("a", 5, "n.f.")
    print(f"pattern index first load: {(time.perf_counter() - start) * 1e3:.0f} ms")
    timings = []
    for _ in range(2000):
        initial = rng.choice("abcdefghijlmnoprstuv")
        length = rng.randint(3, 8)
        cls = rng.choice(["n.m.", "n.f.", "adj.", "adv.", "v.", "v.pr."])
        start = time.perf_counter()
        lex.pattern(initial, length, cls, limit=20)
        timings.append((time.perf_counter() - start) * 1e3)
    timings.sort()
    print(f"pattern query: p50 {timings[1000]:.4f} ms, max {timings[-1]:.4f} ms [<= 5 ms]")

    env = dict(os.environ)
    runs = []
    exe = Path(PY).parent / "ludomots"
    command = [str(exe)] if exe.exists() else [PY, "-m", "ludomots"]
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([*command, "lexique", "check", "chat"], capture_output=True, check=True,
                       cwd=ROOT, env=env)
        runs.append(time.perf_counter() - start)
    print(f"`ludomots lexique check chat` from the shell: {statistics.median(runs):.3f} s "
          "median of 5 [<= 0.5 s]")


if __name__ == "__main__":
    main()
