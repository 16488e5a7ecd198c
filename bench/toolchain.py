"""The compiler and plugin the measuring scripts (coverage.py,
compile-time.py) use: their options, the checks, and a private copy of the
plugin."""

import os
import shutil
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def add_toolchain_args(ap):
    """--plugin and --cc, with the Makefile's defaults."""
    ap.add_argument("--plugin", default=os.path.join(TOP, "build", "gccpoly.so"))
    ap.add_argument("--cc", default=os.environ.get("PLUGIN_CC") or "gcc")


def check_toolchain(args, prog):
    """The plugin's absolute path, or None after saying what is missing."""
    plugin = os.path.abspath(args.plugin)
    if not os.path.isfile(plugin):
        sys.stderr.write("%s: no plugin at %s (run make first)\n" % (prog, plugin))
        return None
    if shutil.which(args.cc) is None:
        sys.stderr.write("%s: no compiler '%s'\n" % (prog, args.cc))
        return None
    return plugin


def snapshot_plugin(plugin, into):
    """Copy the plugin and its gccpoly-core.so into INTO: a rebuild that
    overwrites build/ in place must not crash (SIGBUS) compilers using it."""
    d = os.path.join(into, "plugin")
    os.mkdir(d)
    core = os.path.join(os.path.dirname(plugin), "gccpoly-core.so")
    if os.path.isfile(core):
        shutil.copy2(core, d)
    shutil.copy2(plugin, d)
    return os.path.join(d, os.path.basename(plugin))
