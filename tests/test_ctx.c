/*
 * test_ctx.c - the context's one error convention and the small helpers
 * (buffers, numbers, quoting of untrusted text, byte counts).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void errors_are_one_line(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    assert_int_equal(sg_ctx_status(ctx), SG_OK);
    assert_string_equal(sg_ctx_message(ctx), "");
    assert_int_equal(sg_ctx_fail(ctx, SG_EINPUT, "bad %s\nsecond line", "x"),
                     SG_EINPUT);
    assert_int_equal(sg_ctx_status(ctx), SG_EINPUT);
    assert_string_equal(sg_ctx_message(ctx), "bad x second line");
    sg_fail_at(ctx, SG_EIO, "f.txt", 3, 7, "odd byte");
    assert_string_equal(sg_ctx_message(ctx), "f.txt:3:7: odd byte");
    sg_fail_at(ctx, SG_EIO, "f.txt", 3, 0, "long line");
    assert_string_equal(sg_ctx_message(ctx), "f.txt:3: long line");
    sg_fail_at(ctx, SG_EIO, "f.txt", 0, 0, "empty");
    assert_string_equal(sg_ctx_message(ctx), "f.txt: empty");
    sg_ctx_clear(ctx);
    assert_int_equal(sg_ctx_status(ctx), SG_OK);
    assert_string_equal(sg_ctx_message(ctx), "");
    /* Long messages are cut, never overflow. */
    char big[4000];
    memset(big, 'm', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    sg_ctx_fail(ctx, SG_EINPUT, "%s", big);
    assert_int_equal(strlen(sg_ctx_message(ctx)), SG_MESSAGE_MAX - 1);
    sg_ctx_free(ctx);
    sg_ctx_free(NULL);
}

static void allocation_overflow(void **state)
{
    (void)state;
    sg_ctx *ctx = sg_ctx_new();
    assert_null(sg_alloc(ctx, SIZE_MAX / 2, 4));
    assert_int_equal(sg_ctx_status(ctx), SG_ENOMEM);
    assert_null(sg_alloc_raw(ctx, SIZE_MAX, 2));
    assert_null(sg_grow(ctx, NULL, SIZE_MAX / 4, 8));
    char *s = sg_strndup(ctx, "abcdef", 3);
    assert_string_equal(s, "abc");
    free(s);
    sg_ctx_free(ctx);
}

static void numbers(void **state)
{
    (void)state;
    uint64_t v = 0;
    assert_int_equal(sg_parse_u64("0", 1, 10, &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(sg_parse_u64("18446744073709551615", 20, UINT64_MAX, &v),
                     0);
    assert_true(v == UINT64_MAX);
    assert_int_equal(sg_parse_u64("18446744073709551616", 20, UINT64_MAX, &v),
                     -2);
    assert_int_equal(sg_parse_u64("11", 2, 10, &v), -2);
    assert_int_equal(sg_parse_u64("", 0, 10, &v), -1);
    assert_int_equal(sg_parse_u64("1a", 2, 10, &v), -1);
    assert_int_equal(sg_parse_u64(" 1", 2, 10, &v), -1);
    char buf[24];
    assert_int_equal(sg_u64_to_str(UINT64_MAX, buf), 20);
    assert_string_equal(buf, "18446744073709551615");
    assert_int_equal(sg_u64_to_str(0, buf), 1);
    assert_string_equal(buf, "0");
}

static void quoting(void **state)
{
    (void)state;
    char buf[128];
    assert_string_equal(sg_quote("abc", 3, buf, sizeof buf), "abc");
    assert_string_equal(sg_quote("a\tb\x7f", 4, buf, sizeof buf),
                        "a\\x09b\\x7F");
    assert_string_equal(sg_quote("\xff\xfe", 2, buf, sizeof buf),
                        "\\xFF\\xFE");
    assert_string_equal(sg_quote("中文", strlen("中文"), buf, sizeof buf),
                        "中文");
    /* An overlong encoding and a lone continuation byte are not UTF-8. */
    assert_string_equal(sg_quote("\xc0\xaf\x80", 3, buf, sizeof buf),
                        "\\xC0\\xAF\\x80");
    char longer[200];
    memset(longer, 'z', sizeof longer);
    sg_quote(longer, sizeof longer, buf, sizeof buf);
    assert_int_equal(strlen(buf), 63);
    assert_string_equal(buf + 60, "...");
    char tiny[8];
    sg_quote("abcdefghij", 10, tiny, sizeof tiny);
    assert_true(strlen(tiny) < sizeof tiny);
}

static void buffers_and_bytes(void **state)
{
    (void)state;
    sg_buf b;
    sg_buf_init(&b);
    sg_buf_puts(&b, "x=");
    sg_buf_u64(&b, 42);
    sg_buf_putc(&b, ';');
    char big[600];
    memset(big, 'q', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    sg_buf_printf(&b, "%s", big);
    assert_false(b.failed);
    assert_int_equal(b.len, 5 + 599);
    assert_memory_equal(b.data, "x=42;q", 6);
    assert_int_equal(b.data[b.len], '\0');
    sg_buf_free(&b);
    char h[32];
    sg_format_bytes(512, h, sizeof h);
    assert_string_equal(h, "512 bytes");
    sg_format_bytes(1536, h, sizeof h);
    assert_string_equal(h, "1.5 KiB");
    sg_format_bytes(UINT64_C(100000000000000), h, sizeof h);
    assert_string_equal(h, "90.9 TiB");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(errors_are_one_line),
        cmocka_unit_test(allocation_overflow),
        cmocka_unit_test(numbers),
        cmocka_unit_test(quoting),
        cmocka_unit_test(buffers_and_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
