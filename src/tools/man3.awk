# man3.awk - writes the manual page libsgviz(3) from the public headers.
#
#   awk -v version=0.2.0 -f src/tools/man3.awk src/sgviz.h src/sgviz/*.h
#
# The page is made from the headers, not written beside them, so that it
# says what the headers say and cannot drift from them; `make man` writes
# doc/libsgviz.3, and a test checks that the committed page is the one the
# headers give.  What it reads is the shape the headers keep: a comment
# block at the top of each file, section banners
#
#   /* ---------------------------------------------------------------- */
#   /* Title                                                            */
#   /* ---------------------------------------------------------------- */
#
# and "/* ---- Title ---- */" for subsections, a comment before each
# declaration, and declarations that end in ';' (a struct or enum ends with
# "} name;").  Each declaration becomes a paragraph: the declaration set as
# code, then its comment as text.

function esc(s) {
    gsub(/\\/, "\\e", s)
    gsub(/-/, "\\-", s)
    return s
}

# A line of running text, safe at the start of a roff line.
function text_line(s) {
    s = esc(s)
    if (s ~ /^[.']/)
        s = "\\&" s
    return s
}

# Prints the comment kept for a declaration.  Lines indented by two spaces
# or more keep their layout (a list of choices, a table).
function flush_comment(    i, fixed) {
    fixed = 0
    for (i = 1; i <= ncomment; i++) {
        if (comment[i] ~ /^  / && !fixed) {
            print ".nf"
            fixed = 1
        } else if (comment[i] !~ /^  / && fixed) {
            print ".fi"
            fixed = 0
        }
        print text_line(comment[i])
    }
    if (fixed)
        print ".fi"
    ncomment = 0
}

function title_of(line) {
    sub(/^\/\* */, "", line)
    sub(/ *\*\/ *$/, "", line)
    sub(/^-+ */, "", line)
    sub(/ *-+$/, "", line)
    return line
}

BEGIN {
    print ".\\\" libsgviz.3 - made by src/tools/man3.awk from the public"
    print ".\\\" headers (make man); edit the headers, not this file."
    print ".TH LIBSGVIZ 3 \"\" \"libsgviz " version "\" \"Library Functions Manual\""
    print ".SH NAME"
    print "libsgviz \\- Sprague\\-Grundy values of impartial games, with every mex step, as traces, tables and pictures"
    print ".SH SYNOPSIS"
    print ".nf"
    print ".B #include <sgviz.h>"
    print ".PP"
    print ".B cc prog.c $(pkg\\-config \\-\\-cflags \\-\\-libs sgviz)"
    print ".fi"
    state = "out"
}

FNR == 1 {
    file = FILENAME
    sub(/^.*src\//, "", file)
    top = 1
    ncomment = 0
    in_decl = 0
}

# The comment block at the top of a file: its description, printed once the
# block ends, under the file's own heading.  Its first paragraph names the
# file ("sgviz/core.h - libsgviz's core: ..."); the name goes, the words
# stay.  A line "- ..." starts a list item; other indented lines keep their
# layout (a table).
top && /^\/\*$/ { in_top = 1; ntop = 0; bullet = 0; first = 1; next }
in_top && /^ \*\/$/ {
    in_top = 0
    top = 0
    if (file == "sgviz.h")
        print ".SH DESCRIPTION"
    else
        print ".SH " toupper(substr(file, 7, length(file) - 8)) " (<" file ">)"
    print ".PP"
    for (i = 1; i <= ntop; i++)
        print topline[i]
    next
}
in_top {
    line = $0
    sub(/^ \* ?/, "", line)
    if (first) {
        sub(/^[a-z\/]+\.h - /, "", line)
        line = toupper(substr(line, 1, 1)) substr(line, 2)
        first = 0
    }
    if (line == "") {
        topline[++ntop] = ".PP"
        bullet = 0
    } else if (line ~ /^ ?- /) {
        sub(/^ ?- /, "", line)
        topline[++ntop] = ".IP \\(en 3"
        topline[++ntop] = text_line(line)
        bullet = 1
    } else if (bullet) {
        sub(/^ +/, "", line)
        topline[++ntop] = text_line(line)
    } else if (line ~ /^  /) {
        topline[++ntop] = ".nf"
        topline[++ntop] = text_line(line)
        topline[++ntop] = ".fi"
    } else {
        topline[++ntop] = text_line(line)
    }
    next
}
top { next }

# Banners: "/* ---- */" lines around a title, and "/* ---- Title ---- */".
/^\/\* -+ \*\/$/ { prev = $0; next }
/^\/\* ---- .* -+ \*\/$/ {
    ncomment = 0
    print ".SS " esc(title_of($0))
    next
}
/^\/\* [A-Z].* \*\/$/ && prev ~ /^\/\* -+ \*\/$/ {
    ncomment = 0
    print ".SS " esc(title_of($0))
    prev = $0
    next
}

# A comment: kept for the declaration that follows.
/^\/\*/ && !in_decl {
    ncomment = 0
    line = $0
    sub(/^\/\* ?/, "", line)
    closed = sub(/ *\*\/$/, "", line)
    if (line != "")
        comment[++ncomment] = line
    in_comment = !closed
    prev = $0
    next
}
in_comment {
    line = $0
    closed = sub(/ *\*\/ *$/, "", line)
    sub(/^ *\* ?/, "", line)
    if (line != "")
        comment[++ncomment] = line
    if (closed)
        in_comment = 0
    prev = $0
    next
}

# Declarations.
/^(SG_API |typedef |#define SG|#define SGVIZ|struct |enum )/ && !in_decl {
    if ($0 ~ /^#define (SGVIZ_([A-Z_]*_)?H$|SG_API)/) { prev = $0; next }
    in_decl = 1
    ndecl = 0
    depth = 0
}
in_decl {
    line = $0
    sub(/^SG_API /, "", line)
    # What the compiler alone reads (a format attribute) stays out.
    if (line ~ /^#(if|endif)/ || line ~ /^ +__attribute__/) { prev = $0; next }
    if (line ~ /^ +;$/)
        decl[ndecl] = decl[ndecl] ";"
    else
        decl[++ndecl] = line
    depth += gsub(/\{/, "{", line) - gsub(/\}/, "}", line)
    if (depth == 0 && ($0 ~ /;[ \t]*(\/\*.*)?$/ || $0 ~ /^#define/) ) {
        # Functions are set in bold, as manual pages set synopses; types
        # and constants in roman, since their comments sit inside them.
        fn = decl[1] !~ /^(typedef|#define|struct|enum)/
        print ".PP"
        print ".nf"
        if (fn)
            printf "\\fB"
        for (i = 1; i <= ndecl; i++)
            print text_line(decl[i])
        if (fn)
            print "\\fR"
        print ".fi"
        if (ncomment > 0) {
            print ".RS"
            flush_comment()
            print ".RE"
        }
        in_decl = 0
    }
    prev = $0
    next
}
{ prev = $0 }

END {
    print ".SH SEE ALSO"
    print ".BR sgviz (1)"
    print ".SH LICENCE"
    print "MIT; see the file LICENSE that comes with libsgviz."
}
