# cases-takebreak.sh - take-and-break codes (-t CODE) in every command, and
# HDU 3032 ("Nim or not Nim?", Lasker's Nim) read with --counted.  Sourced
# by run.sh, which provides run_in, expect, has_line, pass, fail, $tmp and
# $SGVIZ.  Expected values come from brute forces and closed forms written
# here in awk and in the shell's own 64-bit arithmetic.

# tb_awk_xor: an xor for awk programs (mawk has none).
tb_awk_xor='function xor(a, b,   r, bit) {
    r = 0
    for (bit = 1; a > 0 || b > 0; bit *= 2) {
        if ((a % 2) != (b % 2)) r += bit
        a = int(a / 2); b = int(b / 2)
    }
    return r
}'

# tb_brute CODE N: sg(0..N) of a finite octal code d0.d1d2..., one value a
# line, by the definition: for each k, bit 0 takes the whole heap, bit 1
# leaves one heap, bit 2 two heaps a + b.
tb_brute() {
    awk -v code="$1" -v n="$2" "$tb_awk_xor"'
    BEGIN {
        split(code, half, ".")
        d[0] = half[1] + 0
        t = length(half[2])
        for (k = 1; k <= t; k++) d[k] = substr(half[2], k, 1) + 0
        for (x = 0; x <= n; x++) {
            delete seen
            for (k = 0; k <= t && k <= x; k++) {
                r = x - k
                if (int(d[k] / 1) % 2 && r == 0) seen[0] = 1
                if (int(d[k] / 2) % 2 && r >= 1 && k >= 1) seen[sg[r]] = 1
                if (int(d[k] / 4) % 2)
                    for (a = 1; 2 * a <= r; a++) seen[xor(sg[a], sg[r - a])] = 1
            }
            m = 0
            while (m in seen) m++
            sg[x] = m
            print m
        }
    }'
}

for tb_code in 0.77 0.07 0.137 0.16 4.07 0.6; do
    if expect 0 "table -t $tb_code" table -t "$tb_code" -n 80 --format csv; then
        tb_brute "$tb_code" 80 > "$tmp/tb.want"
        awk -F, 'NR > 1 { print $2 }' "$tmp/out" > "$tmp/tb.got"
        if cmp -s "$tmp/tb.want" "$tmp/tb.got"; then pass; else
            fail "table -t $tb_code: values differ from the brute force: $(diff "$tmp/tb.want" "$tmp/tb.got" | head -3)"
        fi
    fi
done

# The long form, a name, and JSON's "sg" list.
if expect 0 "table --code kayles --format json" table --code kayles -n 10 --format json; then
    if grep -qF '"sg": [0,1,2,3,1,4,3,2,1,4,2]' "$tmp/out"; then pass; else
        fail "table --code kayles: $(cat "$tmp/out")"
    fi
fi

# ---- trace: the issue's line, in both languages -------------------------

if expect 0 "trace -t kayles" trace -t kayles -n 4; then
    has_line 'sg(4): take 1 leaves 3 or 1+2, take 2 leaves 2 or 1+1; mex{sg(3), sg(1)⊕sg(2), sg(2), sg(1)⊕sg(1)} = mex{3,3,2,0} = 1  (N)' "trace -t kayles"
fi
if expect 0 "trace -t kayles --lang zh" trace -t kayles -n 4 --lang zh; then
    has_line 'x=4 时，取走 1 个石子剩余 3 或 1+2，取走 2 个石子剩余 2 或 1+1，所以 SG[4] = mex{SG[3], SG[1]⊕SG[2], SG[2], SG[1]⊕SG[1]} = mex{3,3,2,0} = 1;' "trace -t kayles --lang zh"
fi
for tb_fmt in md latex json; do
    for tb_lang in en zh; do
        if expect 0 "trace -t grundy -f $tb_fmt -l $tb_lang" trace -t grundy -n 6 -f $tb_fmt -l $tb_lang; then
            # JSON lists a split's heaps; the others write the sum.
            tb_split='1+2'
            [ $tb_fmt = json ] && tb_split='"heaps": [1,2]'
            if grep -qF "$tb_split" "$tmp/out"; then pass; else
                fail "trace -t grundy -f $tb_fmt -l $tb_lang: no split $tb_split"
            fi
        fi
    done
done
# -t is --code in trace too; the template keeps its long option.
printf '[split-terminal]\nend ${x}\n[split-step]\n${x}: ${takes}\n' > "$tmp/split.tpl"
if expect 0 "trace -t kayles --template" trace -t kayles -n 3 --template split.tpl; then
    has_line '3: take 1 leaves 2 or 1+1, take 2 leaves 1' "trace --template with splits"
fi

# ---- value and solve: theorems for any heap, winning splits -------------

# Lasker's Nim by its closed form, in the shell's 64-bit arithmetic.
tb_lasker() {
    case $(($1 % 4)) in
        1 | 2) echo "$1" ;;
        3) echo $(($1 + 1)) ;;
        0) if [ "$1" -eq 0 ]; then echo 0; else echo $(($1 - 1)); fi ;;
    esac
}
if expect 0 "value -t lasker, huge heaps" value -t lasker 9223372036854775807 9223372036854775806 4611686018427387904 12345678901234567 3; then
    tb_ok=1
    for tb_x in 9223372036854775806 4611686018427387904 12345678901234567 3; do
        tb_v=$(tb_lasker "$tb_x")
        grep -qxF "sg($tb_x) = $tb_v  (N)" "$tmp/out" || tb_ok=0
    done
    # 2^63 - 1 is 3 mod 4: its value is 2^63, beyond the shell's integers.
    grep -qxF "sg(9223372036854775807) = 9223372036854775808  (N)" "$tmp/out" || tb_ok=0
    if [ $tb_ok = 1 ]; then pass; else fail "value -t lasker: $(cat "$tmp/out")"; fi
fi
if expect 0 "solve -t kayles 4 7" solve -t kayles 4 7; then
    has_line 'nim-sum: 1 XOR 2 = 3' "solve -t kayles"
    has_line '  take 2 from heap 1 (4 -> 2): nim-sum becomes 0' "solve -t kayles"
    has_line '  take 2 from heap 2 (7 -> 2+3): nim-sum becomes 0' "solve -t kayles"
fi
if expect 0 "solve -t lasker, a split" solve -t lasker 3 5 2; then
    # Values 4, 5, 2: heap 5 must go to value 6, which only 2+3 has.
    has_line '  split heap 2 (5 -> 2+3): nim-sum becomes 0' "solve -t lasker"
fi

# ---- HDU 3032: random cases against the closed form ---------------------

printf '2\n3\n2 2 3\n2\n3 3\n' > "$tmp/3032.in"
if expect 0 "HDU 3032 sample" solve -t lasker --counted --names Alice,Bob "< 3032.in"; then
    if [ "$(cat "$tmp/out")" = "$(printf 'Alice\nBob')" ]; then pass; else
        fail "HDU 3032 sample: $(cat "$tmp/out")"
    fi
fi
# The reference solution from scratch: each heap's value by the closed form,
# Alice wins when their xor is not 0.  Heaps up to 2^31 - 1 as the problem
# has them; one case of 10^6 heaps; the layout split over lines anywhere.
awk "$tb_awk_xor"'
function lasker(x) { r = x % 4; return r == 3 ? x + 1 : (r == 0 && x > 0) ? x - 1 : x }
BEGIN {
    srand(3032); T = 60; printf "%d\n", T
    for (c = 1; c <= T; c++) {
        n = c == T ? 1000000 : 1 + int(rand() * 40)
        printf "%d", n; x = 0
        for (i = 0; i < n; i++) {
            h = c % 3 ? 1 + int(rand() * 2147483647) : 1 + int(rand() * 12)
            x = xor(x, lasker(h))
            printf "%s%d", (rand() < 0.1 ? "\n" : " "), h
        }
        printf "\n"
        print (x ? "Alice" : "Bob") > "/dev/stderr"
    }
}' > "$tmp/3032.in" 2> "$tmp/3032.want"
if expect 0 "HDU 3032, random cases" solve -t lasker --counted --names Alice,Bob "< 3032.in"; then
    if cmp -s "$tmp/out" "$tmp/3032.want"; then pass; else
        fail "HDU 3032: answers differ from the reference: $(diff "$tmp/3032.want" "$tmp/out" | head -3)"
    fi
fi

# ---- graph and steps: a split is a node of its own ----------------------

if expect 0 "graph -t kayles -n 10" graph -t kayles -n 10 -o kayles.svg; then
    tb_sums=$(grep -c '<g id="s[0-9_]*" class="node' "$tmp/kayles.svg")
    tb_into=$(grep -c '<g id="m[0-9]*_s[0-9_]*" class="edge' "$tmp/kayles.svg")
    # Sums a + b with 2 <= a + b <= 9: 1+1+2+2+3+3+4+4 of them; moves into
    # them: heap x splits x - 1 and x - 2 in floor((x-1)/2) + floor((x-2)/2)
    # ways, 0+1+...+8 = 36 for x = 2..10.
    if [ "$tb_sums" = 20 ] && [ "$tb_into" = 36 ] &&
       grep -q '<title>1+2</title>' "$tmp/kayles.svg"; then pass; else
        fail "graph -t kayles: $tb_sums sum nodes (want 20), $tb_into moves into them (want 36)"
    fi
fi
for tb_layout in line dot grid; do
    if expect 0 "graph -t grundy --layout $tb_layout" graph -t grundy -n 9 --layout $tb_layout -o g.svg; then
        if grep -q '<title>2+5</title>' "$tmp/g.svg"; then pass; else
            fail "graph -t grundy --layout $tb_layout: no node 2+5"
        fi
    fi
done
if expect 0 "steps -t kayles, frames" steps -t kayles -n 6 -o kframes/; then
    if [ "$(ls "$tmp/kframes" | wc -l)" = 7 ] &&
       grep -q 'class="node sum N target"' "$tmp/kframes/step-004.svg" &&
       grep -q 'class="node sum pending"' "$tmp/kframes/step-002.svg"; then pass; else
        fail "steps -t kayles: frames $(ls "$tmp/kframes" | wc -l), sums not styled by step"
    fi
fi
if expect 0 "steps -t kayles, page" steps -t kayles -n 8 -o kpage.html; then
    if grep -q 'id="s1_2"' "$tmp/kpage.html" && grep -q 'id="m4_s1_2"' "$tmp/kpage.html"; then pass; else
        fail "steps -t kayles page: no sum node s1_2 or move m4_s1_2"
    fi
fi

# ---- check: a Kayles homework -------------------------------------------

# sg(7) written as 3 (it is 2), and the entries after it worked out from
# the student's own values: 10 goes wrong through the splits 1+7 and 2+7.
printf '0 1 2 3 1 4 3 3 1 4 3 6 1\n' > "$tmp/kayles-hw.txt"
if expect 1 "check -t kayles" check -t kayles -n 12 kayles-hw.txt; then
    has_line 'x = 7: you wrote 3, the right value is 2' "check -t kayles"
    has_line 'x = 10: you wrote 3, the right value is 2' "check -t kayles"
    has_line '    it follows correctly from your own values: mex{4,0,1,0,5,1,2,1,7,0} = 3' "check -t kayles"
fi

# ---- period ---------------------------------------------------------------

if expect 0 "period -t lasker" period -t lasker -L 200; then
    has_line 'theorem:  sg(4k+1) = 4k+1, sg(4k+2) = 4k+2, sg(4k+3) = 4k+4, sg(4k+4) = 4k+3 (checked for x <= 200)' "period -t lasker"
fi

# Without --limit, a code that has no certificate and whose values do not
# thin out (Lasker's Nim's grow with the heap) is observed as far as about a
# second's work takes it, rather than refused for the default 10^7 values.
if expect 0 "period -t lasker, default limit" period -t lasker; then
    has_line 'theorem:  sg(4k+1) = 4k+1, sg(4k+2) = 4k+2, sg(4k+3) = 4k+4, sg(4k+4) = 4k+3 (checked for x <= 10000)' "period -t lasker, default limit"
    has_line 'values computed: sg(0..10000) (limit 10000)' "period -t lasker, default limit"
fi
if expect 0 "period -t grundy, default limit" period -t grundy; then
    has_line 'values computed: sg(0..10000) (limit 10000)' "period -t grundy, default limit"
fi

# ---- solve: heaps too large to list the winning moves of ------------------

# A heap of 10^12 has some 10^12 moves, too many to list, but its value
# comes from the closed form: solve still gives the values, the nim-sum and
# the winner (checked here against the form in the shell's arithmetic).
tb_big=1000000000000
tb_sg=$((tb_big - 1)) # 10^12 = 4k + 4: sg = 4k + 3
if expect 0 "solve -t lasker, a heap of 10^12" solve -t lasker "$tb_big" 5; then
    has_line "heap 1: sg($tb_big) = $tb_sg" "solve -t lasker 10^12"
    has_line "nim-sum: $tb_sg XOR 5 = $((tb_sg ^ 5))" "solve -t lasker 10^12"
    has_line 'The first player wins. Listing the winning moves would examine more than the' "solve -t lasker 10^12"
fi
if expect 0 "solve -t lasker, two heaps of 10^12" solve -t lasker "$tb_big" "$tb_big"; then
    has_line 'The second player wins: every move of the first player leaves a nim-sum other than 0.' "solve -t lasker 10^12 10^12"
fi
