// Live updates of a game's page: when the game moves (an event from
// `live`), the page's main part is fetched again and put in place, without
// reloading the page. Without JavaScript the page works the same, only not
// live. The slider shows the table after the move it points at while it
// moves.
//
// The page never stops following silently. A stream ends by itself after a
// while (the server bounds each one's life): the browser opens another, and
// the page catches up on what it missed. A stream refused (too many pages
// open, the bot busy) is tried again later, waiting longer each time; a
// part that could not be fetched is fetched again. While the page cannot
// follow the game, it says so (#live-lost), and stops saying it once it
// follows again. A link that no longer opens (renewed, expired) is not
// tried again: the page says so until it is reloaded.
(function () {
  "use strict";
  var main = document.getElementById("main");
  if (!main || !main.dataset.live || !window.EventSource) {
    return;
  }
  var lost = document.getElementById("live-lost");
  var updates = 0;
  var opened = 0;
  var source = null;
  var failures = 0;
  var retry = null;
  var watchdog = null;
  var dead = false;
  // Whether the page says it cannot follow the game.
  function say(cannot) {
    if (lost) {
      lost.hidden = !cannot;
    }
    main.dataset.following = cannot ? "0" : "1";
  }
  // Whether an answer's status says the link no longer opens anything.
  function gone(status) {
    return status === 404 || status === 410;
  }
  function refresh(attempt) {
    attempt = attempt || 0;
    // A page looking at the past stays there; the newest follows the game.
    if (main.dataset.latest !== "1") {
      return;
    }
    fetch(main.dataset.part, { credentials: "omit", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        main.innerHTML = html;
        updates += 1;
        main.dataset.updates = String(updates);
        slider();
        if (source && source.readyState === EventSource.OPEN) {
          say(false);
        }
      })
      .catch(function (status) {
        if (gone(status)) {
          stop();
          return;
        }
        // Busy or too fast: again soon, then say so and keep trying.
        if (attempt >= 2) {
          say(true);
        }
        setTimeout(function () { refresh(attempt + 1); }, backoff(attempt + 1));
      });
  }
  // How long to wait before the n-th try again: doubling from 2 s to a
  // minute, spread so that pages refused together do not come back together.
  function backoff(n) {
    return Math.min(60000, 2000 * Math.pow(2, Math.max(0, n - 1))) * (0.5 + Math.random());
  }
  // The link no longer opens: say so, and try no more.
  function stop() {
    dead = true;
    if (source) {
      source.close();
      source = null;
    }
    clearTimeout(retry);
    clearTimeout(watchdog);
    say(true);
  }
  function slider() {
    var range = document.getElementById("at");
    var figure = document.querySelector("figure.table img");
    var output = document.querySelector(".slider output");
    if (!range || !figure) {
      return;
    }
    range.addEventListener("input", function () {
      var src = figure.getAttribute("src").replace(/at=\d+/, "at=" + range.value);
      figure.setAttribute("src", src);
      if (output) {
        output.textContent = range.value + " / " + range.max;
      }
    });
  }
  slider();
  function listen() {
    if (dead) {
      return;
    }
    clearTimeout(retry);
    source = new EventSource(main.dataset.live);
    source.addEventListener("moved", function () { refresh(0); });
    source.addEventListener("open", function () {
      clearTimeout(watchdog);
      failures = 0;
      opened += 1;
      main.dataset.streams = String(opened);
      say(false);
      // Opened again: catch up on the moves made meanwhile.
      if (opened > 1) {
        refresh(0);
      }
    });
    source.addEventListener("error", function () {
      if (!source) {
        return;
      }
      if (source.readyState === EventSource.CLOSED) {
        // Refused, or failed: the browser gave up on it. Find out why.
        source.close();
        source = null;
        failures += 1;
        fetch(main.dataset.part, { credentials: "omit", cache: "no-store", method: "HEAD" })
          .then(function (r) {
            if (gone(r.status)) {
              stop();
              return;
            }
            say(true);
            retry = setTimeout(listen, backoff(failures));
          })
          .catch(function () {
            say(true);
            retry = setTimeout(listen, backoff(failures));
          });
        return;
      }
      // The stream ended (its time was up, or the network went): the
      // browser opens it again by itself. Said if that takes long.
      clearTimeout(watchdog);
      watchdog = setTimeout(function () {
        if (!source || source.readyState !== EventSource.OPEN) {
          say(true);
        }
      }, 10000);
    });
  }
  // A page left (another link followed, a form sent) closes its stream at
  // once: a browser opens only a few connections to one site, and a page
  // kept for the Back button must not hold one. Shown again, it listens
  // again and catches up.
  window.addEventListener("pagehide", function () {
    clearTimeout(retry);
    clearTimeout(watchdog);
    if (source) {
      source.close();
      source = null;
    }
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && !source && !dead) {
      listen();
      refresh(0);
    }
  });
  listen();
  main.dataset.liveReady = "1";
})();
