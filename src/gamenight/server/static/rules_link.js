// A "rule" link that opens the rulebook panel at a clause: score notes and log lines that apply a
// rule carry its id apart from their words, and show this link instead of the id.
import { h } from "./dom.js";

// Open the rules panel at a clause.
export function showRule(clauseId) {
  const panel = document.getElementById("rules-panel");
  if (panel) panel.open = true;
  const li = document.getElementById(clauseId);
  if (li) {
    li.scrollIntoView({ block: "center" });
    li.classList.add("flash");
    setTimeout(() => li.classList.remove("flash"), 2000);
  }
}

// The link for a clause id, after a space (nothing when there is none).
export function ruleLink(clause) {
  return clause ? [" ", h("button", { type: "button", class: "rule-link", title: `the rule (${clause})`,
                                      "aria-label": `the rule ${clause}`, onclick: () => showRule(clause) }, "rule")] : null;
}
