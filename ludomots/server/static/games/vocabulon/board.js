// Vocabulon drawing helpers shared by the table screen (vocabulon.js) and the replay
// (vocareplay.js): the board of three rings as SVG, letter cards, the secret word with its
// letters won, and the French sentences of the public history.
//
// The board follows ludomots/games/vocabulon/board.py: a cell is `ring * 18 + index`, the
// blue ring outside, index 0 = A at the top, clockwise, with a VOCABULON cell after F (6) and
// after VWXYZ (17); the three VOCABULON cells of a column are aligned.

import { el, plural, de } from "../../ui.js";
import { SEAT_COLOURS } from "../../tablekit.js";

const SVG_NS = "http://www.w3.org/2000/svg";

export const GROUPS = ["A", "B", "C", "D", "E", "F", "GH", "IJK", "L", "M", "NO", "PQ", "R", "S", "TU", "VWXYZ"];
export const VOCABULON = "VOCABULON";
export const LABELS = [...GROUPS.slice(0, 6), VOCABULON, ...GROUPS.slice(6), VOCABULON];
export const RING_SIZE = 18;
export const RINGS = ["bleu", "jaune", "rouge"];
const GROUP_OF = Object.fromEntries(GROUPS.flatMap((g) => [...g].map((l) => [l, g])));

export const ringOf = (c) => Math.floor(c / RING_SIZE);
export const indexOf = (c) => c % RING_SIZE;
export const labelOf = (c) => LABELS[indexOf(c)];
export const isVocabulon = (c) => labelOf(c) === VOCABULON;

/** "D (anneau bleu)", "VOCABULON après F (anneau rouge)": as the engine names cells. */
export function cellName(c) {
  let label = labelOf(c);
  if (label === VOCABULON) label = `VOCABULON après ${indexOf(c) === 6 ? "F" : "VWXYZ"}`;
  return `${label} (anneau ${RINGS[ringOf(c)]})`;
}

/** Upper-case letters without accents (the engine's fold for the 26 letters). */
export function foldWord(word) {
  return String(word || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/Œ/gi, "OE").replace(/Æ/gi, "AE").toUpperCase();
}

/** Each letter of a secret word with its group and whether a held card covers it (a
 * multi-letter card counts for any one of its letters; repeated letters need as many). */
export function coverage(secret, held) {
  const left = {};
  for (const g of held || []) left[g] = (left[g] || 0) + 1;
  return [...foldWord(secret)].map((letter) => {
    const group = GROUP_OF[letter] || null;
    const won = Boolean(group && left[group] > 0);
    if (won) left[group] -= 1;
    return { letter, group, won };
  });
}

/** A letter card (a group: "GH"), as a span or a button. */
export function letterCard(group, { as = "span", extraClass = "", props = {}, count = null } = {}) {
  return el(as, { class: ["vc-card", group.length > 2 ? "long" : "", extraClass], dataset: { group }, ...(as === "button" ? { type: "button" } : {}), ...props },
    el("span", { class: "vc-card-letters", text: group }),
    count !== null ? el("span", { class: "vc-card-count", text: `×${count}` }) : null);
}

/** The secret word as tiles: won letters filled, missing ones pale. */
export function secretTiles(secret, held, { extraClass = "" } = {}) {
  const cover = coverage(secret, held);
  const won = cover.filter((c) => c.won).length;
  return el("span", { class: ["vc-secret", extraClass], "aria-label": `${foldWord(secret)} : ${won} lettre${won > 1 ? "s" : ""} sur ${cover.length}` },
    cover.map((c) => el("span", { class: ["vc-letter", c.won ? "won" : "missing"], title: c.won ? `${c.letter} : carte ${c.group} gagnée` : `${c.letter} : carte ${c.group} à gagner`, text: c.letter })));
}

/** A path of cells told in French: "3 cases dans le sens horaire, puis anneau jaune, …". */
export function describePath(path) {
  const parts = [];
  let run = null;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1];
    const b = path[i];
    if (ringOf(a) !== ringOf(b)) {
      run = null;
      parts.push({ hop: RINGS[ringOf(b)] });
      continue;
    }
    const dir = (indexOf(a) + 1) % RING_SIZE === indexOf(b) ? "horaire" : "inverse";
    if (run && run.dir === dir) run.n += 1;
    else { run = { dir, n: 1 }; parts.push(run); }
  }
  return parts.map((p) => (p.hop ? `passage sur l’anneau ${p.hop}` : `${plural(p.n, "case")} ${p.dir === "horaire" ? "dans le sens horaire" : "dans le sens inverse"}`)).join(", puis ");
}

/** The path of a reachable cell ({cell, paths}) that leaves in direction `dir`, else its first. */
export function pathTowards(reach, dir) {
  return (dir && reach.paths.find((p) => pathDirection(p) === dir)) || reach.paths[0];
}

/** Which way a path leaves: "horaire", "inverse" or the ring it hops to first. */
export function pathDirection(path) {
  if (path.length < 2) return "";
  const [a, b] = path;
  if (ringOf(a) !== ringOf(b)) return `anneau ${RINGS[ringOf(b)]}`;
  return (indexOf(a) + 1) % RING_SIZE === indexOf(b) ? "horaire" : "inverse";
}

// ---- the board ------------------------------------------------------------------------

const RADII = [[97, 75], [73, 51], [49, 27]]; // outer, inner radius of each ring
const FONT = [7.2, 5.8, 4.4];
const STEP = 360 / RING_SIZE;

function polar(r, deg) {
  const a = (deg * Math.PI) / 180;
  return [r * Math.sin(a), -r * Math.cos(a)];
}

const fmt = (n) => n.toFixed(2);

/** The centre of a cell (where paths pass); `shift` moves it outwards (pawns stand a little
 * outside the middle, labels a little inside, so that a pawn never hides its cell's letters). */
export function cellCentre(c, shift = 0) {
  const [outer, inner] = RADII[ringOf(c)];
  return polar((outer + inner) / 2 + shift, indexOf(c) * STEP);
}

function sectorPath(c) {
  const [outer, inner] = RADII[ringOf(c)];
  const a0 = indexOf(c) * STEP - STEP / 2 + 0.6;
  const a1 = indexOf(c) * STEP + STEP / 2 - 0.6;
  const [x0, y0] = polar(outer, a0);
  const [x1, y1] = polar(outer, a1);
  const [x2, y2] = polar(inner, a1);
  const [x3, y3] = polar(inner, a0);
  return `M${fmt(x0)} ${fmt(y0)}A${outer} ${outer} 0 0 1 ${fmt(x1)} ${fmt(y1)}L${fmt(x2)} ${fmt(y2)}A${inner} ${inner} 0 0 0 ${fmt(x3)} ${fmt(y3)}Z`;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else if (k === "class") node.setAttribute("class", Array.isArray(v) ? v.filter(Boolean).join(" ") : v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, String(v));
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

/**
 * The board as an SVG element.
 * @param {object} o
 * @param {number[]} o.positions pawn cell of each seat
 * @param {(i:number)=>string} o.seatName
 * @param {number[]} [o.reachable] cells the pawn may reach (highlighted, clickable)
 * @param {number|null} [o.selected] the chosen destination
 * @param {number[]} [o.path] the path drawn to the chosen destination
 * @param {string[]} [o.need] groups the viewer's secret word still needs (marked)
 * @param {number|null} [o.face] the die of this turn, shown in the middle
 * @param {number|null} [o.active] seat whose pawn is playing
 * @param {(cell:number)=>void} [o.onCell] click on a reachable cell
 */
export function drawBoard({ positions = [], seatName, reachable = [], selected = null, path = [], need = [], face = null, active = null, onCell = null }) {
  const reach = new Set(reachable);
  const needed = new Set(need);
  const cells = [];
  for (let c = 0; c < RINGS.length * RING_SIZE; c++) {
    const label = labelOf(c);
    const voc = label === VOCABULON;
    const can = reach.has(c) && onCell;
    const [tx, ty] = cellCentre(c, voc ? 0 : -3.5);
    const rot = indexOf(c) * STEP;
    // Labels read upright: those on the lower half are turned half a turn.
    const upright = rot > 90 && rot < 270 ? rot + 180 : rot;
    const size = FONT[ringOf(c)] * (label.length >= 5 ? 0.62 : label.length === 3 ? 0.8 : 1);
    const text = voc ? "★" : label;
    const classes = ["vc-cell", `ring-${ringOf(c)}`, voc ? "voc" : `alt-${indexOf(c) % 2}`,
      reach.has(c) ? "reach" : "", selected === c ? "selected" : "", !voc && needed.has(label) ? "need" : ""];
    const g = svg("g", {
      class: classes, "data-cell": c, "data-label": label,
      role: can ? "button" : null, tabindex: can ? "0" : null,
      "aria-label": can ? `Aller en ${cellName(c)}` : null,
      onclick: can ? () => onCell(c) : null,
      onkeydown: can ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onCell(c); } } : null,
    },
    svg("title", { text: cellName(c) }),
    svg("path", { d: sectorPath(c), class: "vc-sector" }),
    svg("text", { x: fmt(tx), y: fmt(ty), class: "vc-label", "font-size": fmt(voc ? FONT[ringOf(c)] * 1.2 : size), transform: `rotate(${fmt(upright)} ${fmt(tx)} ${fmt(ty)})` }, text));
    cells.push(g);
  }
  // The path to the chosen cell, then the pawns on top.
  const trail = path.length > 1 ? svg("polyline", { class: "vc-path", points: path.map((c) => cellCentre(c).map(fmt).join(",")).join(" ") }) : null;
  const bySeat = {};
  positions.forEach((c, s) => { (bySeat[c] = bySeat[c] || []).push(s); });
  const pawns = [];
  for (const [cell, seats] of Object.entries(bySeat)) {
    seats.forEach((s, k) => {
      // Several pawns on one cell (the start) stand side by side along the ring.
      const spread = seats.length > 1 ? (k - (seats.length - 1) / 2) * 5.4 : 0;
      const [mx, my] = cellCentre(Number(cell), 5.5);
      const a = (indexOf(Number(cell)) * STEP * Math.PI) / 180;
      const x = mx + spread * Math.cos(a);
      const y = my + spread * Math.sin(a);
      pawns.push(svg("g", { class: ["vc-pawn", `seat-${s % SEAT_COLOURS}`, active === s ? "active" : ""], "data-seat": s, transform: `translate(${fmt(x)} ${fmt(y)})` },
        svg("title", { text: `Pion ${de(seatName(s))} : ${cellName(Number(cell))}` }),
        svg("circle", { r: "4.6", class: "vc-pawn-body" }),
        svg("text", { class: "vc-pawn-num", "font-size": "5", y: "0.2" }, String(s + 1))));
    });
  }
  const centre = svg("g", { class: "vc-centre" },
    svg("circle", { r: "25", class: "vc-hub" }),
    face !== null && face !== undefined
      ? svg("g", { class: "vc-die", "aria-label": `Dé : ${face}` },
        svg("rect", { x: "-10", y: "-10", width: "20", height: "20", rx: "4" }),
        svg("text", { class: "vc-die-face", "font-size": "13", y: "0.5" }, String(face)))
      : svg("text", { class: "vc-hub-title", "font-size": "5.2", y: "0.5" }, "VOCABULON"));
  return svg("svg", { viewBox: "-100 -100 200 200", class: "vc-board-svg", role: "img", "aria-label": "Le plateau : trois anneaux de cases-lettre" },
    cells, trail, centre, pawns);
}

// ---- the history in French -------------------------------------------------------------

const CLASS_ARTICLE = { "n.m.": "un nom masculin", "n.f.": "un nom féminin", "adj.": "un adjectif", "adv.": "un adverbe", "v.": "un verbe", "v.pr.": "un verbe pronominal" };

/** "un nom masculin de 5 lettres commençant par D". */
export function questionText(q) {
  return `${CLASS_ARTICLE[q.class] || q.class_title} de ${q.length} lettres commençant par ${q.initial}`;
}

/** One sentence per public history entry; `name(seat)` names players ("vous" for oneself).
 * An entry the clock made (`timeout`, issue 19) starts with « X : temps écoulé ». */
export function historyText(e, name) {
  if (!e.timeout) return entryText(e, name);
  const who = name(e.seat ?? e.from ?? e.to);
  if (e.type === "answer" && !e.word) return `${who} : temps écoulé, sans réponse.`;
  return `${who} : temps écoulé. ${entryText(e, name)}`;
}

function entryText(e, name) {
  switch (e.type) {
    case "secret_ready": return `${name(e.seat)} a écrit son mot secret.`;
    case "first_player": {
      const last = (e.throws || [])[e.throws.length - 1] || {};
      const faces = Object.entries(last).map(([s, f]) => `${name(Number(s))} ${f}`).join(", ");
      return `Lancer pour commencer (${faces}) : ${name(e.seat)} commence.`;
    }
    case "throw": return `${name(e.seat)} lance le dé : ${e.face}${e.steps !== e.length ? ` (${plural(e.steps, "case")}, mot de ${e.length} lettres)` : ""}.`;
    case "blocked": return `${name(e.seat)} ne peut aller nulle part avec ${e.face} : le tour passe.`;
    case "move": return `${name(e.seat)} va en ${cellName(e.cell)}.`;
    case "no_card": return `Plus de carte-lettre ${e.group} dans le sabot : le tour passe.`;
    case "riddle": return `${e.via === "vocabulon" ? `Case VOCABULON : ${name(e.seat)} choisit la carte ${e.group}. ` : ""}${name(e.reader)} lit l’énigme : ${questionText(e.question)}, « ${e.question.definition} »${e.clue ? ` (indice : ${e.clue.name} ${e.clue.letter})` : ""}.`;
    case "answer": return e.word ? `${name(e.seat)} répond « ${e.word} » : ${e.correct ? "c’est juste !" : "non."}` : `${name(e.seat)} ne sait pas.`;
    case "solution":
      if (e.winner !== null && e.winner !== undefined) return `${name(e.winner)} gagne la carte-lettre ${e.group} (« ${e.answer} »).`;
      return e.answer ? `Personne n’a trouvé : c’était « ${e.answer} ».` : "Personne n’a trouvé.";
    case "propose": return `${name(e.from)} propose à ${name(e.to)} d’échanger sa carte ${e.give} contre sa carte ${e.take}.`;
    case "exchange": return `${name(e.to)} ${e.accepted ? "accepte" : "refuse"} l’échange (${e.give} contre ${e.take}).`;
    case "secret_changed": return `${name(e.seat)} ne peut plus compléter « ${e.old} » et prend un nouveau mot secret, connu de tous : « ${e.new} ».`;
    case "change_request": return `${name(e.seat)} ne peut plus gagner de carte ${(e.groups || []).join(", ")} dans le sabot et veut changer de mot secret : qui veut lui échanger cette lettre ?`;
    case "offer": return e.give ? `${name(e.seat)} propose à ${name(e.to)} sa carte ${e.give} contre sa carte ${e.take}.` : `${name(e.seat)} refuse d’échanger sa carte à ${name(e.to)}.`;
    case "game_over": return endText(e, name);
    default: return e.type;
  }
}

/** Why the game ended, from a game_over entry (or the view: winners, over). */
export function endText(e, name) {
  const winners = e.winners || [];
  if (e.reason === "rounds") return "Le nombre de tours est atteint : pas de vainqueur.";
  if (winners.length > 1) return `${winners.map(name).join(" et ")} complètent leur mot en même temps : victoire partagée.`;
  if (winners.length) return `${name(winners[0])} a gagné toutes les lettres de son mot secret.`;
  return "Partie terminée.";
}

/** The answers given so far to the riddle under way, from the history (a log the server
 *  sends once): its "answer" entries with a word since the riddle's own entry. */
export function riddleTries(history) {
  const tries = [];
  for (let i = (history || []).length - 1; i >= 0 && history[i].type !== "riddle"; i -= 1) {
    if (history[i].type === "answer" && history[i].word) tries.unshift(history[i]);
  }
  return tries;
}

/** The seat whose entry it is (for the coloured name in logs). */
export function entrySeat(e) {
  if (e.type === "propose" || e.type === "exchange") return e.type === "propose" ? e.from : e.to;
  if (e.type === "solution") return e.winner ?? null;
  if (e.type === "riddle") return e.seat;
  return e.seat ?? null;
}
