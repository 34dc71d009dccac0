# cases-period.sh - `sgviz period`: the listed facts, closed forms, and
# random sets against a brute force written in awk here.  Sourced by
# run.sh, which provides run_in, expect, has_line, pass, fail, $tmp and
# $SGVIZ.

# json_field NAME: the number after "NAME": in $tmp/out.
json_field() {
    sed -n "s/.*\"$1\": \([0-9][0-9]*\).*/\1/p" "$tmp/out"
}

# json_list NAME: the list after "NAME": in $tmp/out, as "a,b,c".
json_list() {
    sed -n "s/.*\"$1\": \[\([0-9,]*\)\].*/\1/p" "$tmp/out"
}

# period_is SPEC N0 P [BLOCK]: sgviz period -s SPEC reports preperiod N0,
# period P (and block BLOCK, as "a,b,c"), exit 0.
period_is() {
    if expect 0 "period -s $1" period -s "$1" --format json; then
        got="$(json_field preperiod) $(json_field period)"
        if [ "$got" != "$2 $3" ]; then
            fail "period -s $1: preperiod and period $got, expected $2 $3"
        elif [ $# -ge 4 ] && [ "$(json_list block)" != "$4" ]; then
            fail "period -s $1: block $(json_list block), expected $4"
        else
            pass
        fi
    fi
}

# ---- the facts --------------------------------------------------------

period_is 1,3,4 0 7 0,1,0,1,2,3,2
period_is 2,4,7 8 3 1,0,2
for k in 1 2 3 7 10 50 255 256 400; do
    period_is "1..$k" 0 $((k + 1))
done
# Two amounts x < y: period 2x when y/x is an odd integer, else x + y.
for x in 1 2 3 5; do
    for y in 2 3 4 6 7 9 10 12 15 25; do
        [ "$y" -gt "$x" ] || continue
        if [ $((y % x)) -eq 0 ] && [ $((y / x % 2)) -eq 1 ]; then
            period_is "$x,$y" 0 $((2 * x))
        else
            period_is "$x,$y" 0 $((x + y))
        fi
    done
done

# The text report states the certificate and the proof of minimality.
if expect 0 "period text" period -s 2,4,7; then
    has_line 'preperiod: 8' "period text"
    has_line 'period:    3' "period text"
    has_line '  sg(8..14)  = 1 0 2 1 0 2 1' "period text"
    has_line '  sg(11..17) = 1 0 2 1 0 2 1' "period text"
    has_line '  hence sg(x + 3) = sg(x) for every x >= 8.' "period text"
    has_line 'smallest preperiod: sg(7) = 3 but sg(10) = 2, so none below 8.' "period text"
fi

# ---- random sets against a brute force in awk -------------------------

# brute SPEC N: "n0 p" of the values sg(0..N-1) by the definition, the
# period being the least shift that repeats the second half.
brute() {
    awk -v spec="$1" -v n="$2" 'BEGIN {
        k = split(spec, a, ",")
        for (x = 0; x < n; x++) {
            delete seen
            for (i = 1; i <= k; i++)
                if (a[i] + 0 <= x) seen[sg[x - a[i]]] = 1
            m = 0
            while (m in seen) m++
            sg[x] = m
        }
        h = int(n / 2)
        for (p = 1; p < h; p++) {
            for (x = h; x + p < n && sg[x] == sg[x + p]; x++) ;
            if (x + p < n) continue
            for (x = h; x > 0 && sg[x - 1] == sg[x - 1 + p]; x--) ;
            print x, p
            exit
        }
        print "none"
    }'
}

seed=1
for round in 1 2 3 4 5 6 7 8 9 10 11 12; do
    # A small pseudo-random set: up to 4 amounts below 30.
    spec=$(awk -v s="$seed$round" 'BEGIN { srand(s); k = 1 + int(rand() * 4)
        while (n < k) { a = 1 + int(rand() * 30); if (!(a in u)) { u[a]; n++
            out = out (n > 1 ? "," : "") a } } print out }')
    # (expect uses $want itself, hence another name.)
    truth=$(brute "$spec" 4000)
    if expect 0 "period -s $spec" period -s "$spec" --format json; then
        got="$(json_field preperiod) $(json_field period)"
        if [ "$got" = "$truth" ]; then pass; else
            fail "period -s $spec: $got, brute force $truth"
        fi
    fi
done

# ---- no period within the limit, and the exact edge ------------------

# {2..1001} needs n0 + p + k = 0 + 1003 + 1001 = 2004 values, sg(0..2003).
if expect 1 "period --limit 2002" period -s 2..1001 --limit 2002; then
    if grep -q '^no period found up to 2002' "$tmp/out" && [ ! -s "$tmp/err" ]; then
        pass
    else
        fail "period --limit 2002: $(head -2 "$tmp/out")"
    fi
fi
period_edge() {
    if expect 0 "period --limit 2003" period -s 2..1001 --limit 2003 --format json; then
        if [ "$(json_field period) $(json_field computed)" = "1003 2004" ]; then pass; else
            fail "period --limit 2003: $(cat "$tmp/out" | head -c 200)"
        fi
    fi
}
period_edge
if expect 1 "period, max S beyond the limit" period -s 1,1000000 --limit 100 --format json; then
    if grep -q '"found": false' "$tmp/out" && [ "$(json_field computed)" = 0 ]; then pass; else
        fail "period -s 1,1000000 --limit 100: $(cat "$tmp/out")"
    fi
fi

# ---- infinite sets ----------------------------------------------------

if expect 0 "period -s pow2" period -s pow2 --limit 3000; then
    has_line 'proof:    the theorem sg(x) = x mod 3 (checked against sg(0..3000)):' "period -s pow2"
    has_line 'period:    3' "period -s pow2"
fi
# Closed forms answer at once, whatever the size of the set: the residue
# theorem for {1..m} (x mod (m + 1)), in value, solve and period alike.
if expect 0 "period -s 1..100000" period -s 1..100000; then
    has_line 'proof:    the theorem sg(x) = x mod 100001 (checked against sg(0..3124)):' "period -s 1..100000"
fi
if expect 0 "value -s 1..100000" value -s 1..100000 5000000; then
    has_line 'sg(5000000) = 99951  (N)' "value -s 1..100000"
fi
if expect 0 "solve -s 1..100000" solve -s 1..100000 5000000 77 123456789; then
    has_line 'nim-sum: 99951 XOR 77 XOR 55555 = 89889' "solve -s 1..100000"
fi
if expect 0 "value -s 3,9" value -s 3,9 1000000000000000001; then
    has_line 'sg(1000000000000000001) = 1  (N)' "value -s 3,9"
fi
if expect 0 "period -s all" period -s all --limit 3000 --format json; then
    if grep -q '"applies": false, "theorem": "sg(x) = x", "theorem_checked": true, "found": false' "$tmp/out"; then
        pass
    else
        fail "period -s all: $(cat "$tmp/out")"
    fi
fi
if expect 0 "period -s fib" period -s fib --limit 3000; then
    if grep -q '^the certificate does not apply' "$tmp/out"; then pass; else
        fail "period -s fib: $(cat "$tmp/out")"
    fi
fi

# ---- long lists, help, files ------------------------------------------

if expect 0 "period -s 1..99" period -s 1..99; then
    if grep -q '^block:     0 1 2 .* 31 \.\.\. (68 more)  (sg(0..99)' "$tmp/out"; then pass; else
        fail "period -s 1..99: block not cut at 32 values"
    fi
fi
if expect 0 "period --full" period -s 1..99 --full; then
    if grep -q '^block:     0 1 2 .* 97 98 99  (sg(0..99)' "$tmp/out"; then pass; else
        fail "period --full: block not complete"
    fi
fi
if expect 0 "period --help" period --help; then
    if grep -q '^Usage: sgviz period' "$tmp/out"; then pass; else
        fail "period --help: no usage"
    fi
fi
if expect 0 "period -o" period -s 2,4,7 -o period.txt; then
    if [ ! -s "$tmp/out" ] && grep -q '^period:    3$' "$tmp/period.txt"; then pass; else
        fail "period -o period.txt: file not written"
    fi
fi
printf 'precious\n' > "$tmp/old.txt"
if expect 2 "period -o keeps the old file on error" period -s 1,0 -o old.txt; then
    if [ "$(cat "$tmp/old.txt")" = precious ]; then pass; else
        fail "a failed period -o damaged old.txt"
    fi
fi

# A search that would not fit in memory is refused up front (only where
# memory is small enough for that to be certain: 4294967294 values of Nim
# take 8 bytes each).
mem_kib=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null)
if [ -n "$mem_kib" ] && [ "$mem_kib" -lt 50000000 ]; then
    if expect 2 "period --limit beyond memory" period -s all --limit 4294967294; then
        if grep -q 'needs .* but this machine has' "$tmp/err"; then pass; else
            fail "period --limit beyond memory: $(cat "$tmp/err")"
        fi
    fi
fi

# ---- --lang zh: the report in Chinese ----------------------------------

# The Chinese report of 2,4,7 says the facts of the JSON report (computed
# with the English words) in the words of the teaching notes.
if expect 0 "period -s 2,4,7 -f json" period -s 2,4,7 -f json; then
    block=$(json_list block | tr , ' ')
    before=$(json_list before | tr , ' ')
    if expect 0 "period -s 2,4,7 --lang zh" period -s 2,4,7 --lang zh; then
        has_line "预周期：8" "period --lang zh"
        has_line "周期：  3" "period --lang zh"
        has_line "循环节：  $block（SG(8..10)，此后永远重复）" "period --lang zh"
        has_line "循环节前：$before（SG(0..7)）" "period --lang zh"
        has_line "所以对 x >= 8，SG(x) = 循环节[(x - 8) mod 3]；SG(x) = 0 时先手必败，否则先手必胜" "period --lang zh"
        has_line "最小预周期：SG(7) = 3，但 SG(10) = 2，所以预周期不小于 8。" "period --lang zh"
        # No English word of three letters or more outside the formulas.
        words=$(sed 1d "$tmp/out" | grep -oE '[A-Za-z]{3,}' |
                grep -vxE 'mod|max|floor|xor|mex|Guy|Smith|Nim' | sort -u | tr '\n' ' ')
        if [ -z "$words" ]; then pass; else
            fail "period --lang zh: English words: $words"
        fi
        cp "$tmp/out" "$tmp/zh.txt"
    fi
    if expect 0 "period -l zh" period -s 2,4,7 -l zh; then
        if cmp -s "$tmp/out" "$tmp/zh.txt"; then pass; else
            fail "period -l zh differs from --lang zh"
        fi
    fi
    json_en=$(run_in "$tmp" period -s 2,4,7 -f json; cat "$tmp/out")
    if expect 0 "period -f json --lang zh" period -s 2,4,7 -f json --lang zh; then
        if [ "$(cat "$tmp/out")" = "$json_en" ]; then pass; else
            fail "period -f json --lang zh: the JSON changed"
        fi
    fi
fi
en_text=$(run_in "$tmp" period -s 1,3,4; cat "$tmp/out")
if expect 0 "period --lang en" period -s 1,3,4 --lang en; then
    if [ "$(cat "$tmp/out")" = "$en_text" ]; then pass; else
        fail "period --lang en differs from the default"
    fi
fi
# Kayles by the Guy-Smith theorem, and an infinite set without a period.
if expect 0 "period -t 0.77 --lang zh" period -t 0.77 --lang zh; then
    has_line "预周期：71" "period -t 0.77 --lang zh"
    if grep -q '^证据：由 Guy-Smith 定理：' "$tmp/out"; then pass; else
        fail "period -t 0.77 --lang zh: no certificate line"
    fi
fi
run_in "$tmp" period -s fib -L 500 -f json
fib_max=$(json_field max_value)
if expect 0 "period -s fib --lang zh" period -s fib -L 500 --lang zh; then
    has_line "观察：  SG(0..500) 中没有周期：后一半不重复；最大的值是 $fib_max" "period -s fib --lang zh"
fi
if expect 0 "period --help" period --help; then
    if grep -q -- '-l, --lang LANG' "$tmp/out"; then pass; else
        fail "period --help: no --lang"
    fi
fi
