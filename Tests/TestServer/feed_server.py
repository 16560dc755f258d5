#!/usr/bin/env python3
"""A test server of feeds for FeedsClient's tests and `bsl-bench feeds`: Python's standard
library only, bound to 127.0.0.1.

Started by TestSupport's FeedTestServer. Like test_server.py it binds a free port, prints
"PORT <n>" as its first line, and exits when its standard input closes or on SIGTERM.

Every other path answers what was configured for it with POST /_resource, with conditional GET:
an If-None-Match that names the ETag, or (without If-None-Match) an If-Modified-Since not older
than Last-Modified, gets 304 Not Modified. Counts are kept per path.

  POST /_resource        JSON: {"path": "/a.xml", "status": 200, "body": "<rss…", "body_base64": "…",
                         "content_type": "application/rss+xml", "etag": "\"v1\"",
                         "last_modified": "<HTTP date>", "cache_control": "max-age=60",
                         "retry_after": "120", "location": "/b.xml", "gzip": true, "delay_ms": 300,
                         "headers": {"X": "y"}, "drop": true, "fail_times": 2, "fail_status": 503}
                         sets what GET <path> answers and restarts its counts. "gzip" compresses
                         the body when the request accepts gzip; "drop" closes the connection
                         without an answer; "fail_times" answers "fail_status" (500) to the first
                         n requests; "hold": "name" makes each request wait (at most 60 s)
                         until POST /_release/name.
  GET  /_hits?path=P     {"hits": n, "conditional": n, "not_modified": n} for one path
  GET  /_requests?path=P [{"method", "authorization", "body"}] of each request to one path since
                         it was set
  POST /_release/<name>  lets every request holding on <name> answer, now and later
  GET  /_stats           {"requests": n, "bytes": n, "not_modified": n, "max_in_flight": n} since
                         the last reset (bytes: status lines, headers and bodies sent)
  POST /_stats/reset     sets the totals to 0
  POST /_bench           JSON {"feeds": 200, "entries": 50, "gzip": true}: RSS 2.0 feeds at
                         /bench/<i>.xml, each with its own ETag and Last-Modified
  POST /_bench/change    JSON {"every": 10}: every 10th bench feed gets one new entry (a new
                         ETag and Last-Modified)
"""

import base64
import email.utils
import gzip
import json
import os
import signal
import socketserver
import sys
import threading
import time
from http.server import ThreadingHTTPServer
from closing import SaysConnectionClose
from urllib.parse import parse_qs, urlsplit

LOCK = threading.RLock()
RESOURCES = {}  # path -> dict
HITS = {}  # path -> {"hits", "conditional", "not_modified"}
REQUESTS = {}  # path -> [{"method", "authorization", "body"}]
HOLDS = {}  # name -> threading.Event
STATS = {"requests": 0, "bytes": 0, "not_modified": 0, "max_in_flight": 0}
IN_FLIGHT = [0]
BENCH = {"feeds": 0, "entries": 0, "gzip": False, "versions": []}

WORDS = (
    "tide moon sun orbit coast harbour current wave salt reef shore estuary spring neap chart "
    "pier buoy lighthouse sand dune cliff gull heron kelp plankton"
).split()


def http_date(seconds):
    return email.utils.formatdate(seconds, usegmt=True)


def bench_feed(index, version, entries):
    """An RSS feed whose newest `version` entries are new ones; each keeps `entries` in all."""
    base = 1_764_000_000
    items = []
    for number in range(version + entries - 1, version - 1, -1):
        words = " ".join(WORDS[(index + number + k) % len(WORDS)] for k in range(40))
        items.append(
            "<item><title>Feed %d, entry %d: the %s</title>"
            "<link>https://bench.example/%d/%d</link><guid>https://bench.example/%d/%d</guid>"
            "<pubDate>%s</pubDate><author>writer%d@bench.example (Writer %d)</author>"
            "<description><![CDATA[<p>Entry %d of feed %d. %s.</p><p><a href=\"/%d/%d\">more</a></p>]]>"
            "</description></item>"
            % (index, number, WORDS[number % len(WORDS)], index, number, index, number,
               http_date(base + number * 3600), index % 7, index % 7, number, index, words, index, number)
        )
    items = items[:entries]
    body = (
        '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>'
        "<title>Bench feed %d</title><link>https://bench.example/%d/</link>"
        "<description>Feed %d of the benchmark</description>%s</channel></rss>" % (index, index, index, "".join(items))
    )
    return body.encode("utf-8")


def bench_resource(index):
    version = BENCH["versions"][index]
    body = bench_feed(index, version, BENCH["entries"])
    resource = {
        "status": 200,
        "body_bytes": body,
        "content_type": "application/rss+xml; charset=utf-8",
        "etag": '"%d-%d"' % (index, version),
        "last_modified": http_date(1_764_000_000 + version * 3600),
        "gzip": BENCH["gzip"],
    }
    prepare(resource)
    return resource


def prepare(resource):
    """Decodes the body once and compresses it once."""
    if "body_bytes" not in resource:
        if "body_base64" in resource:
            resource["body_bytes"] = base64.b64decode(resource["body_base64"])
        else:
            resource["body_bytes"] = resource.get("body", "").encode("utf-8")
    if resource.get("gzip"):
        resource["gzip_bytes"] = gzip.compress(resource["body_bytes"], mtime=0)


def hold(name):
    with LOCK:
        return HOLDS.setdefault(name, threading.Event())


def counts(path):
    return HITS.setdefault(path, {"hits": 0, "conditional": 0, "not_modified": 0})


class Handler(SaysConnectionClose):
    protocol_version = "HTTP/1.1"
    # Without this every small response stalls ~40 ms on Nagle's algorithm.
    disable_nagle_algorithm = True
    server_version = "BasicServicesFeedServer/1"

    def log_message(self, format, *args):  # keep the test output clean
        pass

    def flush_headers(self):
        buffered = getattr(self, "_headers_buffer", [])
        with LOCK:
            STATS["bytes"] += sum(len(part) for part in buffered)
        super().flush_headers()

    def write_body(self, data):
        with LOCK:
            STATS["bytes"] += len(data)
        self.wfile.write(data)

    def handle_any(self):
        with LOCK:
            IN_FLIGHT[0] += 1
            STATS["max_in_flight"] = max(STATS["max_in_flight"], IN_FLIGHT[0])
        try:
            self.dispatch()
        finally:
            with LOCK:
                IN_FLIGHT[0] -= 1

    def dispatch(self):
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        if url.path == "/_resource" and self.command == "POST":
            resource = json.loads(body.decode("utf-8"))
            path = resource.pop("path")
            prepare(resource)
            with LOCK:
                RESOURCES[path] = resource
                HITS[path] = {"hits": 0, "conditional": 0, "not_modified": 0}
                REQUESTS[path] = []
            return self.send_json(200, {"path": path})
        if url.path.startswith("/_release/") and self.command == "POST":
            name = url.path[len("/_release/"):]
            hold(name).set()
            return self.send_json(200, {"released": name})
        if url.path == "/_requests":
            path = parse_qs(url.query).get("path", [""])[0]
            with LOCK:
                return self.send_json(200, list(REQUESTS.get(path, [])))
        if url.path == "/_hits":
            path = parse_qs(url.query).get("path", [""])[0]
            with LOCK:
                return self.send_json(200, dict(counts(path)))
        if url.path == "/_stats":
            with LOCK:
                return self.send_json(200, dict(STATS))
        if url.path == "/_stats/reset" and self.command == "POST":
            with LOCK:
                for key in STATS:
                    STATS[key] = 0
            return self.send_json(200, {})
        if url.path == "/_bench" and self.command == "POST":
            options = json.loads(body.decode("utf-8") or "{}")
            with LOCK:
                BENCH["feeds"] = int(options.get("feeds", 200))
                BENCH["entries"] = int(options.get("entries", 50))
                BENCH["gzip"] = bool(options.get("gzip", True))
                BENCH["versions"] = [0] * BENCH["feeds"]
            made = [bench_resource(index) for index in range(BENCH["feeds"])]
            with LOCK:
                for index, resource in enumerate(made):
                    RESOURCES["/bench/%d.xml" % index] = resource
                    HITS["/bench/%d.xml" % index] = {"hits": 0, "conditional": 0, "not_modified": 0}
            return self.send_json(200, {"feeds": BENCH["feeds"]})
        if url.path == "/_bench/change" and self.command == "POST":
            every = int(json.loads(body.decode("utf-8") or "{}").get("every", 10))
            changed = []
            for index in range(0, BENCH["feeds"], every):
                with LOCK:
                    BENCH["versions"][index] += 1
                resource = bench_resource(index)
                with LOCK:
                    RESOURCES["/bench/%d.xml" % index] = resource
                changed.append(index)
            return self.send_json(200, {"changed": len(changed)})
        self.serve_resource(url.path, body)

    def serve_resource(self, path, body=b""):
        with LOCK:
            resource = RESOURCES.get(path)
            hits = counts(path)
            hits["hits"] += 1
            hit_number = hits["hits"]
            STATS["requests"] += 1
            conditional = self.headers.get("If-None-Match") is not None or self.headers.get(
                "If-Modified-Since") is not None
            if conditional:
                hits["conditional"] += 1
            REQUESTS.setdefault(path, []).append({
                "method": self.command, "authorization": self.headers.get("Authorization"),
                "body": body.decode("utf-8", "replace")})
        if resource is None:
            return self.send_bytes(404, b"no such resource", "text/plain", [])
        if resource.get("hold"):
            hold(resource["hold"]).wait(60)
        if resource.get("delay_ms"):
            time.sleep(resource["delay_ms"] / 1000.0)
        if resource.get("drop"):
            self.close_connection = True
            return
        if hit_number <= int(resource.get("fail_times", 0)):
            status = int(resource.get("fail_status", 500))
            return self.send_bytes(status, b"failing on purpose", "text/plain", self.extra_headers(resource))
        headers = self.extra_headers(resource)
        if resource.get("etag"):
            headers.append(("ETag", resource["etag"]))
        if resource.get("last_modified"):
            headers.append(("Last-Modified", resource["last_modified"]))
        status = int(resource.get("status", 200))
        if status == 200 and self.not_modified(resource):
            with LOCK:
                hits["not_modified"] += 1
                STATS["not_modified"] += 1
            self.send_response(304)
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            return
        if resource.get("location"):
            headers.append(("Location", resource["location"]))
        data = resource["body_bytes"]
        accepts = self.headers.get("Accept-Encoding") or ""
        if resource.get("gzip") and "gzip" in accepts:
            data = resource["gzip_bytes"]
            headers += [("Content-Encoding", "gzip"), ("Vary", "Accept-Encoding")]
        self.send_bytes(status, data, resource.get("content_type", "application/xml"), headers)

    def not_modified(self, resource):
        tags = self.headers.get("If-None-Match")
        if tags is not None:
            etag = resource.get("etag")
            if not etag:
                return False
            wanted = [tag.strip() for tag in tags.split(",")]
            return "*" in wanted or etag in wanted or ("W/" + etag) in wanted
        since = self.headers.get("If-Modified-Since")
        modified = resource.get("last_modified")
        if since and modified:
            try:
                return email.utils.parsedate_to_datetime(modified) <= email.utils.parsedate_to_datetime(since)
            except (TypeError, ValueError):
                return False
        return False

    def extra_headers(self, resource):
        headers = list((resource.get("headers") or {}).items())
        if resource.get("cache_control"):
            headers.append(("Cache-Control", resource["cache_control"]))
        if resource.get("retry_after"):
            headers.append(("Retry-After", str(resource["retry_after"])))
        return headers

    def send_json(self, code, obj):
        self.send_bytes(code, json.dumps(obj).encode("utf-8"), "application/json", [])

    def send_bytes(self, code, data, kind, headers):
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.write_body(data)

    do_GET = do_POST = do_HEAD = handle_any


class Server(ThreadingHTTPServer):
    # socketserver listens with a backlog of 5; a parallel test suite opens more at once.
    request_queue_size = 1024
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that went away mid-answer (a cancelled request) is expected, not a failure.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def main():
    # A parent may start us with signals blocked (Foundation.Process did): unblock them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))

    socketserver.TCPServer.allow_reuse_address = True
    server = Server(("127.0.0.1", 0), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)

    def watch_stdin():
        # The parent closes our stdin (or dies): stop.
        while sys.stdin.buffer.read(4096):
            pass
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
