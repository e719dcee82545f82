// The installable app: the service worker (served from the site's root so that it
// looks after every page), and the offline page going back to its page by itself.
(function () {
  "use strict";

  const script = document.currentScript;
  if ("serviceWorker" in navigator && script && script.dataset.serviceWorker) {
    navigator.serviceWorker.register(script.dataset.serviceWorker, { scope: "/" }).catch(function () {
      // No worker (private mode, an old browser): every page still works online.
    });
  }

  // The offline page tries its page again when the connection returns, and while the
  // phone believes it is online (a weak signal), a little later each time. At its own
  // address it stands in for no page: nothing to try again, by itself or by a tap.
  const RETRY = "scorepad.offline-retry";
  document.addEventListener("DOMContentLoaded", function () {
    const offline = document.body.dataset.offlinePage;
    if (offline === undefined || window.location.pathname === offline) {
      window.sessionStorage.removeItem(RETRY);
      const again = document.querySelector("[data-try-again]");
      if (again) again.hidden = true; // it would open this page again (QA)
      return;
    }
    window.addEventListener("online", function () { window.location.reload(); });
    if (!navigator.onLine) return;
    const wait = Math.min(Number(window.sessionStorage.getItem(RETRY)) || 1000, 30000);
    window.sessionStorage.setItem(RETRY, String(wait * 2));
    window.setTimeout(function () { window.location.reload(); }, wait);
  });
})();

// A player who opens the rules from a match finds the way back to it at the top of every
// page of the guide (guide/_back_to_match.html): the match is remembered in this tab when
// its board, or a page of it (its names corrected, a round's correction), is shown, kept
// while the tab stays in the guide, and forgotten on any other page. When the match is
// the page just before, the link goes Back to it, as it was left (its place on the page,
// no request on a weak connection).
(function () {
  "use strict";
  const KEY = "scorepad.from-match";
  document.addEventListener("DOMContentLoaded", function () {
    const back = document.querySelector("[data-back-to-match]");
    try {
      const match = document.querySelector("[data-match-page]");
      if (match) { // its board's address, or this page's when it is the board
        const board = new URL(match.dataset.matchPage || window.location.href, window.location.href);
        window.sessionStorage.setItem(KEY, board.pathname);
        return;
      }
      if (!back) {
        window.sessionStorage.removeItem(KEY);
        return;
      }
      const path = window.sessionStorage.getItem(KEY) || "";
      // Only a path of this site ("/…", never "//…").
      if (!/^\/(?![\/\\])/.test(path)) return;
      back.setAttribute("href", path);
      back.hidden = false;
      back.addEventListener("click", function (event) {
        let before = null;
        try {
          before = new URL(document.referrer);
        } catch (error) {
          return; // no page before: the link's own way
        }
        if (before.origin === window.location.origin && before.pathname === path && window.history.length > 1) {
          event.preventDefault();
          window.history.back();
        }
      });
    } catch (error) {
      // No storage in this tab (a private mode): the guide has no way back but Back.
    }
  });
})();

// A page that answers a form sent whole (a sign-in or a set-up sent back with its
// faults, a file imported) is, in the tab's history, that post's answer: Back to it,
// or a Reload, would send the form again, Chrome's "Confirm Form Resubmission" page in
// Scorepad's place (QA). Its entry becomes its address's: Back and Reload ask for the
// page anew (a set-up's Reload keeps what was typed in it, as any set-up's does).
if (document.body && document.body.hasAttribute("data-posted")) {
  window.history.replaceState(window.history.state, "", window.location.href);
}

// The phone's time zone, for the dates and times the pages show
// (scorepad.core.middleware.PhoneTimeZoneMiddleware). Written when it changes (a first
// visit, a trip abroad); the page already shown keeps the default zone's until the next.
(function () {
  "use strict";
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    return; // an old browser: the pages keep the default zone
  }
  // An IANA name is cookie-safe as it is; anything else is not written.
  if (!/^[A-Za-z0-9_+\/-]{1,64}$/.test(zone)) return;
  if (document.cookie.split("; ").indexOf("scorepad_zone=" + zone) !== -1) return;
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = "scorepad_zone=" + zone + "; path=/; max-age=34560000; samesite=lax" + secure;
})();

// The CSRF token as the browser holds it now. Signing in or out in another tab gives the
// browser a new one (Django rotates it), which the forms already on this page do not
// carry: their next post would be refused ("This form has expired") and the round typed
// in it lost. Django takes the cookie's value as well as a form's (its way for scripts),
// so every form htmx sends carries the cookie's.
function currentCsrfToken() {
  "use strict";
  const pair = document.cookie.split("; ").find(function (cookie) { return cookie.startsWith("csrftoken="); });
  return pair ? decodeURIComponent(pair.slice("csrftoken=".length)) : null;
}

document.addEventListener("htmx:configRequest", function (event) {
  "use strict";
  // A round form's button leads to #entry, where the page without JavaScript opens when
  // the round comes back with its faults. htmx would scroll there after its swap, over
  // the first fault brought into sight (showFault), and under the player's fingers.
  const elt = event.detail.elt;
  if (elt && elt.matches && elt.matches("form.round-form")) event.detail.path = event.detail.path.split("#")[0];
  const token = currentCsrfToken();
  if (token && event.detail.verb !== "get" && event.detail.parameters["csrfmiddlewaretoken"] !== undefined) {
    event.detail.parameters["csrfmiddlewaretoken"] = token;
  }
});

// Plain forms too: a language switched on a rules page the service worker kept, asked for
// without this phone's cookies, then read offline (QA: 403 once back online).
document.addEventListener("submit", function (event) {
  "use strict";
  const field = event.target.elements && event.target.elements.csrfmiddlewaretoken;
  const token = currentCsrfToken();
  if (field && token) field.value = token;
});

// A form sent back with its faults: the first one comes into sight, below the sticky
// standing (the board's scroll-padding), where the player scrolled to the form's button,
// and the focus goes to it. What tells what it is about comes with it when the screen
// holds both: the form's title, else its table's column headings (QA: Escoba's counts
// came up under the standing, their headings behind it, bare numbers). Measured once
// every script has laid the form out: the card grids of hands sent back as cards are
// filled in as the form settles, and pushed a fault under them out of sight (QA).
function showFault(fault) {
  "use strict";
  window.setTimeout(function () { showFaultNow(fault); }, 0);
}

function showFaultNow(fault) {
  "use strict";
  const where = fault.closest(".form-errors, .has-error, .field, fieldset") || fault;
  const form = fault.closest("form");
  const named = form && form.closest("[aria-labelledby]");
  const title = form && (form.querySelector(".form-title")
    || (named && document.getElementById(named.getAttribute("aria-labelledby"))));
  const table = fault.closest("table");
  const room = window.innerHeight - (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0);
  // The fault's bottom, or its message's (Escoba's sum, said under the columns).
  const said = (fault.getAttribute("aria-describedby") || "").split(/\s+/).map(function (id) {
    return id && document.getElementById(id);
  }).filter(Boolean);
  const bottom = Math.max.apply(null, [fault].concat(said).map(function (element) {
    return element.getBoundingClientRect().bottom;
  }));
  const context = [title, table].find(function (element) {
    return element && bottom - element.getBoundingClientRect().top <= room;
  });
  (context || where).scrollIntoView({ block: "start" });
  if (!fault.matches("input, select, textarea")) fault.tabIndex = -1;
  fault.focus({ preventScroll: true });
}

// The first fault of a form sent back (in `root`), in the page's order: a message, or a
// field said invalid (in a line at fault, its field, not the line's first box). Not what
// the values put in the form were typed for (offline-rounds.js): no fault of theirs, it
// comes with the form's title when the screen holds both.
function firstFault(root) {
  "use strict";
  return root.querySelector(".form-errors:not(.typed-for), .errorlist, [aria-invalid=true]");
}

// A whole page sent back with a form's faults (no htmx: the set-up, an import) opens
// at the first of them rather than at the top. One opened at a place in it (a round's
// button leads to #entry: a round sent before htmx was ready, on a slow phone or by a
// quick tap, came back as a page) opens at the first fault in that place, if any (CI:
// the focus stayed on the page, not on "Tick who called Cabo.").
document.addEventListener("DOMContentLoaded", function () {
  "use strict";
  let place = document.querySelector("main");
  if (window.location.hash) {
    try {
      place = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    } catch (error) {
      return; // not an address of this page's places
    }
  }
  if (!place) return;
  // Not the list of faults at the top (`_fault_list.html`), whose links lead to fields:
  // the first of those fields, or a fault of the whole form listed there.
  const fault = place.querySelector(".form-errors:not(.fault-list), .has-error, .errorlist");
  if (!fault) return;
  // In a group at fault, the first of its fields still empty (too few players: the
  // next seat to fill, not the first one, already named: QA35), else its first field.
  const fields = Array.from(fault.querySelectorAll("input:not([type=hidden]), select, textarea"));
  const empty = fields.find(function (field) {
    return field.matches("[aria-invalid=true]:not([type=radio]):not([type=checkbox])") && !field.value;
  });
  showFault(empty || fields[0] || fault);
});

// A round gone back to after its correction (saved, or left as it is) comes into sight
// below the sticky standing with its table's heading, the names and the leader's star,
// when the screen holds both: brought alone, round 1 left the heading under the
// standing (QA61). A round too low in a long table for both comes alone.
function showRound(round) {
  "use strict";
  const table = round.closest("table");
  const room = window.innerHeight - (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0);
  const both = table && round.getBoundingClientRect().bottom - table.getBoundingClientRect().top <= room;
  (both ? table : round).scrollIntoView({ block: "start" });
}

// What scrolls into sight on a scoreboard stops below its sticky standing, however tall
// long names or a notice make it: the page's scroll-padding follows its height (the
// standing swapped in after a change is watched in its turn).
const standingResized = window.ResizeObserver ? new ResizeObserver(function () { keepClearOfStanding(); }) : null;
let standingWatched = null;
function keepClearOfStanding() {
  "use strict";
  const standing = document.querySelector(".standing");
  if (!standing) return;
  if (standingResized && standing !== standingWatched) {
    if (standingWatched) standingResized.unobserve(standingWatched);
    standingResized.observe(standing);
    standingWatched = standing;
  }
  document.documentElement.style.setProperty("--standing-height", standing.offsetHeight + "px");
}
document.addEventListener("DOMContentLoaded", keepClearOfStanding);
window.addEventListener("resize", keepClearOfStanding);

// After a round (or any change) htmx replaces the scoreboard: the live region beside it,
// which stays, says once what changed, and the focus goes to where the player goes on.
(function () {
  "use strict";

  // A total a rule set shows a mark ("50↺") that a screen reader reads out as a symbol
  // (QA41): the totals are said without it, and the standing's note says why in words.
  function cells(row) {
    return Array.from(row.querySelectorAll("td"), function (cell) {
      const copy = cell.cloneNode(true);
      copy.querySelectorAll(".mark").forEach(function (mark) { mark.remove(); });
      return copy.textContent.trim();
    });
  }

  // The note opens with the mark it explains ("↺ A total of exactly 100 went back to 50.").
  function said(note) {
    return note.textContent.replace(/^[^\p{L}\p{N}]+/u, "").trim();
  }

  // "Round 2: Ana +3, Ben +0. Total: Ana 12, Ben 7. Round 3 · Ben deals, Ana plays first"
  function summary(board) {
    const parts = [];
    const notice = board.querySelector(".notice");
    if (notice) parts.push(notice.textContent.trim().split("\n")[0]);
    const names = Array.from(board.querySelectorAll(".standing-grid thead .side-name"), function (name) { return name.textContent.trim(); });
    // French sets a (non-breaking) space before its colon, as the page's own texts do.
    const colon = document.documentElement.lang.indexOf("fr") === 0 ? "\u00a0: " : ": ";
    board.querySelectorAll(".standing-grid tbody tr").forEach(function (row) {
      const values = cells(row);
      const label = row.querySelector("th").textContent.trim();
      parts.push(label + colon + names.map(function (name, i) { return name + " " + values[i]; }).join(", "));
    });
    const note = board.querySelector(".standing-note");
    if (note) parts.push(said(note));
    const outcome = board.querySelector(".standing-result, .turn");
    if (outcome) parts.push(outcome.textContent.replace(/\s+/g, " ").trim());
    // One full stop between parts: a notice ends with its own.
    return parts.map(function (part) { return part.replace(/\.\s*$/, ""); }).join(". ");
  }

  function say(text) {
    const region = document.getElementById("announcements");
    if (!region || !text) return;
    region.textContent = text;
  }

  // A change answers with the entry (where its form was) and the other regions out of
  // band; a reload of the board swaps the whole of it.
  let boardSwapped = false;
  // The round a correction sent from the board changed: the board lands on its row.
  let corrected = null;
  // After the swap, not before: a poll's answer that is not swapped in (live.js) says nothing.
  document.addEventListener("htmx:afterSwap", function (event) {
    const target = event.detail.target;
    if (target && (target.id === "scoreboard" || target.id === "entry")) boardSwapped = true;
    const asker = event.detail.requestConfig && event.detail.requestConfig.elt;
    const correction = asker && asker.matches && asker.matches(".correction-form");
    corrected = correction && target && target.id === "entry" ? asker.elements.number.value : null;
  });

  // A legend under the rounds says what a mark in them means ("*" a tiebreak round, "↺"
  // a total a rule set), shown while a row on the board carries it: a round added
  // brings its own row alone, and may drop the oldest (the server's whole boards say
  // it themselves).
  const LEGENDS = { "legend-tiebreak": "tbody.round.is-tiebreak", "legend-adjusted": "tbody.round .mark" };
  function showLegends() {
    const table = document.querySelector("#rounds table.grid");
    if (!table) return;
    Object.keys(LEGENDS).forEach(function (id) {
      const legend = document.getElementById(id);
      if (legend) legend.hidden = !table.querySelector(LEGENDS[id]);
    });
  }

  document.addEventListener("htmx:afterSettle", function () {
    showLegends();
    keepClearOfStanding(); // before anything scrolls into sight
    const board = document.getElementById("scoreboard");
    if (!boardSwapped || !board) return;
    boardSwapped = false;
    const form = board.querySelector("form.round-form");
    const fault = form && firstFault(form);
    if (fault) {
      showFault(fault);
      return; // the form's own alert says what is wrong
    }
    say(summary(board));
    const round = corrected && document.getElementById("round-" + corrected);
    corrected = null;
    if (round) { // as "Leave it as it is" does, the standing saying what changed
      showRound(round);
      const link = round.querySelector("a.why-link");
      if (link) link.focus({ preventScroll: true });
      return;
    }
    const title = form && form.querySelector(".form-title");
    const target = title || board.querySelector(".standing");
    if (target) {
      target.tabIndex = -1;
      target.focus({ preventScroll: true });
    }
    // A tall form (six players) leaves the player at its button: the next round's
    // first line comes back into sight, below the sticky standing (scroll-padding).
    // A round that ended the match leaves no form: its final standings, where the form
    // was, come into sight whole below the standing instead of starting under it.
    const standing = board.querySelector(".standing");
    const shown = title || board.querySelector("#outcome .result");
    if (shown && standing && shown.getBoundingClientRect().top < standing.getBoundingClientRect().bottom) {
      shown.scrollIntoView({ block: "start" });
    }
  });
})();

// A table wider than the phone scrolls sideways in its wrapper: the keyboard must be
// able to reach the wrapper to scroll it, and the eye must see there is more (a shadow
// on the side where the rest is: `scrolls`, `at-end`).
(function () {
  "use strict";

  function markEnd(wrap) {
    wrap.classList.toggle("at-end", wrap.scrollLeft + wrap.clientWidth >= wrap.scrollWidth - 1);
  }

  function reachScrollers() {
    document.querySelectorAll(".table-wrap").forEach(function (wrap) {
      const scrolls = wrap.scrollWidth > wrap.clientWidth;
      wrap.classList.toggle("scrolls", scrolls);
      if (scrolls) {
        wrap.tabIndex = 0;
        markEnd(wrap);
      } else {
        wrap.removeAttribute("tabindex");
      }
    });
  }
  document.addEventListener("DOMContentLoaded", reachScrollers);
  document.addEventListener("htmx:afterSettle", reachScrollers);
  window.addEventListener("resize", reachScrollers);
  document.addEventListener("scroll", function (event) {
    const wrap = event.target;
    if (wrap.classList && wrap.classList.contains("scrolls")) markEnd(wrap);
  }, { capture: true, passive: true });
})();

// A round's "why this score?" is loaded under its row once (htmx, from the number's
// link); tapping the number again hides it or shows it again without asking twice.
// A correction loaded on the board comes into sight with the focus on its title.
(function () {
  "use strict";

  // Every change's answer closes the correction on the board (out of band), but one
  // being typed (or sent back with its faults, or not sent for want of a connection)
  // stays open as it is when the answer is another form's: a round recorded meanwhile,
  // a round kept on the phone sent. Its own answer closes it.
  let answering = null;
  // The same when the whole board comes again (after rounds kept on the phone were
  // sent): the correction being typed is moved into the new board as it is.
  let keptCorrection = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    answering = event.detail.requestConfig ? event.detail.requestConfig.elt : null;
    keptCorrection = null;
    const target = event.detail.target;
    const open = document.querySelector("#correction form.correction-form");
    if (target && target.id === "scoreboard" && open && worthKeeping(open)) {
      keptCorrection = Array.from(document.getElementById("correction").childNodes);
    }
  });
  // A round's or a correction's answer that leaves the standing as it was (faults beside
  // the form's fields): the standing's refusal from an earlier answer no longer holds
  // (QA: "Round 2 was already recorded" stayed above round 3's faults).
  document.addEventListener("htmx:beforeSwap", function (event) {
    const form = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!event.detail.shouldSwap || !form || !form.matches || !form.matches("form.round-form")) return;
    if (/\bid="standing"/.test(event.detail.serverResponse || "")) return;
    document.querySelectorAll("#standing > .notice.is-error:not(.unsent-notice)").forEach(function (notice) { notice.remove(); });
  });
  document.addEventListener("htmx:afterSwap", function () {
    const correction = document.getElementById("correction");
    if (!keptCorrection || !correction) return;
    correction.replaceChildren.apply(correction, keptCorrection);
    keptCorrection = null;
  });
  function worthKeeping(form) {
    return Boolean(form.querySelector(".errorlist, .form-errors, [aria-invalid=true]")) || window.scorepad.changed(form);
  }
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    const target = event.detail.target;
    if (!target || target.id !== "correction") return;
    const form = target.querySelector("form.correction-form");
    const own = answering && answering.closest && answering.closest("#correction");
    if (form && !own && worthKeeping(form)) event.detail.shouldSwap = false;
  });

  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest("a.why-link");
    if (!link) return;
    const row = link.closest("tbody");
    const why = row && row.querySelector("tr.why");
    if (!why) return; // not loaded yet: htmx loads it
    event.preventDefault();
    event.stopPropagation();
    why.hidden = !why.hidden;
    link.setAttribute("aria-expanded", String(!why.hidden));
    if (!why.hidden) showWhy(row);
  }, true);
  // A round low on the screen (a finished match's ranking above its first rounds) opens
  // its "why" under the fold: the round and its "why" come into sight, below the sticky
  // standing (the page's scroll-padding), or nothing seemed to happen (QA36). Not moved
  // when already in sight.
  function showWhy(round) {
    round.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  // "Leave it as it is" closes the correction loaded on the board and goes back to its
  // round (a link to the board at that round: without JavaScript, a page of its own).
  document.addEventListener("click", function (event) {
    const back = event.target.closest && event.target.closest("#correction .edit-back a");
    if (!back) return;
    const url = new URL(back.href);
    const here = new URL(window.location.href);
    if (url.pathname !== here.pathname || url.search !== here.search) return; // another page
    event.preventDefault();
    document.getElementById("correction").replaceChildren();
    const round = document.getElementById(url.hash.slice(1));
    const link = round && round.querySelector("a.why-link");
    if (!round) return;
    showRound(round);
    if (link) link.focus({ preventScroll: true });
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    const target = event.detail.target;
    if (!target) return;
    if (target.matches("tbody.round")) {
      const link = target.querySelector("a.why-link");
      if (link) link.setAttribute("aria-expanded", "true");
      showWhy(target);
    } else if (target.id === "correction") {
      // Sent back with its faults: the first one comes into sight.
      const fault = firstFault(target);
      if (fault) {
        showFault(fault);
        return;
      }
      const title = target.querySelector(".correction-title");
      if (!title) return;
      title.tabIndex = -1;
      title.scrollIntoView({ block: "start" });
      title.focus({ preventScroll: true });
    }
  });
})();

// A page shown again from the browser's history or cache (Back and Forward, a page kept
// in memory, a second tab given the same copy) holds the one-time keys it was sent with,
// maybe used already, and a board as it was then. So every form's one-time key is made
// here, anew each time the page is shown and after each swap (a form sent again as it
// is, a double tap or a retry, still carries the same key), and a board shown from the
// history is asked for again. Without JavaScript the server's keys stand.
(function () {
  "use strict";

  // The next round's form (a correction, also posted by htmx, is not one: it is
  // never kept on the phone nor drafted as the next round).
  const ENTRY_FORM = "form.round-form[hx-post]:not(.correction-form)";

  // Also the offline rounds' (offline-rounds.js, loaded after this file).
  function freshKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, function (byte) { return byte.toString(16).padStart(2, "0"); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  // A form's fields set from `values` (URLSearchParams: a form's own encoding), its
  // hidden fields and buttons left alone: a round put back (offline-rounds.js), the
  // filters of an address shown again.
  function fillForm(form, values) {
    Array.from(form.elements).forEach(function (field) {
      if (!field.name || ["hidden", "submit", "button"].includes(field.type)) return;
      if (field.type === "checkbox" || field.type === "radio") {
        field.checked = values.getAll(field.name).includes(field.value);
      } else {
        field.value = values.get(field.name) || "";
      }
    });
  }

  // Whether a form's fields differ from what its page came with (hidden fields and
  // buttons aside): someone typed into it (a correction on the board, a round's form
  // that a follower's next board must not wipe, live.js).
  function changed(form) {
    return Array.from(form.elements).some(function (field) {
      if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
      if (field.tagName === "SELECT") {
        return Array.from(field.options).some(function (option) { return option.selected !== option.defaultSelected; });
      }
      const typed = field.tagName === "INPUT" || field.tagName === "TEXTAREA";
      return typed && field.type !== "hidden" && field.value !== field.defaultValue;
    });
  }

  // The page's lists of matches asked for again, in one request: shown by Back, the
  // rounds played since not counted (lists.js), or rounds kept on this phone just sent
  // from it (offline-rounds.js). The answer goes into the lists as they are when it
  // comes, and an answer a later ask overtook is set aside (CI: Back's ask, answered
  // before the kept round was recorded, came after the one asked once it was, and the
  // list said "5 rounds played" under "now recorded"). Resolves to whether the lists
  // were swapped, by its answer or by the one that overtook it (nothing asked on a page
  // without such lists).
  const LISTS = "[data-fresh-on-back][id]";
  let listsAsked = 0;
  let latestAsk = null;
  function freshenLists() {
    if (!document.querySelector(LISTS)) return Promise.resolve(false);
    const ask = ++listsAsked;
    latestAsk = fetch(window.location.href, { headers: { "HX-Request": "true" } }).then(function (answer) {
      return answer.ok ? answer.text() : "";
    }).then(function (html) {
      if (ask !== listsAsked) return latestAsk;
      if (!html || !window.htmx) return false;
      const now = new DOMParser().parseFromString(html, "text/html");
      if (now.documentElement.lang && now.documentElement.lang !== document.documentElement.lang) {
        // The language switched in another tab: the page as it is now, not lists in
        // one language under a page in another (QA).
        window.location.reload();
        return false;
      }
      let swapped = false;
      document.querySelectorAll(LISTS).forEach(function (list) {
        const fresh = now.getElementById(list.id);
        if (!fresh || !list.isConnected) return; // inside a list swapped just before
        if (Array.from(list.querySelectorAll("form")).some(changed)) return; // being typed in
        window.htmx.swap(list, fresh.outerHTML, { swapStyle: "outerHTML" });
        swapped = true;
      });
      return swapped;
    }, function () {
      // No connection: the copy stays, as the page itself would have.
      return ask === listsAsked ? false : latestAsk;
    });
    return latestAsk;
  }

  window.scorepad = Object.assign(window.scorepad || {}, {
    freshKey: freshKey, fillForm: fillForm, changed: changed, freshenLists: freshenLists,
  });

  function freshKeys(root) {
    (root || document).querySelectorAll("input[data-once]").forEach(function (input) { input.value = freshKey(); });
  }

  function fromHistory() {
    const entry = window.performance.getEntriesByType("navigation")[0];
    return Boolean(entry && entry.type === "back_forward");
  }

  // The board comes back only if the match changed meanwhile: one that did not stays as
  // it is. A board that follows its match (live.js: a follower's, and an owner's, which
  // asks when told to) asks its own way, which keeps what is being typed.
  let askedForTheBoard = false; // until its answer is swapped in or set aside
  function askForTheBoard() {
    const board = document.getElementById("scoreboard");
    if (!board || !window.htmx) return;
    const poll = document.querySelector("[data-live-poll]");
    if (poll) {
      window.htmx.trigger(poll, "poll-now");
      return;
    }
    const address = window.location.pathname + window.location.search;
    askedForTheBoard = true;
    window.htmx.ajax("GET", address, { target: "#scoreboard", swap: "outerHTML" });
  }

  function shownVersion(root) {
    const standing = root.querySelector("#standing");
    return standing ? standing.dataset.boardOf + "/" + standing.dataset.version : null;
  }

  // Also the offline rounds' (a round refused in another tab, offline-rounds.js).
  window.scorepad.askForTheBoard = askForTheBoard;
  // Also a round put back in the form (offline-rounds.js): kept at once, not after the
  // input event's turn, or a board answering in between brings its fresh form empty.
  window.scorepad.keepDraft = keepDraft;

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!askedForTheBoard || !event.detail.target || event.detail.target.id !== "scoreboard") return;
    askedForTheBoard = false;
    let swapped = Boolean(event.detail.xhr && event.detail.xhr.status === 200);
    if (swapped) {
      const now = new DOMParser().parseFromString(event.detail.serverResponse, "text/html");
      const version = shownVersion(document);
      swapped = !(version && version === shownVersion(now));
    }
    if (!swapped) event.detail.shouldSwap = false;
  });
  document.addEventListener("htmx:sendError", function () { askedForTheBoard = false; });
  // A request with no answer after the time the page allows (base.html's htmx-config)
  // is one that did not get through (QA25: a swallowed round left its button greyed for
  // good): what a lost connection does follows (a round kept and sent again, its
  // one-time key making that harmless; a note; a correction's message).
  document.addEventListener("htmx:timeout", function (event) {
    window.htmx.trigger(event.target, "htmx:sendError", event.detail);
  });

  // A link, button or form tapped without a connection (a round number's "why this
  // score?", "Show all", "Delete round 2"...) would otherwise do nothing at all: a note
  // in sight says why, for a few seconds, until the next tap (which goes through it:
  // the round's form under it keeps working offline), an answer, or the connection
  // back. The round forms say it themselves (and keep the round), and what a page asks
  // for by itself (a follower's board, the board after rounds kept here) goes unsaid.
  const notReached = function () { return document.getElementById("not-reached"); };
  let noteTimer = null;
  function noteDone() {
    const note = notReached();
    if (note) note.hidden = true;
    window.clearTimeout(noteTimer);
  }
  function noteShown() {
    const note = notReached();
    if (!note) return false;
    note.hidden = false;
    window.clearTimeout(noteTimer);
    noteTimer = window.setTimeout(noteDone, 8000);
    return true;
  }
  // A link to a page kept for reading offline (a walkthrough's next step, loaded in
  // place) goes to that page instead, which the service worker keeps (QA: "Next" only
  // said that the server was needed).
  const appScript = document.querySelector("script[data-readable-offline]");
  const readable = appScript ? appScript.dataset.readableOffline.split(" ").filter(Boolean) : [];
  function keptForReading(link) {
    const url = new URL(link.href, window.location.href);
    return url.origin === window.location.origin && readable.some(function (prefix) {
      return url.pathname.startsWith(prefix);
    });
  }
  document.addEventListener("htmx:sendError", function (event) {
    const elt = event.detail.requestConfig ? event.detail.requestConfig.elt : event.detail.elt;
    if (!elt || !elt.matches) return;
    if (!elt.matches("a, button, form") || elt.matches("[data-live-poll], form.round-form")) return;
    if (elt.matches("a[href]") && keptForReading(elt)) {
      window.location.assign(elt.href);
      return;
    }
    noteShown();
  });
  // The same for a plain link or form, when the phone knows it has no connection: it
  // would leave this page for the offline page (the browser's own error page, for a
  // form), and Back would not bring the page back. Links to the pages kept for reading
  // offline (the rules) still go; htmx's own requests say it above.
  document.addEventListener("click", function (event) {
    if (navigator.onLine || event.defaultPrevented || event.button !== 0) return;
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link || link.target || link.hasAttribute("download") || link.hasAttribute("hx-get")) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    if (url.pathname === window.location.pathname && url.search === window.location.search) return; // in the page
    if (keptForReading(link)) return;
    if (noteShown()) event.preventDefault();
  });
  document.addEventListener("submit", function (event) {
    if (navigator.onLine || event.defaultPrevented) return;
    const form = event.target;
    if (form.closest("[hx-post], [hx-get]")) return; // htmx's: kept (a round) or said above
    if (noteShown()) event.preventDefault();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr && event.detail.xhr.status) noteDone();
  });
  document.addEventListener("click", noteDone, true); // before the tap's own request
  window.addEventListener("online", noteDone);
  document.addEventListener("scorepad:not-reached", noteShown); // a request of a script's own

  // A round being typed is kept in this tab (sessionStorage) as it is typed, and put back
  // into its form when the page shows it again empty: after Back from another page,
  // a Reload, or any answer that brings a fresh form for it (the board asked for again,
  // a correction saved: QA, it came back empty and a Reload then forgot it). It is that
  // round's only: a form for another round number (a round deleted or recorded
  // meanwhile) forgets it, and so does sending the round (until it comes back with its
  // faults: then it is kept again, as the server's form shows it).
  const DRAFT = "scorepad.draft:";
  const SERVERS = ["csrfmiddlewaretoken", "number", "entry_key", "seen", "shown"];

  function roundForm(root) {
    const form = root.querySelector(ENTRY_FORM);
    return form && form.elements.number ? form : null;
  }

  function entered(form) {
    return Array.from(form.elements).filter(function (field) {
      return field.name && SERVERS.indexOf(field.name) < 0 && field.type !== "submit" && field.type !== "button";
    });
  }

  // As the page served it (`changed`): a choice ticked from the start (Escoba's "no
  // escoba" on the opening table) is not something typed (QA23).
  // Nor a round put back into it from the list of rounds not recorded (offline-rounds.js),
  // whose values may be the very ones the server's form holds (CI: kept at once, then
  // taken for the server's own, and forgotten).
  function untouched(form) {
    return !changed(form) && !form.hasAttribute("data-retyped") && !form.hasAttribute("data-put-back");
  }

  function keepDraft(form) {
    const key = DRAFT + form.getAttribute("action");
    try {
      if (untouched(form)) {
        window.sessionStorage.removeItem(key);
        return;
      }
      window.sessionStorage.setItem(key, JSON.stringify({
        number: form.elements.number.value,
        // Sent already and sent back (with its faults, or as a correction of a round
        // deleted meanwhile): checked again when put back (`checkAgain`).
        sent: form.hasAttribute("data-retyped"),
        fields: entered(form).map(function (field) {
          return { name: field.name, type: field.type, value: field.value, checked: field.checked };
        }),
      }));
    } catch (error) {
      // No storage (private mode, full): the round is only on the screen.
    }
  }

  // The round being typed kept for `form`'s match, if one is (its number and fields).
  function keptDraft(form) {
    try {
      return JSON.parse(window.sessionStorage.getItem(DRAFT + form.getAttribute("action")) || "null");
    } catch (error) {
      return null;
    }
  }

  function putBackDraft(root) {
    const form = roundForm(root || document);
    if (!form || !untouched(form) || form.querySelector(".errorlist, .form-errors")) return;
    const draft = keptDraft(form);
    if (!draft || draft.number !== form.elements.number.value) return;
    const fields = entered(form);
    draft.fields.forEach(function (was) {
      fields.forEach(function (field) {
        if (field.name !== was.name || field.type !== was.type) return;
        if (field.type === "checkbox" || field.type === "radio") {
          if (field.value === was.value) field.checked = was.checked;
        } else {
          field.value = was.value;
          // Shown, as the server shows a value sent back (Cabo's picked cards).
          const closed = was.value && field.closest("details:not([open])");
          if (closed) closed.open = true;
        }
      });
    });
    if (draft.sent) {
      form.setAttribute("data-retyped", ""); // still what was sent, as typed on since
      checkAgain(form);
    }
  }

  // A round sent back with its faults and put back here (a Reload, Back): its faults
  // show again as sending it showed them, beside their fields, in the page's language,
  // the first in sight. The server checks it again (the form's validation, nothing
  // recorded) and answers as it answered the round, or with nothing when nothing is
  // wrong now. A round only typed is not checked: half a round is no mistake.
  function checkAgain(form) {
    if (!window.htmx) return;
    const values = new FormData(form);
    values.delete("csrfmiddlewaretoken"); // not in an address
    checking = { form: form, typed: valuesOf(form) };
    window.htmx.ajax("GET", form.getAttribute("action"), { target: "#entry", swap: "outerHTML", values: values });
  }
  // The round checked again, as it was put back: a player who typed on before the
  // answer came keeps what they typed (the answer holds the round as it was put back).
  let checking = null;
  function valuesOf(form) {
    return JSON.stringify(entered(form).map(function (field) { return [field.name, field.value, field.checked]; }));
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    const asked = event.detail.requestConfig;
    if (!checking || !asked || asked.verb !== "get" || !event.detail.target || event.detail.target.id !== "entry") return;
    const form = checking.form;
    const typed = checking.typed;
    checking = null;
    if (!form.isConnected || valuesOf(form) !== typed) event.detail.shouldSwap = false;
  });

  // Sending forgets the round: the server has it. The tap on the button that sent it
  // (or Enter, the browser's tap on it) asked for a keeping just before, run after the
  // sending: it must not keep it again, or the round that ended a match, deleted, came
  // back filled as it was sent, no next round's form having forgotten it (QA36).
  let sends = 0;
  function keepSoon(form) {
    const asOf = sends;
    // A form a swap took away meanwhile was kept as it went (below): its round, kept
    // again now, would outlive the fresh form's forgetting it (a round deleted under it).
    window.setTimeout(function () { if (sends === asOf && form.isConnected) keepDraft(form); }, 0);
  }

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      const form = event.target.closest && event.target.closest(ENTRY_FORM);
      // Kept once every listener of this input did its part: Cabanga!'s points typed
      // clear its counts (scorepad.js), which must not come back (QA24).
      if (form && form.elements.number) keepSoon(form);
      roundBegun(event);
    });
  });
  // The ± buttons and the card picker change fields without an input event.
  document.addEventListener("click", function (event) {
    const form = event.target.closest && event.target.closest(ENTRY_FORM);
    if (form && form.elements.number) keepSoon(form);
    // A tap on one of the form's controls begins the round as typing does: a card picked
    // (or the grid opened), the ± key, a hand box (the phone's keyboard then takes half
    // the screen). Not its sending button: the round's answer brings its own standing.
    if (event.target.closest && event.target.closest("button[type=button], summary, label, input, select, textarea")) {
      roundBegun(event);
    }
  });
  // Begun by the player: what the standing told (a correction, a deletion), read
  // already, steps aside (CSS), leaving the form the room the keyboard and the card grid
  // need (QA22, F52), until the round's answer. Only the player's own doing (a trusted
  // event): not a round put back after a Reload, nor a focus a script gave (htmx gives a
  // field's focus back after a swap, a fault takes it), so the notice and its Undo stay
  // in sight until the player begins.
  function roundBegun(event) {
    const standing = document.getElementById("standing");
    if (standing && event.isTrusted && event.target.closest && event.target.closest("form.round-form")) {
      standing.classList.add("typing");
    }
  }
  // Leaving the page (a Reload, a language switched) before that deferred keeping ran:
  // the round as it stands now, or its last tap is lost.
  window.addEventListener("pagehide", function () {
    const form = roundForm(document);
    if (form) keepDraft(form);
  });
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.matches(ENTRY_FORM)) return;
    sends += 1;
    forgetDraft(form);
  }, true);
  function forgetDraft(form) {
    try {
      window.sessionStorage.removeItem(DRAFT + form.getAttribute("action"));
    } catch (error) {
      // nothing kept
    }
  }


  document.addEventListener("DOMContentLoaded", function () { putBackDraft(document); });
  // The round's form that a swap may replace: a form swapped in is another one.
  let formBefore = null;
  // It is kept as it stands as it goes, not as of its last keeping: the answer can come
  // between a tap and that tap's keeping, which runs after it (CI: the board asked for
  // again once its kept round was sent took the caller just ticked). Not the form's own
  // round, sent or on its way, whatever answer comes first: the server has it (QA36).
  document.addEventListener("htmx:beforeSwap", function (event) {
    formBefore = roundForm(document);
    if (!formBefore || untouched(formBefore) || formBefore.classList.contains("htmx-request")) return;
    const asked = event.detail.requestConfig;
    if (!asked || asked.elt !== formBefore) keepDraft(formBefore);
  });
  // Put back before the forms are prepared (scorepad.js, on afterSettle), so that the
  // picked cards show.
  document.addEventListener("htmx:afterSwap", function () {
    const form = roundForm(document);
    if (!form || form === formBefore) return;
    // What was typed, put in the form by the server: a correction of a round deleted
    // meanwhile (the next round's form), or a round sent back with its faults. Kept at
    // once, as if typed there (QA28: a Reload emptied it; sending it had forgotten it).
    if (form.hasAttribute("data-retyped")) {
      keepDraft(form);
      return;
    }
    // A fresh form for the round being typed (a correction saved, the board asked for
    // again): what was typed goes back in, or the next Reload would keep the empty form
    // over it. One for another round: what was typed belonged to a round that changed
    // under it (deleted and entered again), never brought back into this one or later.
    const draft = keptDraft(form);
    if (!draft) return;
    if (draft.number === form.elements.number.value) {
      putBackDraft(document);
    } else if (untouched(form)) {
      forgetDraft(form);
    }
  });

  // What only a page shown again by Back says (the set-up of a match just started).
  // The page comes back where it was left, the button tapped at the foot of the screen:
  // the note shown there, taller than that button, is brought into sight whole once the
  // browser has put the page back there (QA: its own button ran below the screen).
  function shownByBack() {
    const notes = document.querySelectorAll("[data-shown-by-back]");
    notes.forEach(function (note) { note.hidden = false; });
    if (!notes.length) return;
    function bringIntoSight() {
      window.requestAnimationFrame(function () { notes[0].scrollIntoView({ block: "nearest" }); });
    }
    if (document.readyState === "complete") bringIntoSight();
    else window.addEventListener("load", bringIntoSight, { once: true });
  }

  document.addEventListener("DOMContentLoaded", function () {
    freshKeys(document);
    if (fromHistory()) {
      askForTheBoard();
      shownByBack();
    }
  });
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    freshKeys(document);
    askForTheBoard();
    shownByBack();
  });
  document.addEventListener("htmx:historyRestore", function () {
    freshKeys(document);
    askForTheBoard();
  });
  // What a swap brought in may be a copy too (a fragment from the browser's cache); a
  // form the swap left alone keeps its key, for a retry of what it sent.
  document.addEventListener("htmx:afterSettle", function (event) {
    const swapped = event.target; // the new content (the event's detail names the old)
    freshKeys(swapped && swapped.isConnected && swapped.querySelectorAll ? swapped : document);
  });
})();

// The language switcher goes back to the page as it is now: an htmx navigation that
// changes the address (a walkthrough's step, a card looked up) changes where it goes.
(function () {
  "use strict";

  function follow() {
    const here = window.location.pathname + window.location.search;
    document.querySelectorAll("form.langs input[name=next]").forEach(function (input) {
      input.value = here;
    });
  }
  document.addEventListener("htmx:pushedIntoHistory", follow);
  document.addEventListener("htmx:replacedInHistory", follow);

  // The page in the language chosen takes the place of the one it was in: Back then goes
  // to the page before, not to this one again (QA: the first Back seemed to do nothing).
  // Asked for without a way back, Django sets the language and answers 204; a refusal
  // and the form goes as without this script. Without a connection the page stays, as
  // any tap leaves it then (the note says why; QA: the browser's error page took its
  // place, and a set-up typed was lost).
  document.addEventListener("submit", function (event) {
    const form = event.target;
    const button = event.submitter;
    const next = form.matches("form.langs") && form.elements.next;
    if (!next || !button || !window.fetch || event.defaultPrevented) return;
    event.preventDefault();
    const values = new FormData(form);
    values.delete("next");
    values.append(button.name, button.value);
    fetch(form.action, { method: "POST", body: values, headers: { Accept: "application/json" } }).then(function (answer) {
      if (answer.status === 204) {
        window.location.replace(next.value);
        return;
      }
      form.append(Object.assign(document.createElement("input"), { type: "hidden", name: button.name, value: button.value }));
      form.submit();
    }, function () {
      document.dispatchEvent(new Event("scorepad:not-reached"));
    });
  });

  // A page shown again by Back or Forward as the browser kept it (whole, or its copy)
  // after a language was chosen since: loaded again in that language (QA: the page
  // before the switch came back in the language left, and a round recorded then mixed
  // the two).
  window.addEventListener("pageshow", function (event) {
    const entry = window.performance.getEntriesByType("navigation")[0];
    if (!navigator.onLine || !(event.persisted || (entry && entry.type === "back_forward"))) return;
    const cookie = document.cookie.split("; ").find(function (pair) { return pair.startsWith("django_language="); });
    const chosen = cookie ? cookie.slice("django_language=".length) : "";
    const offered = Array.from(document.querySelectorAll("form.langs [name=language]")).map(function (button) { return button.value; });
    if (offered.indexOf(chosen) >= 0 && chosen !== document.documentElement.lang) window.location.reload();
  });
})();

// A correction open on the board and typed into (or sent back with its faults) is kept
// in this tab as it is typed, and opened again with what was typed whenever this board
// is shown anew: a Reload, Back then Forward, the board reached again from another page,
// a language switched, a sign-in. Nothing was saved, so nothing is dropped: it goes once
// it is saved, left as it is, or its round deleted (the server then says so on the
// board). Its round changed meanwhile (another phone's correction): it opens as the round
// now is, and says what was typed is not put back. One is kept a board (its address's
// path): two matches in one tab never share it. (Its own address pushed into the history
// instead would make a Reload open the correction's page without the board, and Back
// close it rather than leave the board.)
(function () {
  "use strict";

  const CORRECTING = "scorepad.correcting:";
  // Said on the form reopened as its round now is: not a fault of what was typed.
  const NOT_TYPED = "data-not-put-back";

  function region() {
    return document.getElementById("correction");
  }

  function openForm() {
    const here = region();
    return here && here.querySelector("form.correction-form");
  }

  function worthKeeping(form) {
    const faults = form.querySelector(".errorlist, .form-errors:not([" + NOT_TYPED + "]), [aria-invalid=true]");
    return Boolean(faults) || window.scorepad.changed(form);
  }

  // Kept, not yet open again (on its way, or its answer lost with the connection): an
  // empty board must not forget it.
  let waiting = null;

  function keepCorrection() {
    if (!region()) return; // not a board
    const form = openForm();
    if (!form && waiting) return;
    if (form) waiting = null; // another one opened meanwhile: that one is kept
    const key = CORRECTING + window.location.pathname;
    try {
      if (!form || form.hasAttribute("data-left") || !worthKeeping(form)) {
        window.sessionStorage.removeItem(key);
        return;
      }
      const values = new URLSearchParams(new FormData(form));
      values.delete("csrfmiddlewaretoken");
      window.sessionStorage.setItem(key, JSON.stringify({ url: form.getAttribute("action"), values: values.toString() }));
    } catch (error) {
      // No storage: the correction is only on the screen.
    }
  }

  // Kept once every listener of the tap or keystroke did its part (the card picker's
  // points), after each answer (faults, the correction closed), and as the page goes.
  ["input", "change", "click"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      if (event.target.closest && event.target.closest("#correction")) window.setTimeout(keepCorrection, 0);
    });
  });
  document.addEventListener("htmx:afterSettle", keepCorrection);
  window.addEventListener("pagehide", keepCorrection);
  // "Leave it as it is": closed on the board (above), or its link followed to
  // the board of all the rounds; stopped for want of a connection, it stays open.
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("#correction .edit-back a")) return;
    const form = openForm();
    if (form && !event.defaultPrevented) form.setAttribute("data-left", "");
    keepCorrection();
  });

  function keptHere() {
    try {
      return JSON.parse(window.sessionStorage.getItem(CORRECTING + window.location.pathname) || "null");
    } catch (error) {
      return null;
    }
  }

  function putBack(form, typed) {
    const values = new URLSearchParams(typed.values);
    if (form.elements.shown && form.elements.shown.value !== values.get("shown")) {
      const said = region().querySelector("[data-changed-meanwhile]");
      if (said) {
        const notice = document.createElement("div");
        notice.className = "form-errors";
        notice.setAttribute("role", "alert");
        notice.setAttribute(NOT_TYPED, "");
        notice.textContent = said.dataset.changedMeanwhile;
        form.insertBefore(notice, form.firstElementChild);
      }
      return;
    }
    window.scorepad.fillForm(form, values);
    form.querySelectorAll(".card-codes").forEach(function (field) {
      field.dispatchEvent(new Event("input", { bubbles: true })); // the picked cards shown
    });
    // Those move a kamikaze list as the cards picked say (scorepad.js): it comes back as
    // typed, a player chosen there by hand too (QA: it fell back to "nobody", and the
    // correction saved turned the kamikaze round into a plain call).
    form.querySelectorAll("select").forEach(function (list) {
      if (values.has(list.name)) list.value = values.get(list.name);
    });
  }

  function reopen(typed, tries) {
    const here = region();
    let asked = null;
    function sent(event) {
      if (event.detail.elt === here) asked = event.detail.xhr;
    }
    document.addEventListener("htmx:beforeRequest", sent);
    window.htmx.ajax("GET", typed.url, { source: here, target: here, swap: "innerHTML" }).then(opened, opened);
    document.removeEventListener("htmx:beforeRequest", sent);
    function opened() {
      if (!asked || !asked.status) return; // still kept, for the next time the board is shown
      // The whole board came again meanwhile (Back: asked for anew): into the new one. An
      // answer sent elsewhere (its round deleted: said on the board) is no correction.
      if (!here.isConnected && !asked.getResponseHeader("HX-Retarget") && tries > 0) {
        reopen(typed, tries - 1);
        return;
      }
      waiting = null;
      const form = openForm();
      if (form) {
        putBack(form, typed);
        region().scrollIntoView({ block: "start" });
      }
      keepCorrection(); // as it now is: nothing, if its round is gone or shown anew
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    const typed = keptHere();
    if (!region() || !window.htmx || !typed || !typed.url) return;
    waiting = typed;
    reopen(typed, 1);
  });
})();

// What an htmx swap brought in is in sight: a walkthrough's step takes the focus to its
// title when the link tapped went with the step before (`data-focus-on-swap`; the next
// Tab then goes on in the step, not to the footer), and an answer asked for lower down
// the page (a card looked up, the fifteens found) scrolls into view (`data-show-on-swap`).
(function () {
  "use strict";

  document.addEventListener("htmx:afterSettle", function (event) {
    const swapped = event.target;
    if (!swapped || !swapped.isConnected || !swapped.querySelector) return;
    const lost = !document.activeElement || document.activeElement === document.body;
    const title = swapped.matches("[data-focus-on-swap]") ? swapped : swapped.querySelector("[data-focus-on-swap]");
    if (title && lost) {
      title.focus();
      return;
    }
    const answer = swapped.matches("[data-show-on-swap]") ? swapped : swapped.querySelector("[data-show-on-swap]");
    if (answer) showAnswer(answer);
  });

  // An answer taller than the room under the sticky top bar (a card's, on a 320 px
  // phone) brought "nearest" had its foot aligned and its heading under the bar (QA47):
  // its top comes into sight, below the bar (the page's scroll-padding), unless it is.
  function showAnswer(answer) {
    const bar = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const head = (answer.firstElementChild || answer).getBoundingClientRect();
    if (answer.getBoundingClientRect().height <= window.innerHeight - bar) {
      answer.scrollIntoView({ block: "nearest" });
    } else if (head.top < bar || head.bottom > window.innerHeight) {
      answer.scrollIntoView({ block: "start" });
    }
  }
})();
