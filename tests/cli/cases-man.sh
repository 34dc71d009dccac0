# cases-man.sh - the man page, doc/sgviz.1: it formats without a warning,
# and it is the reference of every option: each long option that a
# command's --help lists appears in that command's section of the page.
# Sourced by run.sh, which provides run_in, pass, fail, $tmp, $root and
# $SGVIZ.

m_page="$root/doc/sgviz.1"

if have groff; then
    if groff -man -ww -z "$m_page" > "$tmp/man.err" 2>&1 && [ ! -s "$tmp/man.err" ]; then
        pass
    else
        fail "doc/sgviz.1: groff -man -ww warns:"
        sed 's/^/    /' "$tmp/man.err" | head -5
    fi
else
    skip "formatting the man page (groff is not installed)"
fi

# m_section COMMAND: the lines of the page from ".SS sgviz COMMAND" to the
# next section or subsection.
m_section() {
    awk -v c="$1" '/^\.S[SH] / { on = ($0 == ".SS sgviz " c) ; next } on' "$m_page"
}

m_missing=""
for m_cmd in table trace graph steps solve value check period; do
    run_in "$tmp" "$m_cmd --help"
    m_section "$m_cmd" > "$tmp/man.section"
    if [ ! -s "$tmp/man.section" ]; then
        m_missing="$m_missing $m_cmd:(no section)"
        continue
    fi
    # The shared options and the game options are described once, in
    # their own sections; a command's section names them ("As above").
    for m_opt in $(grep -oE -- '--[a-z][a-z-]*' "$tmp/out" | sort -u); do
        case "$m_opt" in --set | --graph | --code | --coins | --hackenbush | --ground | --dot-max | --help) continue ;;
            --rules | --start | --lua-steps | --lua-memory | --explore-max) continue ;; esac
        m_roff=$(printf '%s' "$m_opt" | sed 's/-/\\\\-/g')
        if ! grep -q -- "$m_roff" "$tmp/man.section"; then
            m_missing="$m_missing $m_cmd:$m_opt"
        fi
    done
done
if [ -z "$m_missing" ]; then pass; else
    fail "doc/sgviz.1 does not describe these options of --help (add them to the command's section):$m_missing"
fi

# libsgviz(3) is made from the public headers (make man): the committed
# page must be the one they give, and it formats without a warning.
m_version=$(sed -n 's/^#define SGVIZ_VERSION "\(.*\)"/\1/p' "$root/src/sgviz/core.h")
(cd "$root" && awk -v version="$m_version" -f src/tools/man3.awk src/sgviz.h \
    src/sgviz/*.h) > "$tmp/libsgviz.3"
if cmp -s "$tmp/libsgviz.3" "$root/doc/libsgviz.3"; then pass; else
    fail "doc/libsgviz.3 is not what the headers give: run 'make man'"
fi
if have groff; then
    if groff -k -Tutf8 -man -ww -z "$root/doc/libsgviz.3" > "$tmp/man.err" 2>&1 &&
       [ ! -s "$tmp/man.err" ]; then
        pass
    else
        fail "doc/libsgviz.3: groff -man -ww warns:"
        sed 's/^/    /' "$tmp/man.err" | head -5
    fi
fi

# The version is written once, in the header: --version and both pages
# say it.
run_in "$tmp" "--version"
if [ "$(cat "$tmp/out")" = "sgviz $m_version" ] &&
   grep -q "^\.TH SGVIZ 1 .*\"sgviz $m_version\"" "$m_page" &&
   grep -q "^\.TH LIBSGVIZ 3 .*\"libsgviz $m_version\"" "$root/doc/libsgviz.3"; then
    pass
else
    fail "the version: --version says '$(cat "$tmp/out")', the header $m_version; check the .TH lines of doc/sgviz.1 and doc/libsgviz.3"
fi
