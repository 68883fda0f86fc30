// Every game's browser client is a folder, static/games/<game>/, found by name: its index.js
// gives the table screen and the replay, its view.schema.json the contract of its view, and no
// module outside the folders names a game's folder (a new game edits no existing file).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { installFakeDom } from "./fakedom.js";

installFakeDom();
const STATIC = new URL("../../ludomots/server/static/", import.meta.url).pathname;
const GAMES = readdirSync(join(STATIC, "games")).filter((name) => statSync(join(STATIC, "games", name)).isDirectory());

test("the five games have a folder", () => {
  assert.deepEqual([...GAMES].sort(), ["awalettres", "topword", "typo", "vocabulon", "volapuk"]);
});

for (const game of GAMES) {
  test(`${game}: index.js exports mount and renderReplay; view.schema.json is JSON`, async () => {
    const client = await import(join(STATIC, "games", game, "index.js"));
    assert.equal(typeof client.mount, "function");
    assert.equal(typeof client.renderReplay, "function");
    const schema = JSON.parse(readFileSync(join(STATIC, "games", game, "view.schema.json"), "utf8"));
    assert.equal(schema.type, "object");
    assert.equal(schema.additionalProperties, false);
  });
}

test("no shared module names a game's folder or screen module", () => {
  for (const file of readdirSync(STATIC).filter((name) => name.endsWith(".js"))) {
    const text = readFileSync(join(STATIC, file), "utf8");
    for (const game of GAMES) {
      assert.ok(!text.includes(`games/${game}`), `${file} names games/${game}`);
      assert.ok(!new RegExp(`["']\\./${game}[a-z]*\\.js["']`).test(text), `${file} imports a ${game} module`);
    }
  }
  assert.ok(existsSync(join(STATIC, "gameclient.js")));
});
