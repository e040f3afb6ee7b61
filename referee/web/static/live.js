// Keeps the standings, live and entrant pages current over server-sent events (/live/events).
// Without JavaScript the pages are the same, only as of their loading. Every text comes from
// the server ready to show (names already made safe) and goes in with textContent: nothing a
// contestant wrote is ever parsed as HTML here.
(function () {
  "use strict";
  const root = document.documentElement;
  const page = document.body.dataset.page;
  root.dataset.ready = "1";
  const body = document.body.dataset;
  // A game page of a running match shows its games once it ends: reloaded then.
  const waiting = page === "game" && body.status === "running";
  // An entrant page (chart, versions, matches: drawn by the server) says when the entrant has
  // played since it was drawn; it is not reloaded under the reader's eyes.
  const following = page === "entrant";
  if (page !== "standings" && page !== "live" && !waiting && !following) return;
  if (!("EventSource" in window)) return;

  function cell(text, className) {
    const td = document.createElement("td");
    if (className) td.className = className;
    if (text !== undefined && text !== null) td.textContent = String(text);
    return td;
  }

  function link(href, text) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    return a;
  }

  function names(entrants, withRank) {
    const td = cell(null, "name");
    entrants.forEach(function (e, i) {
      if (i > 0) td.appendChild(document.createTextNode(", "));
      td.appendChild(link(e.href, e.label));
      if (withRank && e.rank !== null && e.rank !== undefined) {
        td.appendChild(document.createTextNode(" (" + e.rank + ")"));
      }
    });
    return td;
  }

  function empty(columns, text) {
    const tr = document.createElement("tr");
    const td = cell(text, "empty");
    td.colSpan = columns;
    tr.appendChild(td);
    return tr;
  }

  function fill(tableId, rows, columns, emptyText) {
    const table = document.getElementById(tableId);
    if (!table) return;
    const body = document.createElement("tbody");
    rows.forEach(function (tr) { body.appendChild(tr); });
    if (!rows.length) body.appendChild(empty(columns, emptyText));
    table.replaceChild(body, table.tBodies[0]);
  }

  function drawStandings(data) {
    fill("standings", data.standings.map(function (r) {
      const tr = document.createElement("tr");
      tr.className = (r.flagged ? "flagged" : "") + (r.enabled ? "" : " disabled");
      const name = cell(null, "name");
      name.appendChild(link(r.href, r.label));
      if (!r.enabled) name.appendChild(document.createTextNode(" (disabled)"));
      if (r.flagged) {
        const flag = document.createElement("span");
        flag.className = "flag";
        flag.title = "faults in most games";
        flag.textContent = "⚠ faulty";
        name.appendChild(document.createTextNode(" "));
        name.appendChild(flag);
      }
      tr.append(cell(r.rank), name, cell(r.rating), cell(r.mu_sigma), cell(r.matches),
        cell(r.games), cell(r.share), cell(r.mean_place), cell(r.faults), cell(r.last_played));
      return tr;
    }), 10, "No entrants yet.");
  }

  function matchCell(id) {
    const td = cell(null);
    td.appendChild(link("/games/" + id, String(id)));
    return td;
  }

  function drawLive(data) {
    fill("running", data.running.map(function (m) {
      const tr = document.createElement("tr");
      tr.append(matchCell(m.id), names(m.entrants, false), cell(m.started));
      return tr;
    }), 3, "No match is being played.");
    fill("recent", data.recent.map(function (m) {
      const tr = document.createElement("tr");
      tr.append(matchCell(m.id), names(m.entrants, true), cell(m.finished));
      return tr;
    }), 3, "None yet.");
  }

  const state = document.getElementById("live-state");
  function say(text) { if (state) state.textContent = text; }

  let updates = 0;
  const source = new EventSource("/live/events");
  source.addEventListener("update", function (event) {
    const data = JSON.parse(event.data);
    const done = document.getElementById("matches-done");
    if (done) done.textContent = String(data.matches_done);
    if (following) {
      const here = decodeURIComponent(window.location.pathname);
      const row = data.standings.find(function (r) { return decodeURIComponent(r.href) === here; });
      const news = document.getElementById("entrant-news");
      const more = row ? row.matches - Number(body.matches) : 0;
      if (news && more > 0) {
        news.textContent = more + (more === 1 ? " more match" : " more matches") +
          " played since this page was drawn: reload the page to see them.";
        news.hidden = false;
      }
      updates += 1;
      root.dataset.updates = String(updates);
      return;
    }
    if (waiting) {
      const id = Number(body.match);
      // Finished, not merely absent from a state read before it was claimed.
      if (data.recent.some(function (m) { return m.id === id; })) {
        source.close();
        window.location.reload();
      }
      return;
    }
    if (page === "standings") drawStandings(data); else drawLive(data);
    updates += 1;
    root.dataset.updates = String(updates);
    say("live");
  });
  source.addEventListener("error", function () { say("reconnecting…"); });
  window.addEventListener("pagehide", function () { source.close(); });
})();
