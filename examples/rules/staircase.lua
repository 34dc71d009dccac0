-- Staircase Nim, as a rules file for `sgviz -r`.
--
-- Coins lie on the steps of a staircase, steps 1, 2, 3, ... counted from the
-- bottom; below step 1 is the floor.  A move takes one or more coins from a
-- step and moves them one step down (from step 1 they go to the floor and
-- leave the game).  Whoever cannot move loses.
--
-- A position is the number of coins on each step: up to eight numbers, one
-- per step, and `moves(...)` takes them as a variable number of arguments,
-- so the same file plays a staircase of any height up to eight: the start
-- position says how many steps there are.
--
-- The theorem: the value of a position is the nim-sum of the coins on the
-- odd steps (1, 3, 5, ...).  Coins on even steps do not count, because a
-- move from an even step to the odd step below can always be undone: the
-- opponent moves the same coins on down to the next even step.  A move on an
-- odd step changes that step as a move in Nim would, and a move from an even
-- step adds coins to an odd step, so no move keeps the nim-sum of the odd
-- steps; every smaller nim-sum is reached by taking from an odd step.  The
-- tests check every position of four steps of up to four coins against it.
--
-- Try:  sgviz value -r staircase.lua 3,1,2,0
--       printf '2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n' |
--           sgviz solve -r staircase.lua --names 'Georgia will win,Bob will win'

name = "staircase Nim"

start = { {3, 3, 3, 3} }

function moves(...)
  local steps = {...}
  local t = {}
  for i = 1, #steps do
    for k = 1, steps[i] do
      -- Copy the position and move k coins from step i to step i - 1 (or to
      -- the floor when i is 1).
      local after = {table.unpack(steps)}
      after[i] = after[i] - k
      if i > 1 then after[i - 1] = after[i - 1] + k end
      t[#t + 1] = after
    end
  end
  return t
end


-- POJ 1704 ("Georgia and Bob") is staircase Nim in disguise.  Its input is T,
-- then for each case N and the N squares p1 ... pN of pieces on a line; a move
-- takes a piece to the left, over empty squares only.  Between the pieces
-- sorted, the gaps g_i = p_i - p_(i-1) - 1 (with p_0 = 0) are coins on a
-- staircase whose bottom step is the rightmost gap: moving piece i left by
-- k takes k coins from gap i to gap i + 1.
--
-- N may be 1000, far more than eight steps, and this game's positions
-- have four.  But the value of a staircase is the nim-sum of its odd steps,
-- so cutting the steps into groups of four, (1, 2, 3, 4), (5, 6, 7, 8), ...,
-- keeps every odd step odd within its group: the sum of those four-step
-- staircases has the same value as the whole staircase.  It is not the same
-- game move for move (coins never pass from one group to the next), but it
-- has the same winner, which is all the judge asks: "Georgia will win" when
-- the first player wins.
local cases_left = nil  -- T, once read
local want = 0          -- N of the current case, once read
local squares = {}      -- the squares read so far in the current case
local have_n = false

local function case_of(ps)
  table.sort(ps)
  -- The gaps from the right: step 1 is the rightmost gap.
  local steps, prev = {}, 0
  local gaps = {}
  for i = 1, #ps do gaps[i] = ps[i] - prev - 1; prev = ps[i] end
  for i = #gaps, 1, -1 do steps[#steps + 1] = gaps[i] end
  local parts = {}
  for i = 1, #steps, 4 do
    parts[#parts + 1] = {steps[i], steps[i + 1] or 0, steps[i + 2] or 0,
                         steps[i + 3] or 0}
  end
  return parts
end

-- The numbers may be spread over lines in any way, so `read` takes words
-- one at a time and returns a case once its last square is read.
function read(line)
  local done = nil
  for word in line:gmatch("%S+") do
    local v = math.tointeger(tonumber(word))
    if not v or v < 0 then error("\"" .. word .. "\" is not a whole number") end
    if done then error("a line holds the end of one case and more") end
    if cases_left == nil then
      cases_left = v
    elseif not have_n then
      want, squares, have_n = v, {}, true
    else
      squares[#squares + 1] = v
    end
    if have_n and #squares == want then
      have_n = false
      cases_left = cases_left - 1
      done = case_of(squares)
    end
  end
  return done
end
