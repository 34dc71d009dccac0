/*
 * kiki.c - kiki's corner game compiled into a shared object, for
 * `sgviz -r kiki.so`: the C speed of a game defined in C, with every
 * command of sgviz around it and no main() to write.
 *
 * A coin stands on square (a, b) of a board; a move takes it one square
 * left, one down, or one diagonally down and left; who cannot move loses.
 * Build and use it:
 *
 *   cc -shared -fPIC -O2 $(pkg-config --cflags sgviz) kiki.c -o kiki.so
 *   sgviz value -r ./kiki.so 1999,1999
 *   sgviz table -r ./kiki.so -n 5 --grid
 *
 * The object exports one symbol, `sgviz_game`, the game's definition
 * (see sg_game_define() in sgviz/core.h).  It calls back into the sgviz
 * that loaded it (sg_options_add()), so it is not linked with -lsgviz.
 */
#include <sgviz.h>

static void options(void *user, const int64_t *p, sg_options *out)
{
    (void)user;
    if (p[0] > 0)
        sg_options_add(out, (int64_t[]){p[0] - 1, p[1]});
    if (p[1] > 0)
        sg_options_add(out, (int64_t[]){p[0], p[1] - 1});
    if (p[0] > 0 && p[1] > 0)
        sg_options_add(out, (int64_t[]){p[0] - 1, p[1] - 1});
}

/* What sgviz looks for: the game's definition, under this name. */
const sg_game_def sgviz_game = {
    .name = "kiki's corner game",
    .arity = 2,
    .options = options,
};
