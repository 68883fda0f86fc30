// The action on its way (pending.js): other seats' updates, which arrive meanwhile in a
// simultaneous step, must not release the controls (a flaky browser test showed the hand of
// Typo enabled again after a bot's choice, before the player's own choice had landed).

import { test } from "node:test";
import assert from "node:assert/strict";
import { markSent, clearPending, ownActionLanded, viewSettles, errorSettles } from "../../ludomots/server/static/pending.js";

function sent(table = { actions: 10, acted: 3 }) {
  const st = { table, pendingAction: null, pendingMark: null };
  markSent(st, "a5", { type: "choose", card: "A" });
  return st;
}

test("another seat's action leaves the player's own action pending while it is still asked", () => {
  const st = sent();
  const update = { actions: 11, acted: 3 };
  assert.equal(ownActionLanded(st, update), false);
  assert.equal(viewSettles(st, { landed: ownActionLanded(st, update), initial: false, asked: true }), false);
});

test("the view that shows the player's action played settles it", () => {
  const st = sent();
  const update = { actions: 12, acted: 4 };
  assert.equal(ownActionLanded(st, update), true);
  assert.equal(viewSettles(st, { landed: ownActionLanded(st, update), initial: false, asked: true }), true);
});

test("a view that asks nothing of the player, or a welcome, settles it", () => {
  const st = sent();
  const update = { actions: 11, acted: 3 };
  assert.equal(viewSettles(st, { landed: ownActionLanded(st, update), initial: false, asked: false }), true);
  assert.equal(viewSettles(st, { landed: ownActionLanded(st, update), initial: true, asked: true }), true);
});

test("without a count to compare, any view settles it, as before", () => {
  const st = sent({ actions: 10 });
  assert.deepEqual(st.pendingMark, { id: "a5", acted: null });
  assert.equal(viewSettles(st, { landed: ownActionLanded(st, { actions: 11 }), initial: false, asked: true }), true);
});

test("nothing pending: nothing to settle", () => {
  const st = sent();
  clearPending(st);
  assert.equal(st.pendingAction, null);
  assert.equal(st.pendingMark, null);
  assert.equal(viewSettles(st, { landed: ownActionLanded(st, { actions: 12, acted: 4 }), initial: true, asked: false }), false);
  assert.equal(ownActionLanded(st, { actions: 12, acted: 4 }), false);
});

test("only the refusal of the pending action, or an error without an id, settles it", () => {
  const st = sent();
  assert.equal(errorSettles(st, { type: "error", id: "a4", code: "wrong_step" }), false);
  assert.equal(errorSettles(st, { type: "error", id: "a5", code: "wrong_step" }), true);
  assert.equal(errorSettles(st, { type: "error", code: "rate_limited" }), true);
});
