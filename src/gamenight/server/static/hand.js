// The dock at the bottom of the table, always in view: what you are asked, why a move was
// refused (next to the hand, never pushing it away), your hand (sorted by suit, or grouped into
// the melds the game sees), and the moves as buttons in the game's words. Pieces elsewhere on the
// table that moves name (dice in a roll, squares of a board) are tapped through the same controller.
import { h } from "./dom.js";
import { handOrder } from "./cards.js";
import { piece } from "./pieces.js";
import { fill, isolate, rich, seatName, withNames } from "./names.js";
import { analyse, argText, moveWords, usualVerb } from "./moves.js";

let selection = { source: null, picked: [] };  // picked: [{ index, text }]
let pending = null;                             // { source, index, text, options }
let notice = null;                              // a refusal or a hint shown by the hand

export function myHand(state) {
  const v = state.view;
  if (!v || state.you === null || state.you === undefined) return null;
  const mine = (v.zones || []).filter((z) => z.kind === "hand" && z.owner === state.you);
  if (!mine.length) return null;
  return { ...mine[0], pieces: mine.flatMap((z) => z.pieces || []) };
}

// The pieces a move can name: your hand, and dice lying in view.
function sources(state) {
  const out = [];
  const hand = myHand(state);
  if (hand) out.push({ id: "hand", kind: hand.piece || "card", pieces: hand.pieces || [], held: hand.held });
  for (const z of state.view?.zones || []) {
    if (z.kind === "dice" && (z.pieces || []).length && (z.owner === undefined || z.owner === null || z.owner === state.you)) {
      out.push({ id: `zone:${z.name}`, kind: z.piece || "die", pieces: z.pieces });
    }
  }
  return out;
}

// A fresh state: forget choices whose pieces moved.
export function keepChoices(state) {
  const byId = new Map(sources(state).map((s) => [s.id, s]));
  const src = byId.get(selection.source);
  selection.picked = src ? selection.picked.filter((p) => src.pieces[p.index] === p.text) : [];
  if (pending && byId.get(pending.source)?.pieces[pending.index] !== pending.text) pending = null;
}

const NOTICE_MS = 12000;
const SQUARE = /\br\d+c\d+\b/;  // a move that names a board square

// A refusal or hint beside the hand; it stays until the next tap or move, or for a while.
export function showNotice(n) {
  notice = n ? { ...n, at: Date.now() } : null;
}

// The controller of one render: the moves analysed, and tap handlers for pieces and squares.
export function controller(state, { act, send, redraw }) {
  const mine = (state.to_act || []).includes(state.you) && state.table.status === "playing";
  const srcs = sources(state);
  const { single, multi, buttons } = analyse(mine ? state.legal || [] : [], srcs);
  const choosing = [...multi.values()];
  if (!choosing.some((m) => m.source.id === selection.source)) selection = { source: null, picked: [] };

  function go(text) {
    selection = { source: null, picked: [] };
    pending = null;
    notice = null;
    act(text);
  }

  function refuseLocally(text) {
    showNotice({ text });
    redraw();
  }

  function tap(source, index, text) {
    const building = choosing.find((m) => m.source.id === source.id && m.pieces.has(text));
    if (building) {
      if (selection.source !== source.id) selection = { source: source.id, picked: [] };
      const at = selection.picked.findIndex((p) => p.index === index);
      if (at >= 0) selection.picked.splice(at, 1); else selection.picked.push({ index, text });
      notice = null;
      redraw();
      return;
    }
    const options = single.get(source.id)?.get(text);
    // one move is made by the tap, unless it puts the piece on a square: that square is tapped to confirm
    if (options?.length === 1 && !SQUARE.test(options[0])) return go(options[0]);
    if (options?.length) {
      pending = pending?.index === index && pending.source === source.id ? null : { source: source.id, index, text, options };
      notice = null;
      return redraw();
    }
    // Not playable: say why. The referee gives the specific reason and the rule for a move it refuses.
    if (!mine) {
      const waiting = (state.to_act || []).map((s) => seatName(state, s)).join(", ");
      return refuseLocally(waiting ? `It is not your turn: waiting for ${waiting}.` : "Nothing can be played now.");
    }
    const verb = usualVerb(single.get(source.id) || new Map()) || choosing[0]?.verb;
    if (!verb) return refuseLocally(`Not now: ${promptText(state) || "choose one of the moves below."}`);
    send({ type: "act", action: `${verb} ${argText(text, source.kind)}` });
  }

  // How a tappable piece of `source` at `index` is drawn.
  function pieceOpts(sourceId, index, text) {
    const source = srcs.find((s) => s.id === sourceId);
    // your hand always answers a tap (if only to say why not); dice lying about only when a move names them
    const named = single.get(sourceId)?.size || choosing.some((m) => m.source.id === sourceId);
    if (!source || (sourceId !== "hand" && !named)) return {};
    const inSelection = selection.source === sourceId && selection.picked.some((p) => p.index === index);
    const playable = single.get(sourceId)?.has(text) || choosing.some((m) => m.source.id === sourceId && m.pieces.has(text));
    const cls = [inSelection ? "selected" : "", playable ? "playable" : mine ? "dim" : "",
                 pending?.source === sourceId && pending.index === index ? "pending" : ""].join(" ").trim();
    return { cls, index, pressed: choosing.some((m) => m.source.id === sourceId) ? String(inSelection) : null,
             onclick: state.you !== null ? () => tap(source, index, text) : null };
  }

  // A board square a pending piece may go to: tap it to make that move.
  function squareMove(square) {
    if (!pending) return null;
    return pending.options.find((o) => o.split(" ").includes(square)) || null;
  }

  function dock() {
    const parts = [];
    if (state.you === null) parts.push(h("p", { class: "muted" }, "You are watching: only public information is shown."));
    const prompt = promptText(state);
    if (mine && prompt) parts.push(h("p", { class: "prompt", id: "prompt" }, rich(prompt)));
    else if (state.table.status === "playing" && state.you !== null) {
      const waiting = (state.to_act || []).map((s) => isolate(state.table.seats[s]?.name)).join(", ");
      parts.push(h("p", { class: "muted prompt", id: "prompt" }, waiting ? `Waiting for ${waiting}.` : ""));
    }
    if (notice && Date.now() - notice.at > NOTICE_MS) notice = null;
    if (notice) parts.push(noticeLine(notice, state));
    const hand = srcs.find((s) => s.id === "hand");
    if (hand?.pieces.length) parts.push(handView(hand, state, pieceOpts));
    const row = [];
    for (const [verb, m] of multi) row.push(buildButton(verb, m, state, go));
    // one card chosen toward a meld: its own moves (a discard, a lay-off) stay a tap away
    const lone = selection.picked.length === 1 ? single.get(selection.source)?.get(selection.picked[0].text) : null;
    for (const o of pending ? [] : lone || []) {
      row.push(h("button", { type: "button", dataset: { action: o }, onclick: () => go(o) }, rich(moveWords(o, state))));
    }
    if (pending) {
      for (const o of pending.options) {
        if (!SQUARE.test(o)) {
          row.push(h("button", { type: "button", class: "primary", dataset: { action: o }, onclick: () => go(o) },
            rich(moveWords(o, state))));
        }
      }
      if (pending.options.some((o) => SQUARE.test(o))) row.push(h("span", { class: "hint" }, "Tap a lit square."));
    }
    row.push(...buttonsFor(buttons, state, go));
    if (row.length) parts.push(h("div", { class: "actions", id: "actions" }, row));
    if (mine && (state.legal || []).length) parts.push(typedBox(go, state.legal.find((t) => typeof t === "string" && PLAIN.test(t))));
    return parts;
  }

  return { pieceOpts, squareMove, dock, go, mine };
}

function promptText(state) {
  const p = state.view?.prompt;
  return p?.text ? fill(p.text, p.seats || [], state) : "";
}

// One sentence next to the hand; tap "Rule" for the clause and the house's rulings.
function noticeLine(n, state) {
  if (!n.rule) return h("p", { class: "notice", role: "status", id: "notice" }, rich(n.text));
  const rulings = n.rulings || [];
  return h("div", { class: "notice refusal", role: "alert", id: "notice" },
    h("span", {}, rich(withNames(n.text, state))), " ",
    h("details", { class: "why" }, h("summary", {}, "Rule"),
      h("span", {}, n.rule, " ", h("small", { class: "clause-id" }, `[${n.clause_id}]`)),
      rulings.length ? h("ul", { class: "rulings" }, rulings.map((r) =>
        h("li", { class: "ruling" }, h("strong", {}, `${r.tag}: `), r.text, " ", h("small", {}, `(${r.meta})`)))) : null,
      n.extra || null));
}

// Your hand: by suit (or as the game says it is held), or (with a groups fact) the game's melds,
// then the unmatched cards apart.
function handView(source, state, pieceOpts) {
  const order = source.held?.length ? source.pieces.map((p, i) => i) : handOrder(source.pieces);
  const draw = (i) => piece(source.kind, source.pieces[i], pieceOpts("hand", i, source.pieces[i]));
  const groups = (state.view.facts || []).find((f) => f.kind === "groups");
  if (!groups) return h("div", { class: "hand", id: "hand" }, order.map(draw));
  const left = [...order];
  const take = (text) => {
    const at = left.findIndex((i) => source.pieces[i] === text);
    return at < 0 ? null : left.splice(at, 1)[0];
  };
  const melds = (groups.value || []).map((g) => g.map(take).filter((i) => i !== null));
  return h("div", { class: "hand grouped", id: "hand" },
    melds.map((m) => h("div", { class: "group meld", role: "group", "aria-label": "meld" }, m.map(draw))),
    left.length ? h("div", { class: "group unmatched", role: "group", "aria-label": "unmatched cards" },
      h("span", { class: "group-label" }, "Unmatched"), left.map(draw)) : null);
}

// A move of several pieces, named as it grows: "Pass 2♣ 7♦ — choose 1 more".
function buildButton(verb, m, state, go) {
  const picked = selection.source === m.source.id ? selection.picked.map((p) => argText(p.text, m.source.kind)) : [];
  const move = m.move(picked);
  const most = Math.max(...m.sizes);
  const words = moveWords([verb, ...picked].join(" "), state);
  const more = most - picked.length;
  const label = move ? rich(moveWords(move, state))
    : picked.length ? [...rich(words), more > 0 ? ` — choose ${more} more` : " — not a move"]
      : `${moveWords(verb, state)}: choose ${howMany(m.sizes)}`;
  return h("button", { class: "primary", type: "button", disabled: !move, dataset: { verb },
                       onclick: () => move && go(move) }, label);
}

// "3", "1 to 5", "2 or 4"
function howMany(sizes) {
  const n = [...sizes].sort((a, b) => a - b);
  if (n.length === 1) return String(n[0]);
  if (n.length > 2 && n[n.length - 1] - n[0] === n.length - 1) return `${n[0]} to ${n[n.length - 1]}`;
  return n.join(" or ");
}

// Other moves: buttons in words; a long list of one kind (bids, claims) is a list to choose from.
function buttonsFor(texts, state, go) {
  const byVerb = new Map();
  for (const t of texts) {
    const v = t.split(" ")[0];
    if (!byVerb.has(v)) byVerb.set(v, []);
    byVerb.get(v).push(t);
  }
  const out = [];
  for (const [verb, list] of byVerb) {
    const numbers = list.every((t) => /^\S+ \d+$/.test(t)) && !list.some((t) => state.words?.[t]);
    if (numbers && list.length >= 5 && list.length <= 30) {
      // many numbers of one kind (bids): one row of small buttons after the verb in words
      out.push(h("span", { class: "numbers", role: "group", "aria-label": moveWords(verb, state) },
        h("span", { class: "numbers-label" }, moveWords(verb, state)),
        list.map((t) => h("button", { type: "button", class: "num", dataset: { action: t }, "aria-label": moveWords(t, state),
                                      onclick: () => go(t) }, t.split(" ")[1]))));
      continue;
    }
    if (list.length > 12) {
      const select = h("select", { "aria-label": moveWords(verb, state), dataset: { verb } },
        list.map((t) => h("option", { value: t }, moveWords(t, state))));
      out.push(h("span", { class: "choose" }, select,
        h("button", { type: "button", class: "primary", onclick: () => go(select.value) }, moveWords(verb, state))));
      continue;
    }
    for (const t of list) {
      out.push(h("button", { type: "button", dataset: { action: t }, onclick: () => go(t) }, rich(moveWords(t, state))));
    }
  }
  return out;
}

// A move that reads as words and cards ("draw stock", "play 3C"); one naming seats by number,
// squares or dominoes is no hint to a player.
const PLAIN = /^[a-z]+(?: (?:[a-z]+|(?:10|[2-9JQKA])[CDHS]))*$/;

/** The typed box; its hint is one of this turn's own moves, so it never shows a card game's syntax to a dice game. */
function typedBox(go, example) {
  const input = h("input", { type: "text", placeholder: example ? `or type a move (${example}…)` : "or type a move",
                             "aria-label": "type a move",
                             autocomplete: "off", autocapitalize: "off", spellcheck: "false" });
  return h("form", { class: "typed", onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) go(input.value.trim()); } },
    input, h("button", { type: "submit" }, "Send"));
}
