start = 1
function moves(a)
  local f = io.open("/etc/passwd")
  return {}
end
