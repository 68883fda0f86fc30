// What screen.js and its panels share: texts and constants.

export const STEP_LABELS = {
  define: "WAYAMPOU : les définitions",
  vote: "WAYAMPOU : le vote",
  give: "Sortilège tiré",
  panic: "Pas de panique !",
  exchange: "Échange",
  trim: "Retour à 7 cartes",
  marabout: "Maraboutage",
  word: "Pose d’un mot",
  over: "Fin de la partie",
};
