// A house's page: pick a game and change its rule set (the lobby's generated option form,
// plus written rulings), approve or turn down proposals, read versions side by side and
// the house's rulebook, and start a table that plays the house's rules.
// You are whoever your own link says: the host's link (#key=...) or a member's invitation
// (#invite=...), exchanged once for a key this browser keeps. Without one, you only read.
import { api, h } from "./dom.js";
import { readOptions, renderOptionForm } from "./options.js";
import { createTable, readSeats, renderSeatFields } from "./seats.js";
import { proposalNews, proposalSentences, watchHouse } from "./house_words.js";

const $ = (id) => document.getElementById(id);
const houseId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const key = (k) => `gamenight.house.${houseId}.${k}`;
const fromHash = new URLSearchParams(location.hash.slice(1));
const given = fromHash.get("key") || fromHash.get("admin");  // #admin=: a host's link from before member links
if (given) localStorage.setItem(key("key"), given);
const invite = fromHash.get("invite");
if (location.hash) history.replaceState(null, "", location.pathname);  // keep the secret out of sight
let houseKey = localStorage.getItem(key("key"));
const base = `/api/houses/${encodeURIComponent(houseId)}`;

let house = null;
let games = [];
let detail = null;
let readers = {};

const me = () => house?.you ?? null;
const game = () => games.find((g) => g.id === $("game").value);

function banner(kind, ...content) {
  $("banner").replaceChildren(h("div", { class: `banner ${kind}`, role: kind === "refused" ? "alert" : null },
    ...content));
}

async function call(method, path, body) {
  const headers = { "content-type": "application/json" };
  if (houseKey) headers["X-House-Key"] = houseKey;
  try {
    return await api(base + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  } catch (e) {
    banner("refused", String(e.message || e));
    return null;
  }
}

// --- the house: members, policy, proposals ------------------------------------------------------
function renderHouse() {
  document.title = `${house.name} — gamenight`;
  $("title").textContent = house.name;
  $("me").textContent = house.you ? `you are ${house.you}` : "reading only: open your own member link to take part";
  $("role").textContent = house.you ? (house.admin ? "· admin" : "· member") : "";
  $("members").replaceChildren(...house.members.map((m) => h("li", { dataset: { member: m.name } }, m.name,
    m.name === house.host ? " (host)" : m.admin ? " (admin)" : "", memberLink(m.name))));
  $("policy").textContent = `Changes take effect when ${house.approval === "host" ? "the host approves"
    : "a majority of members approve"}; questions at a table are settled by ${house.answers === "host"
    ? "the table's host" : "a vote of the table"}; the Kali Effect is ${house.kali_effect ? "on" : "off"}.`;
  $("member-form").hidden = !house.admin;
  $("policy-form").hidden = !(house.admin && me() === house.host);
  $("approval").value = house.approval;
  $("answers").value = house.answers;
  $("kali").checked = house.kali_effect;
  $("export").href = `${base}/export`;
  renderProposals();
}

// What an admin may do about a member's link: the invitation to hand out until it is claimed,
// or a new one for a member who lost theirs (their old link stops working).
function memberLink(name) {
  if (!house.admin || name === house.you || name === house.host) return null;
  const link = house.invites[name];
  const fresh = h("button", { type: "button", class: "new-link", onclick: () => newLink(name) },
    link ? "new invitation" : "new link");
  if (!link) return h("span", { class: "muted" }, " · ", fresh);
  return h("div", { class: "muted" }, `invitation for ${name} alone (works once): `,
    h("a", { href: link, class: "invite-link", dataset: { member: name } }, new URL(link, location.href).href),
    " ", fresh);
}

async function newLink(name) {
  const got = await call("POST", `/members/${encodeURIComponent(name)}/link`, {});
  if (got) { house = got; renderHouse(); banner("info", `${name} has a new invitation; their old link no longer works.`); }
}

function describe(p) {
  return h("ul", { class: "sentences" }, proposalSentences(p, games).map((s) => h("li", {}, s)));
}

// The banner about this page's own proposal follows it as the others vote.
let ownProposal = null;
function renderNews() {
  const news = proposalNews(house.proposals.find((p) => p.id === ownProposal));
  if (news) banner("info", news);
}

function renderProposals() {
  const items = [...house.proposals].reverse().map((p) => {
    const votes = p.votes.map((v) => `${v.member} ${v.yes ? "yes" : "no"}`).join(", ");
    const open = p.status === "open";
    return h("li", { class: `proposal ${p.status}`, dataset: { proposal: p.id } },
      h("strong", {}, `#${p.id} ${p.title}: `), describe(p),
      h("div", { class: "muted" }, `proposed by ${p.proposed_by}${p.why ? ` — ${p.why}` : ""}; votes: ${votes}; `,
        open ? `needs ${p.needed}` : p.status === "accepted" ? `accepted as version ${p.version}` : p.status),
      open && me() ? h("div", { class: "actions" },
        h("button", { type: "button", class: "primary approve", onclick: () => vote(p.id, true) }, "Approve"),
        h("button", { type: "button", class: "reject", onclick: () => vote(p.id, false) }, "Turn down"),
        h("button", { type: "button", class: "preview", onclick: () => preview(p.id) },
          "What would this change do?")) : null,
      open && previews[p.id] ? previewBlock(previews[p.id]) : null);
  });
  $("proposals").replaceChildren(items.length ? h("ul", { class: "proposals" }, items)
    : h("p", { class: "muted" }, "No proposals yet."));
}

// "What would this change do?": bot matches under the rules in force and under the proposal, on
// the same deals, played by the server in the background; the page follows its progress.
const previews = {};

function previewBlock(got) {
  const box = h("div", { class: "preview-result", dataset: { state: got.state }, "aria-live": "polite" });
  if (got.state === "running") {
    box.append(h("label", {}, `Playing ${got.games} bot games under each rule set… `,
      h("progress", { max: got.total, value: got.done }), ` ${got.done} of ${got.total}`));
    return box;
  }
  if (got.state === "failed" && !got.rows.length) {
    box.append(h("p", { class: "muted" }, got.error || "the comparison could not be run"));
    return box;
  }
  box.append(h("p", { class: "muted" }, `${got.games} bot games under each rule set, the same deals; `
    + "each figure with its 95% interval."), h("table", { class: "preview-table" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), ...got.labels.map((l) => h("th", { scope: "col" }, l)))),
    h("tbody", {}, ...got.rows.map((r) => h("tr", {}, h("th", { scope: "row" }, r.metric),
      ...r.cells.map((c) => h("td", {}, c)))))));
  return box;
}

async function preview(id) {
  let got = await call("POST", `/proposals/${id}/preview`, {});
  while (got) {
    previews[id] = got;
    renderProposals();
    if (got.state !== "running") return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    got = await call("GET", `/proposals/${id}/preview`);
  }
}

async function vote(id, yes) {
  const got = await call("POST", `/proposals/${id}/vote`, { yes });
  if (got) { house = got; seen(got); renderHouse(); renderNews(); await loadGame(); }
}

// --- one game's rule set ------------------------------------------------------------------------
async function loadGame() {
  const g = game();
  detail = await call("GET", `/games/${g.id}`);
  if (!detail) return;
  const current = detail.versions.at(-1);
  $("version").textContent = detail.current === 0 ? "Version 0: the book's main rules (never changed)."
    : `Version ${detail.current}, ${current.status === "ruled" ? "settled at a table" : "agreed"} — proposed by `
      + `${current.proposed_by}${current.why ? `: ${current.why}` : ""}.`;
  const presets = Object.keys(g.presets);
  $("preset").replaceChildren(h("option", { value: "" }, "the book's main rules"),
    ...presets.map((p) => h("option", { value: p, selected: p === detail.preset }, p)));
  readers = renderOptionForm($("options"), g, detail.values);
  const clauses = [h("option", { value: "" }, "the game in general"),
    ...detail.clauses.map((c) => h("option", { value: c.id }, `${c.id}: ${c.text.slice(0, 60)}`))];
  $("rulings").replaceChildren(h("legend", {}, "The house's written rulings"),
    ...detail.rulings.map((r) => h("div", { class: "ruling" },
      h("label", { style: "font-weight:normal" }, h("input", { type: "checkbox", class: "drop", value: r.id }),
        ` drop ${r.id}: `, r.question ? `asked “${r.question}”, ruled “${r.text}”` : r.text,
        r.clause ? ` [${r.clause}]` : ""))),
    h("label", { for: "ruling-text" }, "Add a ruling"),
    h("textarea", { id: "ruling-text", rows: 2, maxlength: 2000, placeholder: "e.g. a misdeal is redealt" }),
    h("label", { for: "ruling-clause" }, "about"), h("select", { id: "ruling-clause" }, clauses));
  $("rules-fields").disabled = !house.admin;
  $("admin-note").textContent = house.admin ? (house.approval === "host" ? "The host's approval puts it in force."
    : "A majority of members must approve it.") : "Only members with the house's admin link can propose changes.";
  $("print").href = `/house/${encodeURIComponent(houseId)}/rules/${g.id}`;
  $("markdown").href = `${base}/games/${g.id}/rules?format=markdown`;
  renderVersions();
  loadBook();
  renderTableForm();
}

async function loadBook() {
  const html = await call("GET", `/games/${game().id}/rules`);
  if (html !== null) $("book").innerHTML = html;  // the server's escaped rulebook fragment
}

function renderVersions() {
  const vs = detail.versions;
  $("versions").replaceChildren(h("li", { value: 0 }, "the book's main rules"),
    ...vs.map((v) => h("li", { value: v.number, dataset: { version: v.number } },
      `${v.status === "ruled" ? "settled at a table" : "agreed"}, ${v.when.slice(0, 10)}, by ${v.proposed_by}`,
      v.why ? ` — ${v.why}` : "", v.approved_by.length ? ` (${v.approved_by.join(", ")})` : "")));
  const numbers = [0, ...vs.map((v) => v.number)];
  for (const [id, pick] of [["diff-a", Math.max(0, detail.current - 1)], ["diff-b", detail.current]]) {
    $(id).replaceChildren(...numbers.map((n) => h("option", { value: n, selected: n === pick }, `version ${n}`)));
  }
  $("diff").replaceChildren();
}

async function propose(ev) {
  ev.preventDefault();
  const text = $("ruling-text").value.trim();
  const body = {
    why: $("why").value.trim(), preset: $("preset").value || null, options: readOptions(readers),
    rulings: text ? [{ text, clause: $("ruling-clause").value || null }] : [],
    remove_rulings: [...document.querySelectorAll("#rulings input.drop:checked")].map((c) => c.value),
  };
  const got = await call("POST", `/games/${game().id}/proposals`, body);
  if (!got) return;
  ownProposal = got.proposal.id;
  $("why").value = "";
  await refresh();
}

async function diff(ev) {
  ev.preventDefault();
  const html = await call("GET", `/games/${game().id}/diff?a=${$("diff-a").value}&b=${$("diff-b").value}`);
  if (html !== null) $("diff").innerHTML = html;  // the server's escaped diff table
}

// --- a table under the house ----------------------------------------------------------------------
function renderTableForm() {
  const g = game();
  $("players").replaceChildren(...g.players.map((n) =>
    h("option", { value: n, selected: n === g.default_players }, `${n} players`)));
  renderSeatFields($("seats"), Number($("players").value), [me()]);
  $("create-btn").disabled = !me();
}

async function createHouseTable(ev) {
  ev.preventDefault();
  const n = Number($("players").value);
  await createTable($("created"), { game: game().id, players: n, house: houseId, ...readSeats(n) },
    { "X-House-Key": houseKey });
}

async function refresh() {
  const got = await call("GET", "");
  if (!got) return;
  seen(got);
  house = got;
  renderHouse();
  renderNews();
  await loadGame();
}

async function claim() {
  const got = await call("POST", "/claim", { invite });
  if (!got) return;
  houseKey = got.key;
  localStorage.setItem(key("key"), houseKey);
  banner("info", `Welcome, ${got.member}: this browser now holds your own link to the house.`);
}

// Live: another member's vote or proposal shows here without a reload; the option form is
// redrawn only when a new version came into force and nobody is filling it in.
const seen = watchHouse(() => api(base, { headers: houseKey ? { "X-House-Key": houseKey } : {} }).catch(() => null), async (got) => {
  if (!got) return;
  const before = house.current?.[game().id];
  house = got;
  renderHouse();
  renderNews();
  const typing = $("rules-form").contains(document.activeElement) && document.activeElement.matches("input, textarea, select");
  if (got.current?.[game().id] !== before && !typing) await loadGame();
});

async function main() {
  if (invite) await claim();
  games = await api("/api/games");
  $("game").replaceChildren(...games.map((g) => h("option", { value: g.id }, g.title)));
  $("game").addEventListener("change", () => { $("banner").replaceChildren(); loadGame(); });
  $("rules-form").addEventListener("submit", propose);
  $("diff-form").addEventListener("submit", diff);
  $("table-form").addEventListener("submit", createHouseTable);
  $("players").addEventListener("change", () => renderSeatFields($("seats"), Number($("players").value), [me()]));
  $("member-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const got = await call("POST", "/members", { name: $("member-name").value, admin: $("member-admin").checked });
    if (got) { house = got; $("member-name").value = ""; renderHouse(); }
  });
  $("policy-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const got = await call("PUT", "/policy", { approval: $("approval").value,
                                              answers: $("answers").value, kali_effect: $("kali").checked });
    if (got) { house = got; renderHouse(); banner("info", "Saved."); }
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  const first = await call("GET", "");
  if (first) {  // open on the game last looked at here, else one the house has changed
    const pick = localStorage.getItem(key("game")) || Object.keys(first.current)[0];
    if (games.some((g) => g.id === pick)) $("game").value = pick;
  }
  $("game").addEventListener("change", () => localStorage.setItem(key("game"), $("game").value));
  await refresh();
}

main();
