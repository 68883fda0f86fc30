// The parts of a table screen every game draws the same way (tablescreen.js): the role chip,
// the join or invitation box, the turn banner and the page's title, the log list, the end card
// and the end-of-game modal.

import { el, icon, replace, plural, focusKeeper } from "./ui.js";
import {
  renderRoleChip, joinPanel, joinNameField, overText, renderBanner as fillBanner, endLinks, showEndModal,
} from "./tablekit.js";

/** The drawing functions of the frame `f` (see tableviews.js). */
export function frameDrawing(f) {
  const {
    st, id, game, prefix, title, life, roleChip, infoBox, banner, logList, endBox,
    seats, seated, seatName, ended, resigned, tableWinners,
  } = f;

  function renderRole() {
    renderRoleChip(roleChip, seated() ? st.seat : null, seated() ? seatName(st.seat) : "");
  }

  /** The join form or the invitation (before the game). The name field lives as long as the
   *  screen and keeps its focus and caret: another player sitting down redraws the form, and
   *  must not wipe the name a visitor is typing. */
  let nameInput = null;
  function renderInfo() {
    if (!st.table) return;
    nameInput = nameInput || joinNameField();
    const refocus = focusKeeper(infoBox);
    replace(infoBox, joinPanel({
      id, table: st.table, seated: seated(), seatName, socket: f.socket, nameInput,
      onJoined: (res) => { st.token = res.token; st.seat = res.seat; },
    }));
    refocus();
  }

  /**
   * The turn banner and the page title. A broken, finished or waiting table says so (`winners()`
   * and `overSub()` for a finished one, `waiting` for a table still waiting for players);
   * otherwise `live()` gives {kind, text, sub}. False when there is no view yet.
   */
  function renderBanner(live, { winners = null, overSub = null, waiting = null } = {}) {
    const t = st.table;
    const g = st.game;
    if (!t || !g) return false;
    let b;
    if (t.status === "broken") b = { kind: "error", text: "Partie suspendue : son historique est incohérent." };
    else if (resigned()) b = { kind: "over", text: overText(tableWinners() || [], st.seat, seatName), sub: resignedText() };
    else if (g.over || t.status === "over") b = { kind: "over", text: overText((winners ? winners() : g.winners) || [], st.seat, seatName), sub: overSub ? overSub() : null };
    else if (t.status === "closed") b = { kind: "over", text: "Table fermée : personne n’est venu jouer depuis trop longtemps." };
    else if (t.status === "waiting") b = { kind: "wait", text: waiting || `En attente de ${plural(seats().filter((s) => s.open).length, "joueur")}…` };
    else b = live();
    f.alert.setBase(b.kind === "you" ? `À vous ! · ${title}` : title);
    fillBanner(banner, { kind: b.kind, text: b.text, sub: b.sub || null });
    f.clocks.tick();
    return true;
  }

  /** The log's entries, or the `empty` line; the log scrolls to its end. */
  function showLog(items, empty = null) {
    replace(logList, !items.length && empty ? el("li", { class: "log-empty muted", text: empty }) : items);
    const scroller = logList.parentElement;
    requestAnimationFrame(() => { scroller.scrollTop = scroller.scrollHeight; });
  }

  /**
   * The end card once the game is over (else hidden): `parts(game)` gives `summary` (its
   * text) and `table()` (the result table).
   */
  function renderEnd(parts) {
    const g = st.game;
    if (!g || !ended()) { endBox.hidden = true; return; }
    endBox.hidden = false;
    const { summary, table } = parts(g);
    replace(endBox,
      el("h2", { class: "card-title", id: `${prefix}-end-title` }, icon("trophy"), el("span", { text: "Fin de la partie" })),
      el("p", { class: "muted", text: resigned() ? resignedText() : summary }), table(), life.endActions(), endLinks(id, game));
  }

  /** Who left the game, as the end says it. */
  function resignedText() {
    const departures = (st.table && st.table.departures) || [];
    const say = (reason, one, many) => {
      const names = departures.filter((d) => (d.reason === "expel") === (reason === "expel")).map((d) => d.name);
      if (!names.length) return null;
      return names.length > 1 ? `${names.join(", ")} ${many}` : `${names[0]} ${one}`;
    };
    return [say("resign", "a abandonné.", "ont abandonné."),
      say("expel", "a été expulsé (temps écoulé).", "ont été expulsés (temps écoulé).")].filter(Boolean).join(" ");
  }

  /** The end-of-game modal: who won, `reason` (a line, unless null), the result table, and
   * the rematch, replay and lobby buttons. */
  function endModal({ winners = tableWinners() || st.game.winners || [], reason = null, table }) {
    if (resigned()) { winners = tableWinners() || []; reason = resignedText(); }
    showEndModal({
      winners, seat: seated() ? st.seat : null, seatName,
      content: el("div", {}, reason === null ? null : el("p", { class: "muted", text: reason }), table(), life.endActions()),
    });
  }

  return { renderRole, renderInfo, renderBanner, showLog, renderEnd, resignedText, endModal };
}
