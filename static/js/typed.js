// Loaded by the pages whose forms keep what was typed (the set-ups, the names'
// correction, the account forms): not by the board, whose first load has a budget.

// A language switched halfway through a set-up (or a correction of the names) goes
// back to the page in the other language with what was typed, as it was: the switch
// is a plain POST that loads the page again, which would otherwise come back as the
// address says (the names empty, the preset the address names). A Reload too (QA57:
// the names, the dealer and the preset gone), and Back or Forward to the page left
// typed (QA: the names came back empty, the browser filling only the chip and the
// options); not a page reached anew, by a link or Back after the match started, which
// shows the set-up as the server offers it. The account forms that say so
// (data-keep-typed) are kept the same, all but passwords.
(function () {
  "use strict";

  const TYPED = "scorepad.typed:";
  const NOT_TYPED = ["csrfmiddlewaretoken", "key"];
  const FRESH_FOR = 60000; // a switch that did not get through is not brought back later
  // Set as the page goes by a switch (which kept the typing) or by the set-up sent (the
  // match started, or sent back with its faults): no typing to keep for a Reload.
  let leaving = false;

  // This visit of the page, which its entry in the tab's history keeps through a Reload
  // and Back or Forward however long after: what was typed comes back into the visit it
  // was typed in only, not into another visit of the same address (the set-up of a
  // match started since, reached by Back). A page reached anew gets a visit of its own.
  function visit() {
    const state = window.history.state;
    if (state && state.typedVisit) return state.typedVisit;
    const id = String(Date.now()) + "-" + String(Math.random()).slice(2);
    try {
      window.history.replaceState(Object.assign({}, state, { typedVisit: id }), "");
    } catch (error) {
      return null; // no way to tell the visits apart: nothing is brought back but a switch
    }
    return id;
  }

  function keptForm() {
    return document.querySelector("form.setup-form, form[data-keep-typed]");
  }

  // Where what was typed is kept: for a switch, under the page's address (the page in
  // the other language is another visit); for a Reload, Back or Forward, under the visit
  // too, each visit of a set-up its own (sent back twice: Back to the first, then Forward).
  function keptKey(forSwitch) {
    const here = TYPED + window.location.pathname;
    if (forSwitch) return here;
    const id = visit();
    return id ? here + "|" + id : null;
  }

  function keepTyped(form, forSwitch, posted) {
    const values = new URLSearchParams(new FormData(form));
    NOT_TYPED.forEach(function (name) { values.delete(name); });
    form.querySelectorAll("input[type=password]").forEach(function (input) { values.delete(input.name); });
    const details = form.querySelector("details.options");
    const key = keptKey(forSwitch);
    if (!key) return;
    try {
      window.sessionStorage.setItem(key, JSON.stringify({
        at: Date.now(),
        open: Boolean(details && details.open),
        values: values.toString(),
        posted: Boolean(posted),
      }));
      if (!forSwitch) keepNewest();
    } catch (error) {
      // No storage: the page comes back as its address says.
    }
  }

  // The visits of the tab's history that could still come back: the last few kept.
  const VISITS_KEPT = 10;
  function keepNewest() {
    const visits = [];
    for (let index = 0; index < window.sessionStorage.length; index += 1) {
      const key = window.sessionStorage.key(index);
      if (!key.startsWith(TYPED) || key.indexOf("|") < 0) continue;
      const kept = JSON.parse(window.sessionStorage.getItem(key) || "null");
      visits.push({ key: key, at: kept ? kept.at : 0 });
    }
    visits.sort(function (one, other) { return other.at - one.at; });
    visits.slice(VISITS_KEPT).forEach(function (old) { window.sessionStorage.removeItem(old.key); });
  }

  document.addEventListener("submit", function (event) {
    const form = keptForm();
    if (!form) return;
    if (event.target === form) {
      leaving = true;
      forget(); // kept as the page went before, but the browser showed it whole again
    } else if (event.target.matches("form.langs")) {
      leaving = true;
      keepTyped(form, true);
    }
  }, true);

  // As the page goes otherwise: kept for a Reload, if anything was typed. A set-up that
  // holds what was sent (sent back with its faults, or come back with that by a step in
  // the tab's history) is kept whatever was typed since: its Reload, or Back and Forward
  // to it, ask for its address and do not send the post again (QA: an empty set-up came
  // back, or the last match's).
  let holdsSent = document.body.hasAttribute("data-posted");
  window.addEventListener("pagehide", function () {
    const form = keptForm();
    if (!form || leaving || !(holdsSent || window.scorepad.changed(form))) return;
    keepTyped(form, false, holdsSent);
  });
  // Shown again whole by the browser (its back/forward cache): the typing is there, and
  // the page may be left again, typed or sent, as when first shown.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    forget();
    leaving = false;
  });

  // What was kept under `key`, taken once.
  function take(key) {
    if (!key) return null;
    try {
      const kept = JSON.parse(window.sessionStorage.getItem(key) || "null");
      window.sessionStorage.removeItem(key);
      return kept;
    } catch (error) {
      return null;
    }
  }

  // What this visit kept, now taken care of (sent, or shown whole).
  function forget() {
    take(keptKey(false));
  }

  // What was kept for this page before it went; null if nothing was, or for a switch
  // longer ago than FRESH_FOR (one that did not get through). What was kept for a
  // Reload, Back or Forward comes back into its own visit only, however long after.
  function takeKept() {
    const switched = take(keptKey(true));
    const kept = take(keptKey(false));
    if (switched && Date.now() - switched.at <= FRESH_FOR) return switched;
    return kept;
  }

  document.addEventListener("DOMContentLoaded", function () {
    visit(); // named as the page comes: a history entry changed as the page goes keeps nothing
    const form = keptForm();
    const typed = takeKept();
    // A page with faults shows what was sent, not what was typed before.
    if (!form || !typed || !typed.values || form.querySelector(".errorlist, .form-errors")) return;
    const values = new URLSearchParams(typed.values);
    window.scorepad.fillForm(form, values);
    holdsSent = Boolean(typed.posted);
    // The seats no longer the last match's (emptied, typed over): not said to be.
    const note = form.querySelector("[data-seats-from-last]");
    const retyped = Array.from(form.querySelectorAll("[data-seats] input[type=text]")).some(function (input) {
      return input.value !== input.defaultValue;
    });
    if (note && retyped) note.hidden = true;
    // The hidden fields that go with the options shown (the preset they are for).
    form.querySelectorAll("input[type=hidden]").forEach(function (field) {
      if (values.has(field.name)) field.value = values.get(field.name);
    });
    const details = form.querySelector("details.options");
    if (details) {
      details.open = typed.open;
      // The note on the options' changes, in this language, for the options put back.
      window.setTimeout(function () { if (window.htmx) window.htmx.trigger(details, "change"); }, 0);
    }
  });
})();

// Signing out drops the rounds kept on this phone (accounts/signout.py): the page it
// lands on says how many, as when the session ended elsewhere (offline-rounds.js reads
// "#not-recorded-N", which the redirect keeps from the address posted to).
document.addEventListener("submit", function (event) {
  "use strict";
  const form = event.target;
  if (!form.matches("form[data-drops-kept]")) return;
  let kept = 0;
  try { // offline-rounds.js's STORE
    kept = JSON.parse(window.localStorage.getItem("scorepad.unsent-rounds") || "[]").length;
  } catch (error) {
    return;
  }
  if (kept) form.action = form.action.split("#")[0] + "#not-recorded-" + kept;
});
