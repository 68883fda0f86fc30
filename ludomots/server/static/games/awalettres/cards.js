// Awalettres' cards and words, shared by the table screen and the replay: the card drawing
// (letter and its seeds, the CONFUSION apart), spell names, folding a typed word, the usual
// choice of cards for it (as the engine's assign.py does) and the French texts of what happened.

import { el, icon, plural, signed, levelLabel } from "../../ui.js";
import { wordPopup } from "../../wordpopup.js";
import { SEAT_COLOURS, whoNode, avatarNode } from "../../tablekit.js";

export const WILD = "?";
export const CONFUSION_VALUE = 5;
export const HAND_SIZE = 7;

export const SPELL_NAMES = {
  confusion: "CONFUSION",
  maraboutage: "MARABOUTAGE",
  echange: "ÉCHANGE",
  generosite1: "GÉNÉROSITÉ (1 graine)",
  generosite2: "GÉNÉROSITÉ (2 graines)",
  generosite3: "GÉNÉROSITÉ (3 graines)",
  panique: "PAS DE PANIQUE !",
};

export const SPELL_HELP = {
  confusion: "Un joker : 0 graine pour son détenteur, 5 pour qui la lui prend ; −5 si elle reste en main.",
  maraboutage: "À la fin de son tour, son détenteur impose à un adversaire une carte de son propre jeu : l’adversaire devra la lui prendre dans son prochain mot et la lui payer.",
  echange: "Avant son mot, son détenteur échange une de ses cartes contre une carte d’un adversaire.",
  generosite1: "Son détenteur donne 1 graine à chaque adversaire.",
  generosite2: "Son détenteur donne 2 graines à chaque adversaire.",
  generosite3: "Son détenteur donne 3 graines à chaque adversaire.",
  panique: "Crier « pas de panique ! » à temps, ou payer 5 graines au pot.",
};

export const END_REASONS = {
  no_word: "Le grenier est vide et le joueur dont c’est le tour ne peut plus former de mot.",
  no_card: "Le grenier est vide et le joueur dont c’est le tour n’a plus de carte.",
  blocked: "Personne n’a pu jouer pendant tout un tour de table.",
};

export const seeds = (n) => plural(n, "graine");

/** Why the game ended, naming the player whose turn it was. */
export function endReason(g, seatName) {
  const who = seatName(g.current);
  if (g.end_reason === "no_word") return `Le grenier est vide et ${who} ne peut plus former de mot.`;
  if (g.end_reason === "no_card") return `Le grenier est vide et ${who} n’a plus de carte.`;
  return END_REASONS[g.end_reason] || "";
}

/** A card's seeds: its printed value; a CONFUSION costs 5 (0 to its holder when played). */
export function cardValue(card, values) {
  return card === WILD ? CONFUSION_VALUE : (values[card] || 0);
}

/** Seeds a hand costs at the end (a CONFUSION: 5). */
export function handValue(cards, values) {
  return cards.reduce((sum, c) => sum + cardValue(c, values), 0);
}

/** A letter card: the letter big, its seeds as dots and a number; the CONFUSION is a dark
 * card with a question mark. `as` "button" makes it clickable (the caller adds the handler). */
export function cardNode(card, values, { extraClass = "", as = "span", label = true, props = {} } = {}) {
  const wild = card === WILD;
  const value = cardValue(card, values);
  const name = wild ? "CONFUSION (0 ou 5 graines)" : `${card}, ${seeds(value)}`;
  return el(as, {
    class: ["aw-card", wild ? "wild" : `v${value}`, extraClass],
    role: as === "span" && label ? "img" : undefined,
    "aria-label": label ? name : undefined,
    "aria-hidden": label ? undefined : "true",
    type: as === "button" ? "button" : undefined,
    dataset: { card },
    ...props,
  },
  el("span", { class: "aw-card-letter", text: wild ? "?" : card, "aria-hidden": "true" }),
  el("span", { class: "aw-card-value", "aria-hidden": "true" },
    wild ? el("span", { class: "aw-card-conf", text: "CONFUSION" })
      : [el("span", { class: "aw-seed-dots" }, Array.from({ length: value }, () => el("span", { class: "aw-seed-dot" }))),
        el("span", { class: "aw-card-num", text: String(value) })]));
}

/** A face-down card: the grenier, the spell box, a spell drawn blind. */
export function backNode(kind, text = "") {
  return el("span", { class: ["aw-back", kind], "aria-hidden": "true" }, text ? el("span", { text }) : null);
}

/** A spell card, face up. */
export function spellNode(spell, extraClass = "") {
  return el("span", { class: ["aw-spell", `sp-${spell.replace(/\d$/, "")}`, extraClass], title: SPELL_HELP[spell] || "" },
    el("span", { class: "aw-spell-name", text: SPELL_NAMES[spell] || spell }));
}

/** The folded key of a typed word (upper case, no accents), or null when it holds anything
 * but letters. */
export function foldWord(text) {
  const base = String(text || "").trim()
    .replace(/[œŒ]/g, "OE").replace(/[æÆ]/g, "AE")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase();
  return /^[A-Z]*$/.test(base) ? base : null;
}

/** Whether a MARABOUTAGE designates a card of the caster's own hand (the rule) rather than one
 * of the target's (option `marabout_card: "target"`). */
export function fromCaster(g) {
  return ((g && g.options) || {}).marabout_card !== "target";
}

/** What a MARABOUTAGE makes `target` do: take the caster's card, or play his own. */
export function designationText(g, caster, card, you) {
  const what = card === WILD ? "la CONFUSION" : `le ${card}`;
  if (fromCaster(g)) return you(caster) === "vous" ? `doit vous prendre ${what}` : `doit prendre ${what} de ${you(caster)}`;
  return `doit jouer ${card === WILD ? "sa CONFUSION" : `son ${card}`} (pour ${you(caster)})`;
}

/**
 * The cards of a typed word, as the engine's assign.py chooses them: the positions in `pinned`
 * ({i: {seat, wild}}, chosen by clicks) first, then the player's own letters, the opponents'
 * from his left, his CONFUSION, then an opponent's. Returns [{letter, seat, wild}] with seat
 * null where no card is left for that letter.
 */
export function assignWord(seat, key, hands, pinned = {}, taken = []) {
  const players = hands.length;
  const order = Array.from({ length: players - 1 }, (_, k) => (seat + k + 1) % players);
  const left = hands.map((h) => {
    const c = {};
    for (const card of h) c[card] = (c[card] || 0) + 1;
    return c;
  });
  const out = [...key].map((letter) => ({ letter, seat: null, wild: false }));
  const take = (s, card) => { if ((left[s][card] || 0) > 0) { left[s][card] -= 1; return true; } return false; };
  for (const [i, p] of Object.entries(pinned)) {
    const k = Number(i);
    if (k < out.length && take(p.seat, p.wild ? WILD : out[k].letter)) out[k] = { letter: out[k].letter, seat: p.seat, wild: p.wild };
  }
  // The letters a MARABOUTAGE makes the player take from their casters, first.
  const imposed = [];
  for (const [caster, card] of taken) {
    if (card === WILD) { imposed.push(caster); continue; }
    const i = out.findIndex((slot) => slot.seat === null && slot.letter === card);
    if (i >= 0 && take(caster, card)) out[i] = { letter: card, seat: caster, wild: false };
  }
  for (const [givers, wild] of [[[seat], false], [order, false], [[...imposed, seat, ...order], true]]) {
    out.forEach((slot, i) => {
      if (slot.seat !== null) return;
      const giver = givers.find((s) => take(s, wild ? WILD : slot.letter));
      if (giver !== undefined) out[i] = { letter: slot.letter, seat: giver, wild };
    });
  }
  // A designated CONFUSION still unplayed stands in for a letter taken from another player,
  // else for one of his own letters if he keeps another.
  for (const caster of imposed) {
    if (!(left[caster][WILD] > 0)) continue;
    let i = -1;
    out.forEach((slot, k) => { if (slot.seat !== null && slot.seat !== seat && !slot.wild && !taken.some(([c, card]) => c === slot.seat && card === slot.letter)) i = k; });
    const own = out.map((slot, k) => (slot.seat === seat && !slot.wild ? k : -1)).filter((k) => k >= 0);
    if (i < 0 && own.length > 1) i = own[own.length - 1];
    if (i >= 0) { left[caster][WILD] -= 1; out[i] = { letter: out[i].letter, seat: caster, wild: true }; }
  }
  return out;
}

/** What a public event says after its player's name (the log, the replay): `type` and its
 * data as in the view's `history` or the events. */
export function historyText(type, d, seatName) {
  const card = (c) => (c === WILD ? "la CONFUSION" : `le ${c}`);
  switch (type) {
    case "pass": return "passe (aucun mot possible)";
    case "first_player": return "commence la partie";
    case "wayampou_result": return "a la définition la plus crédible de WAYAMPOU : il commence";
    case "confusion_returned": return "a déjà une CONFUSION : la seconde retourne dans la boîte";
    case "spell_void": return `: son ${SPELL_NAMES[d.spell] || d.spell} reste sans effet`;
    case "marabout_void": return `: le MARABOUTAGE sur ${card(d.card)} reste sans effet (aucun mot possible)`;
    case "draw": return d.spells > 1 ? `tire ${d.spells} sortilèges` : "tire un sortilège";
    case "spell": return d.seat === d.target ? `garde ${SPELL_NAMES[d.spell] || d.spell}` : `donne ${SPELL_NAMES[d.spell] || d.spell} à ${seatName(d.target)}`;
    case "generosity": return `GÉNÉROSITÉ : donne ${seeds(d.amount)} à chaque adversaire`;
    case "calm": return d.method === "shout" ? "crie « pas de panique ! »" : "paie 5 graines au pot";
    case "exchange": return d.target === null || d.target === undefined ? "renonce à son ÉCHANGE" : `échange son ${d.give} contre ${card(d.take)} de ${seatName(d.target)}`;
    case "marabout": return d.owner === d.seat ? `impose ${card(d.card)} de son jeu à ${seatName(d.target)}` : `maraboute ${card(d.card)} de ${seatName(d.target)}`;
    case "returned": return `remet ${d.card} au grenier`;
    default: return "";
  }
}

/** "2 à Alice, 1 à Bruno" from a payments map {seat: seeds}. */
export function paymentsText(payments, seatName) {
  return Object.entries(payments || {}).filter(([, n]) => n)
    .map(([s, n]) => `${n} à ${seatName(Number(s))}`).join(", ");
}

/** The chips of a word's seeds: collected, bonus, paid to each opponent, net. */
export function outcomeChips(p, seatName) {
  const chips = [];
  chips.push(el("span", { class: ["aw-chip", p.collected >= 0 ? "gain" : "loss"], text: `récolte ${signed(p.collected)}` }));
  if (p.bonus) chips.push(el("span", { class: "aw-chip gain", text: `bonus ${signed(p.bonus)}` }));
  for (const [s, n] of Object.entries(p.payments || {})) {
    if (n) chips.push(el("span", { class: `aw-chip pay seat-${Number(s) % 4}`, text: `${signed(-n)} pour ${seatName(Number(s))}` }));
  }
  for (const [s, n] of Object.entries(p.pot_gains || {})) {
    if (n) chips.push(el("span", { class: `aw-chip gain seat-${Number(s) % 4}`, text: `${signed(n)} du pot pour ${seatName(Number(s))}` }));
  }
  chips.push(el("span", { class: ["aw-chip", "net", p.net > 0 ? "gain" : p.net < 0 ? "loss" : ""], text: `bilan ${signed(p.net)}` }));
  return chips;
}

/** The word's letters as small tiles coloured by the seat that gave each one. */
export function wordTiles(key, sources, wild, values, { extraClass = "" } = {}) {
  return el("span", { class: ["aw-word-tiles", extraClass], "aria-label": key },
    [...key].map((letter, i) => {
      const w = (wild || []).includes(i);
      return el("span", {
        class: ["aw-mini", `seat-${(sources[i] ?? 0) % 4}`, w ? "wild" : ""],
        title: w ? `CONFUSION pour ${letter}` : undefined, "aria-hidden": "true",
      }, el("span", { text: letter }), w ? el("span", { class: "aw-mini-q", text: "?" }) : null);
    }));
}

/** What a debt list says: "doit 3 à Alice, 5 au pot". */
export function debtsText(debts, seatName) {
  return (debts || []).map(([creditor, n]) => `${n} ${creditor === -1 ? "au pot" : `à ${seatName(creditor)}`}`).join(", ");
}

/**
 * One player's place at the table: name, sack and debts, the hand face up (`cards`: the nodes
 * the caller built, clickable or not), held spells and MARABOUTAGE designations.
 */
export function zoneNode(g, s, { seat, name, me = false, active = false, flag = null, cards, seatName, you = seatName }) {
  const debts = (g.debts || [])[s] || [];
  const owed = debts.reduce((a, [, n]) => a + n, 0);
  const held = (g.held || [])[s] || [];
  const desig = (g.designations || [])[s] || [];
  return el("div", {
    class: ["aw-zone", `seat-${s % SEAT_COLOURS}`, me ? "me" : "", active ? "active" : ""],
    dataset: { seat: String(s) }, "aria-label": `Jeu de ${me ? "vous" : name}`,
  },
  el("div", { class: "aw-zone-head" },
    avatarNode(seat, name),
    el("span", { class: "aw-zone-name" },
      el("span", { class: "name-text", text: me ? `${name} (vous)` : name }),
      seat && seat.kind === "bot" ? el("span", { class: "tag", text: levelLabel(seat.level) }) : null),
    flag ? el("span", { class: "turn-flag", text: flag }) : null,
    el("span", { class: "player-clock", dataset: { clockSeat: String(s) } }),
    el("span", { class: "aw-sack", title: "Graines dans le sac", "aria-label": `${seeds(g.sacks[s])} dans le sac` },
      el("span", { class: "aw-seed", "aria-hidden": "true" }), el("span", { text: String(g.sacks[s]) })),
    owed ? el("span", { class: "aw-debt", title: `Dettes : ${debtsText(debts, seatName)}`, text: `dette ${owed}` }) : null),
  el("div", { class: "aw-hand", role: "group", "aria-label": `Cartes de ${me ? "votre jeu" : name}` },
    cards.length ? cards : el("span", { class: "aw-empty", text: "plus de carte" })),
  held.length || desig.length ? el("div", { class: "aw-zone-foot" },
    held.map((sp) => spellNode(sp, "small")),
    desig.map(([caster, card]) => el("span", { class: `aw-desig seat-${caster % SEAT_COLOURS}`, title: `MARABOUTAGE de ${seatName(caster)}` },
      icon("flag"), el("span", { text: designationText(g, caster, card, you) })))) : null);
}

/** The middle of the table: the grenier, the spell box, the pot, the last word and what it
 * paid, the last spell revealed. */
export function centreNode(g, { seatName, you = seatName, lastSpell = null }) {
  const values = g.values || {};
  const last = (g.played || [])[(g.played || []).length - 1];
  return el("div", { class: "aw-centre" },
    el("div", { class: "aw-piles" },
      el("div", { class: "aw-pile", title: "Le grenier à lettres (face cachée)" },
        backNode("grenier", String(g.grenier)),
        el("span", { class: "aw-pile-label" }, el("strong", { text: "Grenier" }), el("span", { text: `${plural(g.grenier, "carte")}, dont ${plural(g.spell_draws_left, "sortilège")}` }))),
      el("div", { class: "aw-pile", title: "La boîte à gri-gri : les sortilèges (face cachée)" },
        backNode("box", String(g.box)),
        el("span", { class: "aw-pile-label" }, el("strong", { text: "Boîte à gri-gri" }), el("span", { text: plural(g.box, "sortilège") }))),
      el("div", { class: "aw-pile", title: "Le pot commun est inépuisable" },
        el("span", { class: "aw-pot", "aria-hidden": "true" }, el("span", { class: "aw-seed" }), el("span", { class: "aw-seed" }), el("span", { class: "aw-seed" })),
        el("span", { class: "aw-pile-label" }, el("strong", { text: "Pot commun" }), el("span", { text: "inépuisable" })))),
    el("div", { class: "aw-last", "aria-live": "polite" },
      last ? [
        el("span", { class: "aw-last-title" }, el("span", { text: "Dernier mot" }), whoNode(last.seat, seatName(last.seat))),
        el("button", { type: "button", class: "aw-last-word", "aria-label": `${last.key} : voir la définition`, onclick: () => wordPopup(last.key, "awalettres") },
          wordTiles(last.key, last.sources, last.wild, values, { extraClass: "big" })),
        el("span", { class: "aw-outcome" }, outcomeChips(last, you)),
      ] : el("span", { class: "aw-last-title muted", text: "Aucun mot posé pour l’instant." }),
      lastSpell ? el("span", { class: "aw-last-spell" }, spellNode(lastSpell.spell, "small"),
        el("span", { text: lastSpell.seat === lastSpell.target ? `gardé par ${you(lastSpell.target)}` : `donné par ${you(lastSpell.seat)} à ${you(lastSpell.target)}` })) : null));
}

export { plural, signed };
