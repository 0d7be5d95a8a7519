// Found a house (name, host, members, how it decides) or bring one in from its TOML file;
// either way the host gets their own link (keep it: it is the host) and an invitation for
// each member (each works once, and becomes that member's own link).
import { api, h } from "./dom.js";

const $ = (id) => document.getElementById(id);
const post = (path, body) => api(path, { method: "POST", headers: { "content-type": "application/json" },
                                         body: JSON.stringify(body) });

function made(result) {
  const abs = (p) => new URL(p, location.href).href;
  $("made").replaceChildren(
    h("h2", {}, `${result.house.name} is ready`),
    h("ul", { class: "links" },
      h("li", {}, h("strong", {}, `Your own link, ${result.house.host} (keep it: it is you, the host): `),
        h("a", { href: result.links.you, id: "your-link" }, abs(result.links.you))),
      Object.entries(result.links.invites).map(([member, link]) => h("li", {},
        h("strong", {}, `${member}'s invitation (send it to ${member} alone; it works once): `),
        h("a", { href: link, class: "invite-link", dataset: { member } }, abs(link)))),
      h("li", {}, "Anyone may read the house at ",
        h("a", { href: result.links.member, id: "member-link" }, abs(result.links.member)))),
    h("p", {}, h("a", { href: result.links.you }, h("button", { class: "primary", type: "button" },
      "Go to the house"))));
}

function failed(e) {
  $("made").replaceChildren(h("p", { class: "banner refused", role: "alert" }, String(e.message || e)));
}

$("new-house").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const members = $("house-members").value.split(",").map((m) => m.trim()).filter(Boolean);
  try {
    made(await post("/api/houses", { name: $("house-name").value, host: $("house-host").value, members,
                                     approval: $("house-approval").value, answers: $("house-answers").value,
                                     kali_effect: $("house-kali").checked }));
  } catch (e) { failed(e); }
});

$("import-house").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const file = $("house-file").files[0];
  if (!file) return failed("choose a house file first");
  try { made(await post("/api/houses/import", { toml: await file.text() })); } catch (e) { failed(e); }
});
