/*!
 * Northwind support chat for the bank's own pages:
 *   <script src="https://support.bank.example/embed.js" data-label="Chat with us" async></script>
 * Places a launcher and the chat panel (an iframe of /widget) on the page, once the widget has
 * said it may be embedded here (the page's origin is on the app's WIDGET_ORIGINS); anywhere else
 * it removes what it added and leaves the page as it was.
 */
(function () {
  "use strict";

  var SOURCE = "northwind-chat";
  var VERSION = 1;
  /** How long the widget may take to say hello once its frame has loaded, and at all. */
  var AFTER_LOAD_MS = 6000;
  var AT_ALL_MS = 30000;

  var script = document.currentScript;
  if (!script || !script.src || window.NorthwindChat) return;
  var app = new URL(script.src).origin;
  var host = window.location.origin;
  if (!/^https?:\/\//.test(host)) return;

  function setting(name, fallback) {
    var value = script.getAttribute("data-" + name);
    return value === null || value.trim() === "" ? fallback : value.trim();
  }
  var label = setting("label", "Chat with us").slice(0, 40);
  var side = setting("position", "right") === "left" ? "left" : "right";
  var openAtStart = setting("open", "false") === "true";

  var CSS = [
    ":host { all: initial; }",
    ".launcher { position: fixed; bottom: 24px; z-index: 2147483000; display: inline-flex; align-items: center; gap: 10px;",
    "  height: 52px; padding: 0 22px 0 18px; border: 0; border-radius: 999px; background: #09284f; color: #fff; cursor: pointer;",
    "  font: 600 15px/1 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; letter-spacing: .01em;",
    "  box-shadow: 0 10px 28px rgba(9, 40, 79, .28), 0 2px 6px rgba(9, 40, 79, .2); transition: background-color .15s, transform .15s; }",
    ".launcher:hover { background: #053d75; }",
    ".launcher:active { transform: translateY(1px); }",
    ".launcher:focus-visible { outline: 3px solid #0465af; outline-offset: 3px; }",
    ".launcher svg { width: 22px; height: 22px; flex: none; }",
    ".launcher[hidden], .panel[hidden] { display: none; }",
    ".badge { position: absolute; top: -6px; right: -4px; min-width: 22px; height: 22px; padding: 0 6px; box-sizing: border-box;",
    "  border-radius: 999px; border: 2px solid #fff; background: #b91c1c; color: #fff; font: 700 12px/18px system-ui, sans-serif; text-align: center; }",
    ".badge:empty { display: none; }",
    ".panel { position: fixed; bottom: 92px; z-index: 2147483000; width: 380px; max-width: calc(100vw - 32px);",
    "  height: min(var(--panel-height, 600px), calc(100vh - 116px)); border-radius: 16px; overflow: hidden; background: #fff;",
    "  box-shadow: 0 24px 60px rgba(15, 23, 42, .24), 0 0 0 1px rgba(15, 23, 42, .08);",
    "  transition: opacity .18s ease, transform .18s ease, visibility 0s linear .18s; }",
    ".panel.closed { visibility: hidden; opacity: 0; transform: translateY(12px); pointer-events: none; }",
    ".panel.open { visibility: visible; opacity: 1; transform: none; transition-delay: 0s; }",
    ".right { right: 24px; } .left { left: 24px; } .badge-left { left: -4px; right: auto; }",
    "iframe { display: block; width: 100%; height: 100%; border: 0; }",
    "@media (max-width: 480px) {",
    "  .panel { inset: 0; width: auto; max-width: none; height: auto; border-radius: 0; }",
    "  .panel.open ~ .launcher { display: none; }",
    "}",
    "@media (prefers-reduced-motion: reduce) { .panel, .launcher { transition: none; } }",
  ].join("\n");

  var SVG = "http://www.w3.org/2000/svg";
  function icon(paths) {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("fill", "none");
    svg.setAttribute("stroke", "currentColor");
    svg.setAttribute("stroke-width", "2");
    svg.setAttribute("stroke-linecap", "round");
    svg.setAttribute("stroke-linejoin", "round");
    svg.setAttribute("aria-hidden", "true");
    paths.forEach(function (d) {
      var path = document.createElementNS(SVG, "path");
      path.setAttribute("d", d);
      svg.appendChild(path);
    });
    return svg;
  }
  var chatIcon = icon(["M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z", "M8.5 11h7", "M8.5 14.5h4"]);
  var closeIcon = icon(["M6 9l6 6 6-6"]);

  var root = document.createElement("div");
  root.setAttribute("data-northwind-chat", "");
  var shadow = root.attachShadow({ mode: "open" });
  var sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  shadow.adoptedStyleSheets = [sheet];

  var panel = document.createElement("div");
  panel.className = "panel closed " + side;
  panel.id = "northwind-chat-panel";
  var frame = document.createElement("iframe");
  frame.title = "Support chat";
  frame.src = app + "/widget?host=" + encodeURIComponent(host);
  panel.appendChild(frame);

  var launcher = document.createElement("button");
  launcher.type = "button";
  launcher.className = "launcher " + side;
  launcher.hidden = true;
  launcher.setAttribute("aria-controls", panel.id);
  launcher.setAttribute("aria-expanded", "false");
  var launcherIcon = chatIcon;
  var text = document.createElement("span");
  text.textContent = label;
  var badge = document.createElement("span");
  badge.className = side === "left" ? "badge badge-left" : "badge";
  badge.setAttribute("aria-hidden", "true");
  launcher.append(launcherIcon, text, badge);

  shadow.append(panel, launcher);

  var ready = false;
  var isOpen = false;
  var unread = 0;

  function render() {
    panel.className = "panel " + (isOpen ? "open " : "closed ") + side;
    launcher.setAttribute("aria-expanded", String(isOpen));
    var wanted = isOpen ? closeIcon : chatIcon;
    if (launcherIcon !== wanted) {
      launcher.replaceChild(wanted, launcherIcon);
      launcherIcon = wanted;
    }
    badge.textContent = unread === 0 ? "" : unread > 9 ? "9+" : String(unread);
    launcher.setAttribute("aria-label", unread === 0 ? label : label + ", " + unread + (unread === 1 ? " new message" : " new messages"));
  }

  function tell(type) {
    if (frame.contentWindow) frame.contentWindow.postMessage({ source: SOURCE, v: VERSION, type: type }, app);
  }

  function open() {
    if (!ready) openAtStart = true;
    if (!ready || isOpen) return;
    isOpen = true;
    unread = 0;
    render();
    frame.focus();
    tell("open");
  }

  function close() {
    if (!isOpen) return;
    var hadFocus = shadow.activeElement === frame;
    isOpen = false;
    render();
    tell("close");
    if (hadFocus) launcher.focus();
  }

  function announce(name) {
    document.dispatchEvent(new CustomEvent("northwind-chat:" + name));
  }

  var timers = [];
  function giveUp() {
    if (ready) return;
    timers.forEach(clearTimeout);
    window.removeEventListener("message", onMessage);
    root.remove();
    delete window.NorthwindChat;
    console.warn("Northwind chat: " + host + " may not embed the chat from " + app + " (it is not on the app's WIDGET_ORIGINS).");
    announce("unavailable");
  }

  function onReady() {
    if (ready) {
      if (isOpen) tell("open");
      return;
    }
    ready = true;
    timers.forEach(clearTimeout);
    launcher.hidden = false;
    render();
    announce("ready");
    if (openAtStart) open();
  }

  function onMessage(event) {
    if (event.origin !== app || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || typeof data !== "object" || data.source !== SOURCE || data.v !== VERSION) return;
    if (data.type === "ready") onReady();
    else if (data.type === "resize") {
      var height = Number(data.height);
      if (isFinite(height)) panel.style.setProperty("--panel-height", Math.round(Math.min(Math.max(height, 200), 900)) + "px");
    } else if (data.type === "agent-message" && !isOpen) {
      var count = Number(data.count);
      if (count > 0 && count < 1000) {
        unread += Math.floor(count);
        render();
      }
    } else if (data.type === "close") close();
  }

  launcher.addEventListener("click", function () {
    if (isOpen) close();
    else open();
  });
  launcher.addEventListener("keydown", function (event) {
    if (event.key === "Escape") close();
  });
  window.addEventListener("message", onMessage);
  frame.addEventListener("load", function () {
    if (!ready) timers.push(setTimeout(giveUp, AFTER_LOAD_MS));
  });
  timers.push(setTimeout(giveUp, AT_ALL_MS));

  window.NorthwindChat = { open: open, close: close };
  if (document.body) document.body.appendChild(root);
  else
    document.addEventListener("DOMContentLoaded", function () {
      document.body.appendChild(root);
    });
})();
