#!/usr/bin/env python3
"""Socket activation as systemd does it, for tests: listen on 127.0.0.1 (a port the kernel
picks, written to PORTFILE), put the socket at fd 3, set LISTEN_FDS=1 and LISTEN_PID to this
process, and exec the command in this same process (so LISTEN_PID is its pid, as sd_listen_fds
checks). Usage: sd_activate.py PORTFILE COMMAND [ARG...]; with SD_UNIX=1 the socket is a Unix
one at PORTFILE.sock instead, as ListenStream=/path makes."""
import os
import socket
import sys

if os.environ.get("SD_UNIX") == "1":
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(sys.argv[1] + ".sock")
else:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
sock.listen(128)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write("%s\n" % (sock.getsockname() if sock.family == socket.AF_UNIX else sock.getsockname()[1]))
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
os.dup2(sock.fileno(), 3)
os.set_inheritable(3, True)
os.environ["LISTEN_FDS"] = "1"
os.environ["LISTEN_PID"] = str(os.getpid())
os.environ.pop("LISTEN_FDNAMES", None)
os.execvp(sys.argv[2], sys.argv[2:])
