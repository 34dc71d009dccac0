A LaTeX trace template whose rows setting is not a number.
[settings]
escape = latex
rows = ten
[terminal]
${x}
[step]
${x}
[break]
%% next
