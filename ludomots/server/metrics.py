"""``GET /metrics``: Prometheus's text format (``ludomots/table/metrics.py`` says what is
counted). The scrape reads the database (tables by game and status), so it runs off the
event loop."""

from __future__ import annotations

import asyncio

from prometheus_client import CONTENT_TYPE_LATEST
from starlette.requests import Request
from starlette.responses import Response

from ludomots.server.settings import manager_of
from ludomots.table.metrics import TablesCollector, exposition


async def metrics(request: Request) -> Response:
    store = manager_of(request).store
    body = await asyncio.to_thread(exposition, TablesCollector(store.count_tables))
    return Response(body, media_type=CONTENT_TYPE_LATEST,
                    headers={"Cache-Control": "no-store"})
