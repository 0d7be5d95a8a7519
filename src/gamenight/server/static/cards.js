// Playing cards drawn as cards: a corner index (rank over suit) and a large suit, red and black
// suits (or a four-colour deck, a player's choice kept in this browser), backs for hidden cards,
// and an accessible name in words ("queen of hearts"), so colour is never the only signal. Rumski's
// coloured deck (7R, 13P, W) is drawn the same way, a colour's letter beside its number.
import { h } from "./dom.js";

const CARD = /^(10|[2-9JQKA])[CDHS]$|^JK$|^(1[0-3]|[1-9])[RYGBP]$|^W$/;
const COLOUR_WORD = { R: "red", Y: "yellow", G: "green", B: "blue", P: "purple" };
const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_WORD = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_WORD = { A: "ace", K: "king", Q: "queen", J: "jack" };
const RANK_ORDER = "23456789TJQKA";
// Suits alternate in colour in a held hand: ♠ ♥ ♣ ♦.
const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3, R: 0, Y: 1, G: 2, B: 3, P: 4 };
const FOUR_COLOUR = "gamenight.four-colour";

export function isCard(text) {
  return typeof text === "string" && CARD.test(text);
}

// [rank, suit symbol, suit letter] of a card in notation.
export function cardParts(text) {
  if (text === "JK") return ["★", "", "J"];
  if (text === "W") return ["W", "★", "W"];
  if (COLOUR_WORD[text.slice(-1)]) return [text.slice(0, -1), "●", text.slice(-1)];
  return [text.slice(0, -1), SUIT[text.slice(-1)], text.slice(-1)];
}

export function cardWords(text) {
  if (text === "JK") return "joker";
  if (text === "W") return "wild card";
  const [rank, , suit] = cardParts(text);
  if (COLOUR_WORD[suit]) return `${COLOUR_WORD[suit]} ${rank}`;
  return `${RANK_WORD[rank] || rank} of ${SUIT_WORD[suit]}`;
}

// A short card in running text ("Q♥"), coloured by suit.
export function cardText(text) {
  const [rank, symbol, suit] = cardParts(text);
  return h("span", { class: `cardtext s-${suit}`, title: cardWords(text) }, rank, symbol);
}

// A card face: a <span>, or a <button> when opts.onclick is given (opts.cls adds classes,
// opts.label replaces the accessible name, opts.index marks its place in a hand).
export function card(text, opts = {}) {
  const [rank, symbol, suit] = cardParts(text);
  const tag = opts.onclick ? "button" : "span";
  const name = opts.label || cardWords(text);
  return h(tag, { class: `card s-${suit} ${opts.cls || ""}`.trim(), dataset: { card: text, index: opts.index },
                  onclick: opts.onclick, title: name, type: opts.onclick ? "button" : null,
                  role: opts.onclick ? null : "img", "aria-label": name, "aria-pressed": opts.pressed },
    h("span", { class: "idx", "aria-hidden": "true" }, h("b", {}, rank), h("i", {}, symbol)),
    h("span", { class: "pip", "aria-hidden": "true" }, symbol || "★"));
}

export function cardBack(label = "a face-down card") {
  return h("span", { class: "card back", role: "img", "aria-label": label, title: label });
}

// Cards held: by suit (alternating colours) then rank, ace high; other pieces keep their order.
// Returns the indices of `pieces` in display order, so duplicates stay separate cards.
export function handOrder(pieces) {
  const rank = (p) => (COLOUR_WORD[p.slice(-1)] ? Number(p.slice(0, -1)) : RANK_ORDER.indexOf(p.slice(0, -1).replace("10", "T")));
  const key = (p) => (isCard(p) && p !== "JK" && p !== "W" ? SUIT_ORDER[p.slice(-1)] * 20 + rank(p) : 200);
  return pieces.map((p, i) => i).sort((a, b) => key(pieces[a]) - key(pieces[b]) || a - b);
}

export function fourColour() {
  try { return localStorage.getItem(FOUR_COLOUR) === "1"; } catch { return false; }
}

export function setFourColour(on) {
  try { localStorage.setItem(FOUR_COLOUR, on ? "1" : "0"); } catch { /* private mode: this page only */ }
  document.body.classList.toggle("four-colour", on);
}
