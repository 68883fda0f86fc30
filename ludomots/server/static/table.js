// /table/{id}: find which game the table plays and hand over to that game's screen
// (static/games/<game>/index.js, see gameclient.js).

import { el, replace, setTitle, loading, errorBlock } from "./ui.js";
import { getTable } from "./api.js";
import { loadGame } from "./gameclient.js";

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
  const module = await loadGame(info.game);
  if (!module || typeof module.mount !== "function") {
    replace(main, errorBlock(info.title || info.game,
      "Ce jeu n’a pas encore d’écran dans le navigateur.",
      [el("a", { class: "btn primary", href: "/", text: "Retour à l’accueil" })]));
    return () => {};
  }
  return module.mount(main, { id, info });
}
