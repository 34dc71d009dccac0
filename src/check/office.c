/*
 * office.c - the files students hand in that are not text: workbooks
 * (.xlsx, .ods, .xls), documents (.docx, .odt), zip archives of any of
 * these, and PDFs with a text layer.
 *
 * Office files are zip archives of XML.  libzip opens the archive from
 * memory and expat reads the XML; nothing here parses either by hand.
 * Every sheet becomes lines of tab-separated cells, one line per row, so
 * that line N of the text is row N of the sheet and a message's line is
 * the row number the student sees; a document becomes a line per
 * paragraph and per table row.  The sheet reader then reads them as it
 * reads any table.
 *
 * Bounds, checked before anything is inflated: entries in an archive,
 * bytes of each entry and of all of them, the ratio of inflated to stored
 * bytes (a zip bomb), how deep archives nest, rows and columns of a sheet.
 * Entry names with "..", an absolute path or a backslash are refused, and
 * so are entries that are symbolic links; a Mac's "__MACOSX" debris and
 * hidden files are passed over.  Expat refuses any document with a DTD,
 * which closes the doors of external entities and entity-expansion bombs
 * at once: no office file needs one.
 */
#define _DEFAULT_SOURCE /* mkstemp */
#include "check/grade.h"
#include "check/read.h"

#include <errno.h>
#include <expat.h>
#include <freexl.h>
#include <poppler.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zip.h>

/* read(2), for the one place whose reader callback is named read. */
static ssize_t read_fd(int fd, void *buf, size_t n)
{
    for (;;) {
        ssize_t r = read(fd, buf, n);
        if (r >= 0 || errno != EINTR)
            return r;
    }
}

/* The bounds of one file handed in. */
#define ZIP_MAX_ENTRIES 1000
#define ZIP_MAX_TOTAL ((zip_uint64_t)64 << 20)
/* Text compresses well, but not a thousandfold: a larger ratio is a bomb
 * (entries smaller than ZIP_RATIO_FLOOR may compress as they like). */
#define ZIP_MAX_RATIO 200
#define ZIP_RATIO_FLOOR ((zip_uint64_t)1 << 20)
#define ZIP_MAX_DEPTH 2
#define SHEET_MAX_ROWS 100000
#define SHEET_MAX_COLUMNS 512
#define PDF_MAX_PAGES 200

/* ------------------------------------------------------------------------ */
/* Sheets as text                                                           */
/* ------------------------------------------------------------------------ */

/* The text of a sheet being built: cells placed by row and column. */
typedef struct grid {
    sg_buf text;
    unsigned long row;    /* the row being written (1-based), 0 before */
    unsigned long col;    /* cells written in it */
    bool too_large;
} grid;

/* Moves to row ROW (1-based), ending the rows before it. */
static void grid_row(grid *g, unsigned long row)
{
    if (row > SHEET_MAX_ROWS) {
        g->too_large = true;
        return;
    }
    if (g->row == 0 && row > 0)
        g->row = 1;
    while (g->row < row) {
        sg_buf_putc(&g->text, '\n');
        g->row++;
    }
    g->col = 0;
}

/* Writes cell text S[0..n) at column COL (0-based) of the current row. */
static void grid_cell(grid *g, unsigned long col, const char *s, size_t n)
{
    if (col >= SHEET_MAX_COLUMNS || g->too_large) {
        g->too_large = true;
        return;
    }
    if (g->row == 0)
        g->row = 1;
    while (g->col < col) {
        sg_buf_putc(&g->text, '\t');
        g->col++;
    }
    if (g->col > 0 || col > 0)
        sg_buf_putc(&g->text, '\t');
    /* A cell's own tabs and line ends would split it. */
    for (size_t i = 0; i < n; i++)
        sg_buf_putc(&g->text, s[i] == '\t' || s[i] == '\n' || s[i] == '\r'
                                  ? ' '
                                  : s[i]);
    g->col = col + 1;
}

/* Hands the finished grid over as a document. */
static sg_status grid_done(sg_ctx *ctx, grid *g, sg_docs *out,
                           const char *origin, const char *label)
{
    if (g->too_large) {
        sg_buf_free(&g->text);
        char *why = NULL;
        sg_buf m;
        sg_buf_init(&m);
        sg_buf_printf(&m, "%s [%s]: more than %d rows or %d columns: not a "
                      "homework table", origin, label ? label : "",
                      SHEET_MAX_ROWS, SHEET_MAX_COLUMNS);
        sg_buf_putc(&m, '\0');
        why = m.failed ? NULL : m.data;
        if (!why)
            sg_buf_free(&m);
        return sg_docs_add(ctx, out, origin, label, NULL, NULL, 0, why);
    }
    sg_buf_putc(&g->text, '\n');
    sg_buf_putc(&g->text, '\0');
    if (g->text.failed) {
        sg_buf_free(&g->text);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    size_t len = g->text.len - 1;
    return sg_docs_add(ctx, out, origin, label, NULL, g->text.data, len, NULL);
}

/* "B12": column 1, row 12.  Returns false for a reference that is none. */
static bool cell_ref(const char *r, unsigned long *col, unsigned long *row)
{
    unsigned long c = 0, w = 0;
    size_t i = 0;
    while ((r[i] >= 'A' && r[i] <= 'Z') && i < 4)
        c = c * 26 + (unsigned long)(r[i++] - 'A' + 1);
    while (r[i] >= '0' && r[i] <= '9' && w < 100000000UL)
        w = w * 10 + (unsigned long)(r[i++] - '0');
    if (c == 0 || w == 0 || r[i])
        return false;
    *col = c - 1;
    *row = w;
    return true;
}

/* ------------------------------------------------------------------------ */
/* XML through expat, without DTDs                                          */
/* ------------------------------------------------------------------------ */

/* The local part of a namespaced name: "w:t" -> "t". */
static const char *local(const char *name)
{
    const char *c = strrchr(name, ':');
    return c ? c + 1 : name;
}

static const char *attr(const char **atts, const char *name)
{
    for (size_t i = 0; atts[i]; i += 2)
        if (strcmp(atts[i], name) == 0 || strcmp(local(atts[i]), name) == 0)
            return atts[i + 1];
    return NULL;
}

typedef struct xml_job {
    XML_Parser p;
    bool dtd;               /* a DTD was met: refused */
    void *user;
} xml_job;

static void XMLCALL on_doctype(void *user, const XML_Char *name,
                               const XML_Char *sysid, const XML_Char *pubid,
                               int internal)
{
    (void)name;
    (void)sysid;
    (void)pubid;
    (void)internal;
    xml_job *j = *(xml_job **)user;
    j->dtd = true;
    XML_StopParser(j->p, XML_FALSE);
}

static void XMLCALL on_entity(void *user, const XML_Char *name, int param,
                              const XML_Char *value, int len,
                              const XML_Char *base, const XML_Char *sysid,
                              const XML_Char *pubid, const XML_Char *notation)
{
    (void)name;
    (void)param;
    (void)value;
    (void)len;
    (void)base;
    (void)sysid;
    (void)pubid;
    (void)notation;
    xml_job *j = *(xml_job **)user;
    j->dtd = true;
    XML_StopParser(j->p, XML_FALSE);
}

/* Parses XML[0..len) with the handlers, USER first in a struct whose
 * first member is an xml_job pointer.  Returns NULL, or why the XML was
 * refused (static). */
static const char *xml_parse(const char *xml, size_t len, void *user,
                             XML_StartElementHandler start,
                             XML_EndElementHandler end,
                             XML_CharacterDataHandler chars)
{
    xml_job job = {0};
    job.p = XML_ParserCreate("UTF-8");
    if (!job.p)
        return "out of memory";
    *(xml_job **)user = &job;
    XML_SetUserData(job.p, user);
    XML_SetElementHandler(job.p, start, end);
    XML_SetCharacterDataHandler(job.p, chars);
    XML_SetStartDoctypeDeclHandler(job.p, on_doctype);
    XML_SetEntityDeclHandler(job.p, on_entity);
    XML_SetParamEntityParsing(job.p, XML_PARAM_ENTITY_PARSING_NEVER);
    const char *why = NULL;
    if (len > (size_t)INT32_MAX ||
        XML_Parse(job.p, xml, (int)len, XML_TRUE) == XML_STATUS_ERROR)
        why = job.dtd ? "its XML declares a DTD, which no office file needs"
                      : "its XML is damaged";
    XML_ParserFree(job.p);
    return why;
}

/* ------------------------------------------------------------------------ */
/* Archives                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct archive {
    sg_ctx *ctx;
    const char *lang;
    const char *origin;
    zip_t *z;
    zip_uint64_t inflated;  /* bytes inflated so far */
} archive;

/* Why a member's name may not be read, or NULL. */
static const char *bad_name(const char *name)
{
    if (!*name)
        return "an entry without a name";
    if (name[0] == '/' || strchr(name, '\\') ||
        (strlen(name) > 1 && name[1] == ':'))
        return "an entry with an absolute name";
    for (const char *p = name; *p;) {
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.')
            return "an entry whose name leads out of the archive (\"..\")";
        p += n;
        if (*p == '/')
            p++;
    }
    return NULL;
}

/* Reads the member NAME (or index I when NAME is NULL) into a new buffer.
 * Returns it (NUL-terminated), or NULL with *WHY set (static) or an
 * error recorded (SG_ENOMEM). */
static char *member(archive *ar, const char *name, zip_uint64_t i,
                    size_t *len, const char **why)
{
    *why = NULL;
    zip_int64_t at = name ? zip_name_locate(ar->z, name, 0) : (zip_int64_t)i;
    if (at < 0) {
        *why = "a part is missing";
        return NULL;
    }
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(ar->z, (zip_uint64_t)at, 0, &st) != 0 ||
        !(st.valid & ZIP_STAT_SIZE) || !(st.valid & ZIP_STAT_COMP_SIZE)) {
        *why = "a part cannot be read";
        return NULL;
    }
    if (st.size > SG_SHEET_MAX_BYTES ||
        ar->inflated + st.size > ZIP_MAX_TOTAL) {
        *why = "it inflates to more than a homework can be";
        return NULL;
    }
    if (st.size > ZIP_RATIO_FLOOR &&
        st.size / (st.comp_size ? st.comp_size : 1) > ZIP_MAX_RATIO) {
        *why = "it inflates far more than text does (a zip bomb?)";
        return NULL;
    }
    zip_file_t *f = zip_fopen_index(ar->z, (zip_uint64_t)at, 0);
    if (!f) {
        *why = "a part cannot be opened (encrypted?)";
        return NULL;
    }
    /* The sizes in the archive may lie: never read past what it said. */
    char *buf = sg_alloc_raw(ar->ctx, (size_t)st.size + 2, 1);
    if (!buf) {
        zip_fclose(f);
        return NULL;
    }
    zip_int64_t got = zip_fread(f, buf, st.size + 1);
    zip_fclose(f);
    if (got < 0 || (zip_uint64_t)got != st.size) {
        free(buf);
        *why = "a part is damaged";
        return NULL;
    }
    ar->inflated += st.size;
    buf[got] = '\0';
    *len = (size_t)got;
    return buf;
}

static sg_status refuse(sg_ctx *ctx, const char *origin, const char *what,
                        const char *why)
{
    return sg_ctx_fail(ctx, SG_EINPUT, "%s: %s, but %s", origin, what, why);
}

/* ------------------------------------------------------------------------ */
/* .xlsx                                                                    */
/* ------------------------------------------------------------------------ */

typedef struct xlsx_strings {
    xml_job *job;
    char **s;
    size_t n, cap;
    sg_buf cur;
    bool in_si, in_t, failed;
} xlsx_strings;

static void XMLCALL ss_start(void *u, const XML_Char *name,
                             const XML_Char **atts)
{
    (void)atts;
    xlsx_strings *x = u;
    const char *l = local(name);
    if (strcmp(l, "si") == 0) {
        x->in_si = true;
        x->cur.len = 0;
    } else if (strcmp(l, "t") == 0 && x->in_si) {
        x->in_t = true;
    }
}

static void XMLCALL ss_end(void *u, const XML_Char *name)
{
    xlsx_strings *x = u;
    const char *l = local(name);
    if (strcmp(l, "t") == 0) {
        x->in_t = false;
    } else if (strcmp(l, "si") == 0 && x->in_si) {
        x->in_si = false;
        if (x->n == x->cap) {
            size_t cap = x->cap ? x->cap * 2 : 64;
            char **g = realloc(x->s, cap * sizeof *g);
            if (!g) {
                x->failed = true;
                return;
            }
            x->s = g;
            x->cap = cap;
        }
        char *c = malloc(x->cur.len + 1);
        if (!c) {
            x->failed = true;
            return;
        }
        if (x->cur.len)
            memcpy(c, x->cur.data, x->cur.len);
        c[x->cur.len] = '\0';
        x->s[x->n++] = c;
    }
}

static void XMLCALL ss_chars(void *u, const XML_Char *s, int len)
{
    xlsx_strings *x = u;
    if (x->in_t)
        sg_buf_add(&x->cur, s, (size_t)len);
}

typedef struct xlsx_sheet {
    xml_job *job;
    const xlsx_strings *ss;
    grid g;
    sg_buf v;
    bool in_v, in_is_t, shared, has_ref;
    unsigned long col, row, next_col;
} xlsx_sheet;

static void XMLCALL sh_start(void *u, const XML_Char *name,
                             const XML_Char **atts)
{
    xlsx_sheet *x = u;
    const char *l = local(name);
    if (strcmp(l, "row") == 0) {
        const char *r = attr(atts, "r");
        unsigned long row = r ? strtoul(r, NULL, 10) : x->row + 1;
        if (row <= x->row)
            row = x->row + 1;
        x->row = row;
        x->next_col = 0;
        grid_row(&x->g, row);
    } else if (strcmp(l, "c") == 0) {
        const char *r = attr(atts, "r");
        const char *t = attr(atts, "t");
        unsigned long col, row;
        if (r && cell_ref(r, &col, &row))
            x->col = col;
        else
            x->col = x->next_col;
        x->next_col = x->col + 1;
        x->shared = t && strcmp(t, "s") == 0;
        x->v.len = 0;
    } else if (strcmp(l, "v") == 0) {
        x->in_v = true;
    } else if (strcmp(l, "t") == 0) {
        x->in_is_t = true;
    }
}

static void XMLCALL sh_end(void *u, const XML_Char *name)
{
    xlsx_sheet *x = u;
    const char *l = local(name);
    if (strcmp(l, "v") == 0) {
        x->in_v = false;
    } else if (strcmp(l, "t") == 0) {
        x->in_is_t = false;
    } else if (strcmp(l, "c") == 0) {
        sg_buf_putc(&x->v, '\0');
        const char *text = x->v.data ? x->v.data : "";
        if (x->shared) {
            unsigned long k = strtoul(text, NULL, 10);
            text = k < x->ss->n ? x->ss->s[k] : "";
        }
        if (*text)
            grid_cell(&x->g, x->col, text, strlen(text));
        x->v.len = 0;
    }
}

static void XMLCALL sh_chars(void *u, const XML_Char *s, int len)
{
    xlsx_sheet *x = u;
    if (x->in_v || x->in_is_t)
        sg_buf_add(&x->v, s, (size_t)len);
}

typedef struct xlsx_book {
    xml_job *job;
    char **names, **rids;
    size_t n, cap;
    bool failed;
} xlsx_book;

static void XMLCALL wb_start(void *u, const XML_Char *name,
                             const XML_Char **atts)
{
    xlsx_book *b = u;
    if (strcmp(local(name), "sheet") != 0)
        return;
    const char *n = attr(atts, "name"), *id = NULL;
    for (size_t i = 0; atts[i]; i += 2)
        if (strcmp(atts[i], "r:id") == 0 || strcmp(local(atts[i]), "id") == 0)
            id = atts[i + 1];
    if (!n || !id || b->failed)
        return;
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 8;
        char **gn = realloc(b->names, cap * sizeof *gn);
        if (gn)
            b->names = gn;
        char **gr = gn ? realloc(b->rids, cap * sizeof *gr) : NULL;
        if (gr)
            b->rids = gr;
        if (!gn || !gr) {
            b->failed = true;
            return;
        }
        b->cap = cap;
    }
    b->names[b->n] = strdup(n);
    b->rids[b->n] = strdup(id);
    if (!b->names[b->n] || !b->rids[b->n]) {
        free(b->names[b->n]);
        free(b->rids[b->n]);
        b->failed = true;
        return;
    }
    b->n++;
}

typedef struct xlsx_rels {
    xml_job *job;
    const char *want;
    char target[512];
} xlsx_rels;

static void XMLCALL rel_start(void *u, const XML_Char *name,
                              const XML_Char **atts)
{
    xlsx_rels *r = u;
    if (strcmp(local(name), "Relationship") != 0)
        return;
    const char *id = attr(atts, "Id"), *t = attr(atts, "Target");
    if (id && t && strcmp(id, r->want) == 0)
        snprintf(r->target, sizeof r->target, "%s", t);
}

static void XMLCALL no_end(void *u, const XML_Char *name)
{
    (void)u;
    (void)name;
}

static void XMLCALL no_chars(void *u, const XML_Char *s, int len)
{
    (void)u;
    (void)s;
    (void)len;
}

static sg_status read_xlsx(archive *ar, sg_docs *out)
{
    sg_ctx *ctx = ar->ctx;
    const char *what = "an Excel workbook";
    size_t len;
    const char *why;
    xlsx_strings ss = {0};
    sg_buf_init(&ss.cur);
    xlsx_book wb = {0};
    sg_status st = SG_OK;
    char *xml = member(ar, "xl/sharedStrings.xml", 0, &len, &why);
    if (xml) {
        why = xml_parse(xml, len, &ss, ss_start, ss_end, ss_chars);
        free(xml);
        if (!why && ss.failed)
            why = "out of memory";
        if (why) {
            st = refuse(ctx, ar->origin, what, why);
            goto done;
        }
    } else if (sg_ctx_status(ctx) == SG_ENOMEM) {
        st = SG_ENOMEM;
        goto done;
    }
    xml = member(ar, "xl/workbook.xml", 0, &len, &why);
    if (!xml) {
        st = sg_ctx_status(ctx) == SG_ENOMEM ? SG_ENOMEM
                                             : refuse(ctx, ar->origin, what,
                                                      why);
        goto done;
    }
    why = xml_parse(xml, len, &wb, wb_start, no_end, no_chars);
    free(xml);
    if (why || wb.failed) {
        st = refuse(ctx, ar->origin, what, why ? why : "out of memory");
        goto done;
    }
    char *rels = member(ar, "xl/_rels/workbook.xml.rels", 0, &len, &why);
    for (size_t i = 0; i < wb.n && st == SG_OK; i++) {
        /* The sheet's part, from its relationship ("worksheets/sheet2.xml",
         * relative to xl/), else by its place. */
        char part[600];
        xlsx_rels r = {0};
        r.want = wb.rids[i];
        if (rels)
            xml_parse(rels, len, &r, rel_start, no_end, no_chars);
        if (r.target[0] == '/')
            snprintf(part, sizeof part, "%s", r.target + 1);
        else if (r.target[0])
            snprintf(part, sizeof part, "xl/%s", r.target);
        else
            snprintf(part, sizeof part, "xl/worksheets/sheet%zu.xml", i + 1);
        size_t sl;
        char *sx = member(ar, part, 0, &sl, &why);
        if (!sx) {
            st = sg_ctx_status(ctx) == SG_ENOMEM ? SG_ENOMEM
                                                 : refuse(ctx, ar->origin,
                                                          what, why);
            break;
        }
        xlsx_sheet sh = {0};
        sh.ss = &ss;
        sg_buf_init(&sh.g.text);
        sg_buf_init(&sh.v);
        why = xml_parse(sx, sl, &sh, sh_start, sh_end, sh_chars);
        free(sx);
        sg_buf_free(&sh.v);
        if (why) {
            sg_buf_free(&sh.g.text);
            st = refuse(ctx, ar->origin, what, why);
            break;
        }
        st = grid_done(ctx, &sh.g, out, ar->origin, wb.names[i]);
    }
    free(rels);
done:
    for (size_t i = 0; i < ss.n; i++)
        free(ss.s[i]);
    free(ss.s);
    sg_buf_free(&ss.cur);
    for (size_t i = 0; i < wb.n; i++) {
        free(wb.names[i]);
        free(wb.rids[i]);
    }
    free(wb.names);
    free(wb.rids);
    return st;
}

/* ------------------------------------------------------------------------ */
/* OpenDocument (.ods, .odt) and Word (.docx): content as lines             */
/* ------------------------------------------------------------------------ */

/* One reader for the three: paragraphs become lines, tables become rows
 * of tab-separated cells, and (in a spreadsheet) each table a sheet. */
typedef struct flow {
    xml_job *job;
    sg_ctx *ctx;
    sg_docs *out;
    const char *origin;
    bool sheets;           /* .ods: each table is a document of its own */
    grid g;                /* the document (or sheet) being written */
    char *sheet_name;
    int table_depth;
    unsigned long cell_col;
    unsigned long repeat_cols;
    sg_buf cell;           /* the text of the cell or paragraph */
    bool in_cell, in_par, in_text;
    unsigned long row;
    sg_status st;
} flow;

static bool is(const char *name, const char *want)
{
    return strcmp(name, want) == 0;
}

static void flow_par_end(flow *f)
{
    /* A paragraph outside a table is a line of its own. */
    if (f->table_depth == 0 && f->cell.len) {
        f->row++;
        grid_row(&f->g, f->row);
        grid_cell(&f->g, 0, f->cell.data, f->cell.len);
        f->cell.len = 0;
    }
}

static void XMLCALL fl_start(void *u, const XML_Char *name,
                             const XML_Char **atts)
{
    flow *f = u;
    /* Word: w:tbl, w:tr, w:tc, w:p, w:t; OpenDocument: table:table,
     * table:table-row, table:table-cell, text:p, text:h, text:s. */
    if (is(name, "w:tbl") || is(name, "table:table")) {
        if (f->table_depth++ == 0 && f->sheets) {
            free(f->sheet_name);
            const char *n = attr(atts, "table:name");
            f->sheet_name = n ? strdup(n) : NULL;
            /* A sheet starts a grid of its own: paragraphs before it, out
             * of any table, are no sheet's (libFuzzer found them leaked
             * here). */
            sg_buf_free(&f->g.text);
            sg_buf_init(&f->g.text);
            f->g.row = f->g.col = 0;
            f->row = 0;
        }
    } else if ((is(name, "w:tr") || is(name, "table:table-row")) &&
               f->table_depth == 1) {
        /* A row repeated (OpenDocument pads a sheet to its end with one
         * empty row repeated a million times) is one row here. */
        f->row++;
        grid_row(&f->g, f->row);
        f->cell_col = 0;
    } else if ((is(name, "w:tc") || is(name, "table:table-cell") ||
                is(name, "table:covered-table-cell")) &&
               f->table_depth == 1) {
        const char *rep = attr(atts, "table:number-columns-repeated");
        f->repeat_cols = rep ? strtoul(rep, NULL, 10) : 1;
        f->in_cell = true;
        f->cell.len = 0;
    } else if (is(name, "w:p") || is(name, "text:p") || is(name, "text:h")) {
        if (f->in_cell && f->cell.len)
            sg_buf_putc(&f->cell, ' ');
        f->in_par = true;
    } else if (is(name, "w:t") || is(name, "text:span")) {
        f->in_text = true;
    } else if (is(name, "text:s") || is(name, "w:tab") ||
               is(name, "text:tab")) {
        sg_buf_putc(&f->cell, ' ');
    }
}

static void XMLCALL fl_end(void *u, const XML_Char *name)
{
    flow *f = u;
    if (is(name, "w:tbl") || is(name, "table:table")) {
        if (--f->table_depth == 0 && f->sheets && f->st == SG_OK) {
            f->st = grid_done(f->ctx, &f->g, f->out, f->origin, f->sheet_name);
            memset(&f->g, 0, sizeof f->g);
            sg_buf_init(&f->g.text);
        }
    } else if ((is(name, "w:tc") || is(name, "table:table-cell") ||
                is(name, "table:covered-table-cell")) &&
               f->table_depth == 1) {
        if (f->cell.len) {
            unsigned long rep = f->repeat_cols > 64 ? 64 : f->repeat_cols;
            for (unsigned long k = 0; k < rep; k++)
                grid_cell(&f->g, f->cell_col + k, f->cell.data, f->cell.len);
        }
        f->cell_col += f->repeat_cols > SHEET_MAX_COLUMNS ? SHEET_MAX_COLUMNS
                                                          : f->repeat_cols;
        f->in_cell = false;
        f->cell.len = 0;
    } else if (is(name, "w:p") || is(name, "text:p") || is(name, "text:h")) {
        f->in_par = false;
        flow_par_end(f);
    } else if (is(name, "w:t") || is(name, "text:span")) {
        f->in_text = false;
    }
}

static void XMLCALL fl_chars(void *u, const XML_Char *s, int len)
{
    flow *f = u;
    /* Word keeps words in w:t; OpenDocument anywhere in a paragraph. */
    if (f->in_text || (f->in_par && (f->in_cell || f->table_depth == 0)))
        sg_buf_add(&f->cell, s, (size_t)len);
}

static sg_status read_flow(archive *ar, const char *part, const char *what,
                           bool sheets, sg_docs *out)
{
    size_t len;
    const char *why;
    char *xml = member(ar, part, 0, &len, &why);
    if (!xml)
        return sg_ctx_status(ar->ctx) == SG_ENOMEM
                   ? SG_ENOMEM
                   : refuse(ar->ctx, ar->origin, what, why);
    flow f = {0};
    f.ctx = ar->ctx;
    f.out = out;
    f.origin = ar->origin;
    f.sheets = sheets;
    sg_buf_init(&f.g.text);
    sg_buf_init(&f.cell);
    why = xml_parse(xml, len, &f, fl_start, fl_end, fl_chars);
    free(xml);
    sg_buf_free(&f.cell);
    free(f.sheet_name);
    if (why) {
        sg_buf_free(&f.g.text);
        return f.st != SG_OK ? f.st : refuse(ar->ctx, ar->origin, what, why);
    }
    if (f.st != SG_OK) {
        sg_buf_free(&f.g.text);
        return f.st;
    }
    if (sheets) {
        sg_buf_free(&f.g.text);
        return SG_OK;
    }
    return grid_done(ar->ctx, &f.g, out, ar->origin, NULL);
}

/* ------------------------------------------------------------------------ */
/* .xls (libfreexl) and PDF (poppler-glib)                                  */
/* ------------------------------------------------------------------------ */

/* libfreexl reads only a named file: the bytes go into a private
 * temporary one first (they may come out of an archive). */
sg_status sg_xls_read(sg_ctx *ctx, const char *origin,
                          const unsigned char *bytes, size_t len,
                          sg_docs *out)
{
    const char *tmpdir = getenv("TMPDIR");
    char path[4200];
    snprintf(path, sizeof path, "%s/sgviz-xls-XXXXXX",
             tmpdir && *tmpdir ? tmpdir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        return sg_ctx_fail(ctx, SG_EIO, "%s: cannot make a temporary file "
                           "to read the workbook: %s", origin,
                           strerror(errno));
    bool ok = write(fd, bytes, len) == (ssize_t)len;
    close(fd);
    const void *h = NULL;
    sg_status st = SG_OK;
    if (!ok || freexl_open(path, &h) != FREEXL_OK) {
        unlink(path);
        if (h)
            freexl_close(h);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: an old Excel workbook (.xls), "
                           "but it cannot be read: save it as .xlsx or CSV",
                           origin);
    }
    unlink(path);
    unsigned int count = 0;
    freexl_get_info(h, FREEXL_BIFF_SHEET_COUNT, &count);
    for (unsigned int s = 0; s < count && s < 256 && st == SG_OK; s++) {
        const char *name = NULL;
        unsigned int rows = 0;
        unsigned short cols = 0;
        if (freexl_select_active_worksheet(h, (unsigned short)s) != FREEXL_OK ||
            freexl_worksheet_dimensions(h, &rows, &cols) != FREEXL_OK)
            continue;
        freexl_get_worksheet_name(h, (unsigned short)s, &name);
        grid g = {0};
        sg_buf_init(&g.text);
        if (rows > SHEET_MAX_ROWS || cols > SHEET_MAX_COLUMNS)
            g.too_large = true;
        for (unsigned int r = 0; r < rows && !g.too_large; r++) {
            grid_row(&g, r + 1);
            for (unsigned short c = 0; c < cols; c++) {
                FreeXL_CellValue v;
                if (freexl_get_cell_value(h, r, c, &v) != FREEXL_OK)
                    continue;
                char num[64];
                const char *t = NULL;
                if (v.type == FREEXL_CELL_INT) {
                    snprintf(num, sizeof num, "%d", v.value.int_value);
                    t = num;
                } else if (v.type == FREEXL_CELL_DOUBLE) {
                    snprintf(num, sizeof num, "%.15g", v.value.double_value);
                    t = num;
                } else if (v.type != FREEXL_CELL_NULL) {
                    t = v.value.text_value;
                }
                if (t && *t)
                    grid_cell(&g, c, t, strlen(t));
            }
        }
        st = grid_done(ctx, &g, out, origin, name);
    }
    freexl_close(h);
    return st;
}

/* Poppler speaks through GLib's log about damaged files; a damaged file is
 * named in one message of sgviz's own instead. */
static void quiet(const gchar *domain, GLogLevelFlags level,
                  const gchar *message, gpointer user)
{
    (void)domain;
    (void)level;
    (void)message;
    (void)user;
}

/* Appends a page's TEXT to B with the spaces poppler leaves out put back:
 * it joins "0 1 0 1" into "0101" when only digits stand in a line.  BOXES
 * holds one box per character of TEXT; a gap wider than a fifth of a
 * character's height between two characters of one line is a space. */
static void page_text(sg_buf *b, const char *text, const PopplerRectangle *boxes,
                      guint nboxes)
{
    size_t len = strlen(text);
    guint k = 0;
    for (size_t i = 0; i < len;) {
        size_t n = 1;
        while (i + n < len && ((unsigned char)text[i + n] & 0xC0) == 0x80)
            n++;
        if (k > 0 && k < nboxes && text[i] != '\n' && text[i] != ' ' &&
            b->len && b->data[b->len - 1] != '\n' &&
            b->data[b->len - 1] != ' ') {
            const PopplerRectangle *p = &boxes[k - 1], *c = &boxes[k];
            double h = c->y2 - c->y1;
            bool same_line = c->y1 < p->y2 && p->y1 < c->y2;
            if (same_line && h > 0 && c->x1 - p->x2 > h / 5)
                sg_buf_putc(b, ' ');
        }
        sg_buf_add(b, text + i, n);
        i += n;
        k++;
    }
}

sg_status sg_pdf_read(sg_ctx *ctx, const char *origin,
                          const unsigned char *bytes, size_t len,
                          sg_docs *out)
{
    g_log_set_handler("Poppler", (GLogLevelFlags)(G_LOG_LEVEL_MASK |
                                                  G_LOG_FLAG_FATAL |
                                                  G_LOG_FLAG_RECURSION),
                      quiet, NULL);
    GBytes *gb = g_bytes_new(bytes, len);
    GError *err = NULL;
    PopplerDocument *doc = poppler_document_new_from_bytes(gb, NULL, &err);
    g_bytes_unref(gb);
    if (!doc) {
        bool locked = err && err->code == POPPLER_ERROR_ENCRYPTED;
        if (err)
            g_error_free(err);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: a PDF, but %s: hand in the "
                           "table as text or CSV", origin,
                           locked ? "it is locked with a password"
                                  : "it is damaged");
    }
    int pages = poppler_document_get_n_pages(doc);
    sg_buf b;
    sg_buf_init(&b);
    for (int i = 0; i < pages && i < PDF_MAX_PAGES; i++) {
        PopplerPage *page = poppler_document_get_page(doc, i);
        if (!page)
            continue;
        char *t = poppler_page_get_text(page);
        PopplerRectangle *boxes = NULL;
        guint nboxes = 0;
        if (t && !poppler_page_get_text_layout(page, &boxes, &nboxes))
            nboxes = 0;
        if (t) {
            page_text(&b, t, boxes, nboxes);
            if (b.len && b.data[b.len - 1] != '\n')
                sg_buf_putc(&b, '\n');
            g_free(t);
        }
        g_free(boxes);
        g_object_unref(page);
    }
    g_object_unref(doc);
    bool words = false;
    for (size_t i = 0; i < b.len && !words; i++)
        words = b.data[i] > ' ';
    if (!words) {
        sg_buf_free(&b);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: a PDF without text (a scan "
                           "or a photo): hand in the table as text or CSV, "
                           "or a PDF saved from a text editor", origin);
    }
    sg_buf_putc(&b, '\0');
    if (b.failed) {
        sg_buf_free(&b);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    /* The text layer is UTF-8, with the characters students type
     * (full-width digits, no-break spaces) made plain by the decoder. */
    sg_text text;
    sg_status st = sg_text_decode(ctx, "en", origin,
                                  (const unsigned char *)b.data, b.len - 1,
                                  &text);
    sg_buf_free(&b);
    if (st != SG_OK)
        return st;
    char *data = text.data;
    size_t n = text.len;
    text.data = NULL;
    sg_text_free(&text);
    return sg_docs_add(ctx, out, origin, NULL, NULL, data, n, NULL);
}

/* ------------------------------------------------------------------------ */
/* What a zipped file is                                                    */
/* ------------------------------------------------------------------------ */

static bool has_member(zip_t *z, const char *name)
{
    return zip_name_locate(z, name, 0) >= 0;
}

/* The OpenDocument kind in "mimetype", or "". */
static void mimetype(archive *ar, char *buf, size_t size)
{
    buf[0] = '\0';
    size_t len;
    const char *why;
    if (!has_member(ar->z, "mimetype"))
        return;
    char *m = member(ar, "mimetype", 0, &len, &why);
    if (m) {
        snprintf(buf, size, "%s", m);
        free(m);
    }
    sg_ctx_clear(ar->ctx);
}

static sg_status read_archive(archive *ar, int depth, sg_docs *out)
{
    sg_ctx *ctx = ar->ctx;
    zip_int64_t n = zip_get_num_entries(ar->z, 0);
    sg_status st = SG_OK;
    for (zip_int64_t i = 0; i < n && st == SG_OK; i++) {
        const char *name = zip_get_name(ar->z, (zip_uint64_t)i, 0);
        if (!name)
            continue;
        size_t nl = strlen(name);
        /* Folders, a Mac's "__MACOSX" debris and hidden files are no
         * submission. */
        const char *base = strrchr(name, '/');
        base = base ? base + 1 : name;
        if (nl == 0 || name[nl - 1] == '/' ||
            strncmp(name, "__MACOSX/", 9) == 0 || strstr(name, "/__MACOSX/") ||
            base[0] == '.' || base[0] == '\0')
            continue;
        char where[1200];
        char shown[600];
        sg_clean_text(name, nl, shown, sizeof shown);
        snprintf(where, sizeof where, "%s/%s", ar->origin, shown);
        const char *why = bad_name(name);
        zip_uint8_t opsys;
        zip_uint32_t attrs;
        if (!why &&
            zip_file_get_external_attributes(ar->z, (zip_uint64_t)i, 0, &opsys,
                                             &attrs) == 0 &&
            opsys == ZIP_OPSYS_UNIX && ((attrs >> 16) & S_IFMT) == S_IFLNK)
            why = "a symbolic link inside the archive: not followed";
        size_t len = 0;
        char *bytes = why ? NULL : member(ar, NULL, (zip_uint64_t)i, &len,
                                          &why);
        if (!bytes) {
            if (sg_ctx_status(ctx) == SG_ENOMEM)
                return SG_ENOMEM;
            char msg[1400];
            snprintf(msg, sizeof msg, "%s: %s", where, why ? why : "unreadable");
            char *copy = sg_strdup(ctx, msg);
            st = copy ? sg_docs_add(ctx, out, where, NULL, base, NULL, 0, copy)
                      : SG_ENOMEM;
            continue;
        }
        /* Each file inside is read as a file of its own would be; one that
         * cannot be read is named, and the others still count. */
        sg_docs inner = {0};
        sg_status ist = sg_docs_read_at(ctx, ar->lang, where, base,
                                        (const unsigned char *)bytes, len,
                                        depth + 1, &inner);
        free(bytes);
        if (ist == SG_ENOMEM) {
            sg_docs_free(&inner);
            return ist;
        }
        if (ist != SG_OK) {
            char *copy = sg_strdup(ctx, sg_ctx_message(ctx));
            sg_ctx_clear(ctx);
            st = copy ? sg_docs_add(ctx, out, where, NULL, base, NULL, 0, copy)
                      : SG_ENOMEM;
            sg_docs_free(&inner);
            continue;
        }
        for (size_t k = 0; k < inner.n && st == SG_OK; k++) {
            sg_doc *d = &inner.d[k];
            st = sg_docs_add(ctx, out, d->origin, d->label,
                             d->name ? d->name : base, d->text, d->len,
                             d->refused);
            d->text = NULL;
            d->refused = NULL;
        }
        sg_docs_free(&inner);
    }
    return st;
}

sg_status sg_office_read(sg_ctx *ctx, const char *lang, const char *origin,
                         const unsigned char *bytes, size_t len, int depth,
                         sg_docs *out)
{
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = zip_source_buffer_create(bytes, len, 0, &ze);
    zip_t *z = src ? zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &ze)
                   : NULL;
    zip_error_fini(&ze);
    if (!z) {
        if (src)
            zip_source_free(src);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: a zip archive, but it is "
                           "damaged", origin);
    }
    archive ar = {ctx, lang, origin, z, 0};
    zip_int64_t entries = zip_get_num_entries(z, 0);
    sg_status st;
    char mt[128];
    if (entries < 0 || entries > ZIP_MAX_ENTRIES) {
        st = sg_ctx_fail(ctx, SG_EINPUT, "%s: a zip archive of more than %d "
                         "files: not a homework", origin, ZIP_MAX_ENTRIES);
    } else if (has_member(z, "xl/workbook.xml")) {
        st = read_xlsx(&ar, out);
    } else if (has_member(z, "word/document.xml")) {
        st = read_flow(&ar, "word/document.xml", "a Word document", false,
                       out);
    } else if (mimetype(&ar, mt, sizeof mt),
               strcmp(mt, "application/vnd.oasis.opendocument.spreadsheet") ==
                   0) {
        st = read_flow(&ar, "content.xml", "an OpenDocument spreadsheet",
                       true, out);
    } else if (strcmp(mt, "application/vnd.oasis.opendocument.text") == 0) {
        st = read_flow(&ar, "content.xml", "an OpenDocument text", false,
                       out);
    } else if (has_member(z, "ppt/presentation.xml") || mt[0] ||
               has_member(z, "Index/Document.iwa")) {
        sg_text t;
        st = sg_text_decode(ctx, lang, origin, bytes, len, &t);
        if (st == SG_OK) {
            sg_text_free(&t);
            st = sg_ctx_fail(ctx, SG_EINPUT, "%s: not a workbook nor a "
                             "document", origin);
        }
    } else if (depth >= ZIP_MAX_DEPTH) {
        st = sg_ctx_fail(ctx, SG_EINPUT, "%s: a zip archive inside an archive "
                         "inside an archive: unpack it and hand in the "
                         "files", origin);
    } else {
        st = read_archive(&ar, depth, out);
    }
    zip_close(z);
    return st;
}

/* ------------------------------------------------------------------------ */
/* Parsers kept at arm's length                                             */
/* ------------------------------------------------------------------------ */

/* libfreexl and poppler are large parsers of old binary formats, and a
 * damaged file has been seen to make libfreexl read past its buffers.  So
 * they run in a child process that can only hand back documents through a
 * pipe: whatever a file does to the child, sgviz names the file and goes
 * on.  The child also gets a time and a memory bound. */

#define CHILD_SECONDS 20
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SG_HAS_ASAN 1
#endif
#endif
#ifndef SG_HAS_ASAN
#define SG_HAS_ASAN 0
#endif
#define CHILD_MEMORY ((rlim_t)2 << 30)

typedef sg_status (*binary_reader)(sg_ctx *ctx, const char *origin,
                                   const unsigned char *bytes, size_t len,
                                   sg_docs *out);

static bool write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        c += w;
        n -= (size_t)w;
    }
    return true;
}

/* One string as the child sends it: its length, then its bytes; a NULL
 * string is the length UINT64_MAX. */
static bool send_str(int fd, const char *s, size_t n)
{
    uint64_t len = s ? n : UINT64_MAX;
    return write_all(fd, &len, sizeof len) && (!s || write_all(fd, s, n));
}

static void child_run(int fd, binary_reader read, const char *origin,
                      const unsigned char *bytes, size_t len)
{
    alarm(CHILD_SECONDS);
#if !defined(__SANITIZE_ADDRESS__) && !SG_HAS_ASAN
    /* (AddressSanitizer maps terabytes of shadow memory: no bound on the
     * address space fits it.) */
    struct rlimit rl = {CHILD_MEMORY, CHILD_MEMORY};
    setrlimit(RLIMIT_AS, &rl);
#endif
    sg_ctx *ctx = sg_ctx_new();
    sg_docs docs = {0};
    bool ok = ctx != NULL;
    sg_status st = ok ? read(ctx, origin, bytes, len, &docs) : SG_ENOMEM;
    /* First the status and the message, then each document. */
    int32_t code = (int32_t)st;
    const char *m = ctx && st != SG_OK ? sg_ctx_message(ctx) : NULL;
    ok = ok && write_all(fd, &code, sizeof code) &&
         send_str(fd, m, m ? strlen(m) : 0);
    for (size_t i = 0; ok && st == SG_OK && i < docs.n; i++) {
        const sg_doc *d = &docs.d[i];
        ok = send_str(fd, d->label, d->label ? strlen(d->label) : 0) &&
             send_str(fd, d->text, d->len) &&
             send_str(fd, d->refused, d->refused ? strlen(d->refused) : 0);
    }
    _exit(ok ? 0 : 1);
}

typedef struct inbox {
    const char *p;
    size_t n, at;
} inbox;

static bool take(inbox *in, void *to, size_t n)
{
    if (in->n - in->at < n)
        return false;
    memcpy(to, in->p + in->at, n);
    in->at += n;
    return true;
}

/* A string from the child, new (NULL for a NULL string); *BAD on a
 * message that is cut. */
static char *take_str(sg_ctx *ctx, inbox *in, size_t *len, bool *bad)
{
    uint64_t n;
    if (!take(in, &n, sizeof n)) {
        *bad = true;
        return NULL;
    }
    if (n == UINT64_MAX)
        return NULL;
    if (n > in->n - in->at) {
        *bad = true;
        return NULL;
    }
    char *s = sg_alloc_raw(ctx, (size_t)n + 1, 1);
    if (!s) {
        *bad = true;
        return NULL;
    }
    take(in, s, (size_t)n);
    s[n] = '\0';
    if (len)
        *len = (size_t)n;
    return s;
}

static sg_status run_contained(sg_ctx *ctx, binary_reader read,
                               const char *what, const char *origin,
                               const unsigned char *bytes, size_t len,
                               sg_docs *out)
{
    int fds[2];
    if (pipe(fds) != 0)
        return sg_ctx_fail(ctx, SG_EIO, "%s: cannot read %s: %s", origin,
                           what, strerror(errno));
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return sg_ctx_fail(ctx, SG_EIO, "%s: cannot read %s: %s", origin,
                           what, strerror(errno));
    }
    if (pid == 0) {
        close(fds[0]);
        child_run(fds[1], read, origin, bytes, len);
    }
    close(fds[1]);
    sg_buf got;
    sg_buf_init(&got);
    char chunk[65536];
    bool too_much = false;
    for (;;) {
        ssize_t r = read_fd(fds[0], chunk, sizeof chunk);
        if (r <= 0)
            break;
        if (got.len + (size_t)r > ZIP_MAX_TOTAL) {
            too_much = true;
            break;
        }
        sg_buf_add(&got, chunk, (size_t)r);
    }
    close(fds[0]);
    if (too_much)
        kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (got.failed) {
        sg_buf_free(&got);
        return sg_ctx_fail(ctx, SG_ENOMEM, "out of memory");
    }
    if (too_much || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        sg_buf_free(&got);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: %s, but it is damaged (its "
                           "reader gave up on it): hand in the table as text "
                           "or CSV", origin, what);
    }
    inbox in = {got.data, got.len, 0};
    int32_t code = SG_EIO;
    bool bad = !take(&in, &code, sizeof code);
    char *m = bad ? NULL : take_str(ctx, &in, NULL, &bad);
    sg_status st = SG_OK;
    if (!bad && code != SG_OK)
        st = sg_ctx_fail(ctx, (sg_status)code, "%s", m ? m : "");
    while (!bad && st == SG_OK && in.at < in.n) {
        size_t tl = 0;
        char *label = take_str(ctx, &in, NULL, &bad);
        char *text = bad ? NULL : take_str(ctx, &in, &tl, &bad);
        char *refused = bad ? NULL : take_str(ctx, &in, NULL, &bad);
        if (!bad)
            st = sg_docs_add(ctx, out, origin, label, NULL, text, tl, refused);
        else {
            free(text);
            free(refused);
        }
        free(label);
    }
    free(m);
    sg_buf_free(&got);
    if (bad && st == SG_OK)
        st = sg_ctx_status(ctx) == SG_ENOMEM
                 ? SG_ENOMEM
                 : sg_ctx_fail(ctx, SG_EINPUT, "%s: %s, but it is damaged",
                               origin, what);
    return st;
}

sg_status sg_docs_read_binary(sg_ctx *ctx, const char *origin,
                              const unsigned char *bytes, size_t len,
                              sg_docs *out, bool *done)
{
    *done = true;
    if (len >= 8 && memcmp(bytes, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8) == 0) {
        /* An OLE file: a workbook (other kinds say what they are). */
        static const char book[] = "W\0o\0r\0k\0b\0o\0o\0k";
        static const char book5[] = "B\0o\0o\0k\0";
        size_t lim = len < ((size_t)1 << 20) ? len : (size_t)1 << 20;
        bool xls = false;
        for (size_t i = 0; i + sizeof book - 1 <= lim && !xls; i++)
            xls = memcmp(bytes + i, book, sizeof book - 1) == 0 ||
                  (i + sizeof book5 - 1 <= lim &&
                   memcmp(bytes + i, book5, sizeof book5 - 1) == 0);
        if (xls)
            return run_contained(ctx, sg_xls_read, "an old Excel workbook (.xls)",
                                 origin, bytes, len, out);
    }
    if (len >= 5 && memcmp(bytes, "%PDF-", 5) == 0)
        return run_contained(ctx, sg_pdf_read, "a PDF", origin, bytes, len, out);
    *done = false;
    return SG_OK;
}
