// Rendering of any game's typed view, by kind: seats with their per-seat facts and
// hidden-piece counts, zones of pieces (cards, tiles, dice, chips...) laid out by zone
// kind, facts shown by fact kind, and events in words with the players' names.
import { card, cardBack, h } from "./dom.js";

const SUIT_SYMBOL = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

// A name a player chose, isolated (FSI … PDI) so right-to-left or override characters in it
// cannot reorder the text around it.
export const isolate = (name) => `\u2068${name}\u2069`;

export function seatName(state, seat) {
  if (seat === state.you) return "You";
  return isolate(state.table.seats[seat]?.name || `Seat ${seat}`);
}

const IRREGULAR = { has: "have", is: "are", was: "were", does: "do" };
function secondPerson(verb) {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (/(sses|shes|ches|xes|zes)$/.test(verb)) return verb.slice(0, -2);
  if (verb.endsWith("s") && !verb.endsWith("ss")) return verb.slice(0, -1);
  return verb;
}

// "{0} takes the trick with QS" -> "Bea takes the trick with QS"; your own seat: "You take..."
export function fill(text, seats, state) {
  const template = String(text);
  const out = template.replace(/\{(\d+)\}( ?)([a-z]+)?/g, (_, i, space, verb, at) => {
    const s = seats?.[Number(i)];
    if (s === undefined) return `?${space}${verb || ""}`;
    if (s === state.you) {
      const start = at === 0 || /[.:!?]\s*$/.test(template.slice(0, at));
      return start ? `You${space}${verb ? secondPerson(verb) : ""}` : `you${space}${verb || ""}`;
    }
    return `${seatName(state, s)}${space}${verb || ""}`;
  });
  return out.startsWith("You ") ? out.replace(/ and ([a-z]+s) /, (_, v) => ` and ${secondPerson(v)} `) : out;
}

// One piece in its notation, drawn as what it is.
export function piece(kind, text, opts = {}) {
  if (kind === "card") return card(text, opts);
  if (kind === "die") {
    const [k, face] = text.split(":");
    const glyph = k === "d6" ? PIPS[Number(face)] || face : face;
    return h(opts.onclick ? "button" : "span", { class: `die ${opts.cls || ""}`.trim(), title: text,
      "aria-label": `die showing ${face}`, type: opts.onclick ? "button" : null, onclick: opts.onclick,
      dataset: { piece: text } }, glyph);
  }
  if (kind === "tile") {
    const [a, b] = text.split("-");
    return h(opts.onclick ? "button" : "span", { class: `tile ${opts.cls || ""}`.trim(), title: text,
      "aria-label": `tile ${a}-${b}`, type: opts.onclick ? "button" : null, onclick: opts.onclick,
      dataset: { piece: text } }, h("span", {}, a), h("span", {}, b));
  }
  return h("span", { class: `piece ${kind}`, dataset: { piece: text } }, text);
}

function backs(n, kind) {
  if (!n) return [];
  if (kind === "card" || kind === "") return n > 6 ? [cardBack(n), ` ×${n}`] : Array.from({ length: n }, () => cardBack(n));
  return [h("span", { class: "muted" }, `${n} hidden`)];
}

// Your hand: every hand zone of yours together (a game may keep part of it face up, like the
// cards taken from the discard pile in Gin).
export function myHand(state) {
  const v = state.view;
  if (!v || state.you === null || state.you === undefined) return null;
  const mine = (v.zones || []).filter((z) => z.kind === "hand" && z.owner === state.you);
  if (!mine.length) return null;
  return { ...mine[0], pieces: mine.flatMap((z) => z.pieces || []) };
}

function perSeatFacts(view) {
  return (view.facts || []).filter((f) => f.kind === "per-seat");
}

export function factValue(f, state) {
  const v = f.value;
  switch (f.kind) {
    case "seat": return seatName(state, v);
    case "seats": return (v || []).map((s) => seatName(state, s)).join(", ") || "—";
    case "team": return (state.view.teams?.[v] || []).map((s) => seatName(state, s)).join(" & ");
    case "suit": return `${SUIT_SYMBOL[v] || ""} ${v}`.trim();
    case "money": return `$${(v / 100).toFixed(2)}`;
    case "chips": return `${v} chips`;
    case "flag": return v ? "yes" : "no";
    case "pieces": return h("span", {}, (v || []).map((p) => piece(guessKind(p), p)));
    case "table": return h("table", { class: "facts-table" },
      h("thead", {}, h("tr", {}, (v.columns || []).map((c) => h("th", {}, c)))),
      h("tbody", {}, (v.rows || []).map((r) => h("tr", {}, r.map((c) => h("td", {}, String(c)))))));
    default: return v === null || v === undefined ? "—" : String(v);
  }
}

function guessKind(p) {
  if (/^(d6|pk):/.test(p)) return "die";
  if (/^\d+-\d+$/.test(p)) return "tile";
  return "card";
}

function perSeatValue(f, seat, state) {
  const v = f.value?.[seat];
  if (v === null || v === undefined) return null;
  return factValue({ kind: f.of || "number", value: v }, state);
}

export function renderSeats(state) {
  const t = state.table;
  const view = state.view || {};
  const acting = new Set(state.to_act || []);
  const facts = perSeatFacts(view);
  const hands = new Map();
  const KIND_WORD = { card: "Cards", tile: "Dominoes", die: "Dice", token: "Pieces", chips: "Chips" };
  let handWord = "Cards";
  for (const z of view.zones || []) {
    if (z.kind === "hand" && z.owner !== null && z.owner !== undefined) {  // kind is omitted only for piles
      hands.set(z.owner, (hands.get(z.owner) || 0) + (z.pieces?.length || 0) + (z.hidden || 0));
      handWord = KIND_WORD[z.piece || "card"] || "Pieces";
    }
  }
  return h("div", { class: "seats" }, t.seats.map((s) => {
    const status = s.kind === "bot" ? "bot" : s.bot_playing ? "away — a bot is playing" :
      s.connected ? "here" : "away";
    const stats = facts.map((f) => {
      const val = perSeatValue(f, s.seat, state);
      return val === null ? null : h("div", {}, `${f.label}: `, val);
    });
    if (hands.has(s.seat) && s.seat !== state.you) stats.unshift(h("div", {}, `${handWord}: ${hands.get(s.seat)}`));
    return h("div", { class: `seat${s.seat === state.you ? " me" : ""}${acting.has(s.seat) ? " acting" : ""}`,
                      dataset: { seat: s.seat } },
      h("div", {}, h("strong", {}, s.name), s.seat === state.you ? " (you)" : "",
        view.dealer === s.seat ? " · dealer" : ""),
      h("div", { class: "status" }, status, acting.has(s.seat) ? " · to act" : ""),
      h("div", { class: "stats" }, stats));
  }));
}

export function zoneLabel(z) {
  return z.label || (z.name.charAt(0).toUpperCase() + z.name.slice(1)).replaceAll("-", " ");
}

function renderZone(z, state) {
  const kind = z.piece || "card";
  z = { ...z, label: zoneLabel(z), kind: z.kind || "pile" };
  const label = h("div", { class: "label" }, z.owner !== null && z.owner !== undefined && z.kind !== "trick"
    ? `${z.label} — ${seatName(state, z.owner)}` : z.label);
  const pieces = z.pieces || [];
  if (z.kind === "trick" || z.kind === "last-trick") {
    const plays = pieces.map((p, i) => h("figure", {}, piece(kind, p),
      h("figcaption", {}, z.by ? seatName(state, z.by[i]) : "")));
    const body = h("div", { class: "trick", id: z.kind === "trick" ? "trick" : null }, plays);
    return z.kind === "trick" ? body : h("details", {}, h("summary", {}, z.label), body);
  }
  if (z.kind === "board" && z.at) return renderGrid(z, state);
  return h("div", { class: `pile zone-${z.kind}`, dataset: { pile: z.name } }, label,
    pieces.map((p) => piece(kind, p)), backs(z.hidden || 0, kind));
}

// A board of squares (r3c7): the layout fact's rows give each square's picture (a card, "free"),
// the zone's pieces sit on their squares; tokens show as discs in their colour.
function renderGrid(z, state) {
  const layout = (state.view.facts || []).find((f) => f.kind === "table" && f.name === "layout");
  const at = new Map((z.pieces || []).map((p, i) => [z.at[i], p]));
  let rows = 0, cols = 0;
  for (const sq of z.at) {
    const m = /^r(\d+)c(\d+)$/.exec(sq);
    if (m) { rows = Math.max(rows, +m[1] + 1); cols = Math.max(cols, +m[2] + 1); }
  }
  const cells = layout ? layout.value.rows.map((r) => r.slice(1)) : [];
  rows = Math.max(rows, cells.length);
  cols = Math.max(cols, cells[0]?.length || 0);
  const grid = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const sq = `r${r}c${c}`;
      const p = at.get(sq);
      const colour = p && /^([a-z]+)#/.exec(p)?.[1];
      const picture = cells[r]?.[c] ?? "";
      const red = /[♥♦]/.test(picture);
      grid.push(h("div", { class: `sq${red ? " red" : ""}`, dataset: { square: sq }, title: p ? `${picture} ${p}` : `${picture} ${sq}` },
        h("span", { class: "pic" }, picture === "free" ? "★" : picture),
        p ? h("span", { class: `disc ${colour || ""}`, "aria-label": p }) : null));
    }
  }
  return h("div", { class: "pile board-zone", dataset: { pile: z.name } },
    h("div", { class: "board", style: `grid-template-columns: repeat(${cols}, 1fr)` }, grid));
}

export function renderBoard(state) {
  const view = state.view;
  const out = [renderSeats(state)];
  if (!view) return out;
  for (const zone of view.zones || []) {
    const z = { ...zone, kind: zone.kind || "pile" };
    if (z.kind === "hand") {
      if (z.owner === state.you) continue;       // drawn under the table, tappable (all your hand zones)
      if (!(z.pieces || []).length) continue;    // others' hidden hands: a count on their seat
    }
    if (!(z.pieces || []).length && !z.hidden && z.kind !== "trick") continue;
    // another seat's face-down pile (the cards it is passing) says nothing a fact does not
    if (!(z.pieces || []).length && z.owner !== null && z.owner !== undefined && z.owner !== state.you) continue;
    out.push(renderZone(z, state));
  }
  const info = [];
  for (const f of view.facts || []) {
    if (f.kind === "per-seat" || (f.kind === "flag" && !f.value)) continue;
    if (f.kind === "table" && f.name === "layout") continue;  // drawn as the board
    if (f.kind === "flag") info.push(h("dt", {}, f.label), h("dd", {}, "✓"));
    else info.push(h("dt", {}, f.label), h("dd", {}, factValue(f, state)));
  }
  if (info.length) out.push(h("dl", { class: "info" }, info));
  return out;
}

export function eventText(e, state) {
  return fill(e.text, e.seats || [], state);
}

// "seat 2" -> "Bea", "seats 0 & 2" -> "Ann & Cy": the sheet's columns in the players' names.
function columnName(col, state) {
  if (!state) return col;
  return col.replace(/^seats? ([\d &]+)$/, (_, list) => list.split(" & ").map((n) => seatName(state, Number(n))).join(" & "));
}

export function renderSheet(sheet, state) {
  if (!sheet) return h("p", { class: "muted" }, "No scores yet.");
  return h("table", { class: "sheet" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), sheet.columns.map((c) => h("th", {}, columnName(c, state))))),
    h("tbody", {}, sheet.rows.map((r) => [
      h("tr", {}, h("td", {}, r.label), r.points.map((p, i) => h("td", { title: `total ${r.totals[i]}` },
        p > 0 ? `+${p}` : String(p)))),
      r.notes.length ? h("tr", { class: "notes" }, h("td", { colspan: sheet.columns.length + 1 },
        r.notes.map((n) => n.text).join("; "))) : null,
    ])),
    h("tfoot", {}, h("tr", {}, h("td", {}, "total"), sheet.totals.map((t) => h("td", {}, String(t))))));
}
