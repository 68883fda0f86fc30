// « Mes parties » (issue 19): static/mygames.js asks the server about this browser's seat
// tokens (at most 50) and merges the answer with an account's own list, the account first and
// no table twice.

import { test } from "node:test";
import assert from "node:assert/strict";
import { installFakeDom } from "./fakedom.js";

installFakeDom();
const store = new Map();
globalThis.localStorage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, v) };
const { guestGames, mergeGames, GUEST_SEATS_MAX } = await import("../../ludomots/server/static/mygames.js");

test("the account's tables come first, then this browser's that the account does not list", () => {
  const account = [{ id: "a", seat: 0 }, { id: "b", seat: 1 }];
  const browser = [{ id: "b", seat: 1, from: "browser" }, { id: "c", seat: 0 }];
  assert.deepEqual(mergeGames(account, browser), [{ id: "a", seat: 0 }, { id: "b", seat: 1 }, { id: "c", seat: 0 }]);
  assert.deepEqual(mergeGames(undefined, browser), browser);
  assert.deepEqual(mergeGames(account, []), account);
});

test("no seat held: nothing is asked; else the 50 most recent seats are sent", async () => {
  const asked = [];
  globalThis.fetch = async (path, init) => {
    asked.push([path, JSON.parse(init.body)]);
    return { ok: true, status: 200, text: async () => JSON.stringify({ games: [{ id: "t1" }] }) };
  };
  assert.deepEqual(await guestGames(), []);
  assert.equal(asked.length, 0);
  const held = {};
  for (let i = 0; i < 60; i++) held[`t${i}`] = { seat: 0, token: `k${i}`, at: i };
  store.set("ludomots.tokens", JSON.stringify(held));
  assert.deepEqual(await guestGames(), [{ id: "t1" }]);
  const [path, body] = asked[0];
  assert.equal(path, "/api/my-tables");
  assert.equal(body.seats.length, GUEST_SEATS_MAX);
  assert.deepEqual(body.seats[0], { table: "t59", token: "k59" });
});
