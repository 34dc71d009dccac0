-- Northcott's game (HDU 1730, "Northcott Game"), as a rules file for
-- `sgviz -r`.
--
-- A board has n rows.  In each row stand a black piece and a white piece.
-- A player moves one of their own pieces along its row, as far as they like
-- in either direction, but may not jump over or onto the other piece nor
-- leave the board.  Whoever cannot move loses.
--
-- As it stands this game need not end: a piece may move back and forth for
-- ever.  The idea that solves it is to look at the gap, the number of empty
-- squares between the two pieces of a row.  Moving towards the other piece
-- makes the gap smaller, by any amount: that is a move in Nim on a heap the
-- size of the gap.  Moving away makes the gap larger, but it never helps:
-- the opponent simply follows with their own piece and the gap is as
-- before, while the board's edge stops the retreats after finitely many
-- moves.  So a player who wins Nim on the gaps wins Northcott's game, and
-- the game's value is the nim-sum of the gaps.
--
-- This file is therefore Nim itself, one number per row: a gap g may become
-- any smaller gap.  What it teaches is the reduction, not the moves.  The
-- tests check sg(g) = g.
--
-- Try:  sgviz table -r northcott.lua -n 10
--       printf '3 10\n1 5\n0 8\n3 4\n' | sgviz solve -r northcott.lua \
--           --names 'I WIN!,BAD LUCK!'

name = "Northcott's game (gaps as Nim)"

start = { 10 }

function moves(gap)
  local t = {}
  for smaller = gap - 1, 0, -1 do t[#t + 1] = smaller end
  return t
end

function label(gap)
  return "gap " .. gap
end


-- HDU 1730 gives a case as a line "n m" (rows and columns) followed by n
-- lines "t j", the columns of the two pieces of a row.  A judge case spans
-- several lines, so `read` keeps what it has read so far in globals of its
-- own and returns the case, the gaps of all its rows, only at its last row.
-- On the other lines it returns nil: they complete no case.
local rows_left = 0  -- rows still to come in the current case
local gaps = {}      -- the gaps read so far in the current case

function read(line)
  local x, y = line:match("^%s*(%d+)%s+(%d+)%s*$")
  x, y = tonumber(x), tonumber(y)
  if not x then error("expected two numbers, got \"" .. line .. "\"") end
  if rows_left == 0 then
    -- A new case: "n m".
    if x == 0 then error("a board of no rows is no game") end
    rows_left, gaps = x, {}
    return nil
  end
  gaps[#gaps + 1] = math.abs(x - y) - 1
  rows_left = rows_left - 1
  if rows_left > 0 then return nil end
  return gaps
end
