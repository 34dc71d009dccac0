# cases-judge.sh - solve --judge: each problem's input and answers exactly,
# on random cases, against a reference solution written here in awk (not
# sgviz's own earlier output).  Sourced by run.sh, which provides run_in,
# expect, has_line, pass, fail, $tmp and $SGVIZ.

# judge_check NAME INPUT WANT DESCRIPTION: sgviz solve --judge NAME reads
# INPUT and prints exactly WANT.
judge_check() {
    if expect 0 "$4" solve --judge "$1" "< $2"; then
        if cmp -s "$tmp/out" "$tmp/$3"; then pass; else
            fail "$4: answers differ from the reference: $(diff "$tmp/$3" "$tmp/out" | head -3)"
        fi
    fi
}

# Separates words by any white space, as judges' inputs may: a line break,
# several spaces, a tab or a CRLF line end between two words now and then.
scatter='
    function sep(   r) {
        r = rand()
        if (r < 0.05) return "\n"
        if (r < 0.08) return "\r\n"
        if (r < 0.11) return "  \t"
        return " "
    }'

# ---- hdu1847: every n against a win/lose search --------------------------

awk 'BEGIN { for (n = 1; n <= 1000; n++) print n }' > "$tmp/j1847.in"
awk 'BEGIN {
    for (n = 0; n <= 1000; n++) {
        win[n] = 0
        for (k = 1; k <= n; k *= 2) if (!win[n - k]) win[n] = 1
    }
    for (n = 1; n <= 1000; n++) print (win[n] ? "Kiki" : "Cici")
}' > "$tmp/j1847.want"
judge_check hdu1847 j1847.in j1847.want "--judge hdu1847, n = 1..1000"

# ---- hdu1848: random triples against a win/lose search over the sum ------

awk 'BEGIN {
    srand(18481)
    for (i = 0; i < 300; i++)
        print 1 + int(rand() * 40), 1 + int(rand() * 40), 1 + int(rand() * 40)
    print "0 0 0"
}' > "$tmp/j1848.in"
# Heaps up to 40: the sum's positions are triples, a win exactly when some
# move (a Fibonacci number from one heap) reaches a loss.
awk 'BEGIN {
    f[1] = 1; f[2] = 2; k = 2
    while (f[k] + f[k - 1] <= 40) { f[k + 1] = f[k] + f[k - 1]; k++ }
    for (a = 0; a <= 40; a++) for (b = 0; b <= 40; b++) for (c = 0; c <= 40; c++) {
        w = 0
        for (i = 1; i <= k && !w; i++) {
            if (f[i] <= a && !win[a - f[i], b, c]) w = 1
            if (f[i] <= b && !win[a, b - f[i], c]) w = 1
            if (f[i] <= c && !win[a, b, c - f[i]]) w = 1
        }
        win[a, b, c] = w
    }
}
$1 == 0 && $2 == 0 && $3 == 0 { exit }
{ print (win[$1, $2, $3] ? "Fibo" : "Nacci") }' "$tmp/j1848.in" > "$tmp/j1848.want"
judge_check hdu1848 j1848.in j1848.want "--judge hdu1848, 300 triples"

# ---- hdu1536, S-Nim: random cases against the reference ------------------

# Cases of sets with repeated amounts, games without heaps, heaps of 0,
# words scattered over lines; the last input of each seed has no closing 0
# (the input may end where a case would begin).
for seed in 1 2 3; do
    awk -v seed=$seed "$scatter"'
    BEGIN {
        srand(1536 + seed)
        for (c = 0; c < 60; c++) {
            k = 1 + int(rand() * 6)
            printf "%d", k
            for (i = 0; i < k; i++) printf "%s%d", sep(), 1 + int(rand() * (rand() < 0.5 ? 5 : 40))
            m = int(rand() * 6)
            printf "\n%d\n", m
            for (g = 0; g < m; g++) {
                l = int(rand() * 5)
                printf "%d", l
                for (i = 0; i < l; i++) printf "%s%d", sep(), int(rand() * 300)
                printf "\n"
            }
        }
        if (seed != 3) print 0
    }' > "$tmp/j1536-$seed.in"
    # The reference: the words in order; per case the table of sg up to the
    # largest heap, each value the least number no move reaches.
    awk 'function xor(a, b,   r, bit) {
             r = 0; bit = 1
             while (a > 0 || b > 0) {
                 if ((a % 2) != (b % 2)) r += bit
                 a = int(a / 2); b = int(b / 2); bit *= 2
             }
             return r
         }
    BEGIN { RS = "[ \t\r\n]+" }
    $0 != "" { w[++n] = $0 }
    END {
        p = 1
        while (p <= n) {
            k = w[p++] + 0
            if (k == 0) break
            delete s
            for (i = 1; i <= k; i++) s[i] = w[p++] + 0
            m = w[p++] + 0
            top = 0
            delete heaps; delete len
            for (g = 1; g <= m; g++) {
                len[g] = w[p++] + 0
                for (i = 1; i <= len[g]; i++) {
                    heaps[g, i] = w[p++] + 0
                    if (heaps[g, i] > top) top = heaps[g, i]
                }
            }
            delete sg
            for (x = 0; x <= top; x++) {
                delete seen
                for (i = 1; i <= k; i++) if (s[i] <= x) seen[sg[x - s[i]]] = 1
                v = 0
                while (v in seen) v++
                sg[x] = v
            }
            line = ""
            for (g = 1; g <= m; g++) {
                x = 0
                for (i = 1; i <= len[g]; i++) x = xor(x, sg[heaps[g, i]])
                line = line (x ? "W" : "L")
            }
            print line
        }
    }' "$tmp/j1536-$seed.in" > "$tmp/j1536-$seed.want"
    judge_check hdu1536 "j1536-$seed.in" "j1536-$seed.want" "--judge hdu1536, seed $seed"
done

# The answers of a case come as soon as its last game is read, before the
# input ends.
rm -f "$tmp/jfifo" "$tmp/jlive"
if mkfifo "$tmp/jfifo" 2>/dev/null; then
    "$SGVIZ" solve --judge hdu1536 < "$tmp/jfifo" > "$tmp/jlive" 2>&1 &
    live_pid=$!
    exec 7> "$tmp/jfifo"
    printf '2 2 5\n1\n2 5 12\n' >&7
    i=0
    while [ $i -lt 100 ] && ! grep -q L "$tmp/jlive"; do
        sleep 0.1
        i=$((i + 1))
    done
    if grep -qx L "$tmp/jlive"; then pass; else
        fail "--judge hdu1536: no answer to the first case before the input ended"
    fi
    printf '0\n' >&7
    exec 7>&-
    wait $live_pid
fi

# A bad word: the cases before it are answered, then one line names it.
printf '1 1\n1\n1 3\n2 2 x\n' > "$tmp/jbad.in"
run_in "$tmp" solve --judge hdu1536 "< jbad.in"
if [ "$status" = 2 ] && [ "$(cat "$tmp/out")" = W ] &&
    grep -qxF 'sgviz: stdin:4:5: case 2: amount 2 of S "x" is not a whole number (S is k amounts, each at least 1)' "$tmp/err"; then
    pass
else
    fail "--judge hdu1536, a bad word: exit $status, out $(cat "$tmp/out"), err $(cat "$tmp/err")"
fi
# With -o the answers appear only when every case was answered.
printf 'precious\n' > "$tmp/janswers.txt"
if expect 2 "--judge -o, a bad word" solve --judge hdu1536 -o janswers.txt "< jbad.in"; then
    if [ "$(cat "$tmp/janswers.txt")" = precious ]; then pass; else
        fail "--judge -o: a bad word damaged the output file"
    fi
fi
if expect 0 "--judge -o" solve --judge hdu1536 -o janswers.txt "< j1536-1.in"; then
    if cmp -s "$tmp/janswers.txt" "$tmp/j1536-1.want"; then pass; else
        fail "--judge -o: the file differs from the reference"
    fi
fi
