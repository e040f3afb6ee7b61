"use strict";
// thousand play --web: the person's seat. Draws the views the server sends (its own seat's
// only) with the replay viewer's cards and dice, and sends back the number of a legal action.
(function () {
  const $ = (id) => document.getElementById(id);
  const root = document.documentElement;
  const base = location.pathname.replace(/[^/]*$/, "");
  const SUIT = { S: "♠", C: "♣", D: "♦", H: "♥" };
  const REDSUIT = { D: true, H: true };
  const RANK = { T: "10" };
  const LAYOUT = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] };
  const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
  const S = { steps: [], cursor: -1, choices: [], turn: 0, result: null, names: [], seat: 0,
    game: "", pace: 0.7, sent: 0, left: null, timer: null, polling: true };
  let errorCount = 0;

  function showError(message) {
    errorCount += 1;
    root.dataset.errors = String(errorCount);
    const box = $("errors");
    box.hidden = false;
    const line = document.createElement("div");
    line.textContent = message;
    box.appendChild(line);
  }
  window.addEventListener("error", (e) => showError("error: " + (e.message || e)));
  window.addEventListener("unhandledrejection", (e) =>
    showError("error: " + ((e.reason && e.reason.message) || e.reason)));

  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  }
  // The same markup as the replay viewer's card() and die(), so its style sheet draws them.
  function card(c, cls, choice) {
    cls = cls || "";
    if (!c) return `<div class="card back ${cls}"></div>`;
    const rank = esc(RANK[c[0]] || c[0]);
    const sym = SUIT[c[1]] || esc(c[1]);
    const colour = REDSUIT[c[1]] ? "red" : "black";
    const pick = choice ? ` data-choice="${choice}" role="button" tabindex="0"` : "";
    return `<div class="card face ${colour} ${cls}${choice ? " playable" : ""}" data-card="${esc(c)}"${pick}>` +
      `<span class="ci tl">${rank}<br>${sym}</span><span class="cs">${sym}</span>` +
      `<span class="ci br">${rank}<br>${sym}</span></div>`;
  }
  function backs(n, cls) { let out = ""; for (let i = 0; i < n; i++) out += card(null, cls); return out; }
  function die(v, cls) {
    const on = PIPS[v] || [];
    let cells = "";
    for (let i = 0; i < 9; i++) cells += `<i class="${on.includes(i) ? "on" : ""}${i === 4 ? " c" : ""}"></i>`;
    return `<div class="die v${esc(v)} ${cls || ""}" data-die="${esc(v)}">${cells}</div>`;
  }
  function nameOf(s) { return S.names[s] !== undefined ? S.names[s] : "seat " + s; }
  function suitHTML(s) {
    if (!s) return "none";
    return `<span class="suit-big ${REDSUIT[s] ? "red-s" : "black-s"}">${SUIT[s] || esc(s)}</span>`;
  }
  function seatBox(s, pos, v, badges, stats, hand) {
    const moving = v.to_move === s;
    return `<div class="seat pos-${pos}${moving ? " to-move" : ""}${s === S.seat ? " viewer" : ""}" data-seat="${s}">` +
      `<div class="seat-head"><span class="dot c${s % 4}"></span><span class="name">${esc(nameOf(s))}</span>` +
      `<span class="badge dim">seat ${s}</span>${s === S.seat ? '<span class="badge cool">you</span>' : ""}${badges}</div>` +
      `<div class="seat-stats"><span class="score${v.scores[s] < 0 ? " neg" : ""}">${esc(v.scores[s])}</span>` +
      `<span>${stats}</span></div>${hand}</div>`;
  }
  function order(players) {
    const layout = LAYOUT[players] || LAYOUT[4];
    const out = [];
    for (let k = 0; k < players; k++) out.push({ seat: (S.seat + k) % players, pos: layout[k] || "top" });
    return out;
  }
  function live() { return S.cursor === S.steps.length - 1 && S.turn > 0 && S.sent !== S.turn; }
  function cardChoices() {
    const byCard = {};
    if (!live()) return byCard;
    for (const c of S.choices) {
      const card = c.action.card;
      if (typeof card === "string") byCard[card] = byCard[card] === undefined ? c.n : 0;
    }
    return byCard;
  }

  function cardsTable(v) {
    const players = v.scores.length;
    const pick = cardChoices();
    let html = "";
    const chips = [`<span class="chip">deal <b>${esc(v.deal)}</b></span>`, `<span class="chip">${esc(v.phase || "")}</span>`];
    if (v.declarer !== null && v.declarer !== undefined) {
      chips.push(`<span class="chip">contract <b>${esc(v.contract)}</b>${v.blind ? " blind" : ""} · ${esc(nameOf(v.declarer))}</span>`);
    } else if (v.high_bid) chips.push(`<span class="chip">high bid <b>${esc(v.high_bid)}</b></span>`);
    chips.push(`<span class="chip">trump ${suitHTML(v.trump)}</span>`);
    html += `<div class="status">${chips.join("")}</div>`;
    const posOf = {};
    for (const o of order(players)) {
      posOf[o.seat] = o.pos;
      const s = o.seat;
      const b = [];
      if (v.dealer === s) b.push(`<span class="badge">dealer</span>`);
      if (v.declarer === s) b.push(`<span class="badge hot">declarer ${esc(v.contract)}</span>`);
      if (v.barrel === s) b.push(`<span class="badge hot">on the barrel</span>`);
      const stats = `bolts ${esc(v.bolts[s])}${v.falls && v.falls[s] ? " · falls " + esc(v.falls[s]) : ""}`;
      const size = v.hand_sizes ? v.hand_sizes[s] : 0;
      let hand;
      if (s === S.seat) {
        const mine = v.hand || [];
        hand = mine.length ? `<div class="hand">${mine.map((c) => card(c, "", pick[c] || 0)).join("")}</div>` : `<div class="hand empty">no cards</div>`;
      } else hand = size ? `<div class="hand">${backs(size)}</div>` : `<div class="hand empty">no cards</div>`;
      html += seatBox(s, o.pos, v, b.join(""), stats, hand);
    }
    let center = "";
    if (v.talon && v.talon.length) center += `<div class="pile"><div class="cards">${v.talon.map((c) => card(c, "sm")).join("")}</div><span class="caption">talon</span></div>`;
    for (const g of v.given || []) center += `<div class="pile">${card(g.card, "sm")}<span class="caption">given to ${esc(nameOf(g.to))}</span></div>`;
    let trick = "";
    (v.trick || []).forEach((t, i) => { trick += card(t.card, "slot-" + (posOf[t.seat] || "bottom") + (i === v.trick.length - 1 ? " fresh" : "")); });
    if (trick) center += `<div class="trick" aria-label="trick">${trick}</div>`;
    html += `<div class="center">${center ? `<div class="piles">${center}</div>` : ""}</div>`;
    let extra = `<h2>Bidding</h2><div class="bids">` + ((v.bids || []).map((b) =>
      `<span class="bid${b.value === null ? " pass" : ""}">${esc(nameOf(b.seat))} ${b.value === null ? "pass" : "<b>" + esc(b.value) + "</b>"}</span>`).join("") || "—") + `</div>`;
    if (v.marriages && v.marriages.length) {
      extra += `<h2>Marriages</h2><div class="bids">` + v.marriages.map((m) =>
        `<span class="bid">${esc(nameOf(m.seat))} ${m.suit ? suitHTML(m.suit) : "aces"} ${esc(m.value)}</span>`).join("") + `</div>`;
    }
    return [html, extra];
  }

  function diceTable(v) {
    const players = v.scores.length;
    let html = `<div class="status"><span class="chip">round <b>${esc(v.round)}</b></span>` +
      `<span class="chip">turn · <b>${esc(nameOf(v.turn))}</b></span></div>`;
    for (const o of order(players)) {
      const s = o.seat;
      const b = [];
      if (v.opened && !v.opened[s]) b.push(`<span class="badge dim">not opened</span>`);
      if (v.on_barrel && v.on_barrel[s]) b.push(`<span class="badge hot">on the barrel</span>`);
      html += seatBox(s, o.pos, v, b.join(""), `bolts ${esc(v.bolts[s])}`, "");
    }
    const thrown = v.throw || [];
    const aside = v.set_aside || [];
    html += `<div class="center"><div class="tray"><span class="caption">latest throw</span><div class="dice-row throw">` +
      (thrown.length ? thrown.map((d) => die(d)).join("") : "—") + `</div></div>` +
      `<div class="tray"><span class="caption">set aside</span><div class="dice-row aside">` +
      (aside.length ? aside.map((d) => die(d, "sm")).join("") : "—") + `</div></div>` +
      `<div class="info"><span class="chip">turn total <b>${esc(v.turn_total)}</b></span>` +
      `<span class="chip">dice left <b>${esc(v.dice_left)}</b></span>` +
      (v.need ? `<span class="chip">needs <b>${esc(v.need)}</b></span>` : "") + `</div></div>`;
    return [html, `<h2>Scores</h2><div class="bids">${v.scores.map((x, s) => `<span class="bid">${esc(nameOf(s))}: ${esc(x)}</span>`).join("")}</div>`];
  }

  function choiceButton(c) {
    const a = c.action;
    let face = esc(c.label);
    if (typeof a.card === "string") face = card(a.card, "sm") + " " + face;
    if (Array.isArray(a.keep) && a.keep.length) face = a.keep.map((d) => die(d)).join("") + " " + face;
    return `<button type="button" class="choice" data-choice="${c.n}" data-type="${esc(a.type)}">${face}` +
      `<span class="key">${esc(c.key)}</span></button>`;
  }

  function render() {
    if (S.cursor < 0) return;
    const step = S.steps[S.cursor];
    const [table, extra] = S.game === "cards" ? cardsTable(step.view) : diceTable(step.view);
    $("table").className = step.view.scores.length === 2 ? "p2" : "";
    $("table").innerHTML = table;
    $("extra").innerHTML = extra;
    $("stepinfo").textContent = `step ${step.i} of ${S.steps[S.steps.length - 1].i}`;
    $("desc").innerHTML = (step.d || []).map((line, k) => `<div class="${k ? "ev" : "head"}">${esc(line)}</div>`).join("");
    $("skip").hidden = S.cursor >= S.steps.length - 1;
    const ready = live();
    $("movepanel").className = "panel" + (ready ? "" : " waiting");
    $("choices").innerHTML = ready ? S.choices.map(choiceButton).join("") : (S.result ? "" : "the others are playing…");
    root.dataset.turn = ready ? String(S.turn) : "";
    if (S.result && S.cursor === S.steps.length - 1) showResult();
  }

  function showResult() {
    const r = S.result;
    $("result").innerHTML = r.ranking.map((s, k) =>
      `<span class="place${k === 0 ? " first" : ""}">${k + 1}. ${esc(r.names[s])} ${esc(r.scores[s])}${s === S.seat ? " (you)" : ""}</span>`).join("") +
      r.faults.map((f) => `<span class="warn">${esc(r.names[f.seat] || "?")}: ${esc(f.kind)}</span>`).join("");
    $("choices").textContent = "Game over." + (r.replay ? " The replay: " + r.replay : "");
    root.dataset.over = "1";
  }

  function advance() {
    S.timer = null;
    if (S.cursor >= S.steps.length - 1) return;
    S.cursor = S.pace <= 0 ? S.steps.length - 1 : S.cursor + 1;
    render();
    if (S.cursor < S.steps.length - 1) S.timer = setTimeout(advance, S.pace * 1000);
  }

  async function poll() {
    // "shown": the page has drawn the last step and this turn's choice (the clock starts).
    const shown = live() ? "&shown=" + S.turn : "";
    const reply = await fetch(base + "state?since=" + S.steps.length + shown, { cache: "no-store" });
    if (!reply.ok) throw new Error("the seat's server answered " + reply.status);
    const data = await reply.json();
    S.names = data.names; S.seat = data.seat; S.game = data.game; S.pace = data.pace;
    S.choices = data.choices; S.turn = data.turn; S.result = data.result; S.left = data.left;
    S.steps.push(...data.steps);
    $("gamename").textContent = data.game;
    $("clock").textContent = S.left === null ? "" : `your clock: ${Math.floor(S.left)} s left`;
    if (S.steps.length && !$("loading").hidden) {
      $("loading").hidden = true;
      $("main").hidden = false;
      S.cursor = 0;
      render();
      root.dataset.ready = "1";
    }
    if (S.timer === null && S.cursor < S.steps.length - 1) advance();
    else render();
    if (S.result && S.cursor === S.steps.length - 1) S.polling = false;
  }

  async function loop() {
    while (S.polling) {
      await poll();
      await new Promise((r) => setTimeout(r, 300));
    }
    // One more fetch tells the server the result was shown.
    await fetch(base + "state?since=" + S.steps.length, { cache: "no-store" });
  }

  async function choose(n) {
    if (!live()) return;
    S.sent = S.turn;
    render();
    const reply = await fetch(base + "act", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ turn: S.turn, choice: n }) });
    if (!reply.ok && reply.status !== 409) throw new Error("the move was refused: " + reply.status);
  }

  document.addEventListener("click", (e) => {
    const target = e.target.closest("[data-choice]");
    if (target && Number(target.dataset.choice) > 0) choose(Number(target.dataset.choice));
  });
  document.addEventListener("keydown", (e) => {
    const target = e.target.closest && e.target.closest("div[data-choice]");
    if (target && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      choose(Number(target.dataset.choice));
    }
  });
  $("skip").addEventListener("click", () => {
    if (S.timer !== null) clearTimeout(S.timer);
    S.timer = null;
    S.cursor = S.steps.length - 1;
    render();
  });
  loop();
})();
