#include "play/play.h"
sg_status sg_play_write_page(sg_ctx *ctx, sg_play *play,
                             const sg_play_page_opts *opts, FILE *out)
{
    (void)play; (void)opts; (void)out;
    return sg_ctx_fail(ctx, SG_EUNSUPPORTED, "not yet");
}
