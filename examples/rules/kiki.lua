-- Kiki's corner game (HDU 2147, "kiki's game"), as a rules file for
-- `sgviz -r`.
--
-- A coin stands on an n x m board, in the top right corner.  A move takes it
-- one square to the left, one square down, or one square diagonally down and
-- to the left.  Whoever cannot move (the coin is in the bottom left corner)
-- loses.  Kiki moves first.
--
-- What matters is how far the coin is from the goal corner: x columns to
-- go and y rows to go.  The position is those two numbers, and the board
-- n x m starts at (m - 1, n - 1).  Each position has at most three moves,
-- so a 2000 x 2000 board is four million positions with twelve million
-- moves: a good test of speed (see `make bench`).
--
-- The answer is known: the player to move loses exactly when x and y are both
-- even, that is when n and m are both odd.  (From a position with x and y even
-- every move makes one of them odd; from any other position one of the three
-- moves makes both even.)
--
-- Try:  sgviz table -r kiki.lua --grid
--       printf '5 3\n5 4\n6 6\n0 0\n' |
--           sgviz solve -r kiki.lua --names 'Wonderful!,What a pity!'

name = "kiki's corner game"

start = { {9, 9} }

function moves(x, y)
  local t = {}
  if x > 0 then t[#t + 1] = {x - 1, y} end
  if y > 0 then t[#t + 1] = {x, y - 1} end
  if x > 0 and y > 0 then t[#t + 1] = {x - 1, y - 1} end
  return t
end


-- HDU 2147 gives one board a line, "n m" (rows and columns), and ends with
-- "0 0".  The coin then has m - 1 columns and n - 1 rows to go.
function read(line)
  local n, m = line:match("^%s*(%d+)%s+(%d+)%s*$")
  n, m = tonumber(n), tonumber(m)
  -- The line "0 0" ends the input: it is no board, so it is no case.
  if n == 0 and m == 0 then return nil end
  if not n or n < 1 or m < 1 then
    error("expected a board \"n m\" with n, m >= 1, got \"" .. line .. "\"")
  end
  return { {m - 1, n - 1} }
end
