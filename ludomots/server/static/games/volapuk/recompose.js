// Volapük's table screen, recomposing (moving dice already laid, for 10 points) and the clicks
// and drops on the board's cells and the rack's dice.
// Each function takes the screen object `s` first (panels.js).

import { toast } from "../../ui.js";
import { play as sound } from "../../sound.js";
import { DIRECTIONS, JOKERS, SIGN_ACCENTS, key, dice } from "./dice.js";
import { askJokerLetter } from "./panels.js";

/** The board as the recomposition leaves it: moved dice at their new cells, the rack dice
 * laid; each tile says what it is (`rec`: "moved" with its move's index, or "laid"). */
export function recTiles(s) {
  const { st, tileAt, rack } = s;
  const g = st.game;
  const from = new Set(st.rec.moves.map((m) => key(m[0], m[1])));
  const tiles = (g.board || []).filter((t) => !from.has(key(t.cell[0], t.cell[1])));
  st.rec.moves.forEach((m, k) => {
    const t = tileAt(m[0], m[1]);
    if (t) tiles.push({ ...t, cell: [m[2], m[3]], rec: "moved", move: k });
  });
  for (const x of st.rec.laid) {
    const d = rack()[x.i] || {};
    tiles.push({ cell: [x.r, x.c], face: d.face, die: d.colour, letter: x.letter, accent: "", rec: "laid", i: x.i });
  }
  return tiles;
}

export function toggleRecompose(s) {
  const { canPlace, busy, st, rack, changed } = s;
  if (!canPlace() || busy()) return;
  st.rec = st.rec ? null : { moves: [], laid: [], pick: null };
  st.word = [];
  st.swap = null;
  st.start = null;
  if (st.rec) toast(`Recomposition : cliquez un dé du plateau puis la case où il va${rack().length ? " ; ou un dé de votre réglette puis une case" : ""}.`, { kind: "info", duration: 5000 });
  changed();
}

/** A click on a cell while recomposing. */
export async function recCellClicked(s, r, c, t) {
  const { canPlace, busy, st, changed, rack } = s;
  if (!canPlace() || busy() || st.asking) return;
  const rec = st.rec;
  if (t && t.rec === "moved") { rec.moves.splice(t.move, 1); rec.pick = null; sound("lift"); changed(); return; }
  if (t && t.rec === "laid") { rec.laid = rec.laid.filter((x) => x.i !== t.i); rec.pick = null; sound("lift"); changed(); return; }
  if (t) {
    rec.pick = rec.pick && rec.pick.r === r && rec.pick.c === c ? null : { r, c };
    changed();
    return;
  }
  if (!rec.pick) { toast("Choisissez d’abord un dé du plateau ou de votre réglette.", { kind: "info" }); return; }
  if (rec.pick.i === undefined) {
    rec.moves.push([rec.pick.r, rec.pick.c, r, c]);
  } else {
    const d = rack()[rec.pick.i];
    let letter = "";
    if (JOKERS.has(d.face)) {
      st.asking = true;
      letter = await askJokerLetter(d.face);
      st.asking = false;
      if (!letter || !canPlace() || !st.rec) return;
    }
    rec.laid.push({ i: rec.pick.i, letter, r, c });
    st.fetish.delete(rec.pick.i);
  }
  rec.pick = null;
  sound("tile");
  changed();
}

export function recDieClicked(s, i) {
  const { st, changed, rack } = s;
  const rec = st.rec;
  if (rec.laid.some((x) => x.i === i)) { rec.laid = rec.laid.filter((x) => x.i !== i); sound("lift"); changed(); return; }
  const d = rack()[i];
  if (!d || d.face === null) return;
  if (SIGN_ACCENTS[d.face]) { toast("Un signe d’accent ne se pose pas dans une recomposition : il se pose sur une lettre dans un mot déposé.", { kind: "info" }); return; }
  rec.pick = rec.pick && rec.pick.i === i ? null : { i };
  changed();
}

export async function toggleDie(s, i) {
  const { canPlace, busy, st, recDieClicked, cancelSwap, changed, myDie, addSign } = s;
  if (!canPlace() || busy()) return;
  if (st.rec) { recDieClicked(i); return; }
  if (st.swap && i === st.swap.i) { cancelSwap(); return; }
  const signed = st.word.find((w) => w.sign === i);
  if (signed) { delete signed.sign; sound("lift"); changed(); return; }
  const at = st.word.findIndex((w) => w.i === i);
  if (at >= 0) { st.word.splice(at, 1); sound("lift"); changed(); return; }
  const d = myDie(i);
  if (!d || d.face === null) return;
  if (SIGN_ACCENTS[d.face]) { addSign(i, d.face); return; }
  let letter = "";
  if (JOKERS.has(d.face)) {
    if (st.asking) return;
    st.asking = true;
    letter = await askJokerLetter(d.face);
    st.asking = false;
    if (!letter || !canPlace()) return;
  }
  st.word.push({ i, letter });
  st.fetish.delete(i);
  sound("tile");
  changed();
}

/** A click on an empty cell: the start cell; again: the next direction; a cell in line with
 * the start: the direction towards it. */
export function cellClicked(s, r, c) {
  const { canPlace, busy, planned, st, changed, towards } = s;
  if (!canPlace() || busy()) return;
  const onWord = planned().cells.find((p) => p.r === r && p.c === c);
  if (onWord) { st.word = st.word.filter((w) => w.i !== onWord.i); sound("lift"); changed(); return; }
  if (st.start && st.start[0] === r && st.start[1] === c) {
    const names = DIRECTIONS.map((d) => d[0]);
    st.dir = names[(names.indexOf(st.dir) + 1) % names.length];
  } else if (st.start && towards(st.start, [r, c])) {
    st.dir = towards(st.start, [r, c]);
  } else {
    st.start = [r, c];
  }
  sound("tile");
  changed();
}

export function towards(s, [r0, c0], [r, c]) {
  const dr = Math.sign(r - r0);
  const dc = Math.sign(c - c0);
  if (r - r0 !== 0 && c - c0 !== 0 && Math.abs(r - r0) !== Math.abs(c - c0)) return null;
  const found = DIRECTIONS.find(([, a, b]) => a === dr && b === dc);
  return found ? found[0] : null;
}

export function dropOn(s, r, c, i) {
  const { canPlace, busy, st, towards, inWord, toggleDie, changed } = s;
  if (!canPlace() || busy()) return;
  if (!st.start || !st.word.length) st.start = [r, c];
  else if (towards(st.start, [r, c])) st.dir = towards(st.start, [r, c]);
  if (!inWord(i)) toggleDie(i); else changed();
}
