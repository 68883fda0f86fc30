"""Words a secret word chosen by a bot (or by the clock for a player) must never be.

Vocabulon is a family game and a bot's secret word is shown to everyone at the end (and when
it is changed): it must be a word one can say at a family table. The lexicon keeps no usage
labels on its headwords (the vulgar senses of CHIER or BAISER are plain senses there), so the
words are listed: the crude, vulgar, sexual, excretory and offensive words found among the
secret-word candidates of every length a game can ask (4 to 10 letters, the 1.0 per million
list the changes of word use), read one by one, with their usual neighbours. Familiar but
harmless words (BOUFFE, FLIC, CRÉTIN, FESSE) stay. Keys are folded (no accents), upper case.
"""

from __future__ import annotations

from ludomots.lexicon.fold import fold

_LISTED = """
ANAL ANUS BAISE BAISER BAISEUR BAISEUSE BANDER BATARD BICOT BITE BONICHE BONNICHE BORDEL
BOUGNOUL BOUGNOULE BRANLER BRANLETTE BRANLEUR BRANLEUSE BURNE CACA CATIN CHIANT CHIANTE
CHIASSE CHIER CHIEUR CHIEUSE CHIOTTE CHIOTTES COCU COCUE CONNARD CONNARDE CONNASSE CONNE
CONNERIE COUILLE COUILLON COUILLONNADE DECONNER DEGUEULER DEMERDER EJACULER EMMERDANT
EMMERDANTE EMMERDE EMMERDEMENT EMMERDER EMMERDEUR EMMERDEUSE ENCULE ENCULER ENFOIRE ENFOIREE
EROTIQUE EROTISME FORNIQUER FOUTAISE FOUTOIR FOUTRE FOUTU FOUTUE GARCE GERBER GOUINE LIBIDO
LOLO LUBRIQUE MASTURBER MERDE MERDER MERDEUX MERDIER MERDIQUE MICHETON MONGOL NAZI NAZISME
NEGRE NEGRESSE NIBARD NICHON NIQUE NIQUER ORGASME ORGIE PARTOUZE PEDE PEDERASTE PENIS
PETASSE PETER PISSE PISSER PISSEUX PORNO PORNOGRAPHIE PROSTITUE PROSTITUEE PROSTITUTION
PUCEAU PUCELLE PUTAIN PUTE SALAUD SALOPARD SALOPE SALOPERIE SEXE SEXUALITE SEXUEL SEXUELLE
SEXY SHIT SODOMIE SODOMISER SPERME SUICIDE SUICIDER TAPETTE TAPIN TAPINER TESTICULE TETON
TRIQUE VAGIN VAGINAL VIOL VIOLER VIOLEUR YOUPIN ZIZI ZOB
"""
UNSAYABLE: frozenset[str] = frozenset(_LISTED.split())


def sayable(word: str) -> bool:
    """Whether `word` may be said at a family table (accents and case ignored)."""
    return fold(word.strip()).upper() not in UNSAYABLE


__all__ = ["UNSAYABLE", "sayable"]
