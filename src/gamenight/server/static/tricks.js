// The trick in the middle of the table: each card in front of the seat that played it. A
// completed trick stays, its winning card marked, until the next lead (and at least a moment);
// the last trick, also the last of a hand, can be looked at again.
import { h } from "./dom.js";
import { card, isCard } from "./cards.js";
import { seatName } from "./names.js";

const HOLD_MS = 1200;
let plays = [];        // cards played since the last trick was taken, from the events
let last = null;       // the last completed trick: { plays: [{seat, card}], winner, card, at }
let lookBack = false;  // the player asked to see the last trick again

// Follow the events of each state message (call once per message, before drawing).
export function trackTricks(msg) {
  if (msg.reset) { plays = []; last = null; }
  for (const e of msg.events || []) {
    const p = e.pieces?.[0];
    if (e.kind === "play" && isCard(p) && e.seats?.length) plays.push({ seat: e.seats[0], card: p });
    else if (e.kind === "trick" && isCard(p)) {
      last = { plays, winner: e.seats?.[0], card: p, at: performance.now(), ply: e.ply };
      plays = [];
      lookBack = false;
    }
  }
  const zone = (msg.view?.zones || []).find((z) => z.kind === "last-trick");
  if (zone && (zone.pieces || []).length && last && last.plays.length < zone.pieces.length) {
    // joined mid-hand: the events began part-way through the trick; the view has all of it
    last = { ...last, plays: zone.pieces.map((c, i) => ({ seat: zone.by?.[i], card: c })) };
  }
}

export function lastTrick() {
  return last;
}

// The seats around the table clockwise: the view's seating where the game gives one (Court Whist
// seats each game's partners opposite, a table of four of many), else every seat in seat order.
export function seatOrder(state) {
  return state.view?.seating || state.table.seats.map((s) => s.seat);
}

// Where a seat sits around the table, as percentages: you at the bottom, then clockwise.
export function spot(seat, state, rx = 1, ry = rx) {
  const order = seatOrder(state);
  const n = order.length;
  const me = Math.max(0, order.indexOf(state.you ?? order[0]));
  const angle = Math.PI / 2 + (2 * Math.PI * ((order.indexOf(seat) - me + n) % n)) / n;
  return { x: 50 + 44 * rx * Math.cos(angle), y: 50 + 42 * ry * Math.sin(angle) };
}

function placed(seat, content, state, cls = "") {
  const wide = seatOrder(state).length > 4;  // five or six cards: further out, so they overlap less
  const { x, y } = spot(seat, state, wide ? 0.4 : 0.3, wide ? 0.48 : 0.38);
  return h("div", { class: `played ${cls}`.trim(), dataset: { seat },
                    style: `left:${x}%;top:${y}%` }, content);
}

function drawTrick(trick, state, done) {
  return trick.plays.map((p) => {
    const won = done && p.seat === trick.winner && p.card === trick.card;
    return placed(p.seat, [card(p.card, { cls: won ? "won" : "", label: won ? `${p.card} takes the trick` : null }),
      won ? h("span", { class: "takes" }, "takes") : null], state, won ? "winner" : "");
  });
}

// How far `c` must move along one axis to clear `p` (with a gap), toward the middle at `mid`;
// 0: it need not move, null: it cannot move that way.
function clear(c1, c2, p1, p2, mid) {
  const gap = 4;
  if (Math.min(c2, p2) + gap <= Math.max(c1, p1)) return 0;
  const centre = (c1 + c2) / 2;
  if (Math.abs(mid - centre) < 1) return null;
  return mid < centre ? -(c2 + gap - p1) : p2 + gap - c1;
}

// A card played lies in front of its player: where a seat has grown (several lines on a phone)
// it would cover the seat, so it moves toward the middle until the seat is clear. Run once the
// ring is laid out, and again whenever it resizes.
function clearSeats(area) {
  const ring = area.parentElement;
  if (!ring || !area.isConnected) return;
  const r = ring.getBoundingClientRect();
  const plates = [...ring.querySelectorAll(":scope > .plate")].map((p) => p.getBoundingClientRect());
  for (const card of area.querySelectorAll(".played")) {
    card.style.translate = "";
    const c = card.getBoundingClientRect();
    let dx = 0, dy = 0;
    for (const p of plates) {
      const x = clear(c.left + dx, c.right + dx, p.left, p.right, r.left + r.width / 2);
      const y = clear(c.top + dy, c.bottom + dy, p.top, p.bottom, r.top + r.height / 2);
      if (x === 0 || y === 0) continue;  // apart on one axis: no overlap
      if (y === null || (x !== null && Math.abs(x) < Math.abs(y))) dx += x ?? 0;
      else dy += y;
    }
    if (dx || dy) card.style.translate = `${dx}px ${dy}px`;
  }
}

// The centre of the ring for a game with a trick zone; `redraw` is called when a hold ends.
export function renderTrick(state, redraw) {
  const zone = (state.view?.zones || []).find((z) => z.kind === "trick");
  if (!zone) return null;
  const current = { plays: (zone.pieces || []).map((c, i) => ({ seat: zone.by?.[i], card: c })) };
  const age = last ? performance.now() - last.at : Infinity;
  const myLead = current.plays[0]?.seat === state.you;
  let shown = current;
  let done = false;
  if (last && (lookBack || !current.plays.length || (age < HOLD_MS && !myLead))) {
    shown = last;
    done = true;
    if (current.plays.length && !lookBack) setTimeout(redraw, HOLD_MS - age + 20);
  }
  const caption = done && last.winner !== undefined
    ? h("p", { class: "trick-caption", id: "trick-caption" },
      `${lookBack ? "Last trick: " : ""}${seatName(state, last.winner)} ${last.winner === state.you ? "take" : "takes"} the trick`)
    : null;
  const look = last ? h("button", { type: "button", class: "small look-back", id: "last-trick", "aria-pressed": String(lookBack),
                                    onclick: () => { lookBack = !lookBack; redraw(); } },
    lookBack ? "Back to the table" : "Last trick") : null;
  const area = h("div", { class: `trick-area${done ? " done" : ""}`, id: "trick", dataset: { cards: shown.plays.length } },
    drawTrick(shown, state, done), caption, look);
  const watch = new ResizeObserver(() => (area.isConnected ? clearSeats(area) : watch.disconnect()));
  watch.observe(area);
  return area;
}
