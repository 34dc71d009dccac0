/* play-browser.js CHROMIUM URL WIDTH HEIGHT ACTION...: opens the page of
 * `sgviz play -o` in headless Chromium in a window of WIDTH x HEIGHT and
 * does each ACTION as a person would, through the browser's remote
 * debugging pipe: real key presses and real mouse clicks.  An ACTION is
 * "click:NAME" (a click on the drawn position NAME), "press:ID" (a click
 * on the element ID), "type:TEXT" (typed a character at a time), "Enter",
 * "?", "u" or "n" (keys), "shot:FILE" (a screenshot), or "measure" (one
 * line: the smallest letters of the picture in CSS px, and whether the
 * move box and the hint button are inside the window).  After each action
 * but typing and shots, one line: the action, then the body's
 * data-position, data-turn, data-winner and data-moves, then the text the
 * page says.  For tests/cli/cases-play.sh; needs Node.js. */
"use strict";
const { spawn } = require("child_process");
const fs = require("fs"), os = require("os"), path = require("path");
const click = require(path.join(__dirname, "click.js"));

const [chrome, url, width, height, ...actions] = process.argv.slice(2);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "sgviz-play-"));
const browser = spawn(chrome, ["--headless", "--no-sandbox", "--disable-gpu",
  "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-extensions",
  "--hide-scrollbars", "--remote-debugging-pipe", "--user-data-dir=" + profile,
  "--window-size=" + width + "," + height, "about:blank"],
  { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
const toBrowser = browser.stdio[3], fromBrowser = browser.stdio[4];

let lastId = 0, pending = "";
const replies = new Map();
fromBrowser.on("data", (chunk) => {
  pending += chunk.toString();
  for (let end; (end = pending.indexOf("\0")) >= 0; ) {
    const message = JSON.parse(pending.slice(0, end));
    pending = pending.slice(end + 1);
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

function finish(status) {
  browser.once("exit", () => {
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 20,
                           retryDelay: 250 });
    } catch (error) {
      console.error("play-browser.js: " + profile + " left behind: " + error.code);
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
  const evaluate = async (expression) => {
    const reply = await send("Runtime.evaluate",
      { expression, returnByValue: true }, session);
    return reply.result && reply.result.result ? reply.result.result.value
                                               : undefined;
  };
  await send("Emulation.setDeviceMetricsOverride", { width: Number(width),
    height: Number(height), deviceScaleFactor: 1, mobile: Number(width) < 600 },
    session);
  await send("Page.enable", {}, session);
  await send("Page.navigate", { url }, session);
  while (await evaluate("document.readyState === 'complete' && " +
                        "document.body.dataset.turn !== 'loading'") !== true)
    await sleep(100);
  const state = () => evaluate("var b = document.body.dataset; [b.position, " +
    "b.turn, b.winner, b.moves, document.getElementById('say').textContent]" +
    ".join(' | ')");
  const clickAt = (expression) => click(send, evaluate, session, expression,
    { block: "center", inline: "center" });
  const key = async (name) => {
    const press = { key: name, code: { Enter: "Enter", "?": "Slash",
      u: "KeyU", n: "KeyN" }[name], windowsVirtualKeyCode:
      { Enter: 13, "?": 191, u: 85, n: 78 }[name], modifiers: name === "?" ? 8 : 0 };
    await send("Input.dispatchKeyEvent", Object.assign({ type: "rawKeyDown" },
      press), session);
    await send("Input.dispatchKeyEvent", { type: "char", modifiers: press.modifiers,
      text: name === "Enter" ? "\r" : name }, session);
    await send("Input.dispatchKeyEvent", Object.assign({ type: "keyUp" }, press),
      session);
  };
  for (const action of actions) {
    if (action.startsWith("type:")) {
      await evaluate("document.getElementById('move').focus()");
      for (const ch of action.slice(5))
        await send("Input.dispatchKeyEvent", { type: "char", text: ch }, session);
      continue;
    }
    if (action.startsWith("shot:")) {
      await evaluate("window.scrollTo(0, 0)");
      const shot = await send("Page.captureScreenshot", { format: "png" }, session);
      fs.writeFileSync(action.slice(5), Buffer.from(shot.result.data, "base64"));
      continue;
    }
    if (action === "measure") {
      await evaluate("window.scrollTo(0, 0)");
      console.log("measure | " + await evaluate("(function () {" +
        "var least = 1e9; document.querySelectorAll('#picture svg text')" +
        ".forEach(function (t) { var h = t.getBoundingClientRect().height;" +
        "if (h > 0 && h < least) least = h; });" +
        "function seen(id) { var b = document.getElementById(id)" +
        ".getBoundingClientRect(); return b.top >= 0 && b.bottom <= " +
        "window.innerHeight && b.left >= 0 && b.right <= window.innerWidth; }" +
        "return Math.round(least) + ' | ' + seen('move') + ' | ' + seen('hint');" +
        "})()"));
      continue;
    }
    if (action.startsWith("seen:")) {
      // Whether the position NAME lies inside the picture's box, which
      // scrolls: the current position must be in view at every turn.
      const name = JSON.stringify(action.slice(5));
      console.log("seen | " + action.slice(5) + " | " + await evaluate("(function () {" +
        "var g = Array.prototype.find.call(document.querySelectorAll(" +
        "'#picture g.node'), function (g) { return Array.prototype.some.call(" +
        "g.querySelectorAll('text'), function (t) { return t.textContent === " +
        name + "; }); });" +
        "if (!g) return 'none';" +
        "var b = document.getElementById('picture').getBoundingClientRect()," +
        " h = g.getBoundingClientRect();" +
        "return h.left >= b.left && h.right <= b.right && h.top >= b.top &&" +
        " h.bottom <= b.bottom;" +
        "})()"));
      continue;
    }
    let done = true;
    if (action.startsWith("click:")) {
      const name = JSON.stringify(action.slice(6));
      done = await clickAt("Array.prototype.find.call(document.querySelectorAll(" +
        "'#picture g.node'), function (g) { return Array.prototype.some.call(" +
        "g.querySelectorAll('text'), function (t) { return t.textContent === " +
        name + "; }); })");
    } else if (action.startsWith("press:")) {
      done = await clickAt("document.getElementById(" +
        JSON.stringify(action.slice(6)) + ")");
    } else {
      if (action !== "Enter")
        await evaluate("document.activeElement.blur()");
      await key(action);
    }
    await sleep(50);
    console.log(action + (done ? "" : " (not found)") + " | " + await state());
  }
  finish(0);
})().catch((error) => { console.error(String(error)); finish(1); });
