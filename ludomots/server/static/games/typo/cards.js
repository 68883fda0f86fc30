// Typo's cards drawn for the table screen and the replay: a card, a row of cards, the part's
// label. Apart from typo.js so that the replay page does not load the table screen.

import { el, plural } from "../../ui.js";

/** How many copies of each letter the 64-card deck holds (printed on every card). */
export const DECK = {
  E: 9, A: 5, I: 5, S: 5, N: 4, O: 4, R: 4, T: 4, L: 3, U: 3, C: 3, D: 2, M: 2, P: 2,
  B: 1, F: 1, G: 1, H: 1, J: 1, K: 1, V: 1, W: 1, Z: 1,
};

/** A Typo card: its letter big, its number of copies in the corner. */
export function cardNode(letter, { extraClass = "", label = true } = {}) {
  const count = DECK[letter] || 1;
  return el("span", {
    class: ["ty-card", extraClass],
    role: label ? "img" : undefined,
    "aria-label": label ? `${letter} (${plural(count, "exemplaire")})` : undefined,
    "aria-hidden": label ? undefined : "true",
  },
  el("span", { class: "ty-card-count", text: String(count), "aria-hidden": "true" }),
  el("span", { class: "ty-card-letter", text: letter, "aria-hidden": "true" }),
  el("span", { class: "ty-card-count bottom", text: String(count), "aria-hidden": "true" }));
}

/** A row of cards as a line (read-only), e.g. for the replay viewer. */
export function rowNode(row, { index, longest = false, highlight = null } = {}) {
  return el("div", { class: ["ty-row", longest ? "longest" : ""], dataset: { row: String(index) } },
    el("span", { class: "ty-row-label" }, el("span", { class: "ty-row-num", text: String(index + 1) }),
      longest ? el("span", { class: "ty-longest-tag", title: "La plus longue rangée", text: "la plus longue" }) : null),
    el("span", { class: "ty-row-cards", "aria-label": `Rangée ${index + 1} : ${row}` },
      [...row].map((ch, i) => cardNode(ch, { extraClass: highlight && highlight(i) ? "fresh" : "", label: false }))));
}

/** "1re partie · alphabétique" / "2e partie · anti-alphabétique". */
export function partLabel(part) {
  return part === 2 ? "2e partie · anti-alphabétique (Z → A)" : "1re partie · alphabétique (A → Z)";
}
