// The seats around the table: you at the bottom, the others clockwise, each with the player's
// name, whether they are here, away or a bot, whose turn it is (highlighted and said in words),
// the dealer, "partner" for your partner, and the few numbers that matter (cards left, tricks,
// bids, chips) from the view's per-seat facts.
import { h } from "./dom.js";
import { factValue } from "./facts.js";
import { seatOrder, spot } from "./tricks.js";

const KIND_WORD = { card: "Cards", tile: "Dominoes", die: "Dice", token: "Pieces", chips: "Chips" };
export const RING_MAX = 8;  // more seats than this sit in rows instead of around the table

function handCounts(state) {
  const counts = new Map();
  let word = "Cards";
  for (const z of state.view?.zones || []) {
    if (z.kind === "hand" && z.owner !== null && z.owner !== undefined) {
      counts.set(z.owner, (counts.get(z.owner) || 0) + (z.pieces?.length || 0) + (z.hidden || 0));
      word = KIND_WORD[z.piece || "card"] || "Pieces";
    }
  }
  return { counts, word };
}

function partnersOf(state, seat = state.you) {
  const team = (state.view?.teams || []).find((t) => t.includes(seat));
  return new Set((team || []).filter((s) => s !== seat));
}

export function plate(s, state, style = null) {
  const view = state.view || {};
  const acting = (state.to_act || []).includes(s.seat);
  const { counts, word } = handCounts(state);
  const partner = partnersOf(state).has(s.seat);
  const status = s.kind === "bot" ? "bot" : s.bot_playing ? "away, a bot plays" : s.seat === state.you ? "" :
    s.connected ? "here" : "away";
  const stats = [];
  if (counts.has(s.seat) && s.seat !== state.you) stats.push(`${word} ${counts.get(s.seat)}`);
  for (const f of (view.facts || []).filter((f) => f.kind === "per-seat")) {
    const v = f.value?.[s.seat];
    if (v === null || v === undefined || v === "" || v === false) continue;
    if (f.of === "flag") { stats.push(h("span", { class: "stat" }, f.label)); continue; }  // said when true
    if (f.of === "seat" && partnersOf(state, s.seat).has(v)) continue;  // "Partner Cy": the seating says it
    stats.push(h("span", { class: "stat" }, `${f.label}\u00a0`, factValue({ kind: f.of || "number", value: v }, state)));
  }
  for (let i = stats.length - 1; i > 0; i--) stats.splice(i, 0, " · ");
  return h("div", { class: `seat plate${s.seat === state.you ? " me" : ""}${acting ? " acting" : ""}${partner ? " partner" : ""}`,
                    dataset: { seat: s.seat }, style, "aria-current": acting ? "true" : null },
    h("div", { class: "who" }, h("span", { class: "name" }, h("strong", {}, s.name), s.seat === state.you ? " (you)" : ""),
      view.dealer === s.seat ? h("span", { class: "badge dealer", title: "dealer" }, "dealer") : null,
      partner ? h("span", { class: "badge partner" }, "partner") : null),
    h("div", { class: "status" }, acting ? h("strong", { class: "turn" }, status ? "▶ to act · " : "▶ to act") : null,
      status, stats.length && (status || acting) ? " · " : null, stats.length ? h("span", { class: "stats" }, stats) : null));
}

// The seats with `centre` in the middle: around the table for a trick (each card in front of its
// player), otherwise the others in a row across the top (in turn order from your left, so a
// partner sits in the middle, opposite you) and you at the foot of the felt (renderFoot); seats at
// another table (Court Whist's) in a row above. One element, or two with that row.
export function renderRing(state, centre, around = true) {
  const seats = state.table.seats;
  if (seats.length > RING_MAX) {
    return h("div", { class: "ring-list" }, h("div", { class: "seats" }, seats.map((s) => plate(s, state))), centre);
  }
  const order = seatOrder(state);
  const me = order.includes(state.you) ? state.you : null;
  const turn = (s) => (order.indexOf(s.seat) - order.indexOf(me ?? order[0]) + order.length) % order.length;
  const here = seats.filter((s) => order.includes(s.seat)).sort((a, b) => turn(a) - turn(b));
  const elsewhere = seats.filter((s) => !order.includes(s.seat));  // at another table, or sitting out
  const away = elsewhere.length ? h("div", { class: "seats-row elsewhere", role: "group", "aria-labelledby": "elsewhere-label" },
    h("span", { class: "label", id: "elsewhere-label" }, "Not at your table"), elsewhere.map((s) => plate(s, state))) : null;
  if (!around) {
    return h("div", { class: "table-rows", id: "ring" }, away,
      h("div", { class: "seats-row" }, here.filter((s) => s.seat !== me).map((s) => plate(s, state))),
      h("div", { class: "centre-row" }, centre));
  }
  const plates = here.map((s) => {
    const { x, y } = spot(s.seat, state);
    return plate(s, state, `left:${x}%;top:${y}%;transform:translate(-${x}%,-${y}%)`);
  });
  const ring = h("div", { class: `ring n${here.length}`, id: "ring" }, centre, plates);
  return away ? [away, ring] : ring;
}

// The foot of a table without a trick: your own seat at the bottom, just above your hand, beside
// the facts (so it costs no height of its own on a phone while they leave it room).
export function renderFoot(state, facts) {
  const mine = state.you !== null && state.you !== undefined && seatOrder(state).includes(state.you);
  const me = mine && state.table.seats.length <= RING_MAX ? plate(state.table.seats[state.you], state) : null;
  if (!me) return facts;
  return h("div", { class: `foot${facts ? "" : " alone"}` }, facts, me);
}
