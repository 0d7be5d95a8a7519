// One table, live: a WebSocket for this seat (or a spectator), the board drawn from the
// seat's own view, its legal actions as clickable cards and buttons, host controls.
import { api, card, h, isCard } from "./dom.js";
import { eventText, fill, isolate, myHand, piece, renderBoard, renderSheet } from "./view.js";
import { renderQuestions } from "./questions.js";
import { TableLink } from "./connection.js";
import { addChat, askName, hostSeats, keepSeat, noticeEvent, offerToWatch, renderChat, renderStrip, storedSeat,
  timerControl } from "./people.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.hash.slice(1));
let token = params.get("token");
const hostToken = params.get("host");
let joinName = null;
let link = null;

let state = null;
let log = [];
let events = [];
let selected = new Set();

let bannerAt = 0;
function banner(kind, ...content) {
  if (kind === "refused") bannerAt = Date.now();
  $("banner").replaceChildren(h("div", { class: `banner ${kind}`, role: kind === "refused" ? "alert" : null },
    ...content));
}

function send(msg) {
  return link?.send(msg);
}

function act(text) {
  selected = new Set();
  link.act(text);
}

// --- legal actions -> cards to click, card selections, buttons ---------------------------
function analyse(legal, hand) {
  const inHand = new Set(hand || []);
  const single = new Map(); // card -> [actions]
  const multi = new Map(); // verb -> Set of "sorted card keys"
  const buttons = [];
  for (const text of legal) {
    const [verb, ...args] = text.split(" ");
    const cards = args.filter((a) => inHand.has(a));
    if (cards.length === 1 && !args.some((a) => isCard(a) && !inHand.has(a))) {
      // one piece of the hand (with a place, a train...): tap the piece, then choose if there are several
      if (!single.has(cards[0])) single.set(cards[0], []);
      single.get(cards[0]).push(text);
    } else if (cards.length >= 2 && cards.length === args.length) {
      if (!multi.has(verb)) multi.set(verb, new Map());
      multi.get(verb).set([...cards].sort().join(" "), text);
    } else {
      buttons.push(text);
    }
  }
  return { single, multi, buttons };
}

function renderMe() {
  const box = $("me");
  if (!state) return;
  const view = state.view || {};
  const handZone = myHand(state);
  const hand = handZone ? (handZone.pieces || []) : null;
  const { single, multi, buttons } = analyse(state.legal || [], hand);
  const parts = [];
  if (state.you === null) parts.push(h("p", { class: "muted" }, "You are watching: only public information is shown."));
  const prompt = view.prompt?.text ? fill(view.prompt.text, view.prompt.seats || [], state) : "";
  if (prompt && (state.to_act || []).includes(state.you)) parts.push(h("p", { class: "prompt", id: "prompt" }, prompt));
  else if (state.table.status === "playing" && state.you !== null) {
    const waiting = (state.to_act || []).map((s) => isolate(state.table.seats[s]?.name)).join(", ");
    parts.push(h("p", { class: "muted", id: "prompt" }, waiting ? `Waiting for ${waiting}.` : ""));
  }
  const selecting = multi.size > 0;
  if (!selecting) selected = new Set();
  if (hand) {
    parts.push(h("div", { class: "hand", id: "hand" }, hand.map((c) => {
      const playable = single.has(c) || (selecting && [...multi.values()].some((m) =>
        [...m.keys()].some((k) => k.split(" ").includes(c))));
      const cls = [selected.has(c) ? "selected" : "", playable ? "playable" : "dim"].join(" ");
      return piece(handZone.piece || "card", c, { cls, onclick: () => clickCard(c, single, selecting) });
    })));
  }
  const row = [];
  for (const [verb, combos] of multi) {
    const key = [...selected].sort().join(" ");
    const n = [...combos.keys()][0].split(" ").length;
    const match = combos.get(key);
    row.push(h("button", { class: "primary", type: "button", disabled: !match, dataset: { verb },
                           onclick: () => match && act(match) },
      match ? match : `${verb}: choose ${n} cards (${selected.size} chosen)`));
  }
  // Many moves of one kind (claims, bids) are a list to choose from, not a wall of buttons.
  const byVerb = new Map();
  for (const text of buttons) {
    const verb = text.split(" ")[0];
    if (!byVerb.has(verb)) byVerb.set(verb, []);
    byVerb.get(verb).push(text);
  }
  for (const [verb, texts] of byVerb) {
    if (texts.length > 12) {
      const select = h("select", { "aria-label": verb, dataset: { verb } },
        texts.map((t) => h("option", { value: t }, t.split(" ").slice(1).join(" "))));
      row.push(h("span", { class: "choose" }, select,
        h("button", { type: "button", class: "primary", onclick: () => act(select.value) }, verb)));
      continue;
    }
    for (const text of texts) {
      const [, ...args] = text.split(" ");
      row.push(h("button", { type: "button", dataset: { action: text }, onclick: () => act(text) },
        verb, ...args.map((a) => (isCard(a) ? card(a) : ` ${a}`))));
    }
  }
  if (row.length) parts.push(h("div", { class: "actions", id: "actions" }, row));
  if (state.you !== null && state.table.status === "playing" && (state.legal_truncated || buttons.length > 80 ||
      (state.legal || []).length)) {
    const input = h("input", { type: "text", placeholder: "or type an action, e.g. play QS", "aria-label": "action" });
    parts.push(h("form", { class: "typed", onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) act(input.value.trim()); } },
      input, h("button", { type: "submit" }, "Send")));
  }
  box.replaceChildren(...parts);
}

function clickCard(c, single, selecting) {
  if (selecting) {
    if (selected.has(c)) selected.delete(c); else selected.add(c);
    renderMe();
    return;
  }
  const options = single.get(c);
  if (!options) return;
  if (options.length === 1) act(options[0]);
  else {
    banner("info", "Which? ", ...options.map((o) => h("button", { type: "button", onclick: () => { act(o); $("banner").replaceChildren(); } }, o)));
  }
}

function renderAll() {
  if (!state) return;
  const t = state.table;
  document.title = `${t.title} — gamenight`;
  $("title").textContent = t.title;
  $("status").textContent = t.status === "broken" ? `broken: ${t.error}` :
    `${t.status}${t.match_number ? ` · game ${t.match_number}` : ""}`;
  $("whoami").textContent = state.you === null ? "spectator" : `you are ${t.seats[state.you].name}`;
  $("board").replaceChildren(...renderBoard(state));
  renderMe();
  $("sheet").replaceChildren(renderSheet(state.sheet, state));
  const ol = $("log");
  ol.replaceChildren(...events.map((e) => h("li", { class: e.kind ? `event-${e.kind}` : null }, eventText(e, state))));
  ol.scrollTop = ol.scrollHeight;
  if (state.over && state.result) {
    const names = state.result.winners.map((s) => isolate(t.seats[s].name)).join(" and ");
    banner("over", h("strong", {}, "Game over. "), `Winner: ${names}.`);
  } else if (t.status === "waiting") {
    banner("info", "Waiting for the host to start the game.");
  } else if (t.status === "broken") {
    banner("refused", `This table cannot continue: ${t.error}`);
  }
  renderHost();
  renderHouse();
  renderStrip(state, log, send);
  renderChat(state, send);
}

// --- the house whose rules this table plays -----------------------------------------------------
let rulesStamp = null;
function renderHouse() {
  const house = state.table.house;
  if (!house) return;
  $("house").textContent = house.error ? `house rules unavailable: ${house.error}`
    : `${house.rules_of}, version ${house.reading ?? house.current}`;
  if (house.stamp !== rulesStamp) {
    if (rulesStamp !== null) loadRules();
    rulesStamp = house.stamp;
  }
  renderQuestions(state, send);
}

// --- host controls ---------------------------------------------------------------------------
async function hostCall(method, path, { body, raw } = {}) {
  try {
    const headers = { "X-Host-Token": hostToken };
    if (body) headers["content-type"] = "application/json";
    const got = await api(`/api/tables/${tableId}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    if (!raw && method !== "GET" && got?.links) { hostLinks = got.links; renderHost(); }
    return got;
  } catch (e) {
    banner("refused", String(e.message || e));
    return null;
  }
}

let hostLinks = null;
let loadingLinks = false;
async function loadLinks() {
  if (loadingLinks) return;
  loadingLinks = true;
  hostLinks = await hostCall("GET", "/links");
  loadingLinks = false;
  renderHost();
}

function renderHost() {
  if (!hostToken || !state) return;
  const t = state.table;
  const box = $("host");
  box.hidden = false;
  const abs = (p) => new URL(p, location.href).href;
  const controls = [h("strong", {}, "Host: ")];
  if (t.status === "waiting") controls.push(h("button", { class: "primary", id: "start", type: "button",
    onclick: () => hostCall("POST", "/start") }, "Start the game"));
  if (t.status === "over") controls.push(h("button", { class: "primary", id: "again", type: "button",
    onclick: () => hostCall("POST", "/again") }, "Play again"));
  // a seat claimed or freed since the links were read: read them again
  if (hostLinks && t.seats.some((s) => Boolean(hostLinks.seats[s.seat]?.claimed) !== Boolean(s.claimed))) loadLinks();
  // the seats panel is open while the table waits for people, and as the host left it after that
  const panel = box.querySelector("details.seats-panel");
  const open = panel && box.dataset.status === t.status ? panel.open : t.status === "waiting";
  box.dataset.status = t.status;
  const qrs = [...box.querySelectorAll("details.qr[open]")].map((d) => d.closest("li")?.dataset.seat);
  box.replaceChildren(h("div", { class: "hostbar" }, controls, timerControl(state, hostCall)),
    h("details", { class: "seats-panel", open }, h("summary", {}, "Seats and links"), hostSeats(state, hostLinks, hostCall),
      h("p", { class: "links" }, "Spectators: ", abs(`/table/${tableId}`))));
  for (const seat of qrs) {  // keep a QR code open while the table changes around it
    const d = box.querySelector(`li[data-seat="${seat}"] details.qr`);
    if (d) d.open = true;
  }
}

// --- the connection (connection.js) and joining (people.js) -------------------------------------
function onMessage(msg) {
  if (msg.type === "claimed") {
    token = msg.token;
    joinName = null;
    keepSeat(tableId, token);
  } else if (msg.type === "state") {
    log = log.slice(0, msg.log_start).concat(msg.log);
    if (msg.events_reset || state?.table?.match_number !== msg.table.match_number) events = [];
    events = events.concat(msg.events || []).slice(-200);
    state = msg;
    // keep a half-made card selection while others move; drop cards that left the hand
    const inHand = new Set(myHand(msg)?.pieces || []);
    selected = new Set([...selected].filter((c) => inHand.has(c)));
    // a refusal stays a moment (one that answers a move sent again after a reconnection is read)
    if (!msg.over && msg.table.status === "playing" && Date.now() - bannerAt > 4000) $("banner").replaceChildren();
    renderAll();
  } else if (msg.type === "notice") {
    events = events.concat([noticeEvent(msg)]).slice(-200);
    if (state) renderAll();
  } else if (msg.type === "chat") {
    addChat(msg.lines, state, send);
  } else if (msg.type === "refused") {
    const rulings = msg.rulings || [];
    banner("refused", h("strong", {}, `Not allowed: ${msg.action}`), msg.detail ? ` — ${msg.detail}. ` : ". ",
      msg.rule, " ",
      h("small", { class: "clause-id" }, `[${msg.clause_id}]`),
      rulings.length ? h("ul", { class: "rulings" }, rulings.map((r) =>
        h("li", { class: "ruling" }, h("strong", {}, `${r.tag}: `), r.text, " ", h("small", {}, `(${r.meta})`))))
        : null,
      state?.table.house && state.you !== null ? h("button", { type: "button", id: "ask-about", onclick: () => {
        $("question-clause").value = msg.clause_id;
        $("question-text").focus();
      } }, "Ask about this rule") : null);
  } else if (msg.type === "error") {
    banner("refused", msg.message);
  }
}

function reopen(withToken, name = null) {
  token = withToken;
  joinName = name;
  link.stopped = false;
  link.open();
}

async function onFinal(code, reason) {
  if (code === 4400 && joinName) {  // the name was refused: ask again
    reopen(token, await askName($("join"), reason));
    return;
  }
  const mine = storedSeat(tableId);
  offerToWatch($("banner"), reason || "It may be spent: ask the host for a new one.", {
    watch: () => { $("banner").replaceChildren(); history.replaceState(null, "", location.pathname); reopen(null); },
    mine: mine && mine !== token ? () => { $("banner").replaceChildren(); reopen(mine); } : null,
  });
}

async function start() {
  const mine = storedSeat(tableId);
  if (!token && hostToken && mine) token = mine;
  if (token && token !== mine) {  // joining by link: a name first (the host's own seat: the name it was given)
    const seat = hostToken ? (await api(`/api/tables/${tableId}`).catch(() => null))?.seats.find((s) => s.kind === "human")
      : null;
    joinName = seat && !seat.claimed && !/^Seat \d+$/.test(seat.name) ? seat.name : await askName($("join"));
  }
  link = new TableLink(tableId, {
    hello: () => ({ type: "hello", token, ...(joinName ? { name: joinName } : {}) }), onMessage, onFinal });
  link.open();
}

async function loadRules() {
  try {
    $("rules").innerHTML = await api(`/api/tables/${tableId}/rules`);
  } catch (e) {
    $("rules").textContent = String(e.message || e);
  }
}

start();
loadRules();
if (hostToken) loadLinks();
