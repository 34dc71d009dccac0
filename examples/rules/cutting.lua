-- The Cutting Game (POJ 2311), as a rules file for `sgviz -r`.
--
-- Two players take turns with a W x H sheet of grid paper.  A move takes one
-- sheet and cuts it along a grid line into two sheets, which stay in play.
-- Whoever first cuts out a 1 x 1 piece wins.
--
-- That goal is not "whoever cannot move loses" yet, so it needs one
-- thought to become a normal play game.  A player who cuts off a strip of
-- width or height 1 hands the other player a sheet from which a 1 x 1 piece
-- can be cut at once, and so loses.  No good player ever does that, so we
-- leave those cuts out: in this file a cut must leave two sheets that are
-- each at least 2 wide and 2 high.  A sheet that allows no such cut (2 x 2,
-- 2 x 3, 3 x 2) forces its player into a losing cut, which is exactly what
-- "a position with no moves is lost" says.  This is the usual formulation,
-- and the one the problem's accepted solutions use; the sheets of width 1
-- never appear, so positions start at 2 x 2.
--
-- Each cut leaves two sheets, played side by side: the option is the sum
-- sum({i, h}, {w - i, h}), whose value is the nim-sum of the two sheets.
--
-- Try:  sgviz table -r cutting.lua --grid
--       printf '2 2\n3 2\n4 2\n' | sgviz solve -r cutting.lua --names WIN,LOSE

name = "the Cutting Game"

start = { {12, 12} }

function moves(w, h)
  local t = {}
  -- Cut across the width: sheets i x h and (w - i) x h.  The cut at i and
  -- the cut at w - i give the same two sheets, so each is listed once.
  for i = 2, w // 2 do
    t[#t + 1] = sum({i, h}, {w - i, h})
  end
  -- Cut across the height: sheets w x j and w x (h - j).
  for j = 2, h // 2 do
    t[#t + 1] = sum({w, j}, {w, h - j})
  end
  return t
end

function label(w, h)
  return w .. "x" .. h
end


-- POJ 2311 gives one sheet a line, "W H" with 2 <= W, H <= 200, and wants
-- WIN when the first player wins and LOSE otherwise: `--names WIN,LOSE`.
function read(line)
  local w, h = line:match("^%s*(%d+)%s+(%d+)%s*$")
  w, h = tonumber(w), tonumber(h)
  if not w or w < 2 or h < 2 then
    error("expected a sheet \"W H\" with W, H >= 2, got \"" .. line .. "\"")
  end
  return { {w, h} }
end
