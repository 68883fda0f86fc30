// The life of a table screen, the same for every game: the page's frame (title, role and
// connection chips, links, turn banner, join or invitation box, log and end cards), the table
// socket and its messages (welcome, update, preview, chat, error), the state every screen keeps
// (seat, token, views, the action awaiting its answer), the clocks, the end-of-game announcement
// and the cleanup. A game's screen (games/<game>/screen.js) passes its own boxes and hooks and
// keeps only its board, its panels and its actions. The socket's messages and views are in
// tableviews.js, the shared drawing in tabledraw.js, the pieces drawn in tablekit.js.

import { el, icon, button, replace, setTitle, toast } from "./ui.js";
import { tokens } from "./socket.js";
import { seatLabel, startClocks } from "./tablekit.js";
import { play as sound } from "./sound.js";
import { tableLife } from "./tablelife.js";
import { frameSocket } from "./tableviews.js";
import { markSent } from "./pending.js";
import { frameDrawing } from "./tabledraw.js";
import { turnAlert, alertsButton } from "./turnalert.js";
import { keepTaps } from "./taps.js";

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
    preview: null, previewSeq: 0, previewTimer: null, pendingAction: null, pendingMark: null, actionSeq: 0,
    clockSkew: 0, endAnnounced: false,
  }, state);
  // The frame: what tableviews.js and tabledraw.js share with this function (the socket, the
  // clocks, the page and the hooks are set later, by connect and layout).
  const f = { st, id, game, prefix, title, alive: true, hooks: {}, socket: null, clocks: null, page: null };
  const keyHandlers = [];
  let stopTaps = () => {};

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
  // Ended by departures: a resignation or an expulsion (a player out of time).
  const resigned = () => Boolean(st.table && st.table.result && ["resign", "expel"].includes(st.table.result.reason));

  // Chat, resign and rematch: tablelife.js.
  const life = tableLife({
    id, seatName,
    get: () => ({ table: st.table, seat: seated() ? st.seat : null, token: st.token, conn: st.conn }),
    send: (message) => (f.socket ? f.socket.send(message) : false),
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

  // « À vous de jouer » in the tab's title while it is hidden (turnalert.js).
  const alert = turnAlert({ id, tableTitle: title });

  Object.assign(f, {
    alert, life, help, connChip, roleChip, banner, infoBox, endBox, logList,
    seats, seated, seatName, mine, mustAct, ended, resigned, tableWinners,
  });
  const connect = frameSocket(f);
  const { renderRole, renderInfo, renderBanner, showLog, renderEnd, endModal } = frameDrawing(f);

  /** Put the page in `main`: the head, then the main column and the side column. */
  function layout(main, { pageClass, column, side }) {
    const head = el("header", { class: "table-head" },
      el("div", { class: "table-head-title" }, el("h1", { text: title }), roleChip, connChip),
      el("nav", { class: "table-links", "aria-label": "Liens de la table" },
        el("a", { class: "btn ghost small", href: `/regles/${game}`, target: "_blank", rel: "noopener" }, icon("book"), el("span", { text: "Règles" })),
        el("a", { class: "btn ghost small", href: "/lexique", target: "_blank", rel: "noopener" }, icon("search"), el("span", { text: "Dictionnaire" })),
        help ? button("Raccourcis", { kind: "ghost small keys-help", iconName: "keyboard", onClick: help, "aria-label": "Raccourcis clavier" }) : null,
        alertsButton(),
        life.expelBox, life.resignBtn));
    f.page = el("div", { class: pageClass }, head, life.offerBox,
      el("div", { class: "table-layout" }, el("div", { class: "table-main" }, column), el("aside", { class: "table-side" }, side, life.chatBox)));
    replace(main, f.page);
    // A tap on a control that an update redraws between press and release is not lost (taps.js).
    stopTaps = keepTaps(f.page);
    f.clocks = startClocks(f.page, () => ({ table: st.table, skew: st.clockSkew, playing: playing() }), () => {
      if (myClockFirst && mustAct()) return st.seat;
      return actors().length ? actors()[0] : null;
    });
    return f.page;
  }

  // ---- sending ---------------------------------------------------------------------------

  /** Send an action unless one awaits its answer; `pending` is what `st.pendingAction` holds
   * until then. False when not sent (the player is told if the connection is lost). */
  function sendAction(action, pending = action) {
    if (st.pendingAction) return false;
    st.actionSeq += 1;
    if (!f.socket.send({ type: "action", id: `a${st.actionSeq}`, action })) {
      toast("Connexion perdue : reconnexion en cours, réessayez dans un instant.");
      return false;
    }
    markSent(st, `a${st.actionSeq}`, pending);
    if (f.hooks.sent) f.hooks.sent();
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
      f.socket.send({ type: "preview", id: st.previewSeq, action: a });
    }, delay);
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
      f.alive = false;
      f.socket.close();
      f.clocks.stop();
      alert.stop();
      clearTimeout(st.previewTimer);
      for (const onKey of keyHandlers) document.removeEventListener("keydown", onKey);
      stopTaps();
      if (extra) extra();
      for (const d of document.querySelectorAll("dialog.modal")) d.close();
    };
  }

  return {
    st, title, seats, seated, toAct: actors, playing, mustAct, seatName, isBot, busy, ended, life,
    isAlive: () => f.alive, tick: () => f.clocks.tick(),
    connChip, roleChip, banner, infoBox, endBox, logList, logBox,
    layout, connect, sendAction, previewLater, send: (message) => f.socket.send(message),
    renderRole, renderInfo, renderBanner, showLog, renderEnd, endModal, onKeys, cleanup,
  };
}
