// Typo's hand (games/typo/render.js): an update that leaves the hand as it was must not
// replace its buttons, or a click in progress is lost (a flaky browser test showed it: the
// card pressed was not picked when another player's choice arrived between press and release).

import { test } from "node:test";
import assert from "node:assert/strict";
import { installFakeDom } from "./fakedom.js";

installFakeDom();
const { renderHand } = await import("../../ludomots/server/static/games/typo/render.js");

function screen() {
  const st = { game: { hand: ["D", "E", "S"], step: "choose", over: false }, picked: null,
    pendingAction: null, conn: "open" };
  const handBox = document.createElement("div");
  return { st, handBox, seated: () => true, mustChoose: () => true, confirmChoice() {}, pick() {} };
}

const cards = (s) => s.handBox.childNodes[1].childNodes;

test("another player's update keeps the hand's buttons when the hand is unchanged", () => {
  const s = screen();
  renderHand(s);
  const before = cards(s)[0];
  s.st.game = { ...s.st.game, chosen: [false, true, false, false] }; // a bot has chosen
  renderHand(s);
  assert.equal(cards(s)[0], before);
});

test("picking a card redraws the hand with that card pressed", () => {
  const s = screen();
  renderHand(s);
  const before = cards(s)[0];
  s.st.picked = "D";
  renderHand(s);
  assert.notEqual(cards(s)[0], before);
  assert.equal(cards(s)[0].getAttribute("aria-pressed"), "true");
  assert.equal(cards(s)[1].getAttribute("aria-pressed"), "false");
});

test("a hand hidden and shown again is redrawn", () => {
  const s = screen();
  renderHand(s);
  const before = cards(s)[0];
  s.st.game = { ...s.st.game, over: true };
  renderHand(s);
  assert.equal(s.handBox.hidden, true);
  s.st.game = { ...s.st.game, over: false };
  renderHand(s);
  assert.equal(s.handBox.hidden, false);
  assert.notEqual(cards(s)[0], before);
});
