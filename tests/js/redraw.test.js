// needsDrawing (ui.js) and the panels that use it beyond Typo's: Topword's rack and Volapük's
// announcements. Another player's move that changes nothing there must not replace their
// buttons: pressed on one and released on its replacement, a click is no click.

import { test } from "node:test";
import assert from "node:assert/strict";
import { installFakeDom } from "./fakedom.js";

installFakeDom();
const { needsDrawing, forgetDrawn } = await import("../../ludomots/server/static/ui.js");
const topword = await import("../../ludomots/server/static/games/topword/render.js");
const volapuk = await import("../../ludomots/server/static/games/volapuk/render.js");

test("needsDrawing: true for what a node does not show yet, false once it does", () => {
  const node = document.createElement("div");
  assert.equal(needsDrawing(node, ["A", 1]), true);
  assert.equal(needsDrawing(node, ["A", 1]), false);
  assert.equal(needsDrawing(node, ["A", 2]), true);
  forgetDrawn(node);
  assert.equal(needsDrawing(node, ["A", 2]), true);
});

function topwordScreen() {
  const st = { game: { rack: ["E", "S", "T"], pending: null, options: {}, bag: 50 }, seat: 0, selected: null,
    placed: new Map(), rack: [{ id: 1, letter: "E" }, { id: 2, letter: "S" }, { id: 3, letter: "T" }] };
  return { st, seated: () => true, rackZone: document.createElement("div"), rackBox: document.createElement("div"),
    shuffleBtn: document.createElement("button"), recallBtn: document.createElement("button") };
}

test("Topword: another player's move keeps the rack's tiles; a tile chosen redraws them", () => {
  const s = topwordScreen();
  topword.renderRack(s);
  const first = s.rackBox.childNodes[0];
  s.st.game = { ...s.st.game, bag: 45 }; // another player drew
  topword.renderRack(s);
  assert.equal(s.rackBox.childNodes[0], first);
  s.st.selected = 1;
  topword.renderRack(s);
  assert.notEqual(s.rackBox.childNodes[0], first);
  assert.equal(s.rackBox.childNodes[0].getAttribute("aria-pressed"), "true");
});

test("Topword: a shuffle always redraws the rack, with its animation", () => {
  const s = topwordScreen();
  topword.renderRack(s);
  const first = s.rackBox.childNodes[0];
  topword.renderRack(s, true);
  assert.notEqual(s.rackBox.childNodes[0], first);
  assert.match(s.rackBox.childNodes[0].className, /shuffled/);
});

function volapukScreen() {
  const st = { game: { step: "announce", turn: 4, over: false, options: { anagrams: true },
    announce: { seat: 1, text: "CHIEN", word: [], accents: [], mine: [], my_definitions: [] } },
  table: { seats: [] }, pendingAction: null, kept: null };
  return { st, seated: () => true, rackZone: document.createElement("div"), mustAct: () => true,
    busy: () => Boolean(st.pendingAction), sendAction() {}, seatName: (i) => `J${i}` };
}

test("Volapük: another player's announcement keeps the panel; ours on its way redraws it", () => {
  const s = volapukScreen();
  volapuk.renderRack(s);
  const panel = s.rackZone.childNodes[0];
  s.st.game = { ...s.st.game, to_act: [0, 2] }; // another player is done
  volapuk.renderRack(s);
  assert.equal(s.rackZone.childNodes[0], panel);
  s.st.pendingAction = { type: "done" };
  volapuk.renderRack(s);
  assert.notEqual(s.rackZone.childNodes[0], panel);
});
