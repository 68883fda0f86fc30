// What every game's replay shares: the move list's current step and the keyboard.

/** Mark the move list's entry of step `index` as current (for the eye and screen readers). */
export function markCurrentStep(moveList, index) {
  for (const b of moveList.querySelectorAll(".step-link")) {
    const current = Number(b.dataset.step) === index;
    b.closest("li").classList.toggle("current", current);
    if (current) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
  }
}

/** Scroll the move list so that its current entry shows. */
export function scrollToCurrentStep(moveList) {
  const currentLi = moveList.querySelector("li.current");
  if (!currentLi) return;
  const scroller = moveList.parentElement;
  const top = currentLi.offsetTop - scroller.offsetTop;
  if (top < scroller.scrollTop || top > scroller.scrollTop + scroller.clientHeight - 40) scroller.scrollTop = top - 60;
}

/** ←/→, Home and End step through the replay (not while typing or in a dialog); returns the
 *  function that removes the listener. `index` and `last` are read at each key press. */
export function bindReplayKeys(go, index, last) {
  function onKey(e) {
    if (e.target instanceof HTMLElement && e.target.closest("input, textarea, select")) return;
    if (document.querySelector("dialog[open]")) return;
    if (e.key === "ArrowRight") { e.preventDefault(); go(index() + 1); }
    else if (e.key === "ArrowLeft") { e.preventDefault(); go(index() - 1); }
    else if (e.key === "Home") { e.preventDefault(); go(0); }
    else if (e.key === "End") { e.preventDefault(); go(last()); }
  }
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
