# sgviz - Sprague-Grundy values with every mex step, traces, tables, pictures.
#
#   make            build build/sgviz and build/libsgviz.a
#   make demo       install what is missing, build, show the worked example
#   make test       install what is missing, build, run every test
#   make bench      speed and memory figures, side by side
#   make install    copy the program, library and header under PREFIX
#   make clean      remove build/

# == Settings: change them here or on the command line (make CC=clang) =======

CC = cc
# Optimisation and debugging information.
OPT = -O2 -g
# Extra flags for the compiler and the linker.
CFLAGS =
LDFLAGS =
# Set to -Werror to make every warning fatal (CI does).
WERROR =
# Where `make install` puts things; DESTDIR is prefixed for staged installs.
PREFIX = /usr/local
DESTDIR =
# Where objects and programs go.
BUILD = build
PKG_CONFIG = pkg-config

# The warnings the code is held to, clean under gcc and clang alike.
WARN = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes -Wmissing-declarations -Wold-style-definition \
       -Wformat=2 -Wundef -Wpointer-arith -Wwrite-strings -Wvla \
       -Wcast-align -Wredundant-decls -Wnull-dereference \
       -Wdouble-promotion -Wfloat-equal -Wimplicit-fallthrough

# == End of settings ==========================================================

# Graphviz's headers are included as system headers, so that their own
# warnings do not drown ours.
GV_CFLAGS := $(shell $(PKG_CONFIG) --cflags libgvc libcgraph 2>/dev/null | \
                     sed 's/-I/-isystem /g')
# The render module's geometry needs libm.
GV_LIBS := $(shell $(PKG_CONFIG) --libs libgvc libcgraph 2>/dev/null) -lm
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(OPT) $(WARN) $(WERROR) \
             -Isrc -I$(BUILD)/gen $(GV_CFLAGS) $(CFLAGS) -MMD -MP

LIB_SRC := $(wildcard src/*.c)
CLI_SRC := $(wildcard src/cli/*.c)
TEST_SRC := $(wildcard tests/test_*.c)
BENCH_SRC := $(wildcard tests/bench/*.c)
TEMPLATES := $(shell find templates -type f ! -name '*~' | LC_ALL=C sort)

LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/builtin.o
CLI_OBJ := $(CLI_SRC:src/cli/%.c=$(BUILD)/obj/cli/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
LIB := $(BUILD)/libsgviz.a
BIN := $(BUILD)/sgviz

.PHONY: all demo test test-run check-deps deps bench install uninstall clean

all: $(BIN) $(LIB)

# Plain `make` only checks for the libraries and says how to install them;
# `make demo` and `make test` install them, then build in a fresh make so
# that pkg-config is asked again.
check-deps:
	@sh .ci/install-deps --check

deps:
	@sh .ci/install-deps

$(BUILD)/obj/%.o: src/%.c | check-deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/obj/builtin.o: $(BUILD)/gen/builtin.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# The templates are compiled into the library, so that an installed sgviz
# needs no other files.
$(BUILD)/gen/builtin.c: $(TEMPLATES) $(BUILD)/embed
	@mkdir -p $(@D)
	$(BUILD)/embed templates $(TEMPLATES) > $@.tmp && mv $@.tmp $@

$(BUILD)/embed: src/tools/embed.c
	@mkdir -p $(@D)
	$(CC) -std=c11 $(OPT) $(WARN) $(WERROR) $< -o $@

$(LIB): $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(OPT) $(LDFLAGS) $(CLI_OBJ) $(LIB) $(GV_LIBS) -o $@

$(BUILD)/tests/%: tests/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $< $(LIB) $(GV_LIBS) \
	    $(CMOCKA_LIBS) $(LDFLAGS) -o $@

demo: deps
	@$(MAKE) --no-print-directory all
	@echo
	@echo '$$ $(BIN) trace -s 1,3,4 -n 8'
	@$(BIN) trace -s 1,3,4 -n 8
	@echo
	@echo '$$ $(BIN) trace -s 1,3,4 -n 8 --lang zh'
	@$(BIN) trace -s 1,3,4 -n 8 --lang zh
	@echo
	@echo '$$ $(BIN) table -s 1,3,4 -n 20'
	@$(BIN) table -s 1,3,4 -n 20

test: deps
	@$(MAKE) --no-print-directory test-run

# Runs every cmocka suite and the command-line tests, then fails if any
# of them failed (cmocka's exit status is its number of failed tests).
test-run: all $(TEST_BIN)
	@failed=0; \
	for t in $(TEST_BIN); do \
	    echo "== $$t"; \
	    $$t || failed=$$((failed + 1)); \
	done; \
	echo "== tests/cli/run.sh"; \
	SGVIZ=$(BIN) sh tests/cli/run.sh || failed=$$((failed + 1)); \
	if [ $$failed -ne 0 ]; then \
	    echo "make test: $$failed suite(s) failed"; exit 1; \
	fi; \
	echo "make test: every suite passed"

$(BUILD)/bench: $(BENCH_SRC) tests/bench/bench.h $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -O2 $(BENCH_SRC) $(LIB) $(GV_LIBS) $(LDFLAGS) -o $@

bench: deps
	@$(MAKE) --no-print-directory all $(BUILD)/bench
	@$(BUILD)/bench $(BIN)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
	    $(DESTDIR)$(PREFIX)/include
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/sgviz
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/libsgviz.a
	install -m 644 src/sgviz.h $(DESTDIR)$(PREFIX)/include/sgviz.h

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/sgviz $(DESTDIR)$(PREFIX)/lib/libsgviz.a \
	    $(DESTDIR)$(PREFIX)/include/sgviz.h

clean:
	rm -rf $(BUILD)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_BIN:=.d)
