/*
 * internal.h - private structures and helpers shared by libsgviz's modules.
 *
 * Nothing here is part of the public interface: the front end and any other
 * user of the library see only sgviz.h.
 */
#ifndef SGVIZ_INTERNAL_H
#define SGVIZ_INTERNAL_H

#include "sgviz.h"

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdbool.h>

/* ------------------------------------------------------------------------ */
/* Bounds.  Every size that comes from input is checked against one of these */
/* before anything is allocated for it, so that hostile input gets a clear  */
/* message instead of an allocation of its choosing.                        */
/* ------------------------------------------------------------------------ */

#define SG_SPEC_MAX_LEN ((size_t)1 << 16)     /* characters in a -s SPEC */
#define SG_SET_MAX_ITEMS ((size_t)1 << 20)    /* amounts in an explicit set */
#define SG_AMOUNT_MAX UINT64_C(1000000000000000000) /* 10^18 */
/* The largest position sgviz accepts at all, 2^63 - 1: positions computed
 * directly are bounded by memory long before this, and a certified period
 * answers for any position up to it. */
#define SG_POSITION_MAX (UINT64_MAX / 2)
/* The most moves the engine examines in one call before it refuses: enough
 * for any table a person reads, far below what would keep a machine busy
 * for minutes without a word. */
#define SG_WORK_MAX 10000000000.0
#define SG_TEMPLATE_MAX_LEN ((size_t)1 << 20) /* bytes in a template file */
#define SG_LINE_MAX_LEN ((size_t)1 << 16)     /* characters in one input line */

/* ------------------------------------------------------------------------ */
/* Options that can grow                                                    */
/* ------------------------------------------------------------------------ */

/* The size of TYPE's fields up to and including LAST: the layout of an
 * options struct in libsgviz 0.2, which a size of 0 stands for. */
#define SG_OPTS_V0(type, last) \
    (offsetof(type, last) + sizeof(((type *)0)->last))

/* Copies the caller's options OPTS, of the size their first field states
 * (0: V0, the layout of 0.2), into LOCAL (SIZE bytes), zeroing what the
 * caller's struct does not have.  WHAT names the struct in messages.
 * Returns SG_OK, SG_EINPUT for a size that no version had, or
 * SG_EUNSUPPORTED when fields beyond this version's are set. */
sg_status sg_opts_take(sg_ctx *ctx, void *local, size_t size,
                       const void *opts, size_t v0, const char *what);

/* ------------------------------------------------------------------------ */
/* Context                                                                  */
/* ------------------------------------------------------------------------ */

#define SG_MESSAGE_MAX 1024

struct sg_ctx {
    sg_status status;
    char message[SG_MESSAGE_MAX];
    /* The most bytes of DOT a game may have (sg_ctx_set_dot_max); 0 for the
     * default. */
    uint64_t dot_max;
};

sg_status sg_ctx_vfail(sg_ctx *ctx, sg_status status, const char *fmt,
                       va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 0)))
#endif
    ;

/* Records a failure at FILE:LINE:COLUMN (line and column count from 1; a
 * zero column is left out). */
/* sg_fail_at() with a va_list, for readers that wrap it with their own
 * file and line. */
sg_status sg_vfail_at(sg_ctx *ctx, sg_status status, const char *file,
                      unsigned long line, unsigned long column,
                      const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 0)))
#endif
    ;

sg_status sg_fail_at(sg_ctx *ctx, sg_status status, const char *file,
                     unsigned long line, unsigned long column, const char *fmt,
                     ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Records SG_EIO for a write to an output that failed: "cannot write WHAT:
 * REASON", the reason being errno's (a full disk, a size limit, a closed
 * pipe) or, if errno says nothing, an input/output error.  For writers that
 * find the failure with ferror() after the fact; errno then still holds the
 * failed write's reason unless a later call failed too. */
sg_status sg_write_failed(sg_ctx *ctx, const char *what);

/* Allocation helpers that check for overflow and record SG_ENOMEM. */
void *sg_alloc(sg_ctx *ctx, size_t count, size_t size);       /* zeroed */
void *sg_alloc_raw(sg_ctx *ctx, size_t count, size_t size);   /* not zeroed */
void *sg_grow(sg_ctx *ctx, void *ptr, size_t count, size_t size);
char *sg_strdup(sg_ctx *ctx, const char *s);
char *sg_strndup(sg_ctx *ctx, const char *s, size_t n);

/* Formats a byte count for people: "95.4 MiB". */
void sg_format_bytes(uint64_t bytes, char *buf, size_t size);

/* The machine's physical memory in bytes (0 if unknown). */
uint64_t sg_physical_memory(void);

/* Quotes S for a message: printable text as is (truncated past 60 bytes),
 * control and non-UTF-8 bytes as \xNN.  Writes into BUF and returns it. */
const char *sg_quote(const char *s, size_t len, char *buf, size_t size);

/* The same for text that is not bad input but may carry some (a library's
 * message quoting a file): nothing is cut but what BUF cannot hold. */
const char *sg_clean_text(const char *s, size_t len, char *buf, size_t size);

/* The length of the well-formed UTF-8 sequence at the start of
 * TEXT[0..len) (1 for an ASCII byte), or 0 when it is not one. */
size_t sg_utf8_length(const char *text, size_t len);

/* TEXT as a position's name is shown in every output, when that differs
 * from TEXT: bytes that are no UTF-8 read as Latin-1 (as Graphviz reads
 * them in pictures), and characters that change how a terminal shows the
 * rest of a line (C0 and C1 controls, DEL, Unicode's line separators and
 * bidirectional overrides) written as \xNN for each of their bytes.
 * Returns a new string the caller frees, or NULL when TEXT shows as it is
 * or (with *FAILED set) memory ran out. */
char *sg_display_text(const char *text, bool *failed);

/* A growable string. */
typedef struct sg_buf {
    char *data;
    size_t len;
    size_t cap;
    bool failed; /* an allocation failed; the contents are incomplete */
} sg_buf;

void sg_buf_init(sg_buf *b);
void sg_buf_free(sg_buf *b);
void sg_buf_add(sg_buf *b, const char *s, size_t n);
void sg_buf_puts(sg_buf *b, const char *s);
void sg_buf_putc(sg_buf *b, char c);
/* Appends code point CP encoded in UTF-8 (1 to 4 bytes; the caller decides
 * which code points are valid). */
void sg_buf_utf8(sg_buf *b, uint32_t cp);
void sg_buf_printf(sg_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void sg_buf_u64(sg_buf *b, uint64_t v);
/* Appends S as one CSV field: as is, or quoted (with quotes doubled) when
 * it holds a comma, a quote or a line break. */
void sg_buf_csv_field(sg_buf *b, const char *s);

/* Appends DESCRIBE, a game's description, in language LANG: each phrase
 * that templates/names/LANG.text translates is written in LANG (NULL, "en"
 * or a language without names: DESCRIBE as it is).  Allocation failures
 * are recorded in B. */
void sg_describe_add(sg_buf *b, const char *describe, const char *lang);

/* The output formats text is escaped for. */
typedef enum sg_escape {
    SG_ESCAPE_NONE,
    SG_ESCAPE_MD,
    SG_ESCAPE_LATEX,
    SG_ESCAPE_JSON,
    SG_ESCAPE_HTML
} sg_escape;

/* Appends S[0..len) to B escaped for MODE.  QUOTE says whether JSON text
 * gets its quotes (the caller writes a string's content otherwise). */
void sg_escape_add(sg_buf *b, sg_escape mode, const char *s, size_t len,
                   bool quote);

/* Reads a whole file (at most MAX bytes; PATH "-" is standard input) into a
 * new buffer, which ends in a NUL that *LEN does not count.  WHAT names the
 * kind of file in messages.  Returns NULL on error (SG_EIO, SG_ELIMIT,
 * SG_ENOMEM). */
char *sg_read_file(sg_ctx *ctx, const char *path, const char *what,
                   size_t max, size_t *len);

/* The index of NAME in NAMES (NULL-terminated), or -1 after recording
 * SG_EINPUT: "OPTION "NAME": unknown WHAT (known: a, b, c)", or, with no
 * OPTION, "unknown WHAT "NAME" (known: a, b, c)".  For every option whose
 * value is one of a few words. */
int sg_pick_name(sg_ctx *ctx, const char *name, const char *const *names,
                 const char *option, const char *what);

/* The smallest period P of A[0..len) (values WIDTH bytes wide), with the
 * least preperiod N0 for it, that a periodicity theorem proves from these
 * values alone: the theorem is END(USER, n0, p), the end of the range
 * n0 <= x < end on which a[x + p] == a[x] must hold (UINT64_MAX when it
 * proves nothing), increasing in both arguments.  FAIL is scratch of LEN
 * entries (LEN below 2^32).  Returns 1 and sets *N0 and *P, or 0 when no
 * period is proved.  *WANT receives how many values would prove the most
 * promising period the values show but cannot prove yet (its run continued
 * as far as its certificate needs), or 0 when they show none. */
int sg_certified_period(const void *a, unsigned width, uint64_t len,
                        uint64_t (*end)(const void *user, uint64_t n0,
                                        uint64_t p),
                        const void *user, uint32_t *fail, uint64_t *n0,
                        uint64_t *p, uint64_t *want);

/* Writes an unsigned decimal into BUF (at least 21 bytes), returns length. */
size_t sg_u64_to_str(uint64_t v, char *buf);

/* Parses a whole unsigned decimal from S[0..len): digits only, no sign, no
 * spaces.  Returns 0 on success, -1 if not a number, -2 if above MAX. */
int sg_parse_u64(const char *s, size_t len, uint64_t max, uint64_t *out);

/* The limit of a period search that is to answer for positions up to MAX
 * (period.c): MAX, but no more than the default search goes, which the
 * work bound may make shorter than SG_PERIOD_DEFAULT_LIMIT for large sets,
 * and at least 1. */
uint64_t sg_period_limit_for(const sg_game *game, uint64_t max);

/* ------------------------------------------------------------------------ */
/* Values                                                                   */
/* ------------------------------------------------------------------------ */

struct sg_values {
    uint64_t count;
    unsigned width;
    sg_value max;
    void *data;
};

static inline sg_value sg_load(const void *data, unsigned width, uint64_t i)
{
    switch (width) {
    case 1: return ((const uint8_t *)data)[i];
    case 2: return ((const uint16_t *)data)[i];
    case 4: return ((const uint32_t *)data)[i];
    default: return ((const uint64_t *)data)[i];
    }
}

static inline void sg_store(void *data, unsigned width, uint64_t i,
                            sg_value v)
{
    switch (width) {
    case 1: ((uint8_t *)data)[i] = (uint8_t)v; break;
    case 2: ((uint16_t *)data)[i] = (uint16_t)v; break;
    case 4: ((uint32_t *)data)[i] = (uint32_t)v; break;
    default: ((uint64_t *)data)[i] = v; break;
    }
}

/* Bytes per stored value for values up to BOUND. */
unsigned sg_width_for(sg_value bound);

/* Checks that COUNT values of WIDTH bytes fit in memory; records SG_ELIMIT
 * naming the size when they do not. */
sg_status sg_check_memory(sg_ctx *ctx, uint64_t count, unsigned width);

/* ------------------------------------------------------------------------ */
/* Built-in files (generated from templates/ at build time)                 */
/* ------------------------------------------------------------------------ */

typedef struct sg_builtin {
    const char *name;
    const char *data;
    size_t len;
} sg_builtin;

extern const sg_builtin sg_builtin_files[];
extern const size_t sg_builtin_count;

/* The status of a file that cannot be opened, by its errno ERR: a name
 * that leads to no file (missing, not a directory, a loop of links, too
 * long, a directory) is bad input, SG_EINPUT; anything else (no
 * permission, a device error, a full disk) is SG_EIO, which the program
 * ends with a status of its own for. */
static inline sg_status sg_open_status(int err)
{
    return err == ENOENT || err == ENOTDIR || err == ELOOP ||
                   err == ENAMETOOLONG || err == EISDIR
               ? SG_EINPUT
               : SG_EIO;
}

#endif /* SGVIZ_INTERNAL_H */
