# sgviz - Sprague-Grundy values with every mex step, traces, tables, pictures.
#
#   make            build build/sgviz and build/libsgviz.a
#   make demo       install what is missing, build, show the worked example
#                   (its trace and table, its picture and its step page)
#   make test       install what is missing, build, run every test
#   make bench      speed and memory figures, side by side
#   make asan       every test under AddressSanitizer and UBSan (clang)
#   make leakcheck  the command-line tests under valgrind memcheck
#   make fuzz       each input reader under libFuzzer, FUZZ_SECONDS each
#   make install    copy the program, library, header and man page under PREFIX
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
# Seconds each fuzzer runs in `make fuzz`.
FUZZ_SECONDS = 60

# The warnings the code is held to, clean under gcc and clang alike.
WARN = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes -Wmissing-declarations -Wold-style-definition \
       -Wformat=2 -Wundef -Wpointer-arith -Wwrite-strings -Wvla \
       -Wcast-align -Wredundant-decls -Wnull-dereference \
       -Wdouble-promotion -Wfloat-equal -Wimplicit-fallthrough

# == End of settings ==========================================================

# Graphviz's headers are included as system headers, so that their own
# warnings do not drown ours.
GV_CFLAGS := $(shell $(PKG_CONFIG) --cflags libgvc libcgraph fontconfig 2>/dev/null | \
                     sed 's/-I/-isystem /g')
# The render module's geometry needs libm; it asks fontconfig (which
# Graphviz finds its fonts through) whether a language's script has a font.
GV_LIBS := $(shell $(PKG_CONFIG) --libs libgvc libcgraph fontconfig 2>/dev/null) -lm
# Plots are painted with cairo (PNG, PDF); its headers are system headers too.
CAIRO_CFLAGS := $(shell $(PKG_CONFIG) --cflags cairo 2>/dev/null | \
                        sed 's/-I/-isystem /g')
CAIRO_LIBS := $(shell $(PKG_CONFIG) --libs cairo 2>/dev/null)
# Grading an assignment: libinih reads the assignment file; libzip and
# expat read the zipped XML of .xlsx, .ods, .docx and .odt files and the
# .zip archives students hand in; libfreexl reads old .xls workbooks;
# poppler-glib reads the text layer of PDFs.  System headers too.
CHECK_PKGS = inih libzip expat freexl poppler-glib
CHECK_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(CHECK_PKGS) 2>/dev/null | \
                        sed 's/-I/-isystem /g')
CHECK_LIBS := $(shell $(PKG_CONFIG) --libs $(CHECK_PKGS) 2>/dev/null)
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(OPT) $(WARN) $(WERROR) \
             -Isrc -I$(BUILD)/gen $(GV_CFLAGS) $(CAIRO_CFLAGS) $(CHECK_CFLAGS) \
             $(CFLAGS) -MMD -MP

# The library's modules, one folder each (see the README's "Source tree").
LIB_DIRS := util games core text render check steps plot
LIB_SRC := $(foreach d,$(LIB_DIRS),$(wildcard src/$(d)/*.c))
CLI_SRC := $(wildcard src/cli/*.c)
TEST_SRC := $(wildcard tests/test_*.c)
BENCH_SRC := $(wildcard tests/bench/*.c)
TEMPLATES := $(shell find templates -type f ! -name '*~' | LC_ALL=C sort)

LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/builtin.o
CLI_OBJ := $(CLI_SRC:src/cli/%.c=$(BUILD)/obj/cli/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
# Example programs of games defined in C, each with its expected output.
EXAMPLE_SRC := $(wildcard examples/c/*.c)
EXAMPLE_BIN := $(EXAMPLE_SRC:examples/c/%.c=$(BUILD)/examples/%)
LIB := $(BUILD)/libsgviz.a
BIN := $(BUILD)/sgviz

.PHONY: all demo test test-run check-deps deps bench install uninstall clean \
        asan leakcheck fuzz fuzz-build

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
	$(CC) $(OPT) $(LDFLAGS) $(CLI_OBJ) $(LIB) $(GV_LIBS) $(CAIRO_LIBS) $(CHECK_LIBS) -o $@

# Suites test modules from the inside too, so they see the render module's
# private headers by their own names.
$(BUILD)/tests/%: tests/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc/render $(CMOCKA_CFLAGS) $< $(LIB) $(GV_LIBS) $(CAIRO_LIBS) $(CHECK_LIBS) \
	    $(CMOCKA_LIBS) $(LDFLAGS) -o $@

# The examples are built as a user builds a program: the public header
# and the library only.
$(BUILD)/examples/%: examples/c/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $< $(LIB) $(GV_LIBS) $(CHECK_LIBS) $(LDFLAGS) -o $@

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
	@mkdir -p $(BUILD)/demo
	@echo
	@echo '$$ $(BIN) graph -s 1,3,4 -n 12 --highlight-wins -o $(BUILD)/demo/graph.svg'
	@$(BIN) graph -s 1,3,4 -n 12 --highlight-wins -o $(BUILD)/demo/graph.svg
	@echo '$$ $(BIN) graph -s 1,3,4 -n 12 --highlight-wins -o $(BUILD)/demo/graph.png'
	@$(BIN) graph -s 1,3,4 -n 12 --highlight-wins -o $(BUILD)/demo/graph.png
	@echo '$$ $(BIN) steps -s 1,3,4 -n 12 -o $(BUILD)/demo/steps.html'
	@$(BIN) steps -s 1,3,4 -n 12 -o $(BUILD)/demo/steps.html
	@echo
	@echo 'The worked example drawn: $(BUILD)/demo/graph.svg and graph.png;'
	@echo 'its steps, one page for the lecture room: open $(BUILD)/demo/steps.html'

test: deps
	@$(MAKE) --no-print-directory test-run

# Runs every cmocka suite and the command-line tests, then fails if any
# of them failed (cmocka's exit status is its number of failed tests).
test-run: all $(TEST_BIN) $(EXAMPLE_BIN)
	@failed=0; \
	for t in $(TEST_BIN); do \
	    echo "== $$t"; \
	    $$t || failed=$$((failed + 1)); \
	done; \
	for e in $(EXAMPLE_BIN); do \
	    echo "== $$e"; \
	    $$e > $$e.out && cmp -s $$e.out examples/c/$${e##*/}.txt || { \
	        diff examples/c/$${e##*/}.txt $$e.out | head -5; \
	        failed=$$((failed + 1)); }; \
	done; \
	echo "== tests/cli/run.sh"; \
	SGVIZ=$(BIN) sh tests/cli/run.sh || failed=$$((failed + 1)); \
	if [ $$failed -ne 0 ]; then \
	    echo "make test: $$failed suite(s) failed"; exit 1; \
	fi; \
	echo "make test: every suite passed"

$(BUILD)/bench: $(BENCH_SRC) tests/bench/bench.h $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -O2 $(BENCH_SRC) $(LIB) $(GV_LIBS) $(CAIRO_LIBS) $(CHECK_LIBS) $(LDFLAGS) -o $@

bench: deps
	@$(MAKE) --no-print-directory all $(BUILD)/bench $(EXAMPLE_BIN)
	@$(BUILD)/bench $(BIN)

# == Sanitizers, leak checks and fuzzing ====================================

SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined \
      -fno-omit-frame-pointer
# Graphviz and fontconfig keep a few allocations until exit; the
# suppressions name only those.  intercept_tls_get_addr=0: the sanitizer
# runtime of LLVM 14 takes some dynamic TLS blocks of glibc >= 2.25 for an
# older glibc's, by a coincidence of their address, and its leak checker
# then crashes at exit ("Tracer caught signal 11") on a correct program.
SAN_ENV = ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:fast_unwind_on_malloc=0:intercept_tls_get_addr=0 \
          LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
          UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
VALGRIND = valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect \
           --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
           --suppressions=$(CURDIR)/tests/valgrind.supp

# Every cmocka suite and the command-line tests, built with clang and the
# sanitizers into build-asan/.  A sanitizer report is a second line on
# standard error or a failed suite, so any report fails the run.
asan:
	@sh .ci/install-deps clang libclang-rt-14-dev
	@$(SAN_ENV) $(MAKE) --no-print-directory BUILD=build-asan CC=clang \
	    OPT="-O1 -g $(SAN)" LDFLAGS="$(SAN)" test-run

# The command-line tests with every sgviz run under valgrind memcheck.
leakcheck:
	@sh .ci/install-deps valgrind
	@$(MAKE) --no-print-directory all
	@SGVIZ=$(BIN) SGVIZ_RUNNER="$(VALGRIND)" sh tests/cli/run.sh

FUZZ_DIR = build-fuzz
FUZZ_SAN = -fsanitize=fuzzer,address,undefined -fno-omit-frame-pointer
FUZZERS := $(patsubst tests/fuzz/%.c,$(FUZZ_DIR)/%,$(wildcard tests/fuzz/fuzz_*.c))

# The library is brought up to date first, then every harness is linked
# against it again: a harness that did not change must still see the
# library's latest code.
fuzz-build:
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_DIR) CC=clang \
	    OPT="-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer" \
	    $(FUZZ_DIR)/libsgviz.a
	@for f in $(FUZZERS); do \
	    echo "clang ... tests/fuzz/$${f##*/}.c -o $$f"; \
	    clang -std=c11 -O1 -g $(FUZZ_SAN) -Isrc tests/fuzz/$${f##*/}.c \
	        $(FUZZ_DIR)/libsgviz.a $(GV_LIBS) $(CAIRO_LIBS) $(CHECK_LIBS) -lm -o $$f || exit 1; \
	done

# Each reader under libFuzzer for FUZZ_SECONDS, starting from the seeds in
# tests/fuzz/corpus/NAME; what a run learns stays in build-fuzz/corpus.
fuzz:
	@sh .ci/install-deps clang libclang-rt-14-dev
	@$(MAKE) --no-print-directory fuzz-build
	@set -e; for f in $(FUZZERS); do \
	    name=$${f##*/fuzz_}; \
	    mkdir -p $(FUZZ_DIR)/corpus/$$name $(FUZZ_DIR)/crashes/$$name; \
	    echo "== fuzz $$name ($(FUZZ_SECONDS) s)"; \
	    $(SAN_ENV) $$f -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
	        -rss_limit_mb=4096 -print_final_stats=1 \
	        -artifact_prefix=$(FUZZ_DIR)/crashes/$$name/ \
	        $(FUZZ_DIR)/corpus/$$name tests/fuzz/corpus/$$name 2>&1 | \
	        grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE|==[0-9]+==ERROR|SUMMARY|INFO: Running)' ; \
	    if ls $(FUZZ_DIR)/crashes/$$name | grep -q .; then \
	        echo "fuzz $$name: findings in $(FUZZ_DIR)/crashes/$$name"; exit 1; \
	    fi; \
	done

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
	    $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/sgviz
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/libsgviz.a
	install -m 644 src/sgviz.h $(DESTDIR)$(PREFIX)/include/sgviz.h
	install -m 644 doc/sgviz.1 $(DESTDIR)$(PREFIX)/share/man/man1/sgviz.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/sgviz $(DESTDIR)$(PREFIX)/lib/libsgviz.a \
	    $(DESTDIR)$(PREFIX)/include/sgviz.h \
	    $(DESTDIR)$(PREFIX)/share/man/man1/sgviz.1

clean:
	rm -rf $(BUILD) build-asan build-clang $(FUZZ_DIR)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_BIN:=.d) $(EXAMPLE_BIN:=.d)
