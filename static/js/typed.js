// Loaded by the pages whose forms keep what was typed (the set-ups, the names'
// correction, the account forms): not by the board, whose first load has a budget.

// A language switched halfway through a set-up (or a correction of the names) goes
// back to the page in the other language with what was typed, as it was: the switch
// is a plain POST that loads the page again, which would otherwise come back as the
// address says (the names empty, the preset the address names). A Reload too (QA57:
// the names, the dealer and the preset gone); not a page reached anew, by a link or
// Back after the match started, which shows the set-up as the server offers it. The
// account forms that say so (data-keep-typed) are kept the same, all but passwords.
(function () {
  "use strict";

  const TYPED = "scorepad.typed:";
  const NOT_TYPED = ["csrfmiddlewaretoken", "key"];
  const FRESH_FOR = 60000; // a switch that did not get through is not brought back later
  // Set as the page goes by a switch (which kept the typing) or by the set-up sent (the
  // match started, or sent back with its faults): no typing to keep for a Reload.
  let leaving = false;

  function keptForm() {
    return document.querySelector("form.setup-form, form[data-keep-typed]");
  }

  function keepTyped(form, reloadOnly, posted) {
    const values = new URLSearchParams(new FormData(form));
    NOT_TYPED.forEach(function (name) { values.delete(name); });
    form.querySelectorAll("input[type=password]").forEach(function (input) { values.delete(input.name); });
    const details = form.querySelector("details.options");
    try {
      window.sessionStorage.setItem(TYPED + window.location.pathname, JSON.stringify({
        at: Date.now(),
        open: Boolean(details && details.open),
        values: values.toString(),
        reloadOnly: reloadOnly,
        posted: Boolean(posted),
      }));
    } catch (error) {
      // No storage: the page comes back as its address says.
    }
  }

  document.addEventListener("submit", function (event) {
    const form = keptForm();
    if (!form) return;
    if (event.target === form) {
      leaving = true;
    } else if (event.target.matches("form.langs")) {
      leaving = true;
      keepTyped(form, false);
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
    keepTyped(form, true, holdsSent);
  });

  // How this page came: "reload", "back_forward", "navigate".
  function cameBy(type) {
    const entry = window.performance.getEntriesByType("navigation")[0];
    return Boolean(entry && entry.type === type);
  }

  // What was kept for this page under `prefix` before the switch, taken once; null if
  // nothing was, or longer ago than FRESH_FOR (a switch that did not get through).
  function takeKept(prefix) {
    const key = prefix + window.location.pathname;
    try {
      const kept = JSON.parse(window.sessionStorage.getItem(key) || "null");
      window.sessionStorage.removeItem(key);
      return kept && Date.now() - kept.at <= FRESH_FOR ? kept : null;
    } catch (error) {
      return null;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    const form = keptForm();
    const typed = takeKept(TYPED);
    // A page with faults shows what was sent, not what was typed before.
    if (!form || !typed || !typed.values || form.querySelector(".errorlist, .form-errors")) return;
    if (typed.reloadOnly && !cameBy("reload") && !(typed.posted && cameBy("back_forward"))) return;
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
