// People at the table: joining by link under a name (the seat's new token is kept in this
// browser), a stale link that offers to watch instead, the host's seat links (copy, QR code,
// a new link for a lost one, bots, the turn timer), the chat, taking a move back by agreement,
// the turn clock and the way to a finished game's replay.
import { api, h } from "./dom.js";
import { isolate } from "./view.js";

const $ = (id) => document.getElementById(id);
const seatKey = (tableId) => `gamenight.seat.${tableId}`;
const REACTIONS = ["Nice!", "Well played!", "Oops", "Ha!", "One moment", "Good game"];

// --- whose page this is -----------------------------------------------------------------------------
export function storedSeat(tableId) {
  return localStorage.getItem(seatKey(tableId));
}

// The seat is ours now, under a token only this page holds: keep it, and put it in the address
// so a reload (or a bookmark) comes back to the seat rather than to the spent invitation.
export function keepSeat(tableId, token) {
  localStorage.setItem(seatKey(tableId), token);
  const params = new URLSearchParams(location.hash.slice(1));
  params.set("token", token);
  history.replaceState(null, "", `${location.pathname}${location.search}#${params}`);
}

// Joining by link: ask the joiner's name first. Resolves with the name.
export function askName(box, message = "") {
  return new Promise((resolve) => {
    const input = h("input", { id: "join-name", type: "text", maxlength: 40, required: true, autocomplete: "nickname",
                               value: localStorage.getItem("gamenight.name") || null });
    const form = h("form", { class: "join panel", id: "join-form", onsubmit: (e) => {
      e.preventDefault();
      const name = input.value.trim();
      if (!name) return;
      localStorage.setItem("gamenight.name", name);
      box.replaceChildren();
      resolve(name);
    } }, h("h2", {}, "Join this table"), message ? h("p", { class: "banner refused" }, message) : null,
      h("label", { for: "join-name" }, "Your name at the table"), input,
      h("p", {}, h("button", { class: "primary", type: "submit", id: "take-seat" }, "Take my seat")));
    box.replaceChildren(form);
    input.focus();
  });
}

// A link that no longer opens a seat: say why, and offer to watch (or to go back to our own seat).
export function offerToWatch(box, reason, { watch, mine }) {
  box.replaceChildren(h("div", { class: "banner refused", role: "alert", id: "stale-link" },
    h("strong", {}, "This link does not open a seat. "), reason, " ",
    h("button", { type: "button", class: "primary", id: "watch", onclick: watch }, "Watch the table"),
    mine ? [" ", h("button", { type: "button", id: "my-seat", onclick: mine }, "Back to my seat")] : null));
}

// --- the host's seats --------------------------------------------------------------------------------
export function hostSeats(state, links, call) {
  const abs = (p) => new URL(p, location.href).href;
  const items = state.table.seats.map((s) => {
    const entry = links?.seats?.[s.seat];
    const name = h("strong", {}, isolate(s.name));
    if (s.kind === "bot") {
      return h("li", { dataset: { seat: s.seat } }, name, " ",
        h("button", { type: "button", onclick: () => call("DELETE", `/seats/${s.seat}/bot`) }, "Make it a person's seat"));
    }
    const toBot = h("button", { type: "button", onclick: () => call("PUT", `/seats/${s.seat}/bot`) }, "Give to a bot");
    if (entry?.claimed || s.claimed) {
      const you = s.seat === state.you ? " (you)" : "";
      return h("li", { dataset: { seat: s.seat } }, name, `${you} has joined${s.away ? " (away)" : ""}. `,
        h("button", { type: "button", class: "reissue", title: "If they lost their link: the old one stops working",
                      onclick: () => call("POST", `/seats/${s.seat}/link`) }, "New link"), " ", toBot);
    }
    const link = entry?.link ? abs(entry.link) : "";
    const copied = h("span", { class: "muted", "aria-live": "polite" });
    return h("li", { dataset: { seat: s.seat }, class: "invite" }, name, ": waiting for someone to join. ",
      link ? [h("a", { href: link, class: "seat-link", dataset: { seat: s.seat } }, link), " ",
        h("button", { type: "button", class: "copy", onclick: async () => {
          try { await navigator.clipboard.writeText(link); copied.textContent = " copied"; }
          catch { copied.textContent = " select the link and copy it"; }
        } }, "Copy link"), copied, " ",
        h("details", { class: "qr", ontoggle: (e) => showQr(e.target, state.table.id, s.seat, call) },
          h("summary", {}, "QR code"))] : "", " ", toBot);
  });
  return h("ul", { class: "links seat-links" }, items);
}

async function showQr(details, tableId, seat, call) {
  if (!details.open || details.querySelector("img")) return;
  const svg = await call("GET", `/seats/${seat}/qr`, { raw: true });
  if (!svg) return;
  details.append(h("img", { class: "qr-code", alt: `QR code of seat ${seat}'s link`, width: 180, height: 180,
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, dataset: { seat } }));
}

export function timerControl(state, call) {
  const choices = [[0, "no turn timer"], [30, "30 seconds a move"], [60, "1 minute a move"],
    [120, "2 minutes a move"], [300, "5 minutes a move"]];
  const now = state.timer?.seconds || 0;
  if (!choices.some(([s]) => s === now)) choices.push([now, `${now} seconds a move`]);
  const select = h("select", { id: "turn-timer", "aria-label": "turn timer", onchange: () =>
    call("PUT", "/timer", { body: { seconds: Number(select.value) } }) },
  choices.map(([s, label]) => h("option", { value: s, selected: s === now }, label)));
  return h("label", { class: "timer-control" }, "Turn timer: ", select);
}

// --- the strip above the hand: the clock, taking a move back, the replay ----------------------------
function lastMoveIsMine(state) {
  return state.you !== null && state.you !== undefined && state.last === state.you;
}

// The turn clocks count down between state messages.
let clockSince = Date.now();
const clockText = (who, secs) => `Turn timer: ${who} ${Math.max(0, Math.ceil(secs))} s`;
setInterval(() => {
  for (const el of document.querySelectorAll("#people .clock")) {
    const secs = Number(el.dataset.left) - (Date.now() - clockSince) / 1000;
    el.textContent = clockText(el.dataset.who, secs);
    el.classList.toggle("late", secs <= 10);
  }
}, 500);

export function renderStrip(state, send) {
  const box = $("people");
  if (!box) return;
  const parts = [];
  const t = state.table;
  const left = state.timer?.left || {};
  clockSince = Date.now();
  for (const [seat, secs] of Object.entries(left)) {
    const who = Number(seat) === state.you ? "You have" : `${isolate(t.seats[seat]?.name)} has`;
    parts.push(h("span", { class: "clock", dataset: { seat, left: secs, who } }, clockText(who, secs)));
  }
  const undo = state.undo;
  if (undo) {
    const asker = undo.by === state.you ? "You ask" : `${isolate(t.seats[undo.by]?.name)} asks`;
    const waiting = undo.waiting.map((s) => isolate(t.seats[s]?.name)).join(", ");
    parts.push(h("div", { class: "banner info", id: "undo-request", role: "status" },
      h("span", {}, `${asker} to take back the last move. `),
      undo.waiting.includes(state.you) ? h("span", { class: "answer" },
        h("button", { type: "button", class: "primary", id: "undo-yes",
                      onclick: () => send({ type: "undo-answer", yes: true }) }, "Agree"), " ",
        h("button", { type: "button", id: "undo-no", onclick: () => send({ type: "undo-answer", yes: false }) },
          "Keep the move"))
        : h("span", {}, `Waiting for ${waiting} to agree.`)));
  } else if (t.status === "playing" && lastMoveIsMine(state)) {
    parts.push(h("button", { type: "button", id: "undo", onclick: () => send({ type: "undo" }) }, "Take back my move"));
  }
  if (t.match_number && (state.over || t.match_number > 1)) {
    const n = state.over ? t.match_number : t.match_number - 1;
    parts.push(h("a", { href: `/table/${encodeURIComponent(t.id)}/replay/${n}`, id: "replay-link" },
      `Replay game ${n} move by move`));
  }
  box.replaceChildren(...parts);
}

// --- chat ------------------------------------------------------------------------------------------------
let chatLines = [];
export function addChat(lines, state, send) {
  const seen = new Set(chatLines.map((l) => `${l.at} ${l.seat} ${l.text}`));  // history again after a reconnect
  chatLines = chatLines.concat(lines.filter((l) => !seen.has(`${l.at} ${l.seat} ${l.text}`))).slice(-60);
  renderChat(state, send);
}

export function renderChat(state, send) {
  const panel = $("chat-panel");
  if (!panel || !state) return;
  if (!panel.dataset.wired) {
    if (!send) return;
    wireChat(panel, send);
  }
  panel.hidden = false;
  panel.querySelector("form").hidden = state.you === null;
  panel.querySelector(".reactions").hidden = state.you === null;
  const ol = panel.querySelector("ol");
  ol.replaceChildren(...chatLines.map((l) => h("li", {},
    h("strong", {}, l.seat === state.you ? "You" : isolate(state.table.seats[l.seat]?.name ?? `Seat ${l.seat}`)),
    ": ", h("bdi", {}, l.text))));
  ol.scrollTop = ol.scrollHeight;
}

function wireChat(panel, send) {
  panel.dataset.wired = "1";
  const input = h("input", { type: "text", maxlength: 200, id: "chat-text", "aria-label": "say something",
                             placeholder: "say something" });
  panel.replaceChildren(h("h2", {}, "Chat"), h("ol", { class: "chat", id: "chat", "aria-live": "polite", tabindex: 0, "aria-label": "chat" }),
    h("form", { class: "typed", onsubmit: (e) => {
      e.preventDefault();
      if (input.value.trim()) send({ type: "chat", text: input.value.trim() });
      input.value = "";
    } }, input, h("button", { type: "submit" }, "Say")),
    h("div", { class: "reactions" }, REACTIONS.map((r) =>
      h("button", { type: "button", class: "reaction", onclick: () => send({ type: "chat", text: r }) }, r))));
}

// A notice ("{0} took back their move") as a line of the log.
export function noticeEvent(msg) {
  return { text: msg.text, seats: msg.seats || [], kind: "notice" };
}
