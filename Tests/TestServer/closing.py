"""What both test servers' handlers share: an answer on a connection that is about to close says
so, as HTTP/1.1 asks. A client that kept the connection would send its next request into a
closed socket, and a POST through URLSession on Linux then waited for its timeout (README,
Linux differences)."""

from http.server import BaseHTTPRequestHandler


class SaysConnectionClose(BaseHTTPRequestHandler):
    """A handler that adds `Connection: close` to an answer when it will close the connection
    after it and has not said so already."""

    def send_header(self, keyword, value):
        if keyword.lower() == "connection":
            self._said_connection = True
        super().send_header(keyword, value)

    def end_headers(self):
        if self.close_connection and not getattr(self, "_said_connection", False):
            super().send_header("Connection", "close")
        self._said_connection = False
        super().end_headers()
