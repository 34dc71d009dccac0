/*
 * rules.c - games whose rules a Lua file gives (-r FILE.lua), and games
 * compiled into shared objects (-r game.so).
 *
 * A rules file is code from a stranger -- a student's homework game, a
 * file off a forum -- so it runs in a sandbox: a Lua state of its own with
 * only the base functions that cannot reach the system, string, table,
 * math and utf8; every call into it has a budget of instructions (a count
 * hook) and the whole state a ceiling on memory (its allocator).
 *
 * The game is explored once, depth first from its start positions, with
 * an explicit stack, as games defined in C are (custom.c): a position is
 * numbered when every position its options leave is, so every move goes
 * to a smaller number, and a position met again while it is still on the
 * stack closes a cycle, which is named.  Unlike custom.c, the moves are
 * not kept: each position's value is computed when it is numbered, and
 * whatever needs the moves again (a trace, a drawing, a sum's winning
 * moves) asks the file for them again.  What stays is the positions'
 * numbers, an index from them back to numbers, and the values, so a board
 * of 2000 x 2000 with three moves each holds a few tens of bytes per
 * position rather than its moves.
 */
#define _GNU_SOURCE /* SIGEV_THREAD_ID, gettid() */
#include "games/game.h"

#include <dlfcn.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

/* The most bytes of a rules file. */
#define RULES_FILE_MAX ((size_t)1 << 22)
/* The hook counts instructions in steps of this many. */
#define HOOK_EVERY 1000
/* Long names are kept in a few buffers of the game's own when the caller's
 * buffer is too small, each valid until as many more names were made. */
#define NAME_RING 8

enum { NEW, OPEN, DONE };

/* Lua's small blocks.  A game whose moves() makes a table per option
 * makes millions of tables of a few dozen bytes, each dead as soon as its
 * numbers are read, and the C library's malloc() and free() were half of
 * the time of its Lua.  So the sandbox keeps the blocks of up to POOL_MAX
 * bytes that Lua frees in lists by their size (in steps of POOL_GRAIN),
 * and gives them again before it asks malloc(): at most POOL_CACHED bytes
 * of them, the rest going back to free().  The blocks kept count under the
 * ceiling, and are given back to the system before a request past it is
 * refused, so that the ceiling bounds what the state holds.  Under
 * AddressSanitizer every block goes back at once, so that the sanitizer
 * sees Lua's use of each. */
#define POOL_GRAIN 16
#define POOL_MAX 256
#define POOL_CACHED ((uint64_t)8 << 20)
#if defined(__SANITIZE_ADDRESS__)
#define POOL_OFF 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_OFF 1
#endif
#endif
#ifndef POOL_OFF
#define POOL_OFF 0
#endif

typedef struct pool {
    void *free[POOL_MAX / POOL_GRAIN]; /* a free block's first word: next */
    uint64_t cached;                   /* the bytes of the blocks kept */
} pool;

/* The sandbox's limits, which its allocator and hook read. */
typedef struct limits {
    pool small;
    lua_State *L;
    uint64_t memory, used;
    uint64_t steps, ran;
    bool over_memory, over_steps;
    /* A call into the file is running; the budget's clock has started
     * counting its steps (see budget_tick()).  The clock's signal handler
     * reads and writes them. */
    volatile sig_atomic_t hooked, counting;
    bool lazy;           /* the clock is running: calls start uncounted */
    bool timer_made;
    timer_t timer;
} limits;

static void sandbox_hook(lua_State *L, lua_Debug *ar);

typedef struct rules {
    sg_game base;
    /* The game's own copy of the kind's table: how many positions one
     * move leaves is the game's own. */
    sg_game_ops ops;
    char *file;          /* the name messages give the file */
    lua_State *L;
    limits *lim;
    int moves_ref, label_ref, read_ref;
    /* The file's globals that sgviz reads, kept in the registry when the
     * file has run (see collect_globals()), or LUA_NOREF. */
    int globals[6];
    int sum_mt_ref;      /* the metatable that marks a sum */
    int moves_line;      /* where moves() is defined */
    int label_line;      /* where label() is, when it is */
    size_t arity;
    uint64_t max_positions;
    /* Positions by the order they were reached (their ids). */
    int64_t *tuples;
    uint8_t *state;
    uint32_t *number;    /* the number of each id */
    uint32_t *id_of;     /* the id of each number */
    uint32_t *value;     /* the value of each number */
    size_t n, cap;
    /* The index of the positions reached, in two parts.  The box holds
     * the positions whose numbers are all from 0 up to the starts' own
     * (see make_box()): box[cell] is id + 1, or 0 before the position is
     * reached.  The hash holds the rest: a slot holds id + 1 for a tuple
     * near it, and hashed counts them. */
    uint32_t *box;
    uint64_t box_size[SG_DEFINE_MAX_ARITY];
    uint32_t *slots;
    uint64_t mask;
    size_t hashed;
    uint64_t count;      /* positions numbered */
    uint64_t max_degree, total_moves, max_parts;
    /* Set when the file, asked for moves again, answered otherwise than
     * the first time (its moves must be a function of the position). */
    bool *fault;
    /* Scratch for the mex of moves asked again (max_degree + 1 marks),
     * each mark a stamp, and the stamp. */
    uint64_t *again_marks;
    uint64_t *again_stamp;
    char (*ring)[SG_DEFINE_NAME_MAX];
    unsigned *ring_next;
    /* The names label() gives, read once when the game is explored (up to
     * LABELS_MAX positions): the name of number x starts at
     * labels[label_at[x]].  NULL: names are asked of the file when shown. */
    char *labels;
    size_t *label_at;
    /* Judges' input as read() read it, or NULL. */
    char *input;
    size_t input_len;
} rules;

static const rules *ru(const sg_game *game) { return (const rules *)game; }

/* ------------------------------------------------------------------------ */
/* The sandbox                                                              */
/* ------------------------------------------------------------------------ */

/* Whether a block of SIZE bytes is one the pool keeps, and its list. */
static bool pooled(size_t size)
{
    return !POOL_OFF && size > 0 && size <= POOL_MAX;
}

static size_t pool_list(size_t size) { return (size - 1) / POOL_GRAIN; }

/* A block of SIZE bytes (pooled(SIZE)): one kept, or a new one as large as
 * any of its list, so that it may be kept for any of them later. */
static void *pool_get(pool *p, size_t size)
{
    size_t list = pool_list(size);
    void *b = p->free[list];
    if (!b)
        return malloc((list + 1) * POOL_GRAIN);
    memcpy(&p->free[list], b, sizeof b);
    p->cached -= (list + 1) * POOL_GRAIN;
    return b;
}

static void block_free(pool *p, void *b, size_t size)
{
    if (!b)
        return;
    size_t list = pooled(size) ? pool_list(size) : 0;
    size_t bytes = (list + 1) * POOL_GRAIN;
    if (!pooled(size) || p->cached + bytes > POOL_CACHED) {
        free(b);
        return;
    }
    memcpy(b, &p->free[list], sizeof b);
    p->free[list] = b;
    p->cached += bytes;
}

/* Gives every kept block back to the system. */
static void pool_free(pool *p)
{
    for (size_t list = 0; list < POOL_MAX / POOL_GRAIN; list++)
        while (p->free[list]) {
            void *b = p->free[list];
            memcpy(&p->free[list], b, sizeof b);
            free(b);
        }
    p->cached = 0;
}

/* A block of NSIZE bytes in place of PTR's OLD (0 for none). */
static void *block_resize(pool *p, void *ptr, size_t old, size_t nsize)
{
    if (!pooled(old) && !pooled(nsize))
        return realloc(ptr, nsize);
    if (ptr && pooled(old) && pooled(nsize) &&
        pool_list(old) == pool_list(nsize))
        return ptr;
    /* A block that shrinks keeps its place when no other can be had. */
    void *b = pooled(nsize) ? pool_get(p, nsize) : malloc(nsize);
    if (!b && ptr && nsize < old)
        return ptr;
    if (b && ptr) {
        memcpy(b, ptr, old < nsize ? old : nsize);
        block_free(p, ptr, old);
    }
    return b;
}

/* What the ceiling leaves: the blocks kept count as held. */
static uint64_t room(const limits *lim)
{
    uint64_t held = lim->used + lim->small.cached;
    return held < lim->memory ? lim->memory - held : 0;
}

/* Lua's allocator, under the ceiling: a request past it fails, which Lua
 * raises as a memory error; and the state is marked, so that a pcall in
 * the file that catches the error stops at the next instruction. */
static void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    limits *lim = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        block_free(&lim->small, ptr, old);
        lim->used -= old;
        return NULL;
    }
    /* The kept blocks count as held, and are given back before a request
     * is refused. */
    if (nsize > old && !lim->over_memory &&
        nsize - old > room(lim))
        pool_free(&lim->small);
    if (nsize > old && (lim->over_memory || nsize - old > room(lim))) {
        lim->over_memory = true;
        if (lim->L && lim->hooked) {
            lim->counting = 1;
            lua_sethook(lim->L, sandbox_hook, LUA_MASKCOUNT, 1);
        }
        return NULL;
    }
    void *p = block_resize(&lim->small, ptr, old, nsize);
    if (p)
        lim->used = lim->used - old + nsize;
    return p;
}

static limits *limits_of(lua_State *L)
{
    void *ud;
    lua_getallocf(L, &ud);
    return ud;
}

/* The count hook: the budget of one call.  Once over, every instruction
 * raises the error again, so that a pcall in the file cannot swallow it
 * and go on. */
static void sandbox_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    limits *lim = limits_of(L);
    lim->ran += HOOK_EVERY;
    if (lim->ran > lim->steps || lim->over_steps || lim->over_memory) {
        if (!lim->over_steps && !lim->over_memory) {
            lim->over_steps = true;
            lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, 1);
        }
        luaL_where(L, 0);
        lua_pushstring(L, lim->over_memory ? "out of the memory allowed"
                                           : "out of Lua steps");
        lua_concat(L, 2);
        lua_error(L);
    }
}

/* The budget's clock.  A count hook makes Lua stop at every instruction
 * to count it down, whatever the count: on Wythoff's game of 200 x 200
 * that is a third more time in all (0.71 s where the same exploration
 * without a hook takes 0.52 s).  So while a game is explored, which is
 * when the file is called thousands of times, calls start without the
 * hook, and a clock of the thread's CPU time ticks every hundredth of a
 * second: a tick that finds a call running sets the count hook on it
 * (lua_sethook() may be called from a signal handler; lua.c does so for
 * Ctrl-C), and from then on that call is counted as every call is
 * otherwise.  A runaway is thus stopped at most a hundredth of a second
 * later than it would be counted from its first instruction.  A budget
 * smaller than LAZY_STEPS (less than about a twentieth of a second of
 * Lua) is counted from the first instruction of every call, so that a
 * small --lua-steps means what it says; so is every call outside an
 * exploration, and every call where the clock is not to be had (a system
 * without per-thread CPU timers, or a program of which the library is a
 * part that handles TICK_SIGNAL itself or blocks it in this thread). */
#define LAZY_STEPS (UINT64_C(1) << 24)
#define TICK_NS 10000000L
/* A real-time signal, which nothing of the system's sends by itself and
 * programs seldom handle (the command line handles SIGVTALRM and SIGPROF,
 * to remove unfinished output when one ends it). */
#define TICK_SIGNAL (SIGRTMAX - 4)

/* The limits whose calls this thread's clock watches, or NULL. */
static _Thread_local limits *volatile ticking;

static void budget_tick(int sig)
{
    (void)sig;
    limits *lim = ticking;
    if (lim && lim->hooked && !lim->counting) {
        lim->counting = 1;
        lua_sethook(lim->L, sandbox_hook, LUA_MASKCOUNT, HOOK_EVERY);
    }
}

#if defined(__linux__) && defined(SIGEV_THREAD_ID)
/* The signal's action is the process's, and threads that explore games at
 * the same time share it: the first to start its clock sets it, the last
 * to stop gives the old one back.  Each thread's timer signals that
 * thread alone. */
static pthread_mutex_t clock_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned clock_users;
static struct sigaction clock_old;

/* Sets the signal's action for one more thread; false where the program
 * handles the signal itself. */
static bool clock_take(void)
{
    bool ok = false;
    pthread_mutex_lock(&clock_lock);
    if (clock_users > 0) {
        clock_users++;
        ok = true;
    } else {
        struct sigaction now, act;
        memset(&act, 0, sizeof act);
        act.sa_handler = budget_tick;
        act.sa_flags = SA_RESTART;
        sigemptyset(&act.sa_mask);
        if (sigaction(TICK_SIGNAL, NULL, &now) == 0 &&
            !(now.sa_flags & SA_SIGINFO) && now.sa_handler == SIG_DFL &&
            sigaction(TICK_SIGNAL, &act, NULL) == 0) {
            clock_old = now;
            clock_users = 1;
            ok = true;
        }
    }
    pthread_mutex_unlock(&clock_lock);
    return ok;
}

static void clock_give(void)
{
    pthread_mutex_lock(&clock_lock);
    if (clock_users > 0 && --clock_users == 0)
        sigaction(TICK_SIGNAL, &clock_old, NULL);
    pthread_mutex_unlock(&clock_lock);
}
#endif

/* Starts the clock for the calls of LIM, where it can be had. */
static void clock_start(limits *lim)
{
#if defined(__linux__) && defined(SIGEV_THREAD_ID)
    if (lim->steps < LAZY_STEPS || ticking)
        return;
    /* A thread that blocks the signal would never take a tick, and a
     * runaway would run uncounted. */
    sigset_t mask;
    if (pthread_sigmask(SIG_BLOCK, NULL, &mask) != 0 ||
        sigismember(&mask, TICK_SIGNAL) || !clock_take())
        return;
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_THREAD_ID;
    ev.sigev_signo = TICK_SIGNAL;
    ev._sigev_un._tid = gettid();
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &lim->timer) != 0) {
        clock_give();
        return;
    }
    lim->timer_made = true;
    ticking = lim;
    struct itimerspec every = {{0, TICK_NS}, {0, TICK_NS}};
    if (timer_settime(lim->timer, 0, &every, NULL) == 0)
        lim->lazy = true;
#else
    (void)lim;
#endif
}

/* Stops the clock, if it runs, and gives the signal back as it was. */
static void clock_stop(limits *lim)
{
#if defined(__linux__) && defined(SIGEV_THREAD_ID)
    if (!lim->timer_made)
        return;
    timer_delete(lim->timer);
    lim->timer_made = false;
    lim->lazy = false;
    ticking = NULL;
    /* A tick may be pending still: it is taken here, blocked, so that it
     * does not meet the signal's old action, which ends the program. */
    sigset_t tick, was;
    sigemptyset(&tick);
    sigaddset(&tick, TICK_SIGNAL);
    pthread_sigmask(SIG_BLOCK, &tick, &was);
    struct timespec now = {0, 0};
    while (sigtimedwait(&tick, NULL, &now) == TICK_SIGNAL)
        ;
    clock_give();
    pthread_sigmask(SIG_SETMASK, &was, NULL);
#else
    (void)lim;
#endif
}

/* Starts the budget of one call afresh. */
static void budget_start(limits *lim)
{
    lim->ran = 0;
    lim->over_steps = false;
    lim->counting = 0;
    if (!lim->lazy)
        lua_sethook(lim->L, sandbox_hook, LUA_MASKCOUNT, HOOK_EVERY);
    lim->hooked = 1;
}

static void budget_end(limits *lim)
{
    lim->hooked = 0;
    lua_sethook(lim->L, NULL, 0, 0);
}

/* Charges COST steps to the budget of the running call, for work that C
 * functions of Lua's libraries do without the hook seeing it. */
static void charge(lua_State *L, double cost)
{
    limits *lim = limits_of(L);
    if (!lim->hooked)
        return;
    double left = (double)lim->steps - (double)lim->ran;
    if (cost <= left) {
        lim->ran += (uint64_t)cost;
        return;
    }
    lim->over_steps = true;
    lim->counting = 1;
    lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, 1);
    luaL_where(L, 1);
    lua_pushstring(L, "out of Lua steps");
    lua_concat(L, 2);
    lua_error(L);
}

/* What a guarded library function costs. */
enum { GUARD_PATTERN, GUARD_FIND, GUARD_REP, GUARD_MOVE };

/* The quantifiers of the Lua pattern P[0..len) (each '*', '+', '-' and
 * '?' not escaped by '%'; a '-' in a set counts too, which only
 * overestimates). */
static unsigned quantifiers(const char *p, size_t len)
{
    unsigned q = 0;
    for (size_t i = 0; i < len; i++) {
        if (p[i] == '%')
            i++;
        else if (p[i] == '*' || p[i] == '+' || p[i] == '-' || p[i] == '?')
            q++;
    }
    return q;
}

/* A library function whose work the count hook cannot see, since it runs
 * in C: Lua's pattern matcher backtracks, and a pattern of q quantifiers
 * may try every start of the subject and (n + 1)^q ways to match there;
 * string.rep and table.move loop as many times as they are told, even
 * over nothing.  The work is charged to the budget before the call, so
 * that one line cannot hang the program. */
static int guarded(lua_State *L)
{
    int kind = (int)lua_tointeger(L, lua_upvalueindex(2));
    double cost = 0;
    if (kind == GUARD_PATTERN || kind == GUARD_FIND) {
        size_t len, plen;
        luaL_checklstring(L, 1, &len);
        const char *p = luaL_checklstring(L, 2, &plen);
        if (!(kind == GUARD_FIND && lua_toboolean(L, 4)))
            cost = pow((double)len + 1, (double)quantifiers(p, plen) + 1);
        else
            cost = (double)len;
    } else if (kind == GUARD_REP) {
        cost = (double)luaL_checkinteger(L, 2);
    } else {
        lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
        cost = (double)e - (double)f;
    }
    charge(L, cost);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* Puts FIELD of the library table on top of the stack behind guarded(). */
static void guard(lua_State *L, const char *field, int kind)
{
    lua_getfield(L, -1, field);
    lua_pushinteger(L, kind);
    lua_pushcclosure(L, guarded, 2);
    lua_setfield(L, -2, field);
}

/* setmetatable() without finalizers: Lua runs __gc with hooks off, where
 * the budget could not stop one that never ends.  A metatable's __gc
 * counts only when it is there as the metatable is set, so refusing it
 * then is enough. */
static int guarded_setmetatable(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushstring(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "a rules file may not set __gc "
                              "(finalizers run where the budget cannot "
                              "stop them)");
        lua_pop(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* sum(p1, p2, ...): a table of the parts, marked by the sum metatable. */
static int lua_sum(lua_State *L)
{
    int n = lua_gettop(L);
    if (n < 1 || n > SG_DEFINE_MAX_PARTS)
        return luaL_error(L, "sum() takes 1 to %d positions, not %d",
                          SG_DEFINE_MAX_PARTS, n);
    lua_createtable(L, n, 0);
    for (int i = 1; i <= n; i++) {
        lua_pushvalue(L, i);
        lua_rawseti(L, -2, i);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

/* Opens what a rules file may use, and takes away what it may not. */
static int open_sandbox(lua_State *L)
{
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base},      {LUA_STRLIBNAME, luaopen_string},
        {LUA_TABLIBNAME, luaopen_table}, {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8}, {NULL, NULL}};
    for (const luaL_Reg *l = libs; l->name; l++) {
        luaL_requiref(L, l->name, l->func, 1);
        lua_pop(L, 1);
    }
    /* The base functions that read files or compile text (of which a
     * binary chunk could break the virtual machine), the collector's
     * controls (a file could stop it), and print, whose output would mix
     * with the program's. */
    static const char *const gone[] = {"dofile", "loadfile", "load",
                                       "require", "collectgarbage", "print",
                                       NULL};
    for (const char *const *g = gone; *g; g++) {
        lua_pushnil(L);
        lua_setglobal(L, *g);
    }
    lua_getglobal(L, "setmetatable");
    lua_pushcclosure(L, guarded_setmetatable, 1);
    lua_setglobal(L, "setmetatable");
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    guard(L, "find", GUARD_FIND);
    guard(L, "match", GUARD_PATTERN);
    guard(L, "gmatch", GUARD_PATTERN);
    guard(L, "gsub", GUARD_PATTERN);
    guard(L, "rep", GUARD_REP);
    lua_pop(L, 1);
    lua_getglobal(L, LUA_TABLIBNAME);
    guard(L, "move", GUARD_MOVE);
    lua_pop(L, 1);
    /* math.random is seeded the same every run, so that moves that use it
     * come out the same when they are asked for again. */
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, 0);
    lua_call(L, 1, 0);
    lua_pop(L, 1);
    /* sum(), with its metatable, which the registry keeps too. */
    lua_newtable(L);
    lua_pushstring(L, "sum");
    lua_setfield(L, -2, "__name");
    lua_pushvalue(L, -1);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushcclosure(L, lua_sum, 1);
    lua_setglobal(L, "sum");
    lua_pushinteger(L, ref);
    return 1;
}

/* ------------------------------------------------------------------------ */
/* Tuples                                                                   */
/* ------------------------------------------------------------------------ */

/* The index's hash keeps neighbours together: the positions of one block
 * of 4 x 4 (the low two bits of the first two numbers; 16 numbers in a
 * one-number game) hash to one run of 16 slots, and only the blocks are
 * scattered.  A move mostly leads to a neighbour, so the slots an
 * exploration asks for next are mostly in the cache lines it has just
 * read: on kiki's board of 2000 x 2000 a hash that scattered every
 * position spent half the time in lookups, and this one is 1.5 times as
 * fast in all.  (Blocks of 8 x 8 were faster there too, but their runs of
 * 64 slots collided in small games and made long probes.) */
static uint64_t tuple_hash(const int64_t *t, size_t arity)
{
    uint64_t h = UINT64_C(0x9E3779B97F4A7C15), low;
    if (arity == 1) {
        low = (uint64_t)t[0] & 15;
        h ^= (uint64_t)t[0] >> 4;
        h *= UINT64_C(0xBF58476D1CE4E5B9);
        h ^= h >> 31;
    } else {
        low = ((uint64_t)t[0] & 3) << 2 | ((uint64_t)t[1] & 3);
        for (size_t i = 0; i < arity; i++) {
            h ^= i < 2 ? (uint64_t)t[i] >> 2 : (uint64_t)t[i];
            h *= UINT64_C(0xBF58476D1CE4E5B9);
            h ^= h >> 31;
        }
    }
    return (h << 4) | low;
}

static bool same_tuple(const int64_t *a, const int64_t *b, size_t arity)
{
    for (size_t i = 0; i < arity; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

/* The slot of tuple T: the one that holds it, or the empty one where it
 * would go. */
static uint64_t slot_of(const rules *r, const int64_t *t)
{
    uint64_t i = tuple_hash(t, r->arity) & r->mask;
    for (uint32_t v; (v = r->slots[i]) != 0; i = (i + 1) & r->mask)
        if (same_tuple(&r->tuples[(size_t)(v - 1) * r->arity], t, r->arity))
            break;
    return i;
}

/* The cell of tuple T in the box, or SIZE_MAX when T is outside it (or
 * there is no box: its sizes are then 0). */
static size_t box_cell(const rules *r, const int64_t *t)
{
    uint64_t cell = 0;
    for (size_t i = 0; i < r->arity; i++) {
        /* A negative number, cast, is past every size. */
        if ((uint64_t)t[i] >= r->box_size[i])
            return SIZE_MAX;
        cell = cell * r->box_size[i] + (uint64_t)t[i];
    }
    return (size_t)cell;
}

/* The id of tuple T, or UINT32_MAX when it was never reached. */
static uint32_t find_id(const rules *r, const int64_t *t)
{
    size_t cell = box_cell(r, t);
    uint32_t v = cell != SIZE_MAX ? r->box[cell] : r->slots[slot_of(r, t)];
    return v ? v - 1 : UINT32_MAX;
}

/* How many numbers "a,b,c" has (commas + 1). */
static size_t count_numbers(const char *s, size_t len)
{
    size_t n = 1;
    for (size_t i = 0; i < len; i++)
        n += s[i] == ',';
    return n;
}

/* ------------------------------------------------------------------------ */
/* Reading what the file's functions return                                 */
/* ------------------------------------------------------------------------ */

/* Why a value is not a position: into WHY. */
typedef struct reading {
    rules *r;
    char why[200];
} reading;

/* Reads the value just pushed, whose type the push returned as TYPE, into
 * *V when it is a whole number: read_number() without asking the type
 * again, for the loops that read every option's numbers. */
static bool pushed_number(lua_State *L, int type, int64_t *v)
{
    int isint = 0;
    if (type == LUA_TNUMBER)
        *v = (int64_t)lua_tointegerx(L, -1, &isint);
    return isint != 0;
}

/* Reads the number at stack index IDX into *V. */
static bool read_number(lua_State *L, int idx, int64_t *v)
{
    int isint;
    lua_Integer i = lua_tointegerx(L, idx, &isint);
    if (isint && lua_type(L, idx) == LUA_TNUMBER) {
        *v = (int64_t)i;
        return true;
    }
    return false;
}

/* Describes the value at IDX in a few words for messages. */
static void value_words(lua_State *L, int idx, char *buf, size_t size)
{
    int t = lua_type(L, idx);
    if (t == LUA_TNUMBER && lua_isinteger(L, idx))
        snprintf(buf, size, "the number %lld", (long long)lua_tointeger(L, idx));
    else if (t == LUA_TNUMBER)
        snprintf(buf, size, "%.14g, not a whole number", lua_tonumber(L, idx));
    else if (t == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        char q[48];
        snprintf(buf, size, "the string \"%s\"", sg_quote(s, len, q, sizeof q));
    } else
        snprintf(buf, size, "%s", lua_typename(L, t));
}

/* Reads the position at stack index IDX (a table of ARITY whole numbers,
 * or a whole number when ARITY is 1) into T. */
static bool read_position(reading *rd, int idx, int64_t *t)
{
    lua_State *L = rd->r->L;
    size_t arity = rd->r->arity;
    int type = lua_type(L, idx);
    if (type == LUA_TNUMBER) {
        if (arity == 1 && read_number(L, idx, t))
            return true;
        if (arity != 1 && lua_isinteger(L, idx)) {
            snprintf(rd->why, sizeof rd->why, "is the number %lld, but a "
                     "position of this game has %zu numbers",
                     (long long)lua_tointeger(L, idx), arity);
            return false;
        }
        char w[80];
        value_words(L, idx, w, sizeof w);
        snprintf(rd->why, sizeof rd->why, "is %s", w);
        return false;
    }
    if (type != LUA_TTABLE) {
        char w[80];
        value_words(L, idx, w, sizeof w);
        snprintf(rd->why, sizeof rd->why, "is %s, not a position", w);
        return false;
    }
    /* Positions are read as they are stored: a metatable's __index or
     * __len would make them read otherwise in Lua, so none is allowed. */
    if (lua_getmetatable(L, idx)) {
        lua_pop(L, 1);
        snprintf(rd->why, sizeof rd->why, "is a table with a metatable; a "
                 "position is a plain table of numbers");
        return false;
    }
    size_t len = lua_rawlen(L, idx);
    if (len != arity) {
        snprintf(rd->why, sizeof rd->why, "has %zu numbers, but a position "
                 "of this game has %zu", len, arity);
        return false;
    }
    for (size_t i = 0; i < arity; i++) {
        lua_rawgeti(L, idx, (lua_Integer)i + 1);
        bool ok = read_number(L, -1, &t[i]);
        if (!ok) {
            char w[80];
            value_words(L, -1, w, sizeof w);
            snprintf(rd->why, sizeof rd->why, "has number %zu %s", i + 1, w);
        }
        lua_pop(L, 1);
        if (!ok)
            return false;
    }
    return true;
}

/* Whether the table at IDX is a sum. */
static bool is_sum(lua_State *L, int idx, int sum_mt_ref)
{
    if (!lua_getmetatable(L, idx))
        return false;
    lua_rawgeti(L, LUA_REGISTRYINDEX, sum_mt_ref);
    bool same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return same;
}

/* Reads the option at IDX (a position or a sum) into PARTS (room for
 * SG_DEFINE_MAX_PARTS * arity numbers); returns its number of parts, or 0
 * with the reason in RD. */
static size_t read_option(reading *rd, int idx, int64_t *parts)
{
    lua_State *L = rd->r->L;
    if (lua_type(L, idx) != LUA_TTABLE || !is_sum(L, idx, rd->r->sum_mt_ref))
        return read_position(rd, idx, parts) ? 1 : 0;
    size_t k = lua_rawlen(L, idx);
    if (k < 1 || k > SG_DEFINE_MAX_PARTS) {
        snprintf(rd->why, sizeof rd->why, "is a sum of %zu positions; a sum "
                 "has 1 to %d", k, SG_DEFINE_MAX_PARTS);
        return 0;
    }
    for (size_t i = 0; i < k; i++) {
        lua_rawgeti(L, idx, (lua_Integer)i + 1);
        char inner[200];
        bool ok = read_position(rd, lua_gettop(L), &parts[i * rd->r->arity]);
        lua_pop(L, 1);
        if (!ok) {
            memcpy(inner, rd->why, sizeof inner);
            snprintf(rd->why, sizeof rd->why, "is a sum whose part %zu %.160s",
                     i + 1, inner);
            return 0;
        }
    }
    return k;
}

/* Pushes function REF and the numbers of T, and calls it under a fresh
 * budget, leaving one result.  Returns the status of lua_pcall. */
static int call_rules(const rules *r, int ref, const int64_t *t)
{
    lua_State *L = r->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    for (size_t i = 0; i < r->arity; i++)
        lua_pushinteger(L, (lua_Integer)t[i]);
    budget_start(r->lim);
    int st = lua_pcall(L, (int)r->arity, 1, 0);
    budget_end(r->lim);
    if (st == LUA_OK && (r->lim->over_steps || r->lim->over_memory)) {
        /* A pcall in the file caught the error: it stands all the same. */
        lua_pop(L, 1);
        lua_pushnil(L);
        st = LUA_ERRRUN;
    }
    return st;
}

/* Records the error of a failed call (its message on top of the stack),
 * naming the file, and pops it. */
static sg_status call_failed(sg_ctx *ctx, const rules *r, int st)
{
    lua_State *L = r->L;
    sg_status s;
    if (r->lim->over_memory) {
        char bytes[32];
        sg_format_bytes(r->lim->memory, bytes, sizeof bytes);
        s = sg_ctx_fail(ctx, SG_ELIMIT, "%s: the rules used more than %s of "
                        "memory, the ceiling (--lua-memory)", r->file, bytes);
    } else if (st == LUA_ERRMEM) {
        /* Under the ceiling, the system had no more to give. */
        char bytes[32];
        sg_format_bytes(r->lim->used, bytes, sizeof bytes);
        s = sg_ctx_fail(ctx, SG_ENOMEM, "%s: out of memory: the system gave "
                        "the rules no more than %s", r->file, bytes);
    } else if (r->lim->over_steps) {
        const char *where = lua_type(L, -1) == LUA_TSTRING
                                ? lua_tostring(L, -1)
                                : NULL;
        char at[256] = "";
        /* "w.lua:5: out of Lua steps": the place, without the words. */
        if (where) {
            const char *cut = strstr(where, "out of Lua steps");
            if (cut && cut > where)
                snprintf(at, sizeof at, " at %.*s", (int)(cut - where - 2),
                         where);
        }
        s = sg_ctx_fail(ctx, SG_ELIMIT, "%s: one call ran more than %llu "
                        "Lua steps, the budget (--lua-steps)%s", r->file,
                        (unsigned long long)r->lim->steps, at);
    } else {
        /* lua_tostring() would make a string of a number, which may
         * need memory, outside of any protected call. */
        const char *msg = lua_type(L, -1) == LUA_TSTRING
                              ? lua_tostring(L, -1)
                              : NULL;
        size_t flen = strlen(r->file);
        /* Lua names the place of its errors ("w.lua:3: ..."), but not of
         * every one (a binary chunk refused): those get the file's name. */
        if (msg && strncmp(msg, r->file, flen) == 0 && msg[flen] == ':')
            s = sg_ctx_fail(ctx, SG_EINPUT, "%s", msg);
        else if (msg)
            s = sg_ctx_fail(ctx, SG_EINPUT, "%s: %s", r->file, msg);
        else
            s = sg_ctx_fail(ctx, SG_EINPUT, "%s: the rules raised an error "
                            "that is not a string (a %s)", r->file,
                            luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    r->lim->over_memory = false;
    r->lim->over_steps = false;
    return s;
}

/* ------------------------------------------------------------------------ */
/* Exploring                                                                */
/* ------------------------------------------------------------------------ */

/* Where list_options() hands the options: ADD gets one option's parts
 * and their count, ADD_FLAT a run of N options of one part each, their
 * numbers one after another.  Each returns false to stop after recording
 * an error. */
typedef struct sink {
    bool (*add)(void *user, const int64_t *parts, size_t k);
    bool (*add_flat)(void *user, const int64_t *numbers, size_t n);
    void *user;
} sink;

/* Options of several numbers written flat are read this many at a time:
 * their numbers are pushed on Lua's stack and popped together. */
#define FLAT_RUN 32

typedef struct frame {
    uint32_t id;
    size_t opt_begin, part_begin, cursor;
} frame;

typedef struct explore {
    sg_ctx *ctx;
    rules *r;
    /* The options of the positions on the stack: option o leaves the
     * ids opt_parts[...], opt_len[o] of them. */
    uint32_t *opt_parts;
    size_t nparts, parts_cap;
    uint8_t *opt_len;
    size_t nopts, opts_cap;
    frame *frames;
    size_t nframes, frames_cap;
    uint64_t *marks;     /* mex scratch: marks[v] == stamp when v is seen */
    size_t marks_cap;
    uint64_t stamp;
    sink out;            /* explore_add() and explore_add_flat() */
} explore;

static bool grow(sg_ctx *ctx, void **array, size_t *cap, size_t n,
                 size_t extra, size_t size)
{
    if (n + extra <= *cap)
        return true;
    size_t c = *cap ? *cap : 256;
    while (c < n + extra)
        c *= 2;
    void *a = sg_grow(ctx, *array, c, size);
    if (!a)
        return false;
    /* The new room starts as zeros: the mex marks compare their entries
     * with a stamp that is never 0, and must not find an old heap's bytes
     * equal to it. */
    memset((char *)a + *cap * size, 0, (c - *cap) * size);
    *array = a;
    *cap = c;
    return true;
}

/* Makes a hash of SLOTS slots (a power of 2) holding every tuple outside
 * the box. */
static bool reindex(sg_ctx *ctx, rules *r, uint64_t slots)
{
    uint32_t *s = sg_alloc(ctx, (size_t)slots, sizeof *s);
    if (!s)
        return false;
    free(r->slots);
    r->slots = s;
    r->mask = slots - 1;
    for (size_t id = 0; id < r->n; id++) {
        const int64_t *t = &r->tuples[id * r->arity];
        if (box_cell(r, t) == SIZE_MAX)
            r->slots[slot_of(r, t)] = (uint32_t)id + 1;
    }
    return true;
}

/* The box: where the starts' numbers are all from 0 to some bound, as a
 * game's moves mostly make numbers smaller, the positions whose numbers
 * are each at most the starts' largest are indexed by an array of a cell
 * each.  On Wythoff's game and kiki's board that is every position, and
 * finding one is a multiplication and one read where the hash would take
 * a hash, a probe and a comparison of tuples in another array: the hash
 * was a quarter of the time of Wythoff's 200 x 200.  The box is zeroed
 * memory that the system gives only as it is touched, so that a large one
 * of which a game reaches little costs address space, not memory; past
 * BOX_CELLS (64 MiB) there is none, and every position goes to the hash. */
#define BOX_CELLS (UINT64_C(1) << 24)

static bool make_box(sg_ctx *ctx, rules *r, const int64_t *starts, size_t n)
{
    uint64_t size[SG_DEFINE_MAX_ARITY] = {0}, cells = 1;
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < r->arity; i++) {
            int64_t v = starts[j * r->arity + i];
            if (v < 0 || (uint64_t)v >= BOX_CELLS)
                return true;
            if ((uint64_t)v + 1 > size[i])
                size[i] = (uint64_t)v + 1;
        }
    for (size_t i = 0; i < r->arity; i++) {
        cells *= size[i];
        if (cells > BOX_CELLS)
            return true;
    }
    r->box = sg_alloc(ctx, (size_t)cells, sizeof *r->box);
    if (!r->box)
        return false;
    memcpy(r->box_size, size, sizeof size);
    return true;
}

/* The id of tuple T, reached now for the first time or again, or
 * UINT32_MAX after recording an error. */
static uint32_t id_of(sg_ctx *ctx, rules *r, const int64_t *t)
{
    size_t cell = box_cell(r, t);
    uint64_t i = 0;
    if (cell != SIZE_MAX) {
        if (r->box[cell])
            return r->box[cell] - 1;
    } else {
        i = slot_of(r, t);
        if (r->slots[i])
            return r->slots[i] - 1;
    }
    if (r->n >= r->max_positions) {
        sg_ctx_fail(ctx, SG_ELIMIT, "%s: more than %llu positions are "
                    "reachable from the start, the bound (--explore-max)",
                    r->file, (unsigned long long)r->max_positions);
        return UINT32_MAX;
    }
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 256;
        int64_t *t2 = sg_grow(ctx, r->tuples, cap * r->arity, sizeof *t2);
        if (!t2)
            return UINT32_MAX;
        r->tuples = t2;
        uint8_t *s2 = sg_grow(ctx, r->state, cap, 1);
        if (!s2)
            return UINT32_MAX;
        r->state = s2;
        uint32_t *n2 = sg_grow(ctx, r->number, cap, sizeof *n2);
        if (!n2)
            return UINT32_MAX;
        r->number = n2;
        uint32_t *i2 = sg_grow(ctx, r->id_of, cap, sizeof *i2);
        if (!i2)
            return UINT32_MAX;
        r->id_of = i2;
        uint32_t *v2 = sg_grow(ctx, r->value, cap, sizeof *v2);
        if (!v2)
            return UINT32_MAX;
        r->value = v2;
        r->cap = cap;
    }
    size_t n = r->n++;
    memcpy(&r->tuples[n * r->arity], t, r->arity * sizeof *t);
    r->state[n] = NEW;
    if (cell != SIZE_MAX) {
        r->box[cell] = (uint32_t)n + 1;
        return (uint32_t)n;
    }
    r->slots[i] = (uint32_t)n + 1;
    if (++r->hashed * 2 > r->mask + 1 && !reindex(ctx, r, (r->mask + 1) * 2))
        return UINT32_MAX;
    return (uint32_t)n;
}

/* The name of tuple T in messages: its numbers, quoted. */
static const char *quoted_tuple(const rules *r, const int64_t *t, char *buf,
                                size_t size)
{
    char name[SG_DEFINE_NAME_MAX];
    sg_tuple_text(t, r->arity, name, sizeof name);
    return sg_quote(name, strlen(name), buf, size);
}

/* Names the cycle closed by a move to ID, which is on the stack. */
static sg_status report_cycle(explore *e, uint32_t id)
{
    rules *r = e->r;
    size_t from = e->nframes - 1;
    while (e->frames[from].id != id)
        from--;
    sg_buf b;
    sg_buf_init(&b);
    size_t len = e->nframes - from;
    for (size_t i = 0; i <= len; i++) {
        if (len > 12 && i == 6) {
            sg_buf_printf(&b, " -> ... (%zu more)", len - 11);
            i = len - 5;
        }
        uint32_t at = i == len ? id : e->frames[from + i].id;
        char q[96];
        sg_buf_printf(&b, "%s%s", i ? " -> " : "",
                      quoted_tuple(r, &r->tuples[(size_t)at * r->arity], q,
                                   sizeof q));
    }
    sg_status st = sg_ctx_fail(e->ctx, SG_EINPUT, "%s: the moves go round in "
                               "a cycle: %s", r->file, b.data ? b.data : "");
    sg_buf_free(&b);
    return st;
}

/* Reads option O of the table at TOP the quick way, when it is a position
 * as most are: a whole number in a one-number game, or a table of ARITY
 * whole numbers without a metatable (so that lua_geti() can call no
 * metamethod).  Returns 1, or 0 for anything else, which read_option()
 * then reads and explains.  Leaves the stack above TOP to the caller. */
static size_t read_plain(lua_State *L, int top, size_t o, size_t arity,
                         int64_t *t)
{
    int type = lua_rawgeti(L, top, (lua_Integer)o);
    if (type == LUA_TNUMBER)
        return arity == 1 && pushed_number(L, type, &t[0]) ? 1 : 0;
    if (type != LUA_TTABLE || lua_getmetatable(L, top + 1) ||
        lua_rawlen(L, top + 1) != arity)
        return 0;
    for (size_t i = 0; i < arity; i++)
        if (!pushed_number(L, lua_geti(L, top + 1, (lua_Integer)i + 1),
                           &t[i]))
            return 0;
    return 1;
}

/* Asks the file for the options of tuple T and hands them to OUT.
 * Returns SG_OK or the error. */
static sg_status list_options(sg_ctx *ctx, rules *r, const int64_t *t,
                              const sink *out)
{
    lua_State *L = r->L;
    int st = call_rules(r, r->moves_ref, t);
    if (st != LUA_OK)
        return call_failed(ctx, r, st);
    char q[96];
    int top = lua_gettop(L);
    sg_status res = SG_OK;
    reading rd = {r, ""};
    if (lua_type(L, top) != LUA_TTABLE) {
        char w[80];
        value_words(L, top, w, sizeof w);
        res = sg_ctx_fail(ctx, SG_EINPUT, "%s:%d: moves(%s) returned %s, not "
                          "a table of options", r->file, r->moves_line,
                          quoted_tuple(r, t, q, sizeof q), w);
        lua_settop(L, top - 1);
        return res;
    }
    if (lua_getmetatable(L, top)) {
        res = sg_ctx_fail(ctx, SG_EINPUT, "%s:%d: moves(%s) returned a table "
                          "with a metatable; the options are a plain table",
                          r->file, r->moves_line,
                          quoted_tuple(r, t, q, sizeof q));
        lua_settop(L, top - 1);
        return res;
    }
    size_t n = lua_rawlen(L, top);
    int64_t parts[SG_DEFINE_MAX_PARTS * SG_DEFINE_MAX_ARITY];
    /* Options of several numbers may also come flat, {a1, b1, a2, b2,
     * ...}: the same options without a table each.  A table per option is
     * most of the time of a game with many moves (Wythoff's 200 x 200
     * makes 10.6 million of them), and the flat list is one table.  Its
     * numbers are the hot loop of such a game: each is pushed (lua_geti()
     * calls no metamethod, the list having no metatable, and says its
     * type) and read off the stack, and the stack is popped once for a run
     * of options. */
    size_t arity = r->arity;
    if (arity > 1 && n > 0 && n % arity == 0 &&
        lua_rawgeti(L, top, 1) == LUA_TNUMBER) {
        lua_settop(L, top);
        if (!lua_checkstack(L, (int)(FLAT_RUN * arity))) {
            lua_settop(L, top - 1);
            return sg_ctx_fail(ctx, SG_ENOMEM, "%s: out of memory reading "
                               "the options of %s", r->file,
                               quoted_tuple(r, t, q, sizeof q));
        }
        int64_t run[FLAT_RUN * SG_DEFINE_MAX_ARITY];
        for (size_t first = 0; first < n && res == SG_OK;
             first += FLAT_RUN * arity) {
            size_t len = n - first < FLAT_RUN * arity ? n - first
                                                      : FLAT_RUN * arity;
            size_t bad = len;
            for (size_t i = 0; i < len; i++)
                if (!pushed_number(L, lua_geti(L, top,
                                               (lua_Integer)(first + i) + 1),
                                   &run[i])) {
                    bad = i;
                    break;
                }
            if (bad < len) {
                size_t o = (first + bad) / arity;
                char w[80];
                value_words(L, -1, w, sizeof w);
                snprintf(rd.why, sizeof rd.why, "(numbers %zu to %zu of "
                         "the flat list): number %zu is %s", o * arity + 1,
                         o * arity + arity, (first + bad) % arity + 1, w);
                res = sg_ctx_fail(ctx, SG_EINPUT, "%s:%d: moves(%s): option "
                                  "%zu %s", r->file, r->moves_line,
                                  quoted_tuple(r, t, q, sizeof q), o + 1,
                                  rd.why);
            } else if (!out->add_flat(out->user, run, len / arity)) {
                res = ctx->status;
            }
            lua_settop(L, top);
        }
        lua_settop(L, top - 1);
        return res;
    }
    lua_settop(L, top);
    for (size_t o = 0; o < n && res == SG_OK; o++) {
        size_t k = read_plain(L, top, o + 1, arity, parts);
        if (k == 0) {
            lua_settop(L, top);
            lua_rawgeti(L, top, (lua_Integer)o + 1);
            k = read_option(&rd, top + 1, parts);
        }
        lua_settop(L, top);
        if (k == 0)
            res = sg_ctx_fail(ctx, SG_EINPUT, "%s:%d: moves(%s): option %zu "
                              "%s", r->file, r->moves_line,
                              quoted_tuple(r, t, q, sizeof q), o + 1, rd.why);
        else if (!out->add(out->user, parts, k))
            res = ctx->status;
    }
    lua_settop(L, top - 1);
    return res;
}

/* Exploring: an option of the position on top of the stack. */
static bool explore_add(void *user, const int64_t *parts, size_t k)
{
    explore *e = user;
    if (!grow(e->ctx, (void **)&e->opt_parts, &e->parts_cap, e->nparts, k,
              sizeof *e->opt_parts) ||
        !grow(e->ctx, (void **)&e->opt_len, &e->opts_cap, e->nopts, 1, 1))
        return false;
    for (size_t i = 0; i < k; i++) {
        uint32_t id = id_of(e->ctx, e->r, &parts[i * e->r->arity]);
        if (id == UINT32_MAX)
            return false;
        e->opt_parts[e->nparts + i] = id;
    }
    e->nparts += k;
    e->opt_len[e->nopts++] = (uint8_t)k;
    return true;
}

/* Exploring: N options of one part each, their numbers one after another. */
static bool explore_add_flat(void *user, const int64_t *numbers, size_t n)
{
    explore *e = user;
    rules *r = e->r;
    if (!grow(e->ctx, (void **)&e->opt_parts, &e->parts_cap, e->nparts, n,
              sizeof *e->opt_parts) ||
        !grow(e->ctx, (void **)&e->opt_len, &e->opts_cap, e->nopts, n, 1))
        return false;
    uint32_t *ids = e->opt_parts + e->nparts;
    for (size_t o = 0; o < n; o++) {
        uint32_t id = id_of(e->ctx, r, &numbers[o * r->arity]);
        if (id == UINT32_MAX)
            return false;
        ids[o] = id;
    }
    memset(e->opt_len + e->nopts, 1, n);
    e->nparts += n;
    e->nopts += n;
    return true;
}

/* Numbers the position on top of the stack, whose options' positions all
 * are, and computes its value. */
static bool finish(explore *e, const frame *f)
{
    rules *r = e->r;
    size_t degree = e->nopts - f->opt_begin;
    size_t had = e->marks_cap;
    if (!grow(e->ctx, (void **)&e->marks, &e->marks_cap, 0, degree + 1,
              sizeof *e->marks))
        return false;
    /* New marks must not hold a stamp by chance. */
    if (e->marks_cap > had)
        memset(e->marks + had, 0, (e->marks_cap - had) * sizeof *e->marks);
    e->stamp++;
    /* No option has been listed yet when the first positions have no
     * moves, and then there is no array to point into. */
    const uint32_t *p = e->opt_parts ? e->opt_parts + f->part_begin : NULL;
    for (size_t o = f->opt_begin; o < e->nopts; o++) {
        uint32_t v = 0;
        size_t k = e->opt_len[o];
        for (size_t j = 0; j < k; j++)
            v ^= r->value[r->number[p[j]]];
        p += k;
        if (k > r->max_parts)
            r->max_parts = k;
        if (v <= degree)
            e->marks[v] = e->stamp;
    }
    uint32_t mex = 0;
    while (e->marks[mex] == e->stamp)
        mex++;
    uint32_t x = (uint32_t)r->count++;
    r->number[f->id] = x;
    r->id_of[x] = f->id;
    r->value[x] = mex;
    r->state[f->id] = DONE;
    if (degree > r->max_degree)
        r->max_degree = degree;
    r->total_moves += degree;
    return true;
}

/* Explores everything reachable from the position ID. */
static sg_status visit(explore *e, uint32_t id)
{
    rules *r = e->r;
    if (r->state[id] != NEW)
        return SG_OK;
    e->nframes = 0;
    if (!grow(e->ctx, (void **)&e->frames, &e->frames_cap, 0, 1,
              sizeof *e->frames))
        return e->ctx->status;
    e->frames[e->nframes++] = (frame){id, 0, 0, SIZE_MAX};
    int64_t pos[SG_DEFINE_MAX_ARITY];
    while (e->nframes) {
        frame *f = &e->frames[e->nframes - 1];
        if (f->cursor == SIZE_MAX) {
            r->state[f->id] = OPEN;
            f->opt_begin = e->nopts;
            f->part_begin = f->cursor = e->nparts;
            /* The tuples may move while options are listed: the file reads
             * a copy. */
            memcpy(pos, &r->tuples[(size_t)f->id * r->arity],
                   r->arity * sizeof *pos);
            sg_status st = list_options(e->ctx, r, pos, &e->out);
            if (st != SG_OK)
                return st;
        }
        uint32_t next = UINT32_MAX;
        while (f->cursor < e->nparts) {
            uint32_t c = e->opt_parts[f->cursor++];
            if (r->state[c] == NEW) {
                next = c;
                break;
            }
            if (r->state[c] == OPEN)
                return report_cycle(e, c);
        }
        if (next != UINT32_MAX) {
            if (!grow(e->ctx, (void **)&e->frames, &e->frames_cap, e->nframes,
                      1, sizeof *e->frames))
                return e->ctx->status;
            e->frames[e->nframes++] = (frame){next, 0, 0, SIZE_MAX};
            continue;
        }
        if (!finish(e, f))
            return e->ctx->status;
        e->nparts = f->part_begin;
        e->nopts = f->opt_begin;
        e->nframes--;
    }
    return SG_OK;
}

/* ------------------------------------------------------------------------ */
/* The kind                                                                 */
/* ------------------------------------------------------------------------ */

static uint64_t count(const sg_game *game) { return ru(game)->count; }

static sg_value value_bound(const sg_game *game, uint64_t last)
{
    (void)last;
    return ru(game)->max_degree;
}

static uint64_t max_moves(const sg_game *game, uint64_t last)
{
    (void)last;
    return ru(game)->max_degree;
}

static double work(const sg_game *game, uint64_t last)
{
    (void)last;
    return (double)ru(game)->total_moves;
}

/* Asking again: the moves of position X into OUT. */
typedef struct again {
    const rules *r;
    uint64_t x;
    sg_moves *out;
    bool bad;
} again;

static bool again_add(void *user, const int64_t *parts, size_t k)
{
    again *a = user;
    const rules *r = a->r;
    if (a->out->n >= r->max_degree || k > r->ops.max_parts) {
        a->bad = true;
        return true;
    }
    uint64_t p[SG_DEFINE_MAX_PARTS];
    for (size_t i = 0; i < k; i++) {
        uint32_t id = find_id(r, &parts[i * r->arity]);
        if (id == UINT32_MAX || r->state[id] != DONE ||
            r->number[id] >= a->x) {
            a->bad = true;
            return true;
        }
        p[i] = r->number[id];
    }
    if (r->ops.max_parts > 1)
        sg_moves_add_split(a->out, 0, p, k);
    else
        sg_moves_add(a->out, 0, p[0]);
    return true;
}

static bool again_add_flat(void *user, const int64_t *numbers, size_t n)
{
    again *a = user;
    for (size_t o = 0; o < n; o++)
        again_add(a, &numbers[o * a->r->arity], 1);
    return true;
}

static void moves(const sg_game *game, uint64_t x, sg_moves *out)
{
    const rules *r = ru(game);
    if (x >= r->count)
        return;
    int64_t pos[SG_DEFINE_MAX_ARITY];
    memcpy(pos, &r->tuples[(size_t)r->id_of[x] * r->arity],
           r->arity * sizeof *pos);
    size_t first = out->n;
    again a = {r, x, out, false};
    sg_ctx scratch = {SG_OK, "", 0};
    /* The file answered for this position once; an answer that differs
     * now is the file's fault, kept for check_moves() to report.  The mex
     * of the moves listed now must be the value kept from the first. */
    sink to = {again_add, again_add_flat, &a};
    if (list_options(&scratch, (rules *)r, pos, &to) != SG_OK ||
        a.bad) {
        *r->fault = true;
        return;
    }
    uint64_t stamp = ++*r->again_stamp;
    size_t n = out->n - first;
    for (size_t i = first; i < out->n; i++) {
        uint32_t v = 0;
        if (out->part_start)
            for (size_t j = out->part_start[i]; j < out->part_start[i + 1]; j++)
                v ^= r->value[out->parts[j]];
        else
            v = r->value[out->targets[i]];
        if (v <= n)
            r->again_marks[v] = stamp;
    }
    uint32_t mex = 0;
    while (r->again_marks[mex] == stamp)
        mex++;
    if (mex != r->value[x])
        *r->fault = true;
}

static sg_status check_moves(sg_ctx *ctx, const sg_game *game, uint64_t x,
                             bool below)
{
    const rules *r = ru(game);
    /* Before the mex steps of every position up to X are written (a
     * trace, frames), each is asked again here, so that a file whose
     * moves change from call to call is refused before a line is written
     * rather than shown with wrong steps.  The steps ask them again
     * anyway: this at most doubles the calls of a command whose output
     * is as long as its positions are many. */
    if (below && !*r->fault && x < r->count) {
        size_t degree = (size_t)r->max_degree + 1;
        size_t parts = degree * r->ops.max_parts;
        sg_moves m = {0, NULL, NULL, NULL, NULL};
        m.targets = sg_alloc(ctx, degree, sizeof *m.targets);
        if (r->ops.max_parts > 1) {
            m.part_start = sg_alloc(ctx, degree + 1, sizeof *m.part_start);
            m.parts = sg_alloc(ctx, parts, sizeof *m.parts);
        }
        bool ok = m.targets && (r->ops.max_parts == 1 ||
                                (m.part_start && m.parts));
        for (uint64_t y = 0; ok && y <= x && !*r->fault; y++) {
            sg_moves_clear(&m);
            moves(game, y, &m);
        }
        free(m.targets);
        free(m.part_start);
        free(m.parts);
        if (!ok)
            return ctx->status;
    }
    if (*r->fault)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: moves() answered otherwise "
                           "when asked again for the same position; its "
                           "options must depend on the position alone",
                           r->file);
    return SG_OK;
}

static sg_status values(sg_ctx *ctx, const sg_game *game, uint64_t last,
                        sg_values **out)
{
    const rules *r = ru(game);
    sg_values *v = sg_alloc(ctx, 1, sizeof *v);
    uint32_t *data = v ? sg_alloc_raw(ctx, (size_t)last + 1, sizeof *data)
                       : NULL;
    if (!data) {
        free(v);
        return ctx->status;
    }
    memcpy(data, r->value, ((size_t)last + 1) * sizeof *data);
    for (uint64_t x = 0; x <= last; x++)
        if (data[x] > v->max)
            v->max = data[x];
    v->count = last + 1;
    v->width = 4;
    v->data = data;
    *out = v;
    return SG_OK;
}

/* The name of tuple T: the file's label(), or its numbers. */
/* The most positions whose labels are read when the game is explored;
 * a larger game asks label() for a name when it is shown, and shows the
 * numbers where the name is not one. */
#define LABELS_MAX (UINT64_C(1) << 20)

typedef struct label_order {
    const char *labels;
    const size_t *at;
} label_order;

/* qsort() takes no context: the labels it sorts, one set per thread. */
static _Thread_local label_order sorting;

static int compare_labels(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    int c = strcmp(sorting.labels + sorting.at[x], sorting.labels + sorting.at[y]);
    return c ? c : (x > y) - (x < y);
}

/* The name that label() left on top of the stack, into NUM when it is a
 * number (written as Lua writes it: 2 and 2.0 apart), with its length in
 * *LEN; NULL with the reason in WHY (of WHY_SIZE bytes) when it is not a
 * name: not a string or number, empty, too long, or with a control
 * character. */
static const char *label_text(lua_State *L, char num[48], size_t *len,
                              char *why, size_t why_size)
{
    int type = lua_type(L, -1);
    const char *name = NULL;
    /* A number is written here, because lua_tolstring() would make a
     * string outside a protected call. */
    if (type == LUA_TNUMBER && lua_isinteger(L, -1)) {
        snprintf(num, 48, "%lld", (long long)lua_tointeger(L, -1));
        name = num;
    } else if (type == LUA_TNUMBER) {
        snprintf(num, 48, "%.14g", lua_tonumber(L, -1));
        if (!strpbrk(num, ".eEin"))
            strcat(num, ".0");
        name = num;
    }
    if (name)
        *len = strlen(name);
    else if (type == LUA_TSTRING)
        name = lua_tolstring(L, -1, len);
    if (!name) {
        snprintf(why, why_size, "%s, not a string", lua_typename(L, type));
        return NULL;
    }
    if (*len == 0) {
        snprintf(why, why_size, "an empty string");
        return NULL;
    }
    if (*len >= SG_DEFINE_NAME_MAX) {
        snprintf(why, why_size, "a name of %zu bytes, more than the %d a "
                 "name may have", *len, SG_DEFINE_NAME_MAX - 1);
        return NULL;
    }
    for (size_t i = 0; i < *len; i++)
        if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f) {
            snprintf(why, why_size, "a name with a control character (a "
                     "line break, a tab), which would break the lines of "
                     "tables and traces");
            return NULL;
        }
    return name;
}

/* Reads label() of every position, so that a name that is not one is
 * found now, with the position it names, rather than shown as numbers
 * in the middle of a table: each must be a string (or a number) of 1 to
 * SG_DEFINE_NAME_MAX - 1 bytes without control characters (a line break
 * would break the lines of a table), and no two positions may share a
 * name. */
static sg_status make_labels(sg_ctx *ctx, rules *r)
{
    if (r->label_ref == LUA_NOREF || r->count > LABELS_MAX)
        return SG_OK;
    lua_State *L = r->L;
    sg_buf names;
    sg_buf_init(&names);
    size_t *at = sg_alloc(ctx, (size_t)r->count + 1, sizeof *at);
    sg_status res = at ? SG_OK : ctx->status;
    for (uint64_t x = 0; res == SG_OK && x < r->count; x++) {
        const int64_t *t = &r->tuples[(size_t)r->id_of[x] * r->arity];
        char q[96], num[48];
        int st = call_rules(r, r->label_ref, t);
        if (st != LUA_OK) {
            res = call_failed(ctx, r, st);
            break;
        }
        size_t len = 0;
        char words[200];
        const char *name = label_text(L, num, &len, words, sizeof words);
        if (!name) {
            res = sg_ctx_fail(ctx, SG_EINPUT, "%s:%d: label(%s) returned %s",
                              r->file, r->label_line,
                              quoted_tuple(r, t, q, sizeof q), words);
        } else {
            at[x] = names.len;
            sg_buf_add(&names, name, len);
            sg_buf_add(&names, "", 1);
        }
        lua_pop(L, 1);
    }
    if (res == SG_OK && names.failed)
        res = sg_ctx_fail(ctx, SG_ENOMEM, "%s: out of memory keeping the "
                          "labels", r->file);
    size_t *order = res == SG_OK ? sg_alloc(ctx, (size_t)r->count + 1,
                                            sizeof *order)
                                 : NULL;
    if (res == SG_OK && !order)
        res = ctx->status;
    if (res == SG_OK) {
        for (size_t x = 0; x < r->count; x++)
            order[x] = x;
        sorting = (label_order){names.data, at};
        qsort(order, (size_t)r->count, sizeof *order, compare_labels);
        for (size_t i = 1; i < r->count && res == SG_OK; i++) {
            const char *a = names.data + at[order[i - 1]];
            if (strcmp(a, names.data + at[order[i]]) != 0)
                continue;
            char qa[96], qb[96], qn[160];
            res = sg_ctx_fail(
                ctx, SG_EINPUT, "%s:%d: label(%s) and label(%s) both return "
                "\"%s\"; each position needs a name of its own", r->file,
                r->label_line,
                quoted_tuple(r, &r->tuples[(size_t)r->id_of[order[i - 1]] *
                                           r->arity], qa, sizeof qa),
                quoted_tuple(r, &r->tuples[(size_t)r->id_of[order[i]] *
                                           r->arity], qb, sizeof qb),
                sg_quote(a, strlen(a), qn, sizeof qn));
        }
    }
    free(order);
    if (res != SG_OK) {
        free(at);
        sg_buf_free(&names);
        return res;
    }
    r->labels = names.data;
    r->label_at = at;
    return SG_OK;
}

static void name_tuple(const rules *r, const int64_t *t, char *buf,
                       size_t size)
{
    if (r->label_ref != LUA_NOREF) {
        lua_State *L = r->L;
        int st = call_rules(r, r->label_ref, t);
        size_t len = 0;
        char num[48], why[200];
        const char *s = st == LUA_OK ? label_text(L, num, &len, why,
                                                  sizeof why)
                                     : NULL;
        if (s && len < size && !memchr(s, '\0', len)) {
            memcpy(buf, s, len + 1);
            lua_pop(L, 1);
            return;
        }
        if (st != LUA_OK) {
            r->lim->over_memory = false;
            r->lim->over_steps = false;
        }
        lua_pop(L, 1);
    }
    sg_tuple_text(t, r->arity, buf, size);
}

/* The name position X (numbered) is shown by: its label, read once or
 * asked now into BUF (of SG_DEFINE_NAME_MAX bytes), or its numbers. */
static const char *shown_name(const rules *r, uint64_t x, char *buf)
{
    if (r->labels)
        return r->labels + r->label_at[x];
    name_tuple(r, &r->tuples[(size_t)r->id_of[x] * r->arity], buf,
               SG_DEFINE_NAME_MAX);
    return buf;
}

static const char *position_name(const sg_game *game, uint64_t x, char *buf,
                                 size_t size)
{
    const rules *r = ru(game);
    char made[SG_DEFINE_NAME_MAX];
    const char *name = made;
    if (x >= r->count)
        snprintf(made, sizeof made, "#%llu", (unsigned long long)x);
    else
        name = shown_name(r, x, made);
    size_t len = strlen(name);
    if (len < size) {
        memcpy(buf, name, len + 1);
        return buf;
    }
    unsigned at = (*r->ring_next)++ % NAME_RING;
    memcpy(r->ring[at], name, len + 1);
    return r->ring[at];
}

/* The most positions whose labels are searched for a name that is not
 * numbers: each costs a call into the file. */
#define LABEL_SEARCH_MAX 100000

static bool find_position(const sg_game *game, const char *name, size_t len,
                          uint64_t *x)
{
    const rules *r = ru(game);
    int64_t t[SG_DEFINE_MAX_ARITY];
    if (!sg_tuple_parse(name, len, r->arity, t)) {
        /* A position may be named as the file's label() shows it. */
        if (r->label_ref == LUA_NOREF || r->count > LABEL_SEARCH_MAX ||
            len >= SG_DEFINE_NAME_MAX)
            return false;
        char made[SG_DEFINE_NAME_MAX];
        for (uint64_t y = 0; y < r->count; y++) {
            const char *shown = shown_name(r, y, made);
            if (strlen(shown) == len && memcmp(shown, name, len) == 0) {
                *x = y;
                return true;
            }
        }
        return false;
    }
    uint32_t id = find_id(r, t);
    if (id == UINT32_MAX || r->state[id] != DONE)
        return false;
    *x = r->number[id];
    return true;
}

static sg_period_rule period_rule(const sg_game *game)
{
    (void)game;
    return SG_PERIOD_NONE;
}

/* A position of two numbers, both from 0, has its cell in a picture's
 * grid: (a, b) at column a, row b. */
static bool cell(const sg_game *game, uint64_t x, uint64_t *col,
                 uint64_t *row)
{
    const rules *r = ru(game);
    const int64_t *t = &r->tuples[(size_t)r->id_of[x] * r->arity];
    if (r->arity != 2 || t[0] < 0 || t[1] < 0)
        return false;
    *col = (uint64_t)t[0];
    *row = (uint64_t)t[1];
    return true;
}

/* Tuples in increasing order, first number first. */
static int compare_tuples(const void *game, uint64_t a, uint64_t b)
{
    const rules *r = game;
    const int64_t *s = &r->tuples[(size_t)r->id_of[a] * r->arity];
    const int64_t *t = &r->tuples[(size_t)r->id_of[b] * r->arity];
    for (size_t i = 0; i < r->arity; i++)
        if (s[i] != t[i])
            return s[i] < t[i] ? -1 : 1;
    return 0;
}

static void order(const sg_game *game, uint64_t *out)
{
    const rules *r = ru(game);
    for (uint64_t x = 0; x < r->count; x++)
        out[x] = x;
    sg_sort_positions(out, (size_t)r->count, compare_tuples, r);
}

static void destroy(sg_game *game)
{
    rules *r = (rules *)game;
    if (r->L) {
        /* Closing the state runs the file's finalizers (__gc), under a
         * budget like any call, so that one cannot hang the program. */
        budget_start(r->lim);
        lua_close(r->L);
    }
    if (r->lim)
        pool_free(&r->lim->small);
    free(r->lim);
    free(r->file);
    free(r->tuples);
    free(r->state);
    free(r->number);
    free(r->id_of);
    free(r->value);
    free(r->box);
    free(r->slots);
    free(r->fault);
    free(r->again_marks);
    free(r->again_stamp);
    free(r->ring);
    free(r->ring_next);
    free(r->input);
    free(r->labels);
    free(r->label_at);
}

static const sg_game_ops rules_ops = {
    .name = "rules",
    .id = SG_GAME_RULES,
    .noun = "position",
    .wording = SG_WORDING_TARGETS,
    .max_parts = 1,
    .takes_amounts = false,
    .destroy = destroy,
    .count = count,
    .value_bound = value_bound,
    .max_moves = max_moves,
    .work = work,
    .moves = moves,
    .shape = sg_game_shape_general,
    .values = values,
    .reach = sg_game_no_reach,
    .position_name = position_name,
    .find_position = find_position,
    .period_rule = period_rule,
    .cell = cell,
    .order = order,
    .check_moves = check_moves,
};

/* ------------------------------------------------------------------------ */
/* Reading the file                                                         */
/* ------------------------------------------------------------------------ */

/* The numbers a function takes, or -1 when it takes any number. */
static int params_of(lua_State *L, int idx)
{
    lua_Debug ar;
    lua_pushvalue(L, idx);
    if (!lua_getinfo(L, ">u", &ar))
        return -1;
    return ar.isvararg ? -1 : ar.nparams;
}

static int line_of(lua_State *L, int idx)
{
    lua_Debug ar;
    lua_pushvalue(L, idx);
    if (!lua_getinfo(L, ">S", &ar))
        return 0;
    return ar.linedefined;
}

/* The starts of the game: a growing list of tuples. */
typedef struct starts {
    int64_t *t;
    size_t n, cap;
} starts;

static bool starts_add(sg_ctx *ctx, starts *s, const int64_t *t, size_t arity)
{
    if (!grow(ctx, (void **)&s->t, &s->cap, s->n * arity, arity, sizeof *s->t))
        return false;
    memcpy(&s->t[s->n * arity], t, arity * sizeof *t);
    s->n++;
    return true;
}

/* Reads the starts of TEXT ("9,9 3,5", "3,5+2,7"), for option OPT. */
static sg_status starts_from_text(sg_ctx *ctx, rules *r, const char *text,
                                  const char *opt, starts *s)
{
    const char *p = text;
    for (;;) {
        p += strspn(p, " \t\n\r");
        if (!*p)
            break;
        size_t len = strcspn(p, " \t\n\r+");
        int64_t t[SG_DEFINE_MAX_ARITY];
        char q[96];
        if (len == 0) {
            p++;
            continue;
        }
        size_t k = count_numbers(p, len);
        if (k != r->arity)
            return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": a position of %s "
                               "has %zu number%s, not %zu", opt,
                               sg_quote(p, len, q, sizeof q), r->file,
                               r->arity, r->arity == 1 ? "" : "s", k);
        if (!sg_tuple_parse(p, len, r->arity, t))
            return sg_ctx_fail(ctx, SG_EINPUT, "%s \"%s\": not a position "
                               "(whole numbers apart by commas, such as "
                               "3,5)", opt, sg_quote(p, len, q, sizeof q));
        if (!starts_add(ctx, s, t, r->arity))
            return ctx->status;
        p += len;
        if (*p == '+')
            p++;
    }
    return SG_OK;
}

/* Reads the file's `start` (on top of the stack). */
static sg_status starts_from_global(sg_ctx *ctx, rules *r, starts *s)
{
    lua_State *L = r->L;
    int top = lua_gettop(L);
    reading rd = {r, ""};
    int64_t t[SG_DEFINE_MAX_ARITY];
    if (lua_type(L, top) == LUA_TNUMBER) {
        if (!read_position(&rd, top, t))
            return sg_ctx_fail(ctx, SG_EINPUT, "%s: start %s", r->file,
                               rd.why);
        return starts_add(ctx, s, t, r->arity) ? SG_OK : ctx->status;
    }
    if (lua_type(L, top) != LUA_TTABLE) {
        char w[80];
        value_words(L, top, w, sizeof w);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: start is %s, not a list of "
                           "positions such as { {9, 9}, {3, 5} }", r->file, w);
    }
    size_t n = lua_rawlen(L, top);
    /* start = {9, 9} in a game of two numbers is one position. */
    bool one = r->arity > 1 && n == r->arity;
    for (size_t i = 0; one && i < n; i++) {
        lua_rawgeti(L, top, (lua_Integer)i + 1);
        one = lua_type(L, -1) == LUA_TNUMBER;
        lua_pop(L, 1);
    }
    if (one) {
        if (!read_position(&rd, top, t))
            return sg_ctx_fail(ctx, SG_EINPUT, "%s: start %s", r->file,
                               rd.why);
        return starts_add(ctx, s, t, r->arity) ? SG_OK : ctx->status;
    }
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, top, (lua_Integer)i + 1);
        bool ok = read_position(&rd, top + 1, t);
        lua_settop(L, top);
        if (!ok)
            return sg_ctx_fail(ctx, SG_EINPUT, "%s: start position %zu %s",
                               r->file, i + 1, rd.why);
        if (!starts_add(ctx, s, t, r->arity))
            return ctx->status;
    }
    return SG_OK;
}

/* The globals sgviz reads from a rules file. */
static const char *const global_names[] = {"moves", "label", "read", "start",
                                           "name", "describe"};

/* Run under lua_pcall() with the array of references as its light
 * userdata: keeps each global in the registry.  Reading globals outside
 * of a protected call could raise an error with no handler (a memory
 * error making the name's string; an __index of the file's own on _G),
 * which would end the program; rawget calls no metamethod. */
static int collect_globals(lua_State *L)
{
    int *refs = lua_touserdata(L, 1);
    for (size_t i = 0; i < sizeof global_names / sizeof global_names[0];
         i++) {
        lua_pushglobaltable(L);
        lua_pushstring(L, global_names[i]);
        lua_rawget(L, -2);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            refs[i] = LUA_NOREF;
        } else {
            refs[i] = luaL_ref(L, LUA_REGISTRYINDEX);
        }
        lua_pop(L, 1);
    }
    return 0;
}

/* Pushes the global NAME that collect_globals() kept (nil when unset),
 * and returns its type. */
static int push_global(const rules *r, const char *name)
{
    for (size_t i = 0; i < sizeof global_names / sizeof global_names[0];
         i++)
        if (strcmp(global_names[i], name) == 0 &&
            r->globals[i] != LUA_NOREF)
            return lua_rawgeti(r->L, LUA_REGISTRYINDEX, r->globals[i]);
    lua_pushnil(r->L);
    return LUA_TNIL;
}

/* Reads the string global NAME into a new string *OUT, when it is set. */
static sg_status string_global(sg_ctx *ctx, rules *r, const char *name,
                               char **out)
{
    lua_State *L = r->L;
    *out = NULL;
    int type = push_global(r, name);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        return SG_OK;
    }
    if (type != LUA_TSTRING) {
        char w[80];
        value_words(L, -1, w, sizeof w);
        lua_pop(L, 1);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: %s is %s, not a string",
                           r->file, name, w);
    }
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    char clean[256];
    *out = sg_strdup(ctx, sg_clean_text(s, len, clean, sizeof clean));
    lua_pop(L, 1);
    return *out ? SG_OK : ctx->status;
}

/* The function global NAME into a reference, or LUA_NOREF when unset. */
static sg_status function_global(sg_ctx *ctx, rules *r, const char *name,
                                 int *ref)
{
    lua_State *L = r->L;
    *ref = LUA_NOREF;
    int type = push_global(r, name);
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        return SG_OK;
    }
    if (type != LUA_TFUNCTION) {
        char w[80];
        value_words(L, -1, w, sizeof w);
        lua_pop(L, 1);
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: %s is %s, not a function",
                           r->file, name, w);
    }
    lua_pop(L, 1);
    for (size_t i = 0; i < sizeof global_names / sizeof global_names[0];
         i++)
        if (strcmp(global_names[i], name) == 0)
            *ref = r->globals[i];
    return SG_OK;
}

/* The starts OPTS gives, or the file's. */
static sg_status find_starts(sg_ctx *ctx, rules *r, const sg_rules_opts *o,
                             starts *s)
{
    if (o->start && starts_from_text(ctx, r, o->start, "--start", s) != SG_OK)
        return ctx->status;
    if (o->positions &&
        starts_from_text(ctx, r, o->positions, "position", s) != SG_OK)
        return ctx->status;
    if (o->has_max) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        if (o->max > (uint64_t)INT64_MAX)
            return sg_ctx_fail(ctx, SG_EINPUT, "-n %llu is too large",
                               (unsigned long long)o->max);
        if (r->arity == 1) {
            if (o->max >= r->max_positions)
                return sg_ctx_fail(ctx, SG_ELIMIT, "-n %llu: more than %llu "
                                   "positions, the bound (--explore-max)",
                                   (unsigned long long)o->max,
                                   (unsigned long long)r->max_positions);
            for (uint64_t x = 0; x <= o->max; x++) {
                t[0] = (int64_t)x;
                if (!starts_add(ctx, s, t, 1))
                    return ctx->status;
            }
        } else {
            for (size_t i = 0; i < r->arity; i++)
                t[i] = (int64_t)o->max;
            if (!starts_add(ctx, s, t, r->arity))
                return ctx->status;
        }
    }
    if (s->n)
        return SG_OK;
    lua_State *L = r->L;
    if (push_global(r, "start") != LUA_TNIL) {
        sg_status st = starts_from_global(ctx, r, s);
        lua_pop(L, 1);
        if (st != SG_OK)
            return st;
    } else {
        lua_pop(L, 1);
    }
    if (!s->n)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: no position to explore from: "
                           "set start in the file, or give --start, -n N or "
                           "positions", r->file);
    return SG_OK;
}

/* Runs the file's text and reads its globals into R. */
static sg_status load_rules(sg_ctx *ctx, rules *r, const char *text,
                            size_t len)
{
    lua_State *L = r->L;
    char chunk[4200];
    snprintf(chunk, sizeof chunk, "@%s", r->file);
    /* As the lua program reads a file: a UTF-8 byte order mark (which
     * Windows' Notepad writes) is skipped, and so is a first line that
     * starts with #, as "#!/usr/bin/env lua" does; its newline stays, so
     * that the lines keep their numbers. */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        len -= 3;
    }
    if (len > 0 && text[0] == '#') {
        const char *nl = memchr(text, '\n', len);
        size_t skip = nl ? (size_t)(nl - text) : len;
        text += skip;
        len -= skip;
    }
    /* Text only: a binary chunk can break the virtual machine. */
    int st = luaL_loadbufferx(L, text, len, chunk, "t");
    if (st != LUA_OK)
        return call_failed(ctx, r, st);
    budget_start(r->lim);
    st = lua_pcall(L, 0, 0, 0);
    budget_end(r->lim);
    if (st == LUA_OK && (r->lim->over_steps || r->lim->over_memory)) {
        lua_pushnil(L);
        st = LUA_ERRRUN;
    }
    if (st != LUA_OK)
        return call_failed(ctx, r, st);
    lua_pushcfunction(L, collect_globals);
    lua_pushlightuserdata(L, r->globals);
    st = lua_pcall(L, 1, 0, 0);
    if (st != LUA_OK)
        return call_failed(ctx, r, st);
    if (function_global(ctx, r, "moves", &r->moves_ref) != SG_OK ||
        function_global(ctx, r, "label", &r->label_ref) != SG_OK ||
        function_global(ctx, r, "read", &r->read_ref) != SG_OK)
        return ctx->status;
    if (r->moves_ref == LUA_NOREF)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: no moves function: define "
                           "function moves(a, b, ...) returning the options "
                           "of a position", r->file);
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->moves_ref);
    int params = params_of(L, -1);
    r->moves_line = line_of(L, -1);
    lua_pop(L, 1);
    if (r->label_ref != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->label_ref);
        r->label_line = line_of(L, -1);
        lua_pop(L, 1);
    }
    if (params == 0)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s:%d: moves() takes no "
                           "numbers; give it one argument per number of a "
                           "position, as in function moves(a, b)", r->file,
                           r->moves_line);
    if (params > SG_DEFINE_MAX_ARITY)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s:%d: moves() takes %d numbers; "
                           "a position has 1 to %d", r->file, r->moves_line,
                           params, SG_DEFINE_MAX_ARITY);
    r->arity = params > 0 ? (size_t)params : 0;
    return SG_OK;
}

/* With moves(...): the count of numbers from the first start. */
static sg_status arity_from_start(sg_ctx *ctx, rules *r,
                                  const sg_rules_opts *o)
{
    lua_State *L = r->L;
    size_t k = 0;
    const char *named = o->start ? o->start : o->positions;
    if (named) {
        const char *p = named + strspn(named, " \t\n\r");
        k = count_numbers(p, strcspn(p, " \t\n\r+"));
    } else if (push_global(r, "start") == LUA_TTABLE) {
        lua_rawgeti(L, -1, 1);
        k = lua_type(L, -1) == LUA_TTABLE ? lua_rawlen(L, -1)
            : lua_type(L, -1) == LUA_TNUMBER ? 1 : 0;
        lua_pop(L, 2);
    } else {
        k = lua_type(L, -1) == LUA_TNUMBER || o->has_max ? 1 : 0;
        lua_pop(L, 1);
    }
    if (k > SG_DEFINE_MAX_ARITY)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s: %s position 1 has %zu "
                           "numbers; a position has 1 to %d", r->file,
                           named ? (o->start ? "--start" : "the command "
                                                           "line's")
                                 : "start",
                           k, SG_DEFINE_MAX_ARITY);
    if (k < 1)
        return sg_ctx_fail(ctx, SG_EINPUT, "%s:%d: moves(...) takes any "
                           "numbers, and no start says how many a position "
                           "has; name them, as in function moves(a, b)",
                           r->file, r->moves_line);
    r->arity = k;
    return SG_OK;
}

/* A line of judges' input for read(). */
typedef struct line_arg {
    const char *text;
    size_t len;
    int ref;
} line_arg;

/* Run under lua_pcall(): read(line), the line made a string there, since
 * making it may need memory. */
static int call_read(lua_State *L)
{
    const line_arg *a = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, a->ref);
    lua_pushlstring(L, a->text, a->len);
    lua_call(L, 1, 1);
    return 1;
}

/* "is 5, not a position" as "a value that is 5, not a position". */
static void prefix_why(reading *rd)
{
    char inner[200];
    memcpy(inner, rd->why, sizeof inner);
    snprintf(rd->why, sizeof rd->why, "a value that %.180s", inner);
}

/* Hands each line of O's input to the file's read(), adds the positions
 * of the sum it returns to S, and writes them as a line of R's input. */
static sg_status read_input(sg_ctx *ctx, rules *r, const sg_rules_opts *o,
                            starts *s)
{
    lua_State *L = r->L;
    const char *where = o->input_name ? o->input_name : "input";
    sg_buf b;
    sg_buf_init(&b);
    const char *p = o->input, *end = o->input + o->input_len;
    sg_status st = SG_OK;
    for (uint64_t line = 1; p < end && st == SG_OK; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        size_t keep = len && p[len - 1] == '\r' ? len - 1 : len;
        line_arg arg = {p, keep, r->read_ref};
        lua_pushcfunction(L, call_read);
        lua_pushlightuserdata(L, &arg);
        p += len + (nl != NULL);
        budget_start(r->lim);
        int ls = lua_pcall(L, 1, 1, 0);
        budget_end(r->lim);
        if (ls == LUA_OK && (r->lim->over_steps || r->lim->over_memory)) {
            lua_pop(L, 1);
            lua_pushnil(L);
            ls = LUA_ERRRUN;
        }
        if (ls != LUA_OK) {
            st = call_failed(ctx, r, ls);
            break;
        }
        int top = lua_gettop(L);
        int type = lua_type(L, top);
        reading rd = {r, ""};
        int64_t parts[SG_DEFINE_MAX_PARTS * SG_DEFINE_MAX_ARITY];
        size_t k = 0;
        if (type == LUA_TNIL) {
            lua_pop(L, 1);
            continue;
        }
        if (type == LUA_TTABLE && !is_sum(L, top, r->sum_mt_ref)) {
            /* A list of positions, or one position of several numbers. */
            size_t n = lua_rawlen(L, top);
            bool one = r->arity > 1 && n == r->arity;
            for (size_t i = 0; one && i < n; i++) {
                lua_rawgeti(L, top, (lua_Integer)i + 1);
                one = lua_type(L, -1) == LUA_TNUMBER;
                lua_pop(L, 1);
            }
            if (one) {
                k = read_position(&rd, top, parts) ? 1 : 0;
                if (!k)
                    prefix_why(&rd);
            } else if (n < 1 || n > SG_DEFINE_MAX_PARTS) {
                snprintf(rd.why, sizeof rd.why, "a list of %zu positions; "
                         "a sum has 1 to %d", n, SG_DEFINE_MAX_PARTS);
            } else {
                for (k = 0; k < n; k++) {
                    lua_rawgeti(L, top, (lua_Integer)k + 1);
                    char inner[200];
                    bool ok = read_position(&rd, top + 1,
                                            &parts[k * r->arity]);
                    lua_settop(L, top);
                    if (!ok) {
                        memcpy(inner, rd.why, sizeof inner);
                        snprintf(rd.why, sizeof rd.why, "a sum whose "
                                 "position %zu %.160s", k + 1, inner);
                        k = 0;
                        break;
                    }
                }
            }
        } else {
            k = read_option(&rd, top, parts);
            if (!k)
                prefix_why(&rd);
        }
        lua_settop(L, top - 1);
        if (k == 0) {
            st = sg_ctx_fail(ctx, SG_EINPUT, "%s:%llu: %s: read() returned "
                             "%s", where, (unsigned long long)line, r->file,
                             rd.why);
            break;
        }
        for (size_t i = 0; i < k && st == SG_OK; i++) {
            char name[SG_DEFINE_NAME_MAX];
            sg_tuple_text(&parts[i * r->arity], r->arity, name, sizeof name);
            sg_buf_printf(&b, "%s%s", i ? " " : "", name);
            if (!starts_add(ctx, s, &parts[i * r->arity], r->arity))
                st = ctx->status;
        }
        sg_buf_putc(&b, '\n');
    }
    if (st == SG_OK && b.failed)
        st = sg_ctx_fail(ctx, SG_ENOMEM, "out of memory reading %s", where);
    if (st != SG_OK) {
        sg_buf_free(&b);
        return st;
    }
    r->input = b.data ? b.data : sg_strdup(ctx, "");
    r->input_len = b.data ? b.len : 0;
    return r->input ? SG_OK : ctx->status;
}

/* Without read(): every word of O's input that is a position ("3,5", or
 * a part of a sum "3,5+2,7") is explored from, so that judges' lines of
 * positions written as sgviz writes them are answered; other words are
 * left for the reader of the input to report. */
static sg_status input_words(sg_ctx *ctx, rules *r, const sg_rules_opts *o,
                             starts *s)
{
    const char *p = o->input, *end = o->input + o->input_len;
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' ||
                           *p == '\r' || *p == '+'))
            p++;
        const char *w = p;
        while (p < end && !(*p == ' ' || *p == '\t' || *p == '\n' ||
                            *p == '\r' || *p == '+'))
            p++;
        int64_t t[SG_DEFINE_MAX_ARITY];
        if (p > w && sg_tuple_parse(w, (size_t)(p - w), r->arity, t) &&
            !starts_add(ctx, s, t, r->arity))
            return ctx->status;
    }
    return SG_OK;
}

sg_game *sg_game_from_rules(sg_ctx *ctx, const char *text, size_t len,
                            const char *name, const sg_rules_opts *opts)
{
    sg_rules_opts o;
    if (sg_opts_take(ctx, &o, sizeof o, opts ? opts : &(sg_rules_opts){0},
                     sizeof o, "sg_rules_opts") != SG_OK)
        return NULL;
    rules *r = sg_alloc(ctx, 1, sizeof *r);
    if (!r)
        return NULL;
    r->ops = rules_ops;
    r->moves_ref = r->label_ref = r->read_ref = LUA_NOREF;
    for (size_t i = 0; i < sizeof r->globals / sizeof r->globals[0]; i++)
        r->globals[i] = LUA_NOREF;
    r->max_positions = o.max_positions ? o.max_positions
                                       : SG_RULES_MAX_POSITIONS;
    /* Numbers are 32-bit, with one value left for "none". */
    if (r->max_positions > UINT32_MAX - 1)
        r->max_positions = UINT32_MAX - 1;
    r->file = sg_strdup(ctx, name ? name : "rules");
    r->lim = sg_alloc(ctx, 1, sizeof *r->lim);
    r->fault = sg_alloc(ctx, 1, sizeof *r->fault);
    r->ring = sg_alloc(ctx, NAME_RING, sizeof *r->ring);
    r->ring_next = sg_alloc(ctx, 1, sizeof *r->ring_next);
    starts s = {NULL, 0, 0};
    explore e;
    memset(&e, 0, sizeof e);
    char *title = NULL, *describe = NULL;
    if (!r->file || !r->lim || !r->fault || !r->ring || !r->ring_next)
        goto fail;
    r->lim->memory = o.memory ? o.memory : SG_RULES_MEMORY;
    r->lim->steps = o.steps ? o.steps : SG_RULES_STEPS;
    r->L = lua_newstate(sandbox_alloc, r->lim);
    if (!r->L) {
        char bytes[32];
        sg_format_bytes(r->lim->memory, bytes, sizeof bytes);
        if (r->lim->over_memory)
            sg_ctx_fail(ctx, SG_ELIMIT, "%s: Lua needs more than %s to "
                        "start, the ceiling (--lua-memory)", r->file, bytes);
        else
            sg_ctx_fail(ctx, SG_ENOMEM, "%s: out of memory starting Lua",
                        r->file);
        goto fail;
    }
    r->lim->L = r->L;
    /* Reading the file and exploring the game are the many calls that
     * the budget's clock is for. */
    clock_start(r->lim);
    /* Most of what moves() makes is garbage as soon as it returns: the
     * generational collector is made for that. */
    lua_gc(r->L, LUA_GCGEN, 0, 0);
    lua_pushcfunction(r->L, open_sandbox);
    if (lua_pcall(r->L, 0, 1, 0) != LUA_OK) {
        call_failed(ctx, r, LUA_ERRMEM);
        goto fail;
    }
    r->sum_mt_ref = (int)lua_tointeger(r->L, -1);
    lua_pop(r->L, 1);
    if (load_rules(ctx, r, text, len) != SG_OK)
        goto fail;
    if (r->arity == 0 && arity_from_start(ctx, r, &o) != SG_OK)
        goto fail;
    if (o.input && r->read_ref != LUA_NOREF &&
        read_input(ctx, r, &o, &s) != SG_OK)
        goto fail;
    if (o.input && r->read_ref == LUA_NOREF &&
        input_words(ctx, r, &o, &s) != SG_OK)
        goto fail;
    if (find_starts(ctx, r, &o, &s) != SG_OK)
        goto fail;
    if (string_global(ctx, r, "name", &title) != SG_OK ||
        string_global(ctx, r, "describe", &describe) != SG_OK)
        goto fail;
    if (!make_box(ctx, r, s.t, s.n) || !reindex(ctx, r, 256))
        goto fail;
    e.ctx = ctx;
    e.r = r;
    e.out = (sink){explore_add, explore_add_flat, &e};
    for (size_t i = 0; i < s.n; i++) {
        uint32_t id = id_of(ctx, r, &s.t[i * r->arity]);
        if (id == UINT32_MAX || visit(&e, id) != SG_OK)
            goto fail;
    }
    /* A label that fails is found now, at the start, rather than shown
     * as numbers later: every one, in a game of up to LABELS_MAX
     * positions, and the first start's in a larger one. */
    if (make_labels(ctx, r) != SG_OK)
        goto fail;
    if (r->label_ref != LUA_NOREF && !r->labels) {
        int st = call_rules(r, r->label_ref, s.t);
        if (st != LUA_OK) {
            call_failed(ctx, r, st);
            goto fail;
        }
        int type = lua_type(r->L, -1);
        lua_pop(r->L, 1);
        if (type != LUA_TSTRING && type != LUA_TNUMBER) {
            char q[96];
            sg_ctx_fail(ctx, SG_EINPUT, "%s: label(%s) returned %s, not a "
                        "string", r->file, quoted_tuple(r, s.t, q, sizeof q),
                        lua_typename(r->L, type));
            goto fail;
        }
    }
    clock_stop(r->lim);
    r->ops.max_parts = r->max_parts > 1 ? (size_t)r->max_parts : 1;
    r->again_marks = sg_alloc(ctx, (size_t)r->max_degree + 2,
                              sizeof *r->again_marks);
    r->again_stamp = sg_alloc(ctx, 1, sizeof *r->again_stamp);
    if (!r->again_marks || !r->again_stamp)
        goto fail;
    const char *spec = title ? title : r->file;
    if (sg_game_init(ctx, &r->base, &r->ops, spec,
                     describe ? describe : spec) != SG_OK)
        goto fail;
    free(title);
    free(describe);
    free(s.t);
    free(e.opt_parts);
    free(e.opt_len);
    free(e.frames);
    free(e.marks);
    return &r->base;
fail:
    if (r->lim)
        clock_stop(r->lim);
    free(title);
    free(describe);
    free(s.t);
    free(e.opt_parts);
    free(e.opt_len);
    free(e.frames);
    free(e.marks);
    r->base.ops = &r->ops;
    sg_game_free(&r->base);
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Shared objects                                                           */
/* ------------------------------------------------------------------------ */

static void close_object(void *handle) { dlclose(handle); }

/* A game compiled into the shared object PATH, explored from OPTS's
 * starts. */
static sg_game *read_object(sg_ctx *ctx, const char *path,
                            const sg_rules_opts *o)
{
    /* dlopen() looks a bare name up in the library path; a rules file is
     * a file, named as a path. */
    char file[4200];
    snprintf(file, sizeof file, "%s%s", strchr(path, '/') ? "" : "./", path);
    void *h = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        sg_ctx_fail(ctx, SG_EINPUT, "%s: cannot load the shared object: %s",
                    path, why ? why : "unknown error");
        return NULL;
    }
    const sg_game_def *def = dlsym(h, "sgviz_game");
    if (!def) {
        dlclose(h);
        sg_ctx_fail(ctx, SG_EINPUT, "%s: exports no sgviz_game (a const "
                    "sg_game_def sgviz_game = {...};)", path);
        return NULL;
    }
    if (def->arity < 1 || def->arity > SG_DEFINE_MAX_ARITY) {
        /* The message reads the definition, which lives in the object:
         * it is closed after. */
        sg_ctx_fail(ctx, SG_EINPUT, "%s: sgviz_game.arity is %zu; a position "
                    "has 1 to %d numbers", path, def->arity,
                    SG_DEFINE_MAX_ARITY);
        dlclose(h);
        return NULL;
    }
    rules tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.arity = def->arity;
    tmp.file = (char *)path;
    tmp.max_positions = SG_RULES_MAX_POSITIONS;
    starts s = {NULL, 0, 0};
    sg_status st = SG_OK;
    if (o->start)
        st = starts_from_text(ctx, &tmp, o->start, "--start", &s);
    if (st == SG_OK && o->positions)
        st = starts_from_text(ctx, &tmp, o->positions, "position", &s);
    if (st == SG_OK && o->has_max) {
        int64_t t[SG_DEFINE_MAX_ARITY];
        if (def->arity == 1 && o->max < SG_RULES_MAX_POSITIONS) {
            for (uint64_t x = 0; st == SG_OK && x <= o->max; x++) {
                t[0] = (int64_t)x;
                if (!starts_add(ctx, &s, t, 1))
                    st = ctx->status;
            }
        } else if (def->arity == 1) {
            st = sg_ctx_fail(ctx, SG_ELIMIT, "-n %llu: too many positions",
                             (unsigned long long)o->max);
        } else {
            for (size_t i = 0; i < def->arity; i++)
                t[i] = (int64_t)(o->max > INT64_MAX ? INT64_MAX : o->max);
            if (!starts_add(ctx, &s, t, def->arity))
                st = ctx->status;
        }
    }
    if (st == SG_OK && s.n == 0)
        st = sg_ctx_fail(ctx, SG_EINPUT, "%s: no position to explore from: "
                         "give --start, -n N or positions", path);
    sg_game *game = NULL;
    if (st == SG_OK) {
        sg_game_def d = *def;
        if (o->max_positions)
            d.max_positions = o->max_positions;
        game = sg_game_define(ctx, &d, s.t, s.n);
    }
    free(s.t);
    if (!game) {
        dlclose(h);
        return NULL;
    }
    /* The game calls the object's functions (names) as long as it lives. */
    game->extra = h;
    game->extra_free = close_object;
    return game;
}

static bool ends_with(const char *s, const char *end)
{
    size_t a = strlen(s), b = strlen(end);
    return a >= b && strcmp(s + a - b, end) == 0;
}

sg_game *sg_game_read_rules(sg_ctx *ctx, const char *path,
                            const sg_rules_opts *opts)
{
    sg_rules_opts o;
    if (sg_opts_take(ctx, &o, sizeof o, opts ? opts : &(sg_rules_opts){0},
                     sizeof o, "sg_rules_opts") != SG_OK)
        return NULL;
    if (ends_with(path, ".so"))
        return read_object(ctx, path, &o);
    size_t len;
    char *text = sg_read_file(ctx, path, "rules file", RULES_FILE_MAX, &len);
    if (!text)
        return NULL;
    sg_game *game = sg_game_from_rules(ctx, text, len, path, &o);
    free(text);
    return game;
}

size_t sg_game_rules_position(const sg_game *game, uint64_t x, int64_t *out)
{
    if (game->ops->id != SG_GAME_RULES || x >= ru(game)->count)
        return 0;
    const rules *r = ru(game);
    memcpy(out, &r->tuples[(size_t)r->id_of[x] * r->arity],
           r->arity * sizeof *out);
    return r->arity;
}

const char *sg_game_rules_input(const sg_game *game, size_t *len)
{
    if (game->ops->id != SG_GAME_RULES || !ru(game)->input)
        return NULL;
    *len = ru(game)->input_len;
    return ru(game)->input;
}
