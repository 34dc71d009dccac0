/*
 * test_assignment.c - grading a homework of four questions from the files
 * students really hand in: workbooks, documents, archives, PDFs,
 * notebooks, text in every layout.  Each file is made here (zip archives
 * through libzip, PDFs through cairo), its answers taken from a brute force
 * of each game's own definition, with slips put in at known places; the
 * grades must count exactly the answers that agree with the brute force.
 * Also: the assignment file's errors, the names learning platforms give
 * files, and hostile archives (bombs, escapes, links, DTDs).
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cairo-pdf.h>
#include <cairo.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include "sgviz.h"

/* ---- the truth, by brute force ------------------------------------------ */

#define N1 19   /* Q1: S = {1,3,4}, x = 0..19 */
#define N2 15   /* Q2: powers of two */
#define N3 15   /* Q3: Kayles */

static unsigned mex(const bool *seen, unsigned n)
{
    unsigned m = 0;
    while (m < n && seen[m])
        m++;
    return m;
}

static void truth_subtraction(unsigned *t, unsigned n)
{
    static const unsigned s[] = {1, 3, 4};
    for (unsigned x = 0; x <= n; x++) {
        bool seen[8] = {0};
        for (size_t k = 0; k < 3; k++)
            if (s[k] <= x)
                seen[t[x - s[k]]] = true;
        t[x] = mex(seen, 8);
    }
}

static void truth_pow2(unsigned *t, unsigned n)
{
    for (unsigned x = 0; x <= n; x++)
        t[x] = x % 3;
}

/* Kayles: knock down one pin or two neighbours; the row left is two rows. */
static void truth_kayles(unsigned *t, unsigned n)
{
    for (unsigned h = 0; h <= n; h++) {
        bool seen[64] = {0};
        for (unsigned k = 1; k <= 2 && k <= h; k++)
            for (unsigned a = 0; a + k <= h; a++)
                seen[t[a] ^ t[h - k - a]] = true;
        t[h] = mex(seen, 64);
    }
}

/* The DOT game of Q4 and its values by a depth-first search. */
static const char dot_text[] =
    "digraph { a -> b; a -> c; b -> d; c -> d; c -> e; d -> f; e -> f; "
    "g -> a; g -> e; h -> g; h -> d }\n";
static const char *const dot_nodes = "abcdefgh";
static const char *const dot_edges[] = {"ab", "ac", "bd", "cd", "ce", "df",
                                        "ef", "ga", "ge", "hg", "hd", NULL};

static unsigned dfs(int v, int *val)
{
    if (val[v] >= 0)
        return (unsigned)val[v];
    bool seen[16] = {0};
    for (size_t e = 0; dot_edges[e]; e++)
        if (dot_edges[e][0] == dot_nodes[v])
            seen[dfs((int)(strchr(dot_nodes, dot_edges[e][1]) - dot_nodes),
                     val)] = true;
    val[v] = (int)mex(seen, 16);
    return (unsigned)val[v];
}

typedef struct fixture {
    char dir[64];
    unsigned t1[N1 + 1], t2[N2 + 1], t3[N3 + 1], t4[8];
    unsigned s1[N1 + 1], s3[N3 + 1];   /* with a slip */
    sg_ctx *ctx;
    sg_assignment *a;
    sg_game *games[4];
} fixture;

static char *path_of(fixture *f, const char *name)
{
    static char buf[512];
    snprintf(buf, sizeof buf, "%s/%s", f->dir, name);
    return buf;
}

static void write_file(fixture *f, const char *name, const void *data,
                       size_t len)
{
    FILE *fp = fopen(path_of(f, name), "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(data, 1, len, fp), len);
    fclose(fp);
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/sgviz-assign-XXXXXX");
    if (!f || !mkdtemp(f->dir))
        return -1;
    truth_subtraction(f->t1, N1);
    truth_pow2(f->t2, N2);
    truth_kayles(f->t3, N3);
    int val[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    for (int v = 0; v < 8; v++)
        f->t4[v] = dfs(v, val);
    memcpy(f->s1, f->t1, sizeof f->s1);
    f->s1[6] += 1;
    memcpy(f->s3, f->t3, sizeof f->s3);
    f->s3[9] += 1;
    f->ctx = sg_ctx_new();
    write_file(f, "hw3_q4.dot", dot_text, strlen(dot_text));
    char ini[512];
    snprintf(ini, sizeof ini,
             "title = Homework 3\n[Q1]\ngame = -s 1,3,4\nn = %d\n"
             "[Q2]\ngame = -s pow2\nn = %d\n[Q3]\ngame = -t kayles\nn = %d\n"
             "[Q4]\ngame = -g hw3_q4.dot\n", N1, N2, N3);
    char ipath[600];
    snprintf(ipath, sizeof ipath, "%s/hw3.ini", f->dir);
    f->a = sg_assignment_parse(f->ctx, ini, strlen(ini), ipath);
    if (!f->a)
        return -1;
    f->games[0] = sg_game_from_spec(f->ctx, "1,3,4", "--set");
    f->games[1] = sg_game_from_spec(f->ctx, "pow2", "--set");
    f->games[2] = sg_game_from_code(f->ctx, "kayles", "--code");
    f->games[3] = sg_game_read_dot(f->ctx, path_of(f, "hw3_q4.dot"));
    for (int i = 0; i < 4; i++)
        if (!f->games[i])
            return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    for (int i = 0; i < 4; i++)
        sg_game_free(f->games[i]);
    sg_assignment_free(f->a);
    sg_ctx_free(f->ctx);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    if (system(cmd) != 0)
        return -1;
    free(f);
    return 0;
}

/* How many of WRITTEN[0..n] the truth confirms. */
static uint64_t agree(const unsigned *truth, const unsigned *written,
                      unsigned n)
{
    uint64_t k = 0;
    for (unsigned x = 0; x <= n; x++)
        k += truth[x] == written[x];
    return k;
}

/* Grades the one file NAME; the result's Q1..Q4 must have RIGHT[i]
 * entries right (UINT64_MAX: not read). */
static sg_graded *grade(fixture *f, const char *name)
{
    const char *files[1] = {path_of(f, name)};
    char copy[512];
    snprintf(copy, sizeof copy, "%s", files[0]);
    files[0] = copy;
    sg_grade_opts o = {.size = sizeof o, .lang = "en", .inside = f->dir};
    sg_graded *g = sg_assignment_grade(f->ctx, f->a, f->games, files, NULL, 1,
                                       &o);
    assert_non_null(g);
    return g;
}

static void expect(sg_graded *g, const uint64_t right[4])
{
    for (size_t i = 0; i < 4; i++) {
        const sg_graded_question *q = sg_graded_get(g, i);
        if (right[i] == UINT64_MAX) {
            assert_false(q->read);
            assert_true(q->points <= 0); /* never an empty grade */
        } else {
            if (!q->read || q->right != right[i]) {
                for (size_t h = 0; h < sg_graded_human_count(g); h++)
                    fprintf(stderr, "needs a human: %s\n",
                            sg_graded_human(g, h));
            }
            assert_true(q->read);
            assert_int_equal(q->right, right[i]);
        }
    }
}

/* Appends "x v" pairs or a row of values. */
static void values_row(char *buf, size_t size, const unsigned *v, unsigned n)
{
    size_t o = strlen(buf);
    for (unsigned x = 0; x <= n && o < size; x++)
        o += (size_t)snprintf(buf + o, size - o, "%s%u", x ? " " : "", v[x]);
    if (o < size - 1)
        strcat(buf, "\n");
}

static void dag_lines(char *buf, size_t size, const unsigned *t4)
{
    size_t o = strlen(buf);
    for (int v = 0; v < 8 && o < size; v++)
        o += (size_t)snprintf(buf + o, size - o, "%c %u\n", dot_nodes[v],
                              t4[v]);
}

/* ---- zip archives through libzip ------------------------------------------ */

typedef struct entry {
    const char *name;
    const char *data;
    size_t len;           /* 0: strlen */
    bool link;
} entry;

static void write_zip(fixture *f, const char *name, const entry *e, size_t n,
                      bool store)
{
    int err;
    zip_t *z = zip_open(path_of(f, name), ZIP_CREATE | ZIP_TRUNCATE, &err);
    assert_non_null(z);
    for (size_t i = 0; i < n; i++) {
        size_t len = e[i].len ? e[i].len : strlen(e[i].data);
        zip_source_t *s = zip_source_buffer(z, e[i].data, len, 0);
        assert_non_null(s);
        zip_int64_t at = zip_file_add(z, e[i].name, s, ZIP_FL_ENC_UTF_8);
        assert_true(at >= 0);
        if (store)
            zip_set_file_compression(z, (zip_uint64_t)at, ZIP_CM_STORE, 0);
        if (e[i].link)
            zip_file_set_external_attributes(z, (zip_uint64_t)at, 0,
                                             ZIP_OPSYS_UNIX,
                                             (zip_uint32_t)(S_IFLNK | 0777)
                                                 << 16);
    }
    assert_int_equal(zip_close(z), 0);
}

/* A worksheet of x and the values V[0..n], x in column A. */
static char *xlsx_sheet(const unsigned *v, unsigned n, bool labels)
{
    char *x = malloc(20000);
    strcpy(x, "<?xml version=\"1.0\"?><worksheet xmlns=\"http://schemas."
              "openxmlformats.org/spreadsheetml/2006/main\"><sheetData>");
    if (labels)
        strcat(x, "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c>"
                  "<c r=\"B1\" t=\"inlineStr\"><is><t>sg</t></is></c></row>");
    for (unsigned i = 0; i <= n; i++) {
        char c[160];
        unsigned r = i + (labels ? 2 : 1);
        snprintf(c, sizeof c, "<row r=\"%u\"><c r=\"A%u\"><v>%u</v></c>"
                 "<c r=\"B%u\"><v>%u</v></c></row>", r, r, i, r, v[i]);
        strcat(x, c);
    }
    strcat(x, "</sheetData></worksheet>");
    return x;
}

static void test_xlsx(void **state)
{
    fixture *f = *state;
    char *s1 = xlsx_sheet(f->s1, N1, true), *s2 = xlsx_sheet(f->t2, N2, true),
         *s3 = xlsx_sheet(f->s3, N3, false);
    const char *wb = "<?xml version=\"1.0\"?><workbook xmlns:r=\"r\"><sheets>"
                     "<sheet name=\"Q1\" sheetId=\"1\" r:id=\"rId1\"/>"
                     "<sheet name=\"Question 2\" sheetId=\"2\" r:id=\"rId2\"/>"
                     "<sheet name=\"Aufgabe 3\" sheetId=\"3\" r:id=\"rId3\"/>"
                     "</sheets></workbook>";
    const char *rels =
        "<?xml version=\"1.0\"?><Relationships>"
        "<Relationship Id=\"rId1\" Target=\"worksheets/sheet1.xml\"/>"
        "<Relationship Id=\"rId2\" Target=\"worksheets/sheet2.xml\"/>"
        "<Relationship Id=\"rId3\" Target=\"/xl/worksheets/sheet3.xml\"/>"
        "</Relationships>";
    const char *ss = "<?xml version=\"1.0\"?><sst><si><t>x</t></si></sst>";
    entry e[] = {{"[Content_Types].xml", "<Types/>", 0, false},
                 {"xl/workbook.xml", wb, 0, false},
                 {"xl/_rels/workbook.xml.rels", rels, 0, false},
                 {"xl/sharedStrings.xml", ss, 0, false},
                 {"xl/worksheets/sheet1.xml", s1, 0, false},
                 {"xl/worksheets/sheet2.xml", s2, 0, false},
                 {"xl/worksheets/sheet3.xml", s3, 0, false}};
    write_zip(f, "hw.xlsx", e, 7, false);
    sg_graded *g = grade(f, "hw.xlsx");
    uint64_t want[4] = {agree(f->t1, f->s1, N1), N2 + 1,
                        agree(f->t3, f->s3, N3), UINT64_MAX};
    expect(g, want);
    assert_string_equal(sg_graded_get(g, 0)->origin,
                        path_of(f, "hw.xlsx [Q1]"));
    sg_graded_free(g);
    free(s1);
    free(s2);
    free(s3);
}

/* An OpenDocument table of x and V. */
static void ods_table(char *buf, size_t size, const char *name,
                      const unsigned *v, unsigned n)
{
    size_t o = strlen(buf);
    o += (size_t)snprintf(buf + o, size - o, "<table:table table:name=\"%s\">",
                          name);
    for (unsigned i = 0; i <= n; i++)
        o += (size_t)snprintf(
            buf + o, size - o,
            "<table:table-row><table:table-cell office:value-type=\"float\" "
            "office:value=\"%u\"><text:p>%u</text:p></table:table-cell>"
            "<table:table-cell><text:p>%u</text:p></table:table-cell>"
            "</table:table-row>", i, i, v[i]);
    /* LibreOffice pads a sheet with one empty row repeated to its end. */
    o += (size_t)snprintf(buf + o, size - o,
                          "<table:table-row table:number-rows-repeated="
                          "\"1048000\"><table:table-cell table:number-columns-"
                          "repeated=\"16000\"/></table:table-row>"
                          "</table:table>");
}

static void test_ods_odt_docx(void **state)
{
    fixture *f = *state;
    static char content[60000];
    strcpy(content, "<?xml version=\"1.0\"?><office:document-content "
                    "xmlns:office=\"o\" xmlns:table=\"t\" xmlns:text=\"x\">"
                    "<office:body><office:spreadsheet>");
    ods_table(content, sizeof content, "第1题", f->t1, N1);
    ods_table(content, sizeof content, "Q3", f->s3, N3);
    strcat(content, "</office:spreadsheet></office:body>"
                    "</office:document-content>");
    entry ods[] = {{"mimetype", "application/vnd.oasis.opendocument."
                                "spreadsheet", 0, false},
                   {"content.xml", content, 0, false}};
    write_zip(f, "hw.ods", ods, 2, false);
    sg_graded *g = grade(f, "hw.ods");
    uint64_t want[4] = {N1 + 1, UINT64_MAX, agree(f->t3, f->s3, N3),
                        UINT64_MAX};
    expect(g, want);
    sg_graded_free(g);

    /* A text document: headings, and tables under them. */
    static char odt[60000];
    strcpy(odt, "<?xml version=\"1.0\"?><office:document-content "
                "xmlns:office=\"o\" xmlns:table=\"t\" xmlns:text=\"x\">"
                "<office:body><office:text><text:p>Name: Li Wei</text:p>"
                "<text:h>Question 2</text:h>");
    ods_table(odt, sizeof odt, "T1", f->t2, N2);
    strcat(odt, "<text:h>Question 4</text:h>");
    for (int v = 0; v < 8; v++) {
        char p[64];
        snprintf(p, sizeof p, "<text:p>%c<text:s/>%u</text:p>", dot_nodes[v],
                 f->t4[v]);
        strcat(odt, p);
    }
    strcat(odt, "</office:text></office:body></office:document-content>");
    entry ot[] = {{"mimetype", "application/vnd.oasis.opendocument.text", 0,
                   false},
                  {"content.xml", odt, 0, false}};
    write_zip(f, "hw.odt", ot, 2, false);
    g = grade(f, "hw.odt");
    uint64_t want2[4] = {UINT64_MAX, N2 + 1, UINT64_MAX, 8};
    expect(g, want2);
    assert_string_equal(sg_graded_student(g), "Li Wei");
    sg_graded_free(g);

    /* Word: a heading paragraph, a table of x and sg. */
    static char doc[60000];
    strcpy(doc, "<?xml version=\"1.0\"?><w:document xmlns:w=\"w\"><w:body>"
                "<w:p><w:r><w:t>Q1</w:t></w:r></w:p><w:tbl>"
                "<w:tr><w:tc><w:p><w:r><w:t>x</w:t></w:r></w:p></w:tc>"
                "<w:tc><w:p><w:r><w:t>SG(x)</w:t></w:r></w:p></w:tc></w:tr>");
    for (unsigned x = 0; x <= N1; x++) {
        char r[200];
        snprintf(r, sizeof r, "<w:tr><w:tc><w:p><w:r><w:t>%u</w:t></w:r></w:p>"
                 "</w:tc><w:tc><w:p><w:r><w:t>%u</w:t></w:r></w:p></w:tc>"
                 "</w:tr>", x, f->s1[x]);
        strcat(doc, r);
    }
    strcat(doc, "</w:tbl></w:body></w:document>");
    entry dx[] = {{"word/document.xml", doc, 0, false}};
    write_zip(f, "hw.docx", dx, 1, false);
    g = grade(f, "hw.docx");
    uint64_t want3[4] = {agree(f->t1, f->s1, N1), UINT64_MAX, UINT64_MAX,
                         UINT64_MAX};
    expect(g, want3);
    sg_graded_free(g);
}

/* An archive of a student's files, with a Mac's debris in it. */
static void test_zip_archive(void **state)
{
    fixture *f = *state;
    char q1[400] = "", q3[400] = "Q3\n", q4[400] = "";
    values_row(q1, sizeof q1, f->t1, N1);
    values_row(q3, sizeof q3, f->s3, N3);
    dag_lines(q4, sizeof q4, f->t4);
    entry e[] = {{"hw3/q1.txt", q1, 0, false},
                 {"hw3/kayles.txt", q3, 0, false},
                 {"hw3/q4.txt", q4, 0, false},
                 {"__MACOSX/hw3/._q1.txt", "\x00\x05\x16\x07junk", 8, false},
                 {"hw3/.DS_Store", "junk", 0, false}};
    write_zip(f, "hw3.zip", e, 5, false);
    sg_graded *g = grade(f, "hw3.zip");
    uint64_t want[4] = {N1 + 1, UINT64_MAX, agree(f->t3, f->s3, N3), 8};
    expect(g, want);
    assert_int_equal(sg_graded_human_count(g), 0);
    sg_graded_free(g);
}

/* A PDF with a text layer, as a text editor prints one. */
static void test_pdf(void **state)
{
    fixture *f = *state;
    cairo_surface_t *s = cairo_pdf_surface_create(path_of(f, "hw.pdf"), 595,
                                                  842);
    cairo_t *cr = cairo_create(s);
    cairo_select_font_face(cr, "sans", CAIRO_FONT_SLANT_NORMAL,
                           CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 10);
    char lines[4][400] = {"Q2", "", "Q1", ""};
    values_row(lines[1], sizeof lines[1], f->t2, N2);
    values_row(lines[3], sizeof lines[3], f->s1, N1);
    /* One line as a text editor prints it, then the other's words placed
     * apart, as a table is printed. */
    for (int i = 0; i < 4; i++) {
        lines[i][strcspn(lines[i], "\n")] = '\0';
        if (i < 2) {
            cairo_move_to(cr, 40, 60 + 20 * i);
            cairo_show_text(cr, lines[i]);
            continue;
        }
        int col = 0;
        for (char *w = strtok(lines[i], " "); w; w = strtok(NULL, " ")) {
            cairo_move_to(cr, 40 + 24 * col++, 60 + 20 * i);
            cairo_show_text(cr, w);
        }
    }
    cairo_destroy(cr);
    cairo_surface_finish(s);
    cairo_surface_destroy(s);
    sg_graded *g = grade(f, "hw.pdf");
    uint64_t want[4] = {agree(f->t1, f->s1, N1), N2 + 1, UINT64_MAX,
                        UINT64_MAX};
    expect(g, want);
    sg_graded_free(g);
    /* A PDF without text: a scan, which a human must look at. */
    s = cairo_pdf_surface_create(path_of(f, "scan.pdf"), 595, 842);
    cr = cairo_create(s);
    cairo_rectangle(cr, 10, 10, 100, 100);
    cairo_fill(cr);
    cairo_destroy(cr);
    cairo_surface_finish(s);
    cairo_surface_destroy(s);
    g = grade(f, "scan.pdf");
    assert_int_equal(sg_graded_human_count(g), 1);
    assert_non_null(strstr(sg_graded_human(g, 0), "a PDF without text"));
    sg_graded_free(g);
}

/* A notebook: the markdown's headings, the code's printed outputs. */
static void test_notebook(void **state)
{
    fixture *f = *state;
    char r1[400] = "", r2[400] = "", nb[2000];
    values_row(r1, sizeof r1, f->s1, N1);
    values_row(r2, sizeof r2, f->t2, N2);
    r1[strcspn(r1, "\n")] = '\0';
    r2[strcspn(r2, "\n")] = '\0';
    snprintf(nb, sizeof nb,
             "{\"cells\": [{\"cell_type\": \"markdown\", \"source\": "
             "[\"## Aufgabe 1\\n\"]}, {\"cell_type\": \"code\", \"source\": "
             "[\"print(sg)\"], \"outputs\": [{\"output_type\": \"stream\", "
             "\"text\": [\"%s\\n\"]}]}, {\"cell_type\": \"markdown\", "
             "\"source\": \"## Aufgabe 2\"}, {\"cell_type\": \"code\", "
             "\"outputs\": [{\"data\": {\"text/plain\": [\"%s\"]}}]}], "
             "\"nbformat\": 4}", r1, r2);
    write_file(f, "hw.ipynb", nb, strlen(nb));
    sg_graded *g = grade(f, "hw.ipynb");
    uint64_t want[4] = {agree(f->t1, f->s1, N1), N2 + 1, UINT64_MAX,
                        UINT64_MAX};
    expect(g, want);
    sg_graded_free(g);
}

/* Text: headings of five kinds in one file, a wide table, JSON keys. */
static void test_text_layouts(void **state)
{
    fixture *f = *state;
    char t[4000] = "Name: Ana\n\n1.\n";
    values_row(t, sizeof t, f->t1, N1);
    strcat(t, "\n2. Powers of two\n");
    values_row(t, sizeof t, f->t2, N2);
    strcat(t, "\n3) Kayles\n");
    values_row(t, sizeof t, f->s3, N3);
    strcat(t, "\n4.\n");
    dag_lines(t, sizeof t, f->t4);
    write_file(f, "numbered.txt", t, strlen(t));
    sg_graded *g = grade(f, "numbered.txt");
    uint64_t want[4] = {N1 + 1, N2 + 1, agree(f->t3, f->s3, N3), 8};
    expect(g, want);
    assert_string_equal(sg_graded_student(g), "Ana");
    sg_graded_free(g);

    char w[4000] = "x;Q1;Q2;Q3\n";
    for (unsigned x = 0; x <= N1; x++) {
        char l[64];
        snprintf(l, sizeof l, "%u;%u", x, f->s1[x]);
        strcat(w, l);
        if (x <= N2) {
            snprintf(l, sizeof l, ";%u;%u", f->t2[x], f->t3[x]);
            strcat(w, l);
        }
        strcat(w, "\n");
    }
    write_file(f, "wide.csv", w, strlen(w));
    g = grade(f, "wide.csv");
    uint64_t want2[4] = {agree(f->t1, f->s1, N1), N2 + 1, N3 + 1, UINT64_MAX};
    expect(g, want2);
    sg_graded_free(g);

    char j[4000] = "{\"Q2\": [";
    for (unsigned x = 0; x <= N2; x++) {
        char l[16];
        snprintf(l, sizeof l, "%s%u", x ? ", " : "", f->t2[x]);
        strcat(j, l);
    }
    strcat(j, "],\n \"q4\": {");
    for (int v = 0; v < 8; v++) {
        char l[32];
        snprintf(l, sizeof l, "%s\"%c\": %u", v ? ", " : "", dot_nodes[v],
                 f->t4[v]);
        strcat(j, l);
    }
    strcat(j, "}}\n");
    write_file(f, "keys.json", j, strlen(j));
    g = grade(f, "keys.json");
    uint64_t want3[4] = {UINT64_MAX, N2 + 1, UINT64_MAX, 8};
    expect(g, want3);
    sg_graded_free(g);
}

/* What cannot be placed or read is for a human, and scores 0. */
static void test_needs_a_human(void **state)
{
    fixture *f = *state;
    char t[2000] = "";
    values_row(t, sizeof t, f->t1, N1);
    write_file(f, "table.txt", t, strlen(t));
    sg_graded *g = grade(f, "table.txt");
    uint64_t none[4] = {UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX};
    expect(g, none);
    assert_int_equal(sg_graded_human_count(g), 1);
    assert_non_null(strstr(sg_graded_human(g, 0),
                           "cannot tell which question this answers"));
    sg_graded_free(g);
    /* Answered twice: graded once, and said so. */
    char two[2000] = "Q2\n";
    values_row(two, sizeof two, f->t2, N2);
    strcat(two, "Question 2\n0 1 2\n");
    write_file(f, "twice.txt", two, strlen(two));
    g = grade(f, "twice.txt");
    assert_int_equal(sg_graded_get(g, 1)->right, N2 + 1);
    assert_int_equal(sg_graded_human_count(g), 1);
    assert_non_null(strstr(sg_graded_human(g, 0), "answered more than once"));
    sg_graded_free(g);
    /* Word 97, whose format is not read: what to hand in instead. */
    static const unsigned char ole[] = {0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1,
                                        0x1A, 0xE1, 'W', 0, 'o', 0, 'r', 0,
                                        'd', 0, 'D', 0, 'o', 0, 'c', 0, 'u', 0,
                                        'm', 0, 'e', 0, 'n', 0, 't', 0};
    write_file(f, "q1.doc", ole, sizeof ole);
    g = grade(f, "q1.doc");
    assert_int_equal(sg_graded_human_count(g), 1);
    assert_non_null(strstr(sg_graded_human(g, 0), "q1.doc: "));
    sg_graded_free(g);
}

/* Archives that attack: a bomb, names that escape, links, too many files,
 * DTDs with entities. */
static void test_hostile_archives(void **state)
{
    fixture *f = *state;
    size_t big = (size_t)8 << 20;
    char *zeros = calloc(1, big);
    memset(zeros, '0', big);
    entry bomb[] = {{"q1.txt", zeros, big, false},
                    {"../q2.txt", "0 1 2", 0, false},
                    {"/etc/q3.txt", "0 1 2", 0, false},
                    {"q4.txt", "/etc/passwd", 0, true}};
    write_zip(f, "bomb.zip", bomb, 4, false);
    sg_graded *g = grade(f, "bomb.zip");
    uint64_t none[4] = {UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX};
    expect(g, none);
    assert_int_equal(sg_graded_human_count(g), 4);
    assert_non_null(strstr(sg_graded_human(g, 0), "zip bomb"));
    assert_non_null(strstr(sg_graded_human(g, 1), "leads out of the archive"));
    assert_non_null(strstr(sg_graded_human(g, 2), "an absolute name"));
    assert_non_null(strstr(sg_graded_human(g, 3), "a symbolic link"));
    sg_graded_free(g);
    free(zeros);

    entry *many = calloc(1001, sizeof *many);
    char (*names)[16] = calloc(1001, sizeof *names);
    for (int i = 0; i < 1001; i++) {
        snprintf(names[i], sizeof names[i], "f%d.txt", i);
        many[i].name = names[i];
        many[i].data = "0";
    }
    write_zip(f, "many.zip", many, 1001, true);
    g = grade(f, "many.zip");
    assert_int_equal(sg_graded_human_count(g), 1);
    assert_non_null(strstr(sg_graded_human(g, 0), "more than 1000 files"));
    sg_graded_free(g);
    free(many);
    free(names);

    const char *laughs =
        "<?xml version=\"1.0\"?><!DOCTYPE w [<!ENTITY a \"aaaaaaaaaa\">"
        "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
        "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]>"
        "<w:document xmlns:w=\"w\"><w:body><w:p><w:r><w:t>&c;</w:t></w:r>"
        "</w:p></w:body></w:document>";
    const char *external =
        "<?xml version=\"1.0\"?><!DOCTYPE w [<!ENTITY x SYSTEM "
        "\"file:///etc/passwd\">]><w:document><w:body><w:p><w:r><w:t>&x;"
        "</w:t></w:r></w:p></w:body></w:document>";
    entry e1[] = {{"word/document.xml", laughs, 0, false}};
    entry e2[] = {{"word/document.xml", external, 0, false}};
    write_zip(f, "laughs.docx", e1, 1, false);
    write_zip(f, "external.docx", e2, 1, false);
    const char *docs[2] = {"laughs.docx", "external.docx"};
    for (int i = 0; i < 2; i++) {
        g = grade(f, docs[i]);
        assert_int_equal(sg_graded_human_count(g), 1);
        assert_non_null(strstr(sg_graded_human(g, 0), "declares a DTD"));
        assert_null(strstr(sg_graded_human(g, 0), "root:"));
        sg_graded_free(g);
    }
}

/* ---- the assignment file ------------------------------------------------ */

static void test_assignment_file(void **state)
{
    fixture *f = *state;
    assert_int_equal(sg_assignment_count(f->a), 4);
    assert_string_equal(sg_assignment_title(f->a), "Homework 3");
    const sg_question *q = sg_assignment_question(f->a, 2);
    assert_string_equal(q->key, "Q3");
    assert_int_equal(q->number, 3);
    assert_string_equal(q->game, "-t kayles");
    assert_int_equal(q->game_line, 9);
    assert_true(q->has_n);
    assert_int_equal(q->last, N3);
    /* Points at the top hold for every question without its own. */
    const char *t = "points = value=2\n[Aufgabe 1]\ngame = -s 1,2 ; a comment\n"
                    "[Aufgabe 2]\ngame = -s 1,3\npoints = pn=1\n";
    sg_assignment *a = sg_assignment_parse(f->ctx, t, strlen(t), "x.ini");
    assert_non_null(a);
    assert_string_equal(sg_assignment_question(a, 0)->game, "-s 1,2");
    assert_true(sg_assignment_question(a, 0)->points.value > 1.5);
    assert_true(sg_assignment_question(a, 1)->points.value < 0.5);
    assert_true(sg_assignment_question(a, 1)->points.pn > 0.5);
    assert_int_equal(sg_assignment_question(a, 1)->number, 2);
    sg_assignment_free(a);
    static const struct {
        const char *text, *message;
    } bad[] = {
        {"[Q1]\ngame = -s 1\nn = -1\n", "x.ini:3: n: \"-1\" is not a whole "
                                        "number"},
        {"[Q1]\ngame = -s 1\nn = 1000000\n", "x.ini:3: n: \"1000000\" is too "
                                             "large"},
        {"[Q1]\n[Q2]\ngame = -s 1\n", "x.ini:1: [Q1] has no game = line"},
        {"[Q1\ngame = -s 1\n", "x.ini:1: a [section] without its ]"},
        {"[Q1]\ngame = -s 1\nwhat\n", "x.ini:3: neither"},
        {"[Q1]\ngame =\n", "x.ini:2: game: empty"},
        {"", "x.ini:1: no question"},
        {"[Q1]\ngame = -s 1\n\0", "x.ini:3: a NUL byte"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t len = strlen(bad[i].text) +
                     (strstr(bad[i].message, "NUL") ? 1 : 0);
        assert_null(sg_assignment_parse(f->ctx, bad[i].text, len, "x.ini"));
        if (strncmp(sg_ctx_message(f->ctx), bad[i].message,
                    strlen(bad[i].message)) != 0)
            fail_msg("%s: got \"%s\"", bad[i].message, sg_ctx_message(f->ctx));
        sg_ctx_clear(f->ctx);
    }
}

/* ---- names in a platform's download ---------------------------------------- */

static void test_lms_names(void **state)
{
    fixture *f = *state;
    static const struct {
        const char *name;
        int is_file;
        sg_lms lms;
        const char *id, *who, *original, *attempt;
        int late, receipt, test, online;
    } cases[] = {
        {"Anna Schmidt_123456_assignsubmission_file_", 0, SG_LMS_MOODLE,
         "123456", "Anna Schmidt", NULL, NULL, 0, 0, 0, 0},
        {"Anna Schmidt_123456_assignsubmission_onlinetext_", 0, SG_LMS_MOODLE,
         "123456", "Anna Schmidt", NULL, NULL, 0, 0, 0, 1},
        {"schmidtanna_777_8888_hw3.txt", 1, SG_LMS_CANVAS, "777",
         "schmidtanna", "hw3.txt", "0000", 0, 0, 0, 0},
        {"schmidtanna_LATE_777_8889_hw3-2.txt", 1, SG_LMS_CANVAS, "777",
         "schmidtanna", "hw3.txt", "0002", 1, 0, 0, 0},
        {"studenttest_999_1_q1.txt", 1, SG_LMS_CANVAS, "999", "studenttest",
         "q1.txt", "0000", 0, 0, 1, 0},
        {"Homework 3_jsmith_attempt_2024-03-01-10-00-00_hw 3.txt", 1,
         SG_LMS_BLACKBOARD, "jsmith", "jsmith", "hw 3.txt",
         "2024-03-01-10-00-00", 0, 0, 0, 0},
        {"Homework 3_jsmith_attempt_2024-03-01-10-00-00.txt", 1,
         SG_LMS_BLACKBOARD, "jsmith", "jsmith", NULL, "2024-03-01-10-00-00",
         0, 1, 0, 0},
        {"2021001_张三.txt", 1, SG_LMS_NONE, "2021001", "张三", NULL, NULL, 0,
         0, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sg_lms_name n;
        assert_int_equal(sg_lms_name_read(f->ctx, cases[i].name,
                                          cases[i].is_file, &n),
                         SG_OK);
        assert_int_equal(n.lms, cases[i].lms);
        assert_string_equal(n.id, cases[i].id);
        assert_string_equal(n.name, cases[i].who);
        if (cases[i].original)
            assert_string_equal(n.original, cases[i].original);
        else
            assert_null(n.original);
        if (cases[i].attempt)
            assert_string_equal(n.attempt, cases[i].attempt);
        assert_int_equal(n.late, cases[i].late);
        assert_int_equal(n.receipt, cases[i].receipt);
        assert_int_equal(n.test_student, cases[i].test);
        assert_int_equal(n.online_text, cases[i].online);
        sg_lms_name_clear(&n);
    }
    const char *receipt = "Name: John Smith (jsmith)\nAssignment: HW 3\n";
    char *who = sg_lms_receipt_name(f->ctx, receipt, strlen(receipt));
    assert_string_equal(who, "John Smith");
    free(who);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_assignment_file),
        cmocka_unit_test(test_lms_names),
        cmocka_unit_test(test_text_layouts),
        cmocka_unit_test(test_xlsx),
        cmocka_unit_test(test_ods_odt_docx),
        cmocka_unit_test(test_zip_archive),
        cmocka_unit_test(test_pdf),
        cmocka_unit_test(test_notebook),
        cmocka_unit_test(test_needs_a_human),
        cmocka_unit_test(test_hostile_archives),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
