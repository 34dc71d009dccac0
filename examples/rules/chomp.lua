-- Chomp on small boards, as a rules file for `sgviz -r`.
--
-- A bar of chocolate is a grid of squares; the bottom left square is
-- poisoned.  A move picks a square that is still there and eats it together
-- with every square above it and to its right.  Whoever has to eat the
-- poisoned square loses.
--
-- To make this normal play (whoever cannot move loses) we never let anyone
-- pick the poisoned square: when it is the only square left, the player to
-- move has no move, and loses, as they would by eating it.
--
-- What is left of the bar is always a staircase: the columns, from left to
-- right, have heights that never increase.  So a position is the list of
-- column heights, h1 >= h2 >= ... >= hk, with up to eight columns (a column
-- eaten away has height 0).  `moves(...)` takes the heights as a variable
-- number of arguments, so the same file plays bars of any width up to
-- eight; the start position sets the width.
--
-- Picking the square in column j at height r + 1 (r squares stay below it)
-- cuts every column from j on to height at most r.
--
-- Every rectangular bar larger than 1 x 1 is a win for the first player.
-- The proof is strategy stealing, and it names no winning move.  Suppose
-- eating only the top right square were a losing first move.  Then the
-- second player would have a winning reply.  But every bite eats the top
-- right square too, so the bar after that reply could have been reached by
-- the first player in one bite, and that bite would win: a contradiction.
-- The proof only says a winning bite exists; sgviz finds it.
-- The tests compare every position of a 5 x 5 bar with a brute force.
--
-- Try:  sgviz solve -r chomp.lua 4,4,4    (a 3 x 4 bar: a winning bite)

name = "Chomp"

start = { {4, 4, 4, 4, 4} }

function moves(...)
  local h = {...}
  local t = {}
  for j = 1, #h do
    for r = h[j] - 1, 0, -1 do
      -- The poisoned square (column 1, height 0) is never picked.
      if not (j == 1 and r == 0) then
        local after = {table.unpack(h)}
        for i = j, #h do
          if after[i] > r then after[i] = r end
        end
        t[#t + 1] = after
      end
    end
  end
  return t
end

-- A node shows the bar as its columns' heights, "4 4 2".
function label(...)
  return table.concat({...}, " ")
end

