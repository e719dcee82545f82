// A shared scoreboard follows its match (templates/matches/live.html, and the owner's
// page while a co-scorer link works). A poller asks for the board again and again with
// the ETag of the last board it got, set here by hand: the browser's own cache would
// turn the server's 304 into the cached 200 and htmx would swap it in. A 304 swaps
// nothing; a board swaps in only when its match moved on (data-version), and around
// the forms the person is filling in, left as they are (`keepUpAround`). A link that stopped
// working answers 404 with HX-Refresh: the page reloads into "no longer works" (which
// comes back if the link works again), unless a co-scorer has a round typed there; one
// that went on to the match played again reloads into that match.
(function () {
  "use strict";

  // The board this tab showed before it reloaded into the match played again: the page
  // then says so, in the standing, where the other match's totals took the old ones'.
  const WENT_ON = "scorepad:went-on";

  function sayWentOn() {
    let from = null;
    try {
      from = sessionStorage.getItem(WENT_ON);
      sessionStorage.removeItem(WENT_ON);
    } catch (e) {
      return;
    }
    const standing = document.getElementById("standing");
    const poll = document.querySelector("[data-live-poll][data-went-on]");
    if (!from || !standing || !poll || from === standing.getAttribute("data-board-of")) return;
    const notice = document.createElement("div");
    notice.className = "notice went-on";
    notice.setAttribute("role", "status");
    notice.textContent = poll.dataset.wentOn;
    standing.prepend(notice);
  }
  sayWentOn();

  // The element that asked: `requestConfig.elt` once the answer is in (`elt` is then the
  // target), `elt` before the request.
  function poller(event) {
    const config = event.detail.requestConfig;
    const elt = config ? config.elt : event.detail.elt;
    return elt && elt.matches && elt.matches("[data-live-poll]") ? elt : null;
  }

  // A change's answer swaps the standing (out of band), not the board: the standing
  // says which version the page shows since (a round refused as a conflict shows the
  // board as it now is, with its notice, which the next poll must not wipe).
  function versionOf(board) {
    const shown = document.getElementById("standing") || board;
    return shown ? Number(shown.getAttribute("data-version")) : -1;
  }

  // Someone is entering or correcting a round here: a correction is open (it was asked
  // for), or a field of the round's form has the focus or differs from the form sent.
  function beingFilled(board) {
    if (!board) return false;
    return Array.from(board.querySelectorAll("form.round-form")).some(changedOrFocused);
  }

  function changedOrFocused(form) {
    const active = document.activeElement;
    if (form.contains(active) && active.matches("input, select, textarea")) return true;
    return window.scorepad.changed(form);
  }

  // A board being filled keeps up all the same (QA37: a co-scorer typing round 3 read
  // round 2's totals after the scorer's round 3 ended the match): every part of it is
  // swapped but those holding a form being typed in (or a correction open), left in
  // place untouched (the focus, the caret and what is typed stay, keystroke after
  // keystroke). A round form whose round was recorded meanwhile, or whose match ended,
  // says so at its top; what was typed stays in sight, to be read out or sent (the
  // server then answers as it does).
  function keepUpAround(board, html) {
    const answer = document.createElement("template");
    answer.innerHTML = html;
    const fresh = answer.content.getElementById("scoreboard");
    if (!fresh) return false;
    const typing = document.querySelector("#standing.typing");
    // Read before its parts go into the page.
    const abandoned = Boolean(fresh.querySelector(".standing-abandoned"));
    Array.from(fresh.children).forEach(function (part) {
      const shown = part.id && board.querySelector(":scope > #" + part.id);
      if (!shown) return;
      const forms = shown.querySelectorAll("form.round-form");
      // A correction open stays open: it was asked for.
      const kept = Array.from(forms).filter(function (form) {
        return form.matches(".correction-form") || changedOrFocused(form);
      });
      if (!kept.length) {
        shown.replaceWith(part);
        if (window.htmx) window.htmx.process(part);
        return;
      }
      // A form being sent says nothing: the round the board brought may be its own, its
      // answer late or lost (QA: "Round 1 was already recorded, maybe from another
      // phone" of this phone's round); its answer, or its keeping, says what became of it.
      kept.forEach(function (form) {
        if (!form.classList.contains("htmx-request")) saySupplanted(form, part, abandoned);
      });
    });
    board.setAttribute("data-version", fresh.getAttribute("data-version"));
    const players = answer.content.getElementById("live-players");
    const named = document.getElementById("live-players");
    if (players && named) {
      players.removeAttribute("hx-swap-oob");
      named.replaceWith(players);
    }
    const standing = document.getElementById("standing");
    if (typing && standing) standing.classList.add("typing"); // its notices stay aside
    // What follows a swap (the legends, the rounds kept on this phone...) follows this one.
    if (window.htmx && standing) window.htmx.trigger(standing, "htmx:afterSettle", { target: standing });
    return true;
  }

  // `form` kept over `part`, the board's fresh counterpart of its place (`abandoned`: the
  // match, which then has no round to play). The form follows the match's next round
  // down to one deleted meanwhile (QA: round 4 half typed, the scorer deleted round 3:
  // "Round 4 was already recorded" in red, nothing sent) and back up, never past the
  // round it was begun as: a round recorded meanwhile took that number.
  function saySupplanted(form, part, abandoned) {
    if (form.matches(".correction-form") || !form.elements.number) return;
    const next = part.querySelector("form.round-form");
    const begunAs = Number(form.dataset.begunAs || form.elements.number.value);
    if (next && next.elements.number && Number(next.elements.number.value) <= begunAs) {
      const kept = Number(next.elements.number.value) === Number(form.elements.number.value) || sameEntry(form, next);
      follow(kept ? form : carriedOver(form, next), next, begunAs);
      return;
    }
    let notice = form.querySelector(".recorded-meanwhile");
    // Said again above the form's button, where the thumb goes to send what it typed:
    // the top of a form of four players is out of sight while its last lines are typed
    // (QA: the player learnt it only from the refusal). Read out once, at the top.
    let again = form.querySelector(".meanwhile-at-send");
    // Nothing was sent: no round "not recorded", only one that cannot be any more.
    const words = next ? form.dataset.recordedMeanwhile : abandoned ? form.dataset.abandonedMeanwhile : form.dataset.overMeanwhile;
    if (!words || (notice && notice.textContent === words)) return;
    if (!notice) {
      notice = document.createElement("div");
      notice.className = "form-errors recorded-meanwhile";
      notice.setAttribute("role", "alert");
      const title = form.querySelector(".form-title");
      if (title) title.after(notice);
      else form.prepend(notice);
    }
    notice.textContent = words;
    const send = form.querySelector("button.wide[type=submit]");
    if (!again && send) {
      again = document.createElement("div");
      again.className = "form-errors meanwhile-at-send";
      again.setAttribute("aria-hidden", "true");
      send.before(again);
    }
    if (again) again.textContent = words;
  }

  // The fields a player fills in, as (name, type, value of a choice): two forms alike
  // take the same round, whatever its number.
  function entryOf(form) {
    return Array.from(form.elements).filter(function (field) {
      return field.name && !["hidden", "submit", "button"].includes(field.type);
    }).map(function (field) {
      const choice = field.type === "checkbox" || field.type === "radio";
      return [field.name, field.type, choice ? field.value : ""].join(" ");
    }).join("\n");
  }

  function sameEntry(form, next) {
    return entryOf(form) === entryOf(next);
  }

  // The next round's form, another round's, takes another entry (a tiebreak's players,
  // the tiebreak deleted): it takes the kept one's place with what was typed in the
  // fields they share, the focus where it was if that field is still there.
  function carriedOver(form, next) {
    const typed = new URLSearchParams(new FormData(form));
    const focused = form.contains(document.activeElement) ? document.activeElement.name : null;
    form.replaceWith(next);
    window.scorepad.fillForm(next, typed);
    if (window.htmx) window.htmx.process(next);
    const field = focused && next.elements[focused];
    if (field && field.focus) field.focus();
    return next;
  }

  // `form`, begun as round `begunAs`, becomes `next`'s round: its number, its title and
  // the words it says, what is typed left as it is. A round deleted under it is said at
  // its top, calmly: nothing was sent, nothing refused. The version it is typed over
  // stays the board's it was begun on: what changed meanwhile (a correction, its notice
  // set aside while typing) is told with the round's answer, as to a board left behind
  // (QA: taken for a board that had shown it, the answer never told it on that phone).
  function follow(form, next, begunAs) {
    const before = form.elements.number.value;
    if (next.elements.number) form.elements.number.value = next.elements.number.value;
    // The server's next round is the form's again (offline-rounds.js hides who deals it
    // while the form is ahead of the server: QA, hidden after a round deleted meanwhile).
    if (form.dataset.serverNumber) form.dataset.serverNumber = form.elements.number.value;
    const title = form.querySelector(".form-title");
    const nextTitle = next.querySelector(".form-title");
    if (title && nextTitle) title.textContent = nextTitle.textContent;
    Array.from(next.attributes).forEach(function (attribute) {
      if (/^data-.*-meanwhile$/.test(attribute.name)) form.setAttribute(attribute.name, attribute.value);
    });
    form.querySelectorAll(".recorded-meanwhile, .meanwhile-at-send").forEach(function (notice) { notice.remove(); });
    const number = form.elements.number.value;
    // The round being typed, kept in this tab under its new number (app.js).
    if (number !== before) form.elements.number.dispatchEvent(new Event("change", { bubbles: true }));
    let note = form.querySelector(".renumbered");
    if (Number(number) === begunAs) {
      delete form.dataset.begunAs;
      // Back to the round it was begun as: said, not only the note gone (QA: the form
      // went back to round 4 without a word).
      if (note && form.dataset.restoredMeanwhile) note.textContent = form.dataset.restoredMeanwhile.split("{n}").join(number);
      else if (note) note.remove();
      return;
    }
    form.dataset.begunAs = String(begunAs);
    if (!note) {
      note = document.createElement("div");
      note.className = "notice renumbered";
      note.setAttribute("role", "status");
      if (title) title.after(note);
      else form.prepend(note);
    }
    note.textContent = form.dataset.deletedMeanwhile.split("{n}").join(number);
  }

  document.addEventListener("htmx:configRequest", function (event) {
    const elt = poller(event);
    if (!elt) return;
    const etag = elt.dataset.etag;
    if (etag) event.detail.headers["If-None-Match"] = etag;
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    const elt = poller(event);
    if (!elt) return;
    const xhr = event.detail.xhr;
    if (xhr.status === 304) {
      event.detail.shouldSwap = false;
      return;
    }
    if (xhr.status !== 200) return;
    stoppedForms().forEach(sendsAgain); // the link works again (a deleted match brought back)
    const board = document.getElementById("scoreboard");
    const found = /data-version="(\d+)"/.exec(xhr.responseText);
    const incoming = found ? Number(found[1]) : Infinity;
    // The link went on to the match played again: the whole page is another match's.
    const match = /data-board-of="(\w+)"/.exec(xhr.responseText);
    const standing = document.getElementById("standing");
    const wentOn = match && standing && match[1] !== standing.getAttribute("data-board-of");
    if (beingFilled(board)) {
      event.detail.shouldSwap = false;
      // Keep the ETag unless the board kept up: the next poll brings it again.
      if (!wentOn && incoming > versionOf(board) && keepUpAround(board, xhr.responseText)) {
        elt.dataset.etag = xhr.getResponseHeader("ETag") || "";
      }
      return;
    }
    if (wentOn) {
      event.detail.shouldSwap = false;
      try { sessionStorage.setItem(WENT_ON, standing.getAttribute("data-board-of")); } catch (e) { /* not said */ }
      window.location.reload();
      return;
    }
    elt.dataset.etag = xhr.getResponseHeader("ETag") || "";
    // An answer older than the board (a poll overtaken by this phone's own round), unless
    // the board's form is older still (`ownAnswer`).
    if (incoming <= versionOf(board) && !(board && board.hasAttribute("data-form-behind"))) {
      event.detail.shouldSwap = false;
    }
  });

  // The answer to this phone's own change may come after a poll brought the board with
  // that change in it, or later ones (CI: round 1's row twice, the answer adding the row
  // the poll had brought). Its regions then say nothing the board does not: a row shown
  // is not added again, and an answer older than the board swaps none of the board's
  // regions (their totals would go back in time, and the next poll, a 304, would leave
  // them so). Its fresh form, for a round recorded meanwhile, is swapped in all the same
  // (the one sent, still filled in, would be sent again), and the board is asked for at
  // once, to come whole with the form for the round to play.
  let ownAnswer = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    ownAnswer = null;
    const target = event.detail.target;
    if (poller(event) || !target || target.id === "scoreboard" || !event.detail.shouldSwap) return;
    const found = /\bid="standing" data-board-of="(\w+)" data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    const standing = document.getElementById("standing");
    if (found && standing && found[1] === standing.getAttribute("data-board-of")) {
      ownAnswer = { older: Number(found[2]) < Number(standing.getAttribute("data-version")) };
    }
  });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    if (!ownAnswer || !event.detail.shouldSwap) return;
    const target = event.detail.target;
    if (ownAnswer.older) {
      if (target && target.closest && target.closest("#scoreboard")) event.detail.shouldSwap = false;
      return;
    }
    const fragment = event.detail.fragment;
    const rows = fragment && fragment.querySelectorAll ? fragment.querySelectorAll("tbody.round[id]") : [];
    // Rows the swap replaces (the whole table of a correction's answer) are not added.
    const shown = function (row) {
      const there = document.getElementById(row.id);
      return there && !(target && target.contains(there));
    };
    if (Array.from(rows).some(shown)) event.detail.shouldSwap = false;
  });
  document.addEventListener("htmx:afterSwap", function () {
    const older = ownAnswer && ownAnswer.older;
    ownAnswer = null;
    const board = document.getElementById("scoreboard");
    if (!older || !board) return;
    board.setAttribute("data-form-behind", "");
    document.querySelectorAll("[data-live-poll]").forEach(function (elt) { elt.dataset.etag = ""; });
    pollNow();
  });

  // A board that cannot reach the server may be rounds behind while its note still says
  // "Live" (QA: offline, a follower read old totals as live): the note says so from the
  // moment the phone knows it has no connection or a poll gets no answer (a timeout is
  // one too, app.js), and "Live" again once a poll got the board or a 304. The note is
  // aria-live: said once each time it changes, not at each failed poll.
  const UNANSWERED_MS = 4000;
  function sayBehind(behind) {
    document.querySelectorAll(".live-note").forEach(function (note) {
      if (note.classList.contains("is-behind") !== behind) note.classList.toggle("is-behind", behind);
    });
  }
  document.addEventListener("htmx:sendError", function (event) {
    if (poller(event)) sayBehind(true);
  });
  let answeredAt = Date.now();
  document.addEventListener("htmx:afterRequest", function (event) {
    const xhr = event.detail.xhr;
    if (!poller(event) || !xhr) return;
    // Any answer short of a server error is the connection working: a 404 (the link
    // stopped) is said by the form's own notice, not as a board behind.
    if (xhr.status > 0 && xhr.status < 500) {
      answeredAt = Date.now();
      sayBehind(false);
    } else if (xhr.status >= 500) sayBehind(true); // a server down behind its proxy
  });
  // A weak signal leaves a poll hanging for the 20 s htmx waits, the next ones queued
  // behind it: a few seconds without an answer are enough to say it. A tab shown again
  // (a phone woken up) gets its next poll's time first.
  if (document.querySelector(".live-note")) {
    window.setInterval(function () {
      if (!document.hidden && Date.now() - answeredAt > UNANSWERED_MS) sayBehind(true);
    }, 1000);
    document.addEventListener("visibilitychange", function () { answeredAt = Date.now(); });
  }
  window.addEventListener("offline", function () { sayBehind(true); });
  window.addEventListener("online", pollNow); // caught up the sooner
  function sayWhetherOffline() {
    if (!navigator.onLine) sayBehind(true);
  }
  document.addEventListener("DOMContentLoaded", sayWhetherOffline);
  window.addEventListener("pageshow", sayWhetherOffline);

  // The scorer stopped a co-scorer's link (its answer: 404 with HX-Refresh,
  // `live.link_gone`) while a round or a correction is typed here, or as one is sent:
  // the page does not reload into "no longer works", which would take what was typed
  // out of sight (it is only kept in the tab, app.js). Each round form says why at its
  // top, in the page's language (`data-link-stopped`), and sends nothing more; what was
  // typed stays, to be read out to the scorer. With nothing typed, the page reloads.
  function stoppedForms() {
    return Array.from(document.querySelectorAll("form.round-form[data-link-stopped]"));
  }

  function typedIn(form) {
    const faults = form.querySelector(".errorlist, .form-errors:not(.link-stopped)");
    return changedOrFocused(form) || form.hasAttribute("data-retyped") || Boolean(faults);
  }

  function cannotSend(form) {
    let notice = form.querySelector(".link-stopped");
    if (!notice) {
      notice = document.createElement("div");
      notice.className = "form-errors link-stopped";
      notice.setAttribute("role", "alert");
      notice.tabIndex = -1;
      notice.textContent = form.dataset.linkStopped;
      const title = form.querySelector(".form-title");
      if (title) title.after(notice);
      else form.prepend(notice);
    }
    form.querySelectorAll("button[type=submit]").forEach(function (button) {
      button.disabled = true;
      button.removeAttribute("data-disabled-by-htmx"); // htmx must not enable it after its request
    });
    return notice;
  }

  function sendsAgain(form) {
    const notice = form.querySelector(".link-stopped");
    if (!notice) return;
    notice.remove();
    form.querySelectorAll("button[type=submit]").forEach(function (button) { button.disabled = false; });
  }

  // Taken first (capture) and no further: with DEBUG, django-htmx's script shows any
  // 404 answer as the page, and the typed hand went with it (QA, `make run`).
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    const xhr = event.detail.xhr;
    if (!xhr || xhr.status !== 404 || xhr.getResponseHeader("HX-Refresh") !== "true") return;
    const forms = stoppedForms();
    const sent = event.target.closest && event.target.closest("form.round-form");
    const typed = forms.filter(function (form) { return form === sent || typedIn(form); });
    if (!typed.length) return; // reloaded into "no longer works"
    event.preventDefault();
    event.stopPropagation();
    const shown = typed.indexOf(sent) >= 0 ? sent : typed[0];
    const first = !shown.querySelector(".link-stopped");
    forms.forEach(cannotSend);
    const notice = shown.querySelector(".link-stopped");
    if (first || sent) notice.scrollIntoView({ block: "start" }); // once, not at every poll
    if (sent) notice.focus({ preventScroll: true }); // its button no longer takes it
  }, true);

  // Shown again by Back or Forward, the board is the browser's copy, maybe rounds
  // behind: it asks at once rather than at the next tick ("poll-now" in hx-trigger).
  function pollNow() {
    if (!window.htmx) return;
    document.querySelectorAll("[data-live-poll]").forEach(function (elt) { window.htmx.trigger(elt, "poll-now"); });
  }
  document.addEventListener("DOMContentLoaded", function () {
    const entry = window.performance.getEntriesByType("navigation")[0];
    if (entry && entry.type === "back_forward") pollNow();
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) pollNow();
  });
  // A tab shown again may be rounds behind too (QA38: a round recorded in another tab or
  // on the owner's other phone, then a round typed here refused): it asks once, as it
  // comes back, not while hidden; an owner's board asks only then (unless a co-scorer link
  // works: matches/_share.html).
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) pollNow();
  });

  // Two tabs of this browser both in sight (a desktop) are not shown again: the one
  // that changed a match tells the others, and those showing that match ask.
  const BOARDS = "scorepad:boards";
  function boardOf() {
    const standing = document.getElementById("standing");
    return standing ? standing.getAttribute("data-board-of") : null;
  }
  if (window.BroadcastChannel && boardOf()) {
    const others = new BroadcastChannel(BOARDS);
    others.addEventListener("message", function (event) {
      if (event.data && event.data === boardOf()) pollNow();
    });
    document.addEventListener("htmx:afterRequest", function (event) {
      const config = event.detail.requestConfig;
      if (!event.detail.successful || !config || config.verb === "get") return;
      const shown = boardOf();
      if (shown) others.postMessage(shown);
    });
  }

  // A link's "no longer works" page asks its board every 10 s while it is shown, for
  // half an hour: a match deleted by mistake and brought back by Undo comes back on
  // every phone of the table by itself (a plain request: htmx would reload the page).
  function reviveWhenWorking() {
    const marker = document.querySelector("[data-revive]");
    if (!marker) return;
    const until = Date.now() + 30 * 60 * 1000;
    const timer = window.setInterval(function () {
      if (Date.now() > until) {
        window.clearInterval(timer);
        return;
      }
      if (document.hidden) return;
      fetch(marker.dataset.revive, { cache: "no-store", credentials: "same-origin" }).then(
        function (response) {
          if (!response.ok) return;
          window.clearInterval(timer);
          window.location.reload();
        },
        function () {}, // no connection now: asked again at the next tick
      );
    }, 10000);
  }
  document.addEventListener("DOMContentLoaded", reviveWhenWorking);

  // The share panel's "Copy the link", where the browser allows writing the clipboard.
  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest("button[data-copy]");
    if (!button) return;
    const field = document.getElementById(button.dataset.copy);
    navigator.clipboard.writeText(field.value).then(function () {
      button.textContent = button.dataset.copied;
    });
  });

  // What a share tap did comes into sight: the page shrinks or grows above the player
  // with the QR code, and the browser's scroll anchoring kept the board where it was
  // (QA, 320 px in French: "Lien arrêté" and its Undo 600 px above the screen, the link
  // shown under it). The notice said, else the link with its buttons, else the button
  // to share again.
  document.addEventListener("htmx:afterSettle", function (event) {
    const asker = event.detail.requestConfig && event.detail.requestConfig.elt;
    const kind = asker && asker.closest && asker.closest(".share-kind");
    const panel = document.getElementById("share");
    if (!kind || !panel || kind.isConnected) return;
    const place = panel.querySelector("." + Array.from(kind.classList).find(function (name) {
      return name.startsWith("share-") && name !== "share-kind";
    }));
    if (!place) return;
    const shown = place.querySelector(".notice") || place.querySelector(".actions") || place.querySelector("form");
    if (shown) shown.scrollIntoView({ block: "nearest" });
  });

  function offerCopy() {
    if (!navigator.clipboard) return;
    document.querySelectorAll("button[data-copy]").forEach(function (button) { button.hidden = false; });
  }
  document.addEventListener("DOMContentLoaded", offerCopy);
  document.addEventListener("htmx:afterSettle", offerCopy);
})();
