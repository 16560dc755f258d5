#!/usr/bin/env python3
"""Peer for `bsl-bench xml`: the same document through Python's xml.etree.ElementTree and xmltodict.

Usage: xml_peer.py FEED.xml REPETITIONS
Prints {"etree": s, "xmltodict": s, "xmltodict_json": s, "entries": n}: median seconds per case.
xmltodict is not in the standard library: `pip install xmltodict`.
"""

import json
import statistics
import sys
import time
import xml.etree.ElementTree as ET

try:
    import xmltodict
except ImportError:
    sys.stderr.write("xml_peer.py needs xmltodict: pip install xmltodict\n")
    sys.exit(3)


def median_time(repetitions, body):
    samples = []
    for _ in range(repetitions):
        start = time.perf_counter()
        body()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main():
    path, repetitions = sys.argv[1], int(sys.argv[2])
    with open(path, "rb") as f:
        data = f.read()

    def etree():
        ET.fromstring(data)

    def to_dict():
        xmltodict.parse(data)

    def to_json():
        json.dumps(xmltodict.parse(data), ensure_ascii=False)

    entries = len(xmltodict.parse(data)["feed"]["entry"])
    print(json.dumps({
        "etree": median_time(repetitions, etree),
        "xmltodict": median_time(repetitions, to_dict),
        "xmltodict_json": median_time(repetitions, to_json),
        "entries": entries,
    }))


if __name__ == "__main__":
    main()
