// reveal-page.js - runs the script of a step page (sgviz steps -o
// FILE.html) under Node.js, in a small stand-in for the browser's
// document, and prints what the page shows after each key:
//
//   node reveal-page.js PAGE.html HASH KEY...
//
// One line per state: the step and stage (the body's data-step and
// data-stage), the caption, the positions whose value line reads "?"
// and the table's cells that show a value.  The picture itself is left
// out (sgPage.picture is replaced by a recorder of the looks and labels
// the script asks for), so that the page's own logic is what is tested.
"use strict";
const fs = require("fs");

const html = fs.readFileSync(process.argv[2], "utf8");
const hash = process.argv[3];
const keys = process.argv.slice(4);
const script = /<script>([\s\S]*?)<\/script>/.exec(html)[1];
const data = /<script type="application\/json" id="sg-data">([\s\S]*?)<\/script>/.exec(html)[1];

function element(id) {
  return {
    id: id, textContent: id === "sg-data" ? data : "", value: "0", min: "0",
    disabled: false, listeners: {},
    classList: { add() {}, remove() {} },
    addEventListener(type, fn) { this.listeners[type] = fn; },
    setAttribute(name, value) { this[name] = value; },
    getAttribute(name) { return this[name]; },
  };
}
const elements = {};
const documentListeners = {};
const body = element("body");
global.document = {
  body: body,
  getElementById(id) { return elements[id] || (elements[id] = element(id)); },
  querySelector() { return null; },
  addEventListener(type, fn) { documentListeners[type] = fn; },
};
global.location = { hash: hash };
global.history = { replaceState(a, b, h) { location.hash = h; } };
global.window = { addEventListener() {} };

const steps = JSON.parse(data).steps;
let labels = {};
let cells = [];
global.sgPageStandIn = {
  picture() {
    const items = steps.map((s, x) => ({ node: true, owner: x, sum: null }));
    return {
      paint(pick, label) {
        labels = {};
        items.forEach((it) => {
          pick(it);
          const text = label ? label(it) : null;
          if (text !== null && text !== undefined)
            labels[it.owner] = text;
        });
      },
    };
  },
  table(s) {
    cells = s.map(() => ({
      className: "", children: [{}, { textContent: "" }, { textContent: "" }],
      addEventListener() {},
    }));
    return cells;
  },
};

function state() {
  const hidden = Object.keys(labels).filter((x) => labels[x] === "sg=?");
  const known = cells.map((c, i) => (c.children[1].textContent !== "" ? i : null))
                     .filter((i) => i !== null);
  console.log("step " + body["data-step"] + " " + body["data-stage"] +
              " | " + document.getElementById("caption").textContent +
              " | hidden " + (hidden.join(",") || "-") +
              " | known " + (known.join(",") || "-"));
}

// The page's own script, with the shared part's sgPage replaced.
const run = new Function(
  script.replace("var sgPage = (function", "var sgPageShared = (function")
        .replace(/\(function \(\) \{\n  "use strict";\n  var data/,
                 "var sgPage = sgPageStandIn;\n(function () {\n  \"use strict\";\n  var data"));
run();
state();
for (const k of keys) {
  documentListeners.keydown({ key: k, target: { tagName: "BODY" },
                              altKey: false, ctrlKey: false, metaKey: false,
                              preventDefault() {} });
  state();
}
