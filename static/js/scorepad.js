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

// A typed name as the engine compares and counts it (`shown_name`, scorepad/rules/base.py):
// trimmed and without what shows nothing (`_INVISIBLE`: the same list), a black flag's tags
// aside, so that a seat holding only a zero-width space is empty here as on the server.
// The joiners and selectors the engine keeps between visible characters go too: they never
// make a seat empty or full, nor two players of one name (`player_key`).
const INVISIBLE_IN_NAMES = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u{13430}-\u{1343F}\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E0FFF}]/gu;
function seatName(typed) {
  return typed.replace(INVISIBLE_IN_NAMES, function (found) { return found.length > 2 ? found : ""; }).trim();
}

// Set-up (and the names corrected after the start): the "Deals first" chip never stays on
// an emptied seat. When the dealer's name is cleared, the deal passes to the next player
// in seat order, as at the table; the chip shows where it went. A chip tapped on a seat
// still to be typed in stays where it was tapped.
// A chip the set-up page ticked itself (the last match's next dealer, `dealer_offered`)
// stands for that player, not for the seat, until a chip is tapped: it follows the name
// to another seat; the name gone, the deal passes on if the seat was emptied, and is
// asked for again if someone else sits there now (QA: the newcomer dealt unasked).
(function () {
  "use strict";

  let tappedEmpty = null;

  function nameOf(row) {
    return seatName(row.querySelector("input[type=text]").value);
  }

  function chip(row) {
    return row.querySelector("input[name=dealer]");
  }

  // Only the accents of Latin, Greek and Cyrillic letters: each a mark the engine drops
  // too, so that the chip never follows a name the server takes for another player.
  const ACCENTS = /[\u0300-\u034e\u0350-\u036f\u1ab0-\u1abd\u1dc0-\u1dff\u20d0-\u20dc\u20e1\u20e5-\u20f0\ufe20-\ufe2f]/g;

  // The engine's `player_key` (scorepad/rules/base.py), which the server asks of the
  // chip too: case (ß is ss) and accents aside, spaces collapsed, what shows nothing
  // dropped (`seatName`). "Zoe" is Zoë, and "Anne" followed by a zero-width space is Anne.
  function playerKey(name) {
    const folded = seatName(name).toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "σ");
    return folded.normalize("NFKD").replace(ACCENTS, "").split(/\s+/).filter(Boolean).join(" ");
  }

  function sameName(one, other) {
    return playerKey(one) === playerKey(other);
  }

  function nextSeated(rows, from) {
    for (let step = 1; step <= rows.length; step += 1) {
      const row = rows[(Math.max(from, 0) + step) % rows.length];
      if (nameOf(row)) return row;
    }
    return null;
  }

  function keepDealerSeated(rows) {
    const current = rows.findIndex(function (row) { return chip(row).checked; });
    if (current >= 0 && (nameOf(rows[current]) || rows[current] === tappedEmpty)) return;
    const next = nextSeated(rows, current);
    if (next) chip(next).checked = true;
  }

  function offerField(seats) {
    const form = seats.closest("form");
    return form && form.elements.dealer_offered ? form.elements.dealer_offered : null;
  }

  function offerOf(seats) {
    const field = offerField(seats);
    try {
      const offered = field && field.value ? JSON.parse(field.value) : null;
      return offered && typeof offered.name === "string" ? offered : null;
    } catch (error) {
      return null;
    }
  }

  function goneNote(seats) {
    const form = seats.closest("form");
    return form && form.querySelector("[data-dealer-gone]");
  }

  // A chip tapped, or the seats emptied: the player offered no longer counts.
  function dropOffer(seats) {
    const field = offerField(seats);
    if (field) field.value = "";
    const note = goneNote(seats);
    if (note) note.hidden = true;
  }

  function followOffer(rows, seats, offered) {
    const own = rows[offered.seat];
    let dealer = rows.find(function (row) { return sameName(nameOf(row), offered.name); });
    if (!dealer && own && !nameOf(own)) dealer = nextSeated(rows, offered.seat);
    rows.forEach(function (row) { chip(row).checked = row === dealer; });
    const note = goneNote(seats);
    if (note) {
      note.textContent = note.dataset.text.replace("{name}", offered.name).replace("{number}", String(offered.seat + 1));
      note.hidden = Boolean(dealer);
    }
    return rows.indexOf(dealer);
  }
  let placed = null; // where followOffer last put the chip

  document.addEventListener("input", function (event) {
    const seats = event.target.closest && event.target.closest("[data-seats]");
    if (!seats || !event.target.matches("input[type=text]")) return;
    const rows = Array.from(seats.querySelectorAll(".seat"));
    const offered = offerOf(seats);
    // The chip ticked where neither the page nor the name followed put it, no tap seen:
    // Back to a set-up, the browser ticked the chip tapped there again, in a page come
    // anew offering the next dealer (QA: a name then retyped took it away). It counts.
    const ticked = rows.findIndex(function (row) { return chip(row).checked; });
    if (offered && ticked >= 0 && ticked !== (placed === null ? offered.seat : placed)) dropOffer(seats);
    if (offerOf(seats)) {
      placed = followOffer(rows, seats, offered);
    } else {
      keepDealerSeated(rows);
    }
  });

  // "Empty the seats" (the last match's, offered first): in place, the typing goes on in
  // the first seat; the options stay. Without JavaScript, the button sends the form so.
  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest("[data-empty-seats]");
    if (!button) return;
    const form = button.closest("form");
    const seats = form && form.querySelector("[data-seats]");
    if (!seats) return;
    event.preventDefault();
    dropOffer(seats);
    const names = Array.from(seats.querySelectorAll("input[type=text]"));
    names.forEach(function (input) {
      input.value = "";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    const dealer = seats.querySelector("input[name=dealer]");
    if (dealer) dealer.checked = true;
    button.closest("[data-seats-from-last]").hidden = true;
    if (names.length) names[0].focus();
  });
  // The chips are one Tab stop, after the dealer's name box: the arrows that move the chip
  // to a later seat take the focus past that seat's box, and the next Tab would skip it
  // (QA49: the names typed on went into seats 3 and 4, seat 2 left empty). That Tab goes
  // back to the first seat skipped instead. Only right after the arrows: a chip reached
  // by Tab lets Tab go on, or an empty seat 1 would hold the focus in a loop.
  let arrowed = false;
  document.addEventListener("keydown", function (event) {
    if (!event.target.matches("[data-seats] input[name=dealer]")) return;
    if (event.key.startsWith("Arrow")) arrowed = true;
    if (event.key !== "Tab" || !arrowed) return;
    arrowed = false;
    if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    const rows = Array.from(event.target.closest("[data-seats]").querySelectorAll(".seat"));
    const here = rows.indexOf(event.target.closest(".seat"));
    const skipped = rows.slice(0, here + 1).find(function (row) { return !nameOf(row); });
    if (!skipped) return;
    event.preventDefault();
    skipped.querySelector("input[type=text]").focus();
  });
  document.addEventListener("focusin", function (event) {
    if (!event.target.matches("[data-seats] input[name=dealer]")) arrowed = false;
  });
  document.addEventListener("change", function (event) {
    if (!event.target.matches("[data-seats] input[name=dealer]")) return;
    const row = event.target.closest(".seat");
    tappedEmpty = nameOf(row) ? null : row;
    dropOffer(event.target.closest("[data-seats]"));
  });
})();

// Set-up: what the engine suggests as the players sit down (RULES.md: two decks for five
// or six Cabo players with French or Dutch values), in sight under the seats while it
// stands. Its button sets the option; the note on the options' changes follows, as for
// an option typed (its `change` event).
(function () {
  "use strict";

  function valueOf(form, name) {
    const field = form.elements[name];
    if (!field) return null;
    if (field.type === "checkbox") return field.checked ? "on" : "";
    return field.value; // a text or number field, a list, or the checked radio of a group
  }

  function seated(form) {
    return Array.from(form.querySelectorAll("[data-seats] input[type=text]")).filter(function (input) {
      return seatName(input.value);
    }).length;
  }

  function offerAgain(note) {
    const text = note.querySelector("[data-done]");
    if (note.dataset.offer) text.textContent = note.dataset.offer;
    note.querySelector("button").hidden = false;
    note.classList.remove("is-done");
  }

  function weigh(form) {
    form.querySelectorAll(".setup-suggestion").forEach(function (note) {
      const when = JSON.parse(note.dataset.when || "{}");
      const stands = seated(form) >= Number(note.dataset.players) && Object.keys(when).every(function (name) {
        return when[name].indexOf(valueOf(form, name)) >= 0;
      });
      const set = valueOf(form, note.dataset.field) === note.dataset.value;
      const done = note.classList.contains("is-done") && stands && set;
      if (!done && note.classList.contains("is-done")) offerAgain(note);
      note.hidden = !(done || (stands && !set));
    });
  }

  function setupForm(node) {
    const form = node && node.closest ? node.closest("form") : null;
    return form && form.querySelector(".setup-suggestion") ? form : null;
  }

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      const form = setupForm(event.target);
      if (form) weigh(form);
    });
  });
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll(".setup-suggestion").forEach(function (note) {
      const form = setupForm(note);
      if (form) weigh(form);
    });
  });
  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest(".setup-suggestion button");
    if (!button) return;
    const note = button.closest(".setup-suggestion");
    const form = setupForm(note);
    const field = form && form.elements[note.dataset.field];
    if (!field) return;
    field.value = note.dataset.value;
    const text = note.querySelector("[data-done]");
    note.dataset.offer = text.textContent;
    text.textContent = text.dataset.done;
    button.hidden = true;
    note.classList.add("is-done");
    // The button tapped is gone: the focus stays on the note that says what it did.
    note.tabIndex = -1;
    note.focus();
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".setup-suggestion").forEach(function (note) {
      const form = setupForm(note);
      if (!form) return;
      weigh(form);
      // The same advice as a fixed sentence, for a page without this script: not twice.
      form.querySelectorAll(".setup-hint").forEach(function (hint) { hint.hidden = true; });
    });
  });
})();

// Set-up: the options of a preset tapped arrive in place of the panel (`#options`). On a
// slow network the scorer may open "Adjust the options" and type in it meanwhile: what
// they typed after the request left is put back over the options that arrive, and the
// panel stays open (QA44: the target typed was replaced unseen, the match started with
// the preset's). The `change` sent then asks for the note on the changes, as typing does.
(function () {
  "use strict";

  let typedSince = null; // option field name → value typed since the options were asked for
  let toTell = null; // a field put back, whose change asks for the note once htmx listens

  function isOptions(element) {
    return Boolean(element && element.id === "options");
  }

  function optionField(element) {
    return element && element.name && element.name.startsWith("option_") && element.closest && element.closest("#options");
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isOptions(event.detail.target)) typedSince = new Map();
  });
  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      const field = event.target;
      if (typedSince && optionField(field)) {
        typedSince.set(field.name, field.type === "checkbox" ? field.checked : field.value);
      }
    });
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!isOptions(event.target) || !typedSince) return;
    const typed = typedSince;
    typedSince = null;
    if (!typed.size) return;
    const form = event.target.closest("form");
    let last = null;
    typed.forEach(function (value, name) {
      const field = form.elements[name];
      if (!field) return;
      if (field.type === "checkbox") field.checked = value;
      else field.value = value;
      last = field;
    });
    if (!last) return;
    last.closest("details").open = true;
    toTell = last;
  });
  // Once the new panel is settled: htmx listens to its fields only then.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!isOptions(event.target) || !toTell) return;
    const field = toTell;
    toTell = null;
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
})();
