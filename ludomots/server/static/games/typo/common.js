// What screen.js and its panels share: texts and constants.

import { DECK } from "./cards.js";

export const ROW_COUNT = 4;

export const LETTERS = Object.keys(DECK).sort();
export const SIDE_LABELS = { left: "à gauche", right: "à droite" };
