"use strict";
/* The judges' page: builds a board by card name, declares attacks and blocks by clicking, and asks
   the server (the same handlers as the CLI) to check, solve and explain. The wording of verdicts
   comes from the server's /render; this file only lays it out. */

const PLAYER_IDS = ["alice", "bob", "carol", "dave"];
/* 122.1b keyword counters that the rules engine reads (the others don't change legality). */
const KEYWORD_COUNTERS = ["flying", "haste", "menace", "reach", "shadow", "vigilance"];
const PLACEHOLDERS = ["$self", "$attached", "$controller", "$power"];

let state = emptyState();
let selected = null; /* {role: "attacker"|"combat"|"blocker", id} */
let rules = {};
let lastVerdict = null;
let lastVerb = "check"; /* what gave lastVerdict: "check" or "solve" */
let lastBoard = null; /* the board last sent to the server: its errors' locations point into it */
let undo = null; /* the judge's declaration before Solve or a suggested one replaced it */
const cardInfo = new Map(); /* card name -> catalog record (oracle text, notes) */
const openCards = new Set(); /* ids of the cards shown whole on a narrow screen */
const openData = new Set(); /* ids of the cards whose "Abilities and card data" are unfolded */
const narrow = window.matchMedia("(max-width: 980px)");

function emptyState() {
  return {
    names: [...PLAYER_IDS], players: 2, twoHeaded: false, active: "alice",
    perms: [], effects: [],
    step: "block", combat: {}, attacks: {}, blocks: {}, identity: {},
  };
}

/* ---------- small helpers ---------- */

const $ = (sel) => document.querySelector(sel);
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}
function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}
function players() { return state.twoHeaded ? state.names : state.names.slice(0, state.players); }
/* Two-Headed Giant: the first two players are team A, the last two team B. */
function team(p) { return state.names.indexOf(p) < 2 ? "A" : "B"; }
function teamOf(p) { return state.twoHeaded ? team(p) : p; }
function attackingSide(p) { return teamOf(p) === teamOf(state.active); }
function perm(id) { return state.perms.find((p) => p.id === id); }
function isCreature(p) { return p.types.includes("creature") && !p.types.includes("battle"); }
function label(id) {
  const p = perm(id);
  if (!p) return id;
  const same = state.perms.filter((q) => q.name === p.name).length;
  return same > 1 ? `${p.name} (${p.id})` : p.name;
}
function listText(a) { return (a || []).join(", "); }
function parseList(s) { return s.split(",").map((x) => x.trim()).filter(Boolean); }

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (response.status === 422) {
    const err = new Error("bad input");
    err.detail = data.detail || [];
    throw err;
  }
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return data;
}

/* ---------- the board the API reads ---------- */

/* 607.2d, 702.136a: the choices a card makes as it enters (the board's `chosen`), how the page
   asks for each, and which of them an ability reads through the word "chosen". */
const CHOICE_LABELS = { color: "Chosen color", creature_type: "Chosen creature type", player: "Chosen player", parity: "Chosen quality (odd or even)", riot: "Riot" };
const CHOICE_WHAT = { color: "the chosen color", creature_type: "the chosen creature type", player: "the chosen player", parity: "the chosen quality (odd or even)", riot: "riot's choice (702.136a)" };
const CHOICE_COLORS = ["white", "blue", "black", "red", "green"];

function choicesRead(value, found = new Set()) {
  if (Array.isArray(value)) { for (const v of value) choicesRead(v, found); return found; }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "colors" && Array.isArray(v) && v.includes("chosen")) found.add("color");
      else if (k === "subtypes" && Array.isArray(v) && v.includes("chosen")) found.add("creature_type");
      else if ((k === "controller" || k === "player") && v === "chosen") found.add("player");
      else if (k === "even" && v === "chosen") found.add("parity");
      else choicesRead(v, found);
    }
  }
  return found;
}

function missingChoices(p) {
  const chosen = p.chosen || {};
  return (p.choices || []).filter((c) => !chosen[c]);
}

function choiceWarnings(p) {
  const out = missingChoices(p).map((c) => `${p.name} (${p.id}): ${CHOICE_WHAT[c]} isn't on the board: choose it above (${CHOICE_LABELS[c]})`);
  if (readsIdentity(p) && !identityOf(p.controller)) {
    out.push(`${p.name} (${p.id}): its controller's commander's color identity isn't on the board (903.4): give it above (${IDENTITY_LABEL}); its mana ability is left out`);
  }
  return out;
}

/* 903.4: Command Tower's "any color in your commander's color identity" reads a fact of its
   controller (the board's `commander_identity`), asked for on each card that reads it. */
const IDENTITY_LABEL = "Commander's color identity (its controller's)";
function readsIdentity(p) { return /"produces":\s*"identity"/.test(p.abilities || ""); }
function identityOf(player) { return ((state.identity || {})[player] || "").trim(); }
function identityColors(player) {
  const text = identityOf(player).toLowerCase();
  if (!text) return null;
  if (/^(?:colorless|none)$/.test(text)) return [];
  const words = text.split(/[\s,]+/).filter(Boolean);
  const wrong = words.filter((w) => !CHOICE_COLORS.includes(w));
  if (wrong.length) {
    const pid = (state.perms.find((q) => q.controller === player && readsIdentity(q)) || {}).id;
    throw new BoardError(`${player}'s commander's color identity: “${wrong.join(", ")}” is not a color (white, blue, black, red, green; or colorless)`, { pid, field: "commander-identity" });
  }
  return CHOICE_COLORS.filter((c) => words.includes(c));
}

/* 707.2: a card that entered as a copy (Clone) is what it copied: the page asks which card (the
   board's `copy_of`; "A; B" for a copy of an A that copied a B, 707.3) and takes the copy's
   record from the server. */
function copyWarnings(p) {
  return p.copies && !p.copy_of
    ? [`${p.card} (${p.id}): what it entered as a copy of isn't on the board (707.2): name the card under Copy of; read as copying nothing`]
    : [];
}

async function setCopyOf(p, text) {
  const copyOf = text.split(";").map((x) => x.trim()).filter(Boolean);
  let found;
  try {
    found = await api("/card", copyOf.length ? { name: p.card, copy_of: copyOf } : { name: p.card });
  } catch (e) {
    showErrors(e.detail ? new BoardError(`${label(p.id)}: ${e.detail.map((d) => d.msg).join("; ")}`, { pid: p.id, field: "copy_of" }) : e);
    return;
  }
  if (found.status !== "found") return;
  const r = found.card;
  Object.assign(p, {
    copy_of: copyOf.join("; "), name: r.name, types: r.types, subtypes: r.subtypes || [], supertypes: r.supertypes || [],
    colors: r.colors || [], power: r.power ?? "", toughness: r.toughness ?? "",
    abilities: JSON.stringify(r.abilities || [], null, 1).replace(/\n\s*/g, " "),
    warnings: [...(r.warnings || []), ...variableStats(r)], choices: r.choices || [], chosen: {},
  });
  changed();
}

function substitute(value, values) {
  if (typeof value === "string") return value in values ? values[value] : value;
  if (Array.isArray(value)) return value.map((v) => substitute(v, values));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, values)]));
  }
  return value;
}

function parseCounters(text) {
  const out = {};
  for (const part of text.split(",").map((s) => s.trim()).filter(Boolean)) {
    const m = part.match(/^(.+?)\s*[:x×]\s*(\d+)$/) || [null, part, "1"];
    out[m[1].trim()] = Number(m[2]);
  }
  return out;
}

/* JSON, or YAML in flow style as the downloaded files write it: [{kind: must_block, attacker: bears}]. */
function parseLoose(text) {
  try { return JSON.parse(text); } catch { /* YAML flow style */ }
  const tokens = [];
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (/\s/.test(c)) { i++; continue; }
    if ("{}[],:".includes(c)) { tokens.push(c); i++; continue; }
    if (c === '"' || c === "'") {
      let j = i + 1, out = "";
      for (; j < text.length && text[j] !== c; j++) out += text[j] === "\\" && c === '"' ? text[++j] : text[j];
      if (j >= text.length) throw new Error("an unclosed quote");
      tokens.push(JSON.stringify(out)); i = j + 1; continue;
    }
    let j = i;
    while (j < text.length && !"{}[],".includes(text[j]) && !(text[j] === ":" && /[\s,}\]]/.test(text[j + 1] || " "))) j++;
    const word = text.slice(i, j).trim();
    tokens.push(/^-?\d+(?:\.\d+)?$/.test(word) || ["true", "false", "null"].includes(word) ? word : JSON.stringify(word));
    i = j;
  }
  return JSON.parse(tokens.join(""));
}

function toPermanent(p) {
  let written;
  try {
    written = parseLoose(p.abilities || "[]");
    if (!Array.isArray(written)) throw new Error("a list is expected");
  } catch (e) {
    throw new BoardError(`${label(p.id)}: abilities must be a JSON or YAML flow list (${e.message})`, { pid: p.id, field: "abilities" });
  }
  let power = wholeNumber(p, "power");
  let toughness = wholeNumber(p, "toughness");
  const abilities = [];
  const values = { $self: p.id, $attached: p.attached || null, $controller: p.controller, $power: power };
  const missing = new Set(missingChoices(p));
  const chosen = Object.fromEntries(Object.entries(p.chosen || {}).filter(([, v]) => v));
  for (const a of written) {
    if (!p.attached && JSON.stringify(a).includes('"$attached"')) continue;
    if ([...choicesRead(a)].some((c) => missing.has(c))) continue;
    if (a.produces === "identity" && !identityOf(p.controller)) continue;
    abilities.push(substitute(a, values));
  }
  if ((p.choices || []).includes("riot") && chosen.riot === "haste" && !abilities.some((a) => a.kind === "haste")) {
    abilities.push({ kind: "haste" });
  }
  for (const [kind, n] of Object.entries(parseCounters(p.counters || ""))) {
    const pt = kind.match(/^([+-]\d+)\/([+-]\d+)$/);
    if (pt && power !== null && toughness !== null) {
      power += Number(pt[1]) * n;
      toughness += Number(pt[2]) * n;
    } else if (KEYWORD_COUNTERS.includes(kind) && n > 0 && !abilities.some((a) => a.kind === kind)) {
      abilities.push({ kind });
    }
  }
  const out = { id: p.id, name: p.name, controller: p.controller, types: p.types };
  for (const key of ["subtypes", "supertypes", "colors"]) if (p[key].length) out[key] = p[key];
  if (power !== null) out.power = power;
  if (toughness !== null) out.toughness = toughness;
  if (p.tapped) out.tapped = true;
  if (p.sick) out.summoning_sick = true;
  if (p.types.includes("battle")) out.protector = p.protector || firstOpponentOf(p.controller);
  if (abilities.length) out.abilities = abilities;
  if (Object.keys(chosen).length) out.chosen = chosen;
  return out;
}

function firstOpponentOf(player) {
  return players().find((q) => teamOf(q) !== teamOf(player));
}

/* A mistake on the board the page can point at: the card (pid) or effect and its field. */
class BoardError extends Error {
  constructor(message, where = {}) {
    super(message);
    Object.assign(this, where);
  }
}

function wholeNumber(p, key) {
  const text = p[key] === null || p[key] === undefined ? "" : String(p[key]).trim();
  if (text === "") return null;
  if (!/^[+-]?\d+$/.test(text)) throw new BoardError(`${label(p.id)}: ${key} must be a whole number, not “${text}”`, { pid: p.id, field: key });
  return Number(text);
}

function toEffect(e, i) {
  const out = { source: e.source || "effect" };
  try {
    out.ability = parseLoose(e.ability);
    if (e.filter) out.to = parseLoose(e.filter);
  } catch (err) {
    throw new BoardError(`Effect ${i + 1} (${e.source}): ${e.filter ? "the ability or filter" : "the ability"} must be JSON or YAML flow style (${err.message})`, { effect: i, field: "effect-ability" });
  }
  if (e.controller) out.controller = e.controller;
  if (!e.filter && e.to.length) out.to = { ids: e.to };
  return out;
}

function board(withCombat = state.step === "block") {
  const out = {
    players: players().map((id) => {
      const out = state.twoHeaded ? { id, team: team(id) } : { id };
      const identity = state.perms.some((q) => q.controller === id && readsIdentity(q)) ? identityColors(id) : null;
      if (identity !== null) out.commander_identity = identity;
      return out;
    }),
    active_player: state.active,
  };
  if (state.twoHeaded) out.shared_team_turns = true;
  out.permanents = state.perms.map(toPermanent);
  if (state.effects.length) out.effects = state.effects.map(toEffect);
  if (withCombat) out.combat = { attackers: { ...state.combat } };
  return out;
}

function declaration() {
  if (state.step === "attack") return { kind: "attack", attacks: { ...state.attacks } };
  const blocks = {};
  for (const [b, as] of Object.entries(state.blocks)) if (as.length) blocks[b] = [...as];
  return { kind: "block", blocks };
}

/* ---------- the permanents ---------- */

function slug(name) {
  const word = name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9 ]/g, "").split(/\s+/).filter(Boolean);
  const skip = ["the", "of", "a"];
  const base = (word.find((w) => !skip.includes(w)) || "permanent").slice(0, 16);
  let id = base;
  for (let n = 2; perm(id) || players().includes(id); n++) id = `${base}${n}`;
  return id;
}

function fromRecord(record, controller) {
  return {
    id: slug(record.name), card: record.name, name: record.name, controller,
    types: record.types && record.types.length ? record.types : ["creature"],
    subtypes: record.subtypes || [], supertypes: record.supertypes || [], colors: record.colors || [],
    power: record.power ?? "", toughness: record.toughness ?? "",
    tapped: false, sick: false, counters: "", attached: "",
    abilities: JSON.stringify(record.abilities || [], null, 1).replace(/\n\s*/g, " "),
    warnings: [...(record.warnings || []), ...variableStats(record)], custom: !!record.custom,
    choices: record.choices || [], chosen: {}, copies: !!record.copies, copy_of: "",
  };
}

function variableStats(record) {
  const printed = `${record.printed_power ?? ""}/${record.printed_toughness ?? ""}`;
  return (record.printed_power != null && record.power == null) || (record.printed_toughness != null && record.toughness == null)
    ? [`${record.name}: power/toughness ${printed} as printed; write its current values under Abilities and card data`]
    : [];
}

function customRecord(name, why) {
  return { name, custom: true, types: ["creature"], abilities: [], warnings: [`${name}: ${why}; give its types, power/toughness and abilities below`] };
}

/* Adds the card of that name; true once added. A name the catalog doesn't know is not added: the
   page offers the closest names and, as an explicit choice, a custom creature of that name. */
async function addCard(name, controller, { custom = false } = {}) {
  name = name.trim();
  if (!name) return false;
  let record;
  try {
    if (custom) {
      record = customRecord(name, "not in the catalog");
    } else {
      const found = await api("/card", { name });
      if (found.status === "found") {
        record = found.card;
        cardInfo.set(record.name, record);
        if (!(record.types || []).length) {
          throw new BoardError(`${record.name} is not a permanent: once it has resolved, add what it does under Effects this turn.`);
        }
      } else if (found.status === "not_found") {
        await offerNames(name, controller, found.suggestions || []);
        return false;
      } else {
        record = customRecord(name, "no card catalog on this server");
      }
    }
  } catch (e) {
    showErrors(e);
    return false;
  }
  hideDidYouMean();
  const added = fromRecord(record, controller);
  state.perms.push(added);
  openCards.clear();
  openCards.add(added.id);
  changed();
  return true;
}

/* "Did you mean": the names a failed lookup suggests, then the server's search for the name (or,
   when that finds nothing, for its longest words), in the server's order. */
async function closeNames(name, suggested) {
  const out = [...suggested];
  const queries = [name, ...name.split(/\s+/).filter((w) => w.length >= 4).sort((a, b) => b.length - a.length)];
  for (const q of queries) {
    if (out.length >= 6) break;
    const found = await searchNames(q, 6).catch(() => []);
    for (const n of found) if (!out.includes(n)) out.push(n);
    if (found.length) break;
  }
  return out.slice(0, 6);
}

async function offerNames(name, controller, suggested) {
  const names = await closeNames(name, suggested);
  const box = $("#did-you-mean");
  const pick = async (n, custom) => {
    if (await addCard(n, controller, { custom })) {
      $("#card-name").value = "";
      $("#card-name").focus();
    }
  };
  box.replaceChildren(
    el("p", {}, el("strong", {}, `No card named “${name}” in the catalog.`), names.length ? " Did you mean:" : " No close names either; check the spelling, or:"),
    names.length ? el("div", { class: "chips" }, names.map((n) => el("button", { type: "button", class: "chip", "data-suggestion": n, onclick: () => pick(n, false) }, n))) : null,
    el("div", { class: "row" },
      el("button", { type: "button", id: "add-custom", onclick: () => pick(name, true) }, `Add “${name}” as a custom creature`),
      el("button", { type: "button", class: "quiet", id: "dismiss-names", onclick: () => { hideDidYouMean(); $("#card-name").focus(); } }, "Cancel")),
  );
  box.hidden = false;
  const first = box.querySelector("button");
  if (first && narrow.matches) first.scrollIntoView({ block: "nearest" });
}

function hideDidYouMean() {
  $("#did-you-mean").hidden = true;
  $("#did-you-mean").replaceChildren();
}

/* ---------- card names: the server's ranked order, in the page's own list ---------- */

let searchTimer = null;
let searchSeq = 0;
let activeName = -1;

async function searchNames(q, limit) {
  const r = await api(`/cards?q=${encodeURIComponent(q)}&limit=${limit}`);
  $("#catalog-note").hidden = r.status !== "unavailable";
  $("#catalog-note").textContent = "No card catalog on this server: cards are added as custom permanents; give their abilities.";
  return r.status === "ok" ? r.names : [];
}

function closeSuggestions() {
  searchSeq++;
  clearTimeout(searchTimer);
  const list = $("#card-names");
  list.hidden = true;
  list.replaceChildren();
  activeName = -1;
  $("#card-name").setAttribute("aria-expanded", "false");
  $("#card-name").removeAttribute("aria-activedescendant");
}

function showSuggestions(names) {
  const list = $("#card-names");
  activeName = -1;
  list.replaceChildren(...names.map((n, i) => el("li", { role: "option", id: `card-name-${i}`, "data-name": n, "aria-selected": "false",
    onpointerdown: (e) => e.preventDefault(), onclick: () => submitName(n) }, n)));
  list.hidden = !names.length;
  $("#card-name").setAttribute("aria-expanded", String(names.length > 0));
}

function highlightName(i) {
  const options = [...document.querySelectorAll("#card-names [role=option]")];
  if (!options.length) return;
  activeName = (i + options.length) % options.length;
  options.forEach((o, k) => o.setAttribute("aria-selected", String(k === activeName)));
  $("#card-name").setAttribute("aria-activedescendant", options[activeName].id);
  options[activeName].scrollIntoView({ block: "nearest" });
}

async function submitName(name) {
  closeSuggestions();
  const input = $("#card-name");
  if (await addCard(name, $("#card-controller").value)) {
    input.value = "";
    input.focus();
  }
}

function renameId(oldId, newId) {
  const re = (obj) => Object.fromEntries(Object.entries(obj).map(([k, v]) => [k === oldId ? newId : k, v]));
  state.combat = re(state.combat);
  state.attacks = re(state.attacks);
  state.blocks = re(state.blocks);
  for (const k of Object.keys(state.blocks)) state.blocks[k] = state.blocks[k].map((a) => (a === oldId ? newId : a));
  for (const k of Object.keys(state.attacks)) if (state.attacks[k] === oldId) state.attacks[k] = newId;
  for (const k of Object.keys(state.combat)) if (state.combat[k] === oldId) state.combat[k] = newId;
  for (const p of state.perms) if (p.attached === oldId) p.attached = newId;
  for (const e of state.effects) {
    e.to = e.to.map((x) => (x === oldId ? newId : x));
    e.ability = e.ability.split(`"${oldId}"`).join(`"${newId}"`);
  }
}

function removePermanent(id) {
  state.perms = state.perms.filter((p) => p.id !== id);
  delete state.combat[id];
  delete state.attacks[id];
  delete state.blocks[id];
  for (const k of Object.keys(state.blocks)) state.blocks[k] = state.blocks[k].filter((a) => a !== id);
  for (const obj of [state.combat, state.attacks]) for (const k of Object.keys(obj)) if (obj[k] === id) delete obj[k];
  for (const p of state.perms) if (p.attached === id) p.attached = "";
  for (const e of state.effects) e.to = e.to.filter((x) => x !== id);
}

function renderBattlefields() {
  const root = $("#battlefields");
  root.replaceChildren();
  for (const player of players()) {
    const mine = state.perms.filter((p) => p.controller === player);
    const role = player === state.active ? "active player" : attackingSide(player) ? "teammate" : "defending";
    const head = el("h3", { class: "player-head" }, el("span", { class: `dot p-${player}` }), player,
      el("span", { class: "role" }, state.twoHeaded ? `team ${team(player)} · ${role}` : role));
    const list = el("div", { class: "perms" }, mine.length ? mine.map(permCard) : el("p", { class: "empty" }, "No permanents."));
    root.append(el("section", { class: "battlefield", "data-player": player }, head, list));
  }
}

function choiceField(p, choice, update) {
  p.chosen = p.chosen || {};
  const now = p.chosen[choice] || "";
  const set = update((t) => { if (t.value.trim()) p.chosen[choice] = t.value.trim(); else delete p.chosen[choice]; });
  const options = (values) => [el("option", { value: "" }, "—"),
    ...values.map(([v, text]) => el("option", { value: v, selected: v === now }, text))];
  const input = choice === "creature_type"
    ? el("input", { value: now, placeholder: "Elf", "data-field": `chosen-${choice}`, onchange: set })
    : el("select", { "data-field": `chosen-${choice}`, onchange: set }, options(
      choice === "color" ? CHOICE_COLORS.map((c) => [c, c])
        : choice === "player" ? players().map((q) => [q, q])
          : choice === "parity" ? [["odd", "odd"], ["even", "even"]]
            : [["haste", "haste"], ["counter", "+1/+1 counter (add it under Counters)"]]));
  return field(CHOICE_LABELS[choice], input);
}

function permCard(p) {
  const info = cardInfo.get(p.card) || {};
  const pt = p.power !== "" || p.toughness !== "" ? `${p.power}/${p.toughness}` : "";
  const typeLine = [p.supertypes.join(" "), p.types.join(" ")].filter(Boolean).join(" ")
    + (p.subtypes.length ? ` — ${p.subtypes.join(" ")}` : "");
  const update = (fn) => (ev) => { fn(ev.target); changed(); };
  const others = state.perms.filter((q) => q.id !== p.id);
  const kinds = abilityKinds(p.abilities);
  const warnings = [...p.warnings, ...choiceWarnings(p), ...copyWarnings(p)];
  const open = openCards.has(p.id) || !narrow.matches;
  const brief = [p.tapped ? "tapped" : "", p.sick ? "summoning sick" : "", p.counters ? `counters ${p.counters}` : "",
    p.attached ? `on ${label(p.attached)}` : "", ...kinds].filter(Boolean).join(" · ");
  const details = el("details", { class: "card-data", open: openData.has(p.id),
    ontoggle: (ev) => { if (ev.target.open) openData.add(p.id); else openData.delete(p.id); } },
    el("summary", {}, `Abilities (${safeCount(p.abilities)}) and card data`),
    el("div", { class: "grid2" },
      field("Types", el("input", { value: listText(p.types), "data-field": "types", onchange: update((t) => { p.types = parseList(t.value); }) })),
      field("Subtypes", el("input", { value: listText(p.subtypes), "data-field": "subtypes", onchange: update((t) => { p.subtypes = parseList(t.value); }) })),
      field("Colors", el("input", { value: listText(p.colors), "data-field": "colors", onchange: update((t) => { p.colors = parseList(t.value); }) })),
      field("Supertypes", el("input", { value: listText(p.supertypes), "data-field": "supertypes", onchange: update((t) => { p.supertypes = parseList(t.value); }) })),
      field("Power", el("input", { value: p.power, inputmode: "numeric", "data-field": "power", onchange: update((t) => { p.power = t.value.trim(); }) })),
      field("Toughness", el("input", { value: p.toughness, inputmode: "numeric", "data-field": "toughness", onchange: update((t) => { p.toughness = t.value.trim(); }) })),
    ),
    field("Abilities (JSON or YAML flow style; $self is this permanent, $attached what it is attached to)",
      el("textarea", { rows: 3, spellcheck: "false", "data-field": "abilities", onchange: update((t) => { p.abilities = t.value; }) }, p.abilities)),
    info.text ? el("blockquote", { class: "oracle" }, info.text) : null,
  );
  const body = el("div", { class: "perm-body", id: `perm-body-${p.id}` },
    el("div", { class: "type-line" }, typeLine || "—"),
    kinds.length ? el("div", { class: "kinds", "aria-label": "Compiled abilities" }, kinds.map((k) => el("span", { class: "kind" }, k))) : null,
    el("div", { class: "perm-grid" },
      field("id", el("input", { value: p.id, class: "id-input", "data-field": "id", spellcheck: "false", autocapitalize: "off", onchange: (ev) => {
        const id = ev.target.value.trim();
        if (!id || (id !== p.id && (perm(id) || players().includes(id)))) { ev.target.value = p.id; return; }
        if (openCards.delete(p.id)) openCards.add(id);
        if (openData.delete(p.id)) openData.add(id);
        renameId(p.id, id); p.id = id; changed();
      } })),
      field("Controller", el("select", { "data-field": "controller", onchange: update((t) => { p.controller = t.value; }) },
        players().map((q) => el("option", { value: q, selected: q === p.controller }, q)))),
      field("Counters", el("input", { value: p.counters, placeholder: "+1/+1: 2, flying", "data-field": "counters", onchange: update((t) => { p.counters = t.value; }) })),
      field("Attached to", el("select", { "data-field": "attached", onchange: update((t) => { p.attached = t.value; }) },
        el("option", { value: "" }, "—"), others.map((q) => el("option", { value: q.id, selected: q.id === p.attached }, label(q.id))))),
    ),
    p.copies ? el("div", { class: "perm-grid choices", "aria-label": "What it entered as a copy of" },
      field("Copy of (card name; “A; B”: a copy of an A that copied a B)", el("input", { value: p.copy_of || "", placeholder: "Serra Angel",
        "data-field": "copy_of", onchange: (ev) => setCopyOf(p, ev.target.value) }))) : null,
    (p.choices || []).length ? el("div", { class: "perm-grid choices", "aria-label": "Choices made as it entered" },
      p.choices.map((c) => choiceField(p, c, update))) : null,
    readsIdentity(p) ? el("div", { class: "perm-grid choices", "aria-label": "Its controller's commander" },
      field(IDENTITY_LABEL, el("input", { value: identityOf(p.controller), placeholder: "white, blue (or colorless)", "data-field": "commander-identity",
        onchange: update((t) => { state.identity = { ...(state.identity || {}), [p.controller]: t.value.trim() }; }) }))) : null,
    el("div", { class: "toggles" },
      el("label", { class: "check" }, el("input", { type: "checkbox", checked: p.tapped, "data-field": "tapped", onchange: update((t) => { p.tapped = t.checked; }) }), "Tapped"),
      el("label", { class: "check" }, el("input", { type: "checkbox", checked: p.sick, "data-field": "sick", onchange: update((t) => { p.sick = t.checked; }) }), "Summoning sick"),
    ),
    warnings.length ? el("ul", { class: "warnings", "aria-label": "Card text not compiled" },
      warnings.map((w) => el("li", {}, w))) : null,
    (info.notes || []).length ? el("ul", { class: "notes", "aria-label": "Text to give as an effect once used" },
      info.notes.map((n) => el("li", {}, n))) : null,
    details,
  );
  return el("article", { class: `perm${p.tapped ? " is-tapped" : ""}${open ? " open" : ""}`, "data-pid": p.id },
    el("div", { class: "perm-head" },
      el("button", { type: "button", class: "perm-toggle", "aria-expanded": String(open), "aria-controls": body.id,
        title: open ? "Show less" : "Show the card's fields", onclick: () => {
          if (!openCards.delete(p.id)) openCards.add(p.id);
          renderBattlefields();
          const again = document.querySelector(`article.perm[data-pid="${CSS.escape(p.id)}"] .perm-toggle`);
          if (again) again.focus();
        } },
      el("strong", { class: "perm-name" }, p.name),
      brief ? el("span", { class: "perm-brief" }, brief) : null,
      warnings.length ? el("span", { class: "warn-badge", title: "Card text not compiled" }, `⚠ ${warnings.length}`) : null),
      pt ? el("span", { class: "pt" }, pt) : null,
      el("button", { type: "button", class: "icon", title: `Remove ${p.name}`, "aria-label": `Remove ${p.name}`, onclick: () => { removePermanent(p.id); changed(); } }, "×")),
    body,
  );
}

function abilityKinds(text) {
  let list;
  try { list = parseLoose(text); } catch { return ["abilities: unreadable"]; }
  if (!Array.isArray(list)) return [];
  return list.map((a) => (a && a.kind === "grant" && a.ability ? `grants ${a.ability.kind}` : a && a.kind))
    .filter((k) => typeof k === "string").map((k) => k.replace(/_/g, " "));
}

function safeCount(text) {
  try { return parseLoose(text).length; } catch { return "?"; }
}

function field(name, control) {
  return el("label", { class: "field" }, el("span", {}, name), control);
}

/* ---------- effects ---------- */

function addEffect(preset) {
  const mine = state.perms.filter((p) => isCreature(p) && attackingSide(p.controller));
  const attacker = Object.keys(state.combat)[0] || (mine[0] && mine[0].id) || "";
  const source = { provoke: `${attacker ? label(attacker) : "Provoke"} (provoke)`, lure: "Lure effect", cant_block: "Can't block this turn", must_attack: "Must attack this turn", custom: "Effect" }[preset];
  const ability = {
    provoke: { kind: "must_block", attacker }, lure: { kind: "lure" }, cant_block: { kind: "cant_block" },
    must_attack: { kind: "must_attack" }, custom: { kind: "flying" },
  }[preset];
  state.effects.push({ source, controller: state.active, to: [], ability: JSON.stringify(ability) });
  changed();
}

function renderEffects() {
  const root = $("#effects");
  root.replaceChildren();
  state.effects.forEach((e, i) => {
    const update = (fn) => (ev) => { fn(ev.target); changed(); };
    root.append(el("article", { class: "effect", "data-effect": i },
      el("div", { class: "perm-head" },
        el("input", { class: "effect-source", value: e.source, "aria-label": "Source", onchange: update((t) => { e.source = t.value; }) }),
        el("button", { type: "button", class: "icon", "aria-label": "Remove effect", onclick: () => { state.effects.splice(i, 1); changed(); } }, "×")),
      el("div", { class: "perm-fields" },
        field("Controller", el("select", { onchange: update((t) => { e.controller = t.value; }) },
          players().map((q) => el("option", { value: q, selected: q === e.controller }, q)))),
        field("Ability (JSON or YAML)", el("input", { class: "mono", value: e.ability, "data-field": "effect-ability", spellcheck: "false", onchange: update((t) => { e.ability = t.value; }) })),
      ),
      e.filter ? field("Applies to (filter, JSON or YAML)", el("input", { class: "mono", value: e.filter, spellcheck: "false", onchange: update((t) => { e.filter = t.value.trim(); }) })) : null,
      e.filter ? null : el("div", { class: "applies" }, el("span", { class: "applies-label" }, "Applies to"),
        state.perms.filter(isCreature).map((p) => el("label", { class: "chip check" },
          el("input", { type: "checkbox", value: p.id, checked: e.to.includes(p.id), "data-applies": p.id, onchange: update((t) => {
            e.to = t.checked ? [...e.to, p.id] : e.to.filter((x) => x !== p.id);
          }) }), label(p.id)))),
    ));
  });
}

/* ---------- declaration by clicking ---------- */

function targetsFor() {
  const opp = players().filter((q) => !attackingSide(q));
  const walkers = state.perms.filter((p) => (p.types.includes("planeswalker") || p.types.includes("battle")) && !attackingSide(p.controller));
  return [...opp.map((id) => ({ id, text: id, kind: "player" })), ...walkers.map((p) => ({ id: p.id, text: label(p.id), kind: "permanent" }))];
}

function renderDeclaration() {
  for (const b of document.querySelectorAll(".steps button")) b.setAttribute("aria-selected", b.dataset.step === state.step);
  const root = $("#declaration");
  root.replaceChildren();
  const attackers = state.perms.filter((p) => isCreature(p) && attackingSide(p.controller));
  const targets = targetsFor();
  const attackRole = state.step === "attack" ? "attacker" : "combat";
  const attackMap = state.step === "attack" ? state.attacks : state.combat;
  root.append(el("h3", { class: "sub" }, state.step === "attack" ? "Attackers: click a creature, then what it attacks" : "The attack already declared"));
  root.append(chipRow(attackers, attackRole, (p) => attackMap[p.id] ? `→ ${label(attackMap[p.id])}` : ""));
  if (selected && selected.role === attackRole) {
    root.append(el("div", { class: "targets" }, el("span", { class: "hint" }, `${label(selected.id)} attacks:`),
      targets.map((t) => el("button", { type: "button", class: `chip target${attackMap[selected.id] === t.id ? " on" : ""}`, "data-target": t.id,
        onclick: () => { toggleAttack(attackMap, selected.id, t.id); } }, t.text)),
      el("button", { type: "button", class: "chip quiet", onclick: () => { delete attackMap[selected.id]; selected = null; changed(); } }, "doesn't attack")));
  }
  if (state.step === "block") {
    const blockers = state.perms.filter((p) => isCreature(p) && !attackingSide(p.controller));
    root.append(el("h3", { class: "sub" }, "Blockers: click a creature, then the attackers it blocks"));
    root.append(chipRow(blockers, "blocker", (p) => (state.blocks[p.id] || []).length ? `→ ${state.blocks[p.id].map(label).join(", ")}` : ""));
    if (selected && selected.role === "blocker") {
      const chosen = state.blocks[selected.id] || [];
      root.append(el("div", { class: "targets" }, el("span", { class: "hint" }, `${label(selected.id)} blocks:`),
        Object.keys(state.combat).map((a) => el("button", { type: "button", class: `chip target${chosen.includes(a) ? " on" : ""}`, "data-target": a,
          onclick: () => { toggleBlock(selected.id, a); } }, label(a))),
        Object.keys(state.combat).length ? null : el("span", { class: "hint" }, "no attacking creatures yet")));
    }
  }
  root.append(el("p", { class: "summary", id: "declaration-summary" }, describeDeclaration()));
}

function chipRow(perms, role, suffix) {
  if (!perms.length) return el("p", { class: "empty" }, "No creatures.");
  return el("div", { class: "chips" }, perms.map((p) => {
    const on = selected && selected.role === role && selected.id === p.id;
    const s = suffix(p);
    return el("button", { type: "button", class: `chip${on ? " selected" : ""}${s ? " paired" : ""}${p.tapped ? " tapped" : ""}`, "data-role": role, "data-pid": p.id,
      onclick: () => { selected = on ? null : { role, id: p.id }; renderDeclaration(); } },
    el("span", {}, label(p.id)), s ? el("span", { class: "pair" }, s) : null);
  }));
}

function toggleAttack(map, attacker, target) {
  if (map[attacker] === target) delete map[attacker]; else map[attacker] = target;
  if (map === state.combat) {
    for (const k of Object.keys(state.blocks)) state.blocks[k] = state.blocks[k].filter((a) => a in state.combat);
  }
  selected = null;
  changed();
}

function toggleBlock(blocker, attacker) {
  const list = state.blocks[blocker] || [];
  state.blocks[blocker] = list.includes(attacker) ? list.filter((a) => a !== attacker) : [...list, attacker];
  if (!state.blocks[blocker].length) delete state.blocks[blocker];
  changed();
}

function describeDeclaration() {
  if (state.step === "attack") {
    const parts = Object.entries(state.attacks).map(([a, t]) => `${label(a)} attacks ${label(t)}`);
    return parts.length ? parts.join("; ") : "No attack.";
  }
  const parts = Object.entries(state.blocks).filter(([, as]) => as.length).map(([b, as]) => `${label(b)} blocks ${as.map(label).join(" and ")}`);
  return parts.length ? parts.join("; ") : "No blocks.";
}

/* Puts a declaration the server found (Solve, a witness, an example) in place of the judge's,
   which Undo brings back. */
function applyDeclaration(d) {
  undo = { step: state.step, attacks: { ...state.attacks }, blocks: copyBlocks(state.blocks), summary: describeDeclaration() };
  if (d.kind === "attack") state.attacks = { ...d.attacks };
  else state.blocks = copyBlocks(d.blocks);
  selected = null;
  changed();
}
function copyBlocks(blocks) { return Object.fromEntries(Object.entries(blocks).map(([b, as]) => [b, [...as]])); }

function undoDeclaration() {
  if (!undo) return;
  state.step = undo.step;
  state.attacks = undo.attacks;
  state.blocks = undo.blocks;
  undo = null;
  selected = null;
  lastVerdict = null;
  changed();
  $("#verdict").replaceChildren(el("p", { class: "verdict-kind" }, "Undone"),
    el("div", { class: "headline status-answer", "data-status": "restored" }, `Your declaration is back: ${describeDeclaration()}`),
    el("p", { class: "note" }, "Check it to see its verdict."));
  setBar("answer", "Undone", `your declaration is back: ${describeDeclaration()}`);
  $("#check").focus();
}

/* A new board or step: no verdict, nothing to undo. */
function clearVerdict() {
  lastVerdict = null;
  undo = null;
  $("#verdict").replaceChildren();
  $("#bar-verdict").hidden = true;
  $("#bar-verdict").replaceChildren();
}
function renderUndo() {
  $("#undo").hidden = !undo;
  $("#undo").title = undo ? `Back to your declaration: ${undo.summary}` : "";
}

/* ---------- why-not questions ---------- */

function questions() {
  const out = [];
  const creatures = state.perms.filter(isCreature);
  if (state.step === "block") {
    out.push(["why is no block illegal", "Why is no block illegal?"]);
    for (const b of creatures.filter((p) => !attackingSide(p.controller))) {
      out.push([`why must ${b.id} block`, `Why must ${label(b.id)} block?`]);
      for (const a of Object.keys(state.combat)) out.push([`why can't ${b.id} block ${a}`, `Why can't ${label(b.id)} block ${label(a)}?`]);
    }
  } else {
    out.push(["why is no attack illegal", "Why is no attack illegal?"]);
    for (const a of creatures.filter((p) => attackingSide(p.controller))) {
      out.push([`why must ${a.id} attack`, `Why must ${label(a.id)} attack?`]);
      out.push([`why can't ${a.id} attack`, `Why can't ${label(a.id)} attack?`]);
      for (const t of targetsFor()) out.push([`why can't ${a.id} attack ${t.id}`, `Why can't ${label(a.id)} attack ${t.text}?`]);
    }
  }
  return out;
}

function renderQuestions() {
  const sel = $("#why-question");
  const previous = sel.value;
  sel.replaceChildren(...questions().map(([v, t]) => el("option", { value: v, selected: v === previous }, t)));
}

/* ---------- verdict panel ---------- */

function linkRules(text) {
  return escapeHtml(text).replace(/\b(\d{3}\.\d+[a-z]?)(?![\d.]*\d)/g, (m) => ruleText(m)
    ? `<span class="rule" tabindex="0" data-rule="${m}">${m}</span>` : m);
}
function ruleText(n) { return rules[n] || rules[n.replace(/[a-z]$/, "")] || ""; }

function showBusy(what) {
  $("#verdict").replaceChildren(el("p", { class: "busy" }, `${what}…`));
  setBar("busy", `${what}…`, "");
}

/* The verdict's headline in the action bar (the page's bottom bar on a phone): tapping it shows
   the whole verdict. */
function setBar(status, caption, text) {
  const bar = $("#bar-verdict");
  bar.replaceChildren(el("span", { class: `pill status-${status}` }, caption), text ? el("span", { class: "bar-text" }, text) : null);
  bar.dataset.status = status;
  bar.hidden = false;
}

/* The verdict on a narrow screen: scrolled to when it is out of sight (the action bar stays). */
function revealVerdict() {
  if (!narrow.matches) return;
  const v = $("#verdict");
  const top = v.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight - $("#action-bar").offsetHeight - 80) v.scrollIntoView({ block: "start" });
}

/* ---------- bad input, in words, at the card and field it is about ---------- */

const FIELD_WORDS = {
  power: "power", toughness: "toughness", controller: "controller", types: "types", subtypes: "subtypes",
  supertypes: "supertypes", colors: "colors", tapped: "tapped", summoning_sick: "summoning sick", id: "id",
  name: "name", protector: "protector", abilities: "abilities", attached_to: "attached to",
};
const PAGE_FIELD = { summoning_sick: "sick", abilities: "abilities", power: "power", toughness: "toughness",
  controller: "controller", types: "types", subtypes: "subtypes", supertypes: "supertypes", colors: "colors", id: "id", tapped: "tapped" };

function words(key) { return FIELD_WORDS[key] || String(key).replace(/_/g, " "); }

/* An API error's location (["board", "permanents", 1, "power"]) as the page names it. */
function where(loc) {
  const [top, ...rest] = loc;
  const sent = lastBoard || {};
  if (top === "board") {
    const [part, i, key, ...more] = rest;
    if (part === "permanents" && sent.permanents && sent.permanents[i]) {
      const sentPerm = sent.permanents[i];
      const pid = sentPerm.id;
      let text = perm(pid) ? label(pid) : sentPerm.name || pid;
      if (key === "abilities" && typeof more[0] === "number") {
        const a = (sentPerm.abilities || [])[more[0]] || {};
        text += `, ability ${more[0] + 1}${a.kind ? ` (${String(a.kind).replace(/_/g, " ")})` : ""}`;
        const inner = more.slice(1).filter((m) => typeof m === "string");
        if (inner.length) text += `, ${inner.map(words).join(" ")}`;
      } else if (key !== undefined) text += `, ${words(key)}`;
      return { text, pid, field: PAGE_FIELD[key] };
    }
    if (part === "effects" && state.effects[i]) {
      const detail = key === "to" ? ", applies to" : key === "ability" ? `, ability${more.length ? " " + more.filter((m) => typeof m === "string").map(words).join(" ") : ""}` : key ? `, ${words(key)}` : "";
      return { text: `Effect ${i + 1} (${state.effects[i].source})${detail}`, effect: i, field: "effect-ability" };
    }
    if (part === "combat") {
      const id = key;
      return { text: `The attack already declared${id !== undefined ? `: ${perm(id) ? label(id) : id}` : ""}` };
    }
    if (part === "players") return { text: "Players" };
    if (part === "active_player") return { text: "Active player" };
    return { text: part === undefined ? "The board" : `The board, ${words(part)}` };
  }
  if (top === "declaration") {
    const [part, id] = rest;
    const verb = part === "blocks" ? "blocks" : part === "attacks" ? "attacks" : "";
    return { text: id !== undefined ? `Your declaration: ${perm(id) ? label(id) : id}${verb ? ` ${verb}` : ""}` : "Your declaration" };
  }
  if (top === "question") return { text: "The why-not question" };
  return { text: loc.length ? loc.join(" ") : "The request" };
}

/* Opens the card (or effect) and puts the cursor in the field the error is about. */
function goTo(w) {
  let control = null;
  if (w.pid && perm(w.pid)) {
    openCards.add(w.pid);
    renderBattlefields();
    const card = document.querySelector(`article.perm[data-pid="${CSS.escape(w.pid)}"]`);
    control = w.field ? card.querySelector(`[data-field="${w.field}"]`) : card.querySelector(".perm-toggle");
    const details = control && control.closest("details");
    if (details) details.open = true;
    if (!control) control = card.querySelector(".perm-toggle");
  } else if (w.effect !== undefined) {
    control = document.querySelector(`article.effect[data-effect="${w.effect}"] [data-field="${w.field || "effect-ability"}"]`);
  }
  if (!control) return;
  control.setAttribute("aria-invalid", "true");
  control.scrollIntoView({ block: "center" });
  control.focus();
}

function showErrors(e) {
  const root = $("#verdict");
  let items;
  let title;
  if (e.detail) {
    title = "Bad input";
    items = e.detail.map((d) => ({ ...where(d.loc || []), msg: d.msg }));
  } else if (e instanceof BoardError) {
    title = "Fix the board";
    items = [{ text: e.message, pid: e.pid, effect: e.effect, field: e.field }];
  } else {
    root.replaceChildren(el("div", { class: "headline status-error", "data-status": "error" }, "Error"), el("p", {}, e.message));
    setBar("error", "Error", e.message);
    revealVerdict();
    return;
  }
  const sentence = (it) => (it.msg ? `${it.text}: ${it.msg}` : it.text);
  root.replaceChildren(el("div", { class: "headline status-error", "data-status": "error" }, title),
    el("ul", { class: "errors" }, items.map((it) => el("li", {}, el("span", { class: "error-text" }, sentence(it)),
      it.pid || it.effect !== undefined ? el("button", { type: "button", class: "quiet go-to", onclick: () => goTo(it) }, "Show") : null))));
  for (const it of items) {
    const card = it.pid ? document.querySelector(`article.perm[data-pid="${CSS.escape(it.pid)}"]`) : null;
    const control = card && it.field ? card.querySelector(`[data-field="${it.field}"]`) : null;
    if (control) control.setAttribute("aria-invalid", "true");
  }
  setBar("error", title, sentence(items[0]));
  revealVerdict();
}

/* verb: "check", "solve" or "why"; question: the why-not question as the page words it. */
async function showRendered(boardData, payload, { extra = null, verb = "check", question = "" } = {}) {
  const r = await api("/render", { board: boardData, ...payload });
  const root = $("#verdict");
  const status = payload.verdict ? payload.verdict.status : "answer";
  let headline = r.headline;
  let text = r.text;
  let caption;
  if (verb === "solve") {
    headline = headline.replace(/^LEGAL: /, "Optimal declaration (solved): ");
    caption = "Solve: an optimal declaration";
  } else if (verb === "why") {
    const lines = headline.split("\n");
    if (question && payload.answer && lines[0] === payload.answer.question) headline = [question, ...lines.slice(1)].join("\n");
    if (question && payload.answer) text = text.replace(`Q: ${payload.answer.question}`, `Q: ${question}`);
    caption = "Why?";
  } else {
    caption = `Check: ${status}`;
  }
  const head = el("div", { class: `headline status-${status}`, "data-status": status, "data-verb": verb });
  head.innerHTML = linkRules(headline).replace(/\n/g, "<br>");
  const parts = [el("p", { class: "verdict-kind", "data-verb": verb }, caption), head];
  if (verb === "solve" && undo) {
    parts.push(el("p", { class: "replaced" }, `Replaced your declaration (${undo.summary}). `,
      el("button", { type: "button", class: "quiet", id: "undo-solve", onclick: undoDeclaration }, "Undo")));
  }
  for (const s of r.sections) {
    const h = el("h4");
    h.innerHTML = linkRules(s.title);
    parts.push(h);
    if (s.items.length) {
      parts.push(el("ul", {}, s.items.map((item) => {
        const m = item.match(/^(?:(.+?): )?\[( |x)\] (.*)$/);
        const li = el("li", { class: m ? `req ${m[2] === "x" ? "obeyed" : "broken"}` : item.startsWith("+ ") ? "plus" : item.startsWith("- ") ? "minus" : "" });
        const body = /^[+-] /.test(item) ? item.slice(2) : item;
        li.innerHTML = m ? `<span class="box">${m[2] === "x" ? "✓" : ""}</span>${linkRules((m[1] ? m[1] + ": " : "") + m[3])}` : linkRules(body);
        return li;
      })));
    }
  }
  if (extra) parts.push(extra);
  parts.push(el("details", { class: "raw" }, el("summary", {}, "As text (the command line's output)"), el("pre", {}, text)));
  root.replaceChildren(...parts);
  const short = headline.split("\n")[verb === "why" ? 1 : 0] || headline;
  setBar(status, verb === "solve" ? "Solved" : verb === "why" ? "Why?" : `Check: ${status}`,
    verb === "why" ? short : short.replace(/^(?:LEGAL|ILLEGAL|UNDETERMINED|Optimal declaration \(solved\)): /, ""));
  revealVerdict();
}

function sendBoard() {
  lastBoard = board();
  return lastBoard;
}

async function runCheck() {
  let b;
  try { b = sendBoard(); } catch (e) { showErrors(e); return; }
  showBusy("Checking");
  try {
    const verdict = await api("/check", { board: b, declaration: declaration() });
    lastVerdict = verdict;
    lastVerb = "check";
    const extra = verdict.witness
      ? el("button", { type: "button", class: "primary", id: "use-witness", onclick: () => applyDeclaration(verdict.witness) }, "Use this declaration")
      : null;
    await showRendered(b, { verdict }, { extra });
  } catch (e) { showErrors(e); }
  drawPicture();
}

async function runSolve() {
  let b;
  try { b = sendBoard(); } catch (e) { showErrors(e); return; }
  showBusy("Solving");
  try {
    const r = await api("/solve", { board: b });
    if (r.status === "optimal") {
      applyDeclaration(r.declaration);
      lastVerdict = r.verdict;
      lastVerb = "solve";
      await showRendered(b, { verdict: r.verdict }, { verb: "solve" });
    } else if (r.status === "impossible") {
      await showRendered(b, { answer: r.why }, { verb: "why" });
    } else {
      $("#verdict").replaceChildren(el("div", { class: "headline status-undetermined", "data-status": "undetermined" }, "UNDETERMINED"), el("p", {}, r.message));
      setBar("undetermined", "Undetermined", r.message);
      revealVerdict();
    }
  } catch (e) { showErrors(e); }
  drawPicture();
}

async function runWhy() {
  let b;
  try { b = sendBoard(); } catch (e) { showErrors(e); return; }
  const select = $("#why-question");
  const question = select.value;
  if (!question) return;
  const asked = select.selectedOptions[0] ? select.selectedOptions[0].textContent : question;
  showBusy("Thinking");
  try {
    const r = await api("/explain", { board: b, question });
    if (r.status !== "answered") {
      $("#verdict").replaceChildren(el("div", { class: "headline status-undetermined", "data-status": "undetermined" }, "UNDETERMINED"), el("p", {}, r.message));
      setBar("undetermined", "Undetermined", r.message);
      revealVerdict();
      return;
    }
    const extra = r.answer.example
      ? el("button", { type: "button", id: "use-example", onclick: () => applyDeclaration(r.answer.example) }, "Show the example declaration")
      : null;
    await showRendered(b, { answer: r.answer }, { extra, verb: "why", question: asked });
  } catch (e) { showErrors(e); }
}

/* rule text on hover, focus or tap */
function showTip(target) {
  const tip = $("#rule-tip");
  const n = target.dataset.rule;
  tip.replaceChildren(el("strong", {}, n), " ", ...ruleText(n).split("\n").flatMap((line, i) => (i ? [el("br"), line] : [line])));
  tip.hidden = false;
  const r = target.getBoundingClientRect();
  const width = Math.min(420, window.innerWidth - 16);
  tip.style.width = `${width}px`;
  tip.style.left = `${Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + window.innerWidth - width - 8))}px`;
  tip.style.top = `${r.bottom + window.scrollY + 6}px`;
}
function hideTip() { $("#rule-tip").hidden = true; }

/* ---------- the picture ---------- */

const SVG_NS = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function wrap(name, width) {
  const words = name.split(" ");
  const lines = [""];
  for (const w of words) {
    const cur = lines[lines.length - 1];
    if ((cur + " " + w).trim().length > width && cur) lines.push(w); else lines[lines.length - 1] = (cur + " " + w).trim();
  }
  if (lines.length > 3) { lines.length = 3; lines[2] = lines[2].slice(0, width - 1) + "…"; }
  return lines;
}

function drawPicture() {
  const W = 84, H = 112, GAP = 22, SLOT = H + GAP;
  const attackMap = state.step === "attack" ? state.attacks : state.combat;
  const blockMap = state.step === "block" ? state.blocks : {};
  // The row of what can be attacked: every defending player, and the planeswalkers and battles
  // something attacks (the others aren't drawn, so the row stays narrow).
  const attacked = new Set(Object.values(attackMap));
  const targets = targetsFor().filter((t) => t.kind === "player" || attacked.has(t.id));
  const attackSide = state.perms.filter((p) => isCreature(p) && attackingSide(p.controller));
  const defendSide = state.perms.filter((p) => isCreature(p) && !attackingSide(p.controller));
  const width = Math.max(400, Math.max(attackSide.length, defendSide.length, targets.length) * SLOT + GAP);
  const rowY = { targets: 44, attack: 150, block: 330 };
  const height = 480;
  const pos = new Map();
  const place = (items, y) => {
    const total = items.length * SLOT - GAP;
    let x = (width - total) / 2;
    for (const it of items) { pos.set(it.id, { x: x + W / 2, y: y + H / 2 }); x += SLOT; }
  };
  place(attackSide, rowY.attack);
  place(defendSide, rowY.block);
  const tw = Math.min(130, (width - GAP) / Math.max(1, targets.length) - GAP);
  let tx = (width - (targets.length * (tw + GAP) - GAP)) / 2;
  const targetNodes = targets.map((t) => {
    const node = svg("g", { class: "target" },
      svg("rect", { x: tx, y: rowY.targets, width: tw, height: 40, rx: 20, fill: t.kind === "player" ? "#eef2f7" : "#f3eefb", stroke: "#94a3b8" }),
      svg("text", { x: tx + tw / 2, y: rowY.targets + 25, "text-anchor": "middle", "font-size": 13, "font-weight": 600, fill: "#1e293b" }, t.text.length > 16 ? t.text.slice(0, 15) + "…" : t.text));
    pos.set(`target:${t.id}`, { x: tx + tw / 2, y: rowY.targets + 20, target: true });
    tx += tw + GAP;
    return node;
  });
  const cardNode = (p, role) => {
    const c = pos.get(p.id);
    const active = role === "attack" ? p.id in attackMap : (blockMap[p.id] || []).length > 0;
    const stroke = active ? (role === "attack" ? "#dc2626" : "#2563eb") : "#94a3b8";
    const g = svg("g", { class: `creature${p.tapped ? " tapped" : ""}`, "data-pid": p.id, opacity: active ? 1 : 0.72,
      transform: p.tapped ? `rotate(90 ${c.x} ${c.y})` : null },
    svg("rect", { x: c.x - W / 2, y: c.y - H / 2, width: W, height: H, rx: 8, fill: active ? "#ffffff" : "#f8fafc", stroke, "stroke-width": active ? 2.5 : 1.2 }),
    wrap(p.name, 11).map((line, i) => svg("text", { x: c.x, y: c.y - H / 2 + 20 + i * 15, "text-anchor": "middle", "font-size": 12, "font-weight": 600, fill: "#0f172a" }, line)),
    svg("text", { x: c.x, y: c.y + H / 2 - 26, "text-anchor": "middle", "font-size": 10, fill: "#64748b" }, p.controller + (p.tapped ? " · tapped" : "")),
    svg("text", { x: c.x + W / 2 - 8, y: c.y + H / 2 - 9, "text-anchor": "end", "font-size": 13, "font-weight": 700, fill: "#0f172a" },
      `${toPermanentSafe(p).power ?? ""}/${toPermanentSafe(p).toughness ?? ""}`));
    return g;
  };
  const half = (p) => (p && p.tapped ? W / 2 : H / 2);
  const arrows = [];
  const attackersOf = {};
  for (const [a, t] of Object.entries(attackMap)) (attackersOf[t] = attackersOf[t] || []).push(a);
  for (const [a, t] of Object.entries(attackMap)) {
    const from = pos.get(a), to = pos.get(`target:${t}`);
    const k = attackersOf[t].indexOf(a), n = attackersOf[t].length;
    const dx = (k - (n - 1) / 2) * Math.min(18, (tw - 20) / Math.max(1, n - 1));
    if (from && to) arrows.push(arrow(from.x, from.y - half(perm(a)), to.x + dx, to.y + 22, "#dc2626", "attack"));
  }
  const blockersOn = {};
  for (const [b, as] of Object.entries(blockMap)) for (const a of as) (blockersOn[a] = blockersOn[a] || []).push(b);
  for (const [b, as] of Object.entries(blockMap)) {
    for (const a of as) {
      const from = pos.get(b), to = pos.get(a);
      if (!from || !to) continue;
      const k = blockersOn[a].indexOf(b), n = blockersOn[a].length;
      const dx = (k - (n - 1) / 2) * 16;
      arrows.push(arrow(from.x, from.y - half(perm(b)), to.x + dx, to.y + half(perm(a)) + 4, "#2563eb", "block"));
    }
  }
  const title = state.step === "attack" ? "Declare attackers" : "Declare blockers";
  const status = lastVerdict ? ` · ${lastVerb === "solve" ? "SOLVED" : lastVerdict.status.toUpperCase()}` : "";
  const picture = svg("svg", { xmlns: SVG_NS, viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": `Combat picture: ${describeDeclaration()}`, "font-family": "system-ui, -apple-system, Segoe UI, Roboto, sans-serif" },
    svg("defs", {}, ["attack", "block"].map((k) => svg("marker", { id: `head-${k}`, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
      svg("path", { d: "M0,0 L10,5 L0,10 z", fill: k === "attack" ? "#dc2626" : "#2563eb" })))),
    svg("rect", { x: 0, y: 0, width, height, fill: "#ffffff" }),
    svg("text", { x: 12, y: 22, "font-size": 13, "font-weight": 700, fill: "#334155" }, title + status),
    svg("text", { x: 12, y: rowY.attack - 10, "font-size": 11, fill: "#64748b" }, "attacking side"),
    svg("text", { x: 12, y: rowY.block - 10, "font-size": 11, fill: "#64748b" }, "defending side"),
    svg("g", { class: "legend", "font-size": 11, fill: "#475569" },
      svg("line", { x1: 12, y1: height - 16, x2: 36, y2: height - 16, stroke: "#dc2626", "stroke-width": 2.5 }),
      svg("text", { x: 42, y: height - 12 }, "attacks"),
      svg("line", { x1: 96, y1: height - 16, x2: 120, y2: height - 16, stroke: "#2563eb", "stroke-width": 2.5 }),
      svg("text", { x: 126, y: height - 12 }, "blocks"),
      svg("text", { x: 176, y: height - 12 }, "tapped creatures are turned sideways")),
    targetNodes, attackSide.map((p) => cardNode(p, "attack")), defendSide.map((p) => cardNode(p, "block")), arrows);
  $("#picture").replaceChildren(picture);
}

function toPermanentSafe(p) {
  try { return toPermanent(p); } catch { return { power: p.power, toughness: p.toughness }; }
}

function arrow(x1, y1, x2, y2, color, kind) {
  return svg("line", { x1, y1, x2, y2, stroke: color, "stroke-width": 2.5, "marker-end": `url(#head-${kind})`, class: `arrow ${kind}` });
}

/* ---------- YAML and the share link ---------- */

const PLAIN = /^[A-Za-z_$][\w .'$/+-]*$/;
const RESERVED = /^(?:y|n|yes|no|on|off|true|false|null|~)$/i;
function scalar(v) {
  if (typeof v === "string") return PLAIN.test(v) && !RESERVED.test(v) && !/[ ]$|: | #/.test(v) ? v : JSON.stringify(v);
  if (v === null) return "null";
  return String(v);
}
function flow(v) {
  if (Array.isArray(v)) return `[${v.map(flow).join(", ")}]`;
  if (v && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${scalar(k)}: ${flow(x)}`).join(", ")}}`;
  return scalar(v);
}
function toYaml(scenario) {
  const lines = ["# combat-solver scenario from the judges' page; check it with: combat-solver check FILE", "board:"];
  for (const [k, v] of Object.entries(scenario.board)) {
    if (Array.isArray(v) && ["permanents", "effects"].includes(k)) {
      lines.push(`  ${k}:`);
      for (const item of v) lines.push(`    - ${flow(item)}`);
    } else lines.push(`  ${k}: ${flow(v)}`);
  }
  lines.push(`declaration: ${flow(scenario.declaration)}`);
  return lines.join("\n") + "\n";
}

function download(name, type, text) {
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

function b64url(bytes) {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromB64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}
async function encodeState() {
  const stream = new Blob([JSON.stringify({ v: 1, ...state })]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return b64url(await new Response(stream).arrayBuffer());
}
async function decodeState(text) {
  const stream = new Blob([fromB64url(text)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const loaded = JSON.parse(await new Response(stream).text());
  delete loaded.v;
  return { ...emptyState(), ...loaded };
}

let hashTimer = null;
function saveToUrl() {
  clearTimeout(hashTimer);
  hashTimer = setTimeout(async () => {
    const encoded = await encodeState();
    history.replaceState(null, "", `#b=${encoded}`);
    document.body.dataset.saved = encoded.length;
  }, 120);
}

function madeChoices(given) {
  const chosen = Object.fromEntries(Object.entries(given || {}).filter(([, v]) => v));
  return { choices: Object.keys(chosen), chosen };
}

/* A scenario file read by the server, as the page's state: fields as written (counters and
   attachments are already in the abilities and power/toughness the file gives). */
function stateFromScenario(scenario) {
  const b = scenario.board;
  const ids = b.players.map((p) => p.id);
  if (ids.length > 4) throw new BoardError("the page shows at most 4 players");
  const byTeam = b.shared_team_turns ? [...ids].sort((x, y) => String(teamOfIn(b, x)).localeCompare(String(teamOfIn(b, y)))) : ids;
  const next = { ...emptyState(), names: [...byTeam, ...PLAYER_IDS.filter((p) => !byTeam.includes(p))].slice(0, 4),
    players: Math.max(2, ids.length), twoHeaded: !!b.shared_team_turns, active: b.active_player };
  next.perms = b.permanents.map((p) => ({
    id: p.id, card: p.card || p.name, name: p.name, controller: p.controller,
    types: p.types, subtypes: p.subtypes || [], supertypes: p.supertypes || [], colors: p.colors || [],
    power: p.power ?? "", toughness: p.toughness ?? "", tapped: !!p.tapped, sick: !!p.summoning_sick,
    counters: "", attached: "", protector: p.protector || null,
    abilities: JSON.stringify(p.abilities || []), warnings: p.card_warnings || [], custom: false,
    ...madeChoices(p.chosen),
    copies: p.copy_of !== undefined && p.copy_of !== null, copy_of: [].concat(p.copy_of ?? []).join("; "),
  }));
  next.effects = (b.effects || []).map((e) => {
    const onlyIds = e.to && Object.keys(e.to).every((k) => k === "ids");
    return { source: e.source, controller: e.controller || "", to: onlyIds ? [...(e.to.ids || [])] : [],
      filter: e.to && !onlyIds ? JSON.stringify(e.to) : "", ability: JSON.stringify(e.ability) };
  });
  next.identity = Object.fromEntries(b.players.filter((p) => Array.isArray(p.commander_identity))
    .map((p) => [p.id, p.commander_identity.length ? p.commander_identity.join(", ") : "colorless"]));
  next.combat = b.combat ? { ...b.combat.attackers } : {};
  next.step = b.combat ? "block" : "attack";
  const d = scenario.declaration;
  if (d && d.kind === "attack") next.attacks = { ...d.attacks };
  if (d && d.kind === "block") next.blocks = Object.fromEntries(Object.entries(d.blocks).map(([k, v]) => [k, [...v]]));
  return next;
}
function teamOfIn(b, id) { return (b.players.find((p) => p.id === id) || {}).team || id; }

async function openScenario(file) {
  try {
    const scenario = await api("/scenario", { text: await file.text() });
    state = stateFromScenario(scenario);
    selected = null;
    clearVerdict();
    changed();
    loadCardInfo();
  } catch (e) { showErrors(e); }
}

/* ---------- wiring ---------- */

function renderPlayers() {
  $("#player-count").value = String(state.twoHeaded ? 4 : state.players);
  $("#player-count").disabled = state.twoHeaded;
  $("#two-headed").checked = state.twoHeaded;
  for (const sel of [$("#active-player"), $("#card-controller")]) {
    const previous = sel.value;
    sel.replaceChildren(...players().map((p) => el("option", { value: p }, p)));
    if (players().includes(previous)) sel.value = previous;
  }
  $("#active-player").value = state.active;
}

function changed() {
  if (!players().includes(state.active)) state.active = players()[0];
  for (const p of state.perms) if (!players().includes(p.controller)) p.controller = state.active;
  renderPlayers();
  renderBattlefields();
  renderEffects();
  renderDeclaration();
  renderQuestions();
  renderUndo();
  drawPicture();
  saveToUrl();
}

function wire() {
  narrow.addEventListener("change", () => renderBattlefields());
  $("#player-count").addEventListener("change", (e) => { state.players = Number(e.target.value); changed(); });
  $("#two-headed").addEventListener("change", (e) => { state.twoHeaded = e.target.checked; changed(); });
  $("#active-player").addEventListener("change", (e) => { state.active = e.target.value; state.combat = {}; state.attacks = {}; state.blocks = {}; selected = null; changed(); });
  $("#add-card").addEventListener("submit", (e) => {
    e.preventDefault();
    submitName($("#card-name").value);
  });
  $("#card-name").addEventListener("input", (e) => {
    hideDidYouMean();
    clearTimeout(searchTimer);
    const q = e.target.value.trim();
    const seq = ++searchSeq;
    if (q.length < 2) { closeSuggestions(); return; }
    searchTimer = setTimeout(async () => {
      const names = await searchNames(q, 10).catch(() => []);
      if (seq === searchSeq) showSuggestions(names);
    }, 120);
  });
  $("#card-name").addEventListener("keydown", (e) => {
    const open = !$("#card-names").hidden;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!open) return;
      e.preventDefault();
      highlightName(activeName < 0 && e.key === "ArrowUp" ? -1 : activeName + (e.key === "ArrowDown" ? 1 : -1));
    } else if (e.key === "Enter" && open && activeName >= 0) {
      e.preventDefault();
      submitName($("#card-names").children[activeName].dataset.name);
    } else if (e.key === "Escape") {
      closeSuggestions();
    }
  });
  $("#card-name").addEventListener("blur", () => setTimeout(() => {
    if (document.activeElement !== $("#card-name")) closeSuggestions();
  }, 150));
  $("#add-effect").addEventListener("click", () => addEffect($("#effect-preset").value));
  for (const b of document.querySelectorAll(".steps button")) {
    b.addEventListener("click", () => { state.step = b.dataset.step; selected = null; clearVerdict(); changed(); });
  }
  $("#check").addEventListener("click", runCheck);
  $("#solve").addEventListener("click", runSolve);
  $("#why").addEventListener("click", runWhy);
  $("#undo").addEventListener("click", undoDeclaration);
  $("#bar-verdict").addEventListener("click", () => $("#verdict").scrollIntoView({ block: "start" }));
  $("#download-svg").addEventListener("click", () => {
    download("combat.svg", "image/svg+xml", new XMLSerializer().serializeToString($("#picture svg")));
  });
  $("#download-yaml").addEventListener("click", () => {
    try {
      download("combat-scenario.yaml", "application/yaml", toYaml({ board: board(), declaration: declaration() }));
    } catch (e) { showErrors(e); }
  });
  $("#share").addEventListener("click", async () => {
    const url = `${location.origin}${location.pathname}#b=${await encodeState()}`;
    $("#share-box").hidden = false;
    $("#share-url").value = url;
    $("#share-url").select();
    try { await navigator.clipboard.writeText(url); $("#share").textContent = "Link copied"; } catch { /* the box shows it */ }
    setTimeout(() => { $("#share").textContent = "Share link"; }, 1500);
  });
  $("#open-yaml").addEventListener("click", () => $("#open-file").click());
  $("#open-file").addEventListener("change", (e) => { if (e.target.files[0]) openScenario(e.target.files[0]); e.target.value = ""; });
  $("#reset").addEventListener("click", () => { state = emptyState(); selected = null; clearVerdict(); changed(); });
  document.addEventListener("mouseover", (e) => { if (e.target.classList && e.target.classList.contains("rule")) showTip(e.target); });
  document.addEventListener("mouseout", (e) => { if (e.target.classList && e.target.classList.contains("rule")) hideTip(); });
  document.addEventListener("focusin", (e) => { if (e.target.classList.contains("rule")) showTip(e.target); });
  document.addEventListener("focusout", (e) => { if (e.target.classList.contains("rule")) hideTip(); });
}

async function loadCardInfo() {
  for (const name of new Set(state.perms.filter((p) => p.card && !cardInfo.has(p.card)).map((p) => p.card))) {
    try {
      const r = await api("/card", { name });
      if (r.status === "found") cardInfo.set(name, r.card);
    } catch { /* the page works without the oracle text */ }
  }
  renderBattlefields();
}

async function start() {
  wire();
  rules = await fetch("rules.json").then((r) => r.json()).catch(() => ({}));
  const m = location.hash.match(/^#b=([\w-]+)$/);
  if (m) {
    try { state = await decodeState(m[1]); } catch { state = emptyState(); }
  }
  changed();
  document.body.dataset.ready = "true";
  loadCardInfo();
}

start();
