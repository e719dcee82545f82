// Rounds entered with no connection. They stay on this phone (localStorage) with the
// one-time key of their form, are listed under the form as "not sent yet" (the totals
// do not count them), and go to the server in order, each through the usual POST,
// when the connection comes back or a page opens. The server's one-time key makes a
// second sending harmless; a round the server refuses stays listed with its message.
(function () {
  "use strict";

  const STORE = "scorepad.unsent-rounds";

  function load() {
    try {
      return JSON.parse(window.localStorage.getItem(STORE) || "[]");
    } catch (error) {
      return [];
    }
  }

  function save(rounds) {
    window.localStorage.setItem(STORE, JSON.stringify(rounds));
  }

  function words() {
    const template = document.getElementById("unsent-rounds");
    return template ? template.dataset : null;
  }

  function field(form, name) {
    return form.querySelector("input[name=" + name + "]");
  }

  function roundForm() {
    return document.querySelector("form.round-form[hx-post]");
  }

  // The round number the server gave the form as it sent it: the number shown counts
  // the rounds kept since, the server's is the next one it will record.
  function serverNumber(form) {
    if (!form.dataset.serverNumber) form.dataset.serverNumber = field(form, "number").value;
    return Number(form.dataset.serverNumber);
  }

  function showNumber(form, number) {
    field(form, "number").value = String(number);
    const title = form.querySelector(".form-title");
    const said = words();
    if (title && said) title.textContent = said.enter.replace("{n}", String(number));
  }

  // ---- keeping a round ------------------------------------------------------------
  // The round goes to the list, in its number's place (a round put back in the form
  // goes before those kept after it), and the form turns into the round's after the
  // last kept: a fresh one-time key and the next number, as the server would send it.
  function keep(form) {
    serverNumber(form);
    const action = form.getAttribute("action");
    const number = Number(field(form, "number").value);
    const rounds = load();
    const later = rounds.findIndex(function (round) { return round.action === action && round.number > number; });
    rounds.splice(later < 0 ? rounds.length : later, 0, {
      action: action,
      number: number,
      key: field(form, "entry_key").value,
      body: new URLSearchParams(new FormData(form)).toString(),
      error: "",
    });
    save(rounds);
    const last = Math.max.apply(null, rounds.filter(function (round) { return round.action === action; }).map(function (round) { return round.number; }));
    form.reset();
    form.querySelectorAll(".has-error").forEach(function (element) { element.classList.remove("has-error"); });
    form.querySelectorAll(".errorlist, .form-errors").forEach(function (element) { element.remove(); });
    const sendError = form.querySelector(".send-error");
    if (sendError) sendError.hidden = true;
    showNumber(form, last + 1);
    field(form, "entry_key").value = window.scorepad.freshKey();
    const title = form.querySelector(".form-title");
    const said = words();
    show();
    if (said) announce(said.kept.replace("{round}", said.name.replace("{n}", String(number))));
    if (title) {
      title.tabIndex = -1;
      title.focus({ preventScroll: true });
    }
  }

  // With no connection the round is kept at once, without waiting for a failure.
  document.addEventListener("htmx:beforeRequest", function (event) {
    const form = event.detail.elt;
    if (navigator.onLine || !form.matches || !form.matches("form.round-form[hx-post]")) return;
    event.preventDefault();
    keep(form);
  });
  // The round did not reach the server (the connection dropped, or a weak signal while
  // the phone still says it is online): it is kept all the same, and tried again soon.
  document.addEventListener("htmx:sendError", function (event) {
    const form = event.detail.elt;
    if (!form.matches || !form.matches("form.round-form[hx-post]")) return;
    keep(form);
    if (navigator.onLine) retryLater();
  });

  // With a signal that comes and goes the browser may never say "online" again: try
  // again after a while, waiting longer each time (3 s, 6 s, ... at most a minute).
  let retryDelay = 0;
  function retryLater() {
    retryDelay = Math.min(retryDelay ? retryDelay * 2 : 3000, 60000);
    window.setTimeout(send, retryDelay);
  }

  // ---- showing them ---------------------------------------------------------------
  function announce(text) {
    const region = document.getElementById("announcements");
    if (!region || !text) return;
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text; }, 50);
  }

  // The kept rounds are listed under the form, out of sight where the player is: the
  // sticky standing says so, with a link down to them, a refused one as a fault. Its
  // turn line ("Round 3 · Ben deals") is the server's, before the kept rounds: hidden
  // until they are sent (the engine, not this script, knows who deals next).
  function noticeUnsent(template, mine) {
    document.querySelectorAll(".unsent-notice").forEach(function (notice) { notice.remove(); });
    const standing = document.getElementById("standing");
    if (!standing) return;
    const turn = standing.querySelector(".turn");
    if (turn) turn.hidden = mine.length > 0;
    if (!mine.length) return;
    const refused = mine.some(function (round) { return round.error; });
    const notice = document.createElement("p");
    notice.className = refused ? "notice is-error unsent-notice" : "notice unsent-notice";
    const link = document.createElement("a");
    link.href = "#unsent-title";
    link.textContent = refused ? template.dataset.refusedNotice : template.dataset.waitingNotice;
    notice.appendChild(link);
    standing.prepend(notice);
  }

  function show() {
    const form = roundForm();
    const template = document.getElementById("unsent-rounds");
    const old = document.querySelector(".unsent");
    if (old) old.remove();
    if (!form || !template) return;
    serverNumber(form);
    const mine = load().filter(function (round) { return round.action === form.getAttribute("action"); });
    noticeUnsent(template, mine);
    // The standing grew or shrank: what scrolls into sight next stops below it (app.js).
    if (typeof window.keepClearOfStanding === "function") window.keepClearOfStanding();
    if (!mine.length) return;
    const section = template.content.querySelector(".unsent").cloneNode(true);
    const list = section.querySelector("ol");
    mine.forEach(function (round) {
      const item = template.content.querySelector(".unsent-round").cloneNode(true);
      item.querySelector(".unsent-name").textContent = template.dataset.name.replace("{n}", String(round.number));
      item.querySelector(".unsent-state").textContent = round.error ? template.dataset.refused : template.dataset.waiting;
      const message = item.querySelector(".unsent-error");
      message.textContent = round.error;
      message.hidden = !round.error;
      item.querySelectorAll(".unsent-discard, .unsent-edit").forEach(function (button) {
        button.hidden = !round.error;
        button.dataset.key = round.key;
      });
      list.appendChild(item);
    });
    form.after(section);
  }

  // Only a round the server refused can be taken off the list, by the player, or put
  // back in the form to be corrected. Taken off, the rounds kept after it of the same
  // match follow on from the server's next round: the refused one was never recorded,
  // and one the player entered in the form meanwhile was.
  function refusedRound(button) {
    const rounds = load();
    const round = rounds.find(function (kept) { return kept.key === button.dataset.key; });
    return round ? { rounds: rounds, round: round } : null;
  }

  document.addEventListener("click", function (event) {
    const discard = event.target.closest && event.target.closest("button.unsent-discard");
    const found = discard && refusedRound(discard);
    if (!found) return;
    const gone = found.round;
    const form = roundForm();
    const here = form && form.getAttribute("action") === gone.action;
    const rest = found.rounds.filter(function (round) { return round !== gone; });
    const before = rest.filter(function (round) {
      return round.action === gone.action && round.number < gone.number;
    }).length;
    let next = here ? serverNumber(form) + before : gone.number;
    save(rest.map(function (round) {
      if (round.action !== gone.action || round.number < gone.number) return round;
      const body = new URLSearchParams(round.body);
      body.set("number", String(next));
      next += 1;
      return Object.assign({}, round, { number: Number(body.get("number")), body: body.toString() });
    }));
    // The form prepared for the round after the kept ones follows them.
    if (here) showNumber(form, next);
    show();
    send();
  });

  // Put back in the form: the round as it was typed, under its own number, to be
  // corrected beside the fields the server names; the rounds kept after it wait for it.
  document.addEventListener("click", function (event) {
    const edit = event.target.closest && event.target.closest("button.unsent-edit");
    const found = edit && refusedRound(edit);
    const form = roundForm();
    if (!found || !form || form.getAttribute("action") !== found.round.action) return;
    const round = found.round;
    window.scorepad.fillForm(form, new URLSearchParams(round.body));
    // Why it was refused, where the player corrects it (the list no longer holds it).
    form.querySelectorAll(".form-errors").forEach(function (element) { element.remove(); });
    const why = document.createElement("div");
    why.className = "form-errors";
    why.setAttribute("role", "alert");
    why.textContent = round.error;
    const title = form.querySelector(".form-title");
    if (title) title.after(why);
    serverNumber(form);
    showNumber(form, round.number);
    field(form, "entry_key").value = window.scorepad.freshKey();
    save(found.rounds.filter(function (kept) { return kept !== round; }));
    show();
    // The card grids and the sums follow the card codes put back.
    form.querySelectorAll("input.card-codes").forEach(function (input) {
      if (input.value) input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    // Kept in the tab as typed (app.js), through a Reload, as a round being typed is.
    form.dispatchEvent(new Event("input", { bubbles: true }));
    if (title) {
      title.tabIndex = -1;
      title.focus({ preventScroll: true });
      title.scrollIntoView({ block: "start" });
    }
  });

  // ---- sending them ---------------------------------------------------------------
  function refusal(html) {
    const board = new DOMParser().parseFromString(html, "text/html");
    const notice = board.querySelector(".notice.is-error");
    if (notice) {
      // Not the round's faults but the match's: it changed (another phone's round).
      changedMeanwhile = true;
      return notice.textContent.trim();
    }
    // A fault beside a player's field says whose it is: "Ana: …" (the list shows no fields).
    const said = words();
    const faults = board.querySelectorAll("form.round-form .form-errors, form.round-form .errorlist");
    return Array.from(faults, function (fault) {
      const text = fault.textContent.trim();
      const row = fault.closest(".entry-row");
      const name = row && row.querySelector(".name");
      if (!text || !name || !said) return text;
      return said.faultOf.replace("{name}", name.textContent.trim()).replace("{fault}", text);
    }).filter(Boolean).join(" ");
  }

  function currentToken() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : null;
  }

  // One round through the usual POST, as htmx would send it. True: go on with the next.
  async function sendOne(round) {
    const body = new URLSearchParams(round.body);
    const token = currentToken();
    if (token) body.set("csrfmiddlewaretoken", token);
    let response;
    try {
      response = await fetch(round.action, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        headers: { "HX-Request": "true" },
      });
    } catch (error) {
      if (navigator.onLine) retryLater(); // a weak signal: the "online" event may not come
      return false; // still no connection: everything stays for the next try
    }
    retryDelay = 0;
    const rounds = load();
    const kept = rounds.find(function (other) { return other.key === round.key; });
    const problem = response.ok ? refusal(await response.text()) : (words() || {}).failed || String(response.status);
    if (!problem) {
      save(rounds.filter(function (other) { return other.key !== round.key; }));
      return true;
    }
    if (kept) {
      kept.error = problem;
      save(rounds);
    }
    return false;
  }

  let sending = false;
  let changedMeanwhile = false;
  async function sendAll() {
    if (sending || !navigator.onLine) return;
    sending = true;
    changedMeanwhile = false;
    let sent = 0;
    // This page's match gets its kept rounds only from the server's next one on: one
    // before them is missing while it is put back in the form to be corrected.
    const form = roundForm();
    let next = form ? serverNumber(form) : null;
    try {
      for (const round of load()) {
        const here = form && round.action === form.getAttribute("action");
        if (here && round.number !== next) break;
        if (!(await sendOne(round))) break;
        sent += 1;
        if (here) next += 1;
      }
    } finally {
      sending = false;
    }
    const board = document.getElementById("scoreboard");
    if ((sent || changedMeanwhile) && board && window.htmx) {
      // The board as the server now has it: the rounds just sent, or the one that made
      // a kept round a conflict (another phone's), and a fresh form.
      window.htmx.ajax("GET", window.location.pathname, { target: "#scoreboard", swap: "outerHTML" });
    } else {
      show();
    }
    return sent;
  }

  // Two tabs of the same match must not send the same list at once.
  function send() {
    // The offline page reloads its page when the connection is back: that page sends.
    if (!load().length || document.querySelector("[data-offline-page]")) return;
    if (navigator.locks) {
      navigator.locks.request(STORE, sendAll);
    } else {
      sendAll();
    }
  }

  window.addEventListener("online", send);
  document.addEventListener("DOMContentLoaded", function () {
    show();
    send();
  });
  document.addEventListener("htmx:afterSettle", function () {
    show();
    // A round put back in the form and recorded: the rounds kept after it go now, the
    // first of them being the server's next round (not while that one is still refused).
    const form = roundForm();
    if (!form) return;
    const first = load().find(function (round) { return round.action === form.getAttribute("action"); });
    if (first && !first.error && first.number === serverNumber(form)) send();
  });
})();
