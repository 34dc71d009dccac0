# cases-library.sh - the library as a distribution ships it: the shared
# library exports exactly the functions the headers mark SG_API, the
# program calls nothing else, and `make install` lays out a library that a
# program finds with pkg-config and runs against.  Sourced by run.sh,
# which provides pass, fail, skip, have, $tmp, $root and $SGVIZ.

lib_build=$(dirname "$SGVIZ")
lib_so="$lib_build/libsgviz.so"

# The names the headers declare: each SG_API declaration's function.
awk '/^SG_API/ { line = $0
                 while (line !~ /\(/ && (getline more) > 0) line = line more
                 sub(/\(.*/, "", line); n = split(line, w, /[ *]+/)
                 print w[n] }' "$root"/src/sgviz/*.h | sort -u > "$tmp/declared"

if [ ! -f "$lib_so" ]; then
    fail "no shared library at $lib_so"
elif ! have nm; then
    skip "the exported names (nm is not installed)"
else
    nm -D --defined-only "$lib_so" | awk '$2 == "T" || $2 == "D" || $2 == "B" { print $3 }' |
        grep '^sg_' | sort -u > "$tmp/exported"
    if cmp -s "$tmp/declared" "$tmp/exported"; then pass; else
        fail "libsgviz.so exports other names than the headers declare:" \
             "$(comm -3 "$tmp/declared" "$tmp/exported" | tr '\n\t' '  ')"
    fi
    # Nothing but the library's own names, either.
    others=$(nm -D --defined-only "$lib_so" | awk '$2 == "T" { print $3 }' |
             grep -v '^sg_' | grep -v '^_' | tr '\n' ' ')
    if [ -z "$others" ]; then pass; else
        fail "libsgviz.so exports names without the sg_ prefix: $others"
    fi
    # The program uses the public interface only.
    nm -u "$lib_build"/obj/cli/*.o | awk '{ print $2 }' | grep '^sg_' |
        sort -u > "$tmp/used"
    inner=$(comm -23 "$tmp/used" "$tmp/exported" | tr '\n' ' ')
    if [ -z "$inner" ]; then pass; else
        fail "the front end calls functions the library does not export: $inner"
    fi
fi

if have readelf && [ -f "$lib_so" ]; then
    soname=$(readelf -d "$lib_so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
    if [ "$soname" = "libsgviz.so.0" ]; then pass; else
        fail "libsgviz.so's SONAME is '$soname', not libsgviz.so.0"
    fi
fi

# make install into a staging directory, then a program built with
# pkg-config against what was installed, run against the shared library.
# A library built with the sanitizers needs their runtime in the program,
# which this test does not give it; the plain build covers the layout.
if nm -D "$lib_so" 2>/dev/null | grep -q __asan_; then
    skip "make install and pkg-config (a sanitizer build)"
elif ! have pkg-config || ! have make || ! have cc; then
    skip "make install and pkg-config (make, cc or pkg-config missing)"
else
    stage="$tmp/stage"
    if make -C "$root" --no-print-directory -s install DESTDIR="$stage" \
            PREFIX=/opt/sgviz BUILD="$lib_build" > "$tmp/install.log" 2>&1; then
        missing=""
        for f in opt/sgviz/bin/sgviz opt/sgviz/lib/libsgviz.a opt/sgviz/lib/libsgviz.so.0 \
                 opt/sgviz/lib/libsgviz.so opt/sgviz/include/sgviz.h \
                 opt/sgviz/include/sgviz/core.h opt/sgviz/include/sgviz/draw.h \
                 opt/sgviz/lib/pkgconfig/sgviz.pc opt/sgviz/share/man/man1/sgviz.1 \
                 opt/sgviz/share/man/man3/libsgviz.3 \
                 opt/sgviz/share/bash-completion/completions/sgviz; do
            [ -e "$stage/$f" ] || missing="$missing $f"
        done
        if [ -z "$missing" ]; then pass; else
            fail "make install left out:$missing"
        fi
        cat > "$tmp/prog.c" <<'PROG'
#include <sgviz.h>
#include <stdio.h>

int main(void)
{
    sg_ctx *ctx = sg_ctx_new();
    sg_game *g = sg_game_from_spec(ctx, "1,3,4", "--set");
    sg_lookup *l = g ? sg_lookup_new(ctx, g, 8) : NULL;
    if (!l)
        return 1;
    printf("%s %u\n", SGVIZ_VERSION, (unsigned)sg_lookup_get(l, 4));
    sg_lookup_free(l);
    sg_game_free(g);
    sg_ctx_free(ctx);
    return 0;
}
PROG
        flags=$(PKG_CONFIG_PATH="$stage/opt/sgviz/lib/pkgconfig" pkg-config \
                --define-variable=prefix="$stage/opt/sgviz" --cflags --libs sgviz 2>&1)
        if cc "$tmp/prog.c" $flags -o "$tmp/prog" > "$tmp/cc.log" 2>&1 &&
           LD_LIBRARY_PATH="$stage/opt/sgviz/lib" "$tmp/prog" > "$tmp/prog.out" 2>&1 &&
           [ "$(cat "$tmp/prog.out")" = "$(sed -n 's/^#define SGVIZ_VERSION "\(.*\)"/\1/p' "$root/src/sgviz/core.h") 2" ]; then
            pass
        else
            fail "a program built with pkg-config against the installed library: $(cat "$tmp/cc.log" "$tmp/prog.out" 2>/dev/null | head -3)"
        fi
        if have readelf && readelf -d "$tmp/prog" | grep -q 'NEEDED.*libsgviz.so.0'; then pass; else
            fail "the program is not linked against libsgviz.so.0"
        fi
    else
        fail "make install DESTDIR=... failed: $(head -3 "$tmp/install.log")"
    fi
    rm -rf "$stage" "$tmp/prog" "$tmp/prog.c"
fi

# The bash completion knows every command of `sgviz --help` and every
# long option of a command's help, since it reads them from there; here it
# runs in bash and completes a few words.
if have bash; then
    comp=$(bash -c '
        . "$1/src/cli/completion.bash"
        sgviz() { "$2" "$@"; }
        COMP_WORDS=("$2" ta); COMP_CWORD=1; _sgviz; echo "${COMPREPLY[*]}"
        COMP_WORDS=("$2" table --ma); COMP_CWORD=2; _sgviz; echo "${COMPREPLY[*]}"
        COMP_WORDS=("$2" trace --lang ""); COMP_CWORD=3; _sgviz; echo "${COMPREPLY[*]}"
    ' sh "$root" "$SGVIZ" 2>&1)
    if [ "$comp" = "$(printf 'table\n--max\nen zh')" ]; then pass; else
        fail "bash completion: got '$comp'"
    fi
else
    skip "bash completion (no bash)"
fi
