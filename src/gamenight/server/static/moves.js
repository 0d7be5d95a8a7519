// From the legal moves to what a player taps: pieces that are one move (tap to play), pieces a
// move of several is built from (tap to choose, the button naming the move as it grows), the
// choices a piece offers (which train, which square), and buttons for the rest, each in the
// game's words. Pieces are told apart by their place, so duplicate cards are separate taps.
import { isCard } from "./cards.js";
import { dieFace } from "./pieces.js";
import { withNames } from "./names.js";

const PIECE = /^((10|[2-9JQKA])[CDHS]|JK|(1[0-3]|[1-9])[RYGBP]|W|\d+-\d+|(d\d+|pk):\w+)$/;

// Does move argument `arg` name `piece` (a die is named by its face: "keep 1 5")?
function names(arg, piece, kind) {
  return arg === piece || (kind === "die" && arg === dieFace(piece));
}

// Match a move's arguments to distinct pieces of a source: the indices used, or null.
function matchArgs(args, source) {
  const used = [];
  for (const a of args) {
    const i = source.pieces.findIndex((p, k) => !used.includes(k) && names(a, p, source.kind));
    if (i < 0) return null;
    used.push(i);
  }
  return used;
}

export const keyOf = (texts) => [...texts].sort().join(" ");

// sources: [{ id, kind, pieces }]. `legal` holds move texts, and combinatorial entries
// { verb, pieces, k }: every way to take k of those pieces (Hearts' pass) is a move. Returns
//   single: Map(source id -> Map(piece text -> [move texts])): a tap is the move (or a choice of moves)
//   multi:  Map(verb -> { verb, source, sizes: Set, pieces: Set, move(picked texts) -> move text or undefined })
//   buttons: [move texts] that name no piece of a source
export function analyse(legal, sources) {
  const single = new Map(sources.map((s) => [s.id, new Map()]));
  const multi = new Map();
  const buttons = [];
  const found = [];
  for (const entry of legal) {
    if (typeof entry !== "string") {
      const source = sources.find((s) => matchArgs(entry.pieces, s));
      if (source) multi.set(entry.verb, choiceOf(entry, source));
      continue;
    }
    const text = entry;
    const [verb, ...args] = text.split(" ");
    let placed = false;
    for (const source of sources) {
      const pieceArgs = args.filter((a) => PIECE.test(a) || (source.kind === "die" && /^\d+$/.test(a)));
      if (!pieceArgs.length) continue;
      const used = matchArgs(pieceArgs, source);
      if (!used) continue;
      found.push({ text, verb, source, used, whole: pieceArgs.length === args.length });
      placed = true;
      break;
    }
    if (!placed) buttons.push(text);
  }
  // A verb with a move of several pieces (all of them pieces) is built by choosing, even its one-piece moves.
  const chosen = new Set(found.filter((f) => f.whole && f.used.length > 1).map((f) => `${f.source.id} ${f.verb}`));
  for (const f of found) {
    const texts = f.used.map((i) => f.source.pieces[i]);
    if (chosen.has(`${f.source.id} ${f.verb}`) && f.whole) {
      if (!multi.has(f.verb)) multi.set(f.verb, listedChoice(f.verb, f.source));
      const m = multi.get(f.verb);
      m.combos.set(keyOf(texts.map((t) => argText(t, f.source.kind))), f.text);
      m.sizes.add(texts.length);
      texts.forEach((t) => m.pieces.add(t));
    } else if (f.used.length === 1) {
      const bySource = single.get(f.source.id);
      const t = texts[0];
      if (!bySource.has(t)) bySource.set(t, []);
      bySource.get(t).push(f.text);
    } else {
      buttons.push(f.text);
    }
  }
  return { single, multi, buttons };
}

// A move of several pieces listed one by one: the move for the pieces picked, if it is listed.
function listedChoice(verb, source) {
  const combos = new Map();
  return { verb, source, sizes: new Set(), combos, pieces: new Set(), move: (picked) => combos.get(keyOf(picked)) };
}

// A combinatorial entry: any k distinct pieces of its list are a move, named in the list's order.
function choiceOf(entry, source) {
  return { verb: entry.verb, source, sizes: new Set([entry.k]), pieces: new Set(entry.pieces), move: (picked) => {
    if (picked.length !== entry.k) return undefined;
    const used = matchArgs(picked, { pieces: entry.pieces, kind: source.kind });
    return used ? [entry.verb, ...used.sort((a, b) => a - b).map((i) => entry.pieces[i])].join(" ") : undefined;
  } };
}

// How a chosen piece appears in its move (a die by its face).
export function argText(piece, kind) {
  return kind === "die" ? dieFace(piece) : piece;
}

// A move in words: the game's own (with names for seats), or its verb and pieces ("Bid 7", "Play QS").
export function moveWords(text, state) {
  const own = state.words?.[text];
  if (own) return withNames(own, state);
  const [verb, ...args] = text.split(" ");
  const v = verb.replaceAll(/[-_]/g, " ");
  return [v.charAt(0).toUpperCase() + v.slice(1), ...args.map((a) => (isCard(a) ? a : a.replaceAll("_", " ")))]
    .join(" ");
}

// The first verb of one-piece moves (what tapping another piece of the hand would try).
export function usualVerb(single) {
  const count = new Map();
  for (const moves of single.values()) {
    for (const m of moves) {
      const v = m.split(" ")[0];
      count.set(v, (count.get(v) || 0) + 1);
    }
  }
  return [...count].sort((a, b) => b[1] - a[1])[0]?.[0] || null;
}
