<script>
/* Drives the practice page of sgviz from the keyboard, for
 * tests/cli/cases-practice.sh, which puts this script at the end of a copy
 * of the page with window.sgDrive, the actions, before it: "type TEXT"
 * puts TEXT into the focused element (as typing would); "right" types
 * window.sgTruth[K] for the position K asked; "enter", "shift-enter" and
 * "?" are key presses, sent to the focused element.  After each key press
 * a line goes to the hidden pre element drive-log: the key, the focused
 * element, the phase, the position asked, the verdict, whether the picture
 * is veiled, the result line and the feedback's lines.  The sheet the download link holds goes
 * to the pre element downloaded.  The body's data-fits says whether the
 * page fits the window's width. */
(function () {
  "use strict";
  var log = [];
  function key(k, shift) {
    document.activeElement.dispatchEvent(new KeyboardEvent("keydown",
      { key: k, shiftKey: !!shift, bubbles: true, cancelable: true }));
  }
  function note(action) {
    var b = document.body, a = document.activeElement;
    log.push([action, a.id || a.tagName, b.getAttribute("data-phase"),
              b.getAttribute("data-asked") || "-",
              b.getAttribute("data-verdict") || "-",
              document.getElementById("picture").classList.contains("veiled")
                ? "veiled" : "shown",
              document.getElementById("result").textContent,
              Array.prototype.map.call(
                document.querySelectorAll("#feedback p"),
                function (p) { return p.textContent; }).join(" / ")].join(" | "));
  }
  note("start");
  (window.sgDrive || []).forEach(function (a) {
    document.body.removeAttribute("data-verdict");
    if (a.indexOf("type ") === 0) {
      document.activeElement.value = a.slice(5);
      return;
    }
    if (a === "right") {
      document.activeElement.value =
        window.sgTruth[Number(document.body.getAttribute("data-asked"))];
      return;
    }
    if (a === "enter")
      key("Enter");
    else if (a === "shift-enter")
      key("Enter", true);
    else
      key(a);
    note(a);
  });
  document.body.setAttribute("data-fits",
    String(document.documentElement.scrollWidth <= window.innerWidth));
  var pre = document.createElement("pre");
  pre.id = "drive-log";
  pre.hidden = true;
  pre.textContent = "\n" + log.join("\n") + "\n";
  document.body.appendChild(pre);
  var link = document.getElementById("download");
  if (/^blob:/.test(link.href)) {
    var x = new XMLHttpRequest();
    x.open("GET", link.href, false);
    x.send();
    var got = document.createElement("pre");
    got.id = "downloaded";
    got.hidden = true;
    got.setAttribute("data-name", link.getAttribute("download"));
    got.textContent = "\n" + x.responseText;
    document.body.appendChild(got);
  }
})();
</script>
