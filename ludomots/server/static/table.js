// /table/{id}: find which game the table plays and hand over to that game's screen.

import { el, replace, setTitle, loading, errorBlock } from "./ui.js";
import { getTable } from "./api.js";

const SCREENS = {
  topword: () => import("./topword.js"),
  typo: () => import("./typo.js"),
  awalettres: () => import("./awalettres.js"),
  volapuk: () => import("./volapuk.js"),
  vocabulon: () => import("./vocabulon.js"),
};

/** Whether this client has a table screen for the game. */
export function hasScreen(game) {
  return Object.prototype.hasOwnProperty.call(SCREENS, game);
}

export async function render(main, { id }) {
  setTitle("Table");
  replace(main, loading("Connexion à la table…"));
  let info;
  try {
    info = await getTable(id);
  } catch (err) {
    replace(main, errorBlock(err.status === 404 ? "Table introuvable" : "Table indisponible",
      err.message || "Cette table n’existe pas ou plus.",
      [el("a", { class: "btn primary", href: "/", text: "Retour à l’accueil" })]));
    return () => {};
  }
  const screen = SCREENS[info.game];
  if (!screen) {
    replace(main, errorBlock(info.title || info.game,
      "Ce jeu n’a pas encore d’écran dans le navigateur.",
      [el("a", { class: "btn primary", href: "/", text: "Retour à l’accueil" })]));
    return () => {};
  }
  const module = await screen();
  return module.mount(main, { id, info });
}
