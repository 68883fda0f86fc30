// Volapük's pieces, shared by the table screen (volapuk.js) and the replay (volapukreplay.js):
// dice faces in the colours of their bags, the round board (a 15×15 grid clipped to a disc),
// the eight reading directions, and the French sentences of the log.

import { el, plural, signed } from "../../ui.js";

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
  const moves = (g.played || []).filter((x) => x.type === "word" || x.type === "pass");
  const p = moves[moves.length - 1];
  if (!p || p.type !== "word") return new Set();
  return new Set((p.placed || []).map((t) => key(t.cell[0], t.cell[1])));
}

export const END_REASONS = {
  dice_out: "Le dernier dé est joué, et le dernier tour de table.",
  blocked: "Tous les joueurs ont passé leur tour à la suite.",
};

/**
 * How a word's points are made, in French, each part with its points: its letters (1 each,
 * 3 at the Élue, 1 when it prolongs a word already there), or 5 a letter + 10 written
 * reversed; the diagonal, the space cell, the super joker; a word given back as it stood
 * counts nothing. E.g. "4 lettres × 3 (Élue) = 12 · diagonale +20".
 */
export function wordDetail(w) {
  if (w.restored) return "déjà posé ici avec ces dés : 0";
  const bits = [];
  const count = plural(w.letters, "lettre");
  if (w.reversed && !w.base) bits.push(`à l’envers ${w.letters} × 5 + 10 = ${w.reversed}`);
  else {
    const rate = w.elue && !w.extension ? 3 : 1;
    const value = w.value ?? w.letters;
    const unit = value !== w.letters ? `${count} (valeur ${value})` : count;
    const why = rate === 3 ? " (Élue)" : w.extension ? " (mot prolongé)" : "";
    bits.push(`${unit} × ${rate}${why} = ${w.base}`);
    if (w.reversed) bits.push(`à l’envers +${w.reversed}`);
  }
  if (w.diagonal) bits.push(`diagonale +${w.diagonal}`);
  if (w.space) bits.push(`case espace +${w.space}`);
  if (w.force > 1) bits.push(`super joker ×${w.force}`);
  if (w.malus) bits.push(`malus ${signed(w.malus)}`);
  return bits.join(" · ");
}

/** Each part of a move's score: its words (with `wordDetail`), then its penalties and
 * bonuses: [{ label, detail, points, kind }] ("word", "collateral", "penalty", "bonus"). */
export function scoreLines(p) {
  const lines = (p.words || []).map((w) => ({
    label: w.text.replace(/ /g, "␣"), detail: wordDetail(w), points: w.total,
    kind: w.collateral ? "collateral" : "word",
  }));
  for (const m of p.meaningless || []) lines.push({ label: m.text, detail: "ne veut rien dire", points: -10, kind: "penalty" });
  if (p.recomposed) lines.push({ label: "Recomposition", detail: "bonus", points: p.recomposed, kind: "bonus" });
  if (p.volapuk) lines.push({ label: "VOLAPÜK", detail: p.volapuk === 50 ? "7 dés en un seul mot" : "7 dés sur plusieurs mots", points: p.volapuk, kind: "bonus" });
  if (p.accents) lines.push({ label: "Accents", detail: "des dés posés", points: p.accents, kind: "bonus" });
  return lines;
}

/** The breakdown of a move's score, a line a part (the journal, the replay). */
export function breakdownNode(p) {
  return el("ul", { class: "vp-breakdown", "aria-label": "Détail des points" }, scoreLines(p).map((line) =>
    el("li", { class: ["vp-breakdown-line", line.kind] },
      el("span", { class: "vp-bd-label", text: line.label }),
      line.kind === "collateral" ? el("span", { class: "vp-bd-tag", text: "collatéral" }) : null,
      el("span", { class: "vp-bd-detail", text: line.detail }),
      el("span", { class: "vp-bd-points", text: signed(line.points) }))));
}

/** The extras of a move's score, in words, for the chips' titles. */
export function scoreParts(p) {
  return (p.words || []).map((w) => ({ text: w.text, total: w.total, collateral: w.collateral, detail: wordDetail(w) }));
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
