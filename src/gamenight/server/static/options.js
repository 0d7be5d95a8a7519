// The option form generated from a game's own option descriptions (each with its rule
// sentence): shared by the lobby's new-table form and a house's rule set form.
import { h } from "./dom.js";

export function sentence(opt, value) {
  const shown = typeof value === "boolean" ? (value ? "yes" : "no") : value;
  return opt.rule.replaceAll("{value}", shown);
}

export function optionInput(opt, value) {
  const id = `opt-${opt.name}`;
  let input;
  if (opt.choices) {
    input = h("select", { id, name: opt.name },
      opt.choices.map((c) => h("option", { value: String(c), selected: String(c) === String(value) }, String(c))));
  } else if (opt.kind === "bool") {
    input = h("input", { id, name: opt.name, type: "checkbox", checked: !!value });
  } else if (opt.kind === "int") {
    input = h("input", { id, name: opt.name, type: "number", value, min: opt.minimum, max: opt.maximum, step: 1 });
  } else {
    input = h("input", { id, name: opt.name, type: "text", value });
  }
  const help = h("p", { class: "help" }, sentence(opt, value));
  const read = () => (opt.kind === "bool" ? input.checked : opt.kind === "int" ? Number(input.value) : input.value);
  input.addEventListener("input", () => { help.textContent = sentence(opt, read()); });
  input.addEventListener("change", () => { help.textContent = sentence(opt, read()); });
  return { el: h("div", {}, h("label", { for: id }, opt.label + (value === opt.default ? "" : " *")), input, help),
           read, input };
}

// Fill `box` (a fieldset) with one input per option, showing `values` (missing: the
// default); returns {name: read()} to collect the chosen values.
export function renderOptionForm(box, game, values, legend = "Options (the book's main rule is the default)") {
  box.replaceChildren(h("legend", {}, legend));
  const readers = {};
  for (const opt of game.options) {
    const { el, read } = optionInput(opt, opt.name in values ? values[opt.name] : opt.default);
    readers[opt.name] = read;
    box.append(el);
  }
  return readers;
}

export function readOptions(readers) {
  const out = {};
  for (const [k, read] of Object.entries(readers)) out[k] = read();
  return out;
}
