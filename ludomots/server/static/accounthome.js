// The home page's account section (issue 20): for a guest, the log-in and sign-up forms (a new
// account claims the games this browser played as a guest); for a player, « Mes parties »
// (their live tables, whose turn, invitations) and their friends (who is online, follow
// someone). Also the leaderboards' links, and the create form's account parts: the rated
// switch, no name to type, bots' calibrated ratings beside their levels.

import { el, icon, button, replace, toast, plural, levelLabel, timeAgo } from "./ui.js";
import { showError, getGames } from "./api.js";
import { tokens } from "./socket.js";
import { navigate } from "./nav.js";
import {
  account, onAccount, onPersonal, refreshMe, heldSeats, signUp, logIn,
  getFollows, follow, resumeSeat, getBotRatings, botRating,
} from "./account.js";
import { profileUrl } from "./accountbar.js";
import { guestGames, mergeGames } from "./mygames.js";

// « Mes parties » follows /ws/me (invitations, turns, ends); this slow refresh is a fallback.
const REFRESH = 60000;
const REFRESHING = new Set(["welcome", "invite", "turn", "table_over"]);
export const PASSWORD_RULE = "Au moins 10 caractères. Une phrase de quelques mots, facile à retenir, fait très bien l’affaire ; évitez votre nom, les répétitions et les mots de passe courants.";

/** The section (id "compte") and its cleanup. */
export function accountSection() {
  const body = el("div", { class: "account-home" });
  const section = el("section", { class: "section", id: "compte", "aria-labelledby": "compte-titre" },
    el("h2", { id: "compte-titre", class: "section-title", text: "Votre compte" }), body,
    leaderboardLinks());
  let alive = true;
  let timer = null;
  let shownFor;
  let panels = null;
  // This browser's guest seats (mygames.js): in the account's « Mes parties », or a guest's own.
  let held = [];
  const guestCard = guestGamesCard();
  const withHeld = (me) => ({ ...me, games: mergeGames(me.games, held) });
  const stopAccount = onAccount((me, changed) => {
    if (!alive) return;
    const title = section.querySelector("#compte-titre");
    title.textContent = me ? "Mes parties" : "Votre compte";
    if (me && shownFor === me.name && panels) panels.update(withHeld(me)); // the follow form keeps its text
    else if (me) { panels = playerPanels(withHeld(me)); replace(body, panels.node); }
    else if (changed || shownFor !== null) { panels = null; replace(body, guestCard.node, guestForms()); }
    shownFor = me ? me.name : null;
  });
  const loadHeld = async () => {
    try {
      [held] = await Promise.all([guestGames(), loadTitles().catch(() => null)]); // rows name games
    } catch { return; } // the lists stay as they were
    if (!alive) return;
    const me = account();
    if (me && panels) panels.update(withHeld(me));
    guestCard.update(held);
  };
  loadHeld();
  const stopPersonal = onPersonal((message) => {
    if (REFRESHING.has(message.type)) refreshMe();
  });
  const tick = () => {
    timer = setTimeout(async () => {
      if (!alive) return;
      if (document.visibilityState === "visible") {
        if (account()) await refreshMe();
        await loadHeld();
      }
      if (alive) tick();
    }, REFRESH);
  };
  tick();
  requestAnimationFrame(() => { if (location.hash === "#compte") section.scrollIntoView(); });
  return {
    node: section,
    cleanup: () => { alive = false; clearTimeout(timer); stopAccount(); stopPersonal(); },
  };
}

// ---- a guest: « Mes parties » of this browser, log in, sign up -------------------------------

/** The games this browser holds seats in, drawn as the account's; hidden while there are none. */
function guestGamesCard() {
  const list = el("ul", { class: "my-games-list" });
  const node = el("div", { class: "card my-games guest-games", hidden: true },
    el("h3", { class: "card-title" }, icon("play"), el("span", { text: "Mes parties en cours" })), list);
  return {
    node,
    update(games) {
      node.hidden = !games.length;
      replace(list, games.map(myGameRow));
    },
  };
}

function guestForms() {
  return el("div", { class: "account-forms" },
    credentialsForm({
      id: "login", title: "Se connecter", submitLabel: "Se connecter", autocomplete: "current-password",
      intro: "Retrouvez vos parties, vos classements et vos amis sur tous vos appareils.",
      send: logIn, done: (me) => `Bienvenue, ${me.name} !`,
    }),
    credentialsForm({
      id: "signup", title: "Créer un compte", submitLabel: "Créer mon compte", autocomplete: "new-password",
      intro: "Un compte est facultatif : sans compte, vous jouez comme invité.",
      help: PASSWORD_RULE,
      claimNote: () => {
        const n = heldSeats().length;
        if (!n) return null;
        return n === 1 ? "La partie jouée dans ce navigateur rejoindra votre compte."
          : `Les ${n} parties jouées dans ce navigateur rejoindront votre compte.`;
      },
      send: signUp,
      done: (me, res) => res && res.claimed ? `Compte créé : ${plural(res.claimed, "partie rattachée", "parties rattachées")} à ${me.name}.` : `Compte créé. Bienvenue, ${me.name} !`,
    }));
}

function credentialsForm({ id, title, submitLabel, autocomplete, intro, help, claimNote, send, done }) {
  const nameInput = el("input", { id: `${id}-name`, name: "name", type: "text", required: true, maxlength: "20", autocomplete: "username", spellcheck: "false" });
  const passwordInput = el("input", { id: `${id}-password`, name: "password", type: "password", required: true, maxlength: "200", autocomplete, "aria-describedby": help ? `${id}-help` : undefined });
  const error = el("p", { class: "form-error error-text", id: `${id}-error`, role: "alert", hidden: true });
  const submit = button(submitLabel, { kind: "primary", iconName: "user", type: "submit" });
  const note = claimNote ? claimNote() : null;
  const form = el("form", { class: ["card", "account-form", `${id}-form`], novalidate: true, "aria-labelledby": `${id}-title` },
    el("h3", { class: "card-title", id: `${id}-title` }, icon("user"), el("span", { text: title })),
    el("p", { class: "muted small", text: intro }),
    el("div", { class: "field" }, el("label", { for: `${id}-name`, text: "Nom" }), nameInput),
    el("div", { class: "field" }, el("label", { for: `${id}-password`, text: "Mot de passe" }), passwordInput,
      help ? el("p", { class: "help", id: `${id}-help`, text: help }) : null),
    note ? el("p", { class: "help claim-note", text: note }) : null,
    error,
    el("div", { class: "form-actions" }, submit));
  const fail = (message, field) => {
    error.textContent = message;
    error.hidden = false;
    field?.focus();
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = nameInput.value.trim();
    const password = passwordInput.value;
    if (!name) return fail("Indiquez votre nom.", nameInput);
    if (!password) return fail("Indiquez votre mot de passe.", passwordInput);
    error.hidden = true;
    submit.disabled = true;
    try {
      const res = await send(name, password);
      const me = account();
      if (me) toast(done(me, res), { kind: "success" });
    } catch (err) {
      fail(err.message || "La demande n’a pas abouti. Réessayez.", passwordInput);
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

// ---- a player: « Mes parties », invitations, friends ------------------------------------------

/** The player's cards; `update(me)` redraws the games and the friends' presence only. */
function playerPanels(me) {
  const gamesBox = el("div", { class: "my-games-body" });
  const friendsBox = el("div", { class: "friends-list" }, el("p", { class: "muted small", text: "Chargement…" }));
  const update = (fresh) => {
    const games = Array.isArray(fresh.games) ? fresh.games : [];
    const invites = Array.isArray(fresh.invites) ? fresh.invites : [];
    replace(gamesBox,
      invites.length ? el("ul", { class: "invite-list" }, invites.map(inviteRow)) : null,
      games.length ? el("ul", { class: "my-games-list" }, games.map(myGameRow))
        : el("p", { class: "empty", text: "Aucune partie en cours. Créez une table ci-dessous, ou rejoignez-en une du salon." }));
    loadFriends(friendsBox);
  };
  update(me);
  const node = el("div", { class: "account-panels" },
    el("div", { class: "card my-games" },
      el("h3", { class: "card-title" }, icon("play"), el("span", { text: "Mes parties en cours" }),
        el("a", { class: "card-title-extra", href: profileUrl(me.name) }, icon("trophy"), el("span", { text: "Mon profil" }))),
      gamesBox),
    el("div", { class: "card friends" },
      el("h3", { class: "card-title" }, icon("user"), el("span", { text: "Mes amis" })),
      friendsBox, followForm(friendsBox)));
  return { node, update };
}

function inviteRow(inv) {
  return el("li", { class: "invite-row" }, icon("send"),
    el("span", {}, el("strong", { text: inv.from }), ` vous invite à une partie de ${gameTitle(inv.game)}`,
      inv.at ? el("span", { class: "muted small", text: ` · ${timeAgo(inv.at)}` }) : null),
    el("a", { class: "btn primary small", href: inv.url || `/table/${encodeURIComponent(inv.table)}` },
      icon("plus"), el("span", { text: "Voir la table" })));
}

function turnText(g) {
  if (g.status === "waiting") {
    const free = (g.seats || []).filter((s) => s.open).length;
    return { kind: "wait", text: `En attente de ${plural(free, "joueur")}` };
  }
  if (g.my_turn) return { kind: "you", text: "À vous de jouer" };
  const names = (g.to_act || []).map((s) => (g.seats && g.seats[s] && g.seats[s].name) || `Joueur ${s + 1}`);
  return { kind: "other", text: names.length ? `Au tour de ${names.join(", ")}` : "En cours" };
}

function myGameRow(g) {
  const turn = turnText(g);
  const others = (g.seats || []).filter((s, i) => i !== g.seat && !s.open).map((s) => s.name);
  const open = button(turn.kind === "you" ? "Jouer" : "Ouvrir", {
    kind: turn.kind === "you" ? "primary small" : "small", iconName: "door",
    onClick: () => openMyTable(g),
  });
  return el("li", { class: ["my-game", `turn-${turn.kind}`], dataset: { table: g.id } },
    el("div", { class: "my-game-main" },
      el("strong", { text: gameTitle(g.game) }),
      g.rated ? el("span", { class: "chip chip-rated", text: "Classée" }) : null,
      el("span", { class: ["chip", turn.kind === "you" ? "chip-live" : "chip-wait", "turn-chip"], text: turn.text }),
      others.length ? el("span", { class: "muted small", text: `avec ${others.join(", ")}` }) : null),
    open);
}

/** Open one of my tables; on a device that has no token for it yet, ask the server for one. */
async function openMyTable(g) {
  const mine = tokens.get(g.id);
  if (!mine || mine.seat !== g.seat) {
    try {
      const res = await resumeSeat(g.id);
      tokens.set(res.table, res.seat, res.token);
    } catch (err) {
      showError(err);
      return;
    }
  }
  navigate(`/table/${encodeURIComponent(g.id)}`);
}

async function loadFriends(box) {
  try {
    const { following } = await getFollows();
    replace(box, following.length ? el("ul", { class: "friend-list" }, following.map((f) => el("li", { class: ["friend", f.online ? "online" : "offline"], dataset: { name: f.name } },
      el("span", { class: "presence-dot", "aria-hidden": "true" }),
      el("a", { href: f.profile || profileUrl(f.name), text: f.name }),
      el("span", { class: "muted small presence-text", text: f.online ? "en ligne" : "hors ligne" }))))
      : el("p", { class: "empty", text: "Vous ne suivez encore personne. Suivez un joueur depuis son profil ou par son nom ci-dessous." }));
  } catch (err) {
    replace(box, el("p", { class: "muted small", text: err.message || "Liste indisponible." }));
  }
}

function followForm(box) {
  const input = el("input", { id: "follow-name", type: "text", maxlength: "20", placeholder: "Nom d’un joueur", autocomplete: "off" });
  const form = el("form", { class: "inline follow-form" },
    el("label", { for: "follow-name", class: "visually-hidden", text: "Suivre un joueur" }), input,
    button("Suivre", { kind: "small", iconName: "plus", type: "submit" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) { toast("Indiquez le nom du joueur à suivre."); input.focus(); return; }
    try {
      const res = await follow(name);
      toast(`Vous suivez ${res.name}.`, { kind: "success" });
      input.value = "";
      loadFriends(box);
    } catch (err) {
      showError(err);
    }
  });
  return form;
}

// ---- leaderboards -------------------------------------------------------------------------------

let titles = {};
let titlesLoaded = null;

/** The games (asked once), their titles kept for the rows. */
function loadTitles() {
  titlesLoaded ??= getGames().then((games) => {
    titles = Object.fromEntries((games || []).map((g) => [g.name, g.title]));
    return games || [];
  }, (err) => { titlesLoaded = null; throw err; }); // asked again next time
  return titlesLoaded;
}

function gameTitle(game) {
  return titles[game] || game;
}

function leaderboardLinks() {
  const list = el("ul", { class: "leaderboard-links" });
  loadTitles().then((games) => {
    replace(list, (games || []).map((g) => el("li", {},
      el("a", { class: "btn ghost small", href: `/classement/${encodeURIComponent(g.name)}` }, icon("trophy"),
        el("span", { text: `Classement ${g.title}` })))));
  }).catch(() => {});
  return el("nav", { class: "leaderboards", "aria-label": "Classements" },
    el("h3", { class: "card-title", text: "Classements" }), list);
}

// ---- the create form: rated switch, the account's name, bots' ratings -----------------------

/**
 * The account's parts of the create form of `game`. `seats` is the form's live list,
 * `repaintSeats` repaints them, `nameField` is the guest's name field, `optionsBox()` gives the
 * options fieldset (disabled for a rated table: the rulebook's defaults are sent).
 */
export function createFormExtras({ game, seats, repaintSeats, nameField, optionsBox }) {
  const box = el("input", { id: "create-rated", name: "rated", type: "checkbox" });
  const rated = el("div", { class: "field check rated-field", hidden: true },
    el("label", { class: "switch", for: "create-rated" }, box,
      el("span", { class: "switch-track", "aria-hidden": "true" }), el("span", { text: "Partie classée" })),
    el("p", { class: "help", text: "Entre joueurs inscrits, sans robot, avec les règles par défaut du jeu : le résultat compte pour le classement." }));
  const who = el("p", { class: "playing-as", hidden: true });
  let ratings = null;
  getBotRatings().then((r) => { ratings = r; repaintSeats(); });

  let shown = false;
  const paintAccount = (me) => {
    if (shown && !rated.isConnected) { stop(); return; } // the form was replaced
    shown = shown || rated.isConnected;
    nameField.hidden = Boolean(me);
    who.hidden = !me;
    replace(who, me ? ["Vous jouez sous votre nom : ", el("strong", { text: me.name })] : []);
    rated.hidden = !me;
    if (!me && box.checked) { box.checked = false; applyRated(); }
  };
  const applyRated = () => {
    const fieldset = optionsBox();
    if (fieldset) fieldset.disabled = box.checked;
    if (box.checked) {
      for (const seat of seats) { if (seat.kind === "bot") { seat.kind = "human"; } }
      repaintSeats();
    }
  };
  box.addEventListener("change", applyRated);
  const stop = onAccount((me) => paintAccount(me));

  return {
    node: el("div", { class: "account-create" }, who, rated),
    /** A guest must type a name; a player sits under the account's. */
    needsName: () => !account(),
    /** A level's label, with the bot's calibrated rating when the server has one. */
    levelName: (level) => {
      const entry = botRating(ratings, game.name, seats.length, level);
      return entry ? `${levelLabel(level)} ≈ ${entry.rating}${entry.provisional ? " ?" : ""}` : levelLabel(level);
    },
    /** Complete the request body: rated tables send the rulebook's default options. */
    apply(body) {
      if (!account()) return true;
      if (box.checked) {
        if (body.seats.some((s) => s.kind === "bot")) {
          toast("Une partie classée se joue entre joueurs inscrits, sans robot.");
          return false;
        }
        body.rated = true;
        body.options = {};
      }
      return true;
    },
    stop,
  };
}
