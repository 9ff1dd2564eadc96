// The results page: a main job's results/run.json (served from the folder
// given to `gamebench serve --results DIR`) as sortable tables, one per kind
// of record (claims, solves: the solver comparison, scaling, benchmarks),
// and the folder's figures.
"use strict";

const $ = (id) => document.getElementById(id);
const page = { records: [], columns: [], rows: [], sortColumn: null, sortDown: false };

// A record as one flat row: id, status, then its values, counts, measures.
function flatten(r) {
  const row = { id: r.id, status: r.status };
  for (const part of ["values", "counts", "measures"])
    for (const [k, v] of Object.entries(r[part] || {}))
      row[k] = Array.isArray(v) ? v.join(" ") : v;
  return row;
}

function showKind() {
  const kind = $("kind").value;
  page.rows = page.records.filter((r) => r.kind === kind).map(flatten);
  const cols = [];
  for (const row of page.rows) for (const k of Object.keys(row)) if (!cols.includes(k)) cols.push(k);
  page.columns = cols;
  page.sortColumn = null;
  drawTable();
}

function cell(v) {
  if (typeof v === "number" && !Number.isInteger(v)) return v.toPrecision(4);
  return v === null || v === undefined ? "" : String(v);
}

function drawTable() {
  const head = $("records").tHead, body = $("records").tBodies[0];
  head.textContent = "";
  body.textContent = "";
  const tr = head.insertRow();
  for (const c of page.columns) {
    const th = document.createElement("th");
    th.textContent = c + (page.sortColumn === c ? (page.sortDown ? " ▼" : " ▲") : "");
    th.dataset.column = c;
    th.addEventListener("click", () => {
      page.sortDown = page.sortColumn === c ? !page.sortDown : false;
      page.sortColumn = c;
      drawTable();
    });
    tr.appendChild(th);
  }
  const needle = $("filter").value.toLowerCase();
  let rows = page.rows.filter((r) => !needle ||
      page.columns.some((c) => cell(r[c]).toLowerCase().includes(needle)));
  if (page.sortColumn) {
    const c = page.sortColumn, dir = page.sortDown ? -1 : 1;
    rows = rows.slice().sort((a, b) => {
      const x = a[c], y = b[c];
      if (typeof x === "number" && typeof y === "number") return dir * (x - y);
      return dir * cell(x).localeCompare(cell(y));
    });
  }
  for (const r of rows) {
    const row = body.insertRow();
    for (const c of page.columns) {
      const td = row.insertCell();
      td.textContent = cell(r[c]);
      if (c === "status") td.className = "status-" + r[c];
    }
  }
  $("count").textContent = rows.length + " of " + page.rows.length + " records";
}

async function init() {
  const info = await (await fetch("/api/results/")).json();
  if (!info.available || !info.run) {
    $("error").textContent = "no results folder: start the server with --results DIR " +
                             "(a main job's results/, with run.json)";
    return;
  }
  const run = await (await fetch("/results/run.json")).json();
  $("run-info").textContent = "run of commit " + String(run.commit).slice(0, 12) + ", " + run.date +
      ", " + run.records.length + " records, " + Math.round(run.total_seconds) + " s; machine: " +
      (run.machine ? run.machine.cpu + ", " + run.machine.cores + " cores" : "?");
  page.records = run.records;
  const kinds = [...new Set(run.records.map((r) => r.kind))];
  for (const k of kinds) {
    const o = document.createElement("option");
    o.value = k;
    o.textContent = k + " (" + run.records.filter((r) => r.kind === k).length + ")";
    $("kind").appendChild(o);
  }
  $("kind").addEventListener("change", showKind);
  $("filter").addEventListener("input", drawTable);
  showKind();
  for (const f of info.figures) {
    const fig = document.createElement("figure");
    const img = document.createElement("img");
    img.src = "/results/" + f.split("/").map(encodeURIComponent).join("/");
    img.alt = f;
    const cap = document.createElement("figcaption");
    cap.textContent = f;
    fig.appendChild(img);
    fig.appendChild(cap);
    $("figures").appendChild(fig);
  }
}

init().catch((e) => { $("error").textContent = e.message; });
