// The table inside Discord (/activity). Discord's client frames this page and
// talks to it through its Embedded App SDK (discord-sdk.js, beside this
// file): ready, then authorize (scope identify) gives a code, which the
// bot's server exchanges for the person's access token (/activity/token);
// authenticate with it; then the server says what this person may open in
// this channel (/activity/open): their seat's link to play, or the game's
// link to watch. The page shows that link's page as the web pages do (its
// part, /g/<link>/part, with the same highlighted places and choices), and
// keeps each tap on this page: a tap on a place or a choice fetches the part
// with the picks so far, a move is posted to /g/<link>/move. The news of
// moves comes over a WebSocket (/g/<link>/ws); when none can be opened the
// page asks again every few seconds instead.
//
// Everything is fetched from this page's own origin, relative to where it
// is served (the root, /activity, or under /.proxy/): Discord's frame lets
// it reach nothing else. The state is in #activity's data-state (loading,
// outside, off, refused, play, watch), the live channel in data-live
// (socket, polling), the parts shown in data-updates.
import { DiscordSDK } from "./discord-sdk.js";

const root = document.getElementById("activity");
const main = document.getElementById("main");
const saidLine = document.getElementById("activity-said");
const hereLine = document.getElementById("activity-here");
const prefix = location.pathname.startsWith("/.proxy") ? "/.proxy" : "";

let base = null; // "/g/<link>", once opened
let language = null; // the person's language, once the server said it
let query = ""; // what the shown part was asked with ("?pick=...", "?at=...")
let updates = 0;

function say(text, state) {
  saidLine.textContent = text;
  if (state) {
    root.dataset.state = state;
  }
}

function headers(extra) {
  const h = Object.assign({}, extra || {});
  if (language) {
    h["Accept-Language"] = language;
  }
  return h;
}

// A JSON request to the bot's server: its answer, or a refusal carrying the
// server's words.
async function post(path, body) {
  const r = await fetch(prefix + path, {
    method: "POST",
    headers: headers({ "Content-Type": "application/json" }),
    body: JSON.stringify(body),
    credentials: "omit",
    cache: "no-store",
  });
  let json = {};
  try {
    json = await r.json();
  } catch (e) {
    json = {};
  }
  if (!r.ok) {
    const refusal = new Error(json.said || root.dataset.sayTrouble);
    refusal.said = json.said || root.dataset.sayTrouble;
    throw refusal;
  }
  return json;
}

// The main part of a page of ours, from its HTML: a part as it is, a whole
// page (a refusal, a problem) by its <main>.
function partOf(html) {
  if (!/<main[\s>]/.test(html)) {
    return html;
  }
  const doc = new DOMParser().parseFromString(html, "text/html");
  const m = doc.getElementById("main");
  return m ? m.innerHTML : "";
}

function show(html) {
  main.innerHTML = partOf(html);
  updates += 1;
  root.dataset.updates = String(updates);
  slider();
}

// The part of the link's page with `q` ("" or "?...").
async function load(q) {
  const r = await fetch(prefix + base + "/part" + q, {
    headers: headers(),
    credentials: "omit",
    cache: "no-store",
  });
  const html = await r.text();
  if (r.status === 404 || r.status === 410) {
    stopLive();
  }
  query = r.ok ? q : "";
  show(html);
  return r.ok;
}

// The shown part again (the game moved), unless it shows the past.
let refreshing = null;
function refresh() {
  if (!base || /[?&]at=/.test(query)) {
    return;
  }
  if (!refreshing) {
    refreshing = load(query)
      .catch(function () {})
      .finally(function () {
        refreshing = null;
      });
  }
}

// A tap on a link of the part: a place, a choice, a move of the history.
main.addEventListener("click", function (event) {
  const a = event.target.closest ? event.target.closest("a") : null;
  if (!a || !base) {
    return;
  }
  const url = new URL(a.getAttribute("href"), location.href);
  if (url.origin !== location.origin) {
    event.preventDefault();
    return;
  }
  const path = url.pathname.replace(/^\/\.proxy/, "");
  event.preventDefault();
  if (path === base) {
    load(url.search).catch(function () {
      say(root.dataset.sayTrouble);
    });
  } else if (path === base + "/replay.gif") {
    replay(prefix + path);
  }
});

// The replay, in place of the table, with a way back.
function replay(src) {
  main.textContent = "";
  const back = document.createElement("button");
  back.type = "button";
  back.className = "back";
  back.textContent = root.dataset.sayBack;
  back.addEventListener("click", function () {
    load(query);
  });
  const figure = document.createElement("figure");
  figure.className = "replay";
  const img = document.createElement("img");
  img.src = src;
  img.alt = "";
  figure.appendChild(img);
  main.appendChild(back);
  main.appendChild(figure);
}

// A form of the part: the slider (a look at the past), or a move.
main.addEventListener("submit", function (event) {
  const form = event.target;
  if (!base || !form.getAttribute) {
    return;
  }
  event.preventDefault();
  const data = new URLSearchParams(new FormData(form));
  if ((form.getAttribute("method") || "get").toLowerCase() === "get") {
    const at = data.get("at");
    load(at === null ? "" : "?at=" + encodeURIComponent(at));
    return;
  }
  move(data);
});

async function move(data) {
  root.dataset.busy = "1";
  try {
    const r = await fetch(prefix + base + "/move", {
      method: "POST",
      headers: headers({ "Content-Type": "application/x-www-form-urlencoded" }),
      body: data.toString(),
      credentials: "omit",
      cache: "no-store",
      redirect: "manual",
    });
    if (r.type === "opaqueredirect" || (r.status >= 300 && r.status < 400)) {
      // Played: the table as it is now.
      root.dataset.moves = String(Number(root.dataset.moves || "0") + 1);
      await load("");
    } else {
      // Refused (said on the page that comes back), or too fast.
      show(await r.text());
      query = "";
    }
  } catch (e) {
    say(root.dataset.sayTrouble);
  } finally {
    root.dataset.busy = "0";
  }
}

// The slider shows the table after the move it points at while it moves.
function slider() {
  const range = main.querySelector("#at");
  const figure = main.querySelector("figure.table img");
  const output = main.querySelector(".slider output");
  if (!range || !figure) {
    return;
  }
  range.addEventListener("input", function () {
    figure.setAttribute("src", figure.getAttribute("src").replace(/at=\d+/, "at=" + range.value));
    if (output) {
      output.textContent = range.value + " / " + range.max;
    }
  });
}

// --- Live: a WebSocket, else asking every few seconds.

let socket = null;
let failures = 0;
let polling = null;
let retry = null;
let dead = false;

function stopLive() {
  dead = true;
  clearTimeout(retry);
  clearInterval(polling);
  if (socket) {
    socket.close();
    socket = null;
  }
  hereLine.hidden = false;
  hereLine.textContent = root.dataset.sayLost;
}

function poll() {
  root.dataset.live = "polling";
  if (!polling) {
    polling = setInterval(refresh, 5000);
  }
}

function listen() {
  if (dead) {
    return;
  }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  let opened = false;
  try {
    socket = new WebSocket(scheme + "//" + location.host + prefix + base + "/ws");
  } catch (e) {
    failures += 1;
    poll();
    retry = setTimeout(listen, 60000);
    return;
  }
  socket.addEventListener("open", function () {
    opened = true;
    failures = 0;
    clearInterval(polling);
    polling = null;
    root.dataset.live = "socket";
    root.dataset.sockets = String(Number(root.dataset.sockets || "0") + 1);
  });
  socket.addEventListener("message", function (event) {
    if (event.data === "moved") {
      refresh();
    }
  });
  socket.addEventListener("close", function (event) {
    socket = null;
    if (dead) {
      return;
    }
    if (event.code === 4004) {
      stopLive();
      return;
    }
    if (opened) {
      // Its time was up, or the server stops: open another, and catch up.
      retry = setTimeout(function () {
        listen();
        refresh();
      }, 500 + Math.random() * 1500);
      return;
    }
    // Not opened: ask every few seconds meanwhile, and try again later.
    failures += 1;
    poll();
    retry = setTimeout(listen, Math.min(60000, 2000 * Math.pow(2, failures)));
  });
}

// --- Who is here (Discord's participants), said under the state.

function names(participants) {
  return participants
    .map(function (p) {
      return p.nickname || p.global_name || p.username;
    })
    .filter(Boolean)
    .join(", ");
}

async function participants(sdk, words) {
  try {
    const answer = await sdk.commands.getInstanceConnectedParticipants();
    const list = names(answer.participants || []);
    if (list) {
      hereLine.hidden = false;
      hereLine.textContent = words + " " + list;
    }
  } catch (e) {
    // Said nowhere: the table works without it.
  }
}

// --- The sign-in, then the table.

async function start() {
  if (root.dataset.state !== "loading") {
    // Not inside Discord, or no Discord here: the page says so already.
    return;
  }
  const sdk = new DiscordSDK(root.dataset.clientId);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: root.dataset.clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const { access_token } = await post("/activity/token", { code: code });
  await sdk.commands.authenticate({ access_token: access_token });
  const opened = await post("/activity/open", {
    access_token: access_token,
    instance_id: sdk.instanceId,
  });
  base = opened.base;
  language = opened.lang || null;
  if (language) {
    document.documentElement.lang = language;
  }
  say(opened.said, opened.kind);
  await load("");
  listen();
  participants(sdk, opened.here || "");
  // Discord's client keeps the page's console lines (the SDK forwards them).
  console.info("aquaretto: the table is open (" + opened.kind + ")");
}

start().catch(function (e) {
  say((e && e.said) || root.dataset.sayRefused, "refused");
});
