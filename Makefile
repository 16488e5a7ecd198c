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
#   make PLUGIN_CC=gcc-12 ...   choose the target compiler

PLUGIN_CC ?= gcc
CARGO ?= cargo
COVERAGEFLAGS ?=
COMPILETIMEFLAGS ?=
BENCHFLAGS ?=
export PLUGIN_CC RUNTESTFLAGS

BUILD := build
PLUGIN := $(BUILD)/gccpoly.so
CORE := $(BUILD)/gccpoly-core.so
PLUGIN_DIR = $(shell $(PLUGIN_CC) -print-file-name=plugin)

.PHONY: all setup setup-check setup-bench plugin demo check check-gcc coverage compile-time bench install uninstall clean

all: plugin

setup:
	@scripts/install-deps.sh build

setup-check:
	@scripts/install-deps.sh check

setup-bench:
	@scripts/install-deps.sh bench

# cargo decides what is out of date.
plugin: setup
	$(CARGO) build --release --workspace
	@mkdir -p $(BUILD)
	cp target/release/libgccpoly.so $(PLUGIN)
	cp target/release/libgccpoly_core.so $(CORE)
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
