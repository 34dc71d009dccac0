/* click.js - a real mouse click through Chromium's debugging pipe, for the
 * drivers of tests/cli (play-browser.js, practice-keys.js): the element
 * that EXPRESSION gives (a JavaScript expression evaluated in the page) is
 * scrolled into view with the options SCROLL, as a person would scroll to
 * it, and clicked at its middle.  SEND sends a message of the pipe to the
 * page's SESSION, EVALUATE gives the value of an expression in the page.
 * Resolves to false when there is no such element. */
"use strict";
module.exports = async function click(send, evaluate, session, expression,
                                      scroll) {
  const r = await evaluate("(function () { var el = " + expression + ";" +
    "if (!el) return null; el.scrollIntoView(" + JSON.stringify(scroll) + ");" +
    "var b = el.getBoundingClientRect();" +
    "return [b.left + b.width / 2, b.top + b.height / 2]; })()");
  if (!r)
    return false;
  for (const type of ["mouseMoved", "mousePressed", "mouseReleased"])
    await send("Input.dispatchMouseEvent", { type, x: r[0], y: r[1],
      button: "left", clickCount: 1 }, session);
  return true;
};
