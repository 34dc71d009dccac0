/*
 * names.c - games' names in the language of an output.
 *
 * A game describes itself in English ("S = {1,2,4,8,...} (powers of
 * two)", "Grundy's game (4!.0)").  A Chinese trace or picture that kept
 * those words would mix two languages in one line, so the phrases that
 * templates/names/LANG.text lists are written in that language instead.
 * The file holds one "English = translation" line per phrase after its
 * [names] line; a language without a file keeps the English words.
 */
#include <string.h>

#include "internal.h"

/* The next line of TEXT[*at..len), without its line break, into
 * *LINE and *N; false at the end. */
static bool next_line(const char *text, size_t len, size_t *at,
                      const char **line, size_t *n)
{
    if (*at >= len)
        return false;
    const char *start = text + *at;
    const char *nl = memchr(start, '\n', len - *at);
    *n = nl ? (size_t)(nl - start) : len - *at;
    *line = start;
    *at += *n + (nl ? 1 : 0);
    return true;
}

void sg_describe_add(sg_buf *b, const char *describe, const char *lang)
{
    char name[32];
    size_t len = 0;
    const char *text = NULL;
    if (lang && strlen(lang) < 8) {
        snprintf(name, sizeof name, "names/%s.text", lang);
        text = sg_builtin_file(name, &len);
    }
    /* The phrases, after the [names] line. */
    const char *from[32], *to[32];
    size_t from_len[32], to_len[32], count = 0;
    size_t at = 0, n;
    const char *line;
    bool in_names = false;
    while (text && count < 32 && next_line(text, len, &at, &line, &n)) {
        if (n == 7 && memcmp(line, "[names]", 7) == 0) {
            in_names = true;
            continue;
        }
        const char *eq = in_names ? strstr(line, " = ") : NULL;
        if (!eq || eq >= line + n)
            continue;
        from[count] = line;
        from_len[count] = (size_t)(eq - line);
        to[count] = eq + 3;
        to_len[count] = n - from_len[count] - 3;
        count++;
    }
    /* Each place in DESCRIBE takes the first phrase that starts there. */
    for (const char *p = describe; *p;) {
        size_t i;
        for (i = 0; i < count; i++)
            if (strncmp(p, from[i], from_len[i]) == 0)
                break;
        if (i < count) {
            sg_buf_add(b, to[i], to_len[i]);
            p += from_len[i];
        } else {
            sg_buf_putc(b, *p++);
        }
    }
}
