start = 1
function moves(a)
  os.execute("true")
  return {}
end
