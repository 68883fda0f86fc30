// The life around a game, the same at every table (issue 19): the chat panel (kept by the
// server, the last lines come with the welcome; players may mute a player for themselves), the
// « Abandonner » button with its confirmation, « Expulser » for a player whose time is up,
// and the rematch (asked from the end of the game,
// offered to the others when someone asked). tablescreen.js creates it and hands it the
// socket's messages; a game's screen needs nothing of its own for it.

import { el, icon, button, replace, toast, confirmModal, levelLabel } from "./ui.js";
import { api, showError, readJson, writeJson } from "./api.js";
import { tokens } from "./socket.js";
import { SEAT_COLOURS } from "./tablekit.js";
import { play as sound } from "./sound.js";

const MUTED = "ludomots.muted";
const CHAT_KEPT = 200;

/** Names muted by this browser, for every table (a player mutes a person, not a seat). */
const muted = {
  all() { const list = readJson(MUTED, []); return Array.isArray(list) ? list : []; },
  has(name) { return this.all().includes(name); },
  toggle(name) {
    const list = this.all();
    const next = list.includes(name) ? list.filter((n) => n !== name) : [...list, name].slice(-100);
    writeJson(MUTED, next);
  },
};

/** The create form's choice of what a resignation does at 3 players or more (hidden below 3):
 * a bot of a level takes the seat over, or the game ends on the scores. */
export function resignField(levels) {
  const select = el("select", { id: "create-resign", name: "resign", "aria-describedby": "create-resign-help" },
    levels.map((lv) => el("option", { value: `bot:${lv}`, selected: lv === (levels.includes("confirme") ? "confirme" : levels[0]), text: `Un robot ${levelLabel(lv).toLowerCase()} prend sa place` })),
    el("option", { value: "score", text: "La partie s’arrête sur les scores" }));
  const node = el("div", { class: "field resign-field" },
    el("label", { for: "create-resign", text: "Si un joueur abandonne" }), select,
    el("p", { class: "help", id: "create-resign-help", text: "À trois joueurs ou plus, celui qui abandonne est classé dernier. À deux, l’autre gagne." }));
  return {
    node,
    repaint(players) { node.hidden = players < 3; },
    value() {
      if (node.hidden) return null;
      return select.value === "score" ? { mode: "score" } : { mode: "bot", level: select.value.slice(4) };
    },
  };
}

export const requestRematch = (id, token) => api(`/api/tables/${encodeURIComponent(id)}/rematch`, { method: "POST", body: { token } });

/**
 * `id`: the table; `get()` gives {table, seat, token, conn} now; `send(message)` sends on the
 * table socket (false when closed); `seatName(i)`.
 */
export function tableLife({ id, get, send, seatName }) {
  let lines = [];
  let lastId = -1;

  // ---- chat ------------------------------------------------------------------------------

  const list = el("ol", { class: "chat-list", "aria-live": "polite" });
  const input = el("input", {
    type: "text", maxlength: "300", placeholder: "Écrire un message…", "aria-label": "Message",
    autocomplete: "off", class: "chat-input",
  });
  const form = el("form", { class: "chat-form" }, input,
    el("button", { class: "btn small", type: "submit", "aria-label": "Envoyer le message" }, icon("send"), el("span", { class: "btn-label", text: "Envoyer" })));
  const note = el("p", { class: "muted small chat-note", text: "Les spectateurs lisent la discussion ; seuls les joueurs peuvent écrire.", hidden: true });
  const mutes = el("div", { class: "chat-mutes" });
  const hiddenNote = el("p", { class: "muted small chat-hidden", hidden: true });
  const chatBox = el("section", { class: "card table-chat", "aria-labelledby": "chat-title" },
    el("h2", { class: "card-title", id: "chat-title" }, icon("chat"), el("span", { text: "Discussion" })),
    mutes, el("div", { class: "chat-scroll" }, list), hiddenNote, form, note);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (!send({ type: "chat", text: text.slice(0, 300) })) {
      toast("Connexion perdue : message non envoyé.");
      return;
    }
    input.value = "";
  });

  const mineLine = (line) => {
    const { seat } = get();
    return seat !== null && seat !== undefined ? line.seat === seat : line.seat === leftSeat();
  };
  const leftSeat = () => { const t = get().table; return t && t.left !== undefined ? t.left : null; };

  function lineNode(line) {
    const seat = line.seat;
    const who = seat !== null && seat !== undefined;
    return el("li", { class: ["chat-msg", mineLine(line) ? "mine" : "", who ? `seat-${seat % SEAT_COLOURS}` : "spectator"], dataset: { name: line.name || "" } },
      el("span", { class: "chat-name", text: line.name || (who ? seatName(seat) : "Spectateur") }),
      el("span", { class: "chat-text", text: String(line.text || "") }));
  }

  function renderChat() {
    const shown = lines.filter((l) => !muted.has(l.name));
    replace(list, shown.map(lineNode));
    const hidden = lines.length - shown.length;
    hiddenNote.hidden = hidden === 0;
    hiddenNote.textContent = hidden === 1 ? "1 message masqué." : `${hidden} messages masqués.`;
    const scroller = list.parentElement;
    scroller.scrollTop = scroller.scrollHeight;
  }

  /** The mute buttons: one per other human player of the table. */
  function renderMutes() {
    const { table, seat } = get();
    const me = seat !== null && seat !== undefined ? seat : leftSeat();
    const names = new Set();
    for (const s of (table && table.seats) || []) {
      if (s.kind === "human" && !s.open && s.name && s.seat !== me) names.add(s.name);
    }
    for (const d of (table && table.departures) || []) if (d.seat !== me) names.add(d.name);
    replace(mutes, [...names].map((name) => {
      const off = muted.has(name);
      return button(off ? `Réafficher ${name}` : `Masquer ${name}`, {
        kind: "ghost small chat-mute", iconName: off ? "eye" : "close", "aria-pressed": off ? "true" : "false",
        onClick: () => { muted.toggle(name); renderMutes(); renderChat(); },
      });
    }));
  }

  function canWrite() {
    const { seat, token } = get();
    return (seat !== null && seat !== undefined) || (Boolean(token) && leftSeat() !== null);
  }

  // ---- resign ----------------------------------------------------------------------------

  const resignBtn = button("Abandonner", { kind: "ghost small resign-btn", iconName: "flag", onClick: () => askResign() });
  resignBtn.hidden = true;

  function resignText() {
    const { table } = get();
    const players = (table.seats || []).length;
    if (players <= 2) return "Votre adversaire remporte la partie. Cette décision est définitive.";
    const humans = (table.seats || []).filter((s) => s.kind === "human" && !s.departed).length;
    if (humans <= 1) return "Vous êtes le dernier joueur humain : la partie s’arrête et vous êtes classé dernier.";
    if (table.resign && table.resign.mode === "score") return "Vous serez classé dernier et la partie s’arrête sur les scores actuels.";
    return `Vous serez classé dernier ; un robot ${levelLabel(table.resign ? table.resign.level : "confirme").toLowerCase()} reprend votre place et les autres continuent.`;
  }

  async function askResign() {
    if (!await confirmModal("Abandonner la partie ?", resignText(), "Abandonner", { kind: "danger", iconName: "flag" })) return;
    if (!send({ type: "resign" })) toast("Connexion perdue : réessayez dans un instant.");
  }

  // ---- expel (a player whose time is up) ------------------------------------------------

  const expelBox = el("span", { class: "expel-box" });

  /** One « Expulser » button per other human still playing whose time is up (the server's
   * `clock.out_of_time`); the server refuses it otherwise. */
  function renderExpel() {
    const { table, seat } = get();
    const seated = seat !== null && seat !== undefined;
    const late = (table && table.status === "playing" && seated && table.clock && table.clock.out_of_time) || [];
    const targets = late.filter((s) => s !== seat && table.seats[s] && table.seats[s].kind === "human" && !table.seats[s].departed);
    replace(expelBox, targets.map((s) => button(`Expulser ${seatName(s)}`, {
      kind: "ghost small expel-btn", iconName: "close", dataset: { seat: String(s) }, onClick: () => askExpel(s),
    })));
  }

  function expelText(s) {
    const { table } = get();
    if ((table.seats || []).length <= 2) return `Son temps est écoulé. Vous remportez la partie.`;
    if (table.resign && table.resign.mode === "score") return "Son temps est écoulé. Il est classé dernier et la partie s’arrête sur les scores actuels.";
    return `Son temps est écoulé. Il est classé dernier ; un robot ${levelLabel(table.resign ? table.resign.level : "confirme").toLowerCase()} reprend sa place.`;
  }

  async function askExpel(s) {
    if (!await confirmModal(`Expulser ${seatName(s)} ?`, expelText(s), "Expulser", { kind: "danger", iconName: "close" })) return;
    if (!send({ type: "expel", seat: s })) toast("Connexion perdue : réessayez dans un instant.");
  }

  // ---- rematch ---------------------------------------------------------------------------

  let offered = null; // {table, url, name}: a rematch someone asked for
  let asking = false;
  const offerBox = el("div", { class: "rematch-offer", role: "status", hidden: true });

  /** Ask for (or join) the rematch with this browser's token, then go to its table. */
  async function rematch() {
    const saved = tokens.get(id);
    if (!saved || asking) return;
    asking = true;
    try {
      const res = await requestRematch(id, saved.token);
      tokens.set(res.table, res.seat, res.token);
      location.assign(res.url);
    } catch (err) {
      asking = false;
      showError(err);
    }
  }

  function renderOffer() {
    const { table } = get();
    const target = offered || (table && table.rematch ? { table: table.rematch, url: `/table/${encodeURIComponent(table.rematch)}`, name: null } : null);
    offerBox.hidden = !target;
    if (!target) return;
    const mine = tokens.has(id);
    replace(offerBox, icon("replay"),
      el("span", { text: target.name ? `${target.name} propose une revanche.` : "Une revanche a été proposée." }),
      mine ? button("Rejoindre la revanche", { kind: "primary small rematch-join", iconName: "play", onClick: rematch })
        : el("a", { class: "btn small", href: target.url, text: "Suivre la revanche" }));
  }

  /** Rematch, replay and back to the lobby: the end of the game's buttons. */
  function endActions() {
    const has = tokens.has(id);
    return el("div", { class: "row-actions end-actions" },
      has ? button("Revanche", { kind: "primary rematch-btn", iconName: "replay", onClick: rematch }) : null,
      el("a", { class: "btn", href: `/partie/${encodeURIComponent(id)}/revoir` }, icon("replay"), el("span", { text: "Revoir la partie" })),
      el("a", { class: "btn ghost", href: "/" }, icon("door"), el("span", { text: "Retour au salon" })));
  }

  // ---- what the screen calls -------------------------------------------------------------

  return {
    chatBox, resignBtn, expelBox, offerBox, endActions, rematch,
    /** The welcome's kept lines replace what the page had. */
    welcome(chat) {
      lines = Array.isArray(chat) ? chat.slice(-CHAT_KEPT) : [];
      lastId = lines.length ? Number(lines[lines.length - 1].id ?? -1) : -1;
      renderChat();
    },
    chat(msg) {
      if (typeof msg.id === "number") {
        if (msg.id <= lastId) return;
        lastId = msg.id;
      }
      lines.push({ id: msg.id, seat: msg.seat, name: msg.name, text: msg.text, at: msg.at });
      if (lines.length > CHAT_KEPT) lines.shift();
      if (!mineLine(msg) && !muted.has(msg.name)) sound("chat");
      renderChat();
    },
    rematchOffered(msg) {
      offered = { table: msg.table, url: msg.url, name: msg.name };
      renderOffer();
      const saved = tokens.get(id);
      if (!saved || saved.seat !== msg.seat) toast(`${msg.name} propose une revanche.`, { kind: "info" });
    },
    /** After every view: who may write, resign, rejoin. */
    render() {
      const { table, seat } = get();
      const seated = seat !== null && seat !== undefined;
      form.hidden = !canWrite();
      note.hidden = canWrite();
      resignBtn.hidden = !(seated && table && table.status === "playing");
      renderExpel();
      renderMutes();
      renderOffer();
    },
  };
}
