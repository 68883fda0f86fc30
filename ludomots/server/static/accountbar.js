// The account in the top bar (issue 20): « Se connecter » for a guest; for a player, their name
// (a link to their profile) and a menu: profile, export of their games, log out, log out
// everywhere, delete the account. Invitations pushed by /ws/me show as notices on any page.

import { el, icon, button, replace, toast, modal } from "./ui.js";
import { showError } from "./api.js";
import { onAccount, onPersonal, logOut, logOutEverywhere, deleteAccount, exportUrl } from "./account.js";

/** Profile pages are drawn by the server: links to them load a whole page. */
export const profileUrl = (name) => `/joueur/${encodeURIComponent(name)}`;

export function setupAccountBar() {
  const inner = document.querySelector(".topbar-inner");
  if (!inner) return;
  const host = el("div", { class: "account-bar", id: "account-bar" });
  inner.insertBefore(host, document.getElementById("sound-toggle"));
  // Redrawn only when who is logged in changes: a refresh of « Mes parties » keeps the menu open.
  onAccount((me, changed) => { if (changed || !host.firstChild) replace(host, me ? playerMenu(me) : guestLink()); });
  document.addEventListener("click", (e) => {
    const menu = host.querySelector("details");
    if (menu && !menu.contains(e.target)) menu.open = false;
  });
  showInviteNotices();
}

function guestLink() {
  return el("a", { class: "btn ghost small account-login", href: "/#compte" }, icon("user"),
    el("span", { class: "btn-label", text: "Se connecter" }));
}

function playerMenu(me) {
  const menu = el("details", { class: "account-menu" });
  const close = () => { menu.open = false; };
  const item = (label, iconName, onClick, kind = "") => button(label, {
    kind: `ghost small menu-item ${kind}`, iconName, onClick: () => { close(); onClick(); } });
  return [
    el("a", { class: "account-name", href: profileUrl(me.name), title: "Mon profil" }, icon("user"),
      el("span", { text: me.name })),
    append(menu,
      el("summary", { class: "btn ghost small", "aria-label": "Mon compte" }, el("span", { class: "btn-label", text: "Compte" })),
      el("div", { class: "account-menu-list", onclick: (e) => { if (e.target.closest("a")) close(); } },
        el("a", { class: "btn ghost small menu-item", href: profileUrl(me.name) }, icon("trophy"), el("span", { text: "Mon profil" })),
        el("a", { class: "btn ghost small menu-item", href: exportUrl, download: "ludomots-parties.json" },
          icon("download"), el("span", { text: "Télécharger mes parties (JSON)" })),
        item("Se déconnecter", "door", async () => {
          try { await logOut(); toast("Vous êtes déconnecté.", { kind: "info" }); } catch (err) { showError(err); }
        }),
        item("Se déconnecter partout", "door", async () => {
          try {
            const res = await logOutEverywhere();
            toast(`Déconnecté de tous vos appareils (${res.sessions_ended} session${res.sessions_ended > 1 ? "s" : ""}).`, { kind: "info" });
          } catch (err) { showError(err); }
        }),
        item("Supprimer mon compte", "close", () => askDeletion(me), "danger"))),
  ];
}

function append(node, ...children) {
  node.append(...children);
  return node;
}

/** Deleting needs the password again, and says what it does to the games. */
async function askDeletion(me) {
  const field = el("input", { id: "delete-password", type: "password", autocomplete: "current-password", required: true });
  const m = modal({
    title: "Supprimer votre compte ?",
    className: "delete-modal",
    content: [
      el("p", { text: `Le compte « ${me.name} » sera supprimé définitivement, avec ses classements et ses amis. Vos parties restent dans l’historique des autres joueurs sous le nom « joueur supprimé ».` }),
      el("div", { class: "field" }, el("label", { for: "delete-password", text: "Votre mot de passe, pour confirmer" }), field),
    ],
    actions: [
      { label: "Annuler", value: false },
      { label: "Supprimer définitivement", kind: "danger", value: true, iconName: "close" },
    ],
  });
  const password = await new Promise((resolve) => {
    m.result.then((yes) => resolve(yes ? field.value : null));
  });
  if (password === null) return;
  if (!password) { toast("Indiquez votre mot de passe pour supprimer le compte."); return; }
  try {
    await deleteAccount(password);
    toast("Votre compte est supprimé.", { kind: "info" });
  } catch (err) {
    showError(err);
  }
}

// ---- invitations, on whatever page is open ----------------------------------------------------

function noticeRoot() {
  let root = document.getElementById("notices");
  if (!root) {
    root = el("div", { id: "notices", class: "notices", "aria-live": "polite" });
    document.body.append(root);
  }
  return root;
}

/** Show each invitation /ws/me brings as a notice on this page (any page, the profile's too). */
export function showInviteNotices() {
  onPersonal((message) => { if (message.type === "invite") inviteNotice(message); });
}

function inviteNotice(message) {
  const root = noticeRoot();
  const node = el("div", { class: "card invite-notice", role: "status", dataset: { table: message.table } },
    icon("send"),
    el("p", { class: "invite-notice-text" },
      el("strong", { text: message.from || "Un ami" }),
      ` vous invite à une partie de ${message.title || message.game || "jeu"}.`),
    el("a", { class: "btn primary small", href: message.url || `/table/${encodeURIComponent(message.table)}`,
      onclick: () => node.remove() }, icon("plus"), el("span", { text: "Voir la table" })),
    el("button", { class: "icon-btn", type: "button", "aria-label": "Fermer l’invitation", onclick: () => node.remove() }, icon("close")));
  root.append(node);
}
