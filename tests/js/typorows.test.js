// Typo's rows and vote (games/typo/render.js): redrawn only when what they show changes, so
// that an update leaving them as they were never replaces a row end, a « Défausser » or a
// vote's button under a click.

import { test } from "node:test";
import assert from "node:assert/strict";
import { installFakeDom } from "./fakedom.js";

installFakeDom();
const { renderRows } = await import("../../ludomots/server/static/games/typo/render.js");

function screen({ failing = false } = {}) {
  const st = { game: { rows: ["GEL", "RA", "SO", "BR"], longest_rows: [0], step: "place", pending: null },
    target: null, failing, pendingAction: null };
  const rowsBox = document.createElement("div");
  return { st, rowsBox, myResolve: () => true, myDiscard: () => false, myCard: () => "A",
    placedRow: (row, card, side) => (side === "left" ? card + row : row + card), selectTarget() {}, confirmFail() {} };
}

const felt = (s) => s.rowsBox.childNodes[0];
const discardButtons = (s) => felt(s).childNodes.flatMap((row) => row.childNodes).filter((n) => /ty-discard-btn/.test(n.className));

test("an update that leaves the rows as they were keeps their buttons", () => {
  const s = screen({ failing: true });
  renderRows(s);
  const before = felt(s);
  assert.equal(discardButtons(s).length, 1);
  s.st.game = { ...s.st.game, scores: [1, 2, 3, 4] }; // something else changed
  renderRows(s);
  assert.equal(felt(s), before);
});

test("choosing a row end redraws the rows with that end chosen", () => {
  const s = screen();
  renderRows(s);
  const before = felt(s);
  s.st.target = { row: 1, side: "right" };
  renderRows(s);
  assert.notEqual(felt(s), before);
  assert.equal(felt(s).childNodes[1].className.includes("targeted"), true);
});

test("the action on its way takes the row ends and « Défausser » away", () => {
  const s = screen({ failing: true });
  renderRows(s);
  assert.equal(discardButtons(s).length, 1);
  s.st.pendingAction = { type: "fail", row: 0 };
  renderRows(s);
  assert.equal(discardButtons(s).length, 0);
});

test("another player's vote keeps « Je doute » and « Je fais confiance » in place", async () => {
  const { renderStage } = await import("../../ludomots/server/static/games/typo/render.js");
  const st = { seat: 0, table: { seats: [] }, flash: null, pendingAction: null,
    game: { step: "vote", over: false, players: 3, revealed: ["A", "B", "C"], played: [], queue: [1, 0, 2], resolver: 1,
      pending: { seat: 1, card: "B", side: "right", row: 0, word: "GELB" }, voted: [false, false, false], my_vote: null } };
  const s = { st, stage: document.createElement("div"), seatName: (i) => `J${i}`, mustVote: () => true, vote() {},
    seated: () => true, flashNode: () => null, resolutionOrder: () => [1, 0, 2] };
  renderStage(s);
  const before = s.stage.childNodes[0];
  st.game = { ...st.game, voted: [false, false, true] }; // the third player voted
  renderStage(s);
  assert.equal(s.stage.childNodes[0], before);
  st.pendingAction = { type: "vote", doubt: true }; // ours is on its way: the buttons go
  renderStage(s);
  assert.notEqual(s.stage.childNodes[0], before);
});
