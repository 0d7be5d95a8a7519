// Found a house (name, host, members, how it decides) or bring one in from its TOML file;
// either way the host gets the admin link (keep it: it changes the rules) and the members' link.
import { api, h } from "./dom.js";

const $ = (id) => document.getElementById(id);
const post = (path, body) => api(path, { method: "POST", headers: { "content-type": "application/json" },
                                         body: JSON.stringify(body) });

function made(result) {
  const abs = (p) => new URL(p, location.href).href;
  localStorage.setItem(`gamenight.house.${result.house.id}.me`, result.house.host);
  $("made").replaceChildren(
    h("h2", {}, `${result.house.name} is ready`),
    h("ul", { class: "links" },
      h("li", {}, h("strong", {}, "Admin link (keep it: it changes the rules): "),
        h("a", { href: result.links.admin, id: "admin-link" }, abs(result.links.admin))),
      h("li", {}, h("strong", {}, "Members' link (send it round): "),
        h("a", { href: result.links.member, id: "member-link" }, abs(result.links.member)))),
    h("p", {}, h("a", { href: result.links.admin }, h("button", { class: "primary", type: "button" },
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
