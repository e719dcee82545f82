// The set-up (and the names corrected after the start): who sits where, who deals first,
// the engine's suggestions as the players sit down, and the options panel. Only the
// pages with seats load it (new_match.html, players.html), not the scoreboard.

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
