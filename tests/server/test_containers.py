"""The Dockerfile and compose.yaml (issue 22). Without a container engine (this machine has a
docker client but no daemon), their structure is checked: every command they run is one
``ludomots`` accepts, the servers wait for healthy PostgreSQL and Redis, every service has a
health check, the proxy balances over every server. With a running engine, the image is built
and its Python package imports."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

import click
import pytest
import yaml

from ludomots.server.cli import serve

ROOT = Path(__file__).resolve().parents[2]


def dockerfile() -> list[tuple[str, str]]:
    """(instruction, arguments), continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            instruction, _, rest = line.partition(" ")
            out.append((instruction.upper(), rest.strip()))
    return out


def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return data


def serve_accepts(args: list[str]) -> click.Context:
    """Parse ``ludomots serve ...`` as the command line would, without running it."""
    assert args[0] == "serve", args
    return serve.make_context("serve", list(args[1:]))


def test_the_dockerfile_serves_on_sqlite_in_its_volume_as_a_user() -> None:
    steps = dockerfile()
    assert steps[0][0] == "FROM" and steps[0][1].startswith("python:3.11")
    entry = json.loads(next(a for i, a in steps if i == "ENTRYPOINT"))
    cmd = json.loads(next(a for i, a in steps if i == "CMD"))
    assert entry == ["ludomots"]
    ctx = serve_accepts(cmd)
    assert ctx.params["database_url"] == "sqlite:////data/ludomots.db"
    assert ctx.params["redis_url"] is None
    assert (ctx.params["host"], ctx.params["port"]) == ("0.0.0.0", 8000)
    assert ("EXPOSE", "8000") in steps and ("VOLUME", "/data") in steps
    assert next(a for i, a in steps if i == "USER") == "ludomots"
    for source in (a.split()[:-1] for i, a in steps if i == "COPY"):
        for path in source:
            assert (ROOT / path).exists(), path
    health = next(a for i, a in steps if i == "HEALTHCHECK")
    assert "http://127.0.0.1:8000/readyz" in health
    assert "postgresql-client" in next(a for i, a in steps if i == "RUN")  # db backup


def test_compose_runs_several_servers_on_postgresql_and_redis_with_health_checks() -> None:
    spec = compose()
    services = spec["services"]
    servers = {name: s for name, s in services.items() if s.get("build") == "."}
    assert len(servers) >= 2
    assert services["db"]["image"].startswith("postgres:")
    assert services["redis"]["image"].startswith("redis:")
    for name, service in services.items():
        assert "healthcheck" in service, name
        assert service["healthcheck"]["test"][0] in ("CMD", "CMD-SHELL"), name
    env = services["db"]["environment"]
    for name, server in servers.items():
        ctx = serve_accepts(server["command"])
        assert ctx.params["database_url"] == (f"postgresql://{env['POSTGRES_USER']}:"
                                              f"{env['POSTGRES_PASSWORD']}@db:5432/"
                                              f"{env['POSTGRES_DB']}"), name
        assert ctx.params["redis_url"] == "redis://redis:6379/0", name
        assert ctx.params["port"] == 8000 and ctx.params["host"] == "0.0.0.0", name
        assert server["depends_on"] == {"db": {"condition": "service_healthy"},
                                        "redis": {"condition": "service_healthy"}}, name
        assert "http://127.0.0.1:8000/readyz" in " ".join(server["healthcheck"]["test"])
        assert "ports" not in server, f"{name}: only the proxy is reachable"
    proxy = services["proxy"]
    assert proxy["depends_on"] == {name: {"condition": "service_healthy"} for name in servers}
    mount = next(v for v in proxy["volumes"] if v.endswith(":ro"))
    conf = (ROOT / mount.split(":")[0]).read_text()
    assert set(re.findall(r"server (\w+):8000;", conf)) == set(servers)
    assert "proxy_set_header Upgrade $http_upgrade;" in conf  # WebSockets
    assert "X-Forwarded-For $proxy_add_x_forwarded_for" in conf
    assert set(spec["volumes"]) == {v.split(":")[0] for v in services["db"]["volumes"]}


def test_the_compose_health_checks_use_the_services_own_tools() -> None:
    services = compose()["services"]
    assert shlex.split(services["db"]["healthcheck"]["test"][1])[0] == "pg_isready"
    assert services["redis"]["healthcheck"]["test"][1:] == ["redis-cli", "ping"]


def _engine() -> str | None:
    for exe in ("docker", "podman"):
        path = shutil.which(exe)
        if path and subprocess.run([path, "info"], capture_output=True,
                                   timeout=30).returncode == 0:
            return path
    return None


@pytest.mark.timeout(1800)
def test_the_image_builds_where_a_container_engine_runs() -> None:
    engine = _engine()
    if engine is None:
        pytest.skip("no running container engine (docker or podman) on this machine")
    subprocess.run([engine, "build", "-t", "ludomots:test", str(ROOT)], check=True)
    result = subprocess.run([engine, "run", "--rm", "--entrypoint", "python", "ludomots:test",
                             "-c", "import ludomots.server.app; print('ok')"],
                            capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "ok"
