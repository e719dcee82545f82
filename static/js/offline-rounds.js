// Rounds entered with no connection. They stay on this phone (localStorage) with the
// one-time key of their form, are listed under the form as "not sent yet" (the totals
// do not count them), and go to the server in order, each through the usual POST,
// when the connection comes back or a page opens. The server's one-time key makes a
// second sending harmless; a round the server refuses stays listed with its message,
// and the rounds kept after it wait, until the player corrects it or takes it off.
// A round put back in the form to be corrected stays kept too ("inForm") until the
// server records it: refused again as a conflict, it comes back to the list.
(function () {
  "use strict";

  // The next round's form (a correction, also posted by htmx, is not one: it is
  // never kept on the phone nor drafted as the next round).
  const ENTRY_FORM = "form.round-form[hx-post]:not(.correction-form)";

  const STORE = "scorepad.unsent-rounds";

  // How many rounds the store held when last read or written here: the browser may
  // empty it (Clear-Site-Data) before the answer that says so reaches this page's
  // scripts, and the rounds it held are then counted as forgotten (`forget`).
  let known = 0;
  // Those it held when found emptied, until `forget` counts them: a round's answer read
  // meanwhile (refused as anyone's, the session gone) writes the store again, empty, and
  // `known` with it (CI: the way home then said nothing was dropped).
  let emptied = 0;

  function load() {
    try {
      const kept = window.localStorage.getItem(STORE);
      if (kept === null) {
        // Never written, or emptied by the browser (or a sign-out in another tab).
        emptied += known;
        known = 0;
        return [];
      }
      const rounds = JSON.parse(kept);
      known = rounds.length;
      return rounds;
    } catch (error) {
      return [];
    }
  }

  // Set once the server sends this page away (`sendOne`): it writes nothing more as it
  // goes, or what the server just had the browser forget (Clear-Site-Data) comes back.
  let leaving = false;

  function save(rounds) {
    if (leaving) return;
    window.localStorage.setItem(STORE, JSON.stringify(rounds));
    known = rounds.length;
  }

  function words() {
    const template = document.getElementById("unsent-rounds");
    return template ? template.dataset : null;
  }

  function field(form, name) {
    return form.querySelector("input[name=" + name + "]");
  }

  function roundForm() {
    return document.querySelector(ENTRY_FORM);
  }

  // The rounds URL of this page's match: its form's, or (a finished match has no form)
  // the one the page names, so that rounds kept for it still show.
  function pageAction() {
    const form = roundForm();
    if (form) return form.getAttribute("action");
    const template = document.getElementById("unsent-rounds");
    return template ? template.dataset.action : null;
  }

  // The match a round was typed for: its rounds' address, and the board it was typed on
  // (`board`, sent with it): a co-scorer's link goes on to the match played again, at
  // the same address (QA: a round kept for the match before was recorded in the next).
  // A round kept before the boards were sent names none: it goes with its address.
  function boardOf(round) {
    return new URLSearchParams(round.body || "").get("board") || "";
  }
  function sameMatch(one, other) {
    const a = boardOf(one);
    const b = boardOf(other);
    return one.action === other.action && (!a || !b || a === b);
  }
  // This page's match, and the match of the round `form` will send, as rounds are.
  function here() {
    const standing = document.getElementById("standing");
    const board = standing ? standing.getAttribute("data-board-of") : "";
    return { action: pageAction(), body: board ? "board=" + board : "" };
  }
  // The match of the board this page is, or null on a page that shows none.
  function boardHere() {
    return document.getElementById("standing") && pageAction() ? here() : null;
  }
  function ofForm(form) {
    const board = field(form, "board");
    return { action: form.getAttribute("action"), body: board && board.value ? "board=" + board.value : "" };
  }

  // The kept rounds of the match of `like` numbered `from` and on, numbered again from
  // `start`: what the server will record them as, in their order.
  function renumber(rounds, like, from, start) {
    let next = start;
    return rounds.map(function (round) {
      if (!sameMatch(round, like) || round.number < from) return round;
      const body = new URLSearchParams(round.body);
      body.set("number", String(next));
      const moved = Object.assign({}, round, { number: next, body: body.toString() });
      next += 1;
      return moved;
    });
  }

  // A round the player must look at before the ones after it go: refused (not a
  // failure of the server's, which is tried again), or being corrected in the form.
  function waitsForPlayer(round) {
    return Boolean(round.inForm || (round.error && !round.retry));
  }

  // Or one counting on a round `held` before it: typed when the server's next round
  // (`next`) was at most that one's number (QA: not a refused copy of another phone's),
  // as the round after it (one of the same number was typed in another tab's form while
  // this one was being corrected in its own: it did not count on it). Not one refused
  // because the match did not go on (over, abandoned): the rounds after it cannot go
  // either, and are sent to be refused each in its own words, at once (QA: one waited
  // behind it, then took its number when it was taken off, and was refused in the same
  // words: the tap seemed to do nothing).
  function holds(held, round) {
    return waitsForPlayer(round) || held.some(function (earlier) {
      return sameMatch(earlier, round) && !paused(earlier) && round.number > earlier.number && !(round.next > earlier.number);
    });
  }

  // Refused because its match did not go on: it waits for the match, not for the player.
  function paused(round) {
    return Boolean(round.untilResumed && round.error && !round.retry && !round.inForm && !round.goesOn);
  }

  // The rounds put back in this tab's form, each holding a lock of its name while it is
  // there: another tab tells a round being corrected from one whose tab was closed
  // (the browser lets a closed tab's locks go).
  const IN_FORM = "scorepad.in-form:";
  const holding = new Map();
  function holdInForm(round) {
    if (!navigator.locks || holding.has(round.key)) return;
    holding.set(round.key, null);
    navigator.locks.request(IN_FORM + round.key, function () {
      return new Promise(function (release) {
        if (holding.has(round.key)) holding.set(round.key, release);
        else release();
      });
    });
  }
  function letGo(key) {
    const release = holding.get(key);
    holding.delete(key);
    if (release) release();
  }

  // `turn` as the server sent it (`ahead` 0), or as the round `ahead` rounds after it,
  // from the turns the engine told ahead (`data-turns`); hidden when it told none.
  const servedTurns = new WeakMap(); // each turn line's own words, as the server sent them
  function sayTurn(turn, ahead, form) {
    if (!servedTurns.has(turn)) servedTurns.set(turn, Array.from(turn.childNodes));
    if (!ahead) {
      turn.replaceChildren.apply(turn, servedTurns.get(turn));
      turn.hidden = false;
      return;
    }
    const told = toldAhead(turn);
    const lines = told ? told.lines : [];
    const known = ahead > 0 && lines.length && (told.most === null || ahead <= told.most);
    turn.hidden = !known;
    if (!known) return;
    const label = document.createElement("strong");
    label.textContent = turn.dataset.roundLabel.replace("{n}", String(serverNumber(form) + ahead));
    turn.replaceChildren(label, " · " + lines[(ahead - 1) % lines.length]);
  }

  // The turns the engine told ahead (`lines`, `most`), or null.
  function toldAhead(turn) {
    try {
      const told = JSON.parse(turn.dataset.turns || "null");
      return told && Array.isArray(told.lines) ? told : null;
    } catch (error) {
      return null;
    }
  }

  // The form `ahead` rounds after the server's next one is past the last round agreed
  // (Cabanga! of so many rounds): it says so in place of its fields, which the server
  // would refuse once sent (QA), until the kept rounds are sent.
  function closePastTheLast(form, turn, ahead, template) {
    const told = turn ? toldAhead(turn) : null;
    const past = Boolean(told && told.lines.length && told.most !== null && ahead > told.most);
    form.classList.toggle("past-last", past);
    let note = form.querySelector(".past-last-note");
    if (!past) {
      if (note) note.remove();
      return;
    }
    if (!note) {
      note = document.createElement("p");
      note.className = "notice past-last-note";
      note.tabIndex = -1;
      const title = form.querySelector(".form-title");
      if (title) title.after(note);
      else form.prepend(note);
    }
    note.textContent = template.dataset.pastLast.replace("{n}", String(serverNumber(form) + told.most));
  }

  function heldBack(rounds) {
    const held = [];
    rounds.forEach(function (round) { if (holds(held, round)) held.push(round); });
    return held;
  }

  // The round number the server gave the form as it sent it: the number shown counts
  // the rounds kept since, the server's is the next one it will record.
  function serverNumber(form) {
    if (!form.dataset.serverNumber) form.dataset.serverNumber = field(form, "number").value;
    return Number(form.dataset.serverNumber);
  }

  function showNumber(form, number) {
    field(form, "number").value = String(number);
    const title = form.querySelector(".form-title");
    const said = words();
    if (title && said) title.textContent = said.enter.replace("{n}", String(number));
  }

  // ---- keeping a round ------------------------------------------------------------
  // `round` into the list `rounds`, before the rounds of its match numbered after it.
  function inOrder(rounds, round) {
    const later = rounds.findIndex(function (kept) { return sameMatch(kept, round) && kept.number > round.number; });
    rounds.splice(later < 0 ? rounds.length : later, 0, round);
  }

  // The round goes to the list, in its number's place (a round put back in the form
  // goes before those kept after it), and the form turns into the round's after the
  // last kept: a fresh one-time key and the next number, as the server would send it.
  function keep(form, why) {
    serverNumber(form);
    const action = form.getAttribute("action");
    const number = Number(field(form, "number").value);
    // A round put back in the form and kept again: this is it, no longer in the form.
    const rounds = load().filter(function (round) {
      const again = round.inForm && sameMatch(round, ofForm(form)) && round.number === number;
      if (again) letGo(round.key);
      return !again;
    });
    inOrder(rounds, {
      action: action,
      number: number,
      key: field(form, "entry_key").value,
      body: new URLSearchParams(new FormData(form)).toString(),
      next: serverNumber(form),
      error: "",
      // Where it is listed, for the pages that count it away from there (the home page).
      page: window.location.pathname,
      title: document.title.replace(/ · Scorepad$/, ""),
    });
    save(rounds);
    const last = Math.max.apply(null, rounds.filter(function (round) { return sameMatch(round, ofForm(form)); }).map(function (round) { return round.number; }));
    form.reset();
    // The next round's, empty: no longer what the server sent back as typed (app.js).
    form.removeAttribute("data-retyped");
    form.removeAttribute("data-put-back");
    form.querySelectorAll(".has-error").forEach(function (element) { element.classList.remove("has-error"); });
    form.querySelectorAll(".errorlist, .form-errors").forEach(function (element) { element.remove(); });
    const sendError = form.querySelector(".send-error");
    if (sendError) sendError.hidden = true;
    showNumber(form, last + 1);
    field(form, "entry_key").value = window.scorepad.freshKey();
    const title = form.querySelector(".form-title");
    const said = words();
    show();
    if (said) announce(said[why || "kept"].replace("{n}", String(number)));
    const past = form.querySelector(".past-last-note");
    if (past) past.focus({ preventScroll: true });
    else if (title) {
      title.tabIndex = -1;
      title.focus({ preventScroll: true });
    }
  }

  // The last number of the rounds kept for this form's match, which a round typed in
  // it must follow; 0 if none, or if the form holds the first of them (put back in it).
  // (One numbered below the server's next is a refused copy: none follows it. One being
  // corrected in another tab's form is that tab's next round, not one this form follows:
  // the first recorded of the two takes the number, the other is refused, not lost.)
  function queueAhead(form) {
    const number = Number(field(form, "number").value);
    const from = serverNumber(form);
    const rounds = load().filter(function (round) { return sameMatch(round, ofForm(form)) && round.number >= from; });
    if (rounds.some(function (round) { return round.inForm && round.number === number; })) return 0;
    const kept = rounds.filter(function (round) { return !round.inForm; });
    return kept.length ? Math.max.apply(null, kept.map(function (round) { return round.number; })) : 0;
  }

  // With no connection the round is kept at once, without waiting for a failure; so
  // is a round typed while rounds kept before it wait (one refused, or not sent yet):
  // it joins them, to be recorded in the order played, not before them (QA25).
  document.addEventListener("htmx:beforeRequest", function (event) {
    const form = event.detail.elt;
    if (!form.matches || !form.matches(ENTRY_FORM)) return;
    const ahead = navigator.onLine ? queueAhead(form) : 0;
    if (navigator.onLine && !ahead) return;
    event.preventDefault();
    // Nothing typed since the page came (`changed`): the second tap of a double tap,
    // after the first kept the round and emptied the form (QA25: an empty round was
    // kept, then refused).
    if (!window.scorepad.changed(form)) return;
    if (ahead) showNumber(form, ahead + 1);
    keep(form, ahead ? "queued" : "kept");
  });
  // The round did not reach the server (the connection dropped, or a weak signal while
  // the phone still says it is online): it is kept all the same, and tried again soon.
  document.addEventListener("htmx:sendError", function (event) {
    const form = event.detail.elt;
    if (!form.matches || !form.matches(ENTRY_FORM)) return;
    keep(form);
    if (navigator.onLine) retryLater();
  });

  // With a signal that comes and goes the browser may never say "online" again: try
  // again after a while, waiting longer each time (3 s, 6 s, ... at most a minute).
  let retryDelay = 0;
  function retryLater() {
    retryDelay = Math.min(retryDelay ? retryDelay * 2 : 3000, 60000);
    window.setTimeout(send, retryDelay);
  }

  // ---- showing them ---------------------------------------------------------------
  // The standing says why kept rounds wait: the connection, as it goes (`noticeUnsent`).
  window.addEventListener("offline", function () { if (load().length) show(); });

  function announce(text) {
    const region = document.getElementById("announcements");
    if (!region || !text) return;
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text; }, 50);
  }

  // The kept rounds are listed under the form, out of sight where the player is: the
  // sticky standing says so, with a link down to them, a refused one as a fault. Its
  // turn line ("Round 3 · Ben deals") is the server's next round: while rounds kept
  // here come before the form's, it says the form's round as the engine told it ahead
  // (QA: offline, nothing said who deals), or is hidden where the engine could not (a
  // tiebreak, the end); shown as sent while the form enters that very round (QA: a
  // round refused as another phone's, listed, hid it though the board was at it).
  function noticeUnsent(template, mine, form) {
    document.querySelectorAll(".unsent-notice, .unsent-link").forEach(function (notice) { notice.remove(); });
    const standing = document.getElementById("standing");
    if (!standing) return;
    const turn = standing.querySelector(".turn");
    const ahead = form ? Number(field(form, "number").value) - serverNumber(form) : mine.length > 0 ? -1 : 0;
    if (turn) sayTurn(turn, ahead, form);
    if (form) closePastTheLast(form, turn, ahead, template);
    if (!mine.length) return;
    const refused = mine.filter(function (round) { return round.error || round.inForm; }).length;
    // The server's own words on a refusal just answered (a conflict) stand there
    // already: a second notice beside them would say the same thing twice. They only
    // gain a link down to what was typed, kept under the form out of sight (QA43: the
    // player saw an empty form and thought their round lost).
    const said = standing.querySelector(".notice.is-error:not(.unsent-notice)");
    if (refused && said) {
      const down = document.createElement("span");
      down.className = "unsent-link";
      const link = document.createElement("a");
      link.href = "#unsent-title";
      link.textContent = template.dataset.typedBelow;
      down.append(" ", link);
      said.append(down);
      return;
    }
    const notice = document.createElement("p");
    notice.className = refused ? "notice is-error unsent-notice" : "notice unsent-notice";
    const link = document.createElement("a");
    link.href = "#unsent-title";
    // Two or more refused: said of them all (QA: "A round … was refused" over two).
    const refusedNotice = refused > 1 ? template.dataset.refusedNoticeOther : template.dataset.refusedNotice;
    link.textContent = refused ? refusedNotice : template.dataset.waitingNotice;
    // With no connection, why they wait, in sight (QA: it was said to screen readers
    // only, and the player saw the round gone from the form, the totals unchanged).
    if (!refused && !navigator.onLine) {
      link.textContent = template.dataset.kept.replace("{n}", String(mine[mine.length - 1].number));
    }
    notice.appendChild(link);
    standing.prepend(notice);
  }

  // Being corrected in this page's form: shown there, not in the list. (Another tab's
  // round of the same number is listed here: this form is another round.)
  function inThisForm(round, form) {
    return (holding.has(round.key) || !navigator.locks) && inFormOfNumber(round, form);
  }
  function inFormOfNumber(round, form) {
    return Boolean(round.inForm && form && Number(field(form, "number").value) === round.number);
  }

  // Refused, and its number recorded since (another phone's round, maybe another hand):
  // never put in the next round's form without saying so (QA42: one more tap recorded
  // round 4's hand again as round 5).
  function numberTaken(round, form) {
    return Boolean(form && round.error && !round.inForm && !round.goesOn && round.number < serverNumber(form));
  }

  // Those forgotten as the account was found signed out (`forget`), said on the page
  // the phone was sent to, once: a Reload does not say it again.
  const forgottenBefore = (function () {
    const said = /^#not-recorded-(\d+)$/.exec(window.location.hash);
    if (!said) return 0;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    return Number(said[1]);
  })();

  // Away from their boards (the offline page, the home page): how many rounds are kept,
  // which matches hold those the server did not take, each a link to its board, and
  // how many were forgotten. Those of a match no longer open here (`lost`) are said
  // apart: its link leads to the deletion's "Undo", and they can be taken off the list.
  let takenOff = 0;
  function summarize() {
    const region = document.getElementById("kept-rounds");
    if (!region) return;
    const rounds = load();
    const missing = rounds.filter(function (round) {
      return rounds.some(function (gone) { return gone.gone && sameMatch(gone, round); });
    });
    const stopped = rounds.filter(function (round) { return waitsForPlayer(round) && missing.indexOf(round) < 0; });
    // Above the sign-out button (the account page), which drops them, those waiting too;
    // and on the home page with no connection (QA: it said nothing of them), not while
    // they are being sent from it.
    const signOut = region.querySelector(".kept-sign-out");
    const sentFromHere = region.hasAttribute("data-links") && !signOut && navigator.onLine;
    const waiting = sentFromHere ? [] : rounds.filter(function (round) {
      return stopped.indexOf(round) < 0 && missing.indexOf(round) < 0;
    });
    function say(selector, count, one, other) {
      const line = region.querySelector(selector);
      line.textContent = count === 0 ? "" : count === 1 ? one : other.replace("{n}", String(count));
      line.hidden = count === 0;
    }
    say(".kept-waiting", waiting.length, region.dataset.waitingOne, region.dataset.waitingOther);
    say(".kept-stopped", stopped.length, region.dataset.stoppedOne, region.dataset.stoppedOther);
    say(".kept-gone", missing.length, region.dataset.goneOne, region.dataset.goneOther);
    say(".kept-dropped", forgottenBefore, region.dataset.droppedOne, region.dataset.droppedOther);
    // Above the sign-out button: one score is "it" (QA: "them" for one). Not of those
    // whose match is no longer open here: opening it would not send them (QA).
    if (signOut) {
      if (!signOut.dataset.other) signOut.dataset.other = signOut.textContent;
      const sendable = rounds.length - missing.length;
      signOut.textContent = !sendable ? "" : sendable === 1 ? signOut.dataset.one : signOut.dataset.other;
      signOut.hidden = !sendable;
    }
    const list = region.querySelector(".kept-matches");
    list.replaceChildren();
    if (region.hasAttribute("data-links")) {
      const pages = new Map();
      stopped.forEach(function (round) {
        const page = round.page || round.action.replace(/rounds\/$/, "");
        if (!pages.has(page)) pages.set(page, round.title || region.dataset.match);
      });
      const lostPages = new Map();
      missing.forEach(function (round) {
        const page = round.page || round.action.replace(/rounds\/$/, "");
        const found = lostPages.get(page) || { title: round.title || region.dataset.match, key: round.key, count: 0 };
        found.count += 1;
        lostPages.set(page, found);
      });
      function item(title, page) {
        const line = document.createElement("li");
        // Not a link to this very page (a co-scorer's link that no longer works).
        const link = document.createElement(page === window.location.pathname ? "span" : "a");
        if (link.tagName === "A") link.href = page;
        link.textContent = title;
        line.appendChild(link);
        list.appendChild(line);
        return line;
      }
      pages.forEach(item);
      lostPages.forEach(function (found, page) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "button secondary kept-take-off";
        button.dataset.key = found.key;
        button.textContent = found.count === 1 ? region.dataset.takeOffOne : region.dataset.takeOffOther;
        item(found.title, page).appendChild(button);
      });
    }
    list.hidden = !list.children.length;
    // Said only when shown: the region's text is what a screen reader is told.
    const help = region.querySelector(".kept-gone-help");
    // Only a match's deletion can be undone (not a co-scorer's link stopped).
    help.hidden = !(region.hasAttribute("data-links") && missing.some(function (round) {
      return round.action.indexOf("/matches/") === 0;
    }));
    help.textContent = help.hidden ? "" : help.dataset.text;
    const taken = region.querySelector(".kept-taken-off");
    taken.textContent = !takenOff ? "" : takenOff === 1 ? taken.dataset.one : taken.dataset.other;
    taken.hidden = !takenOff;
    // Not recorded: the player's to look at, said as the board says a refused one.
    region.classList.toggle("is-error", stopped.length > 0 || missing.length > 0 || forgottenBefore > 0);
    region.hidden = !(waiting.length || stopped.length || missing.length || forgottenBefore || takenOff);
  }

  // Taken off the list from the home page: every round kept for that match, which is no
  // longer open here. Said where the list was, until the page changes (`takenOff`).
  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest("button.kept-take-off");
    if (!button) return;
    const rounds = load();
    const round = rounds.find(function (kept) { return kept.key === button.dataset.key; });
    if (!round) return;
    const rest = rounds.filter(function (kept) { return !sameMatch(kept, round); });
    save(rest);
    takenOff += rounds.length - rest.length;
    summarize();
    // The button is gone: what it did takes the focus, not the top of the page.
    const taken = document.querySelector("#kept-rounds .kept-taken-off");
    taken.setAttribute("tabindex", "-1");
    taken.focus();
  });

  // This page's kept rounds the server refused, each with why, as last listed here.
  let listedRefused = null;
  function refusedKeys() {
    const action = pageAction();
    return load().filter(function (round) {
      return round.action === action && round.error && !round.retry;
    }).map(function (round) { return round.key + " " + round.error; });
  }

  // Another tab of this phone changed the kept rounds (sent them, the server refused
  // one): listed here at once, and a refusal with the board as the server has it, as in
  // that tab: what refused it (another phone's round, the match's end) shows here too.
  // The board comes only if the match changed (app.js), keeping what is being typed.
  // `sentElsewhere`: kept rounds gone from the list in another tab (sent from there, or
  // taken off): this tab's board and lists are behind them (QA: a board in sight beside
  // the home page that sent its round moved its form on to round 3, its table without
  // round 2; a second home page kept "1 round played").
  function catchUp(sentElsewhere) {
    const before = listedRefused || [];
    const news = refusedKeys().some(function (key) { return before.indexOf(key) < 0; });
    show();
    if ((news || sentElsewhere) && window.scorepad.askForTheBoard) window.scorepad.askForTheBoard();
    if (sentElsewhere && !refreshLists()) window.scorepad.freshenLists(); // app.js
  }
  function goneFrom(event) {
    if (event.key === null) return true; // the whole storage emptied
    try {
      const after = JSON.parse(event.newValue || "[]").map(function (round) { return round.key; });
      return JSON.parse(event.oldValue || "[]").some(function (round) { return after.indexOf(round.key) < 0; });
    } catch (error) {
      return true;
    }
  }
  // Waiting rounds gone from the list in another tab were recorded from there (those
  // taken off were refused or of a match lost; the list emptied at a sign-out is not
  // sent): a page that lists matches says so too, and this match's board, once it shows
  // them (QA: the home page's "2 scores are kept" went without a word when the board
  // sent them, and the board's list of rounds not sent yet when the home page did).
  function recordedElsewhere(event) {
    if (event.key !== STORE || event.newValue === null) return [];
    try {
      const after = JSON.parse(event.newValue).map(function (round) { return round.key; });
      const before = JSON.parse(event.oldValue || "[]");
      return before.filter(function (round) {
        const lostMatch = before.some(function (other) { return other.gone && sameMatch(other, round); });
        return !round.gone && !round.error && !lostMatch && after.indexOf(round.key) < 0;
      });
    } catch (error) {
      return [];
    }
  }
  let recordedThere = []; // this board's rounds recorded from another tab, to be said
  function sayRecordedThere() {
    const shown = recordedThere.length && recordedThere.every(function (number) {
      return document.getElementById("round-" + number);
    });
    if (!shown) return;
    sayRecorded(recordedThere);
    recordedThere = [];
  }
  document.addEventListener("htmx:afterSettle", sayRecordedThere);
  window.addEventListener("storage", function (event) {
    if (event.key !== STORE && event.key !== null) return;
    const recorded = recordedElsewhere(event);
    if (recorded.length && document.querySelector(LISTED)) countUnsaid(recorded.length);
    const board = boardHere();
    recorded.forEach(function (round) {
      if (board && sameMatch(round, board)) recordedThere.push(round.number);
    });
    catchUp(goneFrom(event));
    sayRecordedThere(); // the board showing them already
  });

  // Kept for the match this page's address showed before (a co-scorer's link, gone on
  // to the match played again): listed here, where it was typed, to be taken off; the
  // server does not record it in this match.
  function elsewhere(round) {
    return !sameMatch(round, here());
  }

  function show() {
    summarize();
    const form = roundForm();
    const template = document.getElementById("unsent-rounds");
    const old = document.querySelector(".unsent");
    if (old) old.remove();
    const action = pageAction();
    const place = form || document.getElementById("entry");
    if (!action || !place || !template) return;
    if (form) {
      serverNumber(form);
      // The form's round comes after the kept ones (after a refusal, the server's form
      // says the server's next number).
      const ahead = queueAhead(form);
      if (ahead && Number(field(form, "number").value) <= ahead) showNumber(form, ahead + 1);
    }
    const ours = load().filter(function (round) { return round.action === action; });
    const mine = ours.filter(function (round) { return !inThisForm(round, form) && !correctionOf(round); });
    const held = heldBack(ours);
    listedRefused = refusedKeys();
    noticeUnsent(template, mine, form);
    // The standing grew or shrank: what scrolls into sight next stops below it (app.js).
    if (typeof window.keepClearOfStanding === "function") window.keepClearOfStanding();
    if (!mine.length) return;
    const section = template.content.querySelector(".unsent").cloneNode(true);
    const list = section.querySelector("ol");
    // None of them waits for the connection (refused, maybe while online): said so, not
    // "sent when the connection is back".
    if (mine.every(function (round) { return waitsForPlayer(round) || Boolean(round.error); })) {
      // One round: said of it (French "Non enregistrée", QA).
      section.querySelector("#unsent-title").textContent = template.dataset[mine.length === 1 ? "refusedTitleOne" : "refusedTitle"];
      // No form to correct one in: the match is over (QA25). One round: said of it (QA28).
      const help = (form && !mine.every(elsewhere) ? "refusedHelp" : "refusedHelpOver") + (mine.length === 1 ? "One" : "");
      const taken = form && mine.length === 1 && numberTaken(mine[0], form);
      section.querySelector(".help").textContent = template.dataset[taken ? "refusedHelpTakenOne" : help];
    } else if (held.some(function (round) { return !waitsForPlayer(round); })) {
      // Some wait for the player, not for the connection (QA25).
      section.querySelector(".help").textContent = template.dataset.blockedHelp;
    }
    mine.forEach(function (round) {
      const item = template.content.querySelector(".unsent-round").cloneNode(true);
      item.querySelector(".unsent-name").textContent = template.dataset.name.replace("{n}", String(round.number));
      const stopped = waitsForPlayer(round) || Boolean(round.error);
      item.querySelector(".unsent-state").textContent = stopped ? template.dataset.refused : template.dataset.waiting;
      const message = item.querySelector(".unsent-error");
      message.textContent = round.error || "";
      message.hidden = !round.error;
      item.querySelectorAll(".unsent-discard, .unsent-edit").forEach(function (button) {
        // Put back in a form only where there is one (not on a finished match's board),
        // and one of its own match's.
        button.hidden = !stopped || (button.matches(".unsent-edit") && (!form || elsewhere(round)));
        button.dataset.key = round.key;
      });
      if (numberTaken(round, form) && !elsewhere(round)) offerTaken(item, round, form, template);
      list.appendChild(item);
    });
    place.after(section);
  }

  // A round whose number was taken: the round recorded under it to compare with (its
  // "why", when its row is on the board), and the form said to be the next round's.
  function offerTaken(item, round, form, template) {
    const next = serverNumber(form) + keptBefore(load(), round, form);
    const edit = item.querySelector(".unsent-edit");
    edit.textContent = template.dataset.enterAsNew.replace("{n}", String(next));
    edit.classList.add("secondary"); // not what the list leads to: it may be the same hand
    const correct = item.querySelector(".unsent-correct");
    if (document.getElementById("correction")) {
      correct.textContent = template.dataset.correctWithKept.replace("{n}", String(round.number));
      correct.href = correctionUrl(round);
      correct.dataset.key = round.key;
      correct.hidden = false;
    }
    const why = document.querySelector("#round-" + round.number + " a.why-link");
    const compare = item.querySelector(".unsent-compare");
    if (!why) return;
    compare.href = why.getAttribute("href");
    compare.dataset.number = String(round.number);
    compare.textContent = template.dataset.seeRecorded.replace("{n}", String(round.number));
    compare.hidden = false;
  }

  // The recorded round opens its "why" under its row, in sight (app.js), as a tap on its
  // number does; one already open is only brought into sight.
  document.addEventListener("click", function (event) {
    const compare = event.target.closest && event.target.closest("a.unsent-compare");
    const row = compare && document.getElementById("round-" + compare.dataset.number);
    const link = row && row.querySelector("a.why-link");
    if (!link) return; // no longer on the board: the link's own page
    event.preventDefault();
    const why = row.querySelector("tr.why");
    if (why && !why.hidden) {
      row.scrollIntoView({ block: "nearest" });
    } else {
      link.click();
    }
  });

  // Only a round the server refused can be taken off the list, by the player, or put
  // back in the form to be corrected. Taken off, the rounds kept after it of the same
  // match follow on from the server's next round: the refused one was never recorded,
  // and one the player entered in the form meanwhile was.
  // The kept rounds `form` would record before `round` (not the refused copies).
  function keptBefore(rounds, round, form) {
    const from = serverNumber(form);
    return rounds.filter(function (kept) {
      return kept !== round && sameMatch(kept, round) && kept.number >= from && kept.number < round.number;
    }).length;
  }

  function refusedRound(button) {
    const rounds = load();
    const round = rounds.find(function (kept) { return kept.key === button.dataset.key; });
    return round ? { rounds: rounds, round: round } : null;
  }

  document.addEventListener("click", function (event) {
    const discard = event.target.closest && event.target.closest("button.unsent-discard");
    const found = discard && refusedRound(discard);
    if (!found) return;
    const gone = found.round;
    const form = roundForm();
    const here = form && sameMatch(gone, ofForm(form));
    const rest = found.rounds.filter(function (round) { return round !== gone; });
    // The rounds after it take its place, from the server's next round: never a number
    // past their own. Refused as taken, the round taken off was a round another phone
    // recorded, so the rounds typed after it keep their numbers, and go: refused in
    // turn if taken too (QA53: moved on to the server's next one, a deal another phone
    // had recorded was counted twice).
    // Refused because the match did not go on, the rounds after it were refused too, each
    // under its number: they keep it until the match goes on (resumeKept numbers them then).
    const start = here ? Math.min(serverNumber(form) + keptBefore(rest, gone, form), gone.number + 1) : gone.number;
    save(paused(gone) ? rest : renumber(rest, gone, gone.number, start));
    // The form prepared for the round after the kept ones follows them.
    if (here) {
      const ahead = queueAhead(form);
      showNumber(form, ahead ? ahead + 1 : serverNumber(form));
    }
    show();
    send();
  });

  // The round a round put back in the form was typed for, when the form counts it as
  // another: its number was taken (another phone recorded it first), and it was put in
  // the form as the server's next. It is the number it was listed under (`listedAs`,
  // where it goes back if its form is gone): one put back for its own faults is never
  // numbered after it, a taken one always is (the form's number is the server's next).
  function typedFor(round) {
    return round.inForm && round.listedAs < round.number ? round.listedAs : null;
  }

  // Why a round put back in the form was refused, where the player corrects it (the
  // list no longer holds it): when it is put back, and again after a Reload (QA25).
  // Values typed for a round another phone recorded first say what they are, plainly,
  // whatever the server said of them since: still so above its faults sent back, until
  // the round is recorded or taken off (QA: the faults' form came without it).
  function sayWhyRefused(form, round) {
    const title = form.querySelector(".form-title");
    const said = words();
    const typed = typedFor(round);
    // Nothing wrong with a round of a match going on again ("correct it in the form").
    if (!round.error || round.goesOn || !title) return;
    if (typed && said) {
      if (form.querySelector(".typed-for")) return;
      const note = document.createElement("div");
      note.className = "form-errors typed-for";
      note.setAttribute("role", "alert");
      note.textContent = said.typedFor.replace("{n}", String(typed)).replace("{m}", String(round.number));
      title.after(note);
      return;
    }
    if (form.querySelector(".form-errors")) return;
    const why = document.createElement("div");
    why.className = "form-errors";
    why.setAttribute("role", "alert");
    why.textContent = round.error;
    title.after(why);
  }

  // The server's form in its place (sent back with its faults, checked again after a
  // Reload): a round put back in it and typed for a taken number still says so, before
  // the first fault comes into sight with it (app.js, once settled).
  document.addEventListener("htmx:afterSwap", function () {
    const form = roundForm();
    const round = form && load().find(function (kept) {
      return sameMatch(kept, ofForm(form)) && inThisForm(kept, form);
    });
    if (round && typedFor(round)) sayWhyRefused(form, round);
  });

  // Put back in the form: the round as it was typed, as the server's next round (after
  // a conflict its own number is another phone's round now), to be corrected beside the
  // fields the server names; the rounds kept after it follow it, and wait for it. It
  // stays kept, "in the form", until the server records it.
  document.addEventListener("click", function (event) {
    const edit = event.target.closest && event.target.closest("button.unsent-edit");
    const found = edit && refusedRound(edit);
    const form = roundForm();
    if (!found || !form || !sameMatch(found.round, ofForm(form))) return;
    const before = keptBefore(found.rounds, found.round, form);
    // Its number before: listed under it again if the form no longer shows it, and
    // said above the fields as the one its values were typed for if taken (typedFor).
    found.round.listedAs = found.round.number;
    const rounds = renumber(found.rounds, found.round, found.round.number, serverNumber(form) + before);
    const round = rounds.find(function (kept) { return kept.key === found.round.key; });
    round.inForm = true;
    holdInForm(round);
    window.scorepad.fillForm(form, new URLSearchParams(round.body));
    form.setAttribute("data-put-back", ""); // typed, whatever the form held (app.js, untouched)
    form.querySelectorAll(".form-errors").forEach(function (element) { element.remove(); });
    sayWhyRefused(form, round);
    const title = form.querySelector(".form-title");
    showNumber(form, round.number);
    field(form, "entry_key").value = window.scorepad.freshKey();
    save(rounds);
    show();
    // The card grids and the sums follow the card codes put back.
    form.querySelectorAll("input.card-codes").forEach(function (input) {
      if (input.value) input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    // Kept in the tab as typed (app.js), through a Reload, as a round being typed is;
    // kept now: the board asked for as the connection came back (live.js, sendAll) may
    // answer before a deferred keeping runs, and its fresh form came empty (CI).
    form.dispatchEvent(new Event("input", { bubbles: true }));
    window.scorepad.keepDraft(form);
    if (title) {
      title.tabIndex = -1;
      title.focus({ preventScroll: true });
      title.scrollIntoView({ block: "start" });
    }
  });

  // ---- correcting the round recorded under a taken number with a kept one's values --
  // Its correction on the board, filled with the kept values and saying whose they are:
  // the round shows there, not in the list, until that correction is gone (saved, left
  // as it is, or the page reloaded without it: listed again, refused as it was). Saved,
  // the round is no longer kept. Nothing goes to the server but that correction, and
  // only by the scorer's tap on its Save.
  const KEPT_IN_CORRECTION = "scorepad.kept-in-correction:";

  // A round's correction has the address of the rounds' plus its number (urls.py: the
  // owner's board and a co-scorer's link alike).
  function correctionUrl(round) {
    return round.action + round.number + "/";
  }

  function correctionOf(round) {
    const form = document.querySelector("#correction form.correction-form[data-kept-key]");
    return form && form.dataset.keptKey === round.key ? form : null;
  }

  // The kept round whose correction is on its way (asked for, sent back with its faults,
  // opened again after a Reload): its key, the correction's address, whether its values
  // go in the form (`fill`) and, once asked, the request that brings it.
  let awaited = null;

  document.addEventListener("click", function (event) {
    const correct = event.target.closest && event.target.closest("a.unsent-correct");
    const found = correct && refusedRound(correct);
    const region = document.getElementById("correction");
    if (!found || !region || !window.htmx) return; // no script: the correction's own page
    event.preventDefault();
    awaited = { key: found.round.key, url: correctionUrl(found.round), fill: true, xhr: null };
    window.htmx.ajax("GET", awaited.url, { source: region, target: region, swap: "innerHTML" });
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    const elt = event.detail.elt;
    const config = event.detail.requestConfig;
    // Saved, or sent back with its faults: the correction that comes back is the same.
    if (elt && elt.matches && elt.matches("form.correction-form[data-kept-key]")) {
      awaited = { key: elt.dataset.keptKey, url: elt.getAttribute("action"), fill: false, xhr: null, saving: true };
    }
    if (awaited && !awaited.xhr && config && config.path === awaited.url) awaited.xhr = event.detail.xhr;
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    const region = document.getElementById("correction");
    const form = region && region.querySelector("form.correction-form:not([data-kept-key])");
    if (!awaited || event.detail.xhr !== awaited.xhr || !form || form.getAttribute("action") !== awaited.url) return;
    const round = load().find(function (kept) { return kept.key === awaited.key; });
    if (!round) return;
    form.dataset.keptKey = round.key;
    if (awaited.fill) {
      window.scorepad.fillForm(form, new URLSearchParams(round.body));
      // The card grids and the sums follow the card codes put in, shown as typed.
      form.querySelectorAll("input.card-codes").forEach(function (input) {
        if (!input.value) return;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        const closed = input.closest("details:not([open])");
        if (closed) closed.open = true;
      });
      // Kept in the tab as typed (app.js), through a Reload, as a correction typed is.
      form.dispatchEvent(new Event("input", { bubbles: true }));
    }
    const said = words();
    if (!said) return;
    const note = document.createElement("div");
    // Not a fault (app.js's firstFault passes it by), but in sight as one.
    note.className = "form-errors typed-for kept-for";
    note.setAttribute("role", "alert");
    note.textContent = said.keptForCorrection.replace("{n}", String(round.number));
    form.insertBefore(note, form.firstElementChild);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    const xhr = event.detail.xhr;
    if (!awaited || xhr !== awaited.xhr) return;
    const done = awaited;
    awaited = null;
    if (!done.saving || xhr.status !== 200 || !xhr.getResponseHeader("HX-Retarget")) return;
    // Its answer is the board: with the correction saved, or refused for the match's
    // sake (another phone's change, the round deleted meanwhile), said as an error.
    const board = new DOMParser().parseFromString(xhr.responseText, "text/html");
    if (board.querySelector("#standing .notice.is-error")) return;
    save(load().filter(function (round) { return round.key !== done.key; }));
  });

  // Left as it is (app.js closes it, with no request): listed again. (Seen on its way
  // down: app.js takes the link out of the page as it closes the correction.)
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#correction .edit-back a")) window.setTimeout(show, 0);
  }, true);

  // Through a Reload: the correction app.js keeps and opens again (what was typed in it)
  // is still this round's, and says so; not opened again, the round is listed.
  window.addEventListener("pagehide", function () {
    const form = document.querySelector("#correction form.correction-form[data-kept-key]");
    const key = KEPT_IN_CORRECTION + window.location.pathname;
    try {
      if (form) {
        window.sessionStorage.setItem(key, JSON.stringify({ key: form.dataset.keptKey, url: form.getAttribute("action") }));
      } else {
        window.sessionStorage.removeItem(key);
      }
    } catch (error) {
      // No storage: listed again after the Reload.
    }
  });
  // (Read as this script runs: app.js asks for the correction as the page is loaded.)
  (function () {
    let marked = null;
    let reopened = null;
    try {
      marked = JSON.parse(window.sessionStorage.getItem(KEPT_IN_CORRECTION + window.location.pathname) || "null");
      reopened = JSON.parse(window.sessionStorage.getItem("scorepad.correcting:" + window.location.pathname) || "null"); // app.js
      window.sessionStorage.removeItem(KEPT_IN_CORRECTION + window.location.pathname);
    } catch (error) {
      return;
    }
    // Its values again, before app.js puts back what was typed over them (or, the round
    // changed meanwhile, says it does not): never the round as recorded under its note.
    if (marked && reopened && reopened.url === marked.url) awaited = { key: marked.key, url: marked.url, fill: true, xhr: null };
  })();

  // ---- sending them ---------------------------------------------------------------
  function refusal(html, number) {
    const board = new DOMParser().parseFromString(html, "text/html");
    const notice = board.querySelector(".notice.is-error");
    // Not the round's faults but the match's: it changed (another phone's round).
    if (notice) return notice.textContent.trim();
    // A fault beside a player's field says whose it is: "Ana: …" (the list shows no fields).
    const said = words();
    // Each fault once: a list of the form's own faults sits in its .form-errors box; a
    // count's column that does not add up (Escoba's) is said under its table.
    const faults = Array.from(board.querySelectorAll("form.round-form .form-errors, form.round-form .errorlist, form.round-form .column-fault")).filter(function (fault) {
      return !(fault.matches(".errorlist") && fault.closest(".form-errors"));
    });
    const told = faults.map(function (fault) {
      const text = fault.textContent.trim();
      const row = fault.closest(".entry-row");
      const name = row && row.querySelector(".name");
      if (!text || !name || !said) return text;
      return said.faultOf.replace("{name}", name.textContent.trim()).replace("{fault}", text);
    }).filter(Boolean).join(" ");
    if (told || number === undefined) return told;
    // Faults said in a way not looked for above: a form still asking for the round sent
    // means it was not recorded, and it is never taken off the list as if it were.
    const asked = board.querySelector("form.round-form input[name=number]");
    return asked && asked.value === String(number) ? (said ? said.refusedTitleOne : "Not recorded") : "";
  }

  function currentToken() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return currentCsrfToken() || (input ? input.value : null); // app.js
  }

  // One round through the usual POST, as htmx would send it: "sent", "refused", "failed"
  // (the server's fault: tried again later) or "offline".
  async function sendOne(round) {
    const body = new URLSearchParams(round.body);
    const token = currentToken();
    if (token) body.set("csrfmiddlewaretoken", token);
    let response;
    try {
      response = await fetch(round.action, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        // A kept round: the page the phone may be sent to says what became of it (not
        // the server, which says so of a round just sent: signout.py).
        headers: { "HX-Request": "true", "Scorepad-Kept": "1" },
      });
    } catch (error) {
      if (navigator.onLine) retryLater(); // a weak signal: the "online" event may not come
      return "offline"; // still no connection: everything stays for the next try
    }
    // The account was signed out of this phone from another device: the server has the
    // browser forget what it kept for it, and sends the phone where it says so. Forgotten
    // here too, before the next page reads the store: the browser clears a fetch's site
    // data in its own time (CI saw the next page still holding it).
    const away = response.headers.get("HX-Redirect");
    if (away) {
      leaving = true;
      if (response.headers.get("Scorepad-Forget") === "storage") forget();
      goTo(away);
      return "offline";
    }
    retryDelay = 0;
    const rounds = load();
    const kept = rounds.find(function (other) { return other.key === round.key; });
    const answer = response.ok ? await response.text() : "";
    const sent = new URLSearchParams(round.body).get("number");
    if (response.status === 404) {
      lost(rounds, kept || round);
      return "refused";
    }
    const problem = response.ok ? refusal(answer, sent) : (words() || {}).failed || String(response.status);
    if (!problem) {
      save(rounds.filter(function (other) { return other.key !== round.key; }));
      return "sent";
    }
    if (kept) {
      kept.error = problem;
      kept.retry = !response.ok; // the server's failure, not the round's
      kept.untilResumed = pausedIn(answer);
      kept.goesOn = false;
      save(rounds);
    }
    return response.ok ? "refused" : "failed";
  }

  // Not found: its match is no longer open on this phone (deleted on another phone, a
  // co-scorer's link stopped, another account's). No failure of the server's, sent
  // again and again (QA: every minute, while the home page said "sent when the
  // connection is back"): every round kept for that match waits for the player, who
  // takes them off the list on the home page, or restores the match, whose board then
  // sends them (`backAgain`).
  function lost(rounds, round) {
    const said = (words() || {}).gone || String(404);
    rounds.forEach(function (kept) {
      if (!sameMatch(kept, round) || kept.inForm) return;
      kept.gone = true;
      kept.error = said;
      kept.retry = false;
      kept.untilResumed = false;
      kept.goesOn = false;
    });
    save(rounds);
  }

  // This match's board, from the server, or a page listing it among the matches going
  // on (the home page's "Continue": its deletion undone on another phone, QA): the match
  // is open on this phone again, and the rounds kept for it go as if never sent.
  function backAgain() {
    const board = boardHere();
    const open = Array.from(document.querySelectorAll(".in-progress-list a[href]"), function (link) {
      return link.getAttribute("href");
    });
    const rounds = load();
    const back = rounds.filter(function (round) {
      return round.gone && ((board && sameMatch(round, board)) || open.indexOf(round.page) >= 0);
    });
    back.forEach(function (round) {
      round.gone = false;
      round.error = null;
    });
    if (back.length) save(rounds);
  }

  // The same said to another request of this page: the board asked for as the
  // connection came back (live.js) may reach the server first and find the session
  // ended, the round sent beside it then refused as anyone's (404) and kept again, sent
  // again from the home page, and never forgotten (CI). Nothing more is written.
  // The page it leads to says how many were forgotten: htmx's own way there, which
  // would not, is replaced by ours (the other request's may have gone already).
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    const xhr = event.detail.xhr;
    if (!xhr || xhr.getResponseHeader("Scorepad-Forget") !== "storage") return;
    forget();
    const away = xhr.getResponseHeader("HX-Redirect");
    if (away && (forgotten || gone)) {
      event.preventDefault();
      goTo(away);
    }
  });

  // The rounds kept on this phone, dropped as the account was found signed out: written
  // no more, and counted for the page the phone is sent to (QA: a round typed offline
  // went unsaid). Counted in that page's address, as the browser empties the storage.
  let forgotten = 0;
  function forget() {
    leaving = true;
    load();
    forgotten += emptied + known;
    emptied = 0;
    known = 0;
    window.localStorage.removeItem(STORE);
  }
  // Once: both requests can reach the server before either ends the session, and each
  // answer then says so. A second way there would cancel the first after the server
  // answered it, and the page that showed "You were signed out" would never be seen
  // (CI: the home page said the round was dropped, but not why).
  let gone = false;
  function goTo(away) {
    if (gone) return;
    gone = true;
    window.location.assign(forgotten ? away.split("#")[0] + "#not-recorded-" + forgotten : away);
  }

  let sending = false;
  async function sendAll() {
    if (sending || !navigator.onLine) return;
    sending = true;
    let sent = 0;
    let refused = 0;
    const recorded = []; // the numbers of this page's rounds sent, said once on its board
    // A match's rounds go in order: none that counts on one the player must look at
    // first. The server checks each round's number.
    const held = [];
    try {
      for (const round of load()) {
        if (holds(held, round)) {
          held.push(round);
          continue;
        }
        const result = await sendOne(round);
        if (result === "offline") break;
        if (result === "sent") {
          sent += 1;
          if (document.querySelector(LISTED)) countUnsaid();
          if (sameMatch(round, here())) recorded.push(round.number);
          continue;
        }
        // As the server left it (refused because the match did not go on, or not).
        held.push(load().find(function (kept) { return kept.key === round.key; }) || round);
        if (result === "refused") {
          refused += 1;
        } else {
          retryLater();
        }
      }
    } finally {
      sending = false;
    }
    const board = document.getElementById("scoreboard");
    if ((sent || refused) && board && window.htmx) {
      // The board as the server now has it: the rounds just sent, or what made a kept
      // round refused (another phone's round, the match's end), and a fresh form.
      const asked = window.htmx.ajax("GET", window.location.pathname, { target: "#scoreboard", swap: "outerHTML" });
      if (recorded.length && asked) asked.then(function () { sayRecorded(recorded); });
    } else {
      catchUp(); // refused meanwhile in another tab, this one coming after it
      refreshLists();
    }
    return sent;
  }

  // Sent from a page that lists matches (the home page's matches going on): the list as
  // the server now has it, saying at its top why it changed, how many were sent (QA:
  // "the rounds kept are now recorded" beside those of a deleted match, which were not),
  // even when the list is gone (a round that ended its match).
  // Returns whether it asked, or will once the page is in sight (a tab in the
  // background: the list asked for again as it comes back would take the notice away).
  function refreshLists() {
    const regions = Array.from(document.querySelectorAll(LISTED));
    if (!regions.length || !unsaid() || !window.scorepad.freshenLists) return false;
    if (document.hidden) return true;
    window.scorepad.freshenLists().then(function (swapped) { // app.js
      const sent = unsaid();
      if (!swapped || !sent) return;
      window.sessionStorage.removeItem(UNSAID);
      regions.forEach(function (region) {
        const said = sent === 1 ? region.dataset.sentOne : (region.dataset.sentOther || "").replace("{n}", String(sent));
        const now = document.getElementById(region.id);
        if (!now || !said) return;
        const notice = document.createElement("p");
        notice.className = "notice";
        notice.setAttribute("role", "status");
        notice.textContent = said;
        now.insertBefore(notice, now.firstChild);
      });
    });
    return true;
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) refreshLists();
  });

  // The rounds sent from such a page and not yet said there, counted in the tab's
  // session: the page may go before it says them, and the next one of the tab does (QA: a
  // Reload as the connection came back showed the list from before the rounds the page
  // left had sent, and said nothing, or "1 score" for 2). Not after a couple of minutes.
  const LISTED = "[data-refresh-after-sent][id]";
  const UNSAID = "scorepad.sent-unsaid";
  function unsaid() {
    try {
      const count = JSON.parse(window.sessionStorage.getItem(UNSAID) || "null");
      return count && Date.now() - count.at < 120000 ? count.n : 0;
    } catch (error) {
      return 0;
    }
  }
  function countUnsaid(count) {
    window.sessionStorage.setItem(UNSAID, JSON.stringify({ n: unsaid() + (count || 1), at: Date.now() }));
  }

  // What the player kept and was told so is now recorded: said in the standing, in sight
  // (the rows alone would leave them wondering), until the board changes again.
  function sayRecorded(numbers) {
    const said = words();
    const standing = document.getElementById("standing");
    if (!said || !standing) return;
    const notice = document.createElement("div");
    notice.className = "notice";
    notice.setAttribute("role", "status");
    notice.textContent = numbers.map(function (number) {
      return said.sent.replace("{n}", String(number));
    }).join(" ");
    standing.insertBefore(notice, standing.firstChild);
  }

  // Two tabs of the same match must not send the same list at once.
  function send() {
    // The offline page reloads its page when the connection is back: that page sends.
    if (document.querySelector("[data-offline-page]")) return;
    if (!load().length) {
      refreshLists(); // what the page before it in this tab sent and did not say
      return;
    }
    if (navigator.locks) {
      navigator.locks.request(STORE, sendAll);
    } else {
      sendAll();
    }
  }

  window.addEventListener("online", send);
  document.addEventListener("DOMContentLoaded", function () {
    // A round put back in the form whose typing did not come back with the page (its
    // draft lives in the tab that put it back: another tab, the browser closed since)
    // goes back to the list, refused as it was, not out of sight (QA28).
    // One still in another tab's form (its lock held) stays there (QA: this tab's form
    // then jumped past it and held its new rounds behind it).
    const shown = roundForm();
    const orphans = shown && !window.scorepad.changed(shown) ? inFormElsewhere(shown.getAttribute("action")) : null;
    backAgain();
    resumeKept();
    // A round put back in the form and typed on comes back with the page (app.js's
    // draft), and so does why it was refused.
    const form = roundForm();
    const back = form && window.scorepad.changed(form) && load().find(function (round) {
      return sameMatch(round, ofForm(form)) && inFormOfNumber(round, form);
    });
    if (back) holdInForm(back);
    show();
    if (back) sayWhyRefused(form, back);
    // What its values are comes into sight below the standing, as a fault does: the
    // browser put the page back where it was, the note maybe under the standing. After
    // the load, once the browser's own scrolling back (done as the load ends) is over.
    const note = back && form.querySelector(".typed-for");
    if (note) {
      window.addEventListener("load", function () {
        window.setTimeout(function () { if (note.isConnected) showFault(note); }, 0); // app.js
      }, { once: true });
    }
    if (!orphans) {
      send();
      return;
    }
    orphans.then(function (keys) {
      const rounds = load();
      const left = rounds.filter(function (round) { return round.inForm && keys.indexOf(round.key) >= 0; });
      left.forEach(function (round) {
        round.inForm = false;
        // Never sent under the number the form gave it: listed under its own again, the
        // one its refusal names (QA42: "Round 5 · refused: round 4 was already recorded").
        if (!round.listedAs || round.listedAs === round.number) return;
        const body = new URLSearchParams(round.body);
        body.set("number", String(round.listedAs));
        round.number = round.listedAs;
        round.body = body.toString();
      });
      if (left.length) {
        save(rounds);
        resumeKept();
        show();
      }
      send();
    });
  });

  // The keys of the rounds of `action` put back in a form no tab shows any more.
  function inFormElsewhere(action) {
    const keys = load().filter(function (round) { return round.inForm && round.action === action; }).map(function (round) { return round.key; });
    if (!keys.length) return null;
    if (!navigator.locks) return Promise.resolve(keys);
    return navigator.locks.query().then(function (state) {
      const held = state.held.map(function (lock) { return lock.name; });
      return keys.filter(function (key) { return held.indexOf(IN_FORM + key) < 0; });
    }, function () { return keys; });
  }

  // A page kept whole by the browser, shown by Back: as its load would.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    show();
    send();
  });
  // The form's own POST of a round put back in it: recorded, it is no longer kept;
  // refused as a conflict (another phone's round took its number), it goes back to the
  // list as it was sent, with the server's words; sent back with faults beside its
  // fields, it stays in the form.
  // (What was sent rides on the request: the form itself is swapped out by the answer.)
  document.addEventListener("htmx:beforeRequest", function (event) {
    const form = event.detail.elt;
    const xhr = event.detail.xhr;
    if (event.defaultPrevented || !xhr || !form.matches || !form.matches(ENTRY_FORM)) return;
    xhr.scorepadRound = {
      action: form.getAttribute("action"),
      number: Number(field(form, "number").value),
      body: new URLSearchParams(new FormData(form)).toString(),
    };
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    const xhr = event.detail.xhr;
    const sending = xhr && xhr.scorepadRound;
    if (!sending || !xhr.status) return; // no answer: kept as the form was (sendError)
    const rounds = load();
    const round = rounds.find(function (kept) {
      return kept.inForm && sameMatch(kept, sending) && kept.number === sending.number;
    });
    const board = xhr.status < 400 ? new DOMParser().parseFromString(xhr.responseText, "text/html") : null;
    const conflict = board && board.querySelector(".notice.is-error");
    if (!round) {
      // A round typed here and refused for the match's sake (another phone recorded
      // that number first, the match was abandoned meanwhile): what was typed is not
      // lost. It joins the list, refused with the server's words, to be put back in
      // the form (as the next round) or taken off it, as a kept round refused is.
      if (conflict) {
        const key = new URLSearchParams(sending.body).get("entry_key");
        inOrder(rounds, {
          action: sending.action,
          number: sending.number,
          key: key || window.scorepad.freshKey(),
          body: sending.body,
          next: sending.number,
          error: conflict.textContent.trim(),
          untilResumed: pausedIn(xhr.responseText),
        });
        save(rounds);
      }
      return;
    }
    if (board && !conflict) {
      // Sent back with faults beside its fields: they are why it is not recorded now,
      // said so wherever it is listed or shown again (not the refusal before them).
      const faults = refusal(xhr.responseText);
      if (faults) {
        round.error = faults;
        round.body = sending.body;
        round.retry = false;
        save(rounds);
        return;
      }
      letGo(round.key);
      save(rounds.filter(function (kept) { return kept !== round; }));
      return;
    }
    letGo(round.key);
    round.inForm = false;
    round.body = sending.body;
    round.error = conflict ? conflict.textContent.trim() : (words() || {}).failed || String(xhr.status);
    round.retry = !conflict;
    round.untilResumed = Boolean(conflict) && pausedIn(xhr.responseText);
    round.goesOn = false;
    save(rounds);
  });

  // A round refused because the match did not go on (abandoned meanwhile on another
  // phone, or over: a round before it ended it) is the match's pause, not the round's
  // fault. When this page's board shows the match going on again, such a round is sent
  // as if never refused if it still comes right after the server's rounds (the match
  // resumed, the round that ended it corrected); if not (that round deleted), it waits
  // for the player, renumbered and saying so: not sent in another round's place, then
  // or later (`moved`: the round that ended the match restored and deleted again).
  function pausedIn(answer) {
    const standing = new DOMParser().parseFromString(answer, "text/html").getElementById("standing");
    return Boolean(standing && !standing.classList.contains("in-progress"));
  }
  function resumeKept() {
    const standing = document.getElementById("standing");
    const action = pageAction();
    if (!standing || !action) return false;
    let rounds = load();
    const mine = rounds.filter(function (round) { return sameMatch(round, here()); });
    if (!standing.classList.contains("in-progress")) {
      // Told the match goes on, and it no longer does (the deleted round restored): said
      // so, and it waits for the match again. Not sent to ask the server why: a board
      // asked for before a deletion can land after it, and the round would go in.
      const said = words();
      const told = mine.filter(function (round) { return round.goesOn && !round.inForm; });
      told.forEach(function (round) {
        round.goesOn = false;
        round.untilResumed = true;
        if (said) round.error = said.stoppedAgain.replace("{n}", String(round.number));
      });
      if (told.length) save(rounds);
      return false;
    }
    const first = mine.find(function (round) { return !round.inForm && (round.untilResumed || round.goesOn); });
    const form = roundForm();
    if (!first) return false;
    const next = form ? serverNumber(form) + mine.indexOf(first) : first.number;
    const fits = first.untilResumed && !first.moved && first.number === next;
    rounds = renumber(rounds, first, first.number, next);
    rounds.forEach(function (round) {
      if (!sameMatch(round, first) || round.inForm || !(round.untilResumed || round.goesOn)) return;
      round.untilResumed = false;
      round.goesOn = false;
      round.error = null; // the ones after it wait for it, not for the match
    });
    const said = words();
    if (!fits && said) {
      const moved = rounds.find(function (round) { return round.key === first.key; });
      moved.goesOn = true;
      moved.moved = true;
      moved.retry = false;
      moved.error = said.goesOn.replace("{n}", String(moved.number));
    }
    save(rounds);
    return fits;
  }

  document.addEventListener("htmx:afterSettle", function () {
    const resumed = resumeKept();
    show();
    if (resumed) {
      send();
      return;
    }
    // A round put back in the form and recorded: the rounds kept after it go now.
    const action = pageAction();
    const ours = load().filter(function (round) { return round.action === action; });
    if (heldBack(ours).length < ours.length) send();
  });
})();
