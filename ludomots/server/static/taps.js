// A tap must survive an update that redraws the control under the finger.
//
// Every table screen redraws its panels from each view (`replace` builds new nodes): the hand,
// the rack, the dice, the answer buttons... When an update (another player's move, a seat,
// the end of a step) arrives between the press and the release of a control, the node pressed
// is gone at the release, and Chromium then sends no click at all: the tap is lost silently.
//
// The frame fixes it once for every game, at the release: when the control pressed is no
// longer in the page and the control now under the pointer shows the same thing (same tag,
// text and attributes: label, pressed state, disabled, data; only classes, which carry
// animations such as a fresh tile, may differ), it receives the click the browser dropped.
// That control is the new node, so its handler acts on the current state, never on the
// superseded one; and the player pressed a control that meant exactly what it means now.
// If the update changed the control (disabled, relabelled, replaced by another one), nothing
// is sent: as the browser does, and the player sees the new page before acting again.
// (Deferring the redraw while a pointer is down was the other way: it would hold every update
// for as long as a press or a drag lasts and needs its own flush on every path.)

// What a player presses to act: buttons, links, toggles and the elements that play the part.
const CONTROL = [
  "button", "a[href]", "summary", "input[type=checkbox]", "input[type=radio]",
  '[role="button"]', '[role="radio"]', '[role="checkbox"]', '[role="switch"]',
  '[role="option"]', '[role="tab"]', '[role="menuitem"]', '[role="link"]',
].join(", ");

const controlOf = (node) => (node instanceof Element ? node.closest(CONTROL) : null);

/** A copy of `node` without its class attributes (presentation, not meaning). */
function meaning(node) {
  const copy = node.cloneNode(true);
  copy.removeAttribute("class");
  for (const e of copy.querySelectorAll("[class]")) e.removeAttribute("class");
  return copy;
}

/** Whether `now` (the control under the pointer at the release) means what `pressed` meant. */
export function sameControl(pressed, now) {
  return pressed.tagName === now.tagName && meaning(pressed).isEqualNode(meaning(now));
}

/**
 * Watch presses in `root` (the table page). Returns the function that stops watching.
 */
export function keepTaps(root) {
  let press = null; // {control, pointerId}: the control pressed by the primary button

  const onDown = (event) => {
    press = null;
    if (!event.isPrimary || event.button !== 0) return;
    const control = controlOf(event.target);
    if (control && root.contains(control)) press = { control, pointerId: event.pointerId };
  };

  const onUp = (event) => {
    const p = press;
    press = null;
    if (!p || p.pointerId !== event.pointerId || p.control.isConnected) return;
    const hit = document.elementFromPoint(event.clientX, event.clientY);
    const now = hit && root.contains(hit) ? controlOf(hit) : null;
    if (!now || now.matches(":disabled") || !sameControl(p.control, now)) return;
    // The browser's own click, if it sends one, comes in this same task: only a release that
    // got none on the control gets ours, once the task is over.
    let clicked = false;
    const seen = (e) => { if (e.target instanceof Node && now.contains(e.target)) clicked = true; };
    window.addEventListener("click", seen, true);
    setTimeout(() => {
      window.removeEventListener("click", seen, true);
      if (clicked || !hit.isConnected) return;
      hit.dispatchEvent(new MouseEvent("click", {
        bubbles: true, cancelable: true, composed: true, view: window, detail: 1, button: 0,
        clientX: event.clientX, clientY: event.clientY, screenX: event.screenX, screenY: event.screenY,
      }));
    }, 0);
  };

  const onCancel = () => { press = null; };
  window.addEventListener("pointerdown", onDown, true);
  window.addEventListener("pointerup", onUp, true);
  window.addEventListener("pointercancel", onCancel, true);
  return () => {
    window.removeEventListener("pointerdown", onDown, true);
    window.removeEventListener("pointerup", onUp, true);
    window.removeEventListener("pointercancel", onCancel, true);
  };
}
