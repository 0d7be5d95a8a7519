// A house's proposals read as rule sentences ("The game ends when a player reaches 50 points."),
// the way the rulebook prints them, never as `option = value`; and the page kept current while
// others vote: it looks again every few seconds while it is in view.
const said = (v) => (v === true ? "yes" : v === false ? "no" : String(v));

export function ruleSentence(option, value) {
  if (!option) return null;
  const text = option.rule.includes("{value}") ? option.rule.replaceAll("{value}", said(value)) : option.rule;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// Each change a proposal makes, as a sentence.
export function proposalSentences(p, games) {
  const game = games.find((g) => g.id === p.game);
  const options = new Map((game?.options || []).map((o) => [o.name, o]));
  const out = [];
  if (p.preset) out.push(`Start from the ${p.preset} rules.`);
  for (const [k, v] of Object.entries(p.options || {})) {
    out.push(ruleSentence(options.get(k), v) || `${k.replaceAll("_", " ")}: ${said(v)}.`);
  }
  for (const k of p.unset || []) {
    const o = options.get(k);
    out.push(`Back to the book's rule: ${ruleSentence(o, o?.default) || `${k.replaceAll("_", " ")}.`}`);
  }
  for (const r of p.add_rulings || []) out.push(`A new ruling${r.clause ? ` on ${r.clause}` : ""}: “${r.text}”`);
  for (const r of p.remove_rulings || []) out.push(`Ruling ${r} is dropped.`);
  return out.length ? out : ["No change to the rules."];
}

// What the banner says about a proposal this page made, as it stands now.
export function proposalNews(p) {
  if (!p) return null;
  if (p.status === "accepted") return `Proposal #${p.id} was accepted: version ${p.version} is in force.`;
  if (p.status === "open") return `Proposal #${p.id} waits for approval: it needs ${p.needed}.`;
  return `Proposal #${p.id} was ${p.status.replaceAll("-", " ")}.`;
}

// Look at the house again every few seconds while the page is in view; ``changed`` gets it
// whenever it differs from the last look.
export function watchHouse(look, changed, every = 4000) {
  let last = null;
  const tick = async () => {
    if (document.hidden) return;
    const got = await look();
    if (!got) return;
    const stamp = JSON.stringify(got);
    if (last !== null && stamp !== last) changed(got);
    last = stamp;
  };
  setInterval(tick, every);
  return (got) => { last = JSON.stringify(got); };  // the page's own changes are not news
}
