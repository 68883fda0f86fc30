// A table screen's socket (tablescreen.js): the messages of the table (welcome, update,
// preview, chat, rematch, error) and each new view taken in: the game's draft reset when its
// step moves on (draft.js), the game's hooks, the turn sound and prompt, the end's announcement.

import { toast, prefersReducedMotion } from "./ui.js";
import { TableSocket, tokens } from "./socket.js";
import { renderConnChip } from "./tablekit.js";
import { play as sound } from "./sound.js";
import { stepChanged } from "./draft.js";
import { ownActionLanded, viewSettles, errorSettles, clearPending } from "./pending.js";

/**
 * The socket part of the frame `f` (the object tableScreen keeps: `st`, `id`, `life`, its boxes,
 * derived state, and the mutable `hooks`, `socket`, `page`, `alive`). Returns `connect(hooks)`.
 */
export function frameSocket(f) {
  const { st, id, life, connChip, banner, mine, mustAct, ended } = f;

  /**
   * Open the table socket. Hooks:
   * - `render()`: redraw the whole screen (after a view, an error);
   * - `view({events, initial, prevGame, prevTable, landed})`: the game's part of a new view (its
   *   log, what the player was preparing), once `st` holds it and before `render`; `landed`: the
   *   view shows the player's pending action played (pending.js), which is settled after this
   *   hook;
   * - `draft: {key(game), reset(prevGame)}`: what the player prepares belongs to the step
   *   `key` names; `reset` clears it when a view's key differs from the last one (draft.js),
   *   before `view`;
   * - `turn(initial)`: the player has to act now (on arrival, or their turn came);
   * - `preview(result, refused)`: the answer to the latest preview (`refused`: an error);
   * - `status()`: the connection changed (`st.conn`); `error(msg)`: before the
   *   redraw that follows a refused action; `sent()`: an action went out;
   * - `endModal()`: the end-of-game modal, shown once when the game ends while watched;
   * - `prompt()`: where the page asks the player's next decision (scrolled into view when one
   *   is asked; the banner by default).
   */
  function connect(screenHooks) {
    f.hooks = screenHooks;
    f.socket = new TableSocket(id, {
      token: st.token,
      onMessage: handleMessage,
      onStatus: (status) => { st.conn = status; renderConnChip(connChip, status); if (f.hooks.status) f.hooks.status(); },
    });
    f.socket.connect();
    renderConnChip(connChip, st.conn);
    return f.socket;
  }

  function handleMessage(msg) {
    if (!f.alive) return;
    if (msg.type === "welcome") {
      if (msg.seat !== undefined) st.seat = msg.seat;
      life.welcome(msg.chat);
      applyView(msg.view, [], true);
    } else if (msg.type === "update") {
      applyView(msg.view, Array.isArray(msg.events) ? msg.events : [], false);
    } else if (msg.type === "preview") {
      if (msg.id === st.previewSeq && f.hooks.preview) f.hooks.preview(msg.result || null, false);
    } else if (msg.type === "chat") {
      life.chat(msg);
    } else if (msg.type === "rematch") {
      life.rematchOffered(msg);
    } else if (msg.type === "error") {
      handleError(msg);
    }
  }

  function handleError(msg) {
    const message = msg.message || "Action refusée.";
    if (typeof msg.id === "number") {
      // The answer to a preview (numeric ids are previews; actions use "a…" ids).
      if (msg.id === st.previewSeq && f.hooks.preview) f.hooks.preview({ legal: false, message }, true);
      return;
    }
    if (msg.code === "bad_token") {
      tokens.remove(id);
      st.token = null;
      st.seat = null;
    }
    if (errorSettles(st, msg)) clearPending(st);
    sound("error");
    toast(message, { kind: "error" });
    if (f.hooks.error) f.hooks.error(msg);
    f.hooks.render();
  }

  function applyView(view, events, initial) {
    if (!view || !view.game || !view.table) return;
    const prevTable = st.table;
    const prevGame = st.game;
    const wasMine = mine();
    const landed = ownActionLanded(st, view.table);
    st.table = view.table;
    st.game = view.game;
    if (view.table.you !== undefined) st.seat = view.table.you;
    const clock = view.table.clock;
    if (clock && clock.now) st.clockSkew = clock.now - Date.now();
    // Where the game stands, for tests and styles: actions played so far, the step, whether
    // the player has to act.
    f.page.dataset.actions = String(view.table.actions ?? "");
    f.page.dataset.step = String(view.game.step || "");
    f.page.dataset.mine = mustAct() ? "true" : "false";
    // The game's draft is reset when its step moves on (draft.js).
    if (f.hooks.draft && stepChanged(st, f.hooks.draft.key(st.game))) f.hooks.draft.reset(prevGame);
    if (f.hooks.view) f.hooks.view({ events, initial, prevGame, prevTable, landed });
    if (viewSettles(st, { landed, initial, asked: mine() })) clearPending(st);
    f.hooks.render();
    life.render();
    f.alert.update({ mine: mine(), wasMine });
    if (!initial && mine() && (!wasMine || (prevGame && prevGame.step !== st.game.step))) {
      requestAnimationFrame(revealPrompt);
    }
    if (mine() && (initial || !wasMine)) {
      if (!initial) sound("turn");
      if (f.hooks.turn) f.hooks.turn(initial);
    }
    if (ended() && !st.endAnnounced) {
      st.endAnnounced = true;
      if (prevGame && !prevGame.over && prevTable && prevTable.status !== "over") {
        sound("end");
        setTimeout(() => { if (f.alive && f.hooks.endModal) f.hooks.endModal(); }, prefersReducedMotion() ? 0 : 500);
      }
    }
  }

  /** A decision is asked of the player: where it is asked comes into view, below the sticky
   * top bar (after acting, the page stayed scrolled down and the next question was half hidden
   * under the bar). The screen's `prompt()` hook names the place; the banner by default. */
  function revealPrompt() {
    if (!f.alive || document.querySelector("dialog[open]")) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest(".table-chat")) return; // typing a message
    const target = (f.hooks.prompt && f.hooks.prompt()) || banner;
    if (!target || !target.isConnected || target.hidden) return;
    const bar = document.querySelector(".topbar");
    const top = (bar ? bar.getBoundingClientRect().bottom : 0) + 12;
    const rect = target.getBoundingClientRect();
    let by = 0;
    if (rect.top < top) by = rect.top - top;
    else if (rect.bottom > window.innerHeight - 12) by = Math.min(rect.bottom - window.innerHeight + 12, rect.top - top);
    if (by) window.scrollBy({ top: by, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }

  return connect;
}
