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
  let waiting = null; // {control, clicked}: a release whose click is given once its task is over
  let given = null; // {control, pointerId}: the click given for the last release

  const onDown = (event) => {
    press = null;
    given = null;
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
    // A mouse's click, when the browser sends one, comes in this same task: the release gets
    // ours only if none came, once the task is over.
    const w = { control: now, clicked: false };
    waiting = w;
    setTimeout(() => {
      if (waiting === w) waiting = null;
      if (w.clicked || !hit.isConnected) return;
      given = { control: now, pointerId: event.pointerId };
      hit.dispatchEvent(new MouseEvent("click", {
        bubbles: true, cancelable: true, composed: true, view: window, detail: 1, button: 0,
        clientX: event.clientX, clientY: event.clientY, screenX: event.screenX, screenY: event.screenY,
      }));
    }, 0);
  };

  // The browser's own click for that release: ours is not sent (it came first), or, when a
  // touch's tap arrives after ours (a later task), it is not delivered twice.
  const onClick = (event) => {
    if (!event.isTrusted || !(event.target instanceof Node)) return;
    if (waiting && waiting.control.contains(event.target)) {
      waiting.clicked = true;
    } else if (given && given.control.contains(event.target) && event.pointerId === given.pointerId) {
      given = null;
      event.stopImmediatePropagation();
      event.preventDefault();
    }
  };

  const onCancel = () => { press = null; };
  const listeners = [["pointerdown", onDown], ["pointerup", onUp], ["pointercancel", onCancel], ["click", onClick]];
  for (const [type, fn] of listeners) window.addEventListener(type, fn, true);
  return () => { for (const [type, fn] of listeners) window.removeEventListener(type, fn, true); };
}
