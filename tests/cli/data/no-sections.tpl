only words, no sections
[header]
hi
