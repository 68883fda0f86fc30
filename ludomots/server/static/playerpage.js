// The profile page /joueur/{name} is drawn by the server; for a logged-in visitor this module
// adds « Suivre » / « Ne plus suivre » (issue 20: follow a player from their profile).

import { el, icon, button, replace, toast } from "./ui.js";
import { showError } from "./api.js";
import { accountReady, getFollows, follow, unfollow } from "./account.js";
import { showInviteNotices } from "./accountbar.js";

async function setup() {
  const host = document.getElementById("player-actions");
  if (!host) return;
  const name = host.dataset.player;
  const me = await accountReady();
  if (!me) {
    replace(host, el("p", { class: "muted small" },
      el("a", { href: "/#compte", text: "Connectez-vous" }), " pour suivre ce joueur."));
    return;
  }
  if (me.name === name) {
    replace(host, el("p", { class: "muted small", text: "C’est votre profil." }));
    return;
  }
  let following = false;
  try {
    following = (await getFollows()).following.some((f) => f.name === name);
  } catch (err) {
    showError(err);
    return;
  }
  const paint = () => {
    const btn = button(following ? "Ne plus suivre" : "Suivre", {
      kind: following ? "small" : "primary small", iconName: following ? "close" : "plus",
      onClick: async () => {
        btn.disabled = true;
        try {
          if (following) await unfollow(name); else await follow(name);
          following = !following;
          toast(following ? `Vous suivez ${name}.` : `Vous ne suivez plus ${name}.`, { kind: "success" });
          paint();
        } catch (err) {
          showError(err);
          btn.disabled = false;
        }
      },
    });
    replace(host, btn, following ? el("span", { class: "muted small following-note" }, icon("check"), " Vous suivez ce joueur.") : null);
  };
  paint();
}

showInviteNotices();
setup();
