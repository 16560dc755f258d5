#!/usr/bin/env python3
"""Writes Sources/bsl/startup.order: the functions `bsl` runs as it starts, for the linker to
place together (Package.swift's startupLayout; BENCHMARKS.md, startup).

    swift build -c release --static-swift-stdlib --product bsl
    Scripts/startup-order.py [--bsl .build/release/bsl]
    rm .build/release/bsl && swift build -c release --static-swift-stdlib --product bsl

Each command below runs once under valgrind's callgrind; every function it ran that the binary
defines is written, one mangled name per line, the commands' first uses first. Names the next
build no longer has are skipped by the linker, so a stale file costs memory, not correctness;
write it again when the start-up figures drift. SwiftPM does not know the linker reads the
file: remove the binary to have it linked again. Needs valgrind (`apt-get install valgrind`).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORDER = os.path.join(ROOT, "Sources", "bsl", "startup.order")

# The commands whose start is laid out: the version, and the list commands on the bundled
# cassettes (README's first command, what bsl-bench startup measures, and what the reader's
# first screen runs).
COMMANDS = [
    ["--version"],
    ["cnblogs", "news", "--replay", "Samples/cnblogs-today"],
    ["cnblogs", "news", "--source", "legacy", "--replay", "Samples/cnblogs"],
    ["http", "get", "--replay", "Samples/http/news", "https://news.example.com/api/v1/news/recent?page=1&size=3"],
]


def defined_functions(binary):
    """The names of the functions `binary` defines."""
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    names = set()
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "tTwW":
            names.add(fields[2])
    return names


def functions_run(binary, arguments, scratch):
    """The functions callgrind saw `binary arguments` run, in the order its output names them."""
    output = os.path.join(scratch, "callgrind.out")
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={output}", binary, *arguments],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if run.returncode != 0 or not os.path.exists(output):
        sys.exit(f"error: bsl {' '.join(arguments)} failed under valgrind ({run.returncode}): {run.stderr[-400:]}")
    names = []
    with open(output, encoding="utf-8", errors="replace") as profile:
        for line in profile:
            match = re.match(r"^c?fn=\(\d+\) (.+)$", line)
            if match:
                names.append(match.group(1).strip().split("'")[0])
    os.remove(output)
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bsl", default=os.path.join(ROOT, ".build", "release", "bsl"), help="the bsl to profile")
    arguments = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("error: valgrind is not installed; apt-get install valgrind, then run this again")
    if not os.path.exists(arguments.bsl):
        sys.exit(f"error: {arguments.bsl} does not exist; build it first (swift build -c release --product bsl)")
    defined = defined_functions(arguments.bsl)
    order, seen = [], set()
    with tempfile.TemporaryDirectory() as scratch:
        for command in COMMANDS:
            for name in functions_run(arguments.bsl, command, scratch):
                if name in defined and name not in seen:
                    seen.add(name)
                    order.append(name)
    with open(ORDER, "w", encoding="utf-8") as file:
        file.write("# The functions bsl runs as it starts, for lld's --symbol-ordering-file.\n")
        file.write("# Written by Scripts/startup-order.py; write it again rather than edit it.\n")
        file.write("\n".join(order) + "\n")
    print(f"{len(order)} functions written to {os.path.relpath(ORDER, ROOT)}; "
          f"remove {arguments.bsl} and build again to link it with them")


if __name__ == "__main__":
    main()
