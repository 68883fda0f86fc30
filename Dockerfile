# Ludomots's server. By default one process on a SQLite file in the volume /data:
#   docker build -t ludomots .
#   docker run -p 8000:8000 -v ludomots-data:/data ludomots
# Several processes on PostgreSQL and Redis: compose.yaml (docs/deployment.md).
#
# The base is pinned to Debian bookworm so that its postgresql-client (15, for
# `ludomots db backup` on PostgreSQL) matches compose.yaml's postgres:15: pg_dump refuses a
# newer server than itself.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src
COPY pyproject.toml README.md ./
COPY ludomots ./ludomots
# The scale extra (psycopg, redis) too: the same image serves compose.yaml's processes.
RUN pip install '.[scale]' && rm -rf /src

# No root at run time; the database file and backups live in the volume.
RUN useradd --system --create-home --home-dir /data ludomots
USER ludomots
WORKDIR /data
VOLUME /data
EXPOSE 8000

# Ready: started, and its database (and Redis, with --redis) answer (GET /readyz).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=2).status != 200)"]

ENTRYPOINT ["ludomots"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000", "--db", "sqlite:////data/ludomots.db"]
