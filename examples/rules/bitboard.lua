-- Cram, a board game on bitmasks, as a rules file for `sgviz -r`.
--
-- Two players take turns placing dominoes on an empty W x H board.  A domino
-- covers two empty squares next to each other, across or down; both players
-- may place it either way.  Whoever cannot place a domino loses.
--
-- A position is the set of covered squares.  It is kept as one number, a
-- bitmask: square (column c, row r), counted from 0, is bit r * W + c, and
-- the bit is 1 when the square is covered.  Numbers as sets are how board
-- games are usually written for speed, and Lua 5.4 has the bitwise
-- operators &, |, ~ and << on its 64-bit integers, so a board of up to 63
-- squares fits.  The number of positions grows fast (a 4 x 4 board reaches
-- 5,700, a 5 x 5 board 1.1 million), so keep the board small.
--
-- Known results check the file: on a board with both sides even the second
-- player wins, by answering every domino with its mirror image through the
-- centre; with one side even and the other odd the first player wins, by
-- placing the first domino on the centre and then mirroring.  The tests
-- also compare every position with a brute force.
--
-- Try:  sgviz value -r bitboard.lua 0
--       sgviz graph -r bitboard.lua -o cram.svg     (W = 2, H = 3 is readable)

name = "Cram"

-- The board: change these two lines for another size.
W, H = 3, 4

start = { 0 }

-- The bit of square (c, r).
local function bit(c, r)
  return 1 << (r * W + c)
end

function moves(mask)
  local t = {}
  for r = 0, H - 1 do
    for c = 0, W - 1 do
      local here = bit(c, r)
      if mask & here == 0 then
        -- Across: this square and the one to its right.
        if c + 1 < W and mask & bit(c + 1, r) == 0 then
          t[#t + 1] = mask | here | bit(c + 1, r)
        end
        -- Down: this square and the one below it.
        if r + 1 < H and mask & bit(c, r + 1) == 0 then
          t[#t + 1] = mask | here | bit(c, r + 1)
        end
      end
    end
  end
  return t
end

-- A node shows the board row by row, "#" covered and "." empty, rows
-- separated by "/": "##./.../..." is a board with one domino in its top row.
function label(mask)
  local rows = {}
  for r = 0, H - 1 do
    local row = {}
    for c = 0, W - 1 do
      row[#row + 1] = (mask & bit(c, r) ~= 0) and "#" or "."
    end
    rows[#rows + 1] = table.concat(row)
  end
  return table.concat(rows, "/")
end

-- The heading of tables and traces, in place of the name: it says which
-- board this is.
describe = "Cram on a " .. W .. " x " .. H .. " board"
