// Any piece in its notation drawn as what it is: cards (cards.js), dice with pips, dominoes
// with pips on both halves, discs, chips and money. Each has an accessible name in words.
import { h } from "./dom.js";
import { card } from "./cards.js";

// Pips on a 3 x 3 grid (cells 0..8, row by row); 10 to 12 on a 3 x 4 grid (cells 0..11).
const PIPS = {
  0: [], 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8],
  7: [0, 2, 3, 4, 5, 6, 8], 8: [0, 1, 2, 3, 5, 6, 7, 8], 9: [0, 1, 2, 3, 4, 5, 6, 7, 8],
  10: [0, 2, 3, 4, 5, 6, 7, 8, 9, 11], 11: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11],
  12: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
};

function pips(n, cls) {
  const cells = n > 9 ? 12 : 9;
  const on = new Set(PIPS[n] || []);
  if (!(n in PIPS)) return h("span", { class: `${cls} num` }, String(n));
  return h("span", { class: `${cls} g${cells}`, "aria-hidden": "true" },
    Array.from({ length: cells }, (_, i) => h("i", { class: on.has(i) ? "on" : null })));
}

export function dieFace(text) {
  return text.split(":")[1] ?? text;
}

function die(text, opts) {
  const face = dieFace(text);
  const n = Number(face);
  const tag = opts.onclick ? "button" : "span";
  const label = opts.label || `die showing ${face}`;
  return h(tag, { class: `die ${opts.cls || ""}`.trim(), title: label, "aria-label": label, role: tag === "span" ? "img" : null,
                  type: opts.onclick ? "button" : null, onclick: opts.onclick, "aria-pressed": opts.pressed,
                  dataset: { piece: text, index: opts.index } },
    Number.isInteger(n) && n >= 1 && n <= 6 ? pips(n, "face") : h("span", { class: "face num" }, face));
}

function tile(text, opts) {
  const [a, b] = text.split("-").map(Number);
  const tag = opts.onclick ? "button" : "span";
  const label = opts.label || `domino ${a}-${b}`;
  return h(tag, { class: `tile ${a === b ? "double " : ""}${opts.cls || ""}`.trim(), title: label, "aria-label": label,
                  role: tag === "span" ? "img" : null, type: opts.onclick ? "button" : null, onclick: opts.onclick,
                  "aria-pressed": opts.pressed, dataset: { piece: text, index: opts.index } },
    pips(a, "half"), pips(b, "half"));
}

// One piece of the given kind ("card", "die", "tile", "token", "chips"...).
export function piece(kind, text, opts = {}) {
  if (kind === "card") return card(text, opts);
  if (kind === "die") return die(text, opts);
  if (kind === "tile") return tile(text, opts);
  if (kind === "token") {
    const colour = /^([a-z]+)#/.exec(text)?.[1] || "";
    return h("span", { class: `disc ${colour}`, role: "img", "aria-label": `${colour} disc`, title: `${colour} disc` });
  }
  if (/^\d+ch$/.test(text)) return h("span", { class: "chips", title: "chips" }, `${parseInt(text, 10)} chips`);
  return h("span", { class: `piece ${kind}`, dataset: { piece: text } }, text);
}

// The kind of a piece from its notation (facts of kind "pieces" carry no kind).
export function kindOf(text) {
  if (/^(d\d+|pk):/.test(text)) return "die";
  if (/^\d+-\d+$/.test(text)) return "tile";
  if (/^[a-z]+#\d+$/.test(text)) return "token";
  return "card";
}
