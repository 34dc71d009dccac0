[step]
${x} ${bogus}
[terminal]
end
