// The table's WebSocket: hello/token handshake, keep-alive, automatic reconnection.
//
// The server is authoritative and every "update" carries the complete view, so reconnecting is
// simple: open a new socket, say hello with the seat token again, and the welcome that follows
// is the whole current state. Nothing has to be replayed on the client side. The one exception
// is a game's move log: an update carries only its new entries ("logs": {key: start index}),
// which this socket merges, so pages always receive complete views.

import { readJson, writeJson } from "./api.js";
import { mergeLogs } from "./logmerge.js";

const PING_EVERY = 20000;
const TOKENS = "ludomots.tokens";

/** Seat tokens, one per table id: {seat, token}. */
export const tokens = {
  get(tableId) {
    const all = readJson(TOKENS, {});
    return all[tableId] || null;
  },
  set(tableId, seat, token) {
    const all = readJson(TOKENS, {});
    all[tableId] = { seat, token, at: Date.now() };
    // Keep the store small: the 50 most recent tables.
    const ids = Object.keys(all).sort((a, b) => (all[b].at || 0) - (all[a].at || 0));
    for (const id of ids.slice(50)) delete all[id];
    writeJson(TOKENS, all);
  },
  remove(tableId) {
    const all = readJson(TOKENS, {});
    delete all[tableId];
    writeJson(TOKENS, all);
  },
  has(tableId) {
    return Boolean(this.get(tableId));
  },
};

const BACKOFF = [300, 800, 1500, 3000, 5000, 8000];

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {{token?: string, onMessage: Function, onStatus?: Function}} opts
   *   onStatus receives "connecting" | "open" | "reconnecting" | "closed".
   */
  constructor(tableId, { token = null, onMessage, onStatus = () => {} }) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.attempt = 0;
    this.closedByUs = false;
    this.pingTimer = null;
    this.retryTimer = null;
    this.status = "connecting";
    this._onOnline = () => this.reconnectNow();
    this._onVisible = () => {
      if (document.visibilityState === "visible" && (!this.ws || this.ws.readyState > 1)) {
        this.reconnectNow();
      }
    };
    window.addEventListener("online", this._onOnline);
    document.addEventListener("visibilitychange", this._onVisible);
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  connect() {
    this.closedByUs = false;
    clearTimeout(this.retryTimer);
    this.setStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      // Say hello at once: the server welcomes a spectator if no hello comes quickly.
      ws.send(JSON.stringify(this.token ? { type: "hello", token: this.token } : { type: "hello" }));
      this.attempt = 0;
      this.setStatus("open");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_EVERY);
    });
    ws.addEventListener("message", (event) => {
      if (this.ws !== ws) return;
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (!message || typeof message !== "object") return;
      if (!this.mergeLogs(message)) {
        this.resync(ws);
        return;
      }
      this.onMessage(message);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      clearInterval(this.pingTimer);
      this.ws = null;
      // 4403: origin refused, 4404: no such table. Retrying cannot help.
      if (event.code === 4403 || event.code === 4404) this.closedByUs = true;
      if (this.closedByUs) {
        this.setStatus("closed");
      } else {
        this.scheduleRetry();
      }
    });
    ws.addEventListener("error", () => { /* a close event follows */ });
  }

  /** Complete the logs of an update from those already received (logmerge.js); false on a gap. */
  mergeLogs(message) {
    const logs = mergeLogs(this.logs || {}, message);
    if (logs === null) return false;
    this.logs = logs;
    return true;
  }

  /** Ask for a fresh welcome (it carries the whole view) after a message we cannot use. */
  resync(ws) {
    if (ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify(this.token ? { type: "hello", token: this.token } : { type: "hello" }));
    }
  }

  scheduleRetry() {
    if (this.closedByUs) return;
    const base = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)];
    this.attempt += 1;
    this.setStatus("reconnecting");
    const delay = base + Math.random() * base * 0.3;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  reconnectNow() {
    if (this.closedByUs) return;
    if (this.ws && this.ws.readyState <= 1) return;
    this.attempt = Math.max(this.attempt, 1);
    clearTimeout(this.retryTimer);
    this.connect();
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.onStatus(status);
  }

  get isOpen() {
    return Boolean(this.ws && this.ws.readyState === WebSocket.OPEN);
  }

  /** Send a message; false when the socket is not open (the caller tells the player). */
  send(message) {
    if (!this.isOpen) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Switch to a seat (after joining): a fresh connection whose first message is the hello. */
  useToken(token) {
    this.token = token;
    const old = this.ws;
    this.ws = null; // its close event is ignored
    if (old) {
      try { old.close(1000); } catch { /* already closed */ }
    }
    clearInterval(this.pingTimer);
    this.attempt = 0;
    this.connect();
  }

  close() {
    this.closedByUs = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    window.removeEventListener("online", this._onOnline);
    document.removeEventListener("visibilitychange", this._onVisible);
    if (this.ws) {
      try { this.ws.close(1000); } catch { /* already closed */ }
    }
    this.ws = null;
    this.setStatus("closed");
  }
}
