"""A Wiktionary sense made into a riddle's definition (`clean_definition`), for the deck build.

Senses come from the shipped lexicon's glosses, which keep the wiki's labels, remarks and the
holes of the links the extraction dropped. A sense becomes a definition when it is the first
sentence of a real definition of this word, in two words at least, with no label that makes
it unfair or unfit for a family game, no pointer to another word or sense and no wiki
leftover, at most `MAX_DEFINITION` characters; what is doubtful costs a penalty, so that the
build prefers the plainest sense.
"""

from __future__ import annotations

import re

from ludomots.lexicon.fold import fold

MAX_DEFINITION = 120

_LEADING_LABEL_RE = re.compile(r"^\s*\(([^()]*)\)\s*[:;,]?\s*")
# Usage labels that disqualify a sense for a family game or make it unfair to guess.
_BAD_LABEL_RE = re.compile(
    r"vulgaire|injurieux|argot|péjoratif|raciste|xénophobe|homophobe|sexualité|érotisme"
    r"|vieilli|désuet|archaï|\brare\b|régional|québec|belgique|suisse|louisiane|afrique"
    r"|canada|antilles|acadie|réunion|\bouest\b|\bnord\b|\bmidi\b|provence|normandie|bretagne"
    r"|vendée|lorraine|picardie|savoie|lyon|marseille|\bsud\b|centre|ironique|antiphrase"
    r"|populaire|familier|enfantin|plaisant|anglicisme|barbarisme|désuet",
    re.IGNORECASE)
# Senses that send to another word instead of defining this one.
_FORM_OF_RE = re.compile(
    r"^(?:(?:ancienne|ancien|autre|mauvaise|variante)\s+)?(?:variante|synonyme|pluriel|féminin"
    r"|masculin|forme|graphie|orthographe|abréviation|diminutif|augmentatif|participe"
    r"|(?:première|deuxième|troisième) personne|contraction|apocope|aphérèse|troncation"
    r"|nom vernaculaire|terme|mot|utilisé|employé|se dit pour|cf\b|voir\b|désigne\b"
    r"|relatif à la lettre|lettre\b|nom de la lettre"
    # An interjection's sense listed under a noun ("Interjection soulignant la réplique").
    r"|interjection|onomatopée|exclamation|juron|par apposition)\b",
    re.IGNORECASE)
# An old sense ("Monnaie de compte de l'Ancien Régime"): asked only when nothing else is left.
_OLD_SENSE_RE = re.compile(
    r"\b(?:ancien régime|autrefois|jadis|anciennement|au moyen âge|dans l[’']antiquité"
    r"|féodal|féodalité|vassal|suzerain)|^(?:ancienne|ancien)\s+(?:unité|mesure|monnaie|pièce"
    r"|nom|titre|impôt|charge|arme)\b",
    re.IGNORECASE)
# "Nom courant du phragmite": what follows is the definition, here one rarer word.
_COMMON_NAME_RE = re.compile(
    r"^nom (?:courant|usuel|commun|vulgaire|scientifique|savant|populaire|normalisé)"
    r"\s+(?:de la |de l[’']|de |du |des |d[’'])", re.IGNORECASE)
# The wiki's remarks and pointers, never a definition's words.
_LEFTOVER_RE = re.compile(
    r"ci-(?:dessous|dessus|contre|après)|hyponymes?\b|\bvoir\s+(?:aussi|les|l[’']|la|le)\b"
    r"|\((?:voir|cf)\b|^\(?\d+\)",
    re.IGNORECASE)
_JUNK_RE = re.compile(r"[\[\]{}|=<>→]|https?:|www\.|wiki|\d{4}\s*[-–]\s*\d{4}", re.IGNORECASE)
# A sense that leans on the one before it ("Pièce de cette monnaie") means nothing alone.
_BACK_REFERENCE_RE = re.compile(
    r"\b(?:ledit|ladite|lesdits|celui-ci|celle-ci|précédent|ci-dessus)\b"
    r"|^(?:ses|son|sa|leurs?)\b|d[eu] même nom", re.IGNORECASE)
# "Pièce de ce jeu": a demonstrative whose noun the sense does not name before points to the
# previous sense; "exerce le commandement afférent à ce grade" (grade named before) does not.
# "ce qui", "ce que"... are no demonstratives.
_DEMONSTRATIVE_RE = re.compile(
    r"\b(?:cette|cet|ces|ce)\s+(?!qui\b|que\b|qu[’']|dont\b|sont\b|soit\b|fut\b|n[’']|à\b"
    r"|de\b|sur\b|pour\b|en\b|par\b|dans\b|avec\b|qu\b)(\w+)", re.IGNORECASE)


def _points_back(text: str) -> bool:
    """Whether the sense leans on the one before it (see ``_DEMONSTRATIVE_RE``)."""
    if _BACK_REFERENCE_RE.search(text):
        return True
    for match in _DEMONSTRATIVE_RE.finditer(text):
        noun = fold(match.group(1))[:5]
        if noun not in fold(text[: match.start()]):
            return True
    return False
# Heraldry: "Meuble représentant l'animal du même nom dans les armoiries".
_HERALDRY_RE = re.compile(r"armoiries|héraldi|blason", re.IGNORECASE)
# A link the extraction dropped leaves a hole: "Point du qui est situé", "d’une, opération".
# ("une ou plusieurs", "un et demi" are whole.)
_GAP_RE = re.compile(r"(?<![’'])\b(?:du|des|le|la|les|au|aux|une?|d[’']une?|de la|à la|l[’'])\s*"
                     r"(?:[,;.:)]|\b(?:qui|que|dont)\b|\b(?:et|ou)\b(?!\s+(?:plusieurs|deux|trois"
                     r"|quatre|demie?|autres?|l[’']autre|d[’']autres)\b))",
                     re.IGNORECASE)
# Senses of a homograph that comes from a name (a language, a place, a people).
_NAME_SENSE_RE = re.compile(r"^(?:langue|dialecte|localité|commune|village|ville|hameau|prénom"
                            r"|patronyme|nom de famille|habitant|habitante|peuple)\b",
                            re.IGNORECASE)
_HEDGE_RE = re.compile(r"^(?:par extension|par analogie|par métonymie|au figuré|figurément"
                       r"|en particulier|spécialement|absolument|en général)\s*[,:]\s*",
                       re.IGNORECASE)
# Not for a family game.
_ADULT_RE = re.compile(r"\b(?:sex|érotiq|pénis|vagin|coït|prostitu|pornogra|masturb|orgasm"
                       r"|copul|excrément|merde|drogu|fesse)", re.IGNORECASE)
_PRONOMINAL_START_RE = re.compile(r"^(?:s[’']|se\s)", re.IGNORECASE)


def _first_sentence(text: str) -> str:
    """The first sentence, when it is a real one (later ones are remarks and examples)."""
    for match in re.finditer(r"[.!?…](?=\s+[A-ZÀ-ÖØ-Þ])", text):
        head = text[: match.end()]
        if len(head.split()) >= 3:
            return head
    return text


def _shorten(text: str, limit: int = MAX_DEFINITION) -> tuple[str, bool]:
    """At most ``limit`` characters, cut at a clause (never under half the limit) or a word;
    the second value says whether anything was cut (marked "…")."""
    text = _first_sentence(" ".join(text.split()))
    if len(text) <= limit:
        return text, False
    window = text[: limit - 1]
    cut = max(window.rfind(" ; "), window.rfind(", "), window.rfind(" : "))
    if cut < limit // 2:
        cut = window.rfind(" ")
    head = window[:cut].rstrip(" ,;:—(")
    head = re.sub(r"(?:\s+(?:de|du|des|d[’']|à|au|aux|le|la|les|l[’']|un|une|et|ou|en|par"
                  r"|pour|avec|sur|dans|qui|que|dont))+$", "", head, flags=re.IGNORECASE)
    if head.count("(") > head.count(")"):
        head = head[: head.rfind("(")].rstrip(" ,;:")
    return head + "…", True


# Openings that belong to another class: "Qui ..." defines an adjective, not a noun.
_WRONG_OPENING = {
    "n": re.compile(r"^(?:qui|relatif|relative|relatifs|relatives|qui concerne|propre à)\b",
                    re.IGNORECASE),
    "adj": re.compile(r"^(?:un|une|le|la|les|l[’']|celui|celle|ceux|celles|personne qui"
                      r"|ensemble|action)\b", re.IGNORECASE),
}


def clean_definition(sense: str, pronominal: bool = False,
                     code: str = "") -> tuple[str, float] | None:
    """A sense made into a riddle's definition, with a penalty (0 = as good as it gets), or
    None when it cannot be one. ``pronominal``: the word is a pronominal verb (its senses
    open on "Se ..."). ``code``: the class (n, adj...) whose definition it must read as."""
    text = " ".join(sense.split())
    penalty = 0.0
    while (label := _LEADING_LABEL_RE.match(text)) is not None:
        if _BAD_LABEL_RE.search(label.group(1)):
            return None
        text = text[label.end():]
        penalty += 0.1
    hedge = _HEDGE_RE.match(text)
    if hedge is not None:
        text = text[hedge.end():]
        penalty += 0.1
    # A remark after a dash ("— on l'utilise surtout au pluriel") is the wiki's, not the sense;
    # so are the sentences after the first (remarks, examples): only the first is checked.
    text = _first_sentence(re.split(r"\s+—\s+", text, maxsplit=1)[0].strip())
    # "Nom courant du chlorure de sodium, composé ionique...": the definition is what follows.
    common_name = _COMMON_NAME_RE.match(text)
    if common_name is not None:
        text = text[common_name.end():]
    if (not text or _FORM_OF_RE.match(text) or _JUNK_RE.search(text) or _GAP_RE.search(text)
            or _LEFTOVER_RE.search(text)
            or _NAME_SENSE_RE.match(text) or _points_back(text)
            or _HERALDRY_RE.search(text)
            or _ADULT_RE.search(text)):
        return None
    if any(ord(ch) > 0xFFFF for ch in text):  # emoji and other symbols
        return None
    if _OLD_SENSE_RE.search(text):
        penalty += 0.3
    if _PRONOMINAL_START_RE.match(text) and not pronominal:
        penalty += 0.1  # maybe a sense of the pronominal verb (labels are lost)
    wrong = _WRONG_OPENING.get(code)
    if wrong is not None and wrong.match(text):
        return None
    text = re.sub(r"\s*[,;:]+\s*(?=[.…]$)", "", text)
    text, cut = _shorten(text)
    if cut:
        penalty += 0.05
    if re.match(r"ce qu|ce dont", text, re.IGNORECASE):
        penalty += 0.1  # "Ce qu'il y a de bien dans une chose": mostly figurative uses
    text = text[0].upper() + text[1:]
    if text[-1].isalnum() or text[-1] in ")»":
        text += "."
    names = sum(1 for w in re.findall(r"(?<![.!?…] )(?<!^)\b[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ]+", text))
    penalty += min(0.3, 0.1 * names)
    words = len(text.split())
    if words < 2:
        return None  # "Aptéryx.", "Tube.": a synonym, often rarer than the answer
    if len(text) < 8:
        penalty += 0.25
    elif words < 4:
        penalty += 0.1
    return text, penalty
