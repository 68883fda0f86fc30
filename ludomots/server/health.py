"""``GET /healthz`` and ``GET /readyz``: what a load balancer or an orchestrator asks.

``/healthz`` says the process is up and its event loop answers; it checks nothing else, so
that a database outage does not get every process restarted at once. ``/readyz`` says whether
this process can serve a player now: its start-up is done (the schema checked, and the
unfinished games listed for their resume, which ``ludomots serve`` starts once its port is
open), the database answers a query and, with ``--redis``, Redis answers a PING. Each check
has its own time limit, so a database that hangs makes the answer slow by at most that much,
never forever. Both answer JSON; a process that is not ready answers 503 with the failed
checks and a reason in English (for operators).
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

#: Seconds each readiness check may take before it counts as failed.
CHECK_TIMEOUT = 2.0
#: Seconds an answer waits for the start-up's list of games to resume, if not there yet.
LISTING_WAIT = CHECK_TIMEOUT
NO_CACHE = {"Cache-Control": "no-store"}


async def healthz(request: Request) -> JSONResponse:
    return JSONResponse({"status": "ok"}, headers=NO_CACHE)


async def _check(name: str, probe: Any, timeout: float = CHECK_TIMEOUT
                 ) -> tuple[str, str | None]:
    """("ok", None), or ("unreachable", why)."""
    try:
        await asyncio.wait_for(probe, timeout)
    except TimeoutError:
        return "unreachable", f"{name}: no answer within {timeout:g} s"
    except Exception as exc:  # StoreError, a Redis or socket error: "not now"
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return "unreachable", f"{name}: {first[:200]}"
    return "ok", None


async def readyz(request: Request) -> JSONResponse:
    state = request.app.state
    manager = getattr(state, "manager", None)
    if manager is None or not getattr(state, "serving", False):
        return JSONResponse({"status": "not_ready", "checks": {},
                             "reason": "starting up or shutting down"},
                            status_code=503, headers=NO_CACHE)
    checks: dict[str, str] = {}
    reasons: list[str] = []
    probes: dict[str, Any] = {"database": asyncio.to_thread(manager.store.ping)}
    bus = getattr(state, "bus", None)
    if bus is not None:
        probes["redis"] = bus.ping()
    (_, not_listed), *results = await asyncio.gather(
        _check("resume", manager.wait_listed(), LISTING_WAIT),
        *(_check(name, probe) for name, probe in probes.items()))
    for name, (status, reason) in zip(probes, results, strict=True):
        checks[name] = status
        if reason is not None:
            reasons.append(reason)
    if bus is None:
        checks["redis"] = "not used"
    if not_listed is not None:
        reasons.append("starting up: the unfinished games to resume are not listed yet")
    if reasons:
        return JSONResponse({"status": "not_ready", "checks": checks,
                             "reason": "; ".join(reasons)},
                            status_code=503, headers=NO_CACHE)
    return JSONResponse({"status": "ready", "checks": checks}, headers=NO_CACHE)
