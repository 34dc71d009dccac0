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

# ---- hdu1524, A Chess Game: random graphs against the mex ----------------

# Graphs of up to 40 positions whose edges go down a random ranking of the
# positions (so the numbers do not follow the moves), queries of up to 10
# chessmen; the reference computes each value as the least number that no
# out-position has, in the order of the ranking.
awk -v seed=1 "$scatter"'
BEGIN {
    srand(1524)
    for (c = 0; c < 40; c++) {
        n = 1 + int(rand() * 40)
        for (i = 0; i < n; i++) rank[i] = i
        for (i = n - 1; i > 0; i--) { k = int(rand() * (i + 1)); t = rank[i]; rank[i] = rank[k]; rank[k] = t }
        for (i = 0; i < n; i++) pos[rank[i]] = i
        print n
        for (i = 0; i < n; i++) {
            line = ""; x = 0
            for (r = 0; r < rank[i]; r++)
                if (rand() < 0.3) { line = line sep() pos[r]; x++ }
            print x line
        }
        for (q = int(rand() * 6); q > 0; q--) {
            m = 1 + int(rand() * 10)
            printf "%d", m
            for (i = 0; i < m; i++) printf "%s%d", sep(), int(rand() * n)
            print ""
        }
        print 0
    }
}' > "$tmp/j1524.in"
awk 'function xor(a, b,   r, bit) {
         r = 0; bit = 1
         while (a > 0 || b > 0) {
             if ((a % 2) != (b % 2)) r += bit
             a = int(a / 2); b = int(b / 2); bit *= 2
         }
         return r
     }
     # The value of position i: the least number no out-position has.
     function value(i,   e, v) {
         if (i in sg) return sg[i]
         delete seen[i]
         for (e = 1; e <= deg[i]; e++) seen[i, value(out[i, e])] = 1
         v = 0
         while ((i, v) in seen) v++
         return sg[i] = v
     }
BEGIN { RS = "[ \t\r\n]+" }
$0 != "" { w[++nw] = $0 }
END {
    p = 1
    while (p <= nw) {
        n = w[p++] + 0
        delete sg; delete seen; delete deg; delete out
        for (i = 0; i < n; i++) {
            deg[i] = w[p++] + 0
            for (e = 1; e <= deg[i]; e++) out[i, e] = w[p++] + 0
        }
        for (;;) {
            m = w[p++] + 0
            if (m == 0) break
            s = 0
            for (i = 0; i < m; i++) s = xor(s, value(w[p++] + 0))
            print (s ? "WIN" : "LOSE")
        }
    }
}' "$tmp/j1524.in" > "$tmp/j1524.want"
[ -s "$tmp/j1524.want" ] || fail "j1524.want is empty"
judge_check hdu1524 j1524.in j1524.want "--judge hdu1524, 40 random graphs"

# ---- hdu3032, Lasker's Nim: heaps up to 2^31 - 1 against the closed form --

awk -v seed=2 "$scatter"'
BEGIN {
    srand(3032)
    print 200
    for (c = 0; c < 200; c++) {
        n = 1 + int(rand() * 8)
        printf "%d\n", n
        for (i = 0; i < n; i++)
            printf "%s%d", i ? sep() : "", 1 + int(rand() * (rand() < 0.5 ? 20 : 2147483647))
        print ""
    }
}' > "$tmp/j3032.in"
# sg(4k+1) = 4k+1, sg(4k+2) = 4k+2, sg(4k+3) = 4k+4, sg(4k+4) = 4k+3.
awk 'function xor(a, b,   r, bit) {
         r = 0; bit = 1
         while (a > 0 || b > 0) {
             if ((a % 2) != (b % 2)) r += bit
             a = int(a / 2); b = int(b / 2); bit *= 2
         }
         return r
     }
BEGIN { RS = "[ \t\r\n]+" }
$0 != "" { w[++nw] = $0 }
END {
    p = 2
    for (c = 0; c < w[1]; c++) {
        n = w[p++] + 0; s = 0
        for (i = 0; i < n; i++) {
            x = w[p++] + 0; r = x % 4
            s = xor(s, r == 3 ? x + 1 : r == 0 && x ? x - 1 : x)
        }
        print (s ? "Alice" : "Bob")
    }
}' "$tmp/j3032.in" > "$tmp/j3032.want"
[ -s "$tmp/j3032.want" ] || fail "j3032.want is empty"
judge_check hdu3032 j3032.in j3032.want "--judge hdu3032, 200 cases"
