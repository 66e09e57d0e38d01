#!/usr/bin/env python3
"""PCI machines for `pmuctl map`: config space built field by field, written as an
lspci -xxxx dump (libpci's dump method) and as a sysfs tree (libpci's linux-sysfs
method), with the ground truth the generator knows from building them.

    pcigen.py canonical OUTDIR            the 21 root ports of nvidia-tegra410-pmu.rst
    pcigen.py random SEED OUTDIR          switches, decoy DVSECs, deep/looped chains, ...
    pcigen.py hip09 OUTDIR                HNS3 functions and the SICL PMU endpoints
    pcigen.py yitian-dwc OUTDIR           Yitian 710 DesignWare root ports with RAS DES
    pcigen.py scale SOCKETS OUTDIR        many sockets of the canonical machine (bench)
    options: --nonroot (64 bytes of config per function, as a non-root read gives)

OUTDIR gets lspci-xxxx.txt, sys/ (bus/pci/devices/...) and truth.json.
"""
import json
import os
import random
import sys

NV = 0x10de
EXT_DVSEC = 0x23


class Fn:
    def __init__(self, domain, bus, dev, fn, vendor, device, cls, hdr=0, multi=False):
        self.domain, self.bus, self.dev, self.fn = domain, bus, dev, fn
        self.vendor, self.device, self.cls = vendor, device, cls
        self.cfg = bytearray(4096)
        self.bars = []          # (index, addr, size, low flag bits)
        self.root = None        # ground truth: the root port Fn (self for root ports)
        self.dvsec = None       # ground truth: (bus, seg, rp, rc, socket) the script finds
        self.hdr = hdr
        self.std_caps = []
        self.ext_caps = []      # (offset, id, payload) in chain order
        self.ext_loop_to = None
        self.orphans = []       # (offset, id, payload) written but linked from nowhere
        self.pcie_type = None
        self.port = 0
        self.link_cap = (5, 16)     # LnkCap: speed code, width (32 GT/s x16: the fixtures' own)
        self.link_sta = (0, 0)      # LnkSta: trained speed code, width (0: the link is down)
        self.link_speeds = 0        # LnkCap2's Supported Link Speeds Vector
        self.w16(0, vendor)
        self.w16(2, device)
        self.w16(4, 0x0006)
        self.cfg[8] = 0x01
        self.w32(8, (cls << 8) | 0x01)
        self.cfg[0x0e] = hdr | (0x80 if multi else 0)

    def w16(self, at, v):
        self.cfg[at:at + 2] = (v & 0xffff).to_bytes(2, "little")

    def w32(self, at, v):
        self.cfg[at:at + 4] = (v & 0xffffffff).to_bytes(4, "little")

    def name(self):
        return f"{self.domain:04x}:{self.bus:02x}:{self.dev:02x}.{self.fn}"

    def set_bridge(self, primary, secondary, subordinate):
        self.cfg[0x18], self.cfg[0x19], self.cfg[0x1a] = primary, secondary, subordinate

    def add_bar(self, index, addr, size, is64=True, prefetch=True):
        low = (0x4 if is64 else 0) | (0x8 if prefetch else 0)
        self.w32(0x10 + 4 * index, (addr & 0xfffffff0) | low)
        if is64:
            self.w32(0x14 + 4 * index, addr >> 32)
        self.bars.append((index, addr, size, low))

    def pcie(self, port_type, port=0, pm_first=True):
        self.pcie_type, self.port = port_type, port
        self.std_caps = [(0x40, 0x01), (0x60, 0x10)] if pm_first else [(0x40, 0x10)]

    def write_link(self):
        """LnkCap, LnkSta and LnkCap2 of the PCI Express capability, as they are now."""
        off = self.exp_off
        self.w32(off + 0x0c, (self.port << 24) | (self.link_cap[1] << 4) | self.link_cap[0])
        self.w16(off + 0x12, (self.link_sta[1] << 4) | self.link_sta[0])
        self.w32(off + 0x2c, self.link_speeds << 1)

    def finish(self, chain_order=None):
        """Lay out the standard and extended capability chains."""
        if self.std_caps:
            self.w16(6, 0x0010)
            self.cfg[0x34] = self.std_caps[0][0]
            for i, (off, cid) in enumerate(self.std_caps):
                nxt = self.std_caps[i + 1][0] if i + 1 < len(self.std_caps) else 0
                self.cfg[off], self.cfg[off + 1] = cid, nxt
                if cid == 0x10:
                    self.w16(off + 2, 0x0002 | (self.pcie_type << 4))
                    self.exp_off = off
                    self.write_link()
        caps = self.ext_caps
        for i, (off, cid, payload) in enumerate(caps):
            if i + 1 < len(caps):
                nxt = caps[i + 1][0]
            else:
                nxt = self.ext_loop_to if self.ext_loop_to is not None else 0
            self.w32(off, cid | (1 << 16) | (nxt << 20))
            self.cfg[off + 4:off + 4 + len(payload)] = payload
        for off, cid, payload in self.orphans:
            self.w32(off, cid | (1 << 16))
            self.cfg[off + 4:off + 4 + len(payload)] = payload


def dvsec_payload(vendor, dvsec_id, body=b"", length=0x14):
    hdr1 = vendor | (1 << 16) | (length << 20)
    return hdr1.to_bytes(4, "little") + dvsec_id.to_bytes(2, "little") + b"\0\0" + body


def nv_dvsec(bus, seg, rp, rc, socket):
    return dvsec_payload(NV, 4, bytes([bus, seg, rp, rc, socket]))


def aer():
    return bytes(0x44)


def root_port(domain, bus, seg, rp, rc, socket, device=0x22b2):
    f = Fn(domain, bus, 0, 0, NV, device, 0x060400, hdr=1)
    f.pcie(4, port=rp)
    f.ext_caps = [(0x100, 0x0001, aer()), (0x148, 0x0019, bytes(8)),
                  (0x158, EXT_DVSEC, dvsec_payload(NV, 3, bytes(8))),
                  (0x180, EXT_DVSEC, nv_dvsec(bus, seg, rp, rc, socket))]
    f.root, f.dvsec = f, (bus, seg, rp, rc, socket)
    return f


def endpoint(domain, bus, dev, fn, vendor, device, cls, bars, multi=False, pcie=True):
    f = Fn(domain, bus, dev, fn, vendor, device, cls, multi=multi)
    if pcie:
        f.pcie(0)
        f.ext_caps = [(0x100, 0x0001, aer())]
    for index, addr, size, is64 in bars:
        f.add_bar(index, addr, size, is64, prefetch=is64)
    return f


class Machine:
    def __init__(self):
        self.fns = []
        self.mem = 0x40_0000_0000   # BAR space, handed out aligned
        # NUMA: node -> (first CPU, last CPU, package), and which node each host bridge
        # ((domain, root bus)) is on; none: a machine whose sysfs says no NUMA node
        self.nodes = {}
        self.bridge_node = {}

    def host_bridge(self, f):
        return (f.domain, f.root.bus if f.root else f.bus)

    def node_of(self, f):
        return self.bridge_node.get(self.host_bridge(f), -1)

    def alloc(self, size):
        self.mem = (self.mem + size - 1) & ~(size - 1)
        addr, self.mem = self.mem, self.mem + size
        return addr

    def add(self, f, root):
        if f.root is None:
            f.root = root
        f.finish()
        self.fns.append(f)
        return f

    def device(self, rootp, domain, bus, nfn, vendor, device, cls):
        for fn in range(nfn):
            bars = [(0, self.alloc(1 << 25), 1 << 25, True), (2, self.alloc(1 << 20) & 0xffffffff, 1 << 20, False)]
            self.add(endpoint(domain, bus, 0, fn, vendor, device, cls, bars, multi=nfn > 1), rootp)

    def switch(self, rootp, domain, bus, ports, leaf):
        """Upstream port on bus, downstream ports on bus+1, leaf(d, bus) fills each; returns last bus."""
        up = Fn(domain, bus, 0, 0, 0x10b5, 0xc010, 0x060400, hdr=1)
        up.pcie(5)
        nxt = bus + 2
        downs = []
        for d in range(ports):
            dn = Fn(domain, bus + 1, d, 0, 0x10b5, 0xc010, 0x060400, hdr=1)
            dn.pcie(6, port=d)
            sec = nxt
            nxt = leaf(d, sec) + 1
            dn.set_bridge(bus + 1, sec, nxt - 1)
            downs.append(dn)
        up.set_bridge(bus, bus + 1, nxt - 1)
        self.add(up, rootp)
        for dn in downs:
            self.add(dn, rootp)
        return nxt - 1


# nvidia-tegra410-pmu.rst, "Example output" of the RC-mapping script
CANONICAL = [
    (0x0001, 0x00, 0x00, 0x00, 0), (0x0002, 0x80, 0x01, 0x01, 0), (0x0002, 0xa0, 0x02, 0x01, 0),
    (0x0002, 0xc0, 0x03, 0x01, 0), (0x0002, 0xe0, 0x04, 0x01, 0), (0x0003, 0x00, 0x00, 0x02, 0),
    (0x0004, 0x00, 0x00, 0x03, 0), (0x0005, 0x00, 0x00, 0x04, 0), (0x0005, 0x40, 0x01, 0x04, 0),
    (0x0005, 0xc0, 0x02, 0x04, 0), (0x0006, 0x00, 0x00, 0x05, 0), (0x0009, 0x00, 0x00, 0x00, 1),
    (0x000a, 0x80, 0x01, 0x01, 1), (0x000a, 0xa0, 0x02, 0x01, 1), (0x000a, 0xe0, 0x03, 0x01, 1),
    (0x000b, 0x00, 0x00, 0x02, 1), (0x000c, 0x00, 0x00, 0x03, 1), (0x000d, 0x00, 0x00, 0x04, 1),
    (0x000d, 0x40, 0x01, 0x04, 1), (0x000d, 0xc0, 0x02, 0x04, 1), (0x000e, 0x00, 0x00, 0x05, 1),
]

DOC_LINES = [f"{d:04x}:{b:02x}:00.0: Bus={b:02x}, Segment={d & 0xff:02x}, RP={rp:02x}, "
             f"RC={rc:02x}, Socket={s:02x}" for d, b, rp, rc, s in CANONICAL]


def bus_limit(ports, i):
    d, b = ports[i][0], ports[i][1]
    later = [p[1] for p in ports if p[0] == d and p[1] > b]
    return (min(later) - 1) if later else 0xff


def canonical(sockets=1, devices=True, links=False, fan=0):
    """The document's machine; sockets > 1 repeats it (domains shifted by 0x10 per pair);
    links: trained as canonical_links() says (the shipped examples), else every link down;
    fan > 0 (bench/): each dual-port NIC's port holds a switch with fan 8-function NICs
    instead, so that the functions of one RC grow with it."""
    m = Machine()
    for copy in range(sockets):
        for i, (dom, bus, rp, rc, sock) in enumerate(CANONICAL):
            dom2, sock2 = dom + 0x10 * copy, sock + 2 * copy
            rpf = root_port(dom2, bus, dom2 & 0xff, rp, rc, sock2)
            if devices and fan and i % 5 == 2:
                last = m.switch(rpf, dom2, bus + 1, fan,
                                lambda d, sec: (m.device(rpf, dom2, sec, 8, 0x15b3, 0x1021, 0x020000), sec)[1])
            else:
                last = populate_canonical(m, rpf, dom2, bus, i) if devices else bus
            rpf.set_bridge(bus, bus + 1, max(last, bus + 1))
            m.add(rpf, rpf)
    if links:
        canonical_links(m)
    return m


# what each device of the canonical machine can do (LnkCap speed code, width): Gen4 x4 NVMe,
# Gen5 x16 GPUs, switches and NICs; the root ports are Gen5 x16 (Fn's default)
CANONICAL_LINK_CAPS = {0x144d: (4, 4)}
# the one link that trained below what both ends can do: 0005:41:00.x, the BlueField at x8
CANONICAL_DOWNTRAINED = {(0x0005, 0x41): (5, 8)}


def finish_links(m):
    """Each port reports the link of the function below it, as its lower end trained it; then
    every function's link registers are written."""
    for f in m.fns:
        if f.pcie_type is not None and faces_down(f):
            p = link_partner(m, f)
            f.link_sta = p.link_sta if p is not None and p.pcie_type is not None else (0, 0)
    for f in m.fns:
        if f.pcie_type is not None:
            f.write_link()


def canonical_links(m):
    """Every link trained at what both ends can do, one downtrained, as a real machine's are:
    the README's commands then show link use, to%/from% and the downtrained mark."""
    for f in m.fns:
        if f.pcie_type is not None:
            f.link_cap = CANONICAL_LINK_CAPS.get(f.vendor, (5, 16))
            f.link_speeds = (1 << f.link_cap[0]) - 1
    for f in m.fns:
        if f.pcie_type is None or faces_down(f):
            continue
        p = link_partner(m, f)
        cap = f.link_cap if p is None else (min(f.link_cap[0], p.link_cap[0]), min(f.link_cap[1], p.link_cap[1]))
        f.link_sta = CANONICAL_DOWNTRAINED.get((f.domain, f.bus), cap)
    finish_links(m)


def populate_canonical(m, rpf, dom, bus, i):
    """A few devices per root port: NVMe, a switch with GPUs, a dual-port NIC, a BlueField."""
    kind = i % 5
    if kind == 0:
        m.device(rpf, dom, bus + 1, 1, 0x144d, 0xa80a, 0x010802)
    elif kind == 1:
        return m.switch(rpf, dom, bus + 1, 2,
                        lambda d, sec: (m.device(rpf, dom, sec, 1, NV, 0x2335, 0x030200), sec)[1])
    elif kind == 2:
        m.device(rpf, dom, bus + 1, 2, 0x15b3, 0x1021, 0x020000)
    elif kind == 3:
        m.device(rpf, dom, bus + 1, 2, 0x15b3, 0xa2dc, 0x020000)
    else:
        return bus
    return bus + 1


def random_machine(seed):
    rnd = random.Random(seed)
    m = Machine()
    domains = rnd.sample(range(0, 0x20), rnd.randint(1, 6))
    if rnd.random() < 0.2:
        domains = [0]           # lspci then prints no domains
    for dom in sorted(domains):
        bases = sorted(rnd.sample(range(0, 0xf0, 0x10), rnd.randint(1, 4)))
        for j, bus in enumerate(bases):
            limit = (bases[j + 1] - 1) if j + 1 < len(bases) else 0xff
            random_port(m, rnd, dom, bus, limit)
    random_links(m, random.Random(seed + 0x11f))
    return m


def faces_down(f):
    return f.pcie_type in (4, 6)


def link_partner(m, f):
    """The function at the other end of f's link: below a port, the first function on its
    secondary bus; above anything else, the port whose secondary bus it is on."""
    if faces_down(f):
        sec = f.cfg[0x19]
        below = [g for g in m.fns if g.domain == f.domain and g.bus == sec]
        return min(below, key=lambda g: (g.dev, g.fn)) if below else None
    return next((p for p in m.fns if faces_down(p) and p.domain == f.domain and p.cfg[0x19] == f.bus), None)


def random_links(m, rnd):
    """Link capabilities and what each link trained to: most at what both ends can do, some
    below it in speed or width (downtrained), some down, some devices slower than their port."""
    for f in m.fns:
        if f.pcie_type is None:
            continue
        f.link_cap = (rnd.randint(1, 6), rnd.choice([1, 2, 4, 8, 16]))
        f.link_speeds = (1 << f.link_cap[0]) - 1 if rnd.random() < 0.8 else 0
    # each link trained once, seen from its lower end; the port above reports the same link
    for f in m.fns:
        if f.pcie_type is None or faces_down(f):
            continue
        p = link_partner(m, f)
        if p is None or p.pcie_type is None:
            f.link_sta = (f.link_cap[0], f.link_cap[1]) if rnd.random() < 0.5 else (0, 0)
            continue
        speed, width = min(f.link_cap[0], p.link_cap[0]), min(f.link_cap[1], p.link_cap[1])
        pick = rnd.random()
        if pick < 0.15 and speed > 1:
            speed = rnd.randint(1, speed - 1)      # downtrained by speed
        elif pick < 0.3 and width > 1:
            width = rnd.choice([w for w in (1, 2, 4, 8) if w < width])  # by width
        elif pick < 0.35:
            speed, width = 0, 0                    # the link is down
        f.link_sta = (speed, width)
    finish_links(m)


def link_truth(m, f):
    if f.pcie_type is None:
        return None
    speeds = {1: 2.5, 2: 5.0, 3: 8.0, 4: 16.0, 5: 32.0, 6: 64.0}
    p = link_partner(m, f)
    down = None
    if p is not None and p.pcie_type is not None and f.link_sta[0] and f.link_sta[1]:
        down = (f.link_sta[0] < min(f.link_cap[0], p.link_cap[0]) or
                f.link_sta[1] < min(f.link_cap[1], p.link_cap[1]))
    return {"max_speed_gts": speeds.get(f.link_cap[0]), "max_width": f.link_cap[1],
            "speed_gts": speeds.get(f.link_sta[0]), "width": f.link_sta[1],
            "supported_speeds_gts": [speeds[b + 1] for b in range(6) if f.link_speeds >> b & 1],
            "partner": p.name() if p is not None else None, "downtrained": down}


def random_port(m, rnd, dom, bus, limit):
    kind = rnd.random()
    rp, rc, sock = rnd.randint(0, 7), rnd.randint(0, 15), rnd.randint(0, 3)
    vendor = NV if kind > 0.1 else 0x1234      # a foreign root port: never a Tegra410 RP
    rpf = Fn(dom, bus, 0, 0, vendor, 0x22b2, 0x060400, hdr=1)
    rpf.pcie(4, port=rp, pm_first=rnd.random() < 0.5)
    kinds = []                  # (id, payload) in chain order
    has = kind > 0.2            # some NVIDIA root ports lack the DVSEC
    for _ in range(rnd.randint(0, 4)):   # decoys and other capabilities before it
        pick = rnd.random()
        if pick < 0.3:
            kinds.append((EXT_DVSEC, dvsec_payload(NV, rnd.choice([1, 2, 3, 5, 0x104]), bytes(8))))
        elif pick < 0.5:
            kinds.append((EXT_DVSEC, dvsec_payload(rnd.choice([0x1e98, 0x8086, 0x1234]), 4, bytes(8))))
        else:
            kinds.append((rnd.choice([0x0001, 0x0019, 0x000b, 0x0010]), bytes(rnd.choice([8, 0x20]))))
    dv = (rnd.randint(0, 255), rnd.randint(0, 255), rp, rc, sock)
    if has:
        kinds.append((EXT_DVSEC, nv_dvsec(*dv)))
        if rnd.random() < 0.3:  # a second NVIDIA DVSEC after it: the first one wins
            kinds.append((EXT_DVSEC, nv_dvsec(0xee, 0xee, 7, 9, 9)))
    if rnd.random() < 0.3:
        rnd.shuffle(kinds)
    # the chain starts at 0x100; the others anywhere above, deep in the space or not ascending
    offsets = [0x100] + rnd.sample(range(0x140, 0xf00, 0x40), max(len(kinds) - 1, 0))
    if rnd.random() < 0.5:
        offsets[1:] = sorted(offsets[1:])
    caps = [(o, k[0], k[1]) for o, k in zip(offsets, kinds)]
    if has:
        found = next(c for c in caps if c[1] == EXT_DVSEC and c[2][:2] == b"\xde\x10" and c[2][4:6] == b"\x04\x00")
        dv = tuple(found[2][8:13])
    rpf.ext_caps = caps
    if not has and vendor == NV and rnd.random() < 0.3:     # a DVSEC no chain leads to
        rpf.orphans = [(0xf40, EXT_DVSEC, nv_dvsec(1, 2, 3, 4, 5))]
    if rnd.random() < 0.2 and caps:     # the chain ends by coming back to a visited one
        rpf.ext_loop_to = rnd.choice(caps)[0]
    if vendor == NV and has:
        rpf.root, rpf.dvsec = rpf, dv
    root = rpf if rpf.dvsec else None
    last = bus
    if limit > bus + 1:
        last = random_children(m, rnd, root, dom, bus + 1, limit)
    rpf.set_bridge(bus, bus + 1, max(last, bus + 1))
    m.add(rpf, root)


def random_children(m, rnd, root, dom, sec, limit):
    pick = rnd.random()
    if pick < 0.25:
        return sec - 1          # an empty port
    if pick < 0.55 and limit >= sec + 3:
        ports = rnd.randint(1, min(4, limit - sec - 1))

        def leaf(d, b):
            if b > limit:
                return b - 1
            m.device(root, dom, b, rnd.randint(1, 3), rnd.choice([NV, 0x15b3, 0x144d]), 0x1234, 0x020000)
            return b
        up_limit_ok = sec + 1 + ports <= limit
        if up_limit_ok:
            return m.switch(root, dom, sec, ports, leaf)
    m.device(root, dom, sec, rnd.choice([1, 1, 2, 4, 8]), rnd.choice([NV, 0x15b3, 0x144d, 0x8086]),
             rnd.randint(0, 0xffff), rnd.choice([0x020000, 0x010802, 0x030200]))
    return sec


def hip09():
    """Hip09: HNS3 functions in SICL 0's and SICL 2's bdf ranges, and the PMU endpoints."""
    m = Machine()
    for bus in (0x35, 0xbd):
        for fn in range(4):
            f = endpoint(0, bus, 0, fn, 0x19e5, 0xa222, 0x020000,
                         [(0, m.alloc(1 << 16), 1 << 16, True)], multi=True)
            m.add(f, None)
    for bus in (0x34, 0xbc):
        m.add(endpoint(0, bus, 0, 0, 0x19e5, 0xa22b, 0x088000, [(2, m.alloc(1 << 16), 1 << 16, True)]), None)
    # hisi-pcie-pmu.rst's root ports 0000:00:00.0 (x8) and 0000:00:04.0 (x4) of one PCIe core, a
    # port of another core on bus 0x80, what sits below them, and each core's PMU RCiEP (19e5:a12d)
    for bus, dev, sec, width, below in HIP09_PORTS:
        rp = Fn(0, bus, dev, 0, 0x19e5, 0xa120, 0x060400, hdr=1)
        rp.pcie(4, port=dev)
        rp.link_cap = rp.link_sta = (4, width)
        rp.ext_caps = [(0x100, 0x0001, aer())]
        rp.root = rp
        rp.set_bridge(bus, sec, sec)
        m.add(rp, rp)
        m.device(rp, 0, sec, below, 0x144d if below == 1 else 0x15b3, 0xa824 if below == 1 else 0x101d,
                 0x010802 if below == 1 else 0x020000)
    for bus in (0x30, 0xb0):
        m.add(endpoint(0, bus, 0, 0, 0x19e5, 0xa12d, 0x088000, [(2, m.alloc(1 << 16), 1 << 16, True)]), None)
    # Kunpeng-class: two NUMA nodes a socket, 32 CPUs each; SICL 0 on socket 0, SICL 2 on
    # socket 1, the NICs on the second node of each (so a node is never taken for a socket)
    m.nodes = {0: (0, 31, 0), 1: (32, 63, 0), 2: (64, 95, 1), 3: (96, 127, 1)}
    m.bridge_node = {(0, 0x00): 0, (0, 0x30): 0, (0, 0x34): 1, (0, 0x35): 1,
                     (0, 0x80): 2, (0, 0xb0): 2, (0, 0xbc): 3, (0, 0xbd): 3}
    return m


# (bus, device, secondary bus, link width, functions below)
HIP09_PORTS = [(0x00, 0, 0x01, 8, 1), (0x00, 4, 0x02, 4, 2), (0x80, 0, 0x81, 8, 1)]


def grace():
    """A Grace CPU Superchip's root ports, one a socket (segments 0000 and 0008), no RC-map
    DVSEC (that is Tegra410's), an NVMe drive and a NIC below them."""
    m = Machine()
    for dom, vendor, device, cls in ((0x0000, 0x144d, 0xa824, 0x010802), (0x0008, 0x15b3, 0x101d, 0x020000)):
        rp = Fn(dom, 0x00, 0, 0, NV, 0x22b2, 0x060400, hdr=1)
        rp.pcie(4, port=0)
        rp.link_cap = rp.link_sta = (5, 4)
        rp.ext_caps = [(0x100, 0x0001, aer())]
        rp.root = rp
        rp.set_bridge(0x00, 0x01, 0x01)
        m.add(rp, rp)
        m.device(rp, dom, 0x01, 1, vendor, device, cls)
    # a socket a node, 72 CPUs each (2 a node in the live copy)
    m.nodes = {0: (0, 71, 0), 1: (72, 143, 1)}
    m.bridge_node = {(0x0000, 0x00): 0, (0x0008, 0x00): 1}
    return m


ALIBABA = 0x1ded
# dwc_pcie_pmu.rst's "30:03.0 PCI bridge: Device 1ded:8000", two more ports, what sits below
YITIAN_PORTS = [(0x30, 3, 0x31, 1), (0x30, 5, 0x32, 2), (0x80, 1, 0x81, 0)]


def ras_des_vsec():
    """The RAS D.E.S. Vendor-Specific Extended Capability dwc_pcie_match_des_cap() looks for:
    VSEC ID 0x02, revision 4, of the root port's vendor."""
    return (0x02 | (4 << 16) | (0x100 << 20)).to_bytes(4, "little") + bytes(0x20)


def yitian_dwc():
    """Yitian 710 root ports (Alibaba DesignWare) with RAS DES, an NVMe drive below the first, a
    two-port NIC below the second, nothing trained below the third."""
    m = Machine()
    for bus, dev, sec, nfn in YITIAN_PORTS:
        rp = Fn(0, bus, dev, 0, ALIBABA, 0x8000, 0x060400, hdr=1)
        rp.pcie(4, port=dev)
        rp.link_cap = (4, 8)
        rp.link_sta = (4, 8) if nfn else (0, 0)
        rp.ext_caps = [(0x100, 0x0001, aer()), (0x148, 0x000b, ras_des_vsec())]
        rp.root = rp
        rp.set_bridge(bus, sec, sec)
        m.add(rp, rp)
        if nfn == 1:
            m.device(rp, 0, sec, 1, 0x144d, 0xa824, 0x010802)
        elif nfn:
            m.device(rp, 0, sec, nfn, 0x15b3, 0x101d, 0x020000)
    # two sockets, a node each: the ports on bus 0x30 on socket 0, on bus 0x80 on socket 1
    m.nodes = {0: (0, 63, 0), 1: (64, 127, 1)}
    m.bridge_node = {(0, 0x30): 0, (0, 0x80): 1}
    return m


INTEL = 0x8086
# Xeon IIO stacks: (socket, PMON stack index, root bus); a root bus holds the stack's VT-d
# device (00.0, 8086:09a2, SNR_ICX_MESH2IIO_MMAP_DID) and its PCIe root ports (02.0-05.0)
ICX_STACKS = [(0, 5, 0x00), (0, 0, 0x16), (0, 1, 0x30), (0, 2, 0x4a), (0, 3, 0x64),
              (1, 5, 0x80), (1, 0, 0x97), (1, 1, 0xb0), (1, 2, 0xc9), (1, 3, 0xe2)]
SPR_STACKS = [(0, 0, 0x00), (0, 1, 0x15), (0, 2, 0x26), (0, 3, 0x37), (0, 4, 0x48),
              (1, 0, 0x80), (1, 1, 0x97), (1, 2, 0xa7), (1, 3, 0xb7), (1, 4, 0xc7)]
# (root bus, root port device, functions below, what): the devices an admin places
XEON_DEVICES = {0x16: [(2, 1, "nvme")], 0x30: [(2, 2, "nic"), (4, 1, "nvme")],
                0x97: [(2, 1, "nvme")], 0xe2: [(3, 2, "nic")],
                0x15: [(2, 1, "nvme")], 0x26: [(2, 2, "nic")], 0xb7: [(3, 1, "nvme")]}
KINDS = {"nvme": (0x144d, 0xa824, 0x010802), "nic": (0x15b3, 0x101d, 0x020000)}


def xeon(stacks, port_device):
    """A two-socket Xeon: each IIO stack a root bus with its VT-d device and four x4 root ports
    (the x16's bifurcation), devices below some; the DMI stack (bus 0x00) carries the PCH"""
    m = Machine()
    for socket, stack, bus in stacks:
        vtd = endpoint(0, bus, 0, 0, INTEL, 0x09a2, 0x088000, [], pcie=False)
        vtd.pcie(9)
        m.add(vtd, None)
        below = {d: (n, kind) for d, n, kind in XEON_DEVICES.get(bus, [])}
        for dev in range(2, 6) if bus not in (0x00, 0x80) else ():
            sec = bus + dev - 1
            rp = Fn(0, bus, dev, 0, INTEL, port_device + dev - 2, 0x060400, hdr=1)
            rp.pcie(4, port=dev - 2)
            rp.link_cap = (4, 4)
            rp.link_sta = (4, 4) if dev in below else (0, 0)
            rp.ext_caps = [(0x100, 0x0001, aer())]
            rp.root = rp
            rp.set_bridge(bus, sec, sec)
            m.add(rp, rp)
            if dev in below:
                n, kind = below[dev]
                m.device(rp, 0, sec, n, *KINDS[kind])
        if bus == 0x00:
            m.add(endpoint(0, bus, 0x14, 0, INTEL, 0xa1af, 0x0c0330, [(0, m.alloc(1 << 16), 1 << 16, True)],
                           pcie=False), None)
            m.add(endpoint(0, bus, 0x1f, 0, INTEL, 0xa1cb, 0x060100, [], pcie=False), None)
        m.bridge_node[(0, bus)] = socket
    m.nodes = {0: (0, 31, 0), 1: (32, 63, 1)}
    return m


def icx():
    return xeon(ICX_STACKS, 0x347a)


def spr():
    return xeon(SPR_STACKS, 0x352a)


AMD = 0x1022
# Genoa: four root complexes a socket (NPS1: a node a socket), a GPP bridge (01.1) on each
GENOA_BUSES = [(0, 0x00), (0, 0x20), (0, 0x40), (0, 0x60), (1, 0x80), (1, 0xa0), (1, 0xc0), (1, 0xe0)]


def genoa():
    m = Machine()
    for socket, bus in GENOA_BUSES:
        m.add(endpoint(0, bus, 0, 0, AMD, 0x14a4, 0x060000, [], pcie=False), None)
        rp = Fn(0, bus, 1, 1, AMD, 0x14ab, 0x060400, hdr=1)
        rp.pcie(4, port=1)
        rp.link_cap = rp.link_sta = (5, 4)
        rp.ext_caps = [(0x100, 0x0001, aer())]
        rp.root = rp
        rp.set_bridge(bus, bus + 1, bus + 1)
        m.add(rp, rp)
        m.device(rp, 0, bus + 1, 1 if bus % 0x40 == 0 else 2, *KINDS["nvme" if bus % 0x40 == 0 else "nic"])
        m.bridge_node[(0, bus)] = socket
    m.nodes = {0: (0, 31, 0), 1: (32, 63, 1)}
    return m


def live(m):
    """The live copies run on CPUs 0 and 1 alone: each node's CPU is its package's"""
    m.nodes = {n: (pkg, pkg, pkg) for n, (lo, hi, pkg) in m.nodes.items()}
    return m


def dump_text(m, length):
    out = []
    for f in sorted(m.fns, key=lambda f: (f.domain, f.bus, f.dev, f.fn)):
        out.append(f"{f.name()} Class [{f.cls >> 8:04x}]: Device [{f.vendor:04x}:{f.device:04x}]")
        for at in range(0, length, 16):
            row = " ".join(f"{b:02x}" for b in f.cfg[at:at + 16])
            out.append(f"{at:02x}: {row}" if at < 0x100 else f"{at:03x}: {row}")
        out.append("")
    return "\n".join(out) + "\n"


def write_sysfs(m, sysdir, length):
    devs = os.path.join(sysdir, "bus", "pci", "devices")
    os.makedirs(devs, exist_ok=True)
    seen = {"net": 0, "ib": 0, "nvme": 0, "drm": 0}
    for f in m.fns:
        real = os.path.join(sysdir, "devices", f"pci{f.domain:04x}:{f.root.bus if f.root else f.bus:02x}", f.name())
        os.makedirs(real, exist_ok=True)
        with open(os.path.join(real, "config"), "wb") as out:
            out.write(bytes(f.cfg[:length]))
        attrs = [("vendor", f"0x{f.vendor:04x}"), ("device", f"0x{f.device:04x}"),
                 ("class", f"0x{f.cls:06x}"), ("irq", "0")]
        # pci_dev numa_node_show(): "%d\n", -1 where the firmware gives no node
        if m.nodes:
            attrs.append(("numa_node", f"{m.node_of(f)}"))
        for name, val in attrs:
            with open(os.path.join(real, name), "w") as out:
                out.write(val + "\n")
        lines = []
        bars = {i: (a, s, low) for i, a, s, low in f.bars}
        for i in range(13):
            if i in bars:
                a, s, low = bars[i]
                flags = 0x40200 | low | (0x2000 if low & 8 else 0) | (0x100000 if low & 4 else 0)
                lines.append(f"0x{a:016x} 0x{a + s - 1:016x} 0x{flags:016x}")
            else:
                lines.append("0x0000000000000000 0x0000000000000000 0x0000000000000000")
        with open(os.path.join(real, "resource"), "w") as out:
            out.write("\n".join(lines) + "\n")
        os.symlink(os.path.relpath(real, devs), os.path.join(devs, f.name()))
        write_class_devices(f, real, seen)
    write_numa(m, sysdir)


def write_class_devices(f, real, seen):
    """What a driver makes below its function, as sysfs lists it: net/<udev's path name> for a
    network controller (mlx5's also infiniband/mlx5_<n>), nvme/nvme<n> for an NVMe controller,
    drm/card<n> and renderD<128+n> for a GPU; seen counts them across the machine"""
    base, sub = f.cls >> 16, (f.cls >> 8) & 0xff
    children = []   # (directory, one attribute of it, its value): git keeps no empty directory
    if base == 0x02:
        seen["net"] += 1
        children.append((f"net/enP{f.domain}p{f.bus}s{f.dev}f{f.fn}", "ifindex", f"{seen['net'] + 1}"))
        if f.vendor == 0x15b3:
            children.append((f"infiniband/mlx5_{seen['ib']}", "node_type", "1: CA"))
            seen["ib"] += 1
    elif base == 0x01 and sub == 0x08:
        children.append((f"nvme/nvme{seen['nvme']}", "dev", f"240:{seen['nvme']}"))
        seen["nvme"] += 1
    elif base == 0x03:
        n = seen["drm"]
        children += [(f"drm/card{n}", "dev", f"226:{n}"), (f"drm/renderD{128 + n}", "dev", f"226:{128 + n}")]
        seen["drm"] += 1
    for d, attr, value in children:
        os.makedirs(os.path.join(real, d), exist_ok=True)
        with open(os.path.join(real, d, attr), "w") as out:
            out.write(value + "\n")


def write_numa(m, sysdir):
    """devices/system/node/nodeN/cpulist and each CPU's topology/physical_package_id, as the
    kernel prints them ("%*pbl\n", "%d\n"); node/online and has_cpu list the nodes"""
    if not m.nodes:
        return
    node_dir = os.path.join(sysdir, "devices", "system", "node")
    os.makedirs(node_dir, exist_ok=True)
    nodes = ",".join(str(n) for n in sorted(m.nodes))
    for name in ("online", "possible", "has_cpu"):
        with open(os.path.join(node_dir, name), "w") as out:
            out.write(nodes + "\n")
    for n, (lo, hi, pkg) in sorted(m.nodes.items()):
        os.makedirs(os.path.join(node_dir, f"node{n}"), exist_ok=True)
        with open(os.path.join(node_dir, f"node{n}", "cpulist"), "w") as out:
            out.write((f"{lo}-{hi}" if hi > lo else f"{lo}") + "\n")
        for cpu in range(lo, hi + 1):
            top = os.path.join(sysdir, "devices", "system", "cpu", f"cpu{cpu}", "topology")
            os.makedirs(top, exist_ok=True)
            with open(os.path.join(top, "physical_package_id"), "w") as out:
                out.write(f"{pkg}\n")


def port_of(m, f):
    """The PCI Express root port above f (or f itself): the narrowest bus range that holds it"""
    if f.pcie_type == 4:
        return f
    best = None
    for p in m.fns:
        sec, sub = p.cfg[0x19], p.cfg[0x1a]
        if p.pcie_type != 4 or p.domain != f.domain or not sec or not sec <= f.bus <= sub:
            continue
        if best is None or sub - sec < best.cfg[0x1a] - best.cfg[0x19]:
            best = p
    return best


def truth(m):
    show_domains = any(f.domain for f in m.fns)
    recs, lines = [], []
    for f in sorted(m.fns, key=lambda f: (f.domain, f.bus, f.dev, f.fn)):
        r = f.root
        d = r.dvsec if r else None     # only Tegra410 ports carry the RC-map DVSEC
        port = port_of(m, f)
        node = m.node_of(f)
        socket = d[4] if d else m.nodes[node][2] if node >= 0 else None
        recs.append({"bdf": f.name(), "root_port": port.name() if port else None,
                     "socket": socket, "numa_node": node if node >= 0 else None, "rc": d[3] if d else None,
                     "rp": d[2] if d else None,
                     "src_bdf": (f.bus << 8) | (f.dev << 3) | f.fn,
                     "bars": [[i, a, s] for i, a, s, low in f.bars],
                     "link": link_truth(m, f)})
        if f.dvsec and f.vendor == NV:
            b, s, rp, rc, so = f.dvsec
            name = f.name() if show_domains else f.name()[5:]
            lines.append(f"{name}: Bus={b:02x}, Segment={s:02x}, RP={rp:02x}, RC={rc:02x}, Socket={so:02x}")
    return {"functions": recs, "dvsec_lines": lines}


def write_all(m, outdir, nonroot=False):
    length = 64 if nonroot else 4096
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "lspci-xxxx.txt"), "w") as out:
        out.write(dump_text(m, length))
    write_sysfs(m, os.path.join(outdir, "sys"), length)
    with open(os.path.join(outdir, "truth.json"), "w") as out:
        json.dump(truth(m), out, indent=1)


def main(argv):
    nonroot = "--nonroot" in argv
    argv = [a for a in argv if a != "--nonroot"]
    kind = argv[1]
    if kind == "canonical":
        write_all(canonical(), argv[2], nonroot)
    elif kind == "random":
        write_all(random_machine(int(argv[2])), argv[3], nonroot)
    elif kind == "hip09":
        write_all(hip09(), argv[2], nonroot)
    elif kind == "yitian-dwc":
        write_all(yitian_dwc(), argv[2], nonroot)
    elif kind == "scale":
        write_all(canonical(int(argv[2])), argv[3], nonroot)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
