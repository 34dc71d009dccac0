-- kiki's corner game again (see kiki.lua), with its options written flat:
-- the numbers of the options one after another, {x1, y1, x2, y2, ...},
-- rather than a table for each option.  The same game, explored about
-- twice as fast (see wythoff-flat.lua and doc/benchmarks.md).
--
-- Try:  sgviz value -r kiki-flat.lua 1999,1999

name = "kiki's corner game"
start = { {9, 9} }

function moves(x, y)
  -- Left, down, or diagonally down-left, while the board lasts.
  if x > 0 and y > 0 then return {x - 1, y, x, y - 1, x - 1, y - 1} end
  if x > 0 then return {x - 1, y} end
  if y > 0 then return {x, y - 1} end
  return {}
end
