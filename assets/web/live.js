// Live updates of a game's page: when the game moves (an event from
// `live`), the page's main part is fetched again and put in place, without
// reloading the page. Without JavaScript the page works the same, only not
// live. The slider shows the table after the move it points at while it
// moves.
(function () {
  "use strict";
  var main = document.getElementById("main");
  if (!main || !main.dataset.live || !window.EventSource) {
    return;
  }
  var updates = 0;
  function refresh() {
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
      })
      .catch(function () { /* the next move tries again */ });
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
  // A page left (another link followed, a form sent) closes its stream at
  // once: a browser opens only a few connections to one site, and a page
  // kept for the Back button must not hold one. Shown again, it listens
  // again and catches up.
  var source = null;
  function listen() {
    source = new EventSource(main.dataset.live);
    source.addEventListener("moved", refresh);
  }
  window.addEventListener("pagehide", function () {
    if (source) {
      source.close();
      source = null;
    }
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && !source) {
      listen();
      refresh();
    }
  });
  listen();
  main.dataset.liveReady = "1";
})();
