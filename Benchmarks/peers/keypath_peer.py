#!/usr/bin/env python3
"""Peer for `bsl-bench keypath`: the same work with Python's json module and plain indexing.

Usage: keypath_peer.py DOCUMENT.json PATHS.json REPETITIONS
PATHS.json is a list of paths, each a list of keys (strings) and indexes (integers).
Prints {"parse": s, "parse_and_get": s, "get": s, "set": s}: median seconds per case.
"""

import json
import statistics
import sys
import time


def median_time(repetitions, body):
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


def main():
    document_file, paths_file, repetitions = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(document_file, "rb") as f:
        data = f.read()
    with open(paths_file, "rb") as f:
        paths = json.load(f)

    def parse():
        json.loads(data)

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
        "parse": median_time(repetitions, parse),
        "parse_and_get": median_time(repetitions, parse_and_get),
        "get": median_time(repetitions, get_all),
        "set": median_time(repetitions, set_all),
    }))


if __name__ == "__main__":
    main()
