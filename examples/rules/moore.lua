-- Moore's Nim_k with k = 2, as a rules file for `sgviz -r`.
--
-- There are several heaps of tokens.  A move takes tokens from at least one
-- and at most k heaps, any positive number from each of them.  With k = 1
-- this is Nim.  Whoever takes the last token wins.
--
-- E. H. Moore found the P-positions in 1910: write the heap sizes in binary
-- and add up the digits of each place without carrying; a position is lost
-- for the player to move exactly when every such sum is a multiple of k + 1.
-- For Nim (k = 1) this is the nim-sum being 0.  The tests check every
-- position of three and four heaps up to 7 against it.
--
-- The file is written for any k and any number of heaps up to eight:
-- change K below, and give a start position with as many heaps as you like.
--
-- Try:  sgviz value -r moore.lua 1,2,3
--       sgviz solve -r moore.lua 3,5,6

name = "Moore's Nim_2"

K = 2

start = { {5, 5, 5} }

-- The options of position `h` that change only the heaps from index `from`
-- on, with at most `left` heaps still allowed to change; `changed` says
-- whether some heap has already been taken from.  Each heap is either left
-- alone or reduced to a smaller size.
local function collect(h, from, left, changed, t)
  if from > #h then
    if changed then t[#t + 1] = {table.unpack(h)} end
    return
  end
  -- Leave heap `from` as it is.
  collect(h, from + 1, left, changed, t)
  if left > 0 then
    local size = h[from]
    for smaller = size - 1, 0, -1 do
      h[from] = smaller
      collect(h, from + 1, left - 1, true, t)
    end
    h[from] = size
  end
end

function moves(...)
  local t = {}
  collect({...}, 1, K, false, t)
  return t
end


-- A line of heap sizes, for example "1 2 3", is one game of that many heaps.
-- (The heaps of Moore's Nim are not a sum of games: one move may take from
-- two of them.  So the line is one position, not a sum of one-heap games.)
function read(line)
  local h = {}
  for word in line:gmatch("%S+") do
    local n = math.tointeger(tonumber(word))
    if not n or n < 0 then error("\"" .. word .. "\" is not a heap size") end
    h[#h + 1] = n
  end
  return { h }
end
