// Home: the games, the "create a table" form (built from each game's option description), and
// the lobby (open tables to join, running ones to watch), refreshed periodically.

import { resignField } from "./tablelife.js";
import { clockField, clockLabel } from "./clockfield.js";
import { el, icon, button, replace, setTitle, toast, levelLabel, timeAgo, tileWord, loading, plural } from "./ui.js";
import { getGames, getTables, createTable, showError, playerName, ApiError } from "./api.js";
import { tokens } from "./socket.js";
import { navigate } from "./nav.js";
import { hasScreen } from "./gameclient.js";
import { accountSection, createFormExtras } from "./accounthome.js";

const LOBBY_REFRESH = 5000;

// What each game is, in a sentence (the server gives titles and options, not a pitch).
const BLURBS = {
  topword: "Le jeu de mots en 3 dimensions : posez vos lettres ou empilez-les sur celles du plateau pour changer les mots. Plus la pile est haute, plus ça rapporte !",
  typo: "Complétez les rangées de cartes par la gauche ou la droite en annonçant un mot qui commence par leurs lettres.",
  awalettres: "Des lettres, des graines et des sortilèges : formez des mots avec vos lettres et celles des autres.",
  vocabulon: "Parcourez les anneaux, répondez aux devinettes et réunissez les lettres de votre mot secret.",
  volapuk: "Lancez les dés-lettres et composez des mots dans toutes les directions sur le plateau rond.",
};

// Labels of option values, until the server describes them (describe_options gives the raw
// values only); keyed "option:value", then "value".
const CHOICE_LABELS = {
  challenge: "Contestation (règle du jeu)",
  auto: "Arbitre automatique",
  "max_height:5": "5 lettres (règle du jeu)",
  "max_height:3": "3 lettres",
};

export function render(main) {
  setTitle("");
  let timer = null;
  let alive = true;
  let games = [];

  const gamesGrid = el("div", { class: "games-grid" }, loading("Chargement des jeux…"));
  const formHost = el("div", { class: "create-host" });
  const openList = el("div", { class: "lobby-list", "aria-live": "polite" }, loading());
  const runningList = el("div", { class: "lobby-list", "aria-live": "polite" }, loading());

  const hero = el("section", { class: "hero" },
    el("div", { class: "hero-text" },
      el("p", { class: "eyebrow", text: "Jeux de lettres en ligne" }),
      el("h1", { class: "hero-title" }, "Des lettres, des mots, ", el("span", { class: "accent", text: "des points." })),
      el("p", { class: "hero-lead", text: "Cinq jeux de lettres en français : Topword, Typo, Awalettres, Vocabulon et Volapük. Jouez entre amis ou contre des robots, du débutant à l’expert. Un lien à partager, et la partie commence dans le navigateur." }),
      el("div", { class: "hero-actions" },
        el("a", { class: "btn primary big", href: "#creer" }, icon("play"), el("span", { text: "Créer une partie" })),
        el("a", { class: "btn big", href: "#salon" }, icon("eye"), el("span", { text: "Voir les tables" })))),
    heroArt());

  const page = el("div", { class: "home" },
    hero,
    el("section", { class: "section", id: "jeux", "aria-labelledby": "jeux-titre" },
      el("h2", { id: "jeux-titre", class: "section-title", text: "Les jeux" }),
      gamesGrid),
    el("section", { class: "section", id: "creer", "aria-labelledby": "creer-titre" },
      el("h2", { id: "creer-titre", class: "section-title", text: "Créer une table" }),
      formHost),
    el("section", { class: "section", id: "salon", "aria-labelledby": "salon-titre" },
      el("div", { class: "section-head" },
        el("h2", { id: "salon-titre", class: "section-title", text: "Le salon" }),
        el("p", { class: "muted small", text: "Mis à jour automatiquement." })),
      el("div", { class: "lobby" },
        el("div", { class: "card lobby-col" },
          el("h3", { class: "card-title" }, icon("user"), el("span", { text: "Tables ouvertes" })),
          openList),
        el("div", { class: "card lobby-col" },
          el("h3", { class: "card-title" }, icon("eye"), el("span", { text: "Parties en cours" })),
          runningList))));
  // Accounts (issue 20): log in or sign up, « Mes parties », friends, leaderboards.
  const accountPart = accountSection();
  hero.after(accountPart.node);
  replace(main, page);

  getGames().then(async (list) => {
    if (!alive) return;
    // The browser screen of each game is found by convention (gameclient.js).
    const screens = await Promise.all((Array.isArray(list) ? list : []).map((g) => hasScreen(g.name)));
    if (!alive) return;
    screens.forEach((has, i) => { list[i].hasScreen = has; });
    // Playable games first, in the order of BLURBS (Topword, the flagship, is the default).
    const rank = (g) => { const i = Object.keys(BLURBS).indexOf(g.name); return i < 0 ? 99 : i; };
    games = (Array.isArray(list) ? list : []).slice()
      .sort((a, b) => Number(playable(b)) - Number(playable(a)) || rank(a) - rank(b));
    renderGames();
    const wanted = new URLSearchParams(location.search).get("jeu");
    const first = games.find((g) => g.name === wanted && playable(g)) || games.find(playable);
    if (first) showForm(first);
    else replace(formHost, el("p", { class: "muted", text: "Aucun jeu n’est disponible pour l’instant." }));
    if (location.hash === "#creer" || wanted) document.getElementById("creer")?.scrollIntoView();
  }).catch((err) => {
    if (!alive) return;
    replace(gamesGrid, el("p", { class: "muted", text: err.message || "Impossible de charger les jeux." }));
    replace(formHost, el("p", { class: "muted", text: "Le formulaire sera disponible quand le serveur répondra." }));
  });

  function renderGames() {
    replace(gamesGrid, games.map((game) => {
      const available = playable(game);
      return el("article", { class: ["card", "game-card", available ? "" : "unavailable"], dataset: { game: game.name } },
        el("div", { class: "game-card-art", "aria-hidden": "true" }, tileWord(game.title.toUpperCase(), game.title.length > 7 ? "small long" : "small")),
        el("div", { class: "game-card-body" },
          el("h3", { class: "game-card-title", text: game.title }),
          game.min_players ? el("p", { class: "game-card-meta" }, icon("user"),
            el("span", { text: game.min_players === game.max_players ? `${game.min_players} joueurs`
              : `${game.min_players} à ${game.max_players} joueurs` })) : null,
          el("p", { class: "game-card-text", text: BLURBS[game.name] || "" }),
          el("div", { class: "row-actions" },
            available
              ? button("Créer une table", { kind: "primary", iconName: "plus", onClick: () => { showForm(game); document.getElementById("creer").scrollIntoView({ behavior: "smooth" }); } })
              : el("span", { class: "chip", text: "Bientôt disponible" }),
            el("a", { class: "btn ghost", href: `/regles/${encodeURIComponent(game.name)}` }, icon("book"), el("span", { text: "Règles" })))));
    }));
  }

  function showForm(game) {
    replace(formHost, createForm(game, games));
    for (const card of gamesGrid.querySelectorAll(".game-card")) {
      card.classList.toggle("selected", card.dataset.game === game.name);
    }
  }

  async function refreshLobby() {
    try {
      const list = await getTables();
      if (!alive) return;
      renderLobby(Array.isArray(list) ? list : []);
    } catch (err) {
      if (!alive) return;
      const msg = el("p", { class: "muted", text: err.message || "Le salon est indisponible." });
      replace(openList, msg);
      replace(runningList, msg.cloneNode(true));
    }
  }

  function renderLobby(list) {
    const open = list.filter((t) => t.status === "waiting");
    const running = list.filter((t) => t.status === "playing");
    replace(openList, open.length ? open.map(lobbyRow)
      : el("p", { class: "empty", text: "Aucune table n’attend de joueur pour l’instant. Créez-en une et partagez le lien !" }));
    replace(runningList, running.length ? running.map(lobbyRow)
      : el("p", { class: "empty", text: "Aucune partie en cours en ce moment." }));
  }

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (document.visibilityState === "visible") await refreshLobby();
      if (alive) schedule();
    }, LOBBY_REFRESH);
  };
  refreshLobby().then(schedule);

  return () => {
    alive = false;
    clearTimeout(timer);
    accountPart.cleanup();
  };
}

/** A game can be created here when the server runs it and this client can show its table. */
function playable(game) {
  return game.available !== false && game.hasScreen === true;
}

function heroArt() {
  // A little Topword corner: stacked tiles with visible heights.
  // MOTS across, OUI down, PILE across: stacked tiles show their height.
  const cells = [
    ["M", 1], ["O", 2], ["T", 1], ["S", 1],
    null, ["U", 1], null, null,
    ["P", 1], ["I", 3], ["L", 2], ["E", 1],
    null, null, null, null,
  ];
  return el("div", { class: "hero-art", "aria-hidden": "true" },
    el("div", { class: "hero-board" }, cells.map((c, i) => el("span", {
      class: ["hero-cell", i === 5 || i === 6 || i === 9 || i === 10 ? "centre" : ""],
    }, c ? el("span", { class: `tile h${c[1]}`, style: { "--h": String(c[1]) } },
      el("span", { class: "letter", text: c[0] }),
      c[1] > 1 ? el("span", { class: "height", text: String(c[1]) }) : null) : null))));
}

function lobbyRow(table) {
  const mine = tokens.get(table.id);
  const seats = Array.isArray(table.seats) ? table.seats : [];
  const free = seats.filter((s) => s.open).length;
  const href = `/table/${encodeURIComponent(table.id)}`;
  let action;
  if (mine) action = el("a", { class: "btn primary small", href }, icon("door"), el("span", { text: "Reprendre" }));
  else if (table.status === "waiting" && free > 0) action = el("a", { class: "btn primary small", href }, icon("plus"), el("span", { text: "Rejoindre" }));
  else action = el("a", { class: "btn small", href }, icon("eye"), el("span", { text: "Regarder" }));
  return el("div", { class: "lobby-row" },
    el("div", { class: "lobby-main" },
      el("div", { class: "lobby-title" },
        el("strong", { text: table.title || table.game }),
        el("span", { class: ["chip", table.status === "waiting" ? "chip-wait" : "chip-live"],
          text: table.status === "waiting" ? (free ? `${plural(free, "place libre", "places libres")}` : "Complet") : "En cours" }),
        clockChip(table)),
      el("div", { class: "seat-chips" }, seats.map(seatChip)),
      el("div", { class: "muted small", text: timeAgo(table.updated_at || table.created_at) })),
    action);
}

function clockChip(table) {
  const label = clockLabel(table.clock);
  if (!label) return null;
  return el("span", { class: "chip" }, icon("clock"), el("span", { text: label }));
}

function seatChip(seat) {
  if (seat.open) return el("span", { class: "seat-chip open" }, icon("plus"), el("span", { text: "Place libre" }));
  if (seat.kind === "bot") {
    return el("span", { class: "seat-chip bot" }, icon("robot"),
      el("span", { text: seat.name || `Robot ${levelLabel(seat.level)}` }));
  }
  return el("span", { class: "seat-chip human" }, icon("user"), el("span", { text: seat.name || "Joueur" }));
}

// ---- the create-table form -------------------------------------------------------------------

function createForm(game, games) {
  const min = game.min_players || 2;
  const max = game.max_players || 4;
  const levels = (Array.isArray(game.levels) && game.levels.length) ? game.levels : ["debutant", "confirme", "expert"];
  const seats = [{ kind: "human" }, { kind: "bot", level: levels.includes("confirme") ? "confirme" : levels[0] }];
  while (seats.length < min) seats.push({ kind: "bot", level: levels[0] });

  const nameInput = el("input", {
    id: "create-name", name: "name", type: "text", required: true, maxlength: "24",
    autocomplete: "nickname", placeholder: "Votre nom", value: playerName.get(),
  });
  const nameField = el("div", { class: "field" },
    el("label", { for: "create-name", text: "Votre nom" }), nameInput);
  const seatList = el("ol", { class: "seat-list" });
  const addSeatBtn = button("Ajouter un joueur", { kind: "ghost small", iconName: "plus", onClick: () => {
    if (seats.length < max) { seats.push({ kind: "bot", level: levels[0] }); paintSeats(); }
  } });

  // Built before the seats are painted: a value per seat repaints with them.
  const optionFields = (game.options || []).map((opt) => optionField(opt, seats));
  const resign = resignField(levels);
  const optionsSet = optionFields.length ? el("fieldset", { class: "field options" },
    el("legend", { text: "Règles de la table" }), optionFields.map((f) => f.node)) : null;
  const account = createFormExtras({ game, seats, repaintSeats: () => paintSeats(), nameField, optionsBox: () => optionsSet });

  function paintSeats() {
    replace(seatList, seats.map((seat, i) => {
      if (i === 0) {
        return el("li", { class: "seat-row you" },
          el("span", { class: "seat-num", text: "1" }),
          el("span", { class: "seat-you" }, icon("user"), el("span", { text: "Vous" })),
          el("span", { class: "muted small", text: "Vous jouez à cette place." }));
      }
      const groupName = `seat-kind-${i}`;
      const kindRadios = el("div", { class: "segmented", role: "radiogroup", "aria-label": `Joueur ${i + 1}` },
        ["human", "bot"].map((kind) => el("label", { class: "segment" },
          el("input", {
            type: "radio", name: groupName, value: kind, checked: seat.kind === kind,
            onchange: () => { seat.kind = kind; if (kind === "bot" && !seat.level) seat.level = levels[0]; paintSeats(); },
          }),
          el("span", {}, icon(kind === "human" ? "user" : "robot"), kind === "human" ? "Humain" : "Robot"))));
      const levelSelect = seat.kind === "bot" ? el("select", {
        class: "level-select", "aria-label": `Niveau du robot ${i + 1}`, name: `seat-level-${i}`,
        onchange: (e) => { seat.level = e.target.value; },
      }, levels.map((lv) => el("option", { value: lv, selected: lv === seat.level, text: account.levelName(lv) })))
        : el("span", { class: "muted small", text: "Place libre pour un invité" });
      return el("li", { class: "seat-row" },
        el("span", { class: "seat-num", text: String(i + 1) }),
        kindRadios, levelSelect,
        seats.length > min ? el("button", {
          type: "button", class: "icon-btn", "aria-label": `Retirer le joueur ${i + 1}`,
          onclick: () => { seats.splice(i, 1); paintSeats(); },
        }, icon("close")) : el("span", { class: "icon-btn-spacer" }));
    }));
    addSeatBtn.hidden = seats.length >= max;
    for (const f of optionFields) f.repaint?.();
    resign.repaint(seats.length);
  }
  paintSeats();

  const clock = clockField();

  const submit = button("Créer la table", { kind: "primary big", iconName: "play", type: "submit" });
  const form = el("form", { class: "card create-form", novalidate: true, "aria-labelledby": "creer-titre" },
    games.filter(playable).length > 1
      ? el("p", { class: "form-game" }, "Jeu : ", el("strong", { text: game.title })) : null,
    el("div", { class: "form-grid" },
      el("div", { class: "form-col" },
        nameField, account.node,
        el("fieldset", { class: "field" },
          el("legend", { text: `Joueurs (${min} à ${max})` }),
          seatList, addSeatBtn),
        clock.node,
        resign.node),
      el("div", { class: "form-col" },
        optionsSet)),
    el("div", { class: "form-actions" }, submit));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = nameInput.value.trim();
    if (!name && account.needsName()) {
      toast("Indiquez votre nom pour créer la table.");
      nameInput.focus();
      return;
    }
    const clockChoice = clock.value();
    if (typeof clockChoice === "string") {
      toast(clockChoice);
      clock.focus();
      return;
    }
    const options = {};
    for (const f of optionFields) options[f.name] = f.value();
    // A value per seat (Vocabulon's handicaps, clues): as many values as players, or none.
    const perSeat = optionFields.find((f) => f.perSeat && options[f.name].length && options[f.name].length !== seats.length);
    if (perSeat) {
      toast(`« ${perSeat.label} » : une valeur par joueur, dans l’ordre des places (${seats.length} joueurs), ou rien.`);
      document.getElementById(`opt-${perSeat.name}`)?.focus();
      return;
    }
    const body = {
      game: game.name,
      options,
      seats: seats.map((s) => (s.kind === "bot" ? { kind: "bot", level: s.level } : { kind: "human", level: null })),
      clock: clockChoice,
      name,
      resign: resign.value(),
    };
    if (!account.apply(body)) return;
    submit.disabled = true;
    try {
      const created = await createTable(body);
      if (name) playerName.set(name);
      tokens.set(created.table, created.seat, created.token);
      navigate(created.url || `/table/${encodeURIComponent(created.table)}`);
    } catch (err) {
      showError(err instanceof ApiError ? err : new ApiError(0, "unknown", "La table n’a pas pu être créée."));
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

/** A value per seat (Vocabulon's handicaps, clues): one menu per place, kept on the seat itself
 * so that removing a place removes its value. All at the default: sent as [] (nothing special). */
function perSeatField(opt, seats, id, help) {
  const spec = opt.per_seat;
  const labelOf = (c) => spec.labels[String(c)] || String(c);
  const list = el("div", { class: "per-seat", id });
  const valueOf = (seat) => (seat.perSeat && opt.name in seat.perSeat ? seat.perSeat[opt.name] : spec.default);
  function repaint() {
    replace(list, seats.map((seat, i) => el("label", { class: "per-seat-item" },
      el("span", { class: "per-seat-place", text: i === 0 ? "Vous" : `Joueur ${i + 1}` }),
      el("select", {
        id: `${id}-${i}`, "aria-label": `${opt.label || opt.name} : ${i === 0 ? "vous" : `joueur ${i + 1}`}`,
        onchange: (e) => { seat.perSeat = { ...seat.perSeat, [opt.name]: spec.choices[Number(e.target.value)] }; },
      }, spec.choices.map((c, k) => el("option", { value: String(k), selected: c === valueOf(seat), text: labelOf(c) }))))));
  }
  repaint();
  return {
    name: opt.name,
    repaint,
    value: () => {
      const values = seats.map(valueOf);
      return values.every((v) => v === spec.default) ? [] : values;
    },
    node: el("fieldset", { class: "field per-seat-field", "aria-describedby": help ? `${id}-help` : undefined },
      el("legend", { text: opt.label || opt.name }), list, help),
  };
}

/** A seat number (Typo's first player): the table's places by name, « Vous » first, or « Tiré
 * au sort » (null); the places follow the seats as they are added or removed. */
function seatField(opt, seats, id, help) {
  const select = el("select", { id, name: opt.name, "aria-describedby": help ? `${id}-help` : undefined });
  function repaint() {
    const kept = select.value;
    replace(select, el("option", { value: "", text: "Tiré au sort" }),
      seats.map((seat, i) => el("option", { value: String(i), text: i === 0 ? "Vous" : `Joueur ${i + 1}` })));
    select.value = kept !== "" && Number(kept) < seats.length ? kept : (opt.default === null || opt.default === undefined ? "" : String(opt.default));
  }
  repaint();
  return {
    name: opt.name,
    repaint,
    value: () => (select.value === "" ? null : Number(select.value)),
    node: el("div", { class: "field" }, el("label", { for: id, text: opt.label || opt.name }), select, help),
  };
}

/** A number field's bounds from its describe_options entry (the browser then refuses the rest). */
function bounds(opt, fallbackMin) {
  const min = opt.min ?? fallbackMin;
  return { min: min === undefined || min === null ? undefined : String(min),
    max: opt.max === undefined || opt.max === null ? undefined : String(opt.max) };
}

/** One form control built from a describe_options entry: {name, type, default, choices, label,
 * help, min, max, per_seat}; ``seats`` is the form's live list of seats. */
function optionField(opt, seats) {
  const id = `opt-${opt.name}`;
  const help = opt.help ? el("p", { class: "help", id: `${id}-help`, text: opt.help }) : null;
  const describedBy = help ? `${id}-help` : undefined;
  if (opt.per_seat) return perSeatField(opt, seats, id, help);
  if (opt.seat) return seatField(opt, seats, id, help);
  if (opt.type === "choice" && Array.isArray(opt.choices)) {
    const labels = opt.choice_labels || {};
    const labelOf = (c, i) => (Array.isArray(labels) ? labels[i] : labels[String(c)])
      || CHOICE_LABELS[`${opt.name}:${c}`] || CHOICE_LABELS[c] || String(c);
    const select = el("select", { id, name: opt.name, "aria-describedby": describedBy },
      opt.choices.map((c, i) => el("option", { value: String(i), selected: c === opt.default, text: labelOf(c, i) })));
    return {
      name: opt.name,
      value: () => opt.choices[Number(select.value)],
      node: el("div", { class: "field" }, el("label", { for: id, text: opt.label || opt.name }), select, help),
    };
  }
  if (opt.type === "bool") {
    const box = el("input", { id, name: opt.name, type: "checkbox", checked: Boolean(opt.default), "aria-describedby": describedBy });
    return {
      name: opt.name,
      value: () => box.checked,
      node: el("div", { class: "field check" }, el("label", { class: "switch", for: id }, box,
        el("span", { class: "switch-track", "aria-hidden": "true" }), el("span", { text: opt.label || opt.name })), help),
    };
  }
  if (opt.type === "int" || opt.type === "float") {
    const input = el("input", { id, name: opt.name, type: "number", value: String(opt.default ?? 0),
      step: opt.type === "int" ? "1" : "any", ...bounds(opt), class: "narrow", "aria-describedby": describedBy });
    return {
      name: opt.name,
      value: () => (opt.type === "int" ? parseInt(input.value, 10) : Number(input.value)),
      node: el("div", { class: "field" }, el("label", { for: id, text: opt.label || opt.name }), input, help),
    };
  }
  if (opt.type === "int | None" || opt.type === "float | None") {
    // An optional number (e.g. Typo's first player): empty means "none" (null).
    const input = el("input", { id, name: opt.name, type: "number", value: opt.default === null || opt.default === undefined ? "" : String(opt.default),
      step: opt.type.startsWith("int") ? "1" : "any", ...bounds(opt, 0), class: "narrow", placeholder: "—", "aria-describedby": describedBy });
    return {
      name: opt.name,
      value: () => {
        if (input.value.trim() === "") return null;
        return opt.type.startsWith("int") ? parseInt(input.value, 10) : Number(input.value);
      },
      node: el("div", { class: "field" }, el("label", { for: id, text: opt.label || opt.name }), input, help),
    };
  }
  if (typeof opt.type === "string" && opt.type.startsWith("tuple[")) {
    // A value per seat (Vocabulon's handicaps, clues): typed as a list, "-1, 0, +1".
    const ints = opt.type.startsWith("tuple[int");
    const input = el("input", { id, name: opt.name, type: "text", value: (opt.default || []).join(", "),
      placeholder: ints ? "ex. : 0, -1" : "ex. : aucun, deuxieme", "aria-describedby": describedBy });
    return {
      name: opt.name,
      perSeat: true,
      label: opt.label || opt.name,
      value: () => input.value.split(/[\s,;]+/).filter(Boolean).map((v) => {
        if (!ints) return v.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
        return /^[+-]?\d+$/.test(v) ? parseInt(v, 10) : v; // anything else: the server says why
      }),
      node: el("div", { class: "field" }, el("label", { for: id, text: opt.label || opt.name }), input, help),
    };
  }
  const input = el("input", { id, name: opt.name, type: "text", value: String(opt.default ?? ""), "aria-describedby": describedBy });
  return {
    name: opt.name,
    value: () => input.value,
    node: el("div", { class: "field" }, el("label", { for: id, text: opt.label || opt.name }), input, help),
  };
}
