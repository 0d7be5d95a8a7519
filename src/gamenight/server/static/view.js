// Generic rendering of any game's view: seats with their per-seat figures, the trick,
// piles and melds of cards, dice, and every other public fact as a small list.
import { card, cardBack, h, isCard } from "./dom.js";

// Shown elsewhere (seats, prompt, score sheet) or bookkeeping a player never needs to read.
const HANDLED = new Set(["hand", "trick", "last_trick", "sheet", "to_act", "over", "phase", "seat", "players",
                         "options", "turn", "dealer", "game"]);
const nice = (k) => k.replaceAll("_", " ");

function isCardList(v) {
  return Array.isArray(v) && v.length > 0 && v.every(isCard);
}
function isMelds(v) {
  return Array.isArray(v) && v.length > 0 && v.every((m) => Array.isArray(m) && m.every(isCard)) &&
    v.some((m) => m.length);
}
function isDice(k, v) {
  return /dice|roll|kept|die/.test(k) && Array.isArray(v) && v.length > 0 &&
    v.every((d) => Number.isInteger(d) && d >= 1 && d <= 6);
}
const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function dice(values) {
  return h("span", {}, values.map((d) => h("span", { class: "die", title: String(d) }, PIPS[d] || d)));
}

function plays(list, seats) {
  return list.map((p) => h("figure", {}, card(p.card),
    h("figcaption", {}, seats?.[p.seat]?.name || `seat ${p.seat}`)));
}

// Nested facts as words a player reads ("count 1900 · dice 2"), never raw JSON.
function words(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (Array.isArray(v)) {
    const nested = v.some((x) => x !== null && typeof x === "object");
    return v.length ? v.map(words).join(nested ? "; " : " ") : "—";
  }
  if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${nice(k)} ${words(x)}`).join(" · ");
  return String(v);
}

function scalar(v) {
  return isCard(v) ? card(v) : words(v);
}

// Per-seat facts: arrays with one entry per seat (hand sizes, tricks won, bids, scores...).
export function perSeat(view, players) {
  const out = {};
  for (const [k, v] of Object.entries(view)) {
    if (HANDLED.has(k) || !Array.isArray(v) || v.length !== players) continue;
    const seatList = v.every((x, i) => Number.isInteger(x) && x >= 0 && x < players && (i === 0 || x > v[i - 1]));
    if (seatList && !/score|size|won|bid|taken|point|tricks|count|total/.test(k)) continue;
    if (v.every((x) => x === null || ["number", "string", "boolean"].includes(typeof x)) && !v.every(isCard)) {
      out[k] = v;
    }
  }
  return out;
}

export function renderSeats(state) {
  const t = state.table;
  const view = state.view || {};
  const facts = perSeat(view, t.players);
  const acting = new Set(state.to_act || []);
  return h("div", { class: "seats" }, t.seats.map((s) => {
    const status = s.kind === "bot" ? "bot" : s.bot_playing ? "away — a bot is playing" :
      s.connected ? "here" : "away";
    return h("div", { class: `seat${s.seat === state.you ? " me" : ""}${acting.has(s.seat) ? " acting" : ""}`,
                      dataset: { seat: s.seat } },
      h("div", {}, h("strong", {}, s.name), s.seat === state.you ? " (you)" : "",
        view.dealer === s.seat ? " · dealer" : ""),
      h("div", { class: "status" }, status, acting.has(s.seat) ? " · to act" : ""),
      h("div", { class: "stats" }, Object.entries(facts).map(([k, v]) =>
        v[s.seat] === null || v[s.seat] === undefined ? null : h("div", {}, `${nice(k)}: ${scalar(v[s.seat])}`))));
  }));
}

export function renderBoard(state) {
  const view = state.view;
  const out = [renderSeats(state)];
  if (!view) return out;
  if (view.phase) out.push(h("p", {}, h("strong", {}, "Phase: "), nice(String(view.phase))));
  if (Array.isArray(view.trick)) {
    out.push(h("div", { class: "trick", id: "trick" }, view.trick.length ? plays(view.trick, state.table.seats)
      : h("span", { class: "muted" }, "")));
  }
  if (Array.isArray(view.last_trick) && view.last_trick.length) {
    out.push(h("details", {}, h("summary", {}, "last trick"),
      h("div", { class: "trick" }, plays(view.last_trick, state.table.seats))));
  }
  const facts = perSeat(view, state.table.players);
  const info = [];
  for (const [k, v] of Object.entries(view)) {
    if (HANDLED.has(k) || k in facts) continue;
    if (isDice(k, v)) out.push(h("div", { class: "pile" }, h("div", { class: "label" }, nice(k)), dice(v)));
    else if (isCardList(v)) {
      out.push(h("div", { class: "pile", dataset: { pile: k } }, h("div", { class: "label" }, nice(k)),
        v.map((c) => card(c))));
    } else if (isMelds(v)) {
      out.push(h("div", { class: "pile", dataset: { pile: k } }, h("div", { class: "label" }, nice(k)),
        v.map((m) => h("span", { style: "margin-right:.6em; display:inline-block" }, m.map((c) => card(c))))));
    } else if (Array.isArray(v) && v.every((x) => Array.isArray(x) && x.length === 0)) continue;  // nothing yet
    else info.push(h("dt", {}, nice(k)), h("dd", {}, scalar(v)));
  }
  if (info.length) out.push(h("dl", { class: "info" }, info));
  return out;
}

export function renderSheet(sheet) {
  if (!sheet) return h("p", { class: "muted" }, "No scores yet.");
  return h("table", { class: "sheet" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), sheet.columns.map((c) => h("th", {}, c)))),
    h("tbody", {}, sheet.rows.map((r) => [
      h("tr", {}, h("td", {}, r.label), r.points.map((p, i) => h("td", { title: `total ${r.totals[i]}` },
        p > 0 ? `+${p}` : String(p)))),
      r.notes.length ? h("tr", { class: "notes" }, h("td", { colspan: sheet.columns.length + 1 },
        r.notes.join("; "))) : null,
    ])),
    h("tfoot", {}, h("tr", {}, h("td", {}, "total"), sheet.totals.map((t) => h("td", {}, String(t))))));
}
