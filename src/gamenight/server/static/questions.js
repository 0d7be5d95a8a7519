// Questions raised at a house's table: ask (free text, optionally about a clause; under the
// Kali Effect, a higher-standard claim with how you want to play it), and answer, which
// under a table vote means agreeing with an answer already given.
import { api, h } from "./dom.js";

const $ = (id) => document.getElementById(id);
let wired = false;

function status(q) {
  if (q.status === "ruled") return `ruled: “${q.ruling}” (recorded as version ${q.version})`;
  if (q.status === "kali") return `${q.raised_by} plays it their way this game: “${q.ruling}”`;
  if (q.status === "unsettled") return "the table did not agree: nothing recorded";
  return "open";
}

function answerForm(q, house, you, send) {
  const input = h("input", { type: "text", maxlength: 2000, "aria-label": `answer to question ${q.id}`,
                             class: "answer-text" });
  const ruling = house.answers === "host" && !(house.kali_effect && q.higher_standard);
  const label = ruling && you === q.host ? "Rule" : ruling ? "Suggest" : "Answer";
  const given = [...new Set(q.answers.filter((a) => a.member !== you).map((a) => a.text))];
  return h("div", { class: "answer" },
    given.map((t) => h("button", { type: "button", class: "agree", onclick: () =>
      send({ type: "answer", question: q.id, text: t }) }, `agree: ${t}`)),
    h("form", { class: "answer", onsubmit: (e) => {
      e.preventDefault();
      if (input.value.trim()) send({ type: "answer", question: q.id, text: input.value.trim() });
    } }, input, h("button", { type: "submit", class: "primary" }, label)));
}

function wire(state, send) {
  wired = true;
  api(`/api/games/${encodeURIComponent(state.table.game)}/clauses`).then((clauses) => {
    $("question-clause").replaceChildren(h("option", { value: "" }, "the game in general"),
      ...clauses.map((c) => h("option", { value: c.id }, `${c.id}: ${c.text.slice(0, 60)}`)));
  }).catch(() => {});
  $("ask-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("question-text").value.trim();
    if (!text) return;
    send({ type: "ask", text, clause: $("question-clause").value || null,
           higher_standard: $("question-higher").checked, their_way: $("question-way").value.trim() });
    $("question-text").value = "";
    $("question-higher").checked = false;
    $("question-way").value = "";
  });
}

let lastStamp = null;

export function renderQuestions(state, send) {
  const house = state.table.house;
  const panel = $("questions-panel");
  panel.hidden = !house || house.error || state.table.status === "waiting";
  if (panel.hidden) return;
  if (!wired) wire(state, send);
  const you = state.you === null ? null : house.names[state.you];
  $("ask-form").hidden = you === null;
  $("kali-fields").hidden = !house.kali_effect;
  // Redraw the list only when the questions changed: a state message arrives with every move, and
  // replacing the list under a player who is typing or clicking an answer would lose it.
  const stamp = JSON.stringify([house.questions, you]);
  if (stamp === lastStamp) return;
  lastStamp = stamp;
  // keep what someone typed, and their focus
  const typed = new Map([...document.querySelectorAll("#questions li.question")].map((li) =>
    [li.dataset.question, li.querySelector(".answer-text")?.value]).filter(([, v]) => v));
  const focused = document.activeElement?.closest?.("#questions li.question")?.dataset.question;
  $("questions").replaceChildren(...house.questions.map((q) => h("li", { dataset: { question: q.id },
                                                                          class: `question ${q.status}` },
    h("strong", {}, `#${q.id} ${q.raised_by}: `), q.text, q.clause ? h("small", { class: "clause-id" },
      ` [${q.clause}]`) : "", q.higher_standard ? ` (higher standard; their way: ${q.their_way})` : "",
    h("div", { class: "muted" }, q.answers.map((a) => `${a.member}: ${a.text}`).join(" · ")),
    h("div", { class: "status" }, status(q)),
    q.status === "open" && you !== null && q.table.includes(you) ? answerForm(q, house, you, send) : null)));
  for (const [id, value] of typed) {
    const input = document.querySelector(`#questions li.question[data-question="${id}"] .answer-text`);
    if (input) {
      input.value = value;
      if (id === focused) input.focus();
    }
  }
}
