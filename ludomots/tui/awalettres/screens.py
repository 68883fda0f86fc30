"""Awalettres' terminal screens, pure: reading what players type, drawing the table, wording
the events in French. `tui.py` runs the loop; nothing here reads the keyboard or a clock."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludomots.core import seats as core_seats
from ludomots.core.game import Event
from ludomots.core.record import SeatInfo
from ludomots.core.seats import plain
from ludomots.games.awalettres.assign import assign
from ludomots.games.awalettres.cards import SPELL_NAMES, VALUES, WILD, parse_letter, word_key
from ludomots.games.awalettres.rules import GAME, AwalettresState, Exchange, Marabout, Play
from ludomots.tui.terminal import bad_command as _bad

WORD_HELP = """\
Pour poser un mot, tapez-le : vos lettres d'abord, puis celles des autres, puis une CONFUSION.
Pour choisir les cartes : une lettre par groupe, @N pour la prendre au joueur N, * pour une
CONFUSION qui la remplace :  a p@2 r e s@3   ou   a* r t
  aide   quelques mots possibles        passe   quand aucun mot n'est possible
  quitte quitter la partie"""


def parse_seats(text: str, levels: Collection[str] | None = None) -> list[SeatInfo]:
    """`moi,expert,confirme` -> seats; ValueError (English: a command-line argument)."""
    return core_seats.parse_seats(text, GAME, levels)


@dataclass(frozen=True)
class Hint:
    """`aide`: a few possible words (never recorded)."""


def _player(text: str, players: int, original: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= players:
        raise _bad(f"« {text} » n'est pas un joueur : tapez un numéro de 1 à {players}.",
                   original)
    return int(text) - 1


def parse_word(text: str, state: AwalettresState, seat: int) -> Play | Hint | None:
    """`apres` (cards chosen as usual), `a p@2 r e s@3` (explicit), `aide`."""
    tokens = text.split()
    if not tokens:
        return None
    if len(tokens) == 1 and plain(tokens[0]) in ("aide", "?"):
        return Hint()
    if len(tokens) == 1 and "@" not in tokens[0] and "*" not in tokens[0]:
        key = word_key(tokens[0])
        if key is None:
            raise _bad(f"« {text.strip()} » n'est pas un mot : des lettres seulement.", text)
        cards = assign(seat, key, state.hands, state.active_designations(seat),
                       from_caster=state.from_caster)
        if cards is None:
            raise _bad(f"Les cartes de la table ne permettent pas « {key} ».", text)
        return Play(key, *cards)
    letters: list[str] = []
    sources: list[int] = []
    wild: list[int] = []
    for token in tokens:
        body, _, who = token.partition("@")
        star = body.endswith("*")
        letter = parse_letter(body.rstrip("*"))
        if letter is None or letter == WILD:
            raise _bad(f"« {token} » : une lettre, suivie de * (CONFUSION) et/ou @N "
                       "(le joueur N).", text)
        if star:
            wild.append(len(letters))
        letters.append(letter)
        sources.append(_player(who, state.players, text) if who else seat)
    return Play("".join(letters), tuple(sources), tuple(wild))


def parse_give(text: str, state: AwalettresState, seat: int) -> int:
    """`g` / `garder` keeps the spell; a player number gives it."""
    answer = plain(text)
    if answer in ("g", "garde", "garder", ""):
        return seat
    return _player(answer, state.players, text)


def parse_exchange(text: str, state: AwalettresState) -> Exchange:
    """`E 2 S`: my E against player 2's S; `non` declines."""
    words = text.split()
    if len(words) == 1 and plain(words[0]) in ("non", "n"):
        return Exchange("", None, "")
    if len(words) != 3:
        raise _bad("Écrivez « E 2 S » (votre E contre le S du joueur 2) ou « non ».", text)
    give, take = parse_letter(words[0]), parse_letter(words[2])
    if give is None or take is None:
        raise _bad("Une lettre (ou ? pour une CONFUSION) de chaque côté.", text)
    return Exchange(give, _player(words[1], state.players, text), take)


def parse_marabout(text: str, state: AwalettresState) -> Marabout:
    """`2 Z`: player 2 must play the Z (the caster's, by default; his own with the option
    `marabout_card="target"`)."""
    words = text.split()
    card = parse_letter(words[1]) if len(words) == 2 else None
    if card is None:
        whose = "votre Z (? pour votre CONFUSION)" if state.from_caster else \
            "son Z (? pour sa CONFUSION)"
        raise _bad(f"Écrivez « 2 Z » : le joueur 2 devra jouer {whose}.", text)
    return Marabout(_player(words[0], state.players, text), card)


# -- drawing ---------------------------------------------------------------------------------


def signed(count: int) -> str:
    return f"−{-count}" if count < 0 else str(count)


def plural(count: int, word: str) -> str:
    return f"{signed(count)} {word}{'s' if abs(count) > 1 else ''}"


def card_text(card: str) -> str:
    return "CONFUSION" if card == WILD else f"{card}{VALUES[card]}"


def hand_text(cards: Sequence[str]) -> str:
    return " ".join(card_text(c) for c in cards) or "(aucune carte)"


def render_status(state: AwalettresState, seats: Sequence[SeatInfo]) -> RenderableType:
    """Every hand (face up), sacks, debts, spells waiting, the grenier and the box."""
    table = Table(show_edge=False, box=None, pad_edge=False)
    for title in ("", "Joueur", "Lettres (graines)", "Sac", "Dettes", "Sortilèges", "Score"):
        table.add_column(title)
    scores = state.scores()
    for seat, info in enumerate(seats):
        marker = "▶" if seat in state.to_act() else ""
        debts = ", ".join(f"{n} à {'pot' if c < 0 else seats[c].name}"
                          for c, n in state.ledger.debts[seat]) or ""
        spells = [SPELL_NAMES[s] for s in state.held[seat]]
        spells += [f"doit jouer {card_text(card)} de {seats[c].name}" if state.from_caster
                   else f"doit jouer {card_text(card)} ({seats[c].name})"
                   for c, card in state.designations[seat]]
        table.add_row(marker, f"{seat + 1}. {info.name}", hand_text(state.hands[seat]),
                      str(state.ledger.sacks[seat]), debts, ", ".join(spells),
                      signed(scores[seat]))
    footer = (f"Grenier : {state.view(None)['grenier']} cartes — boîte à gri-gri : "
              f"{len(state.box)} sortilèges — pot commun : illimité")
    return Group(table, Text(footer))


def render_final(state: AwalettresState, seats: Sequence[SeatInfo]) -> RenderableType:
    table = Table(title="Décompte final")
    for title in ("Joueur", "Sac", "Dettes", "Lettres restantes", "Total"):
        table.add_column(title, justify="right" if title != "Joueur" else "left")
    for seat, detail in enumerate(state.score_detail()):
        table.add_row(seats[seat].name, str(detail["sack"]), signed(-detail["debts"]),
                      signed(-detail["hand"]), signed(detail["total"]))
    winners = state.winners()
    best = state.scores()[winners[0]]
    if len(winners) == 1:
        verdict = (f"{seats[winners[0]].name} remplace le grand N'KADA ZOGO avec "
                   f"{plural(best, 'graine')} !")
    else:
        verdict = (f"Égalité : {' et '.join(seats[w].name for w in winners)} avec "
                   f"{plural(best, 'graine')} !")
    return Group(table, Text(verdict, style="bold"))


# -- events ----------------------------------------------------------------------------------

_END = {"no_word": "ne peut plus former de mot", "no_card": "n'a plus de carte",
        "blocked": "personne ne peut plus jouer"}


def describe_event(event: Event, seats: Sequence[SeatInfo], viewer: int | None) -> str | None:
    """One French line for an event `viewer` may see, or None."""
    if not event.visible(viewer):
        return None
    data: dict[str, Any] = event.data
    name = seats[data["seat"]].name if isinstance(data.get("seat"), int) else ""
    kind = event.type
    if kind == "first_player":
        return f"{name} commence."
    if kind == "draw":
        got = " ".join(data["cards"]) or "rien"
        extra = f" et {plural(data['spells'], 'tirage')} de sortilège" if data["spells"] else ""
        return f"{name} pioche {got}{extra}."
    if kind == "spell_drawn":
        return f"{name} prend un sortilège dans la boîte à gri-gri, sans le regarder."
    if kind == "spell_seen":
        return f"Vous regardez : {SPELL_NAMES[data['spell']]}."
    if kind == "spell":
        who = "le garde" if data["target"] == data["seat"] else \
            f"le donne à {seats[data['target']].name}"
        return f"{name} {who} : c'est {data['name']} !"
    if kind == "confusion_returned":
        return f"{name} a déjà une CONFUSION : la seconde retourne dans la boîte."
    if kind == "generosity":
        return f"{name}, pris de générosité, donne {plural(data['amount'], 'graine')} à chacun."
    if kind == "calm":
        return f"{name} paie 5 graines au pot." if data["method"] == "pay" else \
            f"{name} crie « pas de panique ! »."
    if kind == "exchange":
        if data["target"] is None:
            return f"{name} renonce à son ÉCHANGE."
        return (f"{name} échange son {card_text(data['give'])} contre le "
                f"{card_text(data['take'])} de {seats[data['target']].name}.")
    if kind == "marabout":
        whose = "le" if data.get("owner", data["target"]) == data["seat"] else "son"
        where = f" de {name}" if whose == "le" else ""
        return (f"{name} maraboute {seats[data['target']].name} : il devra jouer {whose} "
                f"{card_text(data['card'])}{where}.")
    if kind in ("marabout_void", "spell_void"):
        return f"Le sortilège de {name} reste sans effet."
    if kind == "returned":
        return f"{name} remet {data['card']} dans le grenier."
    if kind == "word":
        paid = ", ".join(f"{n} à {seats[int(s)].name}" for s, n in data["payments"].items())
        text = (f"{name} pose {data['key']} : {plural(data['collected'], 'graine')} "
                f"récoltée(s)")
        if data["bonus"]:
            text += f", bonus {data['bonus']}"
        if paid:
            text += f", donne {paid}"
        return text + "."
    if kind == "pass":
        return f"{name} ne peut former aucun mot et passe."
    if kind == "turn":
        return f"— À {name} de jouer. —"
    if kind == "wayampou":
        return "Qui commence ? Chacun écrit une définition du mot WAYAMPOU."
    if kind == "definitions":
        return "Définitions : " + " | ".join(f"{i + 1}. {d}"
                                            for i, d in enumerate(data["definitions"]))
    if kind == "wayampou_result":
        return f"La définition la plus crédible est celle de {seats[data['first']].name}."
    if kind == "game_over":
        return f"Fin de la partie : {name} {_END.get(data['reason'], '')}."
    return None


def hints(state: AwalettresState, seat: int, count: int = 8) -> list[str]:
    """A few playable words, the longest with own letters first."""
    from ludomots.games.awalettres.search import scored_words

    low, high = state.length_range()
    found = scored_words(state.lexicon, state.pool(seat), low, high, max_taken=2)
    found.sort(key=lambda t: (-(t[1] - t[2]), -len(t[0]), t[0]))
    return [f"  {key.lower()} (+{gain}, −{cost})" for key, gain, cost in found[:count]]
