// Facts shown by their declared kind, in words and symbols: "Trump ♥ hearts", "Hearts broken",
// "Bid 75 — Bea", seats as names, money as money. Never an engine key.
import { h } from "./dom.js";
import { kindOf, piece } from "./pieces.js";
import { rich, seatName, withNames } from "./names.js";
import { chipAmount } from "./chips.js";

const SUIT_SYMBOL = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
const SUIT_LETTER = { clubs: "C", diamonds: "D", hearts: "H", spades: "S" };

export function factValue(f, state) {
  const v = f.value;
  switch (f.kind) {
    case "seat": return seatName(state, v);
    case "bid": return `${v.number} — ${seatName(state, v.seat)}`;
    case "said": return `${v.words} — ${seatName(state, v.seat)}`;
    case "seats": return (v || []).map((s) => seatName(state, s)).join(", ") || "—";
    case "team": return (state.view.teams?.[v] || []).map((s) => seatName(state, s)).join(" & ");
    case "suit": return h("span", { class: `suit s-${SUIT_LETTER[v] || ""}` }, `${SUIT_SYMBOL[v] || ""} ${v}`.trim());
    case "money": case "chips": return chipAmount(f.kind, v);
    case "flag": return v ? "yes" : "no";
    case "pieces": return h("span", { class: "pieces" }, (v || []).map((p) => piece(kindOf(p), p)));
    case "table": return h("table", { class: "facts-table" },
      h("thead", {}, h("tr", {}, (v.columns || []).map((c) => h("th", {}, withNames(c, state))))),
      h("tbody", {}, (v.rows || []).map((r) => h("tr", {}, r.map((c) => h("td", {}, withNames(String(c), state)))))));
    default: return v === null || v === undefined ? "—" : rich(withNames(String(v), state));
  }
}

// The facts that are not per seat (those sit on the seats) nor drawn elsewhere, as small labels.
// Facts a zone on the felt already shows (the board, a discard pile's depth): said once.
const DRAWN = { layout: "board", pile_size: "discard" };

// The pieces lying face up on the felt (a discard pile shows its top four): a fact naming only
// these (the top of the pile, the engine) would say again what the table shows.
function onTheFelt(state) {
  const shown = new Set();
  for (const z of state.view?.zones || []) {
    if (z.kind === "hand") continue;
    for (const p of z.kind === "discard" ? (z.pieces || []).slice(-4) : z.pieces || []) shown.add(p);
  }
  return shown;
}

// A table of facts folds to one line, each row's first cell and the number that matters (its
// Score or Total column, else its last): "Sides · Score: You & Cy 120 · Bea & Dee 85". Open
// where the felt is wide while your seat stays above your hand (foldToFit); as the player left
// it once they open or fold it.
const folded = new Map();
const WIDE = "(min-width: 761px)";

// Fold the tables the player has not opened themselves while your seat lies below the top of
// the dock (the fold): call after the felt and the dock are drawn.
export function foldToFit(board, dock) {
  const me = board.querySelector(".plate.me");
  if (!me || !dock) return;
  const fold = innerHeight - dock.offsetHeight;
  for (const d of board.querySelectorAll("details.fact-table[open]")) {
    if (folded.has(d.dataset.fact) || me.getBoundingClientRect().bottom + scrollY <= fold) break;
    d.dataset.auto = "1";
    d.open = false;
  }
}

function gist(v) {
  const cols = v.columns || [];
  let k = cols.findIndex((c) => /^(score|total)$/i.test(c));
  if (k < 1) k = cols.length - 1;
  return k < 1 ? null : [cols[k], (v.rows || []).map((r) => [r[0], r[k]])];
}

function foldedTable(f, state) {
  const open = folded.has(f.name) ? !folded.get(f.name) : matchMedia(WIDE).matches;
  const g = gist(f.value || {});
  return h("details", { class: "fact-table", open, dataset: { fact: f.name },
                        ontoggle: (e) => {  // the page opening or folding it is not the player's choice
                          if (e.target.dataset.auto) delete e.target.dataset.auto;
                          else if (folded.has(f.name) || e.target.open !== open) folded.set(f.name, !e.target.open);
                        } },
    h("summary", {}, h("span", { class: "k" }, f.label),
      g ? h("span", { class: "gist" }, ` · ${g[0]}: `,
        g[1].map(([who, n]) => `${withNames(String(who), state)}\u00a0${n}`).join(" · ")) : null),
    factValue(f, state));
}

export function renderFacts(state) {
  const out = [];
  const zones = new Set((state.view?.zones || []).filter((z) => (z.pieces || []).length || z.kind === "board")
    .map((z) => z.kind));
  const shown = onTheFelt(state);
  for (const f of state.view?.facts || []) {
    if (f.kind === "per-seat" || f.kind === "groups" || (f.kind === "flag" && !f.value)) continue;
    if (zones.has(DRAWN[f.name])) continue;
    if ((f.kind === "pieces" || f.kind === "seats") && !(f.value || []).length) continue;
    if (f.kind === "pieces" && f.value.every((p) => shown.has(p))) continue;
    if (f.kind === "flag") out.push(h("li", { class: "fact flag" }, "✓ ", f.label));
    else if (f.kind === "table") out.push(h("li", { class: "fact wide" }, foldedTable(f, state)));
    else out.push(h("li", { class: "fact" }, h("span", { class: "k" }, f.label), " ", h("span", { class: "v" }, factValue(f, state))));
  }
  return out.length ? h("ul", { class: "facts", id: "facts" }, out) : null;
}
