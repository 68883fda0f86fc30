// « À vous de jouer » while the tab is hidden (issue 19): static/turnalert.js decides when the
// page calls the player, what the tab's title says, what goes with it (chime, notification),
// and what turning the notification on does with the browser's permission.

import { test } from "node:test";
import assert from "node:assert/strict";
import { installFakeDom } from "./fakedom.js";

installFakeDom();
const { alertTitle, nextAlert, alertEffects, notifyChoice, readSettings, writeSettings, DEFAULTS } =
  await import("../../ludomots/server/static/turnalert.js");

test("the title names the call, then the table and the site", () => {
  assert.equal(alertTitle("Topword"), "● À vous de jouer — Topword · Ludomots");
  assert.equal(alertTitle(""), "● À vous de jouer — Ludomots");
});

test("the call starts when the turn comes with the page hidden, and only then", () => {
  assert.deepEqual(nextAlert(false, { mine: true, wasMine: false, hidden: true }), { alerting: true, start: true, stop: false });
  // The page is shown: the player sees the banner, no call.
  assert.deepEqual(nextAlert(false, { mine: true, wasMine: false, hidden: false }), { alerting: false, start: false, stop: false });
  // Still their turn (another view of the same turn), or not their turn: nothing starts.
  assert.deepEqual(nextAlert(false, { mine: true, wasMine: true, hidden: true }), { alerting: false, start: false, stop: false });
  assert.deepEqual(nextAlert(false, { mine: false, wasMine: false, hidden: true }), { alerting: false, start: false, stop: false });
  // A call under way stays while the turn is theirs and the page hidden, and starts no second time.
  assert.deepEqual(nextAlert(true, { mine: true, wasMine: true, hidden: true }), { alerting: true, start: false, stop: false });
  assert.deepEqual(nextAlert(true, { mine: true, wasMine: false, hidden: true }), { alerting: true, start: false, stop: false });
});

test("the call ends when the page is shown or the turn passes (a timeout, a simultaneous round played elsewhere)", () => {
  assert.deepEqual(nextAlert(true, { mine: true, wasMine: true, hidden: false }), { alerting: false, start: false, stop: true });
  assert.deepEqual(nextAlert(true, { mine: false, wasMine: true, hidden: true }), { alerting: false, start: false, stop: true });
});

test("Typo's simultaneous rounds: each new round the seat must act in calls again", () => {
  let alerting = false;
  const calls = [];
  for (const [mine, wasMine] of [[true, false], [false, true], [true, false]]) {
    const next = nextAlert(alerting, { mine, wasMine, hidden: true });
    alerting = next.alerting;
    calls.push(next.start);
  }
  assert.deepEqual(calls, [true, false, true]);
});

test("the chime goes with the call only when its setting is on and the page's sounds do not play it already", () => {
  const off = { ...DEFAULTS };
  assert.deepEqual(alertEffects(off, { generalSound: false, permission: "granted" }), { title: true, sound: false, notify: false });
  assert.deepEqual(alertEffects({ sound: true, notify: false }, { generalSound: false, permission: "default" }), { title: true, sound: true, notify: false });
  assert.deepEqual(alertEffects({ sound: true, notify: false }, { generalSound: true, permission: "default" }), { title: true, sound: false, notify: false });
});

test("the notification goes with the call only when on and allowed", () => {
  for (const permission of ["default", "denied", "unsupported"]) {
    assert.equal(alertEffects({ sound: false, notify: true }, { generalSound: false, permission }).notify, false, permission);
  }
  assert.equal(alertEffects({ sound: false, notify: true }, { generalSound: false, permission: "granted" }).notify, true);
});

test("turning the notification on asks the browser only when it was never asked", () => {
  assert.deepEqual(notifyChoice(true, "default"), { state: "ask", message: null });
  assert.deepEqual(notifyChoice(true, "granted"), { state: "on", message: null });
  assert.deepEqual(notifyChoice(true, "denied"), { state: "off", message: "Les notifications sont bloquées pour ce site : autorisez-les dans les réglages de votre navigateur." });
  assert.deepEqual(notifyChoice(true, "unsupported"), { state: "off", message: "Votre navigateur ne permet pas les notifications." });
  assert.deepEqual(notifyChoice(false, "default"), { state: "off", message: null });
});

test("the settings are off by default and kept in the browser's storage", () => {
  const store = new Map();
  const storage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, v) };
  assert.deepEqual(readSettings(storage), { sound: false, notify: false });
  writeSettings(storage, { sound: true, notify: false });
  assert.deepEqual(readSettings(storage), { sound: true, notify: false });
  assert.equal(store.get("ludomots.turnalerts"), '{"sound":true,"notify":false}');
  store.set("ludomots.turnalerts", "{pas du json");
  assert.deepEqual(readSettings(storage), { sound: false, notify: false });
});
