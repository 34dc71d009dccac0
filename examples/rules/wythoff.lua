-- Wythoff's game, as a rules file for `sgviz -r`.
--
-- There are two heaps of tokens.  A move takes any number of tokens from one
-- heap, or the same number from both heaps.  Whoever takes the last token
-- wins, which is the normal play convention every rules file assumes: a
-- position with no moves is lost for the player to move.
--
-- A position is two numbers, the sizes of the heaps, so `moves` takes two
-- arguments.  It returns the list of options; each option is a table of two
-- numbers, the heaps a move leaves.
--
-- The P-positions are known in closed form: the pairs
-- (floor(k * phi), floor(k * phi^2)) and their mirror images, where phi is
-- the golden ratio (1 + sqrt 5) / 2.  The tests check the file against it.
--
-- For large boards, wythoff-flat.lua writes the same options flat, one table
-- of numbers for all of them, and is explored more than twice as fast.
--
-- Try:  sgviz table -r wythoff.lua --grid
--       echo "3 5" | sgviz solve -r wythoff.lua --names 1,0   (HDU 1527)

-- The name heads tables and traces.
name = "Wythoff's game"

-- Where exploring starts when the command line names no position: every
-- pair of heaps up to 9 is reached from (9, 9).
start = { {9, 9} }

function moves(a, b)
  local t = {}
  -- From one heap: leave a - k in the first, or b - k in the second.
  for k = 1, a do t[#t + 1] = {a - k, b} end
  for k = 1, b do t[#t + 1] = {a, b - k} end
  -- The same number from both heaps, at most the smaller heap.
  for k = 1, math.min(a, b) do t[#t + 1] = {a - k, b - k} end
  return t
end


-- HDU 1527 (and POJ 1067) give one game a line: the two heap sizes.  A line
-- is a sum of one position.
function read(line)
  local a, b = line:match("^%s*(%d+)%s+(%d+)%s*$")
  if not a then error("expected two heap sizes, got \"" .. line .. "\"") end
  return { {tonumber(a), tonumber(b)} }
end
