// The explorer page: pick a game and a variant, see every move's value, play
// (by hand or against perfect play), undo and redo, chart the values. Speaks
// only to the server's position API (/api/v1/); nothing is fetched elsewhere.
"use strict";

const API = "/api/v1/";
const COMPUTER_DELAY_MS = 150;
const $ = (id) => document.getElementById(id);

const app = {
  game: "", variant: "regular", variantInfo: null,
  history: [],   // [{data: position JSON, move: the move that led here, or ""}]
  future: [],    // undone entries, for redo
  pending: 0,    // requests in flight
  computerTimer: null,
};

async function getJson(url) {
  const res = await fetch(url);
  const body = await res.json();
  if (!res.ok || (body && body.error)) {
    const e = body && body.error ? body.error : { code: String(res.status), message: res.statusText };
    throw new Error(e.code + ": " + e.message);
  }
  return body;
}

function variantPath() {
  return API + encodeURIComponent(app.game) + "/" + encodeURIComponent(app.variant) + "/";
}
function positionUrl(text) {
  return variantPath() + "positions/?p=" + encodeURIComponent(text);
}

function showError(message) { $("error").textContent = message || ""; }

// GamesmanUni's rule for fainter moves: among moves of one value, sorted best
// first, each distinct step (remoteness, or score for a scored game) down
// from the best is 0.25 fainter, down to 0.25.
function opacities(moves, scored) {
  const out = [];
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i], prev = moves[i - 1];
    const same = prev && (prev.moveValue === m.moveValue ||
                          (prev.moveValue === "tie" && m.moveValue === "draw"));
    if (!same) { out.push(1); continue; }
    const key = (x) => scored ? x.moveScore : x.deltaRemoteness;
    const p = out[i - 1];
    out.push(p < 0.5 || key(prev) === key(m) ? p : p - 0.25);
  }
  return out;
}

const RGB = { win: "0,128,0", tie: "255,255,0", draw: "255,255,0", lose: "128,0,0" };
function moveColour(value, opacity) {
  return "rgba(" + (RGB[value] || "95,163,236") + "," + opacity + ")";
}

function valueText(data) {
  const r = data.remoteness;
  let t = data.positionValue;
  if (r >= 0) t += " in " + r;
  if (data.score !== undefined) t += " (score " + data.score + ")";
  if (data.mex) t += ", Grundy value " + data.mex;
  return t;
}

function current() { return app.history[app.history.length - 1]; }
function ply() { return app.history.length - 1; }
function computerToMove() {
  const mode = $("mode").value;
  return (mode === "first" && ply() % 2 === 0) || (mode === "second" && ply() % 2 === 1);
}

function render() {
  const entry = current();
  if (!entry) return;
  const data = entry.data;
  const scored = data.score !== undefined;
  const op = opacities(data.moves, scored);
  const hints = {};
  data.moves.forEach((m, i) => { hints[m.move] = { move: m, colour: moveColour(m.moveValue, op[i]) }; });

  const movesDiv = $("moves");
  movesDiv.textContent = "";
  data.moves.forEach((m, i) => {
    const b = document.createElement("button");
    b.className = "move uni-" + m.moveValue;
    b.style.backgroundColor = moveColour(m.moveValue, op[i]);
    b.style.color = m.moveValue === "win" || m.moveValue === "lose" ? "#fff" : "#000";
    b.dataset.move = m.move;
    b.dataset.value = m.moveValue;
    b.dataset.remoteness = m.remoteness;
    b.dataset.position = m.position;
    if (m.moveScore !== undefined) b.dataset.score = m.moveScore;
    b.dataset.opacity = op[i];
    let label = m.move + " " + m.moveValue;
    if (m.remoteness >= 0) label += " " + (m.remoteness + 1);
    if (m.moveScore !== undefined) label += " (" + m.moveScore + ")";
    b.textContent = label;
    b.title = "to " + m.position;
    b.addEventListener("click", () => humanMove(m.move));
    movesDiv.appendChild(b);
  });

  const board = $("board");
  board.textContent = "";
  const draw = Renderers[app.variantInfo.game] || Renderers.text;
  board.appendChild(draw(data.position, hints, humanMove, app.variantInfo));

  const over = data.moves.length === 0;
  $("value").textContent = (over ? "game over: " : "to move: ") + valueText(data) +
                           " · ply " + ply();
  $("value").dataset.value = data.positionValue;
  $("value").dataset.ply = ply();
  $("json-link").href = positionUrl(data.position);
  $("position-input").value = data.position;
  $("spec").textContent = app.variantInfo.spec + " · " + data.source +
                          (data.solver ? " (" + data.solver + ", " + data.nodes + " nodes)" : "");
  $("undo").disabled = app.history.length <= 1;
  $("redo").disabled = app.future.length === 0;
  HistoryChart.draw($("history"), app.history.map((e) => e.data), app.history.map((e) => e.move));
  document.body.dataset.ready = app.pending === 0 && !app.computerTimer ? "yes" : "no";
}

async function loadPosition(url, move) {
  app.pending++;
  document.body.dataset.ready = "no";
  try {
    const data = await getJson(url);
    showError("");
    return { data, move };
  } catch (e) {
    showError(e.message);
    return null;
  } finally {
    app.pending--;
  }
}

function scheduleComputer() {
  if (app.computerTimer) clearTimeout(app.computerTimer);
  app.computerTimer = null;
  const entry = current();
  if (!entry || !computerToMove() || entry.data.moves.length === 0) return;
  app.computerTimer = setTimeout(async () => {
    const best = current().data.moves[0];  // sorted best first: perfect play
    const next = await loadPosition(positionUrl(best.position), best.move);
    app.computerTimer = null;
    if (next) { app.history.push(next); app.future = []; }
    render();
  }, COMPUTER_DELAY_MS);
}

async function humanMove(move) {
  if (app.pending || app.computerTimer || computerToMove()) return;
  const m = current().data.moves.find((x) => x.move === move);
  if (!m) return;
  const next = await loadPosition(positionUrl(m.position), move);
  if (!next) return;
  app.history.push(next);
  app.future = [];
  scheduleComputer();
  render();
}

async function start(positionText) {
  if (app.computerTimer) { clearTimeout(app.computerTimer); app.computerTimer = null; }
  app.game = $("game").value;
  app.variant = $("variant").value.trim() || "regular";
  try {
    app.variantInfo = await getJson(variantPath());
  } catch (e) {
    showError(e.message);
    return;
  }
  const first = await loadPosition(positionUrl(positionText || app.variantInfo.startPosition), "");
  if (!first) return;
  app.history = [first];
  app.future = [];
  history.replaceState(null, "", "#" + encodeURIComponent(app.game) + "/" +
                       encodeURIComponent(app.variant) + "/" + encodeURIComponent(first.data.position));
  scheduleComputer();
  render();
}

function undo() {
  if (app.history.length <= 1) return;
  app.future.push(app.history.pop());
  // Against perfect play, back to the human's turn.
  if ($("mode").value !== "none" && computerToMove() && app.history.length > 1)
    app.future.push(app.history.pop());
  render();
}
function redo() {
  if (!app.future.length) return;
  app.history.push(app.future.pop());
  if ($("mode").value !== "none" && computerToMove() && app.future.length)
    app.history.push(app.future.pop());
  render();
}

async function loadVariants() {
  const list = $("variants");
  list.textContent = "";
  try {
    const info = await getJson(API + encodeURIComponent($("game").value) + "/");
    for (const v of info.variants) {
      const o = document.createElement("option");
      o.value = v.id;
      o.textContent = v.name;
      list.appendChild(o);
    }
    $("variant").title = info.params.map((p) => p.name + "=" + p.default + " (" + p.help + ")").join("\n");
  } catch (e) {
    showError(e.message);
  }
}

async function init() {
  const games = await getJson(API);
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.id;
    o.textContent = g.id;
    o.title = g.description;
    $("game").appendChild(o);
  }
  // #game/variant/position in the address opens that position.
  const hash = location.hash.slice(1).split("/").map(decodeURIComponent);
  if (hash.length >= 2 && games.some((g) => g.id === hash[0])) {
    $("game").value = hash[0];
    $("variant").value = hash[1];
  } else {
    $("game").value = games.some((g) => g.id === "tictactoe") ? "tictactoe" : games[0].id;
  }
  $("game").addEventListener("change", () => { $("variant").value = "regular"; loadVariants(); start(); });
  $("load").addEventListener("click", () => start());
  $("go").addEventListener("click", () => start($("position-input").value));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("mode").addEventListener("change", scheduleComputer);
  await loadVariants();
  await start(hash.length >= 3 ? hash.slice(2).join("/") : undefined);
}

init().catch((e) => showError(e.message));
