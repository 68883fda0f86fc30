// A Volapük score's breakdown (journal, preview, replay), drawn to exact HTML: a line for each
// word (collateral words tagged), each meaningless word's penalty, and the bonuses.

import { test } from "node:test";
import assert from "node:assert/strict";
import { installFakeDom } from "./fakedom.js";

installFakeDom();
const dice = await import("../../ludomots/server/static/games/volapuk/dice.js");

const move = {
  words: [
    { text: "ARC", letters: 3, base: 9, total: 9, elue: true },
    { text: "RA", letters: 2, base: 2, total: 2, collateral: true },
  ],
  meaningless: [{ text: "XQ" }],
  volapuk: 50,
};

test("the lines of a score: words, penalties, bonuses", () => {
  assert.deepEqual(dice.scoreLines(move).map((l) => [l.label, l.points, l.kind]), [
    ["ARC", 9, "word"], ["RA", 2, "collateral"], ["XQ", -10, "penalty"], ["VOLAPÜK", 50, "bonus"]]);
});

test("the breakdown as HTML", () => {
  const line = (kind, label, detail, points, tag = "") => `<li class="vp-breakdown-line ${kind}">`
    + `<span class="vp-bd-label">${label}</span>${tag}<span class="vp-bd-detail">${detail}</span>`
    + `<span class="vp-bd-points">${points}</span></li>`;
  assert.equal(dice.breakdownNode(move).outerHTML,
    '<ul class="vp-breakdown" aria-label="Détail des points">'
    + line("word", "ARC", "3 lettres × 3 (Élue) = 9", "+9")
    + line("collateral", "RA", "2 lettres × 1 = 2", "+2", '<span class="vp-bd-tag">collatéral</span>')
    + line("penalty", "XQ", "ne veut rien dire", "−10")
    + line("bonus", "VOLAPÜK", "7 dés en un seul mot", "+50")
    + "</ul>");
});

test("player text is escaped, never read as HTML", () => {
  const html = dice.breakdownNode({ words: [{ text: "<b>", letters: 1, base: 1, total: 1 }] }).outerHTML;
  assert.match(html, /<span class="vp-bd-label">&lt;b&gt;<\/span>/);
});
