# cases-rules.sh - games whose rules a Lua file gives (-r FILE.lua), and
# games compiled into shared objects (-r game.so), in every command.
# Sourced by run.sh, which provides expect, has_line, pass, fail, $tmp and
# $SGVIZ.  Expected values come from closed forms and brute forces written
# here in awk: Wythoff's P-positions (floor(k phi), floor(k phi^2)), Kayles
# by its definition, kiki's corner game by its own.

rules_data="$root/tests/cli/data"
cp "$rules_data/rules-wythoff.lua" "$rules_data/rules-kayles.lua" "$tmp/"

# rules_wythoff_p N: the P-positions a,b of Wythoff's game with a, b <= N,
# one "a,b" a line, by the closed form.
rules_wythoff_p() {
    awk -v n="$1" 'BEGIN {
        phi = (1 + sqrt(5)) / 2
        for (k = 0; k <= n; k++) {
            a = int(k * phi); b = int(k * phi * phi)
            if (b <= n) { print a "," b; if (a != b) print b "," a }
        }
    }' | sort
}

# rules_kayles_brute N: sg(0..N) of Kayles, one value a line (with an xor
# of its own: mawk has none).
rules_kayles_brute() {
    awk -v n="$1" 'function xor(a, b,   r, bit) {
        r = 0
        for (bit = 1; a > 0 || b > 0; bit *= 2) {
            if ((a % 2) != (b % 2)) r += bit
            a = int(a / 2); b = int(b / 2)
        }
        return r
    }
    BEGIN {
        for (x = 0; x <= n; x++) {
            delete seen
            for (take = 1; take <= 2 && take <= x; take++)
                for (left = 0; left + take <= x; left++)
                    seen[xor(sg[left], sg[x - take - left])] = 1
            m = 0
            while (m in seen) m++
            sg[x] = m
            print m
        }
    }'
}

# ---- table: every command takes -r; values against the closed form -----

if expect 0 "table -r rules-wythoff.lua" table -r rules-wythoff.lua --format csv; then
    awk -F, 'NR > 1 && $4 == "P" { print $1 "," $2 }' "$tmp/out" | tr -d '"' | sort > "$tmp/rules.got"
    rules_wythoff_p 9 > "$tmp/rules.want"
    if cmp -s "$tmp/rules.want" "$tmp/rules.got"; then pass; else
        fail "table -r rules-wythoff.lua: P-positions differ from the closed form: $(diff "$tmp/rules.want" "$tmp/rules.got" | head -3)"
    fi
    # 10 x 10 positions from the file's start (9,9).
    if [ "$(awk 'END { print NR - 1 }' "$tmp/out")" = 100 ]; then pass; else
        fail "table -r rules-wythoff.lua: $(awk 'END { print NR - 1 }' "$tmp/out") positions, not 100"
    fi
fi

# -n N for a game of two numbers explores from (N, N).
if expect 0 "table -r -n 20" table -r rules-wythoff.lua -n 20 --format csv; then
    awk -F, 'NR > 1 && $4 == "P" { print $1 "," $2 }' "$tmp/out" | tr -d '"' | sort > "$tmp/rules.got"
    rules_wythoff_p 20 > "$tmp/rules.want"
    if cmp -s "$tmp/rules.want" "$tmp/rules.got"; then pass; else
        fail "table -r rules-wythoff.lua -n 20: P-positions differ from the closed form"
    fi
fi

# --grid: a game of two numbers as a board.
if expect 0 "table -r --grid" table -r rules-wythoff.lua -n 3 --grid; then
    has_line "  1 1  2  0* 4" "table -r --grid"
    has_line "  2 2  0* 1  5" "table -r --grid"
fi

# Kayles with sums, against the brute force and against -t kayles.
if expect 0 "table -r rules-kayles.lua -n 90" table -r rules-kayles.lua -n 90 --format csv; then
    awk -F, 'NR > 1 { print $2 }' "$tmp/out" > "$tmp/rules.got"
    rules_kayles_brute 90 > "$tmp/rules.want"
    if cmp -s "$tmp/rules.want" "$tmp/rules.got"; then pass; else
        fail "table -r rules-kayles.lua: values differ from the brute force: $(diff "$tmp/rules.want" "$tmp/rules.got" | head -3)"
    fi
    cp "$tmp/out" "$tmp/rules.lua.csv"
    if expect 0 "table -t kayles -n 90" table -t kayles -n 90 --format csv; then
        if cmp -s "$tmp/out" "$tmp/rules.lua.csv"; then pass; else
            fail "table -r rules-kayles.lua differs from table -t kayles"
        fi
    fi
fi

# ---- trace, in both languages --------------------------------------------

if expect 0 "trace -r" trace -r rules-wythoff.lua --start 2,1; then
    has_line "sg(2,1): 2,1 -> {1,1; 0,1; 2,0; 1,0}; mex{sg(1,1); sg(0,1); sg(2,0); sg(1,0)} = mex{2,1,2,1} = 0  (P)" "trace -r"
fi
if expect 0 "trace -r --lang zh" trace -r rules-wythoff.lua --start 1,1 --lang zh; then
    has_line "x=1,1 时，可以走到{0,1; 1,0; 0,0}，所以 SG[1,1] = mex{SG[0,1]; SG[1,0]; SG[0,0]} = mex{1,1,0} = 2;" "trace -r --lang zh"
fi
if expect 0 "trace -r kayles" trace -r rules-kayles.lua -n 4; then
    has_line "sg(4): 4 -> {3; 1+2; 2; 1+1}; mex{sg(3); sg(1)⊕sg(2); sg(2); sg(1)⊕sg(1)} = mex{3,3,2,0} = 1  (N)" "trace -r kayles"
fi

# ---- value and solve: positions with commas, explored alone -------------

if expect 0 "value -r 6,9 3,5" value -r rules-wythoff.lua 6,9 3,5; then
    has_line "sg(6,9) = 13  (N)" "value -r"
    has_line "sg(3,5) = 0  (P)" "value -r"
fi
# A position far beyond the file's start is explored from itself.
if expect 0 "value -r 40,65" value -r rules-wythoff.lua 40,65; then
    has_line "sg(40,65) = 0  (P)" "value -r 40,65 (k = 25: 40 = floor(25 phi), 65 = floor(25 phi^2))"
fi
if expect 0 "solve -r 3,5 2,7" solve -r rules-wythoff.lua 3,5 2,7; then
    has_line "nim-sum: 0 XOR 6 = 6" "solve -r"
    has_line "  move in position 2 (2,7 -> 2,1): nim-sum becomes 0" "solve -r"
fi
if expect 0 "solve -r 3,5+2,7" solve -r rules-wythoff.lua 3,5+2,7; then
    has_line "nim-sum: 0 XOR 6 = 6" "solve -r 3,5+2,7"
fi

# ---- graph, steps, check, period, plot, play ----------------------------

if expect 0 "graph -r" graph -r rules-wythoff.lua -n 2 -o "$tmp/rules.svg"; then
    if grep -q '<svg' "$tmp/rules.svg"; then pass; else fail "graph -r: no SVG"; fi
fi
if expect 0 "steps -r" steps -r rules-kayles.lua -n 5 -o "$tmp/rules.html"; then
    if grep -q 'sg(5)' "$tmp/rules.html"; then pass; else fail "steps -r: no step of 5"; fi
fi
printf '0 0\n1 1\n2 2\n3 3\n4 1\n5 4\n6 2\n' > "$tmp/rules-sheet.txt"
if expect 1 "check -r (one mistake)" check -r rules-kayles.lua --start 6 rules-sheet.txt; then
    if grep -q '6/7 correct' "$tmp/out"; then pass; else fail "check -r: $(head -5 "$tmp/out")"; fi
fi
if expect 0 "period -r" period -r rules-kayles.lua --start 300; then
    has_line "apparent preperiod: 71" "period -r"
    has_line "apparent period:    12" "period -r"
fi
# -n N explores a one-number game from 0..N in period too.
if expect 0 "period -r -n" period -r rules-kayles.lua -n 300; then
    has_line "apparent preperiod: 71" "period -r -n"
    has_line "apparent period:    12" "period -r -n"
fi
if expect 0 "plot -r" plot -r rules-kayles.lua -n 60 -o "$tmp/rules-plot.svg"; then
    if grep -q '<svg' "$tmp/rules-plot.svg"; then pass; else fail "plot -r: no SVG"; fi
fi
run_in "$tmp" play -r rules-wythoff.lua --position 2,2 "<<'EOF'
0,0
EOF"
if [ "$status" = 0 ] && grep -q 'You win' "$tmp/out"; then pass; else
    fail "play -r: exit $status: $(tail -3 "$tmp/out") $(cat "$tmp/err")"
fi

# The command that traces the game at the end of play makes the same game:
# it keeps --start and the file's limits, and runs.
run_in "$tmp" play -r rules-wythoff.lua --position 3,5 --start 3,5 --lua-steps 2000000 --explore-max 5000 "<<'EOF'
?
EOF"
follow=$(sed -n 's/^The value of every position, worked out: //p' "$tmp/out")
case "$follow" in
    "sgviz trace -r rules-wythoff.lua --start 3,5 --lua-steps 2000000 --explore-max 5000 --position 3,5") pass ;;
    *) fail "play -r: the trace command is \"$follow\"" ;;
esac
if expect 0 "the trace command of play -r" trace -r rules-wythoff.lua --start 3,5 --lua-steps 2000000 --explore-max 5000 --position 3,5; then
    has_line "The nim-sum is 0: the player to move loses.  Every move changes the value of one position, so it leaves a nim-sum other than 0, and the other player can always make it 0 again." "trace of play -r"
fi

# A game whose label() names positions otherwise than by their numbers is
# still a grid and a board, by its numbers.
cat > "$tmp/rules-nim2.lua" <<'EOF'
function moves(a, b)
  local t = {}
  for k = 0, a - 1 do t[#t + 1] = {k, b} end
  for k = 0, b - 1 do t[#t + 1] = {a, k} end
  return t
end
function label(a, b) return "(" .. a .. "|" .. b .. ")" end
EOF
if expect 0 "table -r --grid with label()" table -r rules-nim2.lua --start 3,3 --grid; then
    # Two heaps of Nim: the value is a XOR b, here for a, b < 4.
    want=$(awk 'function xor(a, b,   r, bit) { r = 0
            for (bit = 1; a > 0 || b > 0; bit *= 2) { if ((a % 2) != (b % 2)) r += bit; a = int(a / 2); b = int(b / 2) }
            return r }
        BEGIN { for (a = 0; a < 4; a++) { line = ""; for (b = 0; b < 4; b++) line = line " " xor(a, b); print line } }')
    got=$(sed -n '3,6p' "$tmp/out" | sed 's/^ *[0-9]*//; s/\*//g' | tr -s ' ' | sed 's/ *$//')
    if [ "$got" = "$want" ]; then pass; else fail "table -r --grid with label(): $got, want $want"; fi
fi
# ... even where a label looks like other numbers: (a, b) is named
# "a+10,b" and still stands in row a.
printf 'start = {{3, 1}}\nfunction moves(a, b)\n  local t = {}\n  for k = 1, a do t[#t + 1] = {a - k, b} end\n  for k = 1, b do t[#t + 1] = {a, b - k} end\n  return t\nend\nfunction label(a, b) return (a + 10) .. "," .. b end\n' > "$tmp/rules-shifted.lua"
if expect 0 "table -r --grid with numbers for labels" table -r rules-shifted.lua --grid; then
    got=$(sed -n '3,6p' "$tmp/out" | awk '{ print $1 }' | tr '\n' ' ')
    if [ "$got" = "0 1 2 3 " ]; then pass; else fail "table -r --grid with numbers for labels: rows $got"; fi
fi
if expect 0 "graph -r --layout board with label()" graph -r rules-nim2.lua --start 2,2 --layout board -o "$tmp/nim2-board.svg"; then
    if grep -qF '(2|2)' "$tmp/nim2-board.svg"; then pass; else fail "graph -r --layout board: no label in the SVG"; fi
fi
# A label that is a number is written as Lua writes it: 2 and 2.0 are two
# names.
printf 'start = {3}\nfunction moves(a) local t = {} for k = 1, a do t[#t + 1] = a - k end return t end\nfunction label(a) if a == 2 then return 2.0 end if a == 1 then return 2 end return "p" .. a end\n' > "$tmp/rules-numbers.lua"
if expect 0 "table -r with numbers for labels" table -r rules-numbers.lua; then
    has_line "x    p0 2 2.0 p3" "table -r with numbers for labels"
fi
# A file saved with a byte order mark and a #! line reads as lua reads it.
printf '\357\273\277#!/usr/bin/env lua\nfunction moves(n)\n  local t = {}\n  for _, k in ipairs{1, 3, 4} do if n >= k then t[#t + 1] = n - k end end\n  return t\nend\n' > "$tmp/rules-bom.lua"
if expect 0 "value -r with a byte order mark" value -r rules-bom.lua 4; then
    has_line "sg(4) = 2  (N)" "value -r with a byte order mark"
fi
# check -r explores from -n N as the other commands do.
printf 'x 0 1 2 3 4 5 6 7 8\nsg 0 1 0 1 2 3 2 0 1\n' > "$tmp/rules-hw.txt"
printf 'start = { 20 }\nfunction moves(n)\n  local t = {}\n  for _, k in ipairs{1, 3, 4} do if n >= k then t[#t + 1] = n - k end end\n  return t\nend\n' > "$tmp/rules-sub.lua"
if expect 0 "check -r -n 8" check -r rules-sub.lua -n 8 rules-hw.txt; then
    has_line "9/9 correct" "check -r -n 8"
fi

# ---- the options of rules files -----------------------------------------

# The budget can be raised; a generous ceiling lets a large game through.
if expect 0 "--lua-steps --lua-memory" value -r rules-kayles.lua 300 --lua-steps 1000000 --lua-memory 64M; then
    cp "$tmp/out" "$tmp/rules.300"
    if expect 0 "value -t kayles 300" value -t kayles 300; then
        if cmp -s "$tmp/out" "$tmp/rules.300"; then pass; else
            fail "value -r rules-kayles.lua 300: $(cat "$tmp/rules.300"), -t kayles: $(cat "$tmp/out")"
        fi
    fi
fi
if expect 2 "--explore-max" value -r rules-kayles.lua 300 --explore-max 100; then
    if grep -qF 'more than 100 positions' "$tmp/err"; then pass; else fail "--explore-max: $(cat "$tmp/err")"; fi
fi

# ---- a game compiled into a shared object -------------------------------

if have cc; then
    if cc -shared -fPIC -O2 -std=c11 -I"$root/src" "$root/examples/c/shared/kiki.c" \
           -o "$tmp/kiki.so" 2> "$tmp/cc.err"; then
        cat > "$tmp/kiki.lua" <<'EOF'
function moves(a, b)
  local t = {}
  if a > 0 then t[#t + 1] = {a - 1, b} end
  if b > 0 then t[#t + 1] = {a, b - 1} end
  if a > 0 and b > 0 then t[#t + 1] = {a - 1, b - 1} end
  return t
end
EOF
        if expect 0 "table -r kiki.so" table -r ./kiki.so -n 30 --format csv; then
            awk -F, '{ print $3 }' "$tmp/out" > "$tmp/kiki.so.csv"
            # kiki's corner game by its definition: sg of (a, b) from the
            # three moves left, down and diagonally.
            awk 'BEGIN {
                for (a = 0; a <= 30; a++) for (b = 0; b <= 30; b++) {
                    delete seen
                    if (a) seen[g[a-1, b]] = 1
                    if (b) seen[g[a, b-1]] = 1
                    if (a && b) seen[g[a-1, b-1]] = 1
                    m = 0; while (m in seen) m++
                    g[a, b] = m
                }
                print "pn"
                for (a = 0; a <= 30; a++) for (b = 0; b <= 30; b++) print g[a, b]
            }' > "$tmp/kiki.want"
            if cmp -s "$tmp/kiki.want" "$tmp/kiki.so.csv"; then pass; else
                fail "table -r kiki.so: values differ from the brute force: $(diff "$tmp/kiki.want" "$tmp/kiki.so.csv" | head -3)"
            fi
            if expect 0 "table -r kiki.lua" table -r kiki.lua -n 30 --format csv; then
                awk -F, '{ print $3 }' "$tmp/out" > "$tmp/kiki.lua.csv"
                if cmp -s "$tmp/kiki.lua.csv" "$tmp/kiki.so.csv"; then pass; else
                    fail "table -r kiki.lua differs from table -r kiki.so"
                fi
            fi
        fi
        if expect 0 "value -r kiki.so" value -r kiki.so 1999,1999; then
            has_line "sg(1999,1999) = 2  (N)" "value -r kiki.so 1999,1999"
        fi
        if expect 2 "-r kiki.so without a start" table -r kiki.so; then
            if grep -qF 'kiki.so: no position to explore from' "$tmp/err"; then pass; else
                fail "-r kiki.so without a start: $(cat "$tmp/err")"
            fi
        fi
        printf 'int x;\n' > "$tmp/none.c"
        cc -shared -fPIC "$tmp/none.c" -o "$tmp/none.so"
        if expect 2 "-r none.so" value -r none.so 3; then
            if grep -qF 'none.so: exports no sgviz_game' "$tmp/err"; then pass; else
                fail "-r none.so: $(cat "$tmp/err")"
            fi
        fi
        # An arity out of range is named, from the definition, before the
        # object is closed.
        for arity in 0 9; do
            printf '#include <sgviz.h>\nstatic void o(void *u, const int64_t *p, sg_options *x) { (void)u; (void)p; (void)x; }\nconst sg_game_def sgviz_game = {.name = "z", .arity = %s, .options = o};\n' "$arity" > "$tmp/arity.c"
            cc -shared -fPIC -I"$root/src" "$tmp/arity.c" -o "$tmp/arity$arity.so"
            if expect 2 "-r arity$arity.so" value -r ./arity$arity.so 3; then
                if grep -qxF "sgviz: ./arity$arity.so: sgviz_game.arity is $arity; a position has 1 to 8 numbers" "$tmp/err"; then pass; else
                    fail "-r arity$arity.so: $(cat "$tmp/err")"
                fi
            fi
        done
    else
        fail "examples/c/shared/kiki.c does not build: $(head -3 "$tmp/cc.err")"
    fi
else
    skip "-r game.so (no C compiler)"
fi

# ---- judges' input through read(line) -----------------------------------

cp "$rules_data/rules-judge.lua" "$tmp/"
printf '2 1\n10 10\n40 65\n3 3\n' > "$tmp/rules-judge.txt"
if expect 0 "solve -r with read()" solve -r rules-judge.lua --names First,Second "< rules-judge.txt"; then
    # (2,1) and (40,65) are P-positions by the closed form, (10,10) and
    # (3,3) are not.
    if [ "$(tr '\n' ' ' < "$tmp/out")" = "Second First Second First " ]; then pass; else
        fail "solve -r rules-judge.lua: $(tr '\n' ' ' < "$tmp/out")"
    fi
fi
# Without read(), lines of positions written with commas.
printf '2,1 3,5\n6,9\n' > "$tmp/rules-lines.txt"
if expect 0 "solve -r, lines of positions" solve -r rules-wythoff.lua "< rules-lines.txt"; then
    has_line "2,1 3,5: nim-sum 0, second player wins" "solve -r < lines"
    has_line "6,9: nim-sum 13, first player wins" "solve -r < lines"
fi
