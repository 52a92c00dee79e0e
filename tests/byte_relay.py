"""A relay that counts the bytes a server sends (issue 32): the bench's first_visit_total_bytes and
second_visit_bytes, and the test that a first visit downloads each file once."""

from __future__ import annotations

import socket
import threading
import time


class ByteCountingRelay:
    """A TCP relay on 127.0.0.1 in front of the server: it counts every byte the server sends to
    the browser (headers and all, compressed or not, whatever serves), and when it last sent one."""

    def __init__(self, port: int) -> None:
        self.target = ("127.0.0.1", port)
        self.sent = 0
        self.last = time.monotonic()
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            client, _ = self.listener.accept()
            server = socket.create_connection(self.target)
            threading.Thread(target=self._pipe, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self._pipe, args=(server, client, True), daemon=True).start()

    def _pipe(self, source, sink, counted: bool) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
                if counted:
                    with self.lock:
                        self.sent += len(data)
                        self.last = time.monotonic()
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def take_when_quiet(self, page, quiet_s: float = 5, timeout_s: float = 180) -> int:
        """The bytes sent since the last call, once `quiet_s` pass with nothing sent."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() - self.last < quiet_s and time.monotonic() < deadline:
            page.wait_for_timeout(250)
        with self.lock:
            sent, self.sent = self.sent, 0
        return sent
