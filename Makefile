# sgviz - Sprague-Grundy values with every mex step, traces, tables, pictures.
#
#   make            build build/sgviz, build/libsgviz.a and build/libsgviz.so
#   make demo       install what is missing, build, show the worked example
#                   (its trace and table, its picture and its step page)
#   make test       install what is missing, build, run every test
#                   (make -j2 test runs the suites side by side)
#   make bench      speed and memory figures, side by side
#   make asan       every test under AddressSanitizer and UBSan (clang)
#   make leakcheck  the command-line tests under valgrind memcheck
#   make fuzz       each input reader under libFuzzer, FUZZ_SECONDS each
#   make man        write doc/libsgviz.3 from the public headers
#   make install    the program, both libraries, headers, sgviz.pc, man
#                   pages and bash completion, under DESTDIR + PREFIX
#   make clean      remove what the build made
#
# V=1 shows the full commands.

# == Settings: change them here or on the command line (make CC=clang) =======

CC = cc
# Optimisation and debugging information.
OPT = -O2 -g
# Extra flags for the preprocessor, the compiler and the linker.
CPPFLAGS =
CFLAGS =
LDFLAGS =
# Set to -Werror to make every warning fatal (CI does).
WERROR =
# Where `make install` puts things; DESTDIR is prefixed for staged installs.
PREFIX = /usr/local
DESTDIR =
BINDIR = $(PREFIX)/bin
LIBDIR = $(PREFIX)/lib
INCLUDEDIR = $(PREFIX)/include
DATADIR = $(PREFIX)/share
MANDIR = $(DATADIR)/man
PKGCONFIGDIR = $(LIBDIR)/pkgconfig
COMPLETIONDIR = $(DATADIR)/bash-completion/completions
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

# The version is written once, in the public header.
VERSION := $(shell sed -n 's/^\#define SGVIZ_VERSION "\(.*\)"/\1/p' src/sgviz/core.h)
SOMAJOR := $(firstword $(subst ., ,$(VERSION)))

# Quiet by default: one short line per file; V=1 for the commands.
ifeq ($(V),1)
Q =
say = @:
else
Q = @
say = @printf '  %-7s %s\n'
endif

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
# Rules files (-r FILE.lua) run in an embedded Lua 5.4; rules compiled
# into shared objects (-r game.so) are opened with libdl.
LUA_CFLAGS := $(shell $(PKG_CONFIG) --cflags lua5.4 2>/dev/null | \
                      sed 's/-I/-isystem /g')
LUA_LIBS := $(shell $(PKG_CONFIG) --libs lua5.4 2>/dev/null) -ldl
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

# What the library needs from other libraries, for linking it and for
# sgviz.pc.
LIB_DEPS = libgvc libcgraph fontconfig cairo $(CHECK_PKGS) lua5.4
LIB_LIBS = $(GV_LIBS) $(CAIRO_LIBS) $(CHECK_LIBS) $(LUA_LIBS)

ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(OPT) $(WARN) $(WERROR) \
             -Isrc -I$(BUILD)/gen $(GV_CFLAGS) $(CAIRO_CFLAGS) $(CHECK_CFLAGS) \
             $(LUA_CFLAGS) \
             $(CPPFLAGS) $(CFLAGS) -MMD -MP
# The library's objects serve the shared library too, so they are
# position-independent; only the functions marked SG_API in the headers are
# exported from it.
LIB_CFLAGS = $(ALL_CFLAGS) -fPIC -fvisibility=hidden

# The library's modules, one folder each (see doc/HACKING.md).
LIB_DIRS := util games core text play render check steps plot
LIB_SRC := $(foreach d,$(LIB_DIRS),$(wildcard src/$(d)/*.c))
CLI_SRC := $(wildcard src/cli/*.c)
TEST_SRC := $(wildcard tests/test_*.c)
BENCH_SRC := $(wildcard tests/bench/*.c)
TEMPLATES := $(shell find templates -type f ! -name '*~' | LC_ALL=C sort)
HEADERS := src/sgviz.h $(wildcard src/sgviz/*.h)

LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/builtin.o
CLI_OBJ := $(CLI_SRC:src/cli/%.c=$(BUILD)/obj/cli/%.o)
# The front end's modules that suites test directly: all but main().
CLI_LIB_OBJ := $(filter-out $(BUILD)/obj/cli/main.o,$(CLI_OBJ))
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
# Example programs of games defined in C, each with its expected output.
EXAMPLE_SRC := $(wildcard examples/c/*.c)
EXAMPLE_BIN := $(EXAMPLE_SRC:examples/c/%.c=$(BUILD)/examples/%)
LIB := $(BUILD)/libsgviz.a
SONAME := libsgviz.so.$(SOMAJOR)
SHLIB := $(BUILD)/libsgviz.so.$(VERSION)
PC := $(BUILD)/sgviz.pc
BIN := $(BUILD)/sgviz
MANPAGES := doc/sgviz.1 doc/libsgviz.3

.PHONY: all demo test test-run check-deps deps bench install uninstall clean \
        asan leakcheck fuzz fuzz-build man

all: $(BIN) $(LIB) $(SHLIB) $(PC)

# Plain `make` only checks for the libraries and says how to install them;
# `make demo` and `make test` install them, then build in a fresh make so
# that pkg-config is asked again.
check-deps:
	@sh .ci/install-deps --check

deps:
	@sh .ci/install-deps

# The flags the objects were compiled with: when they change (another OPT,
# CC or CFLAGS), every object is compiled again.
FLAGS_STAMP := $(BUILD)/flags
FLAGS_NOW := $(CC) $(filter-out -I$(BUILD)/gen,$(LIB_CFLAGS))
$(shell mkdir -p $(BUILD) && { [ "$$(cat $(FLAGS_STAMP) 2>/dev/null)" = '$(FLAGS_NOW)' ] || \
          printf '%s\n' '$(FLAGS_NOW)' > $(FLAGS_STAMP); })

$(BUILD)/obj/cli/%.o: src/cli/%.c $(FLAGS_STAMP) | check-deps
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/obj/%.o: src/%.c $(FLAGS_STAMP) | check-deps
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(LIB_CFLAGS) -c $< -o $@

$(BUILD)/obj/builtin.o: $(BUILD)/gen/builtin.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(LIB_CFLAGS) -c $< -o $@

# The templates are compiled into the library, so that an installed sgviz
# needs no other files.
$(BUILD)/gen/builtin.c: $(TEMPLATES) $(BUILD)/embed
	@mkdir -p $(@D)
	$(say) EMBED templates/
	$(Q)$(BUILD)/embed templates $(TEMPLATES) > $@.tmp && mv $@.tmp $@

$(BUILD)/embed: src/tools/embed.c
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) -std=c11 $(OPT) $(WARN) $(WERROR) $< -o $@

$(LIB): $(LIB_OBJ)
	$(say) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

# Every symbol the shared library uses must come from a library it names
# (the sanitizer builds leave that to the program, whose runtime has them).
SHLIB_LDFLAGS = -Wl,--no-undefined

# The shared library: libsgviz.so.VERSION, whose SONAME libsgviz.so.MAJOR
# changes only when the interface breaks, and the link a linker looks for.
$(SHLIB): $(LIB_OBJ)
	$(say) LD $@
	$(Q)$(CC) -shared -Wl,-soname,$(SONAME) $(SHLIB_LDFLAGS) $(OPT) \
	    $(LDFLAGS) $^ $(LIB_LIBS) -o $@
	$(Q)ln -sf libsgviz.so.$(VERSION) $(BUILD)/$(SONAME)
	$(Q)ln -sf $(SONAME) $(BUILD)/libsgviz.so

# sgviz.pc names the directories of the installation, so it is written
# again at `make install` time, with the PREFIX, LIBDIR and INCLUDEDIR of
# that command; directories under PREFIX are written relative to it, so
# that `pkg-config --define-variable=prefix=...` moves them all.
define write_pc
{ echo 'prefix=$(PREFIX)'; \
  echo 'libdir=$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))'; \
  echo 'includedir=$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))'; \
  echo; \
  echo 'Name: sgviz'; \
  echo 'Description: Sprague-Grundy values of impartial games, with every mex step, as traces, tables and pictures'; \
  echo 'Version: $(VERSION)'; \
  echo 'Requires.private: $(LIB_DEPS)'; \
  echo 'Cflags: -I$${includedir}'; \
  echo 'Libs: -L$${libdir} -lsgviz'; \
  echo 'Libs.private: -lm -ldl'; } > $(1)
endef

$(PC): Makefile src/sgviz/core.h
	$(say) GEN $@
	@mkdir -p $(@D)
	$(Q)$(call write_pc,$@)

# The program is linked with the static library, so that an installed
# sgviz stands alone (and linked under another name, then renamed, so that
# a run of the old one is never cut short by the new one being written); it uses only the public header all the same (a test
# checks that it calls nothing the shared library does not export).
# A game compiled into a shared object (-r game.so) lists its options
# through sg_options_add() and sg_options_add_sum() of the program that
# loads it, so the program exports those two.
BIN_EXPORTS = -Wl,--export-dynamic-symbol=sg_options_add \
              -Wl,--export-dynamic-symbol=sg_options_add_sum
$(BIN): $(CLI_OBJ) $(LIB)
	$(say) LD $@
	$(Q)$(CC) $(OPT) $(LDFLAGS) $(BIN_EXPORTS) $(CLI_OBJ) $(LIB) $(LIB_LIBS) -o $@.tmp && \
	    mv $@.tmp $@

# libsgviz(3) is made from the public headers; the test of the man pages
# checks that the committed page is the one they give.
man: $(HEADERS) src/tools/man3.awk
	awk -v version=$(VERSION) -f src/tools/man3.awk $(HEADERS) > doc/libsgviz.3

# Suites test modules from the inside too, so they see the render module's
# private headers by their own names; suites of the front end's modules
# (test_cli_*) link them as well.
$(BUILD)/tests/test_cli_%: tests/test_cli_%.c $(CLI_LIB_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -Isrc/render $(CMOCKA_CFLAGS) $< $(CLI_LIB_OBJ) \
	    $(LIB) $(LIB_LIBS) $(CMOCKA_LIBS) $(LDFLAGS) -o $@

$(BUILD)/tests/%: tests/%.c $(LIB)
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -Isrc/render $(CMOCKA_CFLAGS) $< $(LIB) $(LIB_LIBS) \
	    $(CMOCKA_LIBS) $(LDFLAGS) -o $@

# The examples are built as a user builds a program: the public header
# and the library only.
$(BUILD)/examples/%: examples/c/%.c $(LIB)
	@mkdir -p $(@D)
	$(say) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) $< $(LIB) $(GV_LIBS) $(LDFLAGS) -o $@

demo: deps
	@$(MAKE) --no-print-directory all
	@mkdir -p $(BUILD)/demo
	@echo
	@echo '$$ sgviz trace -s 1,3,4 -n 8'
	@$(BIN) trace -s 1,3,4 -n 8
	@echo
	@echo '$$ sgviz trace -s 1,3,4 -n 8 --lang zh'
	@$(BIN) trace -s 1,3,4 -n 8 --lang zh
	@echo
	@echo '$$ sgviz table -s 1,3,4 -n 20'
	@$(BIN) table -s 1,3,4 -n 20
	@$(BIN) graph -s 1,3,4 -n 12 --highlight-wins -o $(BUILD)/demo/graph.svg
	@$(BIN) graph -s 1,3,4 -n 12 --highlight-wins -o $(BUILD)/demo/graph.png
	@$(BIN) steps -s 1,3,4 -n 12 -o $(BUILD)/demo/steps.html
	@echo
	@echo 'The pictures of the worked example, made by'
	@echo '  sgviz graph -s 1,3,4 -n 12 --highlight-wins -o FILE'
	@echo '  sgviz steps -s 1,3,4 -n 12 -o FILE.html'
	@echo 'are in $(BUILD)/demo/:'
	@echo '  graph.svg, graph.png  the state graph, P- and N-positions apart'
	@echo '  steps.html            every mex step, one page for the lecture room'
	@echo 'Next: README.md, then the guide for you in doc/.'

test: deps
	@$(MAKE) --no-print-directory test-run

# == Running the tests =======================================================
#
# Each cmocka suite, the example programs and each part of the command-line
# tests is one job, so that `make -j` runs them side by side.  A job writes
# its output to build/results/NAME.log and NAME.ok or NAME.failed; its log
# is shown when it fails.  The summary then counts the command-line tests
# and names every job that failed.

RESULTS = $(BUILD)/results
CLI_PARTS := examples bad-inputs transcripts \
             $(notdir $(wildcard tests/cli/cases*.sh))
RUN_SUITES := $(TEST_BIN:$(BUILD)/tests/%=run-suite-%)
RUN_CLI := $(CLI_PARTS:%=run-cli-%)

test-run: all $(TEST_BIN) $(EXAMPLE_BIN)
	@rm -rf $(RESULTS) && mkdir -p $(RESULTS)
	@$(MAKE) --no-print-directory -k $(RUN_SUITES) run-examples $(RUN_CLI) \
	    || true
	@sh tests/summary.sh $(RESULTS)

.PHONY: run-examples $(RUN_SUITES) $(RUN_CLI)

$(RUN_SUITES): run-suite-%:
	@sh tests/job.sh $(RESULTS) $* $(BUILD)/tests/$*

run-examples:
	@sh tests/job.sh $(RESULTS) examples-c sh tests/c-examples.sh $(EXAMPLE_BIN)

$(RUN_CLI): run-cli-%:
	@SGVIZ=$(BIN) sh tests/job.sh $(RESULTS) cli-$* sh tests/cli/run.sh $*

$(BUILD)/bench: $(BENCH_SRC) tests/bench/bench.h $(LIB)
	@mkdir -p $(@D)
	$(say) CC tests/bench/
	$(Q)$(CC) $(ALL_CFLAGS) -O2 $(BENCH_SRC) $(LIB) $(LIB_LIBS) $(LDFLAGS) -o $@

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
# The programs the sanitizers cannot look into, whose runs the ordinary
# `make test` makes already: the browser and LaTeX.
SAN_SKIP = chromium chromium-browser google-chrome node pdflatex xelatex \
           lualatex
VALGRIND = valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect \
           --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
           --suppressions=$(CURDIR)/tests/valgrind.supp

# Every cmocka suite and the command-line tests, built with clang and the
# sanitizers into build-asan/.  A sanitizer report is a second line on
# standard error or a failed suite, so any report fails the run.
asan:
	@sh .ci/install-deps clang libclang-rt-14-dev
	@$(SAN_ENV) SGVIZ_SKIP_TOOLS="$(SAN_SKIP)" $(MAKE) --no-print-directory \
	    BUILD=build-asan CC=clang OPT="-O1 -g $(SAN)" LDFLAGS="$(SAN)" \
	    SHLIB_LDFLAGS= test-run

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
	@$(MAKE) --no-print-directory fuzz-link

.PHONY: fuzz-link $(FUZZERS:%=fuzz-run-%)
fuzz-link: $(FUZZERS:%=%.linked)
$(FUZZ_DIR)/%.linked: tests/fuzz/%.c $(FUZZ_DIR)/libsgviz.a
	$(say) CC $<
	$(Q)clang -std=c11 -O1 -g $(FUZZ_SAN) -Isrc $< $(FUZZ_DIR)/libsgviz.a \
	    $(LIB_LIBS) -lm -o $(FUZZ_DIR)/$* && touch $@

# Each reader under libFuzzer for FUZZ_SECONDS, starting from the seeds in
# tests/fuzz/corpus/NAME; what a run learns stays in build-fuzz/corpus.
# The harnesses run side by side under make -j.
fuzz:
	@sh .ci/install-deps clang libclang-rt-14-dev
	@$(MAKE) --no-print-directory fuzz-build
	@$(MAKE) --no-print-directory $(FUZZERS:%=fuzz-run-%)

$(FUZZERS:%=fuzz-run-%): fuzz-run-$(FUZZ_DIR)/fuzz_%:
	@mkdir -p $(FUZZ_DIR)/corpus/$* $(FUZZ_DIR)/crashes/$*
	@$(SAN_ENV) $(FUZZ_DIR)/fuzz_$* -max_total_time=$(FUZZ_SECONDS) \
	    -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_DIR)/crashes/$*/ \
	    $(FUZZ_DIR)/corpus/$* tests/fuzz/corpus/$* > $(FUZZ_DIR)/$*.log 2>&1; \
	{ echo "== fuzz $* ($(FUZZ_SECONDS) s)"; \
	  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE|==[0-9]+==ERROR|SUMMARY|INFO: Running)' \
	      $(FUZZ_DIR)/$*.log; }
	@if ls $(FUZZ_DIR)/crashes/$* | grep -q .; then \
	    echo "fuzz $*: findings in $(FUZZ_DIR)/crashes/$*"; exit 1; \
	fi

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) \
	    $(DESTDIR)$(INCLUDEDIR)/sgviz $(DESTDIR)$(PKGCONFIGDIR) \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 \
	    $(DESTDIR)$(COMPLETIONDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/sgviz
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/libsgviz.a
	install -m 755 $(SHLIB) $(DESTDIR)$(LIBDIR)/libsgviz.so.$(VERSION)
	ln -sf libsgviz.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libsgviz.so
	install -m 644 src/sgviz.h $(DESTDIR)$(INCLUDEDIR)/sgviz.h
	install -m 644 $(wildcard src/sgviz/*.h) $(DESTDIR)$(INCLUDEDIR)/sgviz/
	$(call write_pc,$(DESTDIR)$(PKGCONFIGDIR)/sgviz.pc)
	install -m 644 doc/sgviz.1 $(DESTDIR)$(MANDIR)/man1/sgviz.1
	install -m 644 doc/libsgviz.3 $(DESTDIR)$(MANDIR)/man3/libsgviz.3
	install -m 644 src/cli/completion.bash $(DESTDIR)$(COMPLETIONDIR)/sgviz

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sgviz $(DESTDIR)$(LIBDIR)/libsgviz.a \
	    $(DESTDIR)$(LIBDIR)/libsgviz.so.$(VERSION) \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libsgviz.so \
	    $(DESTDIR)$(INCLUDEDIR)/sgviz.h \
	    $(DESTDIR)$(PKGCONFIGDIR)/sgviz.pc \
	    $(DESTDIR)$(MANDIR)/man1/sgviz.1 $(DESTDIR)$(MANDIR)/man3/libsgviz.3 \
	    $(DESTDIR)$(COMPLETIONDIR)/sgviz
	rm -rf $(DESTDIR)$(INCLUDEDIR)/sgviz

clean:
	rm -rf $(BUILD) build-asan build-clang $(FUZZ_DIR)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_BIN:=.d) $(EXAMPLE_BIN:=.d)
