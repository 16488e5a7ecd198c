#!/usr/bin/env python3
"""gccpoly(7), written from docs/options.md and docs/report.md.

The manual page is made from the same text as the documentation in the
tree, so the two cannot drift apart: options.md's table becomes OPTIONS,
its other sections (errors, remarks, when the pass runs, -flto, internal
errors) sections of their own, and report.md the section REPORT.  Only
the Markdown those files use is read: headings, paragraphs, lists, code
blocks, tables, `code`, **bold**, *emphasis* and [links](...).

    scripts/man-page.py --major 12 --out build/man/gccpoly.7
"""

import argparse
import datetime
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def escape(text):
    """Roff-escapes plain text (no markup of its own)."""
    return text.replace("\\", "\\e").replace("-", "\\-")


def inline(text):
    """Markdown's inline markup of one line, as roff fonts."""
    out = []
    for i, part in enumerate(re.split(r"`([^`]*)`", text)):
        if i % 2:
            out.append("\\fB" + escape(part) + "\\fR")
            continue
        part = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", part)
        part = escape(part)
        part = re.sub(r"\*\*([^*]+)\*\*", r"\\fB\1\\fR", part)
        part = re.sub(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])", r"\\fI\1\\fR", part)
        out.append(part)
    return "".join(out)


def line_start(text):
    """A line roff would read as a request keeps its first character."""
    return "\\&" + text if text[:1] in (".", "'") else text


def cells(row):
    return [c.strip() for c in row.strip().strip("|").split("|")]


def table(rows, option_table):
    """A Markdown table as tagged paragraphs: the first cell the tag."""
    out = []
    for row in rows[2:]:
        c = cells(row)
        if option_table:
            key = c[0].strip("`")
            tag = "\\fB\\-fplugin\\-arg\\-gccpoly\\-" + escape(key) + "\\fR"
            body = inline(c[2])
        else:
            tag = inline(c[0])
            body = inline(" \u2014 ".join(c[1:]) if len(c) > 2 else c[1])
        out += [".TP", tag, line_start(body)]
    return out


def convert(text, level_offset, option_table=False, skip_title=True):
    """Markdown to roff lines; '#' titles dropped, '##' as .SH or .SS."""
    out = []
    lines = text.splitlines()
    i = 0
    para = []

    def flush():
        if para:
            out.append(".PP")
            out.extend(line_start(inline(p)) for p in para)
            para.clear()

    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            flush()
            j = i + 1
            out += [".PP", ".nf", ".RS 4"]
            while j < len(lines) and not lines[j].startswith("```"):
                out.append(line_start(escape(lines[j])))
                j += 1
            out += [".RE", ".fi"]
            i = j + 1
            continue
        m = re.match(r"^(#+)\s+(.*)", line)
        if m:
            flush()
            depth = len(m.group(1)) + level_offset
            if depth <= 1:
                if not skip_title:
                    out += [".SH", inline(m.group(2)).upper()]
            elif depth == 2:
                out += [".SH", inline(m.group(2)).upper()]
            else:
                out += [".SS", inline(m.group(2))]
            i += 1
            continue
        if line.startswith("|"):
            flush()
            j = i
            while j < len(lines) and lines[j].startswith("|"):
                j += 1
            out += table(lines[i:j], option_table)
            i = j
            continue
        m = re.match(r"^(\s*)[-*]\s+(.*)", line)
        if m:
            flush()
            item = [m.group(2)]
            j = i + 1
            while j < len(lines) and lines[j].startswith("  ") and lines[j].strip() \
                    and not re.match(r"^\s*[-*]\s+", lines[j]):
                item.append(lines[j].strip())
                j += 1
            out += [".IP \\(bu 2", line_start(inline(" ".join(item)))]
            i = j
            continue
        if not line.strip():
            flush()
        else:
            para.append(line.strip())
        i += 1
    flush()
    return out


def read(path):
    with open(os.path.join(TOP, path), encoding="utf-8") as f:
        return f.read()


def version():
    m = re.search(r'^version\s*=\s*"([^"]+)"', read("Cargo.toml"), re.M)
    return m.group(1) if m else "unknown"


def page(major):
    # dpkg-buildpackage sets SOURCE_DATE_EPOCH from debian/changelog, so
    # that the package's page is the same at every build.
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    date = datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc).date() if epoch else datetime.date.today()
    out = [
        '.TH GCCPOLY 7 "%s" "gccpoly %s" "gccpoly"' % (date.isoformat(), version()),
        ".nh",
        ".ad l",
        ".SH NAME",
        "gccpoly \\- polyhedral loop optimizer plugin for GCC",
        ".SH SYNOPSIS",
        ".B gcc\\-%s" % major,
        ".B \\-fplugin=gccpoly",
        ".RB [ \\-fplugin\\-arg\\-gccpoly\\-\\fIKEY\\fR [ =\\fIVALUE\\fR ]]",
        ".RB [ \\-ftree\\-parallelize\\-loops=\\fIN\\fR ]",
        ".RB [ \\-fopt\\-info\\-loop\\-all ]",
        ".I file.c",
        ".SH DESCRIPTION",
        "gccpoly runs in GCC's optimization pipeline right after the PRE pass.",
        "It finds the static-control loop nests (SCoPs) of each function,",
        "models them exactly with isl, computes their array dataflow and gives",
        "every loop a verdict: parallel as it is, parallel with private copies",
        "or reductions, or not parallel and why.",
        "With \\fB\\-ftree\\-parallelize\\-loops=\\fIN\\fR it marks the loops it",
        "proves parallel for GCC's parloops, under a run-time test where the",
        "proof needs one; at \\fB\\-O3\\fR it also interchanges, skews and jams",
        "loops where its model shows the results stay the same.",
        "It explains each decision as a GCC remark (see REMARKS) and in a",
        "JSON report (see REPORT).",
        ".PP",
        "This build works with GCC %s only, at the exact version it was built" % major,
        "against; another GCC refuses it with an error that names both versions.",
        ".SH OPTIONS",
    ]
    out += convert(read("docs/options.md"), 0, option_table=True)
    out += [".SH REPORT"]
    out += convert(read("docs/report.md"), 1)
    out += [
        ".SH FILES",
        ".TP",
        "\\fB$(gcc\\-%s \\-print\\-file\\-name=plugin)/gccpoly.so\\fR" % major,
        "the file GCC loads for \\fB\\-fplugin=gccpoly\\fR: it checks the GCC version and",
        "loads the analysis library beside it,",
        ".TP",
        "\\fB$(gcc\\-%s \\-print\\-file\\-name=plugin)/gccpoly\\-core.so\\fR" % major,
        "the analysis library.",
        ".TP",
        "\\fB/usr/share/doc/gccpoly\\-gcc\\-%s/\\fR" % major,
        "the documentation: the design, code generation, offload, options and",
        "report, performance and coverage.",
        ".SH SEE ALSO",
        ".BR gcc (1)",
    ]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--major", required=True, help="the GCC major the page is for")
    ap.add_argument("--out", required=True, help="the file to write")
    args = ap.parse_args()
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(page(args.major))


if __name__ == "__main__":
    sys.exit(main())
