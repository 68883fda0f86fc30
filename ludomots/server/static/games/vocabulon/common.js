// What screen.js and its panels share: texts and constants.

export const STEP_LABELS = {
  secret: "Les mots secrets", throw: "Lancer du dé", move: "Déplacement du pion", vocabulon: "Case VOCABULON",
  respond: "Échange proposé", offer: "Lettre demandée", pick: "Choix d’une carte-lettre", answer: "Énigme", others: "Énigme : les autres répondent", over: "Fin de la partie",
};
