-- Kayles, as a rules file for `sgviz -r`.
--
-- A row of n pins stands in a line.  A move knocks down one pin, or two pins
-- that stand next to each other.  Whoever knocks down the last pin wins.
--
-- Knocking pins out of the middle of a row leaves two shorter rows, which
-- are then played side by side: a move is made in one row or the other,
-- never in both.  Such an option is a sum of games, written sum(left, right),
-- and its value is the nim-sum (XOR) of the values of its parts.  That is
-- the whole of the Sprague-Grundy theorem at work in one line.
--
-- A position is one number, the length of the row, so an option that leaves
-- a single row may be written as a plain integer.
--
-- sgviz knows Kayles already, as the take-and-break code 0.77 (`-t kayles`);
-- the tests check that this file gives the same values.
--
-- Try:  sgviz table -r kayles.lua -n 20
--       sgviz trace -r kayles.lua -n 6

name = "Kayles"

start = { 20 }

function moves(n)
  local t = {}
  -- Knock down `take` pins (1 or 2) so that `left` pins stay on their left.
  for take = 1, 2 do
    for left = 0, n - take do
      local right = n - take - left
      -- By symmetry the split (left, right) is the same game as (right,
      -- left); listing each split once keeps traces short.
      if left <= right then
        if left == 0 then
          -- An empty row is no game at all: only one row is left.
          t[#t + 1] = right
        else
          t[#t + 1] = sum(left, right)
        end
      end
    end
  end
  return t
end


-- A line of row lengths, for example "3 5 7", is one game of several rows.
function read(line)
  local rows = {}
  for word in line:gmatch("%S+") do
    local n = math.tointeger(tonumber(word))
    if not n or n < 0 then error("\"" .. word .. "\" is not a row length") end
    rows[#rows + 1] = n
  end
  return rows
end
