"""The build is reproducible: rebuilding from the source archives gives the committed bytes."""

import json
from pathlib import Path

import pytest

from ludomots.lexicon import paths
from ludomots.lexicon.build import build
from ludomots.lexicon.sources import ALL_SOURCES, sha256

SOURCES = Path(__file__).resolve().parents[2] / "build" / "sources"

# A whole rebuild is CPU work that ends (about a minute on a quiet core, over ten at load 20
# on two cores): the suite's 600 s hang guard would cut it on a loaded machine, not a hang.
pytestmark = pytest.mark.timeout(3600)


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str], Path]:
    missing = [s.archive_glob for s in ALL_SOURCES if not (SOURCES / s.archive_glob).exists()]
    assert not missing, f"run `make lexique-sources` first (missing: {missing})"
    out = tmp_path_factory.mktemp("lexicon")
    messages: list[str] = []
    return build(SOURCES, progress=messages.append, out=out), out


def test_rebuilding_gives_the_same_bytes_as_the_committed_files(
    rebuilt: tuple[dict[str, str], Path],
) -> None:
    checksums, _ = rebuilt
    manifest = json.loads(paths.MANIFEST.read_text("utf-8"))
    assert checksums == manifest["outputs"]
    for name, digest in manifest["outputs"].items():
        assert sha256(paths.DATA / name) == digest, name


def test_the_manifest_names_the_exact_source_archives(rebuilt: tuple[dict[str, str], Path]) -> None:
    _, out = rebuilt
    committed = json.loads(paths.MANIFEST.read_text("utf-8"))
    fresh = json.loads((out / "manifest.json").read_text("utf-8"))
    assert fresh == committed
    for source in ALL_SOURCES:
        assert committed["sources"][source.name]["sha256"] == sha256(SOURCES / source.archive_glob)


def test_the_licences_file_covers_both_data_folders() -> None:
    text = (paths.DATA / "LICENSES.md").read_text("utf-8")
    assert "Mozilla Public License 2.0" in text and "ShareAlike 4.0" in text
    for name in json.loads(paths.MANIFEST.read_text("utf-8"))["outputs"]:
        folder, _, filename = name.partition("/")
        assert folder in ("mpl", "ccbysa"), name
