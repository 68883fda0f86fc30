// The table socket's log merging (static/logmerge.js): an update carries only the new entries
// of a game's logs, from a start index; the page must still receive complete logs.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mergeLogs } from "../../ludomots/server/static/logmerge.js";

const welcome = (game) => ({ type: "welcome", view: { game } });
const update = (game, logs) => ({ type: "update", view: { game }, logs });

test("a welcome's lists are the logs known from then on", () => {
  const logs = mergeLogs({ played: ["old"] }, welcome({ played: ["A", "B"], scores: [3, 4], step: "play" }));
  assert.deepEqual(logs, { played: ["A", "B"], scores: [3, 4] });
});

test("an update's new entries follow the known ones from its start index", () => {
  const known = { played: ["A", "B"] };
  const message = update({ played: ["C"] }, { played: 2 });
  const logs = mergeLogs(known, message);
  assert.deepEqual(message.view.game.played, ["A", "B", "C"]);
  assert.deepEqual(logs.played, ["A", "B", "C"]);
  assert.deepEqual(known.played, ["A", "B"], "the known logs are not changed in place");
});

test("an update may start before the end of what is known (entries rewritten)", () => {
  const message = update({ played: ["B2", "C"] }, { played: 1 });
  const logs = mergeLogs({ played: ["A", "B"] }, message);
  assert.deepEqual(logs.played, ["A", "B2", "C"]);
});

test("a gap (an update starting past the known entries) asks for a new welcome", () => {
  assert.equal(mergeLogs({ played: ["A"] }, update({ played: ["D"] }, { played: 3 })), null);
  assert.equal(mergeLogs({}, update({ played: ["D"] }, { played: 0 })), null);
  assert.equal(mergeLogs({ played: ["A"] }, update({ played: "A" }, { played: 1 })), null);
});

test("messages without logs leave the known logs as they are", () => {
  const known = { played: ["A"] };
  assert.equal(mergeLogs(known, { type: "chat", text: "salut" }), known);
  assert.equal(mergeLogs(known, update({ played: ["A"] }, undefined)), known);
});
