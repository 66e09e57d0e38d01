#!/usr/bin/env python3
"""Raw HTTP clients for the serve tests: what curl will not send, and connections held open.

  http_probe.py send PORT HEXBYTES      send the bytes (hex; - reads them from standard input),
                                        print the status line, or "closed"
  http_probe.py hold PORT N DIR         open N connections that send half a request; write
                                        DIR/ready, hold them until DIR/release exists
  http_probe.py closed PORT SECONDS     send half a request; print "closed" once the server
                                        closes it, or "open" at the deadline
  http_probe.py halfclose PORT N        N clients each send half a request, then close
  http_probe.py trickle PORT N DIR [SRC]  N clients (from address SRC) send a request one
                                        header byte at a time, a byte each 0.5 s per client,
                                        until the server closes them or DIR/release exists;
                                        DIR/ready once all are in; print how many it closed
  http_probe.py storm PORT N            N connections opened and closed at once, one by one,
                                        every other one after a byte of a request
  http_probe.py malformed PORT N EVERY  N malformed requests (each a line in a -v log), and a
                                        scrape of /metrics after every EVERY of them and 10
                                        after the last: print each scrape's status, one line
"""
import os
import socket
import sys
import time


def connect(port, src=None, timeout=30):
    return socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                    source_address=(src, 0) if src else None)


def send(port, data):
    s = connect(port)
    reply = b""
    # the server may answer and close before all is sent (an oversized header): whatever
    # the kernel kept of its answer is read, however the sending ended
    try:
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)
    except OSError:
        pass
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            reply += chunk
    except OSError:
        pass
    finally:
        s.close()
    print(reply.split(b"\r\n", 1)[0].decode("latin-1") if reply else "closed")


HALF = b"GET /metrics HTTP/1.1\r\nHost: x\r\n"


def hold(port, n, d):
    socks = []
    for _ in range(n):
        s = connect(port)
        s.sendall(HALF)
        socks.append(s)
    open(os.path.join(d, "ready"), "w").close()
    deadline = time.monotonic() + 120
    while not os.path.exists(os.path.join(d, "release")) and time.monotonic() < deadline:
        time.sleep(0.02)  # the poll interval of a wait with a deadline
    for s in socks:
        s.close()


def closed(port, seconds):
    s = connect(port)
    s.sendall(HALF)
    s.settimeout(seconds)
    try:
        print("closed" if s.recv(1) == b"" else "answered")
    except socket.timeout:
        print("open")
    except OSError:
        print("closed")


def halfclose(port, n):
    for _ in range(n):
        s = connect(port)
        s.sendall(HALF)
        s.close()


def trickle(port, n, d, src):
    socks = [connect(port, src) for _ in range(n)]
    open(os.path.join(d, "ready"), "w").close()
    closed_by_server = 0
    header = b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 10000
    i = 0
    deadline = time.monotonic() + 120
    while socks and not os.path.exists(os.path.join(d, "release")) and time.monotonic() < deadline:
        alive = []
        for s in socks:
            try:
                s.sendall(header[i:i + 1])
                alive.append(s)
            except OSError:
                closed_by_server += 1
                s.close()
        socks = alive
        i += 1
        time.sleep(0.5)  # the client's pace: one byte each half second, the abuse itself
    for s in socks:
        s.close()
    print(closed_by_server)


def storm(port, n):
    for i in range(n):
        s = socket.socket()
        try:
            s.connect(("127.0.0.1", port))
            # every other one leaves a byte behind: a request begun, then abandoned
            if i % 2:
                s.sendall(b"G")
        except OSError:
            pass
        s.close()


def scrape(port):
    try:
        s = connect(port, timeout=5)
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        reply = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            reply += chunk
        s.close()
        return reply.split(b" ", 2)[1].decode() if reply.startswith(b"HTTP/") else "closed"
    except OSError:
        return "closed"


def malformed(port, n, every):
    got = []
    for i in range(n):
        try:
            s = connect(port, timeout=5)
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: zz\r\n\r\n")
            s.recv(65536)
            s.close()
        except OSError:
            pass
        if (i + 1) % every == 0:
            got.append(scrape(port))
    got += [scrape(port) for _ in range(10)]
    print(" ".join(got))


if __name__ == "__main__":
    cmd, port = sys.argv[1], int(sys.argv[2])
    if cmd == "send":
        send(port, bytes.fromhex(sys.stdin.read() if sys.argv[3] == "-" else sys.argv[3]))
    elif cmd == "hold":
        hold(port, int(sys.argv[3]), sys.argv[4])
    elif cmd == "closed":
        closed(port, float(sys.argv[3]))
    elif cmd == "halfclose":
        halfclose(port, int(sys.argv[3]))
    elif cmd == "trickle":
        trickle(port, int(sys.argv[3]), sys.argv[4], sys.argv[5] if len(sys.argv) > 5 else None)
    elif cmd == "storm":
        storm(port, int(sys.argv[3]))
    elif cmd == "malformed":
        malformed(port, int(sys.argv[3]), int(sys.argv[4]))
