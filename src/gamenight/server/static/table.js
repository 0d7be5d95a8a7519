// One table, live: a WebSocket for this seat (or a spectator), the table drawn from the seat's
// own view (view.js), the hand and its moves in the dock (hand.js), the score sheet and the
// log with names, host controls.
import { api, h } from "./dom.js";
import { eventLine, isolate, renderFelt, renderSheet } from "./view.js";
import { controller, keepChoices, showNotice } from "./hand.js";
import { trackTricks } from "./tricks.js";
import { trackSummary } from "./summary.js";
import { fourColour, setFourColour } from "./cards.js";
import { renderQuestions } from "./questions.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.hash.slice(1));
const token = params.get("token");
const hostToken = params.get("host");

let state = null;
let log = [];
let events = [];
let ws = null;
let retry = 0;
let closedForGood = false;

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
  $("banner").replaceChildren(h("div", { class: `banner ${kind}`, role: kind === "refused" ? "alert" : null },
    ...content));
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function act(text) {
  send({ type: "act", action: text });
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
  $("sheet").replaceChildren(renderSheet(state.sheet, state));
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
async function hostCall(method, path) {
  try {
    return await api(`/api/tables/${tableId}${path}`, { method, headers: { "X-Host-Token": hostToken } });
  } catch (e) {
    banner("refused", String(e.message || e));
    return null;
  }
}

let hostLinks = null;
async function loadLinks() {
  hostLinks = await hostCall("GET", "/links");
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
  const seats = t.seats.map((s) => {
    const link = hostLinks?.seats?.[s.seat]?.link;
    return h("li", {}, `${s.name}: `, s.kind === "bot"
      ? h("button", { type: "button", onclick: async () => { if (await hostCall("DELETE", `/seats/${s.seat}/bot`)) loadLinks(); } }, "make it a person's seat")
      : [link ? h("a", { href: link, class: "seat-link", dataset: { seat: s.seat } }, abs(link)) : "", " ",
         h("button", { type: "button", onclick: async () => { if (await hostCall("PUT", `/seats/${s.seat}/bot`)) loadLinks(); } }, "give to a bot")]);
  });
  box.replaceChildren(h("div", { class: "hostbar" }, controls),
    h("details", {}, h("summary", {}, "Seats and links"), h("ul", { class: "links" }, seats,
      h("li", {}, "Spectators: ", abs(`/table/${tableId}`)))));
}

// --- the connection ------------------------------------------------------------------------------
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  ws.onopen = () => { retry = 0; ws.send(JSON.stringify({ type: "hello", token })); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      performance.mark("state-received");
      log = log.slice(0, msg.log_start).concat(msg.log);
      const fresh = state?.table?.match_number !== msg.table.match_number;
      if (fresh) events = [];
      events = events.concat(msg.events || []).slice(-200);
      trackTricks({ ...msg, reset: fresh });
      trackSummary(msg, events);
      state = msg;
      keepChoices(msg);  // a half-made choice survives others' moves; pieces that left are dropped
      if (!msg.over && msg.table.status === "playing") $("banner").replaceChildren();
      renderAll();
      // measured by bench/browser_render.py: the first table drawn, and each state update applied
      if (!performance.getEntriesByName("first-render").length) performance.mark("first-render");
      performance.measure("apply-state", "state-received");
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
  };
  ws.onclose = (ev) => {
    if ([4403, 4404, 4400, 4001].includes(ev.code)) {
      closedForGood = true;
      banner("refused", ev.reason || "disconnected");
      return;
    }
    if (closedForGood) return;
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * 2 ** retry);
  };
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
connect();
loadRules();
if (hostToken) loadLinks();
