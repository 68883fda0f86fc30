// The draft (what a player prepares at a table) is reset when the game's step moves on:
// static/draft.js compares the step keys; each game names its step and says what to clear.

import { test } from "node:test";
import assert from "node:assert/strict";
import { installFakeDom } from "./fakedom.js";

installFakeDom();
const { stepChanged } = await import("../../ludomots/server/static/draft.js");
const volapuk = await import("../../ludomots/server/static/games/volapuk/state.js");
const awalettres = await import("../../ludomots/server/static/games/awalettres/state.js");
const vocabulon = await import("../../ludomots/server/static/games/vocabulon/state.js");

test("the first key and every new key count as a change; the same key does not", () => {
  const st = {};
  assert.equal(stepChanged(st, "roll:1"), true);
  assert.equal(stepChanged(st, "roll:1"), false);
  assert.equal(stepChanged(st, "place:1"), true);
  assert.equal(st.draftKey, "place:1");
});

test("Volapük: a new roll is a new step, within a turn the dice kept stay kept", () => {
  const keep = new Set([1, 3]);
  const cleared = [];
  const s = { st: { game: { turn: 4, rolls: 2, step: "place" }, keep, fetish: new Set([1]), start: [7, 7], dir: "S", rec: null },
    clearWord: (render) => cleared.push(render) };
  assert.equal(volapuk.draftKey(s, s.st.game), "4:2:place");
  volapuk.resetDraft(s, { turn: 4, rolls: 1, step: "place" });
  assert.deepEqual(cleared, [false], "the word being laid is cleared");
  assert.equal(s.st.keep, keep);
  assert.deepEqual([s.st.start, s.st.dir], [[7, 7], "S"]);
  // A new turn: everything goes.
  s.st.game = { turn: 5, rolls: 0, step: "roll" };
  volapuk.resetDraft(s, { turn: 4, rolls: 2, step: "place" });
  assert.deepEqual([s.st.keep.size, s.st.fetish.size, s.st.start, s.st.dir], [0, 0, null, "E"]);
});

test("Awalettres: a new task is a new step; the word being built stays while it is the player's word", () => {
  const g = { step: "word", turn: 3, tasks: [{ seat: 1, kind: "designate" }] };
  assert.equal(awalettres.draftKey({}, g), 'word:3:[{"seat":1,"kind":"designate"}]');
  const panicInput = { value: "PANIQUE" };
  let cleared = 0;
  const s = { st: { pick: { 2: true } }, panicInput, myWord: () => true, clearWord: () => { cleared += 1; } };
  awalettres.resetDraft(s);
  assert.deepEqual([s.st.pick, panicInput.value, cleared], [{}, "", 0]);
  s.myWord = () => false;
  awalettres.resetDraft(s);
  assert.equal(cleared, 1);
});

test("Vocabulon: the typed answer survives a new view of the same answering step only", () => {
  const answerInput = { value: "MAISON" };
  const s = { st: { game: { step: "answer" }, selected: 4, direction: 1, swap: { a: 1 }, offer: { b: 2 }, preview: {} }, answerInput };
  assert.equal(vocabulon.draftKey(s, { step: "answer", turn: 2, to_act: [0, 2] }), "answer:2:0,2");
  vocabulon.resetDraft(s, { step: "answer" });
  assert.deepEqual([s.st.selected, s.st.direction, s.st.swap, s.st.offer, s.st.preview, answerInput.value],
    [null, null, {}, {}, null, "MAISON"]);
  vocabulon.resetDraft(s, { step: "move" });
  assert.equal(answerInput.value, "");
});
