// The Topword board: a 10×10 grid (rows A–J, columns 1–10), stacks shown with their top letter,
// a height badge and a 3-D edge that grows with the height. Shared by the table and the replay.

import { el } from "../../ui.js";

export const ROWS = "ABCDEFGHIJ";
export const SIZE = 10;
export const CENTRE = new Set(["E5", "E6", "F5", "F6"]);
export const VOWELS = new Set(["A", "E", "I", "O", "U", "Y"]);
export const BONUS = new Set(["J", "K", "Q", "W", "X", "Y", "Z"]);
// The seed's 100 tiles (Q is the Qu tile).
export const DISTRIBUTION = {
  A: 9, B: 2, C: 2, D: 3, E: 15, F: 2, G: 2, H: 2, I: 8, J: 1, K: 1, L: 5, M: 3, N: 6, O: 6,
  P: 2, Q: 1, R: 6, S: 6, T: 6, U: 6, V: 2, W: 1, X: 1, Y: 1, Z: 1,
};

export function cellName(r, c) {
  return `${ROWS[r]}${c + 1}`;
}

export function parseCell(name) {
  return [ROWS.indexOf(name[0]), Number(name.slice(1)) - 1];
}

/** How a tile is shown: the Qu tile reads "Qu". */
export function tileLabel(t) {
  return t === "Q" ? "Qu" : t;
}

function heightWords(h) {
  return h === 1 ? "une lettre" : `pile de ${h} lettres`;
}

/** A tile element (also used by the rack and the replay). */
export function tileNode(letter, { height = 1, extraClass = "", badge = true } = {}) {
  const h = Math.max(1, Math.min(5, height));
  return el("span", {
    class: ["tile", `h${h}`, letter === "Q" ? "qu" : "", BONUS.has(letter) ? "bonus" : "", extraClass],
    style: { "--h": String(h) },
  },
  el("span", { class: "letter", text: tileLabel(letter) }),
  badge && height > 1 ? el("span", { class: "height", text: String(height) }) : null);
}

/**
 * Build a board. Returns {root, grid, cells, update(state), cellOf(node)}.
 * state: {board, last: Set, placed: Map<cell, letter>, cursor: {r, c, dir} | null,
 *         settle: Set, error: boolean, bubble: {cell, text} | null}
 */
export function createBoard({ label = "Plateau de Topword", interactive = false } = {}) {
  const grid = el("div", { class: ["board", interactive ? "interactive" : ""], role: "grid", "aria-label": label });
  const cells = [];
  grid.append(el("div", { role: "row", class: "board-row header" },
    el("span", { class: "corner", role: "presentation" }),
    Array.from({ length: SIZE }, (_, c) => el("span", { class: "col-label", role: "columnheader", text: String(c + 1) }))));
  for (let r = 0; r < SIZE; r++) {
    const row = [];
    const rowEl = el("div", { role: "row", class: "board-row" },
      el("span", { class: "row-label", role: "rowheader", text: ROWS[r] }));
    for (let c = 0; c < SIZE; c++) {
      const name = cellName(r, c);
      const cell = el("div", {
        class: ["cell", CENTRE.has(name) ? "centre" : ""], role: "gridcell",
        dataset: { cell: name, r: String(r), c: String(c) },
        tabindex: interactive ? "-1" : undefined,
      });
      row.push(cell);
      rowEl.append(cell);
    }
    cells.push(row);
    grid.append(rowEl);
  }
  const root = el("div", { class: "board-frame" }, grid);
  let focusCell = [4, 4];
  if (interactive) cells[4][4].tabIndex = 0;

  function update({ board, last = new Set(), placed = new Map(), cursor = null, settle = new Set(),
    error = false, bubble = null } = {}) {
    for (let r = 0; r < SIZE; r++) {
      for (let c = 0; c < SIZE; c++) {
        const name = cellName(r, c);
        const cell = cells[r][c];
        const stack = (board && board[r] && board[r][c]) || [];
        const h = stack.length;
        const top = h ? stack[h - 1] : null;
        const tentative = placed.get(name);
        const classes = ["cell"];
        if (CENTRE.has(name)) classes.push("centre");
        if (h) classes.push("filled");
        if (last.has(name)) classes.push("last");
        if (tentative) classes.push("tentative", error ? "invalid" : "");
        if (cursor && cursor.r === r && cursor.c === c) classes.push("cursor", cursor.dir === "v" ? "dir-v" : "dir-h");
        cell.className = classes.filter(Boolean).join(" ");
        // Children are replaced only when what they show changes: a click whose target
        // vanished between mousedown and mouseup would never fire.
        const signature = `${stack.join("")}|${tentative || ""}|${settle.has(name) ? 1 : 0}`;
        if (cell.dataset.sig !== signature) {
          cell.dataset.sig = signature;
          const kids = [];
          if (tentative) {
            kids.push(tileNode(tentative, { height: h + 1, extraClass: "tentative-tile" }));
          } else if (top) {
            kids.push(tileNode(top, { height: h, extraClass: settle.has(name) ? "settle" : "" }));
          } else if (CENTRE.has(name)) {
            kids.push(el("span", { class: "centre-mark", "aria-hidden": "true" }));
          }
          cell.replaceChildren(...kids);
        }
        // The score bubble comes and goes without touching the tile under it.
        const oldBubble = cell.querySelector(".score-bubble");
        const bubbleText = bubble && bubble.cell === name ? bubble.text : null;
        if (oldBubble && (bubbleText === null || oldBubble.textContent !== bubbleText
          || oldBubble.classList.contains("error") !== Boolean(bubble.error))) {
          oldBubble.remove();
        }
        if (bubbleText !== null && !cell.querySelector(".score-bubble")) {
          cell.append(el("span", { class: ["score-bubble", bubble.error ? "error" : ""], "aria-hidden": "true", text: bubbleText }));
        }
        describe(cell, name, h, top, tentative, last, cursor, r, c);
      }
    }
    if (interactive && cursor) setFocusCell(cursor.r, cursor.c);
  }

  function describe(cell, name, h, top, tentative, last, cursor, r, c) {
    let desc;
    if (tentative) {
      desc = top ? `${tileLabel(tentative)} posé provisoirement sur ${tileLabel(top)}, pile de ${h + 1} lettres`
        : `${tileLabel(tentative)} posé provisoirement`;
    } else if (top) {
      desc = `${tileLabel(top)}, ${heightWords(h)}`;
    } else {
      desc = "vide";
    }
    const extra = [CENTRE.has(name) ? "case centrale" : "", last.has(name) ? "dernier coup" : ""]
      .filter(Boolean).join(", ");
    cell.setAttribute("aria-label", `${name} : ${desc}${extra ? ` (${extra})` : ""}`);
    if (cursor && cursor.r === r && cursor.c === c) {
      cell.setAttribute("aria-description", cursor.dir === "v" ? "saisie vers le bas" : "saisie vers la droite");
    } else {
      cell.removeAttribute("aria-description");
    }
  }


  function setFocusCell(r, c) {
    const [fr, fc] = focusCell;
    if (fr === r && fc === c) return;
    cells[fr][fc].tabIndex = -1;
    cells[r][c].tabIndex = 0;
    focusCell = [r, c];
  }

  function focus(r, c) {
    setFocusCell(r, c);
    cells[r][c].focus({ preventScroll: true });
  }

  function cellOf(node) {
    const cell = node && node.closest && node.closest(".cell");
    if (!cell || !grid.contains(cell)) return null;
    return [Number(cell.dataset.r), Number(cell.dataset.c)];
  }

  return { root, grid, cells, update, cellOf, focus, setFocusCell };
}
