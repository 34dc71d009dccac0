/* play-human.js SGVIZ SEED: plays `sgviz play -f json` as a weak human
 * would (random legal moves typed either way, moves that are none, hints,
 * taking back, and sometimes the end of input in the middle of a game), in
 * games of Nim, S = {1,3,4}, Kayles and misère Nim from random sums, and
 * checks every reply of the computer against a brute force written here
 * from the rules alone: who wins a sum of heaps by a search over its
 * positions (normal and misère play), and the longest game the loser can
 * force.  Prints one line per game and "N passed, M failed" at the end;
 * exits 1 on a failure.  For tests/cli/cases-play.sh; needs Node.js. */
"use strict";
const { spawnSync } = require("child_process");

const [sgviz, seedText] = process.argv.slice(2);
let seed = Number(seedText || 1) >>> 0 || 1;
function rnd(n) {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed % n;
}

const GAMES = [
  { args: ["-s", "all"], amounts: [1, 2, 3, 4, 5, 6, 7, 8, 9], misere: false },
  { args: ["-s", "1,3,4"], amounts: [1, 3, 4], misere: false },
  { args: ["-t", "kayles"], kayles: true, misere: false },
  { args: ["-s", "all", "--misere"], amounts: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    misere: true },
];

function parse(text) {
  return String(text).split("+").map(Number).filter((h) => h > 0);
}
const keyOf = (q) => q.filter((h) => h > 0).sort((a, b) => a - b).join("+");
function moves(g, q) {
  const out = [];
  q.forEach((h, i) => {
    const rest = q.slice(0, i).concat(q.slice(i + 1));
    if (!g.kayles) {
      g.amounts.forEach((a) => { if (a <= h) out.push(rest.concat([h - a])); });
      return;
    }
    for (let k = 1; k <= 2 && k <= h; k++)
      for (let a = 0; a + k <= h; a++)
        out.push(rest.concat([a, h - k - a]));
  });
  return out.map((m) => m.filter((h) => h > 0));
}
const winMemo = new Map(), lenMemo = new Map();
function win(g, q) {
  const k = g.args.join(" ") + "|" + keyOf(q);
  if (winMemo.has(k))
    return winMemo.get(k);
  const ms = moves(g, q);
  const w = ms.length === 0 ? g.misere : ms.some((m) => !win(g, m));
  winMemo.set(k, w);
  return w;
}
function length(g, q) {
  const k = g.args.join(" ") + "|" + keyOf(q);
  if (lenMemo.has(k))
    return lenMemo.get(k);
  const w = win(g, q);
  let best = -1;
  moves(g, q).forEach((m) => {
    if (w && win(g, m))
      return;
    const l = length(g, m);
    if (best < 0 || (w ? l < best : l > best))
      best = l;
  });
  lenMemo.set(k, best + 1);
  return best + 1;
}
function sg(g, h) {
  const seen = new Set();
  moves(g, [h]).forEach((m) => {
    seen.add(m.reduce((v, p) => v ^ sg(g, p), 0));
  });
  let v = 0;
  while (seen.has(v))
    v++;
  return v;
}

/* One game: the input is written ahead, a line per turn, by simulating
 * the weak player against positions the computer's replies lead to; so
 * the game is played twice: once to choose the lines (asking sgviz turn
 * by turn), once checked whole. */
let passed = 0, failed = 0;
function fail(what) { failed++; console.log("FAIL: " + what); }

function play(g, start, first) {
  const args = ["play"].concat(g.args, ["--position", start, "-f", "json"],
                               first ? ["--first", first] : []);
  let lines = [];
  for (let round = 0; round < 60; round++) {
    const r = spawnSync(sgviz, args, { input: lines.join("\n") + "\n",
                                       encoding: "utf8" });
    if (r.status !== 0) {
      fail(args.join(" ") + ": exit " + r.status + ": " + r.stderr);
      return;
    }
    const events = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    const last = events[events.length - 1];
    for (const e of events) {
      if (e.player === undefined)
        continue;
      const from = parse(e.from), to = parse(e.to);
      const legal = moves(g, from).some((m) => keyOf(m) === keyOf(to));
      const value = to.reduce((v, h) => v ^ sg(g, h), 0);
      if (!legal || value !== e.value || (e.outcome === "P") === win(g, to)) {
        fail(args.join(" ") + ": " + JSON.stringify(e) + " (legal " + legal +
             ", value " + value + ")");
        return;
      }
      if (e.player !== "computer")
        continue;
      if (win(g, from) ? win(g, to)
          : length(g, to) !== Math.max.apply(null,
              moves(g, from).map((m) => length(g, m)))) {
        fail(args.join(" ") + ": the computer played " + e.from + " -> " +
             e.to);
        return;
      }
    }
    if (last.winner !== undefined) {
      const end = parse(last.position);
      if (moves(g, end).length) {
        fail(args.join(" ") + ": the game ended at " + last.position);
        return;
      }
      passed++;
      console.log("game " + args.join(" ") + ": " + lines.length +
                  " lines, winner " + last.winner);
      return;
    }
    /* The next line of the weak player. */
    const now = parse(last.position);
    const ms = moves(g, now), roll = rnd(20);
    if (roll === 0)
      lines.push("?");
    else if (roll === 1)
      lines.push("u");
    else if (roll === 2)
      lines.push(["x", "1+", ":3", "9:9", "3+4+99", "\u00e9"][rnd(6)]);
    else if (roll === 3 && round > 3) {
      /* the end of input in the middle of the game */
      const r2 = spawnSync(sgviz, args, { input: lines.join("\n"),
                                          encoding: "utf8" });
      const tail = r2.stdout.trim().split("\n").pop();
      if (r2.status === 0 && /"end": "input"|"winner"/.test(tail)) passed++;
      else fail(args.join(" ") + ": end of input: " + tail);
      return;
    } else {
      const m = ms[rnd(ms.length)];
      lines.push(m.length ? m.join("+") : "0");
    }
  }
  fail(args.join(" ") + ": no end after 60 lines");
}

for (let i = 0; i < 24; i++) {
  const g = GAMES[i % GAMES.length];
  const n = 1 + rnd(3), parts = [];
  for (let k = 0; k < n; k++)
    parts.push(1 + rnd(g.kayles ? 6 : 7));
  play(g, parts.join("+"), ["you", "computer", null][rnd(3)]);
}
console.log(passed + " passed, " + failed + " failed");
process.exit(failed ? 1 : 0);
