# pmuctl -- uncore PMUs of Arm and NVIDIA data-center servers
#
#   make                 build ./pmuctl
#   make check           the release binary's unit, golden and differential tests, docs, lint, a
#                        short fuzz, the whole suite under ASan + UBSan, and the counting CLI
#                        tests of the release binary under valgrind (each pass what it adds)
#   make fuzz            run every libFuzzer target for FUZZ_SECONDS each
#   make install         PREFIX=/usr/local DESTDIR= (binary and its pmuctl-commands.so, man pages, JSON schemas,
#                        bash/zsh/fish completions, the pmuctl-exporter systemd unit, not enabled)
#   make V=1             show the commands

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
# where pmuctl looks for pmuctl-commands.so when it is not beside it (cmd/plugin.h): derived
# from BINDIR, not set apart from it, so that an installed pmuctl always finds it
PKGLIBDIR := $(BINDIR)/../lib/pmuctl
MANDIR ?= $(PREFIX)/share/man
SCHEMADIR ?= $(PREFIX)/share/pmuctl/schemas
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/vendor-completions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
UNITDIR ?= $(PREFIX)/lib/systemd/system
DESTDIR ?=
CC ?= cc
PKG_CONFIG ?= pkg-config
CFLAGS ?= -O2 -g
EXTRA_CFLAGS ?=
LDFLAGS ?=
BUILD ?= build
# promtool and node_exporter, taken out of their Debian packages by the test command
export PATH := $(CURDIR)/build/tools/root/usr/bin:$(PATH)
FUZZ_SECONDS ?= 20
# the suite's builds and its bats files run on every core
NPROC := $(shell nproc 2>/dev/null || echo 1)

# Warnings come last so that user CFLAGS cannot turn -Werror off
WARNINGS := -Wall -Wextra -Werror -Wshadow -Wformat=2 -Wstrict-prototypes \
	    -Wmissing-prototypes -Wno-format-nonliteral
# pmuctl itself links libpci and jansson; serve, top and doctor are pmuctl-commands.so, which
# links the rest and is loaded only when one of them runs (cmd/plugin.h)
CORE_PKGS := libpci jansson
PLUGIN_PKGS := ncursesw libmicrohttpd yaml-0.1 libcrypt gnutls libsystemd
PKGS := $(CORE_PKGS) $(PLUGIN_PKGS)
PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null) -lm -pthread
CORE_LIBS := $(shell $(PKG_CONFIG) --libs $(CORE_PKGS) 2>/dev/null) -lm -pthread
PLUGIN_LIBS := $(shell $(PKG_CONFIG) --libs $(PLUGIN_PKGS) 2>/dev/null) -pthread
# -fPIC last, after any -fPIE of the user's CFLAGS: the library is built from the same objects
ALL_CFLAGS = -std=gnu11 -D_GNU_SOURCE -I. $(PKG_CFLAGS) -MMD -MP $(CPPFLAGS) $(CFLAGS) $(EXTRA_CFLAGS) $(WARNINGS) -fPIC

ifeq ($(V),1)
Q :=
msg = @true
else
Q := @
msg = @printf '  %-7s %s\n' $(1) "$(2)";
endif

LIB_SRCS := $(wildcard lib/*.c topology/*.c pmu/*.c pmu/*/*.c)
# cmd/: the commands, a folder each for the big ones, and what they share (out/, report/)
CMD_SRCS := $(wildcard cmd/*.c cmd/*/*.c)
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
FUZZ_SRCS := $(wildcard tests/fuzz/fuzz_*.c)

# each family's data, turned into its descriptor in the build (tools/famgen.c): the order of
# the files is no matter, each says its own
FAMILY_DATA := $(sort $(wildcard pmu/family/data/*.yaml))
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o) $(BUILD)/gen/families.o
CMD_OBJS := $(CMD_SRCS:%.c=$(BUILD)/%.o)
# the commands (and the parts of lib/) that need the plugin's libraries
PLUGIN_SRCS := $(wildcard cmd/serve/*.c cmd/top/*.c cmd/doctor/*.c cmd/plugin_commands.c) lib/webauth.c \
	lib/webconfig.c
PLUGIN_OBJS := $(PLUGIN_SRCS:%.c=$(BUILD)/%.o)
CORE_OBJS := $(filter-out $(PLUGIN_OBJS),$(CMD_OBJS) $(LIB_OBJS))
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/%)

MAN1 := $(wildcard man/*.1)
MAN7 := $(wildcard man/*.7)
SCHEMAS := $(wildcard schemas/*.schema.json)

.PHONY: all check check-plain check-package-lint check-asan check-docs check-valgrind lint unit fuzz fuzz-build fuzz-smoke install uninstall clean
.DELETE_ON_ERROR:

all: pmuctl pmuctl-commands.so $(BUILD)/gen/pmuctl-families.7

# renamed into place: a pmuctl that is running keeps its file, and none is ever half copied
pmuctl pmuctl-commands.so: %: $(BUILD)/%
	$(Q)cp $< $@.tmp && mv -f $@.tmp $@

# every object of lib/ is in the binary, its symbols exported, for the library's commands to call
$(BUILD)/pmuctl: $(CORE_OBJS) $(BUILD)/build_id_core.o $(BUILD)/gen/help_text.o | $(BUILD)/pmuctl-commands.so
	$(call msg,LINK,$@)
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -rdynamic -o $@ $^ $(CORE_LIBS)

# The library's commands answer --help and --usage from the binary (cmd/help_static.c): their
# texts are taken from a first link, whose table is empty, so that argp answers from the library
PLUGIN_COMMANDS := $(shell sed -n 's/^\t{ "\([a-z]*\)", cmd_.*/\1/p' cmd/plugin_commands.c)
$(BUILD)/gen/help_none.c:
	$(Q)mkdir -p $(dir $@)
	$(Q)printf '#include <stddef.h>\n#include "cmd/help_static.h"\nconst struct help_static help_static_table[] = { { NULL, NULL, NULL } };\n' > $@

$(BUILD)/pmuctl-nohelp: $(CORE_OBJS) $(BUILD)/build_id_core.o $(BUILD)/gen/help_none.o | $(BUILD)/pmuctl-commands.so
	$(call msg,LINK,$@)
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -rdynamic -o $@ $^ $(CORE_LIBS)

$(BUILD)/gen/help_text.c: $(BUILD)/pmuctl-nohelp $(BUILD)/pmuctl-commands.so tools/helpgen.sh
	$(call msg,GEN,$@)
	$(Q)tools/helpgen.sh $(BUILD)/pmuctl-nohelp $(PLUGIN_COMMANDS) > $@.tmp && mv -f $@.tmp $@

$(BUILD)/gen/help_%.o: $(BUILD)/gen/help_%.c
	$(call msg,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/pmuctl-commands.so: $(PLUGIN_OBJS) $(BUILD)/build_id_plugin.o
	$(call msg,LINK,$@)
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -o $@ $^ $(PLUGIN_LIBS)

# The build's identity, which the binary finds in the library it loads (cmd/plugin.c): a hash
# of every object of both, so that a library of another build is refused
$(BUILD)/build_id_core.c $(BUILD)/build_id_plugin.c &: $(CORE_OBJS) $(PLUGIN_OBJS)
	$(Q)id=$$(cat $^ | sha256sum | cut -c1-32); \
	printf '#include "cmd/plugin.h"\nconst char pmuctl_build_id[] = "%s";\n' $$id > $(BUILD)/build_id_core.c; \
	printf '#include "cmd/plugin.h"\nconst char plugin_build_id[] = "%s";\n' $$id > $(BUILD)/build_id_plugin.c

$(BUILD)/build_id_%.o: $(BUILD)/build_id_%.c
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

# where make install puts the library, fixed in the binary: rebuilt when PREFIX or BINDIR moves it
PLUGIN_DIR_ABS := $(abspath $(PKGLIBDIR))
$(BUILD)/plugin_dir.stamp: FORCE
	$(Q)mkdir -p $(BUILD)
	$(Q)[ "$$(cat $@ 2>/dev/null)" = "$(PLUGIN_DIR_ABS)" ] || echo "$(PLUGIN_DIR_ABS)" > $@
$(BUILD)/cmd/plugin.o: $(BUILD)/plugin_dir.stamp
$(BUILD)/cmd/plugin.o: CPPFLAGS += -DPLUGIN_DIR='"$(PLUGIN_DIR_ABS)"'
.PHONY: FORCE

# famgen runs in the build: built for the build machine, never with the sanitizers of the
# binary it feeds (LeakSanitizer would fail the build at its exit)
HOSTCC ?= cc
VERSION := $(shell sed -n 's/^\#define PMUCTL_VERSION "\(.*\)"/\1/p' cmd/pmuctl.h)
%/famgen: tools/famgen.c cmd/pmuctl.h
	$(call msg,HOSTCC,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(HOSTCC) -std=gnu11 -O2 -g $(WARNINGS) -DPMUCTL_VERSION='"$(VERSION)"' -o $@ $< \
		$$($(PKG_CONFIG) --cflags --libs yaml-0.1)

# built through pattern rules, yet kept: a deleted famgen would make every build generate again
.PRECIOUS: %/famgen %/gen/families.c %/gen/pmuctl-families.7

%/gen/families.c: %/famgen $(FAMILY_DATA)
	$(call msg,GEN,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$*/famgen c $(FAMILY_DATA) > $@.tmp && mv -f $@.tmp $@

%/gen/pmuctl-families.7: %/famgen $(FAMILY_DATA)
	$(call msg,GEN,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$*/famgen man $(FAMILY_DATA) > $@.tmp && mv -f $@.tmp $@

$(BUILD)/gen/families.o: $(BUILD)/gen/families.c
	$(call msg,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/libpmuctl.a: $(LIB_OBJS)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

$(BUILD)/%.o: %.c
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c tests/unit/unit.h tests/unit/machine.h $(BUILD)/libpmuctl.a
	$(call msg,LINK,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libpmuctl.a $(PKG_LIBS)

unit: $(UNIT_BINS)

# The release binary: unit tests, the golden battery (every command's output, byte for byte)
# and the differential test against perf; its CLI tests run under valgrind below, and every
# CLI test under ASan + UBSan, which assert the same and more: a third identical run adds nothing
check-plain:
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) pmuctl pmuctl-commands.so unit
	$(Q)BUILD=$(BUILD) PARTS="unit release differential" tests/run $(BUILD)/pmuctl

# The Debian package built from the tree, beside the man pages' lint, the static analysis and
# the fuzz smoke: much of the build is one process (dh, lintian), and the fuzz targets run for
# a fixed time, whatever the load (together they keep 1.9 of 2 cores busy)
check-package-lint:
	$(Q)(BUILD=$(BUILD) PARTS=package tests/run $(BUILD)/pmuctl >$(BUILD)/package.log 2>&1; \
		echo $$? >$(BUILD)/package.status) & \
	$(MAKE) --no-print-directory check-docs lint fuzz-smoke; status=$$?; wait; \
	cat $(BUILD)/package.log; [ $$status -eq 0 ] && [ "$$(cat $(BUILD)/package.status)" -eq 0 ]

# UBSan traps (-fsanitize-undefined-trap-on-error): the same checks, a failure ASan's ILL report
# with its file and line (handle_sigill) instead of UBSan's message. Its runtime's source
# locations are 1.3 MB of writable data LeakSanitizer scans at every exit: 27 of the 114 ms an
# ASan list took, measured, and the CLI tests start pmuctl a few thousand times
SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fsanitize-undefined-trap-on-error \
	-fno-sanitize-recover=all -fno-omit-frame-pointer

# The whole suite under ASan + UBSan: every CLI test, the unit tests, a shorter differential run.
# intercept_tls_get_addr=0: GCC 12's runtime takes a dynamic TLS block that starts 16 bytes into
# a page for glibc 2.19's, reads a bogus range from the heap before it, and LeakSanitizer's
# tracer faults at exit (google/sanitizers#1322; fixed in compiler-rt by llvm-project#108120).
# Which block lands there follows the heap's layout: doctor -- serve on the AmpereOne fleet node
# did. Without the interception the blocks are still heap chunks reached through glibc's DTV.
check-asan:
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) BUILD=build-asan CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" \
		build-asan/pmuctl build-asan/pmuctl-commands.so unit
	$(Q)ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:handle_sigill=1:intercept_tls_get_addr=0 \
		LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
		BUILD=build-asan SANITIZED=1 tests/run build-asan/pmuctl

# a short fuzz of every parser rides along with the tests; the build and the targets use every core
fuzz-smoke:
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) fuzz-build
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) fuzz FUZZ_SECONDS=2

# every man page lint-clean, and pmuctl-metrics(7) what the binary's catalog says
check-docs: pmuctl pmuctl-commands.so $(BUILD)/gen/pmuctl-families.7 $(BUILD)/famgen
	$(Q)out=$$(mandoc -Tlint $(MAN1) $(MAN7) $(BUILD)/gen/pmuctl-families.7 2>&1); [ -z "$$out" ] || { echo "$$out"; exit 1; }
	$(Q)python3 tests/gen/man_metrics.py ./pmuctl | cmp -s - man/pmuctl-metrics.7 || \
		{ echo "man/pmuctl-metrics.7 is stale: python3 tests/gen/man_metrics.py ./pmuctl > man/pmuctl-metrics.7"; exit 1; }
	$(Q)sed -n '/^<!-- families/,/^<!-- \/families/p' README.md | sed '1d;$$d' >$(BUILD)/readme-families.md
	$(Q)$(BUILD)/famgen md $(FAMILY_DATA) | cmp -s - $(BUILD)/readme-families.md || \
		{ echo "README.md's table of families is stale: put build/famgen md pmu/family/data/*.yaml in it"; exit 1; }
	$(Q)echo "  DOCS    $(words $(MAN1) $(MAN7) 1) man pages lint-clean, the README's families current"

# What valgrind adds to ASan: uninitialised reads, in the optimised release binary. Every
# command's output (the golden battery, per-device tables, BlueField's blocks and dry-run
# plans among them) and top's screen, with every pmuctl run under memcheck (errors or leaks:
# exit 99). count.bats, per_device.bats and bluefield.bats run under ASan + UBSan only: with
# count.bats here (64 s alone) the suite passed 20 minutes on the 2-core machine, with this
# round's seven families
VALGRIND_TESTS := golden top
check-valgrind: pmuctl pmuctl-commands.so
	$(Q)logs=$$(mktemp -d); \
	VALGRIND_LOG_DIR=$$logs PMUCTL=$(CURDIR)/tests/valgrind-pmuctl PMUCTL_REAL=$(CURDIR)/pmuctl \
		BATS_TEST_TIMEOUT=600 bats --tap $$(tests/bats_jobs) \
		$(VALGRIND_TESTS:%=tests/cli/%.bats) > $$logs/tap 2>&1; status=$$?; \
	grep -E '^(not ok|#)' $$logs/tap | head -40; \
	echo "  VALGRIND $$(grep -c '^ok ' $$logs/tap) CLI tests passed ($$(grep -c '^ok .* # skip' $$logs/tap) skipped), $$(grep -c '^not ok ' $$logs/tap) failed"; \
	rm -rf $$logs; exit $$status

# static analysis: clang-tidy with .clang-tidy's checks (exceptions written there), and cppcheck's
# warning/portability/performance classes (its style class is advice: scope of variables); and
# the tests' own: no negated command bats would ignore; and the layout: no family or vendor
# named outside pmu/family/ (lint_names.py, from the families' data), no two files of cmd/
# that call each other however far round (cmd_cycles.py, from the objects), no source file
# over 600 lines
lint: pmuctl pmuctl-commands.so
	$(Q)python3 tests/lint_bats.py
	$(Q)tests/lint_layout.sh
	$(Q)python3 tests/lint_names.py >/dev/null || python3 tests/lint_names.py
	$(Q)python3 tests/cmd_cycles.py $(BUILD) >/dev/null || python3 tests/cmd_cycles.py $(BUILD)
	$(Q)cppcheck -q --enable=warning,portability,performance --inline-suppr --error-exitcode=1 \
		-I. -D_GNU_SOURCE --std=c11 cmd lib pmu topology tools
	$(Q)printf '%s\n' $(LIB_SRCS) $(CMD_SRCS) tools/famgen.c | xargs -P$(NPROC) -n 16 sh -c \
		'clang-tidy -quiet "$$@" -- -std=gnu11 -D_GNU_SOURCE -I. $(PKG_CFLAGS)' clang-tidy 2>/dev/null
	$(Q)echo "  LINT    cppcheck and clang-tidy clean"

# The parts on the 2-core machine (2026-11-29): check-plain 91 s, check-package-lint 350 s
# (clang-tidy 400 of its 658 CPU seconds), check-asan about 280 s, check-valgrind 55 s; 12 min
# 11 s from a clean clone, against the README's 15
check: check-plain check-package-lint check-asan check-valgrind

# libFuzzer needs clang; the library is built once, instrumented, and every target links it;
# each target runs FUZZ_SECONDS from its committed corpus
FUZZ_CC ?= clang
FUZZ_SAN := -g -O1 -fno-sanitize-recover=all
FUZZ_CFLAGS := -std=gnu11 -D_GNU_SOURCE -I. $(PKG_CFLAGS) -MMD -MP $(FUZZ_SAN)
FUZZ_LIB_OBJS := $(LIB_SRCS:%.c=build-fuzz/obj/%.o) build-fuzz/obj/gen/families.o
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=build-fuzz/%)

build-fuzz/obj/%.o: %.c
	$(call msg,CC,$< [fuzz])
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined -c -o $@ $<

build-fuzz/obj/gen/families.o: build-fuzz/gen/families.c
	$(call msg,CC,$< [fuzz])
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined -c -o $@ $<

build-fuzz/libpmuctl.a: $(FUZZ_LIB_OBJS)
	$(Q)rm -f $@ && ar rcs $@ $^

build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c build-fuzz/libpmuctl.a
	$(call msg,LINK,$@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined -o $@ $< build-fuzz/libpmuctl.a $(PKG_LIBS)

fuzz-build: $(FUZZ_BINS)

# each target FUZZ_SECONDS from its committed corpus, as many at once as make -j allows; a static
# pattern rule, as make looks up no implicit rule for a phony target (it would do nothing)
FUZZ_RUNS := $(FUZZ_SRCS:tests/fuzz/%.c=fuzz-run-%)
fuzz: $(FUZZ_RUNS)
.PHONY: $(FUZZ_RUNS)

$(FUZZ_RUNS): fuzz-run-%: build-fuzz/%
	$(Q)mkdir -p tests/fuzz/corpus/$* build-fuzz/corpus-$*
	$(Q)echo "  FUZZ    $* ($(FUZZ_SECONDS)s)"
	$(Q)build-fuzz/$* -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 \
		-artifact_prefix=build-fuzz/$*- build-fuzz/corpus-$* \
		tests/fuzz/corpus/$* > build-fuzz/$*.log 2>&1 || \
		{ tail -30 build-fuzz/$*.log; exit 1; }

install: pmuctl pmuctl-commands.so $(BUILD)/gen/pmuctl-families.7
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGLIBDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man7 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR) \
		$(DESTDIR)$(SCHEMADIR) $(DESTDIR)$(UNITDIR)
	install -m 0755 pmuctl $(DESTDIR)$(BINDIR)/pmuctl
	install -m 0644 pmuctl-commands.so $(DESTDIR)$(PKGLIBDIR)/pmuctl-commands.so
	install -m 0644 $(MAN1) $(DESTDIR)$(MANDIR)/man1/
	install -m 0644 $(MAN7) $(BUILD)/gen/pmuctl-families.7 $(DESTDIR)$(MANDIR)/man7/
	install -m 0644 $(SCHEMAS) $(DESTDIR)$(SCHEMADIR)/
	install -m 0644 completions/pmuctl.bash $(DESTDIR)$(BASHCOMPDIR)/pmuctl
	install -m 0644 completions/_pmuctl $(DESTDIR)$(ZSHCOMPDIR)/_pmuctl
	install -m 0644 completions/pmuctl.fish $(DESTDIR)$(FISHCOMPDIR)/pmuctl.fish
	sed 's|@BINDIR@|$(BINDIR)|g' deploy/systemd/pmuctl-exporter.service > $(DESTDIR)$(UNITDIR)/pmuctl-exporter.service
	install -m 644 deploy/systemd/pmuctl-exporter.socket $(DESTDIR)$(UNITDIR)/pmuctl-exporter.socket
	chmod 0644 $(DESTDIR)$(UNITDIR)/pmuctl-exporter.service

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/pmuctl $(DESTDIR)$(PKGLIBDIR)/pmuctl-commands.so $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MAN1))) \
		$(addprefix $(DESTDIR)$(MANDIR)/man7/,$(notdir $(MAN7)) pmuctl-families.7) \
		$(DESTDIR)$(BASHCOMPDIR)/pmuctl $(DESTDIR)$(ZSHCOMPDIR)/_pmuctl \
		$(DESTDIR)$(FISHCOMPDIR)/pmuctl.fish $(DESTDIR)$(UNITDIR)/pmuctl-exporter.service \
		$(DESTDIR)$(UNITDIR)/pmuctl-exporter.socket \
		$(addprefix $(DESTDIR)$(SCHEMADIR)/,$(notdir $(SCHEMAS)))
	-rmdir $(DESTDIR)$(PKGLIBDIR) $(DESTDIR)$(SCHEMADIR) $(DESTDIR)$(patsubst %/,%,$(dir $(SCHEMADIR))) 2>/dev/null

clean:
	rm -rf build build-asan build-fuzz pmuctl pmuctl-commands.so

-include $(LIB_OBJS:.o=.d) $(CMD_OBJS:.o=.d) $(FUZZ_LIB_OBJS:.o=.d) $(FUZZ_BINS:=.d)
