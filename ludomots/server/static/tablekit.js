// What every table screen shares: seat names and colours, the players' lines, the connection and
// role chips, the join form and the invitation card, the turn banner, the clocks, the
// end-of-game title, links and modal. tablescreen.js puts most of them together for a screen;
// each game's screen keeps its own board, hand, log and result table.

import { el, icon, button, replace, toast, modal, copyText, plural, levelLabel, de } from "./ui.js";
import { joinTable, showError, playerName, recordUrl } from "./api.js";
import { tokens } from "./socket.js";
import { joinAsAccount, joinName, inviteFriendsBox } from "./tableaccount.js";

/** Seat colours cycle through this many CSS classes (seat-0 … seat-3). */
export const SEAT_COLOURS = 4;

const CONN_LABELS = { connecting: "Connexion…", open: "En ligne", reconnecting: "Reconnexion…", closed: "Hors ligne" };

/** A seat's display name: the player's name, "Robot Confirmé", "Place libre" or "Joueur 2". */
export function seatLabel(seats, i) {
  const s = seats[i];
  if (!s) return `Joueur ${Number(i) + 1}`;
  if (s.open) return "Place libre";
  return s.name || (s.kind === "bot" ? `Robot ${levelLabel(s.level)}` : `Joueur ${Number(i) + 1}`);
}

/** The coloured dot and name of a seat, as in logs and result tables. */
export function whoNode(seat, name) {
  return el("span", { class: `log-who seat-${seat % SEAT_COLOURS}` },
    el("span", { class: "dot", "aria-hidden": "true" }), el("span", { text: name }));
}

/** A player's round avatar: a robot, a "+" for a free seat, else the name's initial. */
export function avatarNode(seat, name) {
  return el("span", { class: "avatar", "aria-hidden": "true" },
    seat && seat.kind === "bot" ? icon("robot") : seat && seat.open ? icon("plus")
      : el("span", { text: (name[0] || "?").toUpperCase() }));
}

/**
 * A player's line in the players card: the avatar, the name with "vous", the game's `tags` and
 * "gagnant", the `details` under it, then `after` (beside the score) and the `score`.
 */
export function playerItem({ seat, index, name, me, active, winner, tags = null, details = null, after = null, score }) {
  return el("li", {
    class: ["player", `seat-${index % SEAT_COLOURS}`, active ? "active" : "", me ? "me" : "", winner ? "winner" : "", seat.open ? "open" : ""],
    "aria-current": active ? "true" : undefined, dataset: { seat: String(index) },
  },
  avatarNode(seat, name),
  el("span", { class: "player-main" },
    el("span", { class: "player-name" },
      el("span", { class: "name-text", text: name }),
      me ? el("span", { class: "tag you-tag", text: "vous" }) : null,
      tags,
      winner ? el("span", { class: "tag win-tag" }, icon("trophy"), "gagnant") : null),
    details),
  after,
  el("span", { class: "score-wrap" }, score));
}

export function renderConnChip(chip, status) {
  chip.className = `conn-chip conn-${status}`;
  replace(chip, el("span", { class: "dot", "aria-hidden": "true" }), el("span", { text: CONN_LABELS[status] || status }));
}

/** "Vous : Alice" in the seat's colour, or "Spectateur". */
export function renderRoleChip(chip, seat, name) {
  chip.hidden = false;
  if (seat !== null && seat !== undefined) {
    replace(chip, icon("user"), el("span", { text: `Vous : ${name}` }));
    chip.className = `chip role-chip seat-${seat % SEAT_COLOURS}`;
  } else {
    replace(chip, icon("eye"), el("span", { text: "Spectateur" }));
    chip.className = "chip role-chip spectator";
  }
}

/** The join form's name field, with the name the player last used. */
export function joinNameField() {
  return el("input", { id: "join-name", type: "text", required: true, maxlength: "24", value: playerName.get(), autocomplete: "nickname", placeholder: "Votre nom" });
}

/**
 * Before the game: the join form for a visitor when a seat is free, else the invitation link.
 * `onJoined(res)` receives the join answer ({seat, token}) once the seat is taken; the token is
 * already stored and the socket switched to it. `nameInput`: the name field to put in the form
 * (a screen keeps one across redraws, so that a view arriving never wipes the name typed).
 */
export function joinPanel({ id, table, seated, seatName, socket, onJoined, nameInput = null }) {
  const seats = Array.isArray(table.seats) ? table.seats : [];
  const openSeats = seats.filter((s) => s.open).length;
  if (!seated && table.status === "waiting" && openSeats > 0) {
    nameInput = nameInput || joinNameField();
    const joinBtn = button("Rejoindre la table", { kind: "primary", iconName: "plus", type: "submit" });
    const nameLabel = el("label", { for: "join-name", class: "visually-hidden", text: "Votre nom" });
    const form = el("form", { class: "card join-card" },
      el("h2", { class: "card-title", text: openSeats > 1 ? `${openSeats} places sont libres à cette table` : "Une place est libre à cette table" }),
      el("p", { class: "muted", text: `Joueurs : ${seats.map((s, i) => (s.open ? "place libre" : seatName(i))).join(", ")}.` }),
      el("div", { class: "inline" }, nameLabel, nameInput, joinBtn));
    joinAsAccount(nameInput, nameInput);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = joinName(nameInput.value.trim());
      if (!name) { toast("Indiquez votre nom pour rejoindre la table."); nameInput.focus(); return; }
      joinBtn.disabled = true;
      try {
        const res = await joinTable(id, name);
        if (name === nameInput.value.trim()) playerName.set(name);
        tokens.set(id, res.seat, res.token);
        onJoined(res);
        socket.useToken(res.token);
        toast("Vous avez rejoint la table. Bonne partie !", { kind: "success" });
      } catch (err) {
        showError(err);
        joinBtn.disabled = false;
      }
    });
    return form;
  }
  if (table.status !== "waiting") return null;
  const url = `${location.origin}/table/${encodeURIComponent(id)}`;
  const linkField = el("input", { type: "text", readonly: true, value: url, class: "invite-link", "aria-label": "Lien d’invitation", onfocus: (e) => e.target.select() });
  return el("section", { class: "card invite-card", "aria-labelledby": "invite-title" },
    el("h2", { class: "card-title", id: "invite-title" }, icon("link"), el("span", { text: "Invitez vos adversaires" })),
    el("p", { class: "muted", text: `La partie commence dès que ${openSeats > 1 ? `les ${openSeats} places libres sont prises` : "la place libre est prise"}. Envoyez ce lien :` }),
    el("div", { class: "inline" }, linkField,
      button("Copier le lien", { kind: "primary", iconName: "copy", onClick: async () => {
        const ok = await copyText(url);
        toast(ok ? "Lien copié : envoyez-le à vos adversaires." : "Copie impossible : sélectionnez le lien et copiez-le.", { kind: ok ? "success" : "error" });
      } })),
    seated ? inviteFriendsBox(id, table) : null);
}

/** The banner's text once the game is over, from the winners' seats. */
export function overText(winners, seat, seatName) {
  const mine = seat !== null && seat !== undefined && winners.includes(seat);
  if (mine) return winners.length > 1 ? "Partie terminée : égalité, vous partagez la victoire !" : "Partie terminée : vous avez gagné !";
  if (winners.length) return `Partie terminée : victoire ${de(winners.map(seatName).join(" et "))}.`;
  return "Partie terminée.";
}

/** Names of the seats to act, as the banner says it while waiting for them. */
export function waitingText(names, bots, verb = "Au tour") {
  if (!names.length) return "…";
  return bots ? `${names.join(", ")} ${names.length > 1 ? "réfléchissent" : "réfléchit"}…` : `${verb} ${de(names.join(", "))}`;
}

/** Fill the turn banner: kind is "you" | "wait" | "over" | "error" (its colour and icon). */
export function renderBanner(banner, { kind, text, sub = null, extra = null }) {
  banner.className = `table-banner banner-${kind}`;
  replace(banner,
    el("span", { class: "banner-icon", "aria-hidden": "true" }, icon(kind === "you" ? "play" : kind === "over" ? "trophy" : kind === "error" ? "info" : "clock")),
    el("span", { class: "banner-body" },
      el("strong", { class: "banner-text", text }),
      sub ? el("span", { class: "banner-sub", text: sub }) : null,
      extra),
    el("span", { class: "banner-clock", dataset: { clockFor: "turn" } }));
}

/** The download link of a finished table's record (the end card's; tablelife.js has the
 * rematch, replay and lobby buttons). */
export function endLinks(id, game) {
  return el("div", { class: "row-actions" },
    el("a", { class: "btn ghost", href: recordUrl(id), download: `${game}-${id}.json` }, icon("download"), el("span", { text: "Télécharger la partie (JSON)" })));
}

/** The end-of-game modal: who won, then the game's own content (result table, links). */
export function showEndModal({ winners, seat, seatName, content }) {
  let title;
  if (seat !== null && seat !== undefined && winners.includes(seat)) title = winners.length > 1 ? "Égalité, victoire partagée !" : "Bravo, vous avez gagné !";
  else if (winners.length) title = `Victoire ${de(winners.map(seatName).join(" et "))}`;
  else title = "Partie terminée";
  return modal({ title, className: "end-modal", content });
}

/** The keyboard-shortcut help: [[key, what it does], ...]. */
export function showKeysHelp(rows, intro = null) {
  modal({
    title: "Raccourcis clavier",
    content: el("div", {}, intro ? el("p", { class: "muted", text: intro }) : null,
      el("dl", { class: "keys" }, rows.map(([k, v]) => [el("dt", {}, el("kbd", { text: k })), el("dd", { text: v })]))),
  });
}

/**
 * The table clocks: every `[data-clock-seat]` node shows that seat's time left (its bank in
 * Fischer), every `[data-clock-due]` node the time until that seat's next deadline, whatever
 * sets it (a rule's sand-glass, such as Awalettres' panic, or the table's clock), and every
 * `[data-clock-for="turn"]` node the deadline of `turnSeat()`. `get()` returns {table, skew,
 * playing}. Returns a stop function.
 */
export function startClocks(root, get, turnSeat) {
  const tick = () => {
    const { table, skew, playing } = get();
    const clock = table && table.clock;
    const nodes = root.querySelectorAll("[data-clock-seat], [data-clock-for], [data-clock-due]");
    const deadlines = clock && Array.isArray(clock.deadlines) ? clock.deadlines : null;
    if (!deadlines || !deadlines.some(Boolean) || !playing) {
      for (const n of nodes) n.textContent = "";
      return;
    }
    const now = Date.now() + skew;
    // Fischer: a seat's clock shows its bank, counting down while it must act, still
    // otherwise; the turn clock shows the deadline (a rules' sand-glass may come sooner).
    const banks = clock.mode === "fischer" && Array.isArray(clock.banks) ? clock.banks : null;
    const bankEnds = banks && Array.isArray(clock.bank_deadlines) ? clock.bank_deadlines : [];
    for (const n of nodes) {
      const turn = n.dataset.clockFor === "turn";
      const due = n.dataset.clockDue !== undefined;
      const seat = turn ? turnSeat() : Number(due ? n.dataset.clockDue : n.dataset.clockSeat);
      const known = seat !== null && seat !== undefined;
      const bank = Boolean(!turn && !due && banks && known);
      let deadline = known ? deadlines[seat] : null;
      if (bank && bankEnds[seat]) deadline = bankEnds[seat];
      n.classList.toggle("bank-idle", bank && !deadline && banks[seat] !== undefined);
      if (!deadline && bank && banks[seat] !== undefined && banks[seat] !== null) {
        const still = Math.ceil(banks[seat] / 1000);
        n.textContent = `${Math.floor(still / 60)}:${String(still % 60).padStart(2, "0")}`;
        n.classList.remove("low");
        n.setAttribute("aria-label", `Réserve : ${plural(still, "seconde")}`);
        continue;
      }
      if (!deadline) { n.textContent = ""; n.classList.remove("low"); continue; }
      const left = Math.max(0, Math.ceil((deadline - now) / 1000));
      n.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      n.classList.toggle("low", left <= 10);
      n.setAttribute("aria-label", `${plural(left, "seconde")} restantes`);
    }
  };
  const timer = setInterval(tick, 250);
  return { tick, stop: () => clearInterval(timer) };
}
