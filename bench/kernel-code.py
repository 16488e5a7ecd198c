#!/usr/bin/env python3
"""kernel-code.py - which kernels GRAPHITE and gccpoly transform at all.

Builds every kernel of bench/kernels (or those named) in bench/run.py's
autopar, graphite and gccpoly configurations (objects only, nothing runs)
and compares the machine code of each kernel's function, with what
parloops outlined from it (run.py's fingerprint, addresses left out):
a configuration whose kernel code is autopar's transformed nothing in the
kernel beyond what parloops does by itself.  Prints a markdown table;
issue 6's "ahead of GRAPHITE on every kernel where either transforms
anything" concerns the rows where one of the two differs from autopar.

  bench/kernel-code.py [--plugin PATH] [--cc GCC] [--threads T] [KERNEL...]
"""

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench_run", os.path.join(HERE, "run.py"))
run = importlib.util.module_from_spec(spec)
spec.loader.exec_module(run)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", default=os.path.join(HERE, "..", "build", "gccpoly.so"))
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("kernels", nargs="*")
    a = ap.parse_args()
    listed = run.read_list(os.path.join(run.KDIR, "kernels.list"))
    names = a.kernels or list(listed)
    flags = run.config_flags(os.path.abspath(a.plugin), a.threads, False)
    common = ["-std=gnu11", "-ffp-contract=off", "-falign-functions=64", "-I", run.KDIR]
    print("| kernel | graphite's kernel code | gccpoly's kernel code |")
    print("|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for k in names:
            code = {}
            for c in ("autopar", "graphite", "gccpoly"):
                obj = os.path.join(tmp, "%s.%s.o" % (k, c))
                done = subprocess.run([a.cc] + common + flags[c] + ["-c", os.path.join(run.KDIR, k + ".c"), "-o", obj],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                code[c] = run.kernel_code(obj, k) if done.returncode == 0 else None
            say = lambda c: "build failed" if code[c] is None else ("autopar's" if code[c] == code["autopar"] else "transformed")
            print("| %s | %s | %s |" % (k, say("graphite"), say("gccpoly")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
