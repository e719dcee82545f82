// Small conveniences on top of forms that work without JavaScript: the Cabo card grid,
// the Cabanga! steppers, and keeping the screen awake during a match. Event delegation
// on the document, so it keeps working after htmx swaps the scoreboard.
(function () {
  "use strict";

  function codesIn(input) {
    return input.value.toUpperCase().split(/[\s,]+/).filter(Boolean);
  }

  // How often each card is already picked anywhere in this round.
  function usedCodes(form) {
    const used = {};
    form.querySelectorAll("input.card-codes").forEach(function (input) {
      codesIn(input).forEach(function (code) { used[code] = (used[code] || 0) + 1; });
    });
    return used;
  }

  function showSum(details) {
    const input = details.querySelector("input.card-codes");
    const target = document.getElementById(input.dataset.target);
    const values = {};
    details.querySelectorAll("button.pick[data-codes]").forEach(function (button) {
      button.dataset.codes.split(" ").forEach(function (code) { values[code] = Number(button.dataset.value); });
    });
    const codes = codesIn(input);
    if (target && codes.length && codes.every(function (code) { return code in values; })) {
      target.value = codes.reduce(function (sum, code) { return sum + values[code]; }, 0);
    }
  }

  document.addEventListener("click", function (event) {
    const pick = event.target.closest("button.pick");
    if (pick) {
      const details = pick.closest("details.card-grid");
      const input = details.querySelector("input.card-codes");
      if (pick.dataset.clear) {
        input.value = "";
        const target = document.getElementById(input.dataset.target);
        if (target) target.value = "";
        return;
      }
      const codes = pick.dataset.codes.split(" ");
      // data-copies: how often the decks hold each card (none: the numbered deck repeats
      // its cards); a tap takes the first card of the button not picked that often yet.
      const copies = Number(pick.dataset.copies) || Infinity;
      const used = usedCodes(pick.closest("form"));
      const free = codes.find(function (code) { return (used[code] || 0) < copies; });
      if (!free) return;
      input.value = codesIn(input).concat([free]).join(" ");
      showSum(details);
      return;
    }
    const step = event.target.closest("button.step");
    if (step) {
      const input = step.parentElement.querySelector("input");
      const next = Math.max(0, (Number(input.value) || 0) + Number(step.dataset.step));
      input.value = next;
      const row = step.closest(".entry-row");
      const out = row && row.querySelector(".out-pick input");
      if (out && next > 0) out.checked = false;
    }
  });

  // A hand given as cards (a correction, a form sent back) shows its points at once.
  function showAllSums() {
    document.querySelectorAll("details.card-grid").forEach(function (details) {
      if (details.querySelector("input.card-codes").value.trim()) showSum(details);
    });
  }
  document.addEventListener("DOMContentLoaded", showAllSums);
  document.addEventListener("htmx:afterSettle", showAllSums);

  document.addEventListener("input", function (event) {
    if (event.target.matches("input.card-codes")) showSum(event.target.closest("details.card-grid"));
  });

  document.addEventListener("change", function (event) {
    // "Went out" empties the player's counts: nothing left in hand.
    if (event.target.matches(".out-pick input") && event.target.checked) {
      event.target.closest(".entry-row").querySelectorAll("input[type=number]").forEach(function (input) {
        input.value = "";
      });
    }
  });

  // A double tap on a button that creates something (a match, the next match) must not
  // create it twice: after the first submission the button waits for the new page.
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.matches("form[data-submit-once]")) return;
    window.setTimeout(function () {
      form.querySelectorAll("button[type=submit]").forEach(function (button) { button.disabled = true; });
    }, 0);
  });

  // A flaky connection: say so next to the button. The entry keeps its one-time key,
  // so sending it again can never record the round twice.
  function showSendError(event) {
    const form = event.target.closest && event.target.closest("form.round-form");
    const message = form && form.querySelector(".send-error");
    if (message) message.hidden = false;
  }
  document.addEventListener("htmx:sendError", showSendError);
  document.addEventListener("htmx:responseError", showSendError);

  // Keep the phone awake while a match is in progress (Screen Wake Lock where supported).
  let lock = null;
  async function keepAwake() {
    if (!("wakeLock" in navigator) || !document.querySelector(".scoreboard.in-progress")) {
      if (lock) { lock.release(); lock = null; }
      return;
    }
    if (lock || document.visibilityState !== "visible") return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", function () { lock = null; });
    } catch (error) {
      lock = null; // refused (battery saver, no user gesture yet): the page still works
    }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("htmx:afterSettle", keepAwake);
  document.addEventListener("click", keepAwake, { once: true });
  keepAwake();
})();
