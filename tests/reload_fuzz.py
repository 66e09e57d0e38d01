#!/usr/bin/env python3
"""Every byte prefix of a web configuration, reloaded into a running pmuctl serve.

  reload_fuzz.py PMUCTL TREE PKI WORKDIR KIND [STRIDE]

KIND is one of four shipped-style configurations: tls (TLS only), mtls (client certificates
verified), users (passwords and mutual TLS), sans (mutual TLS, client_allowed_sans and a
rate_limit). serve starts on the whole file; then each prefix of it (every STRIDE-th byte,
1 by default, and always the whole file) is written in its place, SIGHUP sent, and the end of
the reload waited for in serve's log. After each reload the probes run: plain HTTP, TLS
without a client certificate, a certificate without the allowed SAN, a wrong password, and a
request past the rate limit. A prefix only ever loses keys, so whatever serve took, every
probe must answer as under the whole file: nothing became weaker. Prints one line: prefixes,
reloads taken and refused; exits 1 naming the first prefix that weakened anything.
"""
import http.client
import os
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time

PASSWORD = "s3cret"


def bcrypt(pw):
    import crypt  # deprecated in 3.11, present in Debian's: the tests' own hashes, cost 4
    return crypt.crypt(pw, crypt.mksalt(crypt.METHOD_BLOWFISH, rounds=16))


def config(kind, pki):
    tls = (f"tls_server_config:\n  cert_file: {pki}/server.crt\n  key_file: {pki}/server.key\n"
           f"  min_version: TLS12\n")
    mtls = tls + f"  client_ca_file: {pki}/ca.crt\n  client_auth_type: RequireAndVerifyClientCert\n"
    if kind == "tls":
        return tls + "http_server_config:\n  headers:\n    X-Content-Type-Options: nosniff\n"
    if kind == "mtls":
        return mtls
    if kind == "users":
        return (f"basic_auth_users:\n  prometheus: {bcrypt(PASSWORD)}\n  grafana: {bcrypt('other')}\n"
                + mtls)
    if kind == "sans":
        return (mtls + "  client_allowed_sans:\n    - scraper.example\n"
                "rate_limit:\n  burst: 3\n  interval: 1h\n")
    raise SystemExit(f"unknown kind {kind}")


class Log:
    """serve's standard error, read as it comes: the count of reloads ended"""

    def __init__(self, stream):
        self.lines = []
        self.cv = threading.Condition()
        threading.Thread(target=self.read, args=(stream,), daemon=True).start()

    def read(self, stream):
        for raw in stream:
            with self.cv:
                self.lines.append(raw.decode("utf-8", "replace").rstrip("\n"))
                self.cv.notify_all()
        with self.cv:
            self.lines.append(None)
            self.cv.notify_all()

    def wait(self, pred, what, deadline=30):
        end = time.monotonic() + deadline
        with self.cv:
            while not pred(self.lines):
                if None in self.lines or not self.cv.wait(end - time.monotonic()):
                    raise SystemExit(f"gave up waiting for {what}; serve said:\n" +
                                     "\n".join(l for l in self.lines if l))
        return self.lines

    def count(self, text):
        with self.cv:
            return sum(1 for l in self.lines if l and text in l)


def ended(lines):
    return sum(1 for l in lines if l and ("reload done" in l or "reload failed" in l))


def probe(port, pki, cert=None, auth=None, tls=True):
    """The status of GET /metrics, or 'refused' where no HTTP answer came"""
    try:
        if tls:
            ctx = ssl.create_default_context(cafile=f"{pki}/ca.crt")
            if cert:
                ctx.load_cert_chain(f"{pki}/{cert}.crt", f"{pki}/client.key")
            conn = http.client.HTTPSConnection("127.0.0.1", port, context=ctx, timeout=10)
        else:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        headers = {}
        if auth:
            import base64
            headers["Authorization"] = "Basic " + base64.b64encode(auth.encode()).decode()
        conn.request("GET", "/metrics", headers=headers)
        status = conn.getresponse().status
        conn.close()
        return status
    except (OSError, ssl.SSLError, http.client.HTTPException):
        return "refused"


def probes(port, pki):
    return {
        "plain": probe(port, pki, tls=False),
        "no-certificate": probe(port, pki),
        "wrong-SAN": probe(port, pki, cert="client"),
        "wrong-password": probe(port, pki, cert="client-san", auth="prometheus:wrong"),
        "right": probe(port, pki, cert="client-san", auth=f"prometheus:{PASSWORD}"),
    }


def main():
    pmuctl, tree, pki, work, kind = sys.argv[1:6]
    stride = int(sys.argv[6]) if len(sys.argv) > 6 else 1
    path = os.path.join(work, f"web-{kind}.yml")
    text = config(kind, pki)

    def put(body):
        with open(path + ".new", "w") as f:
            f.write(body)
        os.replace(path + ".new", path)

    put(text)
    p = subprocess.Popen([pmuctl, "--sysfs-root", tree, "serve", "--web.listen-address", "127.0.0.1:0",
                          "-I", "60000", "-M", "t410_pcie_rd_bw", "--web.config.file", path],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    log = Log(p.stderr)
    try:
        lines = log.wait(lambda ls: any(l and "serving https://127.0.0.1:" in l for l in ls), "serve to listen")
        line = next(l for l in lines if l and "serving https://127.0.0.1:" in l)
        port = int(line.split("https://127.0.0.1:")[1].split("/")[0])
        # the rate limit's burst spent, so that a request that reaches HTTP is answered 429
        if kind == "sans":
            for _ in range(3):
                probe(port, pki, cert="client-san")
        want = probes(port, pki)
        expect = {
            "tls": {"plain": "refused", "no-certificate": 200, "wrong-SAN": 200, "wrong-password": 200,
                    "right": 200},
            "mtls": {"plain": "refused", "no-certificate": "refused", "wrong-SAN": 200, "wrong-password": 200,
                     "right": 200},
            "users": {"plain": "refused", "no-certificate": "refused", "wrong-SAN": 401, "wrong-password": 401,
                      "right": 200},
            "sans": {"plain": "refused", "no-certificate": "refused", "wrong-SAN": "refused",
                     "wrong-password": 429, "right": 429},
        }[kind]
        if want != expect:
            raise SystemExit(f"{kind}: the whole file serves {want}, expected {expect}")
        # every STRIDE-th prefix, and always the file but its last newline, and the file whole
        lengths = sorted(set(range(0, len(text), stride)) | {len(text) - 1, len(text)})
        done = 0
        for n in lengths:
            put(text[:n])
            p.send_signal(signal.SIGHUP)
            done += 1
            log.wait(lambda ls: ended(ls) >= done, f"the reload of a {n}-byte prefix to end")
            got = probes(port, pki)
            if got != want:
                raise SystemExit(f"{kind}: after the reload of the first {n} bytes:\n{text[:n]}\n"
                                 f"serve answers {got}, where the whole file answers {want}")
        taken = log.count("reload done")
        print(f"{kind}: {len(lengths)} prefixes of {len(text)} bytes reloaded, {taken} taken, "
              f"{len(lengths) - taken} refused, none weaker")
    finally:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()


if __name__ == "__main__":
    main()
