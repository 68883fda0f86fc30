// Topword's texts and keys that its table screen and its replay share.

/** Why a game ended, as the screen and the replay tell it. */
export const END_REASONS = {
  out_of_tiles: "Un joueur a posé toutes ses lettres.",
  all_passed: "Tous les joueurs ont passé leur tour, le sac étant vide.",
  blocked: "Plus personne ne peut former de mot.",
};

/** Where the screen keeps a table's move log in the browser (localStorage). */
export const LOG_KEY = (id) => `ludomots.log.${id}`;
