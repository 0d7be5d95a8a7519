// The end of a hand, as a summary players read before the next deal: the last trick with its
// winner, the melds and lay-offs of a showdown, what the hand came to in words (who took the
// queen, the kitty, the scores) and the hand's score row. "Next hand" tells the table you are
// ready; the server starts the next hand when everyone here is, or after a short pause with bots.
import { h } from "./dom.js";
import { card } from "./cards.js";
import { eventLine, seatName, withNames } from "./names.js";
import { renderMelds } from "./melds.js";
import { lastTrick } from "./tricks.js";
import { renderSheet } from "./sheet.js";

let shown = null;       // { ply, zones } of the hand end on the table
let dismissed = -1;     // the ply of the last summary this player closed

// Follow each state message: a hand that just ended opens its summary, with the showdown as it lay.
export function trackSummary(msg, events) {
  const end = msg.table?.hand_end?.ply ?? (msg.over ? msg.ply : null);
  if (end === null || end === undefined || end <= dismissed || shown?.ply === end) return;
  if (!events.some((e) => e.ply === end && e.kind === "summary") && !msg.over) return;
  const faceUp = (msg.view?.zones || []).filter((z) => (z.pieces || []).length &&
    (z.kind === "meld" || (z.kind === "hand" && z.owner !== msg.you)));
  // a showdown: hands laid on the table, yours with the rest
  const mine = faceUp.length ? (msg.view.zones || []).filter((z) => z.kind === "hand" && z.owner === msg.you &&
    (z.pieces || []).length) : [];
  shown = { ply: end, zones: [...faceUp, ...mine] };
}

export function summaryOpen() {
  return shown !== null && shown.ply > dismissed;
}

function close(send, ready) {
  dismissed = shown.ply;
  shown = null;
  if (ready) send({ type: "ready" });
}

export function renderSummary(state, events, send, redraw) {
  if (!summaryOpen()) return null;
  const ply = shown.ply;
  const rows = (state.sheet?.rows || []).filter((r) => r.ply === ply);
  const lines = events.filter((e) => e.ply === ply && e.kind !== "play" && e.kind !== "trick");
  const trick = lastTrick();
  const you = state.you !== null && state.you !== undefined;
  const button = state.over || !you
    ? h("button", { type: "button", id: "close-summary", onclick: () => { close(send, false); redraw(); } }, "Close")
    : h("button", { type: "button", class: "primary", id: "next-hand", onclick: () => { close(send, true); redraw(); } },
      "Next hand");
  const parts = [h("div", { class: "summary-head" },
    h("h2", {}, state.over ? "The game is over" : `End of ${withNames(rows[0]?.label || "the hand", state)}`), button)];
  if (trick && trick.ply === ply) {
    parts.push(h("div", { class: "summary-trick" }, h("span", { class: "label" }, "Last trick"),
      trick.plays.map((p) => h("figure", { class: p.seat === trick.winner ? "winner" : null },
        card(p.card, { cls: p.seat === trick.winner ? "won" : "" }), h("figcaption", {}, seatName(state, p.seat)))),
      h("span", { class: "trick-caption" }, `${seatName(state, trick.winner)} ${trick.winner === state.you ? "take" : "takes"} it`)));
  }
  if (shown.zones.length) parts.push(renderMelds(shown.zones, { ...state, view: { ...state.view, zones: shown.zones } }));
  if (lines.length) parts.push(h("ul", { class: "summary-lines" }, lines.map((e) => eventLine(e, state))));
  if (rows.length) parts.push(renderSheet({ ...state.sheet, rows, totals: rows[rows.length - 1].totals }, state));
  const hand = state.table.hand_end;
  if (hand) {
    const waiting = state.table.seats.filter((s) => s.kind === "human" && s.connected && !s.bot_playing && s.seat !== state.you
      && !hand.ready.includes(s.seat)).map((s) => seatName(state, s.seat));
    if (waiting.length && hand.ready.includes(state.you)) parts.push(h("p", { class: "muted" }, `Waiting for ${waiting.join(", ")}.`));
  }
  return h("section", { class: "hand-summary", id: "summary", role: "region", "aria-label": "End of the hand" }, parts);
}
