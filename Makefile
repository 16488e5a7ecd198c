# gccpoly: top-level verbs. `make demo` and `make check` do the whole set-up.
#
#   make                 build build/gccpoly.so (release)
#   make demo            install what is missing, build, run the bundled example
#   make check           cargo test + the DejaGnu testsuite + check-gcc; ends "N passed, N failed"
#   make check-gcc       GCC's own loop tests and libgomp's C tests compiled (and run) with the plugin
#   make coverage        loops in SCoPs per file, GRAPHITE vs gccpoly (COVERAGEFLAGS=--strict ...)
#   make compile-time    -O2 compile time of the kernels with and without the plugin
#                        (COMPILETIMEFLAGS="--max-overhead 10" ...)
#   make bench           run time of the kernels: -O3 vs autopar, GRAPHITE, Polly, gccpoly
#                        (BENCHFLAGS="-r 5 --threads 4 gemm lu" ...; --quick: SMALL sizes once)
#   make install         install into $(PLUGIN_CC)'s plugin directory
#   make uninstall       remove it again
#   make deb             build build/deb/gccpoly-gcc-N_VERSION_ARCH.deb (dpkg-buildpackage)
#   make PLUGIN_CC=gcc-11 ...   choose the target compiler (GCC 11 or 12): another
#                        compiler's build lives in build/gcc-11 and target/gcc-11

PLUGIN_CC ?= gcc
CARGO ?= cargo
COVERAGEFLAGS ?=
COMPILETIMEFLAGS ?=
BENCHFLAGS ?=
export PLUGIN_CC RUNTESTFLAGS

# The default compiler's build in build/ and target/; another's beside it,
# so that builds for two GCCs do not undo each other.
ifeq ($(PLUGIN_CC),gcc)
BUILD := build
export CARGO_TARGET_DIR ?= target
else
BUILD := build/$(notdir $(PLUGIN_CC))
export CARGO_TARGET_DIR ?= target/$(notdir $(PLUGIN_CC))
endif
# isl, as the isl-rs crate builds it, with imath's small-integer form
# (scripts/isl.config.site): the same exact arithmetic, half the plugin's
# compile time on isl-heavy files (docs/performance.md). A build folder
# made before gets its isl rebuilt once (the stamp).
export CONFIG_SITE := $(CURDIR)/scripts/isl.config.site
ISL_STAMP = $(CARGO_TARGET_DIR)/.isl-imath-32
PLUGIN := $(BUILD)/gccpoly.so
CORE := $(BUILD)/gccpoly-core.so
PLUGIN_DIR = $(shell $(PLUGIN_CC) -print-file-name=plugin)

.PHONY: all setup setup-check setup-bench setup-deb plugin deb print-build demo check check-gcc coverage compile-time bench install uninstall clean

all: plugin

setup:
	@scripts/install-deps.sh build

setup-check:
	@scripts/install-deps.sh check

setup-bench:
	@scripts/install-deps.sh bench

setup-deb:
	@scripts/install-deps.sh deb

# cargo decides what is out of date.
plugin: setup
	@if [ -d $(CARGO_TARGET_DIR)/release ] && [ ! -f $(ISL_STAMP) ]; then \
	  echo "rebuilding isl with imath-32 (scripts/isl.config.site)"; \
	  $(CARGO) clean --release -p isl-rs; fi
	$(CARGO) build --release --workspace
	@touch $(ISL_STAMP)
	@mkdir -p $(BUILD)
	cp $(CARGO_TARGET_DIR)/release/libgccpoly.so $(PLUGIN)
	cp $(CARGO_TARGET_DIR)/release/libgccpoly_core.so $(CORE)
	@echo "built $(PLUGIN) for $$($(PLUGIN_CC) -dumpfullversion)"

demo: plugin
	@PLUGIN_CC=$(PLUGIN_CC) examples/demo.sh $(PLUGIN)

check: setup-check plugin
	@scripts/check.sh $(PLUGIN)

check-gcc: setup-check plugin
	@testsuite/gcc/check-gcc.sh --plugin $(PLUGIN) --cc $(PLUGIN_CC)

coverage: setup-check plugin
	@bench/coverage.py --plugin $(PLUGIN) --cc $(PLUGIN_CC) $(COVERAGEFLAGS)

compile-time: setup plugin
	@bench/compile-time.py --plugin $(PLUGIN) --cc $(PLUGIN_CC) $(COMPILETIMEFLAGS)

bench: setup-bench plugin
	@bench/run.py --plugin $(PLUGIN) --cc $(PLUGIN_CC) $(BENCHFLAGS)
	@bench/run.py --native --plugin $(PLUGIN) --cc $(PLUGIN_CC) $(BENCHFLAGS)

deb: setup-deb
	@scripts/make-deb.sh $(BUILD)/deb

# The build directory for PLUGIN_CC (debian/rules asks).
print-build:
	@echo $(BUILD)

install: plugin
	install -d $(DESTDIR)$(PLUGIN_DIR)
	install -m 0644 $(PLUGIN) $(DESTDIR)$(PLUGIN_DIR)/gccpoly.so
	install -m 0644 $(CORE) $(DESTDIR)$(PLUGIN_DIR)/gccpoly-core.so
	@echo "installed: $(PLUGIN_CC) -fplugin=gccpoly now loads $(DESTDIR)$(PLUGIN_DIR)/gccpoly.so"

uninstall:
	rm -f $(DESTDIR)$(PLUGIN_DIR)/gccpoly.so $(DESTDIR)$(PLUGIN_DIR)/gccpoly-core.so

clean:
	$(CARGO) clean
	rm -rf $(BUILD) testsuite/work testsuite/*.log testsuite/*.sum
