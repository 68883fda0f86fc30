// Topword's table screen, the move log: kept in the browser, merged from the events of
// each view, and the toasts they give.
// Each function takes the screen object `s` first (panels.js).

import { toast } from "../../ui.js";
import { readJson, writeJson } from "../../api.js";
import { LOG_KEY } from "./texts.js";

export function loadLog(s) {
  const { id } = s;
  const data = readJson(LOG_KEY(id), null);
  return data && Array.isArray(data.entries) ? data : null;
}

export function saveLog(s) {
  const { id, st } = s;
  writeJson(LOG_KEY(id), { actions: st.logActions, partial: st.logPartial, entries: st.log.slice(-300) });
  // Remember logs of the 20 most recent tables only.
  const index = readJson("ludomots.logs", {});
  index[id] = Date.now();
  const ids = Object.keys(index).sort((a, b) => index[b] - index[a]);
  for (const old of ids.slice(20)) {
    delete index[old];
    try { localStorage.removeItem(LOG_KEY(old)); } catch { /* private mode */ }
  }
  writeJson("ludomots.logs", index);
}

export function entryFromLast(s, last) {
  if (!last) return null;
  if (last.type === "play") return { kind: "play", seat: last.seat, notation: last.notation, words: last.words || [], score: last.score, bonus: last.bonus_letters, all: last.all_tiles_bonus };
  // A pass the clock played is a timeout, never shown as a voluntary pass (issue 19).
  if (last.type === "pass") return { kind: "pass", seat: last.seat, exchanged: last.exchanged, timeout: Boolean(last.timeout) };
  if (last.type === "taken_back") return { kind: "taken_back", seat: last.seat, words: last.words || [] };
  return null;
}

/** A challenge's verdict, coloured for this player: green when it is good news for them
 * (their word stays, or the word they contested goes), red when bad (their word is
 * removed, or their challenge fails), neutral for a spectator or between others. */
export function challengeToast(s, d) {
  const { seated, st, seatName } = s;
  const byMe = seated() && d.seat === st.seat;
  const againstMe = seated() && d.against === st.seat;
  const who = byMe ? "Vous contestez" : `${seatName(d.seat)} conteste`;
  const word = againstMe ? "votre mot" : "le mot";
  const text = d.upheld ? `${who} : ${word} est refusé, il est retiré du plateau.` : `${who} : ${word} est valable, il reste.`;
  const good = d.upheld ? byMe : againstMe;
  const bad = d.upheld ? againstMe : byMe;
  toast(text, { kind: good ? "success" : bad ? "error" : "info" });
}

export function toastEvents(s, events) {
  const { challengeToast, st } = s;
  for (const ev of events) {
    const d = ev.data || {};
    if (ev.type === "challenge") {
      challengeToast(d);
    } else if (ev.type === "seat_joined" && d.seat !== st.seat) {
      toast(`${d.name || "Un joueur"} a rejoint la table.`, { kind: "info" });
    }
  }
}

export function ingestLog(s, events, initial) {
  const { st, entryFromLast, toastEvents, renderLog, loadLog, challengeToast, saveLog } = s;
  const actions = st.table.actions || 0;
  const history = st.game.history || st.table.history;
  if (Array.isArray(history)) {
    // The view carries the whole public history: the log is rebuilt from it, and events
    // only raise toasts.
    st.log = [];
    for (const h of history) {
      if (h.type === "challenge") {
        if (h.upheld) {
          for (let i = st.log.length - 1; i >= 0; i--) {
            if (st.log[i].kind === "play" && st.log[i].seat === h.against) { st.log[i].contested = true; break; }
          }
        }
        st.log.push({ kind: "challenge", seat: h.seat, against: h.against, upheld: Boolean(h.upheld), words: h.words || [] });
      } else if (h.type !== "taken_back") {
        const entry = entryFromLast(h);
        if (entry) st.log.push(entry);
      }
    }
    if (st.game.over) st.log.push({ kind: "end", reason: st.game.end_reason });
    st.logPartial = false;
    st.logActions = actions;
    if (!initial) toastEvents(events);
    renderLog();
    return;
  }
  if (initial) {
    const saved = loadLog();
    if (saved && saved.actions <= actions && !(saved.actions === 0 && actions === 0 && saved.entries.length && st.game && !st.game.last)) {
      st.log = saved.entries;
      st.logPartial = saved.partial;
      st.logActions = saved.actions;
    } else if (!st.log.length) {
      st.log = [];
      st.logPartial = false;
      st.logActions = 0;
    }
    if (actions > st.logActions) {
      // We missed what happened meanwhile; the last action is known from the view.
      const entry = entryFromLast(st.game.last);
      if (actions - st.logActions === 1 && entry) st.log.push(entry);
      else {
        st.logPartial = true;
        if (entry) st.log.push({ ...entry, gapBefore: true });
      }
    }
  }
  for (const ev of events) {
    const d = ev.data || {};
    switch (ev.type) {
      case "play":
        st.log.push({ kind: "play", seat: d.seat, notation: d.notation, words: d.words || [], score: d.score, bonus: d.bonus_letters, all: d.all_tiles_bonus });
        break;
      case "pass":
        st.log.push({ kind: "pass", seat: d.seat, exchanged: Boolean(d.exchanged), timeout: st.timeoutSeat === d.seat });
        st.timeoutSeat = null;
        break;
      case "timeout":
        st.timeoutSeat = d.seat;
        break;
      case "challenge": {
        if (d.upheld) {
          for (let i = st.log.length - 1; i >= 0; i--) {
            if (st.log[i].kind === "play" && st.log[i].seat === d.against) { st.log[i].contested = true; break; }
          }
        }
        st.log.push({ kind: "challenge", seat: d.seat, against: d.against, upheld: Boolean(d.upheld), words: d.words || [] });
        if (!initial) {
          challengeToast(d);
        }
        break;
      }
      case "game_over":
        st.log.push({ kind: "end", reason: d.reason });
        break;
      case "seat_joined":
        st.log.push({ kind: "joined", seat: d.seat, name: d.name });
        if (!initial && d.seat !== st.seat) toast(`${d.name || "Un joueur"} a rejoint la table.`, { kind: "info" });
        break;
      default:
        break;
    }
  }
  st.logActions = actions;
  saveLog();
}
