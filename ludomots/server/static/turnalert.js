// « À vous de jouer » while the tab is hidden (issue 19), the same for every game: when this
// seat's turn comes (or it must act, as in Typo's simultaneous rounds) and the page is not
// shown, the tab's title says so until the page is shown again or the turn passes; an optional
// chime (WebAudio, sound.js) and an optional browser notification go with it. Both are
// settings kept in this browser (localStorage), off by default; the notification's permission
// is asked only when the player turns it on (a click: browsers ask only on a gesture).
//
// The decisions are pure functions (tests/js/turnalert.test.js); `turnAlert` applies them to
// the page.

import { el, button, replace, setTitle, modal, toast } from "./ui.js";
import { playAlways, soundOn, unlockSound } from "./sound.js";

const KEY = "ludomots.turnalerts";
export const DEFAULTS = Object.freeze({ sound: false, notify: false });

// ---- the decisions (pure) ----------------------------------------------------------------------

/** The tab's title while the player is awaited: "● À vous de jouer — Topword · Ludomots". */
export function alertTitle(tableTitle) {
  return `● À vous de jouer — ${tableTitle ? `${tableTitle} · ` : ""}Ludomots`;
}

/**
 * Whether the page calls the player now, from whether it called them already (`alerting`),
 * whether they must act now and before the last view (`mine`, `wasMine`) and whether the page
 * is hidden. A call starts when their turn comes (or is there on arrival) with the page hidden,
 * and ends when the page is shown or the turn passes. Returns {alerting, start, stop}.
 */
export function nextAlert(alerting, { mine, wasMine, hidden }) {
  if (!alerting && mine && !wasMine && hidden) return { alerting: true, start: true, stop: false };
  if (alerting && (!mine || !hidden)) return { alerting: false, start: false, stop: true };
  return { alerting, start: false, stop: false };
}

/**
 * What a call does besides the title: the chime if the setting is on and the page's sounds
 * do not already play it (`generalSound`: the top bar's sound switch plays the turn's chime
 * itself), the notification if it is on and allowed.
 */
export function alertEffects(settings, { generalSound, permission }) {
  return {
    title: true,
    sound: Boolean(settings.sound) && !generalSound,
    notify: Boolean(settings.notify) && permission === "granted",
  };
}

/**
 * Turning the notification on: "on" when allowed, "ask" when the browser has not been asked
 * (ask it, on this click, then decide again), else "off" with the reason to show.
 */
export function notifyChoice(wanted, permission) {
  if (!wanted) return { state: "off", message: null };
  if (permission === "unsupported") return { state: "off", message: "Votre navigateur ne permet pas les notifications." };
  if (permission === "granted") return { state: "on", message: null };
  if (permission === "denied") return { state: "off", message: "Les notifications sont bloquées pour ce site : autorisez-les dans les réglages de votre navigateur." };
  return { state: "ask", message: null };
}

/** The settings kept in `storage` (localStorage), with the defaults for what is missing. */
export function readSettings(storage) {
  try {
    const raw = JSON.parse(storage.getItem(KEY) || "{}");
    return { sound: raw.sound === true, notify: raw.notify === true };
  } catch {
    return { ...DEFAULTS };
  }
}

export function writeSettings(storage, settings) {
  try {
    storage.setItem(KEY, JSON.stringify({ sound: Boolean(settings.sound), notify: Boolean(settings.notify) }));
  } catch { /* private mode: the setting lasts this page */ }
}

// ---- the page ------------------------------------------------------------------------------------

function storage() {
  try { return window.localStorage; } catch { return null; }
}

function settingsNow() {
  const s = storage();
  return s ? readSettings(s) : { ...DEFAULTS };
}

function permissionNow() {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

const hiddenNow = () => document.visibilityState === "hidden";

/**
 * The call of one table screen (table `id`). `tableTitle` names the table; `setBase(text)` replaces the
 * frame's `setTitle` (the frame redraws its title at every view: while the page calls, the
 * call's title stays); `update({mine, wasMine})` after every view; `stop()` when leaving.
 */
export function turnAlert({ id, tableTitle }) {
  let alerting = false;
  let base = tableTitle;
  let mine = false;
  let notification = null;

  const showTitle = () => {
    if (alerting) document.title = alertTitle(tableTitle);
    else setTitle(base);
  };

  const apply = (next) => {
    alerting = next.alerting;
    if (next.start) {
      const effects = alertEffects(settingsNow(), { generalSound: soundOn(), permission: permissionNow() });
      if (effects.sound) playAlways("turn");
      if (effects.notify) notify();
    }
    if (next.stop && notification) { notification.close(); notification = null; }
    document.documentElement.dataset.turnAlert = alerting ? "on" : "off";
    showTitle();
  };

  function notify() {
    try {
      notification = new Notification("À vous de jouer", {
        body: `${tableTitle} : c’est votre tour.`, tag: `ludomots-turn-${id}`, icon: "/static/favicon.svg",
      });
      notification.onclick = () => { window.focus(); notification?.close(); };
    } catch { /* some browsers allow notifications only from a service worker */ }
  }

  const onVisibility = () => apply(nextAlert(alerting, { mine, wasMine: mine, hidden: hiddenNow() }));
  document.addEventListener("visibilitychange", onVisibility);

  return {
    setBase(text) { base = text; showTitle(); },
    update({ mine: now, wasMine }) {
      mine = now;
      apply(nextAlert(alerting, { mine: now, wasMine, hidden: hiddenNow() }));
    },
    stop() {
      document.removeEventListener("visibilitychange", onVisibility);
      if (notification) notification.close();
      delete document.documentElement.dataset.turnAlert;
    },
  };
}

// ---- the settings -------------------------------------------------------------------------------

/** The « Alertes » button of a table's head: a dialog with the two settings. */
export function alertsButton() {
  return button("Alertes", { kind: "ghost small", iconName: "bell", onClick: showAlertSettings, "aria-label": "Alertes quand c’est votre tour" });
}

function showAlertSettings() {
  const settings = settingsNow();
  const note = el("p", { class: "help alert-note", role: "status" });
  const soundBox = el("input", { id: "alert-sound", type: "checkbox", checked: settings.sound });
  const notifyBox = el("input", { id: "alert-notify", type: "checkbox", checked: settings.notify && permissionNow() === "granted" });
  const save = () => {
    const s = storage();
    if (s) writeSettings(s, { sound: soundBox.checked, notify: notifyBox.checked });
  };
  soundBox.addEventListener("change", () => {
    if (soundBox.checked) { unlockSound(); playAlways("turn"); } // a click: audio may start now
    save();
  });
  notifyBox.addEventListener("change", async () => {
    let choice = notifyChoice(notifyBox.checked, permissionNow());
    if (choice.state === "ask") {
      try { await Notification.requestPermission(); } catch { /* refused or unsupported */ }
      choice = notifyChoice(true, permissionNow());
      if (choice.state === "ask") choice = { state: "off", message: "Notifications non autorisées : rien ne changera." };
    }
    notifyBox.checked = choice.state === "on";
    replace(note, choice.message || "");
    if (choice.message) toast(choice.message);
    save();
  });
  const line = (box, id, text, help) => el("div", { class: "field check" },
    el("label", { class: "switch", for: id }, box, el("span", { class: "switch-track", "aria-hidden": "true" }), el("span", { text })),
    el("p", { class: "help", text: help }));
  modal({
    title: "Alertes quand c’est votre tour",
    className: "alerts-modal",
    content: el("div", {},
      el("p", { class: "muted", text: "Quand c’est à vous de jouer et que cet onglet n’est pas affiché, son titre devient « ● À vous de jouer »." }),
      line(soundBox, "alert-sound", "Son", "Un petit carillon quand votre tour arrive, onglet en arrière-plan."),
      line(notifyBox, "alert-notify", "Notification", "Une notification du navigateur (il vous demandera votre accord une fois)."),
      note),
  });
}
