// The pages that list matches (the home page's matches going on, the history): shown
// again by Back or Forward, they are the copy the browser kept (its cache, or the page
// kept whole), the rounds played since not counted (QA: "4 rounds played" after round
// 5). Their lists are asked for again, in one request (a 304 when nothing changed), and
// swapped if the answer has them (a filter in fault answers with its form alone). Not
// on a first load or a Reload, which the server answers as things are. A script of its
// own: the board, which asks for itself (app.js), does not carry it.
(function () {
  "use strict";

  function freshen() {
    const lists = document.querySelectorAll("[data-fresh-on-back][id]");
    if (!lists.length || !window.htmx) return;
    fetch(window.location.href, { headers: { "HX-Request": "true" } }).then(function (answer) {
      return answer.ok ? answer.text() : "";
    }).then(function (html) {
      const now = new DOMParser().parseFromString(html, "text/html");
      lists.forEach(function (list) {
        const fresh = now.getElementById(list.id);
        if (fresh && list.isConnected) window.htmx.swap(list, fresh.outerHTML, { swapStyle: "outerHTML" });
      });
    }).catch(function () {
      // No connection: the copy stays, as the page itself would have.
    });
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
})();
