// The life of a table screen, the same for every game: the page's frame (title, role and
// connection chips, links, turn banner, join or invitation box, log and end cards), the table
// socket and its messages (welcome, update, preview, chat, error), the state every screen keeps
// (seat, token, views, the action awaiting its answer), the clocks, the end-of-game announcement
// and the cleanup. A game's screen (topword.js, typo.js, ...) passes its own boxes and hooks and
// keeps only its board, its panels and its actions; tablekit.js has the pieces drawn here.

import { el, icon, button, replace, setTitle, toast, plural, prefersReducedMotion } from "./ui.js";
import { TableSocket, tokens } from "./socket.js";
import {
  seatLabel, renderConnChip, renderRoleChip, joinPanel, overText, renderBanner as fillBanner,
  endLinks, showEndModal, startClocks,
} from "./tablekit.js";
import { play as sound } from "./sound.js";
import { tableLife } from "./tablelife.js";
import { stepChanged } from "./draft.js";

/**
 * The shared part of a table screen. Options:
 * - `id`, `info`: the table (as table.js hands them over); `game`: its name ("typo"), for the
 *   rules link and the record's file name; `title`: the game's title when the table has none;
 * - `prefix`: the game's class and id prefix ("ty"): `ty-end-title`, `ty-log-title`...;
 * - `log`: `{title, className, note}` of the log card (`note`: a node shown above the list);
 * - `help`: shows the keyboard help (the "Raccourcis" button and the "?" key), or none;
 * - `state`: the game's own fields of `st`, the state object shared with the screen;
 * - `toAct`: who is to act, when not the game view's `to_act`; `myTurn`: whether the player
 *   must act, for the turn sound (default `mustAct`); `myClockFirst`: the turn clock shows the
 *   player's own time when they are among those to act (else the first one's).
 * The screen then lays out its page with `layout` and opens the socket with `connect`.
 */
export function tableScreen({ id, info, game, title: gameTitle, prefix, log, help = null, state = {}, toAct = null, myTurn = null, myClockFirst = false }) {
  const title = info.title || gameTitle;
  setTitle(title);
  const saved = tokens.get(id);
  const st = Object.assign({
    token: saved ? saved.token : null, seat: null, table: null, game: null, conn: "connecting",
    preview: null, previewSeq: 0, previewTimer: null, pendingAction: null, actionSeq: 0,
    clockSkew: 0, endAnnounced: false,
  }, state);
  let alive = true;
  let hooks = {};
  let socket = null;
  let clocks = null;
  let page = null;
  const keyHandlers = [];

  // ---- derived state ---------------------------------------------------------------------

  const seats = () => (st.table && Array.isArray(st.table.seats) ? st.table.seats : []);
  const seated = () => st.seat !== null && st.seat !== undefined;
  const actors = toAct || (() => (st.game ? st.game.to_act || [] : []));
  const playing = () => Boolean(st.table && st.table.status === "playing" && st.game && !st.game.over);
  const mustAct = () => seated() && playing() && actors().includes(st.seat);
  const seatName = (i) => seatLabel(seats(), i);
  const isBot = (i) => Boolean(seats()[i] && seats()[i].kind === "bot");
  const busy = () => Boolean(st.pendingAction) || st.conn !== "open";
  const mine = () => (myTurn ? myTurn() : mustAct());
  // A game may end before its rules say so (a resignation): the table's result then decides.
  const ended = () => Boolean((st.game && st.game.over) || (st.table && st.table.status === "over"));
  const tableWinners = () => (st.table && st.table.result && Array.isArray(st.table.result.winners) ? st.table.result.winners : null);
  const resigned = () => Boolean(st.table && st.table.result && st.table.result.reason === "resign");

  // Chat, resign and rematch: tablelife.js.
  const life = tableLife({
    id, seatName,
    get: () => ({ table: st.table, seat: seated() ? st.seat : null, token: st.token, conn: st.conn }),
    send: (message) => (socket ? socket.send(message) : false),
  });

  // ---- the frame -------------------------------------------------------------------------

  const connChip = el("span", { class: "conn-chip", role: "status" });
  const roleChip = el("span", { class: "chip role-chip" });
  const banner = el("div", { class: "table-banner", role: "status", "aria-live": "polite" });
  const infoBox = el("div", { class: "table-info" });
  const endBox = el("section", { class: ["card", "table-end", `${prefix}-end`], hidden: true, "aria-labelledby": `${prefix}-end-title` });
  const logList = el("ol", { class: "log-list" });
  const logBox = el("section", { class: log.className, "aria-labelledby": `${prefix}-log-title` },
    el("h2", { class: "card-title", id: `${prefix}-log-title` }, icon("book"), el("span", { text: log.title })),
    log.note || null, el("div", { class: "log-scroll" }, logList));

  /** Put the page in `main`: the head, then the main column and the side column. */
  function layout(main, { pageClass, column, side }) {
    const head = el("header", { class: "table-head" },
      el("div", { class: "table-head-title" }, el("h1", { text: title }), roleChip, connChip),
      el("nav", { class: "table-links", "aria-label": "Liens de la table" },
        el("a", { class: "btn ghost small", href: `/regles/${game}`, target: "_blank", rel: "noopener" }, icon("book"), el("span", { text: "Règles" })),
        el("a", { class: "btn ghost small", href: "/lexique", target: "_blank", rel: "noopener" }, icon("search"), el("span", { text: "Dictionnaire" })),
        help ? button("Raccourcis", { kind: "ghost small", iconName: "keyboard", onClick: help, "aria-label": "Raccourcis clavier" }) : null,
        life.resignBtn));
    page = el("div", { class: pageClass }, head, life.offerBox,
      el("div", { class: "table-layout" }, el("div", { class: "table-main" }, column), el("aside", { class: "table-side" }, side, life.chatBox)));
    replace(main, page);
    clocks = startClocks(page, () => ({ table: st.table, skew: st.clockSkew, playing: playing() }), () => {
      if (myClockFirst && mustAct()) return st.seat;
      return actors().length ? actors()[0] : null;
    });
    return page;
  }

  // ---- the socket ------------------------------------------------------------------------

  /**
   * Open the table socket. Hooks:
   * - `render()`: redraw the whole screen (after a view, an error);
   * - `view({events, initial, prevGame, prevTable})`: the game's part of a new view (its log,
   *   what the player was preparing), once `st` holds it and before `render`;
   * - `draft: {key(game), reset(prevGame)}`: what the player prepares belongs to the step
   *   `key` names; `reset` clears it when a view's key differs from the last one (draft.js),
   *   before `view`;
   * - `turn(initial)`: the player has to act now (on arrival, or their turn came);
   * - `preview(result, refused)`: the answer to the latest preview (`refused`: an error);
   * - `status()`: the connection changed (`st.conn`); `error(msg)`: before the
   *   redraw that follows a refused action; `sent()`: an action went out;
   * - `endModal()`: the end-of-game modal, shown once when the game ends while watched;
   * - `keepPending`: the game itself clears `st.pendingAction` (else every update does);
   * - `prompt()`: where the page asks the player's next decision (scrolled into view when one
   *   is asked; the banner by default).
   */
  function connect(screenHooks) {
    hooks = screenHooks;
    socket = new TableSocket(id, {
      token: st.token,
      onMessage: handleMessage,
      onStatus: (status) => { st.conn = status; renderConnChip(connChip, status); if (hooks.status) hooks.status(); },
    });
    socket.connect();
    renderConnChip(connChip, st.conn);
    return socket;
  }

  function handleMessage(msg) {
    if (!alive) return;
    if (msg.type === "welcome") {
      if (msg.seat !== undefined) st.seat = msg.seat;
      life.welcome(msg.chat);
      applyView(msg.view, [], true);
    } else if (msg.type === "update") {
      applyView(msg.view, Array.isArray(msg.events) ? msg.events : [], false);
    } else if (msg.type === "preview") {
      if (msg.id === st.previewSeq && hooks.preview) hooks.preview(msg.result || null, false);
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
      if (msg.id === st.previewSeq && hooks.preview) hooks.preview({ legal: false, message }, true);
      return;
    }
    if (msg.code === "bad_token") {
      tokens.remove(id);
      st.token = null;
      st.seat = null;
    }
    st.pendingAction = null;
    sound("error");
    toast(message, { kind: "error" });
    if (hooks.error) hooks.error(msg);
    hooks.render();
  }

  function applyView(view, events, initial) {
    if (!view || !view.game || !view.table) return;
    const prevTable = st.table;
    const prevGame = st.game;
    const wasMine = mine();
    st.table = view.table;
    st.game = view.game;
    if (view.table.you !== undefined) st.seat = view.table.you;
    const clock = view.table.clock;
    if (clock && clock.now) st.clockSkew = clock.now - Date.now();
    // Where the game stands, for tests and styles: actions played so far, the step, whether
    // the player has to act.
    page.dataset.actions = String(view.table.actions ?? "");
    page.dataset.step = String(view.game.step || "");
    page.dataset.mine = mustAct() ? "true" : "false";
    if (!initial && !hooks.keepPending) st.pendingAction = null;
    // The game's draft is reset when its step moves on (draft.js).
    if (hooks.draft && stepChanged(st, hooks.draft.key(st.game))) hooks.draft.reset(prevGame);
    if (hooks.view) hooks.view({ events, initial, prevGame, prevTable });
    hooks.render();
    life.render();
    if (!initial && mine() && (!wasMine || (prevGame && prevGame.step !== st.game.step))) {
      requestAnimationFrame(revealPrompt);
    }
    if (mine() && (initial || !wasMine)) {
      if (!initial) sound("turn");
      if (hooks.turn) hooks.turn(initial);
    }
    if (ended() && !st.endAnnounced) {
      st.endAnnounced = true;
      if (prevGame && !prevGame.over && prevTable && prevTable.status !== "over") {
        sound("end");
        setTimeout(() => { if (alive && hooks.endModal) hooks.endModal(); }, prefersReducedMotion() ? 0 : 500);
      }
    }
  }

  /** A decision is asked of the player: where it is asked comes into view, below the sticky
   * top bar (after acting, the page stayed scrolled down and the next question was half hidden
   * under the bar). The screen's `prompt()` hook names the place; the banner by default. */
  function revealPrompt() {
    if (!alive || document.querySelector("dialog[open]")) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest(".table-chat")) return; // typing a message
    const target = (hooks.prompt && hooks.prompt()) || banner;
    if (!target || !target.isConnected || target.hidden) return;
    const bar = document.querySelector(".topbar");
    const top = (bar ? bar.getBoundingClientRect().bottom : 0) + 12;
    const rect = target.getBoundingClientRect();
    let by = 0;
    if (rect.top < top) by = rect.top - top;
    else if (rect.bottom > window.innerHeight - 12) by = Math.min(rect.bottom - window.innerHeight + 12, rect.top - top);
    if (by) window.scrollBy({ top: by, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }

  // ---- sending ---------------------------------------------------------------------------

  /** Send an action unless one awaits its answer; `pending` is what `st.pendingAction` holds
   * until then. False when not sent (the player is told if the connection is lost). */
  function sendAction(action, pending = action) {
    if (st.pendingAction) return false;
    st.actionSeq += 1;
    if (!socket.send({ type: "action", id: `a${st.actionSeq}`, action })) {
      toast("Connexion perdue : reconnexion en cours, réessayez dans un instant.");
      return false;
    }
    st.pendingAction = pending;
    if (hooks.sent) hooks.sent();
    return true;
  }

  /** Ask the server for a preview after `delay` ms (typing settles first); `action()` gives
   * the action then, or null to ask nothing. The answer goes to the `preview` hook. */
  function previewLater(action, delay) {
    clearTimeout(st.previewTimer);
    st.previewTimer = setTimeout(() => {
      const a = action();
      if (!a) return;
      st.previewSeq += 1;
      socket.send({ type: "preview", id: st.previewSeq, action: a });
    }, delay);
  }

  // ---- drawing the shared parts ----------------------------------------------------------

  function renderRole() {
    renderRoleChip(roleChip, seated() ? st.seat : null, seated() ? seatName(st.seat) : "");
  }

  /** The join form or the invitation (before the game). */
  function renderInfo() {
    if (!st.table) return;
    replace(infoBox, joinPanel({
      id, table: st.table, seated: seated(), seatName, socket,
      onJoined: (res) => { st.token = res.token; st.seat = res.seat; },
    }));
  }

  /**
   * The turn banner and the page title. A broken, finished or waiting table says so (`winners()`
   * and `overSub()` for a finished one, `waiting` for a table still waiting for players);
   * otherwise `live()` gives {kind, text, sub}. False when there is no view yet.
   */
  function renderBanner(live, { winners = null, overSub = null, waiting = null } = {}) {
    const t = st.table;
    const g = st.game;
    if (!t || !g) return false;
    let b;
    if (t.status === "broken") b = { kind: "error", text: "Partie suspendue : son historique est incohérent." };
    else if (resigned()) b = { kind: "over", text: overText(tableWinners() || [], st.seat, seatName), sub: resignedText() };
    else if (g.over || t.status === "over") b = { kind: "over", text: overText((winners ? winners() : g.winners) || [], st.seat, seatName), sub: overSub ? overSub() : null };
    else if (t.status === "waiting") b = { kind: "wait", text: waiting || `En attente de ${plural(seats().filter((s) => s.open).length, "joueur")}…` };
    else b = live();
    setTitle(b.kind === "you" ? `À vous ! · ${title}` : title);
    fillBanner(banner, { kind: b.kind, text: b.text, sub: b.sub || null });
    clocks.tick();
    return true;
  }

  /** The log's entries, or the `empty` line; the log scrolls to its end. */
  function showLog(items, empty = null) {
    replace(logList, !items.length && empty ? el("li", { class: "log-empty muted", text: empty }) : items);
    const scroller = logList.parentElement;
    requestAnimationFrame(() => { scroller.scrollTop = scroller.scrollHeight; });
  }

  /**
   * The end card once the game is over (else hidden): `parts(game)` gives `summary` (its
   * text) and `table()` (the result table).
   */
  function renderEnd(parts) {
    const g = st.game;
    if (!g || !ended()) { endBox.hidden = true; return; }
    endBox.hidden = false;
    const { summary, table } = parts(g);
    replace(endBox,
      el("h2", { class: "card-title", id: `${prefix}-end-title` }, icon("trophy"), el("span", { text: "Fin de la partie" })),
      el("p", { class: "muted", text: resigned() ? resignedText() : summary }), table(), life.endActions(), endLinks(id, game));
  }

  /** Who left the game, as the end says it. */
  function resignedText() {
    const names = ((st.table && st.table.departures) || []).map((d) => d.name);
    if (!names.length) return "";
    return names.length > 1 ? `${names.join(", ")} ont abandonné.` : `${names[0]} a abandonné.`;
  }

  /** The end-of-game modal: who won, `reason` (a line, unless null), the result table, and
   * the rematch, replay and lobby buttons. */
  function endModal({ winners = tableWinners() || st.game.winners || [], reason = null, table }) {
    if (resigned()) { winners = tableWinners() || []; reason = resignedText(); }
    showEndModal({
      winners, seat: seated() ? st.seat : null, seatName,
      content: el("div", {}, reason === null ? null : el("p", { class: "muted", text: reason }), table(), life.endActions()),
    });
  }

  // ---- keyboard and cleanup --------------------------------------------------------------

  /** Keys for the screen, not typed in a field nor meant for an open dialog; "?" shows the
   * help. `handler(event)` sees the others. */
  function onKeys(handler) {
    const onKey = (event) => {
      if (!st.game || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector("dialog[open]")) return;
      const t = event.target;
      if (t instanceof HTMLElement && t.closest("input, textarea, select")) return;
      if (event.key === "?" && help) { event.preventDefault(); help(); return; }
      handler(event);
    };
    document.addEventListener("keydown", onKey);
    keyHandlers.push(onKey);
  }

  /** What table.js calls when leaving the screen; `extra()` undoes the game's own listeners. */
  function cleanup(extra = null) {
    return () => {
      alive = false;
      socket.close();
      clocks.stop();
      clearTimeout(st.previewTimer);
      for (const onKey of keyHandlers) document.removeEventListener("keydown", onKey);
      if (extra) extra();
      for (const d of document.querySelectorAll("dialog.modal")) d.close();
    };
  }

  return {
    st, title, seats, seated, toAct: actors, playing, mustAct, seatName, isBot, busy, ended, life,
    isAlive: () => alive, tick: () => clocks.tick(),
    connChip, roleChip, banner, infoBox, endBox, logList, logBox,
    layout, connect, sendAction, previewLater, send: (message) => socket.send(message),
    renderRole, renderInfo, renderBanner, showLog, renderEnd, endModal, onKeys, cleanup,
  };
}
