// Vocabulon's table screen, the actions: answering, the answer's preview, choosing a cell.
// Each function takes the screen object `s` first (panels.js).

import { play as sound } from "../../sound.js";

export function answer(s, word) {
  const { answering, send } = s;
  if (answering()) send({ type: "answer", word });
}

/** Ask the server whether a secret word would be accepted (its French message if not). */
export function previewWord(s, type, word) {
  const { st, renderAction, kit } = s;
  clearTimeout(st.previewTimer);
  if (!word.trim()) { st.preview = null; renderAction(); return; }
  kit.previewLater(() => ({ type, word }), 150);
}

/** A first click chooses the cell (and shows its path), a second one on it moves there. */
export function selectCell(s, cell, direction = null) {
  const { mustAct, st, send, renderBoard, renderAction } = s;
  if (!mustAct() || st.game.step !== "move") return;
  if (st.selected === cell && (direction === null || direction === st.direction)) { send({ type: "move", cell }); return; }
  st.direction = direction; // null from the board: the first way there is shown
  st.selected = cell;
  sound("tile");
  renderBoard();
  renderAction();
}
