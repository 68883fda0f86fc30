// Reading the games' notations in the browser: Topword's cell names, the folding of a typed
// word to card letters and the choice of the cards of a typed word in Awalettres (the client
// follows the engine's assign.py).

import { test } from "node:test";
import assert from "node:assert/strict";
import { installFakeDom } from "./fakedom.js";

installFakeDom();
const board = await import("../../ludomots/server/static/games/topword/board.js");
const cards = await import("../../ludomots/server/static/games/awalettres/cards.js");

test("Topword: a cell name is its row letter and column number, and reads back", () => {
  assert.equal(board.cellName(0, 0), "A1");
  assert.equal(board.cellName(9, 9), "J10");
  assert.deepEqual(board.parseCell("E10"), [4, 9]);
  for (let r = 0; r < board.SIZE; r++) {
    for (let c = 0; c < board.SIZE; c++) assert.deepEqual(board.parseCell(board.cellName(r, c)), [r, c]);
  }
  assert.equal(board.tileLabel("Q"), "Qu");
});

test("Awalettres: a typed word folds to card letters (accents off, ligatures split), else null", () => {
  assert.equal(cards.foldWord(" œuvré "), "OEUVRE");
  assert.equal(cards.foldWord("Ægide"), "AEGIDE");
  assert.equal(cards.foldWord("l’été"), null);
  assert.equal(cards.foldWord(""), "");
});

test("Awalettres: the player's own letters first, then the opponents' from his left, then his CONFUSION", () => {
  const hands = [["M", "O"], ["T", "O", "S"], ["T", "?"]];
  // Seat 0 types MOTS: M and O are his, T comes from seat 1 (his left) before seat 2, S from 1.
  assert.deepEqual(cards.assignWord(0, "MOTS", hands), [
    { letter: "M", seat: 0, wild: false }, { letter: "O", seat: 0, wild: false },
    { letter: "T", seat: 1, wild: false }, { letter: "S", seat: 1, wild: false }]);
  // Seat 2 types TOTO: his T, O and T from seat 0 then 1, the last O from seat 1... and a
  // letter nobody holds any more falls to his CONFUSION, then to nobody.
  assert.deepEqual(cards.assignWord(2, "TOTOZZ", hands), [
    { letter: "T", seat: 2, wild: false }, { letter: "O", seat: 0, wild: false },
    { letter: "T", seat: 1, wild: false }, { letter: "O", seat: 1, wild: false },
    { letter: "Z", seat: 2, wild: true }, { letter: "Z", seat: null, wild: false }]);
});

test("Awalettres: a card pinned by a click keeps its place", () => {
  const hands = [["A"], ["A"]];
  assert.deepEqual(cards.assignWord(0, "A", hands, { 0: { seat: 1, wild: false } }), [{ letter: "A", seat: 1, wild: false }]);
});
