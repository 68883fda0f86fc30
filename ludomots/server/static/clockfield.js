// The time control of a new table (issue 19): the create form's field and the lobby's chip.
// Cadences: the game's own (the rulebook's clock where it has one, else Fischer 15 min + 15 s:
// the server decides when "clock" is left out), Fischer (a bank plus an increment after each
// move), a time per move, turn-based (1 to 3 days a move) or none. The server checks the
// bounds again (400 bad_clock).
import { el, formatSeconds } from "./ui.js";

const MODES = [
  ["default", "Cadence du jeu"],
  ["fischer", "Fischer : réserve + incrément"],
  ["move", "Temps par coup"],
  ["turn:1", "Au tour par tour : 1 jour par coup"],
  ["turn:2", "Au tour par tour : 2 jours par coup"],
  ["turn:3", "Au tour par tour : 3 jours par coup"],
  ["none", "Sans limite"],
];

const HELP = {
  default: "La pendule de la règle quand elle en a une (sablier, minuteur), sinon Fischer 15 min + 15 s.",
  fischer: "Chacun dispose d’une réserve de temps ; chaque coup joué lui rend l’incrément. Réserve vide : le coup par défaut est joué et les autres peuvent l’expulser.",
  move: "À la fin du temps, le coup par défaut est joué (passer son tour, en général).",
  turn: "Pour jouer sur plusieurs jours. Sans coup dans le délai, le joueur est expulsé.",
  none: "Attention : un joueur absent bloque la partie.",
};

function numberInput(id, label, min, max, value) {
  return el("input", { id, type: "number", min: String(min), max: String(max), step: "1", value: String(value), "aria-label": label, class: "narrow" });
}

/** The create form's field: `{node, value()}`; value() is the request's "clock" (undefined:
 * the game's default) or a French message string when out of bounds. */
export function clockField() {
  const mode = el("select", { id: "create-clock", name: "clock" }, MODES.map(([value, label]) => el("option", { value, text: label })));
  const bank = numberInput("create-clock-bank", "Réserve en minutes", 1, 180, 10);
  const increment = numberInput("create-clock-increment", "Incrément en secondes", 0, 600, 5);
  const perMove = numberInput("create-clock-move", "Temps par coup en secondes", 1, 86400, 90);
  const parts = {
    fischer: el("span", { class: "inline" }, bank, el("span", { class: "muted small", text: "min +" }), increment, el("span", { class: "muted small", text: "s par coup" })),
    move: el("span", { class: "inline" }, perMove, el("span", { class: "muted small", text: "secondes" })),
  };
  const help = el("p", { class: "help", id: "create-clock-help" });
  function paint() {
    for (const [key, node] of Object.entries(parts)) node.hidden = key !== mode.value;
    help.textContent = HELP[mode.value.split(":")[0]];
  }
  mode.addEventListener("change", paint);
  paint();
  const node = el("div", { class: "field clock-field" },
    el("label", { for: "create-clock", text: "Cadence" }),
    el("div", { class: "inline" }, mode, parts.fischer, parts.move), help);

  function whole(input, min, max) {
    const n = Number(input.value);
    return Number.isInteger(n) && n >= min && n <= max ? n : null;
  }
  function value() {
    switch (mode.value) {
      case "fischer": {
        const minutes = whole(bank, 1, 180);
        const seconds = whole(increment, 0, 600);
        if (minutes === null) return "La réserve est un nombre entier de minutes, de 1 à 180.";
        if (seconds === null) return "L’incrément est un nombre entier de secondes, de 0 à 600.";
        return { mode: "fischer", bank_seconds: minutes * 60, increment_seconds: seconds };
      }
      case "move": {
        const seconds = whole(perMove, 1, 86400);
        if (seconds === null) return "Le temps par coup est un nombre entier de secondes, de 1 à 86 400.";
        return { mode: "move", seconds_per_move: seconds };
      }
      case "none": return { mode: "none" };
      case "default": return undefined;
      default: return { mode: "turn", days: Number(mode.value.split(":")[1]) };
    }
  }
  return { node, value, focus: () => mode.focus() };
}

/** A table's time control in a few words, for the lobby: « 10 min + 5 s », « 2 min par coup »,
 * « 2 jours par coup »; null without a clock. */
export function clockLabel(clock) {
  if (!clock) return null;
  if (clock.mode === "fischer") return `${formatSeconds(clock.bank_seconds)} + ${formatSeconds(clock.increment_seconds)}`;
  if (clock.mode === "turn") return clock.days === 1 ? "1 jour par coup" : `${clock.days} jours par coup`;
  if (clock.seconds_per_move) return `${formatSeconds(clock.seconds_per_move)} par coup`;
  return null;
}
