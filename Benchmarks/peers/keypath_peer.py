#!/usr/bin/env python3
"""Peer for `bsl-bench keypath`: the same work with Python's json module and plain indexing.

Usage: keypath_peer.py DOCUMENT.json ASCII.json PATHS.json REPETITIONS
       keypath_peer.py --profile N DOCUMENT.json [MORE.json ...]
PATHS.json is a list of paths, each a list of keys (strings) and indexes (integers).
Prints {"python": version, "parse": s, "parse_ascii": s, "parse_and_get": s, "get": s, "set": s}:
median seconds per case, each timed run right after a run of the same case; parses are timed up to and including
freeing the result, as bsl-bench times ours. With --profile, only json.loads of each file, N
times, untimed: run it under callgrind with N and with 0 and take the difference.
"""

import json
import platform
import statistics
import sys
import time


def median_time(repetitions, body):
    body()  # untimed: every timed run then follows a run of the same case, as in bsl-bench
    samples = []
    for _ in range(repetitions):
        start = time.perf_counter()
        body()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def get(doc, path):
    value = doc
    for step in path:
        value = value[step]
    return value


def profile(rounds, files):
    documents = []
    for name in files:
        with open(name, "rb") as f:
            documents.append(f.read())
    for _ in range(rounds):
        for data in documents:
            json.loads(data)


def main():
    if sys.argv[1] == "--profile":
        profile(int(sys.argv[2]), sys.argv[3:])
        return
    document_file, ascii_file, paths_file, repetitions = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    with open(document_file, "rb") as f:
        data = f.read()
    with open(ascii_file, "rb") as f:
        ascii_data = f.read()
    with open(paths_file, "rb") as f:
        paths = json.load(f)

    def parse():
        json.loads(data)

    def parse_ascii():
        json.loads(ascii_data)

    def parse_and_get():
        doc = json.loads(data)
        for path in paths:
            get(doc, path)

    parsed = json.loads(data)

    def get_all():
        for path in paths:
            get(parsed, path)

    def set_all():
        for path in paths:
            get(parsed, path[:-1])[path[-1]] = 7

    print(json.dumps({
        "python": f"{platform.python_implementation()} {platform.python_version()} ({sys.executable})",
        "parse": median_time(repetitions, parse),
        "parse_ascii": median_time(repetitions, parse_ascii),
        "parse_and_get": median_time(repetitions, parse_and_get),
        "get": median_time(repetitions, get_all),
        "set": median_time(repetitions, set_all),
    }))


if __name__ == "__main__":
    main()
