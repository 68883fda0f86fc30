// The player's account in this browser (issue 20): who is logged in (the session cookie is
// HttpOnly, so the page asks /api/me), the account API, and the personal socket /ws/me that
// brings invitations while any page is open (and keeps the player "online" for friends).
//
// Screens listen with onAccount(fn) (called at once and at every change: log in, log out) and
// onPersonal(fn) (every /ws/me message: "welcome" with the pending invitations, "invite").

import { api, ApiError, readJson } from "./api.js";

const enc = encodeURIComponent;
const TOKENS = "ludomots.tokens";

let current = null; // {name, profile, games, invites} or null (a guest)
let known = false; // whether the server has answered once
let loaded = null; // the promise of the first /api/me
const accountListeners = new Set();
const personalListeners = new Set();

/** The logged-in account ({name, profile, ...}) or null; undefined before the first answer. */
export function account() {
  return known ? current : undefined;
}

/** Resolves once the browser knows whether it is logged in (the account or null). */
export function accountReady() {
  if (loaded === null) loaded = refreshMe();
  return loaded;
}

/** Ask the server again: the account and « Mes parties » (games, invitations). */
export async function refreshMe() {
  let me = null;
  try {
    me = await api("/api/me");
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) {
      if (current) return current; // a network hiccup does not log anyone out
    }
    me = null;
  }
  setAccount(me);
  return current;
}

function setAccount(me) {
  const before = current ? current.name : null;
  const changed = !known || (me ? me.name : null) !== before; // first answer, or another player
  current = me;
  known = true;
  if (loaded === null) loaded = Promise.resolve(me);
  personal.follow(current);
  for (const fn of accountListeners) {
    try { fn(current, changed); } catch (err) { console.error(err); }
  }
}

/** fn(account, changed): at once with what is known, then at every refresh. Returns "stop". */
export function onAccount(fn) {
  accountListeners.add(fn);
  if (known) fn(current, true);
  else accountReady();
  return () => accountListeners.delete(fn);
}

/** fn(message) for every message of /ws/me. Returns "stop". */
export function onPersonal(fn) {
  personalListeners.add(fn);
  return () => personalListeners.delete(fn);
}

/** The seats this browser holds as a guest: what a new account (or a login) claims. */
export function heldSeats() {
  const all = readJson(TOKENS, {});
  return Object.entries(all)
    .filter(([table, v]) => table && v && typeof v.token === "string")
    .sort((a, b) => (b[1].at || 0) - (a[1].at || 0))
    .slice(0, 200)
    .map(([table, v]) => ({ table, token: v.token }));
}

export async function signUp(name, password) {
  const res = await api("/api/account", { method: "POST", body: { name, password, seats: heldSeats() } });
  await refreshMe();
  return res;
}

export async function logIn(name, password) {
  const res = await api("/api/session", { method: "POST", body: { name, password, seats: heldSeats() } });
  await refreshMe();
  return res;
}

export async function logOut() {
  await api("/api/session", { method: "DELETE" });
  setAccount(null);
}

export async function logOutEverywhere() {
  const res = await api("/api/sessions", { method: "DELETE" });
  setAccount(null);
  return res;
}

export async function deleteAccount(password) {
  const res = await api("/api/account", { method: "DELETE", body: { password } });
  setAccount(null);
  return res;
}

export const exportUrl = "/api/me/export";
export const getFollows = () => api("/api/follows");
export const follow = (name) => api("/api/follows", { method: "POST", body: { name } });
export const unfollow = (name) => api(`/api/follows/${enc(name)}`, { method: "DELETE" });
export const invite = (table, name) => api(`/api/tables/${enc(table)}/invite`, { method: "POST", body: { name } });
export const resumeSeat = (table) => api(`/api/tables/${enc(table)}/resume`, { method: "POST" });

// ---- bots' calibrated ratings (« Expert ≈ 1850 ») -------------------------------------------

let botRatings = null;

/** {game: {class: {level: {rating, provisional, games}}}}, fetched once ({} when unavailable). */
export function getBotRatings() {
  if (!botRatings) botRatings = api("/api/bots/ratings").catch(() => ({}));
  return botRatings;
}

/** The rating class of a table of `players` seats: "2", "3-4", "5-8" (docs/ratings.md). */
export function ratingClass(players) {
  if (players <= 2) return "2";
  return players <= 4 ? "3-4" : "5-8";
}

/** The bot's rating at that game and table size, or null when the server has none. */
export function botRating(ratings, game, players, level) {
  const entry = ratings && ratings[game] && ratings[game][ratingClass(players)]
    && ratings[game][ratingClass(players)][level];
  return entry && typeof entry.rating === "number" ? entry : null;
}

// ---- the personal socket ---------------------------------------------------------------------

const PING_EVERY = 25000;
const BACKOFF = [1000, 3000, 8000, 15000];

const personal = {
  ws: null,
  name: null,
  attempt: 0,
  timer: null,
  ping: null,

  /** Open the socket for this account, close it for a guest. */
  follow(me) {
    const name = me ? me.name : null;
    if (name === this.name) return;
    this.close();
    this.name = name;
    if (name) this.connect();
  },

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    let ws;
    try { ws = new WebSocket(`${proto}//${location.host}/ws/me`); } catch { this.retry(); return; }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      clearInterval(this.ping);
      this.ping = setInterval(() => { if (ws.readyState === 1) ws.send(JSON.stringify({ type: "ping" })); }, PING_EVERY);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (!message || typeof message !== "object" || message.type === "pong") return;
      for (const fn of personalListeners) {
        try { fn(message); } catch (err) { console.error(err); }
      }
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      clearInterval(this.ping);
      this.ws = null;
      // 4401: the session is gone (logged out elsewhere); 4403: refused origin.
      if (event.code === 4401) { refreshMe(); return; }
      if (event.code !== 4403 && this.name) this.retry();
    });
  },

  retry() {
    clearTimeout(this.timer);
    const delay = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)];
    this.attempt += 1;
    this.timer = setTimeout(() => { if (this.name && !this.ws) this.connect(); }, delay);
  },

  close() {
    clearTimeout(this.timer);
    clearInterval(this.ping);
    const ws = this.ws;
    this.ws = null;
    if (ws) { try { ws.close(1000); } catch { /* already closed */ } }
  },
};
