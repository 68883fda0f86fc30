// Volapük's pieces, shared by the table screen (volapuk.js) and the replay (volapukreplay.js):
// dice faces in the colours of their bags, the round board (a 15×15 grid clipped to a disc),
// the eight reading directions, and the French sentences of the log.

import { el, plural, signed } from "./ui.js";

export const ROWS = "ABCDEFGHIJKLMNO";
export const BAG_NAMES = { bleu: "bleu", blanc: "blanc", rose: "rose", orange: "orange", jaune: "jaune", vert: "vert", super: "super joker" };
export const COLOURS = ["bleu", "blanc", "rose", "orange", "jaune"];

// Sign faces as the engine writes them (dice.py), and how a person reads them.
const SIGNS = { "'": "’", "-": "-", ".": ".", _: "␣", "^": "^", "¨": "¨", "?": "?", "*": "✦" };
const SIGN_NAMES = {
  "'": "apostrophe", "-": "trait d’union", ".": "point", _: "case espace", "^": "accent circonflexe",
  "¨": "tréma", "?": "joker", "*": "super joker",
};
export const JOKERS = new Set(["?", "*"]);
/** What an accent sign die makes of the plain letter it is set on (the engine's SIGN_ACCENTS). */
export const SIGN_ACCENTS = {
  "^": { A: "Â", E: "Ê", I: "Î", O: "Ô", U: "Û" },
  "¨": { E: "Ë", I: "Ï", U: "Ü" },
};

/** The eight directions: [name, row step, column step, arrow, French label]. Forward readings
 * first (left to right, top to bottom), then the reversed ones (the seed's "lecture inversée"). */
export const DIRECTIONS = [
  ["E", 0, 1, "→", "horizontal"], ["S", 1, 0, "↓", "vertical"],
  ["SE", 1, 1, "↘", "diagonale descendante"], ["NE", -1, 1, "↗", "diagonale montante"],
  ["O", 0, -1, "←", "horizontal inversé"], ["N", -1, 0, "↑", "vertical inversé"],
  ["NO", -1, -1, "↖", "diagonale montante inversée"], ["SO", 1, -1, "↙", "diagonale descendante inversée"],
];
export const DIR = Object.fromEntries(DIRECTIONS.map(([d, dr, dc, arrow, label]) => [d, { dr, dc, arrow, label }]));

export const cellName = (r, c) => `${ROWS[r]}${c + 1}`;
export const key = (r, c) => `${r},${c}`;

/** Whether a cell lies on the disc (its centre within `radius` cells of the board's centre). */
export function onDisc(geometry, r, c) {
  const size = geometry.size || 15;
  const centre = (size - 1) / 2;
  const radius = geometry.radius || 7.5;
  return r >= 0 && c >= 0 && r < size && c < size && (r - centre) ** 2 + (c - centre) ** 2 <= radius ** 2;
}

/** What a die writes: a joker's letter, an announced accent, a sign, or its letters. */
export function faceText(face, letter = "", accent = "") {
  if (accent) return accent;
  if (JOKERS.has(face) && letter) return letter;
  return SIGNS[face] || face;
}

/** A die's spoken name, for screen readers and titles. */
export function faceName(face, letter = "") {
  if (face === null || face === undefined) return "dé pas encore lancé";
  if (JOKERS.has(face)) return letter ? `${SIGN_NAMES[face]} (${letter})` : SIGN_NAMES[face];
  return SIGN_NAMES[face] || face;
}

const fold = (s) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace("Æ", "AE").replace("Œ", "OE");

/** Whether a face starts with the Élue letter (what the player looks for at the trump). */
export function isElue(text, elue) {
  return Boolean(elue && text && fold(text)[0] === elue);
}

/**
 * A die: `colour` ("bleu"… "vert", "super"), `face` (null: not rolled, shown blank),
 * `letter` (a joker's), `accent`. Options: `as` ("span" | "button"), extra classes, props.
 */
export function dieNode({ colour, face, letter = "", accent = "" }, { elue = "", as = "span", extraClass = "", props = {}, badge = null } = {}) {
  const blank = face === null || face === undefined;
  const text = blank ? "" : faceText(face, letter, accent);
  const long = text.length >= 3 ? "len3" : text.length === 2 ? "len2" : "";
  const classes = ["vp-die", `c-${colour || "vert"}`, blank ? "blank" : "", long,
    !blank && JOKERS.has(face) ? "joker" : "", !blank && face in SIGNS && !JOKERS.has(face) ? "sign" : "",
    !blank && isElue(text, elue) ? "elue" : "", extraClass];
  const label = `${blank ? "dé" : faceName(face, letter)} ${BAG_NAMES[colour] || ""}`.trim();
  return el(as, { class: classes, ...(as === "button" ? { type: "button" } : {}), "aria-label": label, title: label, dataset: { face: blank ? "" : face, colour: colour || "" }, ...props },
    el("span", { class: "vp-face", text: blank ? "" : text }),
    badge ? el("span", { class: "vp-badge", text: badge }) : null,
    !blank && JOKERS.has(face) && letter ? el("span", { class: "vp-badge joker-badge", text: face === "*" ? "✦" : "J" }) : null);
}

/** The colour a board tile shows (the engine gives the die id: "bleu", "vert07", "super"). */
export const tileColour = (die) => (String(die).startsWith("vert") ? "vert" : die);

/**
 * The round board. `cells(r, c)` may return {node, className, props} to put in a cell (used by
 * the table for planned dice and clicks). Returns the root node.
 */
export function boardNode(g, { tiles = null, last = new Set(), cell = () => ({}), label = "Le plateau rond" } = {}) {
  const geometry = g.geometry || { size: 15, radius: 7.5 };
  const size = geometry.size || 15;
  const byCell = new Map((tiles || g.board || []).map((t) => [key(t.cell[0], t.cell[1]), t]));
  const grid = el("div", { class: "vp-grid", role: "grid", "aria-label": label, style: { "--n": String(size) } });
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (!onDisc(geometry, r, c)) { grid.append(el("span", { class: "vp-cell off", "aria-hidden": "true" })); continue; }
      const t = byCell.get(key(r, c));
      const extra = cell(r, c, t) || {};
      const name = cellName(r, c);
      const content = t && !extra.node ? dieNode({ colour: tileColour(t.die), face: t.face, letter: t.letter, accent: t.accent }, { elue: g.elue, extraClass: last.has(key(r, c)) ? "last" : "" }) : extra.node || null;
      grid.append(el(extra.as || "span", {
        class: ["vp-cell", t ? "taken" : "", r === (size - 1) / 2 && c === (size - 1) / 2 ? "centre" : "", extra.className || ""],
        role: "gridcell", "aria-label": `${name}${t ? ` : ${faceText(t.face, t.letter, t.accent)}` : ""}`, dataset: { cell: name },
        ...(extra.props || {}),
      }, content, extra.overlay || null));
    }
  }
  const rowsLabels = el("div", { class: "vp-rows", "aria-hidden": "true" }, ROWS.slice(0, size).split("").map((l) => el("span", { text: l })));
  const colsLabels = el("div", { class: "vp-cols", "aria-hidden": "true" }, Array.from({ length: size }, (_, i) => el("span", { text: String(i + 1) })));
  return el("div", { class: "vp-board" }, colsLabels, el("div", { class: "vp-board-body" }, rowsLabels, el("div", { class: "vp-disc" }, grid)));
}

/** The cells of the last word played (to outline them), from the view's `played`. */
export function lastCells(g) {
  const moves = (g.played || []).filter((x) => x.type !== "announced");
  const p = moves[moves.length - 1];
  if (!p || p.type !== "word") return new Set();
  return new Set((p.placed || []).map((t) => key(t.cell[0], t.cell[1])));
}

export const END_REASONS = {
  dice_out: "Plus aucun dé à tirer : la dernière manche est jouée.",
  blocked: "Tous les joueurs ont passé leur tour à la suite.",
};

/** The extras of a move's score, in words ("diagonale +10", "VOLAPÜK +50"...). */
export function scoreParts(p) {
  const parts = [];
  for (const w of p.words || []) {
    const bits = [];
    if (w.elue) bits.push("lettre Élue ×3");
    if (w.extension) bits.push("prolongé");
    if (w.diagonal) bits.push(`diagonale +${w.diagonal}`);
    if (w.reversed) bits.push(`inversé +${w.reversed}`);
    if (w.space) bits.push(`case espace +${w.space}`);
    if (w.force > 1) bits.push(`super joker ×${w.force}`);
    if (w.malus) bits.push(`malus ${signed(w.malus)}`);
    parts.push({ text: w.text, total: w.total, collateral: w.collateral, detail: bits.join(", ") });
  }
  return parts;
}

/** Chips for a move's outcome: each word and its points, penalties, bonuses, the total. */
export function outcomeChips(p) {
  const chips = scoreParts(p).map((w) => el("span", { class: ["word-chip", w.collateral ? "flat" : ""], title: w.detail || undefined },
    el("span", { text: w.text.replace(/ /g, "␣") }), el("span", { class: "pts", text: signed(w.total) })));
  for (const m of p.meaningless || []) chips.push(el("span", { class: "vp-chip bad", text: `${m.text} ne veut rien dire −10` }));
  if (p.volapuk) chips.push(el("span", { class: "bonus-chip", text: `VOLAPÜK +${p.volapuk}` }));
  if (p.recomposed) chips.push(el("span", { class: "bonus-chip", text: `recomposition +${p.recomposed}` }));
  return chips;
}

/** A played entry of the log, as a sentence ("pose ARC en H3 →"). */
export function playedText(p) {
  if (p.type === "pass") return "passe son tour";
  const main = (p.words || [])[0];
  if (!main) return "pose des dés";
  const dir = DIR[main.direction];
  return `pose ${main.text.replace(/ /g, "␣")} en ${main.start} ${dir ? dir.arrow : ""}`.trim();
}

export const dice = (n) => plural(n, "dé");
