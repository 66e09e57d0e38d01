#!/usr/bin/python3
"""A reader that never reads: holds FIFO open so that its writer's output stalls.

    tests/stall_reader.py FIFO STATE [FILL]

Opens FIFO for reading (at once, whether a writer has it yet or not), shrinks the pipe to one
page, puts FILL bytes in it (default none), and writes "ready" to STATE. A writer's output then
stalls once the page is taken: a write that does not fit waits for a reader that never comes.
It holds the pipe until it is killed, and never reads a byte.
"""
import fcntl
import os
import select
import sys

F_SETPIPE_SZ = 1031
PAGE = 4096


def main():
    fifo, state = sys.argv[1], sys.argv[2]
    fill = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    fcntl.fcntl(fd, F_SETPIPE_SZ, PAGE)
    if fill:
        w = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.write(w, b"#" * fill)
        os.close(w)
    with open(state, "w") as f:
        f.write("ready\n")
    while True:
        select.select([], [], [])


if __name__ == "__main__":
    main()
