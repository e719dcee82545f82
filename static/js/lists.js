// What the pages that list or look things up need and the scoreboard does not (kept
// out of app.js, which every page loads): the history, the home page's matches, the
// guide's walkthroughs, practice and cards.

// The pages that list matches (the home page's matches going on, the history): shown
// again by Back or Forward, they are the copy the browser kept (its cache, or the page
// kept whole), the rounds played since not counted (QA: "4 rounds played" after round
// 5). Their lists are asked for again, in one request (a 304 when nothing changed), and
// swapped if the answer has them (a filter in fault answers with its form alone). Not
// on a first load or a Reload, which the server answers as things are. The asking is
// app.js's, shared with the rounds kept on the phone and sent from such a page.
(function () {
  "use strict";

  function freshen() {
    window.scorepad.freshenLists(); // app.js
  }

  document.addEventListener("DOMContentLoaded", function () {
    const entry = window.performance.getEntriesByType("navigation")[0];
    if (entry && entry.type === "back_forward") freshen();
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) freshen();
  });
  // htmx's own copy of a page it pushed (the history's pages of matches).
  document.addEventListener("htmx:historyRestore", freshen);
  // A tab shown again: its matches may have changed meanwhile, in another tab or on
  // another phone (QA: a second home page kept "1 round played"). One request, a 304
  // when nothing changed.
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) freshen();
  });
})();

// A GET form whose answer changes the address (the history's filters, the practice
// page's cards): htmx's copy of the page, shown again by Back, holds the list as the
// address says but the fields as the page first came (a field's typed value or ticked
// box is not part of the copy): they are set back from the address.
(function () {
  "use strict";

  // The same address asked for twice in a row (a player's name typed, then "Filter"
  // tapped: its change, then the submit) is one entry of the history, not two that
  // make the first Back seem to do nothing.
  document.addEventListener("htmx:beforeHistoryUpdate", function (event) {
    const update = event.detail.history;
    if (!update || update.type !== "push") return;
    const there = new URL(update.path, window.location.href);
    if (there.pathname + there.search === window.location.pathname + window.location.search) {
      update.type = "replace";
    }
  });

  // A copy kept before the language was switched (a step seen in English, Back after
  // "Français") is not shown in the page now in French: the page is asked for as it is
  // now, in the language chosen (QA).
  document.addEventListener("htmx:historyCacheHit", function (event) {
    const kept = new DOMParser().parseFromString(event.detail.item.content, "text/html");
    const language = kept.querySelector("form.langs [aria-current]");
    if (language && language.value !== document.documentElement.lang) {
      event.preventDefault();
      window.location.reload();
    }
  });

  document.addEventListener("htmx:historyRestore", function () {
    const asked = new URLSearchParams(window.location.search);
    // The history's filters replace the address, its pages push one (QA: Back from
    // "Older matches" showed "All games" over the Cabo matches it had filtered).
    const forms = "form[method=get][hx-push-url], form[method=get][hx-replace-url]";
    document.querySelectorAll(forms).forEach(function (form) {
      window.scorepad.fillForm(form, asked);
    });
  });
})();
