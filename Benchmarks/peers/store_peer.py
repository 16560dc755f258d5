#!/usr/bin/env python3
"""Peer for `bsl-bench store`: the same encrypted key-value work with Python's sqlite3 and the
`cryptography` package's AESGCM (install it with `pip install cryptography`).

Usage: store_peer.py RECORDS.jsonl WORK.json FOLDER REPETITIONS
RECORDS.jsonl holds one JSON record per line; WORK.json {"reads": [index…], "ranges": [offset…],
"range_length": n}. Values are stored as BasicStore stores them: nonce (12) ‖ ciphertext ‖ tag,
with the collection and key authenticated as associated data, in a WAL database with
synchronous=FULL. Prints {"batch_write": s, "point_reads": s, "range_reads": s, "open": s}:
median seconds per case.
"""

import json
import os
import sqlite3
import statistics
import sys
import time

try:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
except ImportError:
    sys.stderr.write("the store peer needs the cryptography package: pip install cryptography\n")
    sys.exit(3)


def median_time(repetitions, body, setup=None):
    samples = []
    for _ in range(repetitions):
        if setup:
            setup()
        start = time.perf_counter()
        body()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def associated_data(kind, collection, key):
    c = collection.encode()
    return kind + len(c).to_bytes(4, "big") + c + key.encode()


SCHEMA = """
CREATE TABLE keyed_values(collection TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
    PRIMARY KEY(collection, key)) WITHOUT ROWID;
CREATE TABLE ordered_items(id INTEGER PRIMARY KEY, collection TEXT NOT NULL, position INTEGER NOT NULL,
    value BLOB NOT NULL);
CREATE UNIQUE INDEX ordered_items_position ON ordered_items(collection, position);
"""


def connect(path):
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA busy_timeout = 5000")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    return db


def main():
    records_file, work_file, folder, repetitions = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    with open(records_file, "rb") as f:
        records = [json.loads(line) for line in f if line.strip()]
    with open(work_file, "rb") as f:
        work = json.load(f)
    keys = ["record-%06d" % i for i in range(len(records))]
    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    path = os.path.join(folder, "peer.sqlite")

    def remove_files():
        for suffix in ("", "-wal", "-shm"):
            try:
                os.remove(path + suffix)
            except FileNotFoundError:
                pass

    def seal(plaintext, ad):
        nonce = os.urandom(12)
        return nonce + aead.encrypt(nonce, plaintext, ad)

    def open_value(stored, ad):
        return aead.decrypt(stored[:12], stored[12:], ad)

    def batch_write():
        db = connect(path)
        db.executescript(SCHEMA)
        db.execute("BEGIN IMMEDIATE")
        for k, record in zip(keys, records):
            sealed = seal(json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode(),
                          associated_data(b"k", "bench", k))
            db.execute("INSERT OR REPLACE INTO keyed_values(collection, key, value) VALUES (?, ?, ?)",
                       ("bench", k, sealed))
        db.execute("COMMIT")
        db.close()

    batch = median_time(repetitions, batch_write, setup=remove_files)

    # The ordered collection for the range reads, and the key-check record for the open.
    db = connect(path)
    db.execute("BEGIN IMMEDIATE")
    for position, record in enumerate(records):
        item_id = position + 1
        sealed = seal(json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode(),
                      associated_data(b"o", "list", str(item_id)))
        db.execute("INSERT INTO ordered_items(id, collection, position, value) VALUES (?, ?, ?, ?)",
                   (item_id, "list", position, sealed))
    db.execute("CREATE TABLE store_meta(name TEXT PRIMARY KEY NOT NULL, value BLOB NOT NULL) WITHOUT ROWID")
    db.execute("INSERT INTO store_meta VALUES ('key_check', ?)", (seal(b"BasicStore key check 1", b"c\0\0\0\0"),))
    db.execute("COMMIT")

    reads = [keys[i] for i in work["reads"]]

    def point_reads():
        for k in reads:
            row = db.execute("SELECT value FROM keyed_values WHERE collection = ? AND key = ?", ("bench", k)).fetchone()
            json.loads(open_value(row[0], associated_data(b"k", "bench", k)))

    point = median_time(repetitions, point_reads)

    length = work["range_length"]

    def range_reads():
        for offset in work["ranges"]:
            db.execute("BEGIN")
            rows = db.execute(
                "SELECT id, position, value FROM ordered_items WHERE collection = ? AND position >= ? "
                "AND position < ? ORDER BY position", ("list", offset, offset + length)).fetchall()
            db.execute("COMMIT")
            for item_id, _, value in rows:
                json.loads(open_value(value, associated_data(b"o", "list", str(item_id))))

    ranges = median_time(repetitions, range_reads)
    db.close()

    def open_store():
        connection = connect(path)
        stored = connection.execute("SELECT value FROM store_meta WHERE name = 'key_check'").fetchone()[0]
        AESGCM(key).decrypt(stored[:12], stored[12:], b"c\0\0\0\0")
        connection.execute("SELECT value FROM keyed_values WHERE collection = ? AND key = ?",
                           ("bench", keys[0])).fetchone()
        connection.close()

    opening = median_time(201, open_store)
    remove_files()
    print(json.dumps({"batch_write": batch, "point_reads": point, "range_reads": ranges, "open": opening}))


if __name__ == "__main__":
    main()
