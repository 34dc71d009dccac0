/* practice-keys.js CHROMIUM URL [size=WxH] KEY...: opens URL in headless
 * Chromium (in a window of W x H, 1024x768 by default; below 600 wide as a
 * phone) and presses each KEY as a real key would be pressed, through the
 * browser's remote debugging pipe (so that Tab moves the focus and Enter on
 * a focused button presses it, which events sent from the page's own
 * script cannot do).  A KEY is Tab, Enter, Shift+Enter, ? or "type:TEXT",
 * TEXT typed a character at a time; "Enter reloads" is Enter on a button
 * that loads the page again, and waits for that; "click:ID" is a real
 * mouse click on the element ID; "reload" loads the page again as the
 * browser's reload button does; "goto:URL" opens another page in the same
 * browser (its local storage the same); "clipboard" prints each line of the
 * browser's clipboard after "clipboard | "; "say" prints the page's
 * result and feedback lines after "say | "; "corrections" prints each
 * line of the end's corrections after "corrections | "; "shot:FILE" saves
 * a screenshot; "measure" prints the smallest letters of the picture in
 * CSS px and whether every control on show (the answer, its buttons) is
 * inside the window.  After each key or click, one line on standard
 * output: the key, the focused element's id, and the body's data-phase,
 * data-asked and data-score.  For tests/cli/cases-practice.sh; needs
 * Node.js. */
"use strict";
const { spawn } = require("child_process");
const fs = require("fs"), os = require("os"), path = require("path");
const click = require(path.join(__dirname, "click.js"));

const [chrome, url, ...rest] = process.argv.slice(2);
const size = /^size=(\d+)x(\d+)$/.exec(rest[0] || "");
const keys = size ? rest.slice(1) : rest;
const width = size ? Number(size[1]) : 1024, height = size ? Number(size[2]) : 768;
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "sgviz-keys-"));
const browser = spawn(chrome, ["--headless", "--no-sandbox", "--disable-gpu",
  "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-extensions",
  "--remote-debugging-pipe", "--user-data-dir=" + profile,
  "--hide-scrollbars", "--window-size=" + width + "," + height, "about:blank"],
  { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
const toBrowser = browser.stdio[3], fromBrowser = browser.stdio[4];

/* The pipe carries JSON messages, each ended by a NUL byte. */
let lastId = 0, pending = "", loads = 0;
const replies = new Map();
fromBrowser.on("data", (chunk) => {
  pending += chunk.toString();
  for (let end; (end = pending.indexOf("\0")) >= 0; ) {
    const message = JSON.parse(pending.slice(0, end));
    pending = pending.slice(end + 1);
    if (message.method === "Page.loadEventFired")
      loads++;
    if (replies.has(message.id)) {
      replies.get(message.id)(message);
      replies.delete(message.id);
    }
  }
});
function send(method, params, sessionId) {
  return new Promise((resolve) => {
    const message = { id: ++lastId, method, params: params || {} };
    if (sessionId)
      message.sessionId = sessionId;
    replies.set(message.id, resolve);
    toBrowser.write(JSON.stringify(message) + "\0");
  });
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/* Closes the browser and removes its profile.  Chromium's helper processes
 * may still be writing there for a moment after it exits, so the removal
 * is tried again for a while, and a profile left behind does not fail the
 * test. */
function finish(status) {
  browser.once("exit", () => {
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 20,
                           retryDelay: 250 });
    } catch (error) {
      console.error("practice-keys.js: " + profile + " left behind: " + error.code);
    }
    process.exit(status);
  });
  send("Browser.close").catch(() => {});
  setTimeout(() => browser.kill(), 10000).unref();
}

(async () => {
  const target = await send("Target.createTarget", { url: "about:blank" });
  const attached = await send("Target.attachToTarget",
    { targetId: target.result.targetId, flatten: true });
  const session = attached.result.sessionId;
  /* The value of EXPRESSION in the page; undefined while the page is
   * being loaded again, when there is no page to ask. */
  const evaluate = async (expression) => {
    const reply = await send("Runtime.evaluate",
      { expression, returnByValue: true }, session);
    return reply.result && reply.result.result ? reply.result.result.value
                                               : undefined;
  };
  /* Waits until the page is loaded and its script has run (a key may
   * reload it: "start again" does). */
  const settled = async () => {
    while (await evaluate("document.readyState === 'complete' && " +
                          "document.body.dataset.phase !== 'loading'") !== true)
      await sleep(100);
  };
  await send("Emulation.setDeviceMetricsOverride", { width, height,
    deviceScaleFactor: 1, mobile: width < 600 }, session);
  await send("Page.enable", {}, session);
  await send("Page.navigate", { url }, session);
  await settled();
  const state = () => evaluate("[document.activeElement.id || " +
    "document.activeElement.tagName, document.body.dataset.phase, " +
    "document.body.dataset.asked || '-', document.body.dataset.score || " +
    "'-'].join(' | ')");
  /* A real click at the middle of the element that EXPRESSION gives,
   * scrolled into view first as a person would. */
  const clickAt = (expression) => click(send, evaluate, session, expression,
    { block: "nearest" });
  const textOf = (id) => "Array.prototype.map.call(document.querySelectorAll('#" +
    id + " p, #" + id + " li'), function (p) { return p.textContent; })";
  for (const key of keys) {
    if (key === "say") {
      console.log("say | " + await evaluate(textOf("result") + ".concat(" +
        textOf("feedback") + ").join(' / ')"));
      continue;
    }
    if (key === "corrections") {
      for (const line of await evaluate(textOf("corrections")))
        console.log("corrections | " + line);
      continue;
    }
    if (key.startsWith("shot:")) {
      const shot = await send("Page.captureScreenshot", { format: "png" }, session);
      fs.writeFileSync(key.slice(5), Buffer.from(shot.result.data, "base64"));
      continue;
    }
    if (key === "measure") {
        /* The letters as the reader sees them: the height of each text's
       * box on the screen; and the controls on show, where they are
       * without the page being scrolled (at the end, the top of the
       * score). */
      console.log("measure | " + await evaluate("(function () {" +
        "var least = 1e9; document.querySelectorAll('#picture svg text')" +
        ".forEach(function (t) { var h = t.getBoundingClientRect().height;" +
        "if (h > 0 && h < least) least = h; });" +
        "var out = []; ['answer', 'check', 'show', 'keep', 'hint', 'next', " +
        "'score-box'].forEach(function (id) {" +
        "var el = document.getElementById(id); if (!el || !el.offsetParent) return;" +
        "var b = el.getBoundingClientRect(), bottom = id === 'score-box' ?" +
        " b.top + 40 : b.bottom;" +
        "if (!(b.top >= 0 && bottom <= window.innerHeight && b.left >= 0 &&" +
        " b.right <= window.innerWidth)) out.push(id); });" +
        "return Math.floor(least * 10) / 10 + ' | ' + (out.length ? 'out of view: ' + " +
        "out.join(' ') : 'in view') + ' | ' + " +
        "(document.documentElement.scrollWidth <= window.innerWidth);" +
        "})()"));
      continue;
    }
    if (key === "reload" || key.startsWith("goto:") || key.startsWith("click:")) {
      const loadsBefore = loads, loading = !key.startsWith("click:");
      if (key === "reload")
        await send("Page.reload", {}, session);
      else if (key.startsWith("goto:"))
        await send("Page.navigate", { url: key.slice(5) }, session);
      else if (!await clickAt("document.getElementById(" +
                              JSON.stringify(key.slice(6)) + ")"))
        throw new Error(key + ": no such element");
      while (loading && loads === loadsBefore)
        await sleep(100);
      await settled();
      console.log((key.startsWith("goto:") ? "goto" : key) + " | " + await state());
      continue;
    }
    if (key === "clipboard") {
      await send("Browser.grantPermissions",
        { permissions: ["clipboardReadWrite", "clipboardSanitizedWrite"] });
      const reply = await send("Runtime.evaluate", { awaitPromise: true,
        expression: "navigator.clipboard.readText()", returnByValue: true },
        session);
      reply.result.result.value.split("\n").forEach((line) => {
        if (line)
          console.log("clipboard | " + line);
      });
      continue;
    }
    if (key.startsWith("type:")) {
      for (const ch of key.slice(5))
        await send("Input.dispatchKeyEvent", { type: "char", text: ch }, session);
      continue;
    }
    const reloads = key.endsWith(" reloads"), loadsBefore = loads;
    const shift = key.startsWith("Shift+") || key === "?";
    const name = key.replace(/^Shift\+/, "").replace(/ reloads$/, "");
    const press = { key: name, modifiers: shift ? 8 : 0,
      code: { Tab: "Tab", Enter: "Enter", "?": "Slash" }[name],
      windowsVirtualKeyCode: { Tab: 9, Enter: 13, "?": 191 }[name] };
    await send("Input.dispatchKeyEvent",
      Object.assign({ type: "rawKeyDown" }, press), session);
    if (name !== "Tab")
      await send("Input.dispatchKeyEvent", { type: "char", modifiers: press.modifiers,
        text: name === "Enter" ? "\r" : name }, session);
    await send("Input.dispatchKeyEvent",
      Object.assign({ type: "keyUp" }, press), session);
    while (reloads && loads === loadsBefore)
      await sleep(100);
    await settled();
    console.log(key + " | " + await state());
  }
  finish(0);
})().catch((error) => { console.error(String(error)); finish(1); });
