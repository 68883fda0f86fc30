// A table's account parts (issue 20): a logged-in player joins without typing a name (the
// server seats them under the account's), and a seated player can invite the friends they
// follow to the free seats (the friend gets a notice on their open page and in « Mes parties »).

import { el, icon, button, replace, toast } from "./ui.js";
import { showError } from "./api.js";
import { account, accountReady, getFollows, invite } from "./account.js";

/** Hide the join form's name field once the browser knows a player is logged in. */
export function joinAsAccount(nameField, nameInput) {
  const apply = (me) => {
    // A kept field (the join form's, across redraws) is told once.
    if (!me || nameField.nextElementSibling?.classList.contains("playing-as")) return;
    nameInput.required = false;
    nameField.hidden = true;
    nameField.after(el("span", { class: "playing-as", dataset: { account: me.name } }, "Vous rejoignez sous votre nom : ", el("strong", { text: me.name })));
  };
  const me = account();
  if (me !== undefined) apply(me);
  else accountReady().then(apply);
}

/** The name to send when joining: none for a logged-in player (the server uses the account's). */
export function joinName(typed) {
  return account() ? account().name : typed;
}

/** « Inviter un ami »: the followed players, each with a button; empty for a guest. */
let last = null; // the box of the last table drawn: views redraw the card, not the list

export function inviteFriendsBox(tableId, table) {
  const key = `${tableId}|${(table.seats || []).map((s) => s.name).join("|")}`;
  if (last && last.key === key) return last.box;
  const box = el("div", { class: "invite-friends", hidden: true });
  last = { key, box };
  accountReady().then(async (me) => {
    if (!me) return;
    let following = [];
    try {
      following = (await getFollows()).following || [];
    } catch {
      return;
    }
    const seated = new Set((table.seats || []).map((s) => s.name));
    const candidates = following.filter((f) => !seated.has(f.name));
    box.hidden = false;
    replace(box,
      el("h3", { class: "invite-friends-title" }, icon("user"), el("span", { text: "Inviter un ami" })),
      candidates.length ? el("ul", { class: "friend-list" }, candidates.map((f) => {
        const send = button("Inviter", { kind: "small", iconName: "send", onClick: async () => {
          send.disabled = true;
          try {
            await invite(tableId, f.name);
            toast(`Invitation envoyée à ${f.name}.`, { kind: "success" });
            replace(send, icon("check"), el("span", { class: "btn-label", text: "Invité" }));
          } catch (err) {
            showError(err);
            send.disabled = false;
          }
        } });
        return el("li", { class: ["friend", f.online ? "online" : "offline"], dataset: { name: f.name } },
          el("span", { class: "presence-dot", "aria-hidden": "true" }),
          el("span", { class: "friend-name", text: f.name }),
          el("span", { class: "muted small presence-text", text: f.online ? "en ligne" : "hors ligne" }),
          send);
      })) : el("p", { class: "muted small", text: "Suivez des joueurs depuis leur profil pour les inviter ici." }));
  });
  return box;
}
