"""What a server start costs (issue 22: ``ludomots serve`` answers within a second, even with
10,000 unfinished games): the start loads only what serving needs. Games, Alembic and the
rules' Markdown load when first used; each test here fails if the start loads one again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from starlette.testclient import TestClient

from ludomots.server.settings import STATIC_DIR
from ludomots.table.store import Store
from tests.server.helpers import make_app

#: A fresh interpreter starts the app on a database already at the newest schema, answers
#: one request, and says which modules it loaded.
START = """
import json, sys
from starlette.testclient import TestClient
from ludomots.server.app import create_app
with TestClient(create_app(sys.argv[1], executor="thread")) as client:
    assert client.get("/healthz").status_code == 200
print(json.dumps(sorted(sys.modules)))
"""


def test_a_start_loads_no_game_nor_alembic_nor_markdown(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'start.db'}"
    Store(url).migrate()
    done = subprocess.run([sys.executable, "-c", START, url], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parents[2])
    loaded = json.loads(done.stdout.splitlines()[-1])
    assert [m for m in loaded if m.startswith(("ludomots.games.", "alembic", "markdown_it"))
            ] == []
    assert "ludomots.server.app" in loaded  # it did start


def test_each_games_own_files_are_still_served_from_the_static_folder(db_url: str) -> None:
    """The built-in games have no folder of their own (``Game.assets_dir``): their mount,
    asked at the first request, gives way to the static folder's."""
    with TestClient(make_app(db_url)) as client:
        for game in ("topword", "typo", "awalettres", "vocabulon", "volapuk"):
            response = client.get(f"/static/games/{game}/index.js")
            assert response.status_code == 200, game
            assert response.text == (STATIC_DIR / "games" / game / "index.js").read_text(
                "utf-8")
        assert client.get("/static/games/topword/absent.js").status_code == 404
