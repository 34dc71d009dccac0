-- Kayles: knock down one pin or two side by side; a row may split in two.
name = "Kayles"
start = 12
function moves(n)
  local t = {}
  for take = 1, 2 do
    for left = 0, n - take do
      local right = n - take - left
      -- Each split once: a row of 1 and 2 is a row of 2 and 1.
      if left == 0 then t[#t + 1] = right
      elseif left <= right then t[#t + 1] = sum(left, right) end
    end
  end
  return t
end
