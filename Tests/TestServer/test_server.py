#!/usr/bin/env python3
"""The project's HTTP test server: Python's standard library only, bound to 127.0.0.1.

Started by TestSupport's TestHTTPServer. It binds a free port, prints "PORT <n>" as its first
line, and exits when its standard input closes (so it never outlives the tests) or on SIGTERM.

Endpoints (every one also honours ?delay=<ms> before answering, ?count=<name> to bump a
hit counter, ?hold=<name> to wait, at most 60 s, until /release/<name>, and ?drop_next=1 to
answer as usual, keeping the connection, and then close it, unanswered and without a word, when
the next request arrives on it):
  ANY  /echo[/...]          JSON of method, path, query, headers and body
  GET  /delay/<ms>          answers after <ms> milliseconds
  ANY  /status/<code>       answers with that status; ?body=<text> sets the body,
                            ?retry_after=<s> adds a Retry-After header
  ANY  /flaky/<name>        bumps counter <name>; while it is <= ?failures=<n> (default 1)
                            answers ?status= (default 503, with ?retry_after=<s> as Retry-After),
                            then 200 {"name", "attempt"}
  POST /login               form or JSON user=<u>&password=secret: 200 {"code":0,"msg":"ok",
                            "data":{"token":"tok-<u>"}}; a wrong password gives code 1001
  GET  /ticket?token=<t>    200 {"code":0,"data":{"ticket":"TK-<u>","user":<u>}} for a token
                            from /login, else 200 {"code":401,"msg":"token expired"}
  ANY  /count/<name>        increments and returns the counter; ?peek=1 reads it only
  POST /count/<name>/reset  sets one counter to 0; POST /reset clears all counters
  GET  /counts              all counters
  ANY  /release/<name>      lets every request holding on <name> answer, now and later
  GET  /drop                promises 1000 bytes, sends 100, closes the connection
  GET  /bytes/<n>           n deterministic bytes (application/octet-stream)
  GET  /fixtures/<path>     a file from the fixtures folder (--fixtures DIR)
  ANY  /hostile/<mode>[/...] a server that fails, whatever the rest of the path (so that a
                            client's --api base can point at it):
         500, 404           that status with a small HTML body
         invalid-utf8       200 XML whose text is not UTF-8
         truncated          200 whose (complete) body is an XML or JSON document cut short
         empty              200 with an empty body
         drop               promises 1000 bytes, sends 100, closes the connection
         close              closes the connection without answering
         garbage            answers bytes that are not HTTP, then closes
         hang               never answers (until the client goes away, at most 120 s)
         stall              sends the headers and part of the body, then nothing
"""

import argparse
import json
import mimetypes
import os
import select
import signal
import socket
import socketserver
import sys
import threading
import time
from http.server import ThreadingHTTPServer
from closing import SaysConnectionClose
from urllib.parse import parse_qs, unquote, urlsplit

COUNTERS = {}
COUNTERS_LOCK = threading.Lock()
HOLDS = {}
HOLDS_LOCK = threading.Lock()
FIXTURES = None


def hold(name):
    with HOLDS_LOCK:
        return HOLDS.setdefault(name, threading.Event())


def bump(name):
    with COUNTERS_LOCK:
        COUNTERS[name] = COUNTERS.get(name, 0) + 1
        return COUNTERS[name]


class Handler(SaysConnectionClose):
    protocol_version = "HTTP/1.1"
    # Without this every small response stalls ~40 ms on Nagle's algorithm.
    disable_nagle_algorithm = True
    server_version = "BasicServicesTestServer/1"

    def log_message(self, format, *args):  # keep the test output clean
        pass

    def handle_any(self):
        if getattr(self, "drop_next", False):
            # The request after a ?drop_next=1 one: the connection goes, as a kept-alive one
            # does when the server gives up on it just as the client reuses it.
            self.close_connection = True
            return
        url = urlsplit(self.path)
        query = parse_qs(url.query, keep_blank_values=True)
        self.drop_next = "drop_next" in query
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        if "delay" in query:
            time.sleep(int(query["delay"][0]) / 1000.0)
        if "count" in query:
            bump(query["count"][0])
        if "hold" in query:
            hold(query["hold"][0]).wait(60)
        parts = [unquote(p) for p in url.path.split("/") if p]
        head = parts[0] if parts else ""

        if head == "echo":
            self.send_json(200, {
                "method": self.command,
                "path": url.path,
                "query": {k: v if len(v) > 1 else v[0] for k, v in query.items()},
                "headers": {k: v for k, v in self.headers.items()},
                "body": body.decode("utf-8", errors="replace"),
                "bodyLength": len(body),
            })
        elif head == "delay" and len(parts) == 2 and parts[1].isdigit():
            time.sleep(int(parts[1]) / 1000.0)
            self.send_json(200, {"delayed": int(parts[1])})
        elif head == "status" and len(parts) == 2 and parts[1].isdigit():
            code = int(parts[1])
            if "retry_after" in query:
                self.extra_headers = [("Retry-After", query["retry_after"][0])]
            if "body" in query:
                self.send_bytes(code, query["body"][0].encode("utf-8"), "text/plain; charset=utf-8")
            else:
                self.send_json(code, {"status": code})
        elif head == "flaky" and len(parts) == 2:
            attempt = bump(parts[1])
            failures = int(query.get("failures", ["1"])[0])
            if attempt <= failures:
                code = int(query.get("status", ["503"])[0])
                if "retry_after" in query:
                    self.extra_headers = [("Retry-After", query["retry_after"][0])]
                self.send_json(code, {"status": code, "attempt": attempt})
            else:
                self.send_json(200, {"name": parts[1], "attempt": attempt})
        elif head == "login" and self.command == "POST":
            fields = self.read_fields(body)
            user = fields.get("user", "")
            if user and fields.get("password") == "secret":
                self.send_json(200, {"code": 0, "msg": "ok", "data": {"token": "tok-" + user}})
            else:
                self.send_json(200, {"code": 1001, "msg": "wrong user or password"})
        elif head == "ticket":
            token = query.get("token", [""])[0]
            if token.startswith("tok-") and len(token) > 4:
                user = token[4:]
                self.send_json(200, {"code": 0, "msg": "ok", "data": {"ticket": "TK-" + user, "user": user}})
            else:
                self.send_json(200, {"code": 401, "msg": "token expired"})
        elif head == "count" and len(parts) == 3 and parts[2] == "reset":
            with COUNTERS_LOCK:
                COUNTERS[parts[1]] = 0
            self.send_json(200, {"name": parts[1], "count": 0})
        elif head == "count" and len(parts) == 2:
            if "peek" in query:
                with COUNTERS_LOCK:
                    count = COUNTERS.get(parts[1], 0)
            else:
                count = bump(parts[1])
            self.send_json(200, {"name": parts[1], "count": count})
        elif head == "counts":
            with COUNTERS_LOCK:
                self.send_json(200, dict(COUNTERS))
        elif head == "reset":
            with COUNTERS_LOCK:
                COUNTERS.clear()
            self.send_json(200, {})
        elif head == "release" and len(parts) == 2:
            hold(parts[1]).set()
            self.send_json(200, {"released": parts[1]})
        elif head == "drop":
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"x" * 100)
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(2)
        elif head == "bytes" and len(parts) == 2 and parts[1].isdigit():
            n = int(parts[1])
            self.send_bytes(200, bytes(i % 251 for i in range(n)), "application/octet-stream")
        elif head == "fixtures" and len(parts) >= 2:
            self.send_fixture(parts[1:])
        elif head == "hostile" and len(parts) >= 2:
            self.send_hostile(parts[1])
        else:
            self.send_json(404, {"error": "no such endpoint", "path": url.path})

    def send_hostile(self, mode):
        if mode in ("500", "404"):
            code = int(mode)
            page = f"<html><body><h1>{code}</h1><p>the hostile test server says no</p></body></html>"
            self.send_bytes(code, page.encode("utf-8"), "text/html; charset=utf-8")
        elif mode == "invalid-utf8":
            body = (b'<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">'
                    b"<title>\xff\xfe bad \xc3\x28</title><entry><id>1</id><title>\x80\x81</title></entry></feed>")
            self.send_bytes(200, body, "application/xml; charset=utf-8")
        elif mode == "truncated":
            body = (b'<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">'
                    b'<title>cut</title><entry><id>1</id><title>{"list": [{"name": "cut sh')
            self.send_bytes(200, body, "application/xml; charset=utf-8")
        elif mode == "empty":
            self.send_bytes(200, b"", "application/xml; charset=utf-8")
        elif mode == "drop":
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b'<?xml version="1.0"?><feed>' + b"x" * 73)
            self.wfile.flush()
            self.hang_up()
        elif mode == "close":
            self.hang_up()
        elif mode == "garbage":
            self.wfile.write(b"this is not HTTP\r\n\r\n\x00\xff")
            self.wfile.flush()
            self.hang_up()
        elif mode == "hang":
            self.wait_until_client_leaves()
        elif mode == "stall":
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b'<?xml version="1.0"?><feed>')
            self.wfile.flush()
            self.wait_until_client_leaves()
        else:
            self.send_json(404, {"error": "no such hostile mode", "mode": mode})

    def hang_up(self):
        """Closes the connection now, whatever has been sent."""
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass  # the client has gone already

    def wait_until_client_leaves(self, limit=120):
        """Sends nothing until the client closes the connection (or `limit` seconds pass)."""
        self.close_connection = True
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            readable, _, _ = select.select([self.connection], [], [], 0.5)
            if not readable:
                continue
            try:
                if not self.connection.recv(4096):
                    return
            except OSError:
                return

    def read_fields(self, body):
        kind = self.headers.get("Content-Type") or ""
        if "json" in kind:
            try:
                value = json.loads(body.decode("utf-8"))
                return {k: str(v) for k, v in value.items()} if isinstance(value, dict) else {}
            except ValueError:
                return {}
        return {k: v[0] for k, v in parse_qs(body.decode("utf-8"), keep_blank_values=True).items()}

    def send_fixture(self, parts):
        if FIXTURES is None:
            return self.send_json(404, {"error": "the server was started without --fixtures"})
        root = os.path.realpath(FIXTURES)
        path = os.path.realpath(os.path.join(root, *parts))
        if not path.startswith(root + os.sep) or not os.path.isfile(path):
            return self.send_json(404, {"error": "no such fixture", "path": "/".join(parts)})
        with open(path, "rb") as f:
            data = f.read()
        kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
        self.send_bytes(200, data, kind)

    def send_json(self, code, obj):
        self.send_bytes(code, json.dumps(obj).encode("utf-8"), "application/json")

    def send_bytes(self, code, data, kind):
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        for name, value in getattr(self, "extra_headers", []):
            self.send_header(name, value)
        self.extra_headers = []
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = handle_any


class Server(ThreadingHTTPServer):
    # socketserver listens with a backlog of 5. When the tests open more connections at once
    # than that, the kernel's full accept queue ends some of them: the client sees its
    # connection lost (URLError -1005).
    request_queue_size = 1024
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that went away mid-answer (a cancelled request) is expected, not a failure.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def main():
    global FIXTURES
    parser = argparse.ArgumentParser()
    parser.add_argument("--fixtures")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    FIXTURES = args.fixtures

    # A parent may start us with signals blocked (Foundation.Process did): unblock them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))

    socketserver.TCPServer.allow_reuse_address = True
    server = Server(("127.0.0.1", args.port), Handler)
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
