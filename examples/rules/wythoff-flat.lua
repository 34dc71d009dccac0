-- Wythoff's game again (see wythoff.lua), with its options written flat.
--
-- In a game whose positions are several numbers, `moves` may return the
-- options' numbers one after another, {a1, b1, a2, b2, ...}, instead of a
-- table for each option, {{a1, b1}, {a2, b2}, ...}.  The game is the same;
-- the flat list is one table where the other is one table per option, and
-- making tables is most of the time of a game with many moves: Wythoff's
-- game on heaps up to 199 has 10.6 million options, and this file explores
-- it more than twice as fast as wythoff.lua (see doc/benchmarks.md).
--
-- Try:  sgviz value -r wythoff-flat.lua 199,199

name = "Wythoff's game"
start = { {9, 9} }

function moves(a, b)
  local t, n = {}, 0
  -- Take k tokens from the first heap, from the second, or from both.
  for k = 1, a do t[n + 1] = a - k; t[n + 2] = b; n = n + 2 end
  for k = 1, b do t[n + 1] = a; t[n + 2] = b - k; n = n + 2 end
  for k = 1, math.min(a, b) do t[n + 1] = a - k; t[n + 2] = b - k; n = n + 2 end
  return t
end
