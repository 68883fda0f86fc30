// Awalettres' WAYAMPOU panels (games/awalettres/actionpanel.js): asked of all at once, they are
// redrawn only when what they show changes, so another player's definition or vote arriving
// never replaces « Voter » or « Envoyer ma définition » under a click.

import { test } from "node:test";
import assert from "node:assert/strict";
import { installFakeDom } from "./fakedom.js";

installFakeDom();
const { renderAction, renderVote, renderDefine } = await import("../../ludomots/server/static/games/awalettres/actionpanel.js");

function screen(step, wayampou) {
  const st = { seat: 0, pendingAction: null, game: { step, wayampou } };
  const s = { st, actionBox: document.createElement("div"), page: { classList: { toggle() {} } },
    defineArea: document.createElement("textarea"), mustAct: () => true, busy: () => Boolean(st.pendingAction),
    sendAction() {}, panelHead: (title) => document.createElement("h2") };
  s.renderVote = () => renderVote(s);
  s.renderDefine = () => renderDefine(s);
  return s;
}

const WAYAMPOU = { definitions: ["Un oiseau.", "Une danse."], my_index: 0 };

test("another player's vote keeps the « Voter » buttons in place", () => {
  const s = screen("vote", WAYAMPOU);
  renderAction(s);
  const list = s.actionBox.childNodes[1];
  s.st.game = { ...s.st.game, to_act: [0] }; // a vote arrived: nothing shown here changed
  renderAction(s);
  assert.equal(s.actionBox.childNodes[1], list);
  s.st.pendingAction = { type: "vote", choice: 1 };
  renderAction(s);
  assert.notEqual(s.actionBox.childNodes[1], list);
});

test("another player's definition keeps the form in place; a step drawn in between resets it", () => {
  const s = screen("define", {});
  renderAction(s);
  const form = s.actionBox.childNodes[1];
  renderAction(s);
  assert.equal(s.actionBox.childNodes[1], form);
  s.mustAct = () => false; // hidden (the definition sent and played), then asked again
  renderAction(s);
  s.mustAct = () => true;
  renderAction(s);
  assert.notEqual(s.actionBox.childNodes[1], form);
});
