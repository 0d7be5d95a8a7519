// One table, live: a WebSocket for this seat (or a spectator), the table drawn from the seat's
// own view (view.js), the hand and its moves in the dock (hand.js), the score sheet and the
// log with names, host controls.
import { api, h } from "./dom.js";
import { eventLine, foldToFit, isolate, renderFelt, renderSheet } from "./view.js";
import { controller, keepChoices, showNotice } from "./hand.js";
import { trackTricks } from "./tricks.js";
import { trackSummary } from "./summary.js";
import { fourColour, setFourColour } from "./cards.js";
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
let events = [];
let bannerAt = 0;

// "hearts are not broken yet" -> "Hearts are not broken yet."
function sentence(text) {
  const t = String(text).trim();
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

function suggestion(msg) {
  return msg.suggestion ? h("p", {}, `Did you mean “${msg.suggestion}”? `,
    h("button", { type: "button", onclick: () => act(msg.suggestion) }, msg.suggestion)) : null;
}

function banner(kind, ...content) {
  if (kind === "refused") bannerAt = Date.now();
  $("banner").replaceChildren(h("div", { class: `banner ${kind}`, role: kind === "refused" ? "alert" : null },
    ...content));
}

function send(msg) {
  return link?.send(msg);
}

function act(text) {
  link.act(text);
}

function renderAll() {
  if (!state) return;
  const t = state.table;
  const mine = (state.to_act || []).includes(state.you) && t.status === "playing";
  document.title = `${mine ? "▶ Your turn — " : ""}${t.title} — gamenight`;
  $("title").textContent = t.title;
  $("status").textContent = t.status === "broken" ? `broken: ${t.error}` :
    `${t.status}${t.match_number ? ` · game ${t.match_number}` : ""}`;
  $("whoami").textContent = state.you === null ? "spectator" : `you are ${t.seats[state.you].name}`;
  const ctl = controller(state, { act, send, redraw: renderAll });
  const felt = renderFelt(state, ctl, events, send, renderAll);
  $("board").replaceChildren(...felt);
  $("board").classList.toggle("summary-open", felt[0]?.id === "summary");
  $("me").replaceChildren(...ctl.dock());
  foldToFit($("board"), $("me"));
  $("sheet").replaceChildren(renderSheet(state.sheet, state));
  colours.hidden = !(state.view?.zones || []).some((z) => (z.piece || "card") === "card" && ((z.pieces || []).length || z.hidden));
  renderLog();
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
  renderStrip(state, send);
  renderChat(state, send);
}

// The log grows by the new events only (a new match, or the list trimmed, draws it again).
let logged = [];
function renderLog() {
  const ol = $("log");
  const fresh = logged.length > events.length || logged.some((e, i) => events[i] !== e);
  if (fresh) { ol.replaceChildren(); logged = []; }
  ol.append(...events.slice(logged.length).map((e) => eventLine(e, state)));
  logged = [...events];
  ol.scrollTop = ol.scrollHeight;
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
    performance.mark("state-received");
    if (!("sheet" in msg)) msg.sheet = state?.sheet ?? null;  // the sheet and the table come only when they changed
    if (!("table" in msg)) msg.table = state.table;
    const fresh = msg.events_reset || state?.table?.match_number !== msg.table.match_number;
    if (fresh) events = [];
    events = events.concat(msg.events || []).slice(-200);
    trackTricks({ ...msg, reset: fresh });
    trackSummary(msg, events);
    state = msg;
    keepChoices(msg);  // a half-made choice survives others' moves; pieces that left are dropped
    // a refusal stays a moment (one that answers a move sent again after a reconnection is read)
    if (!msg.over && msg.table.status === "playing" && Date.now() - bannerAt > 4000) $("banner").replaceChildren();
    renderAll();
    // measured by bench/bench_browser.py: the first table drawn, and each state update applied
    if (!performance.getEntriesByName("first-render").length) performance.mark("first-render");
    performance.measure("apply-state", "state-received");
  } else if (msg.type === "notice") {
    events = events.concat([noticeEvent(msg)]).slice(-200);
    if (state) renderAll();
  } else if (msg.type === "chat") {
    addChat(msg.lines, state, send);
  } else if (msg.type === "refused") {
    showNotice({ text: msg.detail ? `${sentence(msg.detail)}` : "That move is not allowed.", rule: msg.rule,
                 clause_id: msg.clause_id, rulings: msg.rulings,
                 extra: [suggestion(msg), state?.table.house && state.you !== null ? h("button", { type: "button", id: "ask-about", onclick: () => {
                   $("question-clause").value = msg.clause_id;
                   $("question-text").focus();
                 } }, "Ask about this rule") : null] });
    renderAll();
  } else if (msg.type === "error") {
    if (msg.action !== undefined) {
      showNotice({ text: `${sentence(msg.message)}${msg.suggestion ? ` Did you mean “${msg.suggestion}”?` : ""}` });
      renderAll();
    } else {
      banner("refused", msg.message);
    }
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

const colours = h("label", { class: "four-colour-toggle" }, h("input", { type: "checkbox", id: "four-colour",
  checked: fourColour(), onchange: (e) => { setFourColour(e.target.checked); } }), " four-colour deck");
$("settings").replaceChildren(colours);
setFourColour(fourColour());
start();
loadRules();
if (hostToken) loadLinks();
