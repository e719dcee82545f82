// Small conveniences on top of forms that work without JavaScript: the Cabo card grid,
// the Cabanga! steppers, and keeping the screen awake during a match. Event delegation
// on the document, so it keeps working after htmx swaps the scoreboard.
(function () {
  "use strict";

  // ---- Cabo card picker ----------------------------------------------------------
  function codesIn(input) {
    return input.value.toUpperCase().split(/[\s,]+/).filter(Boolean);
  }

  // How many copies of each card are picked anywhere in this round.
  function usedCodes(form) {
    const used = new Map();
    form.querySelectorAll("input.card-codes").forEach(function (input) {
      codesIn(input).forEach(function (code) { used.set(code, (used.get(code) || 0) + 1); });
    });
    return used;
  }

  // The one place that decides whether a card of a button is still free: `data-copies`
  // says how many copies of each of its cards a round holds (none: they repeat freely).
  function freeCode(button, form) {
    const copies = button.dataset.copies ? Number(button.dataset.copies) : Infinity;
    const used = usedCodes(form);
    return button.dataset.codes.split(" ").find(function (code) {
      return (used.get(code) || 0) < copies;
    });
  }

  function pickButtons(details) {
    return details.querySelectorAll("button.pick[data-codes]");
  }

  function cardValues(details) {
    const values = {};
    pickButtons(details).forEach(function (button) {
      button.dataset.codes.split(" ").forEach(function (code) { values[code] = Number(button.dataset.value); });
    });
    return values;
  }

  function showSum(details) {
    const input = details.querySelector("input.card-codes");
    const target = document.getElementById(input.dataset.target);
    const values = cardValues(details);
    const codes = codesIn(input);
    if (target && codes.length && codes.every(function (code) { return code in values; })) {
      target.value = codes.reduce(function (sum, code) { return sum + values[code]; }, 0);
    }
  }

  // The values of a hand picked as cards, in order ("" when a code is unknown).
  function pickedValues(details) {
    const values = cardValues(details);
    const codes = codesIn(details.querySelector("input.card-codes"));
    return codes.every(function (code) { return code in values; })
      ? codes.map(function (code) { return values[code]; }).sort(function (a, b) { return a - b; }).join(" ")
      : "";
  }

  // Cards picked that make a kamikaze hand (the values the rules engine names on the
  // form's kamikaze list) tick that player there, as the server counts them; picked
  // otherwise, or taken back, the list goes to another hand still picked as one (the
  // server counts it too), else back to the player ticked there by hand, else nobody
  // (QA27: it stayed on "nobody"; QA: it forgot the other kamikaze and the hand's tick).
  // A player ticked by hand stays until their own cards say otherwise.
  function showKamikaze(details) {
    const form = details.closest("form");
    const list = form && form.querySelector("select[data-kamikaze-values]");
    const seat = details.querySelector("input.card-codes").name.replace(/^cards_/, "");
    if (!list || !/^\d+$/.test(seat)) return;
    const holders = Array.from(form.querySelectorAll("details.card-grid")).filter(function (grid) {
      return pickedValues(grid) === list.dataset.kamikazeValues;
    }).map(function (grid) { return grid.querySelector("input.card-codes").name.replace(/^cards_/, ""); });
    if (holders.includes(seat)) {
      // Not from cards (a choice by hand, or sent back so): kept to come back to.
      if (list.value !== seat && !holders.includes(list.value)) list.dataset.ticked = list.value;
      list.value = seat;
    } else if (list.value === seat || list.dataset.ticked === seat) {
      if (list.dataset.ticked === seat) delete list.dataset.ticked;
      if (list.value === seat) list.value = holders[0] || list.dataset.ticked || "";
    }
  }

  // Marks on the grid what this hand holds and what no longer has a free copy, and lists
  // the picked cards as buttons that take one card back; a code typed that is no card of
  // the grid ("RC" for the roi de cœur) marked as such, its fault said by the server.
  function showPicks(details) {
    const form = details.closest("form");
    const input = details.querySelector("input.card-codes");
    const mine = codesIn(input);
    const faces = {};
    pickButtons(details).forEach(function (button) {
      const codes = button.dataset.codes.split(" ");
      const names = (button.dataset.faces || button.dataset.codes).split(" ");
      codes.forEach(function (code, i) { faces[code] = names[i] || code; });
      const held = mine.filter(function (code) { return codes.includes(code); }).length;
      const count = button.querySelector(".picked-count");
      button.classList.toggle("is-picked", held > 0);
      if (count) { count.hidden = held === 0; count.textContent = "×" + held; }
      const noneLeft = !freeCode(button, form);
      button.setAttribute("aria-disabled", noneLeft ? "true" : "false");
      const note = button.querySelector(".none-left");
      if (note) note.hidden = !noneLeft;
    });
    const list = details.querySelector(".picked-cards");
    if (!list) return;
    list.replaceChildren();
    mine.forEach(function (code, index) {
      const chip = document.createElement("button");
      chip.type = "button";
      chip.className = code in faces ? "unpick" : "unpick is-unknown";
      chip.dataset.index = String(index);
      chip.textContent = (faces[code] || code) + " ✕";
      chip.setAttribute("aria-label", list.dataset.removeLabel + " " + (faces[code] || code));
      list.appendChild(chip);
    });
  }

  function showAllPicks(form) {
    form.querySelectorAll("details.card-grid").forEach(showPicks);
  }

  function setCards(details, codes) {
    const input = details.querySelector("input.card-codes");
    input.value = codes.join(" ");
    if (!codes.length) {
      const target = document.getElementById(input.dataset.target);
      if (target) target.value = "";
    }
    showSum(details);
    showKamikaze(details);
    showAllPicks(details.closest("form"));
  }

  document.addEventListener("click", function (event) {
    const unpick = event.target.closest("button.unpick");
    if (unpick) {
      const details = unpick.closest("details.card-grid");
      const codes = codesIn(details.querySelector("input.card-codes"));
      codes.splice(Number(unpick.dataset.index), 1);
      setCards(details, codes);
      return;
    }
    const pick = event.target.closest("button.pick");
    if (pick) {
      const details = pick.closest("details.card-grid");
      const input = details.querySelector("input.card-codes");
      if (pick.dataset.clear) {
        setCards(details, []);
        return;
      }
      const free = freeCode(pick, pick.closest("form"));
      if (!free) return;
      setCards(details, codesIn(input).concat([free]));
      return;
    }
    const sign = event.target.closest("button.sign-toggle");
    if (sign) {
      const input = document.getElementById(sign.dataset.signFor);
      if (!input) return;
      if (input.value !== "" && Number(input.value) !== 0) {
        input.value = String(-Number(input.value));
      } else {
        // Nothing to turn yet: the number typed next comes out negative.
        input.dataset.negative = "1";
        input.focus();
      }
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
      showHandPoints(input);
    }
  });

  // A hand given as cards alone (a form sent back, a correction) shows its points at once; the
  // ± and −/+ buttons need this script, so they appear only with it.
  function prepareForms() {
    // The page holds the card grid once; each hand's picker gets its own copy.
    const grid = document.getElementById("card-picker");
    if (grid) {
      document.querySelectorAll("details.card-grid .picker:empty").forEach(function (picker) {
        picker.appendChild(grid.content.cloneNode(true));
      });
    }
    // Only into an empty box: a total the server sent back (typed over the cards, and
    // refused as not theirs) stays beside the message that names it.
    document.querySelectorAll("details.card-grid").forEach(function (details) {
      const input = details.querySelector("input.card-codes");
      const target = document.getElementById(input.dataset.target);
      if (input.value.trim() && !(target && target.value !== "")) showSum(details);
    });
    document.querySelectorAll("form.round-form").forEach(showAllPicks);
    document.querySelectorAll("button.sign-toggle[hidden], button.step[hidden]").forEach(function (button) { button.hidden = false; });
    // Cabanga!: a hand given as counts (a correction) shows its points too, into an
    // empty box only, as above.
    document.querySelectorAll("input[data-hand-points]").forEach(function (total) {
      const first = total.closest(".entry-row").querySelector("input[data-points]");
      if (total.value === "" && first) showHandPoints(first);
    });
  }
  document.addEventListener("DOMContentLoaded", prepareForms);
  document.addEventListener("htmx:afterSettle", prepareForms);

  // ---- A fault of several fields ------------------------------------------------------
  // Counts that did not add up (an Escoba column) are marked together under one message
  // that names their sum: once one of them is edited, that sum is no longer what was
  // sent, so the marks and the message go (QA: they stayed until the deal was sent
  // again). A field's own fault stays: it is about what that field still holds.
  function letGoOfSharedFault(field) {
    const ids = (field.getAttribute("aria-describedby") || "").split(/\s+/);
    const fault = ids.map(function (id) { return document.getElementById(id); }).find(function (element) {
      return element && element.classList.contains("column-fault");
    });
    if (!fault) return;
    const form = field.closest("form");
    form.querySelectorAll("[aria-describedby~='" + fault.id + "']").forEach(function (marked) {
      const own = document.getElementById(marked.id + "_error");
      const rest = marked.getAttribute("aria-describedby").split(/\s+/).filter(function (id) { return id !== fault.id; });
      if (rest.length) marked.setAttribute("aria-describedby", rest.join(" "));
      else marked.removeAttribute("aria-describedby");
      if (own) return;
      marked.removeAttribute("aria-invalid");
      const cell = marked.closest(".has-error");
      if (cell) cell.classList.remove("has-error");
    });
    fault.closest("tr").hidden = true;
  }

  // ---- Cabanga! points --------------------------------------------------------------
  // The points of a hand follow its counts; what each card costs comes from the page
  // (`data-points`, set from the rules engine).
  function showHandPoints(changed) {
    if (!changed.matches("input[data-points]")) return;
    const row = changed.closest(".entry-row");
    const total = row && row.querySelector("input[data-hand-points]");
    if (!total) return;
    const counts = Array.from(row.querySelectorAll("input[data-points]"));
    if (counts.every(function (input) { return input.value === ""; })) {
      total.value = "";
      return;
    }
    total.value = counts.reduce(function (sum, input) {
      return sum + (Number(input.value) || 0) * Number(input.dataset.points);
    }, 0);
  }

  document.addEventListener("input", function (event) {
    letGoOfSharedFault(event.target);
    if (event.target.matches("input.card-codes")) {
      const details = event.target.closest("details.card-grid");
      showSum(details);
      showKamikaze(details);
      showAllPicks(details.closest("form"));
    }
    showHandPoints(event.target);
    // Points typed over the counts' sum say the hand another way: the counts go, or the
    // two would disagree (a correction of a row entered as counts).
    if (event.target.matches("input[data-hand-points]")) {
      const row = event.target.closest(".entry-row");
      if (row) row.querySelectorAll("input[data-points]").forEach(function (input) { input.value = ""; });
    }
    const pending = event.target.dataset && event.target.dataset.negative;
    if (pending && event.target.value !== "") {
      delete event.target.dataset.negative;
      if (Number(event.target.value) > 0) event.target.value = String(-Number(event.target.value));
    }
  });

  // A player chosen in the kamikaze list by hand: their blank hand is what two 12s and
  // two 13s make, filled in (QA50: it had to be typed too), and emptied again if the list
  // moves on before anyone typed over it. The server takes a blank one so as well. Which
  // box the list filled is kept in the tab, as what is typed is (app.js), through a
  // Reload and Back (QA53: after a Reload the 50 stayed and was recorded).
  const KAMIKAZE_FILLED = "scorepad.kamikaze-filled:";

  function filledBox(form) {
    const number = form.elements.number ? form.elements.number.value : "";
    return KAMIKAZE_FILLED + form.getAttribute("action") + "#" + number;
  }

  function fillKamikazeHand(list) {
    const form = list.closest("form");
    const worth = list.dataset.kamikazeHand; // the engine's (forms.py)
    const key = filledBox(form);
    let filled = null;
    try {
      filled = window.sessionStorage.getItem(key);
      window.sessionStorage.removeItem(key);
    } catch (error) {
      // no storage: nothing filled is known
    }
    const before = filled && form.querySelector("input.points-input[name='" + filled + "']");
    if (before && before.value === worth) before.value = "";
    const hand = list.value !== "" && form.querySelector("input.points-input[name='hand_" + list.value + "']");
    if (hand && hand.value === "") {
      hand.value = worth;
      try {
        window.sessionStorage.setItem(key, hand.name);
      } catch (error) {
        // no storage: left filled if the list moves on
      }
    }
  }

  document.addEventListener("change", function (event) {
    // A player chosen in the kamikaze list by hand replaces one kept from before.
    if (event.target.matches("select[data-kamikaze-values]")) {
      delete event.target.dataset.ticked;
      fillKamikazeHand(event.target);
    }
    // "Went out" empties the player's counts: nothing left in hand. Ticked by mistake
    // and unticked, it gives them back (if nothing was typed there meanwhile).
    if (event.target.matches(".out-pick input")) {
      const inputs = event.target.closest(".entry-row").querySelectorAll("input[type=number]");
      const untouched = Array.from(inputs).every(function (input) { return input.value === ""; });
      inputs.forEach(function (input) {
        if (event.target.checked) {
          input.dataset.beforeOut = input.value;
          input.value = "";
        } else if (untouched && input.dataset.beforeOut !== undefined) {
          input.value = input.dataset.beforeOut;
        }
        if (!event.target.checked) delete input.dataset.beforeOut;
      });
    }
  });

  // The server failed to answer (a 5xx): say so next to the button. The entry keeps its
  // one-time key, so sending it again can never record the round twice. A round that
  // did not reach the server at all is kept on the phone (offline-rounds.js); a
  // correction is not: it stays typed in its form, which says so.
  // A 403 or 404 is no failure to send again: the match is no longer this phone's (deleted
  // on another phone, or this one signed out), which the form says instead.
  function showSendError(event) {
    const form = event.target.closest && event.target.closest("form.round-form");
    if (!form) return;
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    const gone = status === 403 || status === 404;
    const message = form.querySelector(gone ? ".send-error.not-reachable" : ".send-error:not(.not-reachable)");
    if (message) message.hidden = false;
  }
  document.addEventListener("htmx:responseError", showSendError);
  // Taken first (capture) and no further: with DEBUG (`make run`), django-htmx's script
  // shows a 403 or 404 answer as the whole page, and the round typed went with it (QA).
  // htmx goes on to its responseError, said by the form as in production.
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    const form = event.target.closest && event.target.closest("form.round-form");
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (form && (status === 403 || status === 404)) event.stopPropagation();
  }, true);
  document.addEventListener("htmx:sendError", function (event) {
    if (event.target.closest && event.target.closest("form.correction-form")) showSendError(event);
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    const form = event.target.closest && event.target.closest("form.round-form");
    if (form) form.querySelectorAll(".send-error").forEach(function (message) { message.hidden = true; });
  });

  // Keep the phone awake while a match is in progress (Screen Wake Lock where supported).
  let lock = null;
  async function keepAwake() {
    if (!("wakeLock" in navigator) || !document.querySelector("#standing.in-progress")) {
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
