-- Euclid's game (POJ 2348, "Euclid's Game"), as a rules file for `sgviz -r`.
--
-- Two positive numbers are written down.  A move subtracts a positive
-- multiple of the smaller number from the larger one, so that the larger
-- one stays at least 0: from (25, 7) one may go to (18, 7), (11, 7) or
-- (4, 7).  Whoever makes one of the numbers 0 wins.  A position with a 0
-- therefore has no moves (the game is over and the player to move has lost),
-- which is normal play as sgviz plays it.
--
-- The game is named after Euclid's algorithm for the greatest common
-- divisor, which is the line of play that always subtracts as much as it
-- can.
--
-- The answer is known.  Write the position as (a, b) with a >= b > 0.
-- When a = b the player to move subtracts b once, writes a 0 and wins.
-- When a >= 2b the player to move may go to (a mod b, b) or to
-- (a mod b + b, b); from the second the only move is to the first, so one
-- of the two is lost for the opponent, and the player to move wins by
-- choosing it.  When b < a < 2b there is one move only, to (a - b, b), and
-- following the forced moves shows that the player to move wins exactly
-- when a / b is more than phi, the golden ratio: in whole numbers, when
-- a * a - a * b - b * b > 0.  The tests check every position against it.

-- Every move makes the larger number smaller, so the game ends; but from
-- (a, b) there are a // b moves, and a position such as (1000000, 1) has a
-- million of them.  Keep the quotient moderate, or use the closed form.
--
-- Try:  sgviz table -r euclid.lua --grid
--       printf '34 12\n15 24\n0 0\n' | sgviz solve -r euclid.lua \
--           --names 'Stan wins,Ollie wins'

name = "Euclid's game"

start = { {12, 12} }

function moves(a, b)
  local t = {}
  -- Nothing to subtract from once a number is 0: the game is over.
  if a == 0 or b == 0 then return t end
  if a >= b then
    for k = 1, a // b do t[#t + 1] = {a - k * b, b} end
  else
    for k = 1, b // a do t[#t + 1] = {a, b - k * a} end
  end
  return t
end


-- POJ 2348 gives one game a line, "a b" with positive numbers, ends with
-- "0 0", and wants "Stan wins" when the first player (Stan) wins.
function read(line)
  local a, b = line:match("^%s*(%d+)%s+(%d+)%s*$")
  a, b = tonumber(a), tonumber(b)
  if a == 0 and b == 0 then return nil end
  if not a or a < 1 or b < 1 then
    error("expected two positive numbers \"a b\", got \"" .. line .. "\"")
  end
  return { {a, b} }
end
