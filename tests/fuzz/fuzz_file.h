/*
 * fuzz_file.h - for harnesses whose reader takes a file name (DOT games,
 * themes): the input is written to one file per harness and process, which
 * every run overwrites.
 */
#ifndef SGVIZ_FUZZ_FILE_H
#define SGVIZ_FUZZ_FILE_H

#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

/* Writes DATA[0..size) to /tmp/sgviz-fuzz-KIND-PID.dot and returns that
 * path (static storage), or NULL when it cannot be written. */
static inline const char *fuzz_file(const char *kind, const uint8_t *data,
                                    size_t size)
{
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof path, "/tmp/sgviz-fuzz-%s-%d.dot", kind,
                 (int)getpid());
    FILE *f = fopen(path, "wb");
    if (!f)
        return NULL;
    size_t written = fwrite(data, 1, size, f);
    if (fclose(f) != 0 || written != size)
        return NULL;
    return path;
}

#endif /* SGVIZ_FUZZ_FILE_H */
