#!/usr/bin/env python3
"""Write the sysfs fixture trees of tests/fixtures/ from ../shared/reference (kernel-pmu-facts.md,
hns3-events.md, bluefield-event-lists.md). File contents are byte for byte what the drivers print,
warts included: symlinks from bus/event_source/devices into devices/, HNS3's
"filter mode supported: ... \\n", both Yitian identifier file names, BlueField names with
trailing spaces.  Run from the repository root: tests/gen/fixtures.py ../shared/reference

The reference notes are not part of a clone: the committed trees under tests/fixtures/ are the
source of truth, and this script is only needed to change them (it must then reproduce every
unchanged tree byte for byte: git status shows none modified)."""
import os
import re
import shutil
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pcigen  # noqa: E402

REF = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else "../shared/reference"
OUT = "tests/fixtures"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def link(path, target):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.lexists(path):
        os.unlink(path)
    os.symlink(target, path)


def cpu_files(sys_dir, online):
    for f in ("online", "possible", "present"):
        write(f"{sys_dir}/devices/system/cpu/{f}", online + "\n")
    write(f"{sys_dir}/devices/system/cpu/kernel_max", "4095\n")


def x86_modalias(sys_dir, vendor, family, model):
    """devices/system/cpu/modalias as drivers/base/cpu.c prints an x86 boot CPU's (X86_VENDOR_*:
    0 Intel, 2 AMD), with a few of its feature numbers: the CPUID perf picks its JSON by"""
    write(f"{sys_dir}/devices/system/cpu/modalias",
          "cpu:type:x86,ven%04Xfam%04Xmod%04X:feature:,0000,0001,0002,0003,0004\n" % (vendor, family, model))


def pmu(sys_dir, parent, name, type_, formats, events, cpumask, extra=None, assoc=None):
    """A perf PMU: real directory under devices/<parent>/<name>, linked from bus/event_source."""
    real = f"{sys_dir}/devices/{parent}/{name}" if parent else f"{sys_dir}/devices/{name}"
    write(f"{real}/type", f"{type_}\n")
    write(f"{real}/perf_event_mux_interval_ms", "4\n")
    write(f"{real}/uevent", "")
    write(f"{real}/cpumask", cpumask)
    if assoc is not None:
        write(f"{real}/associated_cpus", assoc)
    for k, v in formats.items():
        write(f"{real}/format/{k}", v + "\n")
    for k, v in events.items():
        write(f"{real}/events/{k}", v + "\n")
    for k, v in (extra or {}).items():
        write(f"{real}/{k}", v)
    depth = "../../../devices/" + (parent + "/" if parent else "") + name
    link(f"{sys_dir}/bus/event_source/devices/{name}", depth)


# ---------------------------------------------------------------- Tegra410 (kernel-pmu-facts 1.x)
UCF_FORMATS = {"event": "config:0-32", "src_loc_noncpu": "config1:0", "src_loc_cpu": "config1:1",
               "src_rem": "config1:2", "dst_loc_cmem": "config1:8", "dst_loc_gmem": "config1:9",
               "dst_loc_other": "config1:10", "dst_rem": "config1:11"}
UCF_EVENTS = {"bus_cycles": 0x1d, "slc_allocate": 0xf0, "slc_wb": 0xf3, "slc_refill_rd": 0x109,
              "slc_refill_wr": 0x10a, "slc_hit_rd": 0x119, "slc_access_dataless": 0x183,
              "slc_access_atomic": 0x184, "local_snoop": 0x180, "ext_snp_access": 0x181,
              "ext_snp_evict": 0x182, "slc_access_rd": 0x111, "slc_access_wr": 0x112,
              "slc_bytes_rd": 0x113, "slc_bytes_wr": 0x114, "mem_access_rd": 0x121,
              "mem_access_wr": 0x122, "mem_bytes_rd": 0x123, "mem_bytes_wr": 0x124,
              "cycles": 0x100000000}
PCIE_FORMATS = {"event": "config:0-32", "src_rp_mask": "config1:0-7", "src_bdf": "config1:8-23",
                "src_bdf_en": "config1:24", "dst_loc_cmem": "config2:0", "dst_loc_gmem": "config2:1",
                "dst_loc_pcie_p2p": "config2:2", "dst_loc_pcie_cxl": "config2:3", "dst_rem": "config2:4"}
PCIE_EVENTS = {"rd_bytes": 0x0, "wr_bytes": 0x1, "rd_req": 0x2, "wr_req": 0x3, "rd_cum_outs": 0x4,
               "cycles": 0x100000000}
TGT_FORMATS = {"event": "config:0-2", "dst_rp_mask": "config:3-10", "dst_addr_en": "config:11",
               "dst_addr_base": "config1:0-63", "dst_addr_mask": "config2:0-63"}
TGT_EVENTS = {"rd_bytes": 0x0, "wr_bytes": 0x1, "rd_req": 0x2, "wr_req": 0x3, "cycles": 0x4}
CMEM_EVENTS = {"cycles": 0x0, "rd_req": 0x1, "rd_cum_outs": 0x2}
C2C_ALL = {"cycles": 0x0, "in_rd_cum_outs": 0x1, "in_rd_req": 0x2, "in_wr_cum_outs": 0x3,
           "in_wr_req": 0x4, "out_rd_cum_outs": 0x5, "out_rd_req": 0x6, "out_wr_cum_outs": 0x7,
           "out_wr_req": 0x8}
C2C_CPU = {k: v for k, v in C2C_ALL.items() if v in (0, 1, 2, 5, 6)}
C2C_CXL = {k: v for k, v in C2C_ALL.items() if v in (0, 1, 2)}


def ev(d):
    return {k: "event=0x%x" % v for k, v in d.items()}


def tegra410(sys_dir, live=False, sockets=2):
    """2 sockets x 72 CPUs, 6 PCIE RCs per socket as in the document's mapping example
    (bench/ asks for more sockets: 64 make 1,088 PMUs)."""
    t = iter(range(24, 100000))
    sw = (lambda: 1) if live else (lambda: next(t))
    # live: every PMU is the software PMU (type 1) on CPU 0 or 1, so counting really runs
    cpu_files(sys_dir, "0-1" if live else f"0-{72 * sockets - 1}")
    for s in range(sockets):
        mask, assoc = f"{72 * s}\n", f"{72 * s}-{72 * s + 71}\n"
        if live:
            mask = assoc = f"{s % 2}\n"
        cs = f"platform/arm-cs-arch-pmu.{s * 16}.auto"
        pmu(sys_dir, cs, f"nvidia_ucf_pmu_{s}", sw(), UCF_FORMATS, ev(UCF_EVENTS), mask,
            {"identifier": "2cf2036b\n"}, assoc)
        for rc in range(6):
            pmu(sys_dir, f"platform/arm-cs-arch-pmu.{s * 16 + 1 + rc}.auto",
                f"nvidia_pcie_pmu_{s}_rc_{rc}", sw(), PCIE_FORMATS, ev(PCIE_EVENTS), mask,
                {"identifier": "1030136b\n"}, assoc)
            pmu(sys_dir, f"platform/arm-cs-arch-pmu.{s * 16 + 7 + rc}.auto",
                f"nvidia_pcie_tgt_pmu_{s}_rc_{rc}", sw(), TGT_FORMATS, ev(TGT_EVENTS), mask,
                {"identifier": "1070036b\n"}, assoc)
        pmu(sys_dir, f"platform/NVDA2021:{s:02x}", f"nvidia_cmem_latency_pmu_{s}", sw(),
            {"event": "config:0-1"}, ev(CMEM_EVENTS), mask, {"identifier": "NVDA2021\n"}, assoc)
        # socket 0's NVLink-C2C reaches two GPUs, socket 1's another SoC
        if s == 0:
            pmu(sys_dir, "platform/NVDA2023:00", "nvidia_nvlink_c2c_pmu_0", sw(),
                {"event": "config:0-3", "gpu_mask": "config1:0-1"}, ev(C2C_ALL), mask,
                {"identifier": "NVDA2023\n", "peer": "nr_gpu=2\n"}, assoc)
        else:
            pmu(sys_dir, f"platform/NVDA2023:{s:02x}", f"nvidia_nvlink_c2c_pmu_{s}", sw(),
                {"event": "config:0-3"}, ev(C2C_CPU), mask,
                {"identifier": "NVDA2023\n", "peer": "nr_cpu=1\n"}, assoc)
        pmu(sys_dir, f"platform/NVDA2022:{s:02x}", f"nvidia_nvclink_pmu_{s}", sw(),
            {"event": "config:0-3"}, ev(C2C_CPU), mask,
            {"identifier": "NVDA2022\n", "peer": "nr_cpu=1\n"}, assoc)
        pmu(sys_dir, f"platform/NVDA2020:{s:02x}", f"nvidia_nvdlink_pmu_{s}", sw(),
            {"event": "config:0-3"}, ev(C2C_CXL), mask,
            {"identifier": "NVDA2020\n", "peer": "nr_cxlmem=1\n"}, assoc)


# ------------------------------------------- Grace (Tegra241, kernel-pmu-facts 1.9, nvidia_cspmu.c)
MCF_EVENTS = {"rd_bytes_loc": 0x0, "rd_bytes_rem": 0x1, "wr_bytes_loc": 0x2, "wr_bytes_rem": 0x3,
              "total_bytes_loc": 0x4, "total_bytes_rem": 0x5, "rd_req_loc": 0x6, "rd_req_rem": 0x7,
              "wr_req_loc": 0x8, "wr_req_rem": 0x9, "total_req_loc": 0xa, "total_req_rem": 0xb,
              "rd_cum_outs_loc": 0xc, "rd_cum_outs_rem": 0xd, "cycles": 0x100000000}
SCF_EVENTS = {"bus_cycles": 0x1d, "scf_cache_allocate": 0xf0, "scf_cache_refill": 0xf1,
              "scf_cache": 0xf2, "scf_cache_wb": 0xf3}
for _name, _base in (("rd_data", 0x101), ("wb_data", 0x109), ("rd_outstanding", 0x115),
                     ("rd_access", 0x12d), ("wb_access", 0x135), ("wr_access", 0x139)):
    for _k in range(4):     # NV_CSPMU_EVENT_ATTR_4(socket, <name>, base): socket_<k>_<name>
        SCF_EVENTS[f"socket_{_k}_{_name}"] = _base + _k
SCF_EVENTS.update({"gmem_rd_data": 0x16d, "gmem_rd_access": 0x16e, "gmem_rd_outstanding": 0x16f,
                   "gmem_wb_data": 0x173, "gmem_wb_access": 0x174, "gmem_wr_data": 0x179,
                   "gmem_wr_access": 0x17b})
for _k in range(4):
    SCF_EVENTS[f"socket_{_k}_wr_data"] = 0x17c + _k
SCF_EVENTS.update({"gmem_wr_total_bytes": 0x1a0, "remote_socket_wr_total_bytes": 0x1a1,
                   "remote_socket_rd_data": 0x1a2, "remote_socket_rd_outstanding": 0x1a3,
                   "remote_socket_rd_access": 0x1a4, "cmem_rd_data": 0x1a5, "cmem_rd_access": 0x1a6,
                   "cmem_rd_outstanding": 0x1a7, "cmem_wb_data": 0x1ab, "cmem_wb_access": 0x1ac,
                   "cmem_wr_data": 0x1b1, "cmem_wr_access": 0x1ca, "cmem_wr_total_bytes": 0x1db,
                   "cycles": 0x100000000})
# name pattern, PMIIDR ("%x": product << 20 | 0x36b, variant and revision 0), its filter format
GRACE_PMUS = (("nvidia_scf_pmu_%d", "2cf0036b", {}, SCF_EVENTS),
              ("nvidia_pcie_pmu_%d", "1030036b", {"root_port": "config1:0-9"}, MCF_EVENTS),
              ("nvidia_nvlink_c2c1_pmu_%d", "1040036b", {"port": "config1:0-1"}, MCF_EVENTS),
              ("nvidia_nvlink_c2c0_pmu_%d", "1050036b", {"port": "config1:0-1"}, MCF_EVENTS),
              ("nvidia_cnvlink_pmu_%d", "1060036b", {"rem_socket": "config1:0-3"}, MCF_EVENTS))


def grace(sys_dir, live=False):
    """A Grace CPU Superchip: 2 sockets x 72 CPUs, the five PMUs of nvidia-tegra241-pmu.rst each,
    and a root port with a device below it a socket."""
    m = pcigen.grace()
    pcigen.write_all(pcigen.live(m) if live else m, os.path.dirname(sys_dir))
    t = iter(range(24, 100000))
    cpu_files(sys_dir, "0-1" if live else "0-143")
    for s in range(2):
        mask, assoc = f"{72 * s}\n", f"{72 * s}-{72 * s + 71}\n"
        if live:
            mask = assoc = f"{s}\n"
        for n, (pattern, ident, formats, events) in enumerate(GRACE_PMUS):
            pmu(sys_dir, f"platform/arm-cs-arch-pmu.{s * 5 + n}.auto", pattern % s,
                1 if live else next(t), {"event": "config:0-32", **formats}, ev(events), mask,
                {"identifier": ident + "\n"}, assoc)


# ------------------------------------------------------------ Yitian 710 (kernel-pmu-facts 2.x)
def drw_events(facts):
    sect = facts.split("Events (`ali_drw_pmu_events_attrs`")[1].split("(53 event files.)")[0]
    out = {}
    for name, cfg in re.findall(r"\| \**([a-z0-9_]+)\** \| \**(0x[0-9a-f]+)\** ", sect):
        out[name] = int(cfg, 16)
    for name, cfg in re.findall(r"\| \**([a-z0-9_]+)\** \| \**(0x[0-9a-f]+)\** \|", sect):
        out[name] = int(cfg, 16)
    return out


def yitian710(sys_dir, facts, live=False):
    """live: every PMU the software PMU (type 1) on CPU 0 (die 0) or 1 (die 1), so that counting
    really runs: hif_wr, hif_rd and hif_rmw (0x1-0x3) count task-clock, page faults and
    context switches there"""
    events = drw_events(facts)
    assert len(events) == 53, len(events)
    cpu_files(sys_dir, "0-1" if live else "0-127")
    n = 0
    for die, base in ((0, 0x0), (1, 0x40000000)):
        for ch in range(4):
            for sub in range(2):
                addr = base + 0x21000 + ch * 0x2000 + sub * 0x80
                name = "ali_drw_%x" % addr
                # die 0 carries the v6.5-era "identifier" file, die 1 the later
                # DEVICE_STRING_ATTR_RO name: a fixture must allow either
                idf = "identifier" if die == 0 else "ali_drw_pmu_identifier"
                pmu(sys_dir, f"platform/BABA5000:{n:02x}", name, 1 if live else 40 + n, {"event": "config:0-7"},
                    {k: "config=0x%x" % v for k, v in events.items()},
                    f"{die}\n" if live else "0\n" if die == 0 else "64\n", {idf: "ali_drw_pmu\n"})
                n += 1


# ------------------------------------- Synopsys DesignWare PCIe (dwc_pcie_pmu.c, dwc_pcie_pmu.rst)
DWC_TIME = {"one_cycle": 0x00, "TX_L0S": 0x01, "RX_L0S": 0x02, "L0": 0x03, "L1": 0x04, "L1_1": 0x05,
            "L1_2": 0x06, "CFG_RCVRY": 0x07, "TX_RX_L0S": 0x08, "L1_AUX": 0x09,
            "Tx_PCIe_TLP_Data_Payload": 0x20, "Rx_PCIe_TLP_Data_Payload": 0x21,
            "Tx_CCIX_TLP_Data_Payload": 0x22, "Rx_CCIX_TLP_Data_Payload": 0x23}
DWC_LANE = {"tx_ack_dllp": 0x600, "tx_update_fc_dllp": 0x601, "rx_ack_dllp": 0x602,
            "rx_update_fc_dllp": 0x603, "rx_nulified_tlp": 0x604, "tx_nulified_tlp": 0x605,
            "rx_duplicate_tl": 0x606, "tx_memory_write": 0x700, "tx_memory_read": 0x701,
            "tx_configuration_write": 0x702, "tx_configuration_read": 0x703, "tx_io_write": 0x704,
            "tx_io_read": 0x705, "tx_completion_without_data": 0x706,
            "tx_completion_with_data": 0x707, "tx_message_tlp": 0x708, "tx_atomic": 0x709,
            "tx_tlp_with_prefix": 0x70A, "rx_memory_write": 0x70B, "rx_memory_read": 0x70C,
            "rx_io_write": 0x70F, "rx_io_read": 0x710, "rx_completion_without_data": 0x711,
            "rx_completion_with_data": 0x712, "rx_message_tlp": 0x713, "rx_atomic": 0x714,
            "rx_tlp_with_prefix": 0x715, "tx_ccix_tlp": 0x716, "rx_ccix_tlp": 0x717}


def yitian_dwc(root, live=False):
    """The Yitian 710 root ports of pcigen.yitian_dwc, each with its dwc_rootport_<sbdf> PMU as a
    child of the port's PCI device (pmu.parent), events as dwc_pcie_event_show() prints them."""
    sys_dir = f"{root}/sys"
    m = pcigen.yitian_dwc()
    pcigen.write_all(pcigen.live(m) if live else m, root)
    cpu_files(sys_dir, "0-1" if live else "0-127")
    events = {k: "eventid=0x%x,type=0x0" % v for k, v in DWC_TIME.items()}
    events.update({k: "eventid=0x%x,type=0x1,lane=?" % v for k, v in DWC_LANE.items()})
    for n, (bus, dev, _, _) in enumerate(pcigen.YITIAN_PORTS):
        sbdf = (bus << 8) | (dev << 3)
        die = 0 if bus < 0x80 else 1
        pmu(sys_dir, f"pci0000:{bus:02x}/0000:{bus:02x}:{dev:02x}.0", "dwc_rootport_%x" % sbdf,
            1 if live else 70 + n, {"eventid": "config:0-15", "type": "config:16-19", "lane": "config:20-27"},
            events, f"{die % 2}\n" if live else f"{64 * die}\n")


# ------------------------------------------------------------------ Hip09 HNS3 (hns3-events.md)
HNS3_FORMATS = {"subevent": "config:0-7", "event_type": "config:8-15", "ext_counter_used": "config:16",
                "port": "config1:0-3", "tc": "config1:4-7", "bdf": "config1:8-23",
                "queue": "config1:24-39", "intr": "config1:40-51", "global": "config1:52"}


def hns3_events(text):
    rows = re.findall(r"^\| `([a-z0-9_]+)` \| `(config=0x[0-9a-f]+)\\n` \| (0x[0-9a-f]+) \| `(filter mode supported: [a-z -]+)\\n` \|$",
                      text, re.M)
    assert len(rows) == 110, len(rows)
    return rows


HISI_PCIE_FORMATS = {"event": "config:0-16", "thr_len": "config1:0-3", "thr_mode": "config1:4",
                     "trig_len": "config1:5-8", "trig_mode": "config1:9", "len_mode": "config1:10-11",
                     "port": "config2:0-15", "bdf": "config2:16-31"}
HISI_PCIE_EVENTS = {"rx_mwr_latency": 0x0010, "rx_mwr_cnt": 0x10010, "rx_mrd_latency": 0x0210,
                    "rx_mrd_cnt": 0x10210, "tx_mrd_latency": 0x0011, "tx_mrd_cnt": 0x10011,
                    "rx_mwr_flux": 0x0104, "rx_mwr_time": 0x10104, "rx_mrd_flux": 0x0804,
                    "rx_mrd_time": 0x10804, "rx_cpl_flux": 0x2004, "rx_cpl_time": 0x12004,
                    "tx_mwr_flux": 0x0105, "tx_mwr_time": 0x10105, "tx_mrd_flux": 0x0405,
                    "tx_mrd_time": 0x10405, "tx_cpl_flux": 0x1005, "tx_cpl_time": 0x11005}


# hip09-live: the hardware events as software events the kernel counts on any machine, so that
# a pair's ratio is real: each xxx_flux cpu-clock (config 0), its xxx_time task-clock (1); each
# xxx_latency cpu-clock, its xxx_cnt task-clock
def hisi_pcie_live(name):
    return 1 if name.endswith(("_time", "_cnt")) else 0


def hip09(sys_dir, events, live=False):
    cpu_files(sys_dir, "0-1" if live else "0-127")
    for n, (sicl, cpu, lo, hi, clk) in enumerate(((0, 0, "35:00.0", "35:1f.7", 100000000),
                                                 (2, 64, "bd:00.0", "bd:1f.7", 100000000))):
        if live:
            break   # no software event stands for an HNS3 one: the live copy counts PCIe
        name = f"hns3_pmu_sicl_{sicl}"
        real = f"{sys_dir}/devices/{name}"
        pmu(sys_dir, None, name, 60 + n, HNS3_FORMATS, {e[0]: e[1] for e in events}, f"{cpu}\n",
            {"identifier": "0x30\n", "bdf_min": lo + "\n", "bdf_max": hi + "\n",
             "hw_clk_freq": f"{clk}\n"})
        for e in events:
            write(f"{real}/filtermode/{e[0]}", e[3] + "\n")
    # hisi_pcie_pmu.c: one PMU per PCIe core, a child of its RCiEP (pmu.parent)
    for n, (sicl, rcie, bus, cpu) in enumerate(((0, 0x30, 0x00, 0), (2, 0xb0, 0x80, 64))):
        evs = {k: "config=0x%x" % (hisi_pcie_live(k) if live else v) for k, v in HISI_PCIE_EVENTS.items()}
        pmu(sys_dir, f"pci0000:{rcie:02x}/0000:{rcie:02x}:00.0", f"hisi_pcie{sicl}_core0", 1 if live else 80 + n,
            HISI_PCIE_FORMATS, evs, f"{n}\n" if live else f"{cpu}\n",
            # bus_show(): "%#04x\n", which prints bus 0 as "0000" ('#' adds no 0x to a zero)
            {"identifier": "0x30\n", "bus": "%#04x\n" % bus if bus else "0000\n"})
    hisi_ddrc(sys_dir, live)


# --------------------- HiSilicon DDRC (drivers/perf/hisilicon/hisi_uncore_ddrc_pmu.c, PMU v2)
# hisi_ddrc_pmu_v2_format_attr and hisi_ddrc_pmu_v2_events_attr; hisi_event_sysfs_show prints
# "config=0x%lx"
HISI_DDRC_V2_FORMATS = {"event": "config:0-7"}
HISI_DDRC_V2_EVENTS = {"cycles": 0x00, "flux_wr": 0x83, "flux_rd": 0x84}
# the live copy: every event cpu-clock, so that each controller counts nanoseconds
HISI_DDRC_LIVE = {"cycles": 0, "flux_wr": 0, "flux_rd": 0}


def hisi_ddrc(sys_dir, live=False):
    """Four DDRCs a SCCL (hisi-pmu.rst: "four DDRCs (0 - 3)"), one SCCL a NUMA node of 32 CPUs,
    SCCL ids 1, 3, 5, 7 made up in the document's pattern (hisi_sccl1_hha0, hisi_sccl3_l3c0);
    sub id 0. Each PMU below its ACPI platform device HISI0234 (pmu.parent, hisi_pmu_init);
    cpumask is on_cpu, the SCCL's first CPU ("%d"); identifier the version register, HISI_PMU_V2
    ("0x%08x", hisi_uncore_pmu_identifier_attr_show)."""
    evs = HISI_DDRC_LIVE if live else HISI_DDRC_V2_EVENTS
    for n, sccl in enumerate((1, 3, 5, 7)):
        for ddrc in range(4):
            k = n * 4 + ddrc
            cpu = n // 2 if live else n * 32
            pmu(sys_dir, f"platform/HISI0234:{k:02x}", f"hisi_sccl{sccl}_ddrc{ddrc}_0",
                1 if live else 100 + k, HISI_DDRC_V2_FORMATS,
                {e: "config=0x%x" % v for e, v in evs.items()}, f"{cpu}\n",
                {"identifier": "0x00000030\n"})
    hisi_v2_hha_l3c(sys_dir, live)
    hisi_links(sys_dir, live)


# ------------------------- HiSilicon HHA and L3C (hisi_uncore_hha_pmu.c at 814be609baae, and
# hisi_uncore_l3c_pmu.c with PMU v2, 486a7f46b966): each version's format and events attributes
HISI_HHA_V1_EVENTS = {"rx_ops_num": 0x00, "rx_outer": 0x01, "rx_sccl": 0x02, "rx_ccix": 0x03,
                      "rx_wbi": 0x04, "rx_wbip": 0x05, "rx_wtistash": 0x11, "rd_ddr_64b": 0x1c,
                      "wr_ddr_64b": 0x1d, "rd_ddr_128b": 0x1e, "wr_ddr_128b": 0x1f,
                      "spill_num": 0x20, "spill_success": 0x21, "bi_num": 0x23,
                      "mediated_num": 0x32, "tx_snp_num": 0x33, "tx_snp_outer": 0x34,
                      "tx_snp_ccix": 0x35, "rx_snprspdata": 0x38, "rx_snprsp_outer": 0x3c,
                      "sdir-lookup": 0x40, "edir-lookup": 0x41, "sdir-hit": 0x42, "edir-hit": 0x43,
                      "sdir-home-migrate": 0x4c, "edir-home-migrate": 0x4d}
HISI_HHA_V2_EVENTS = {"rx_ops_num": 0x00, "rx_outer": 0x01, "rx_sccl": 0x02, "hha_retry": 0x2e,
                      "cycles": 0x55}
HISI_HHA_V2_FORMATS = {"event": "config:0-7", "srcid_cmd": "config1:0-10",
                       "srcid_msk": "config1:11-21", "tracetag_en": "config1:22",
                       "datasrc_skt": "config1:23"}
HISI_L3C_V1_EVENTS = {"rd_cpipe": 0x00, "wr_cpipe": 0x01, "rd_hit_cpipe": 0x02, "wr_hit_cpipe": 0x03,
                      "victim_num": 0x04, "rd_spipe": 0x20, "wr_spipe": 0x21, "rd_hit_spipe": 0x22,
                      "wr_hit_spipe": 0x23, "back_invalid": 0x29, "retry_cpu": 0x40,
                      "retry_ring": 0x41, "prefetch_drop": 0x42}
HISI_L3C_V2_EVENTS = {"l3c_hit": 0x48, "cycles": 0x7f, "l3c_ref": 0xb8, "dat_access": 0xb9}
HISI_L3C_V2_FORMATS = {"event": "config:0-7", "tt_core": "config1:0-7", "tt_req": "config1:8-10",
                       "datasrc_cfg": "config1:11-15", "datasrc_skt": "config1:16"}
HISI_V1_FORMATS = {"event": "config:0-7"}
# hisi_uncore_sllc_pmu.c at 0ea5c948cb64, hisi_uncore_pa_pmu.c at 5f8f8574c7f5: v2 only
HISI_SLLC_FORMATS = {"event": "config:0-7", "tgtid_min": "config1:0-10",
                     "tgtid_max": "config1:11-21", "srcid_cmd": "config1:22-32",
                     "srcid_msk": "config1:33-43", "tracetag_en": "config1:44"}
HISI_SLLC_EVENTS = {"rx_req": 0x30, "rx_data": 0x31, "tx_req": 0x34, "tx_data": 0x35,
                    "cycles": 0x09}
HISI_PA_FORMATS = {"event": "config:0-7", "tgtid_cmd": "config1:0-10",
                   "tgtid_msk": "config1:11-21", "srcid_cmd": "config1:22-32",
                   "srcid_msk": "config1:33-43", "tracetag_en": "config1:44"}
HISI_PA_EVENTS = {"rx_req": 0x40, "tx_req": 0x5c, "cycle": 0x78}
# hisi_uncore_cpa_pmu.c at 6f47c7ae8c7a
HISI_CPA_FORMATS = {"event": "config:0-15"}
HISI_CPA_EVENTS = {"cpa_cycles": 0x00, "cpa_p1_wr_dat": 0x61, "cpa_p1_rd_dat": 0x62,
                   "cpa_p0_wr_dat": 0xe1, "cpa_p0_rd_dat": 0xe2}
HISI_DDRC_V1_EVENTS = {"flux_wr": 0x00, "flux_rd": 0x01, "flux_wcmd": 0x02, "flux_rcmd": 0x03,
                       "pre_cmd": 0x04, "act_cmd": 0x05, "rnk_chg": 0x06, "rw_chg": 0x07}


def hisi_events(events, live):
    """hisi_event_sysfs_show's "config=0x%lx"; live: every event cpu-clock (config 0)"""
    return {e: "config=0x%x" % (0 if live else v) for e, v in events.items()}


def hisi_v2_hha_l3c(sys_dir, live=False):
    """The Hip09 tree's HHAs and L3Cs beside its DDRCs: hisi-pmu.rst's topology ("the same as
    PMU v1"), two HHAs and six L3Cs (one a CCL of 4 CPUs) a SCCL, each below its ACPI device
    (HISI0244, HISI0214; pmu.parent), identifier HISI_PMU_V2. An L3C's cpumask is its CCL's
    first CPU (the CPU's MPIDR aff1 is the PMU's ccl_id), an HHA's the SCCL's."""
    for n, sccl in enumerate((1, 3, 5, 7)):
        first = n // 2 if live else n * 32
        for hha in range(2):
            k = n * 2 + hha
            pmu(sys_dir, f"platform/HISI0244:{k:02x}", f"hisi_sccl{sccl}_hha{hha}",
                1 if live else 140 + k, HISI_HHA_V2_FORMATS,
                hisi_events(HISI_HHA_V2_EVENTS, live), f"{first}\n",
                {"identifier": "0x00000030\n"})
        for ccl in range(6):
            k = n * 6 + ccl
            pmu(sys_dir, f"platform/HISI0214:{k:02x}", f"hisi_sccl{sccl}_l3c{ccl}",
                1 if live else 150 + k, HISI_L3C_V2_FORMATS,
                hisi_events(HISI_L3C_V2_EVENTS, live), f"{first if live else first + 4 * ccl}\n",
                {"identifier": "0x00000030\n"})


# hisi_uncore_mn_pmu.c (2257798498b3) and hisi_uncore_noc_pmu.c (e31c0eb10388), v6.18
HISI_MN_FORMATS = {"event": "config:0-7"}
HISI_MN_EVENTS = {"req_eobarrier_num": 0x00, "req_ecbarrier_num": 0x01, "req_dvmop_num": 0x02,
                  "req_dvmsync_num": 0x03, "req_retry_num": 0x04, "req_writenosnp_num": 0x05,
                  "req_readnosnp_num": 0x06, "snp_dvm_num": 0x07, "snp_dvmsync_num": 0x08,
                  "l3t_req_dvm_num": 0x09, "l3t_req_dvmsync_num": 0x0a, "mn_req_dvm_num": 0x0b,
                  "mn_req_dvmsync_num": 0x0c, "pa_req_dvm_num": 0x0d, "pa_req_dvmsync_num": 0x0e,
                  "snp_dvm_latency": 0x80, "snp_dvmsync_latency": 0x81, "l3t_req_dvm_latency": 0x82,
                  "l3t_req_dvmsync_latency": 0x83, "mn_req_dvm_latency": 0x84,
                  "mn_req_dvmsync_latency": 0x85, "pa_req_dvm_latency": 0x86,
                  "pa_req_dvmsync_latency": 0x87}
HISI_NOC_FORMATS = {"event": "config:0-7", "ch": "config1:0-2", "tt_en": "config1:3"}
HISI_NOC_EVENTS = {"cycles": 0x0e, "ingress_flow_sum": 0x1a, "egress_flow_sum": 0x17,
                   "ingress_buf_full": 0x19, "egress_buf_full": 0x12, "cw_ingress_fail": 0x01,
                   "cc_ingress_fail": 0x09, "cw_egress_fail": 0x03, "cc_egress_fail": 0x0b,
                   "cw_main_flow_sum": 0x05, "cc_main_flow_sum": 0x0d}


def hisi_mn_noc(sys_dir, live=False):
    """6.18's MN and NoC PMUs beside the Hip09 tree's units: an MN a SCL (hisi_scl%d_mn%d) and
    two NoC rings a SCL (hisi_scl%d_noc%d_%d), SCLs 1 and 3, each below its ACPI device
    (HISI0222, HISI04E0; pmu.parent); cpumask the SCL's first CPU; identifier the version
    register, made up (no public dump gives one)"""
    for n, scl in enumerate((1, 3)):
        first = n if live else n * 32
        pmu(sys_dir, f"platform/HISI0222:{n:02x}", f"hisi_scl{scl}_mn0", 1 if live else 190 + n,
            HISI_MN_FORMATS, hisi_events(HISI_MN_EVENTS, live), f"{first}\n",
            {"identifier": "0x00000010\n"})
        for sub in range(2):
            k = n * 2 + sub
            pmu(sys_dir, f"platform/HISI04E0:{k:02x}", f"hisi_scl{scl}_noc0_{sub}", 1 if live else 192 + k,
                HISI_NOC_FORMATS, hisi_events(HISI_NOC_EVENTS, live), f"{first}\n",
                {"identifier": "0x00000010\n"})


def hisi_links(sys_dir, live=False):
    """The Hip09 tree's links between dies: an SLLC a SCCL, and a PA and a CPA a SICL (0 and 2,
    the HNS3 and PCIe SICLs), index 0, their counts made up; each below its ACPI device
    (HISI0263, HISI0273, HISI0281; pmu.parent), identifier HISI_PMU_V2. cpumask: the SCCL's first CPU; a PA, on
    an I/O die, has no CPU of its own (hisi_pmu_cpu_is_associated_pmu): the first online."""
    for n, sccl in enumerate((1, 3, 5, 7)):
        pmu(sys_dir, f"platform/HISI0263:{n:02x}", f"hisi_sccl{sccl}_sllc0",
            1 if live else 180 + n, HISI_SLLC_FORMATS, hisi_events(HISI_SLLC_EVENTS, live),
            f"{n // 2 if live else n * 32}\n", {"identifier": "0x00000030\n"})
    for n, sicl in enumerate((0, 2)):
        pmu(sys_dir, f"platform/HISI0273:{n:02x}", f"hisi_sicl{sicl}_pa0",
            1 if live else 190 + n, HISI_PA_FORMATS, hisi_events(HISI_PA_EVENTS, live), "0\n",
            {"identifier": "0x00000030\n"})
        pmu(sys_dir, f"platform/HISI0281:{n:02x}", f"hisi_sicl{sicl}_cpa0",
            1 if live else 195 + n, HISI_CPA_FORMATS, hisi_events(HISI_CPA_EVENTS, live), "0\n",
            {"identifier": "0x00000030\n"})


def hip08(sys_dir, live=False):
    """A two-socket Kunpeng 920 (Hip08, PMU v1) as a v5.10 kernel writes it (Debian 11,
    openEuler 22.03 LTS): every PMU in /sys/devices (no pmu.parent), no identifier files (they
    came with v5.13), its ACPI devices (HISI0233 DDRC, HISI0243 HHA, HISI0213 L3C) beside.
    hisi-pmu.rst's topology: a SCCL (CPU die) of 6 CCLs of 4 CPUs, two HHAs and four DDRCs;
    two SCCLs a socket, ids 1, 3, 5, 7 made up in the document's pattern (hisi_sccl1_hha0,
    hisi_sccl3_l3c0), the L3C index its ACPI _UID (v5.10), 0-5. cpumask: the SCCL's first
    CPU, an L3C's its CCL's. live: the software PMU on CPU 0 or 1, every event cpu-clock."""
    cpu_files(sys_dir, "0-1" if live else "0-95")
    topology(sys_dir, 2, 1 if live else 48)
    platform = 0
    for n, sccl in enumerate((1, 3, 5, 7)):
        first = n // 2 if live else n * 24
        units = [(f"ddrc{i}", "HISI0233", {"event": "config:0-4"}, HISI_DDRC_V1_EVENTS, first)
                 for i in range(4)]
        units += [(f"hha{i}", "HISI0243", HISI_V1_FORMATS, HISI_HHA_V1_EVENTS, first)
                  for i in range(2)]
        units += [(f"l3c{i}", "HISI0213", HISI_V1_FORMATS, HISI_L3C_V1_EVENTS,
                   first if live else first + 4 * i) for i in range(6)]
        for unit, hid, formats, events, cpu in units:
            write(f"{sys_dir}/devices/platform/{hid}:{platform:02x}/uevent", "")
            pmu(sys_dir, None, f"hisi_sccl{sccl}_{unit}", 1 if live else 100 + platform, formats,
                hisi_events(events, live), f"{cpu}\n")
            platform += 1


# ---------------------------------- Arm DMC-620 (drivers/perf/arm_dmc620_pmu.c at 254a1420071)
# the format strings of GEN_PMU_FORMAT_ATTR and the events of dmc620_pmu_events_attrs, in order
DMC620_FORMATS = {"mask": "config:0-44", "match": "config1:0-44", "invert": "config2:0",
                  "incr": "config2:1-2", "event": "config2:3-8", "clkdiv2": "config2:9"}
DMC620_CLKDIV2 = ["cycle_count", "allocate", "queue_depth", "waiting_for_wr_data", "read_backlog",
                  "waiting_for_mi", "hazard_resolution", "enqueue", "arbitrate",
                  "lrank_turnaround_activate", "prank_turnaround_activate", "read_depth",
                  "write_depth", "highigh_qos_depth", "high_qos_depth", "medium_qos_depth",
                  "low_qos_depth", "activate", "rdwr", "refresh", "training_request",
                  "t_mac_tracker", "bk_fsm_tracker", "bk_open_tracker", "ranks_in_pwr_down",
                  "ranks_in_sref"]
DMC620_CLK = ["cycle_count", "request", "upload_stall"]


# ------------------------------------------- Arm CMN-600 (drivers/perf/arm-cmn.c at 00df90934c9e)
# the format strings of arm_cmn_format_show ("config:%d" for one bit, "config%d:%d-%d" past config)
CMN_FORMATS = {"type": "config:0-15", "eventid": "config:16-26", "occupid": "config:27-30",
               "bynodeid": "config:31", "nodeid": "config:32-47", "wp_dev_sel": "config:48-50",
               "wp_chn_sel": "config:51-55", "wp_grp": "config:56", "wp_exclusive": "config:57",
               "wp_combine": "config:27-30", "wp_val": "config1:0-63", "wp_mask": "config2:0-63"}
# arm_cmn_event_attrs that a CMN-600 r3p1 shows (model CMN600 or CMN_ANY) for the node types
# an Ampere Altra mesh has: DTC, DVM, HN-F, HN-I, XP, SBSX, RN-I (RN-D counts as RN-I), CXRA,
# CXHA; none of HN-P, MTSX, CCRA, CCHA, CCLA (arm_cmn_event_attr_is_visible hides them)
CMN600_DVM = [("rxreq_dvmop", 1), ("rxreq_dvmsync", 2), ("rxreq_dvmop_vmid_filtered", 3),
              ("rxreq_retried", 4)]
CMN600_HNF = ["cache_miss", "slc_sf_cache_access", "cache_fill", "pocq_retry", "pocq_reqs_recvd",
              "sf_hit", "sf_evictions", "dir_snoops_sent", "brd_snoops_sent", "slc_eviction",
              "slc_fill_invalid_way", "mc_retries", "mc_reqs", "qos_hh_retry", None,
              "pocq_addrhaz", "pocq_atomic_addrhaz", "ld_st_swp_adq_full", "cmp_adq_full",
              "txdat_stall", "txrsp_stall", "seq_full", "seq_hit", "snp_sent",
              "sfbi_dir_snp_sent", "sfbi_brd_snp_sent", "snp_sent_untrk", "intv_dirty",
              "stash_snp_sent", "stash_data_pull", "snp_fwded"]
CMN600_HNI = ["rrt_rd_occ_cnt_ovfl", "rrt_wr_occ_cnt_ovfl", "rdt_rd_occ_cnt_ovfl",
              "rdt_wr_occ_cnt_ovfl", "wdb_occ_cnt_ovfl", "rrt_rd_alloc", "rrt_wr_alloc",
              "rdt_rd_alloc", "rdt_wr_alloc", "wdb_alloc", "txrsp_retryack", "arvalid_no_arready",
              "arready_no_arvalid", "awvalid_no_awready", "awready_no_awvalid", "wvalid_no_wready",
              "txdat_stall", "nonpcie_serialization", "pcie_serialization"]
CMN600_SBSX = [("rd_req", 1), ("wr_req", 2), ("cmo_req", 3), ("txrsp_retryack", 4),
               ("txdat_flitv", 5), ("txrsp_flitv", 6), ("rd_req_trkr_occ_cnt_ovfl", 0x11),
               ("wr_req_trkr_occ_cnt_ovfl", 0x12), ("cmo_req_trkr_occ_cnt_ovfl", 0x13),
               ("wdb_occ_cnt_ovfl", 0x14), ("rd_axi_trkr_occ_cnt_ovfl", 0x15),
               ("cmo_axi_trkr_occ_cnt_ovfl", 0x16), ("arvalid_no_arready", 0x21),
               ("awvalid_no_awready", 0x22), ("wvalid_no_wready", 0x23), ("txdat_stall", 0x24),
               ("txrsp_stall", 0x25)]
CMN600_RNID = ["s0_rdata_beats", "s1_rdata_beats", "s2_rdata_beats", "rxdat_flits", "txdat_flits",
               "txreq_flits_total", "txreq_flits_retried", "rrt_occ_ovfl", "wrt_occ_ovfl",
               "txreq_flits_replayed", "wrcancel_sent", "s0_wdata_beats", "s1_wdata_beats",
               "s2_wdata_beats", "rrt_alloc", "wrt_alloc", "rdb_unord", "rdb_replay", "rdb_hybrid",
               "rdb_ord"]
CMN600_CXRA = ["rht_occ", "sht_occ", "rdb_occ", "wdb_occ", "ssb_occ", "snp_bcasts", "req_chains",
               "req_chain_avglen", "chirsp_stalls", "chidat_stalls", "cxreq_pcrd_stalls_link0",
               "cxreq_pcrd_stalls_link1", "cxreq_pcrd_stalls_link2", "cxdat_pcrd_stalls_link0",
               "cxdat_pcrd_stalls_link1", "cxdat_pcrd_stalls_link2", "external_chirsp_stalls",
               "external_chidat_stalls"]
CMN600_CXHA = ["rddatbyp", "chirsp_up_stall", "chidat_up_stall", "snppcrd_link0_stall",
               "snppcrd_link1_stall", "snppcrd_link2_stall", "reqtrk_occ", "rdb_occ", "rdbyp_occ",
               "wdb_occ", "snptrk_occ", "sdb_occ", "snphaz_occ"]


# what a CMN-700 r2p0 adds (models NOT_CMN600, CMN_650ON, CMN700; none hidden at r2p0)
CMN700_DVM = [("dvmop_tlbi", 1), ("dvmop_bpi", 2), ("dvmop_pici", 3), ("dvmop_vici", 4),
              ("dvmsync", 5), ("vmid_filtered", 6), ("rndop_filtered", 7), ("retry", 8),
              ("txsnp_flitv", 9), ("txsnp_stall", 0xa), ("trkfull", 0xb), ("trk_alloc", 0xf),
              ("trk_cxha_alloc", 0x10), ("trk_pdn_alloc", 0x11), ("txsnp_stall_limit", 0x12),
              ("rxsnp_stall_starv", 0x13), ("txsnp_sync_stall_op", 0x14)]
CMN700_HNF = [("atomic_fwd", 0x20), ("mpam_hardlim", 0x21), ("mpam_softlim", 0x22),
              ("snp_sent_cluster", 0x23), ("sf_imprecise_evict", 0x24),
              ("sf_evict_shared_line", 0x25), ("sf_precise_to_imprecise", 0x2c),
              ("snp_intv_cln", 0x2d), ("nc_excl", 0x2e), ("excl_mon_ovfl", 0x2f)]
CMN700_HNP = [("rrt_wr_occ_cnt_ovfl", 1), ("rdt_wr_occ_cnt_ovfl", 2), ("wdb_occ_cnt_ovfl", 3),
              ("rrt_wr_alloc", 4), ("rdt_wr_alloc", 5), ("wdb_alloc", 6), ("awvalid_no_awready", 7),
              ("awready_no_awvalid", 8), ("wvalid_no_wready", 9), ("rrt_rd_occ_cnt_ovfl", 0x11),
              ("rdt_rd_occ_cnt_ovfl", 0x12), ("rrt_rd_alloc", 0x13), ("rdt_rd_alloc", 0x14),
              ("arvalid_no_arready", 0x15), ("arready_no_arvalid", 0x16)]
CMN700_RNID = ["padb_occ_ovfl", "rpdb_occ_ovfl", "rrt_occup_ovfl_slice1", "rrt_occup_ovfl_slice2",
               "rrt_occup_ovfl_slice3", "wrt_throttled", "ldb_full", "rrt_rd_req_occup_ovfl_slice0",
               "rrt_rd_req_occup_ovfl_slice1", "rrt_rd_req_occup_ovfl_slice2",
               "rrt_rd_req_occup_ovfl_slice3", "rrt_burst_occup_ovfl_slice0",
               "rrt_burst_occup_ovfl_slice1", "rrt_burst_occup_ovfl_slice2",
               "rrt_burst_occup_ovfl_slice3", "rrt_burst_alloc", "awid_hash", "atomic_alloc",
               "atomic_occ_ovfl"]


def cmn_events(cmn700=False):
    """arm_cmn_event_show's lines for a CMN-600 r3p1 on an Altra (DTC, DVM, HN-F, HN-I, XP, SBSX,
    RN-I, CXRA, CXHA) or a CMN-700 r2p0 on a Graviton-like chip (DTC, DVM, HN-F, HN-I and HN-P,
    XP, SBSX, RN-I): "type=0x%x" (DTC), the watchpoints' "?" terms, occupid= for an event with
    a filter select, "type=0x%x,eventid=0x%x" else"""
    ev = {"dtc_cycles": "type=0x3"}

    def add(prefix, t, pairs):
        for name, code in pairs:
            ev[prefix + name] = "type=0x%x,eventid=0x%x" % (t, code)

    def occ(prefix, t, code, names):
        for o, n in enumerate(names):
            ev[prefix + n] = "type=0x%x,eventid=0x%x,occupid=0x%x" % (t, code, o)
    if cmn700:
        add("dn_", 0x1, CMN700_DVM)
        for code, n in ((0xc, "trk_occupancy"), (0xd, "trk_occupancy_cxha"), (0xe, "trk_occupancy_pdn")):
            occ(f"dn_{n}_", 0x1, code, ("all", "dvmop", "dvmsync"))
    else:
        add("dn_", 0x1, CMN600_DVM)
        occ("dn_rxreq_trk_occupancy_", 0x1, 0x5, ("all", "dvmop", "dvmsync"))
    add("hnf_", 0x5, [(n, i + 1) for i, n in enumerate(CMN600_HNF) if n])
    occ("hnf_qos_pocq_occupancy_", 0x5, 0xf, ("all", "read", "write", "atomic", "stash"))
    if cmn700:
        add("hnf_", 0x5, CMN700_HNF)
        for code, n in ((0x26, "pocq_class_occup"), (0x27, "pocq_class_retry"),
                        (0x28, "class_mc_reqs"), (0x29, "class_cgnt_cmin")):
            occ(f"hnf_{n}_", 0x5, code, ("class0", "class1", "class2", "class3"))
        for code, n in ((0x2a, "sn_throttle"), (0x2b, "sn_throttle_min")):
            occ(f"hnf_{n}_", 0x5, code, ("all", "group0_read", "group0_write", "group1_read",
                                          "group1_write", "read", "write"))
    add("hni_", 0x4, [(n, 0x20 + i) for i, n in enumerate(CMN600_HNI)])
    if cmn700:
        add("hnp_", 0x11, CMN700_HNP)
    # CMN_EVENT_XP: channels req, rsp, snp, dat, and pub past the CMN-600 (the second VCs
    # hidden with one VC each); interfaces e, w, n, s and the ports it uses, p0 and p1
    chans = ("req", "rsp", "snp", "dat", "pub") if cmn700 else ("req", "rsp", "snp", "dat")
    for name, code in (("txflit_valid", 1), ("txflit_stall", 2)):
        for c, chan in enumerate(chans):
            for i, intf in enumerate(("e", "w", "n", "s", "p0", "p1")):
                ev[f"mxp_{intf}_{chan}_{name}"] = "type=0x6,eventid=0x%x" % (code | c << 5 | i << 2)
    for i, intf in enumerate(("p0", "p1")):
        ev[f"mxp_{intf}_dat_partial_dat_flit"] = "type=0x6,eventid=0x%x" % (3 | 3 << 5 | (4 + i) << 2)
    for name, code in (("watchpoint_up", 0), ("watchpoint_down", 2)):
        ev[name] = "type=0x7770,eventid=0x%x,wp_dev_sel=?,wp_chn_sel=?,wp_grp=?,wp_val=?,wp_mask=?" % code
    add("sbsx_", 0x7, CMN600_SBSX + ([("rdb_occ_cnt_ovfl", 0x17)] if cmn700 else []))
    add("rnid_", 0xa, [(n, i + 1) for i, n in enumerate(CMN600_RNID[:16])])
    if cmn700:
        add("rnid_", 0xa, [(n, 0x11 + i) for i, n in enumerate(CMN700_RNID)])
    else:
        add("rnid_", 0xa, [(n, 0x11 + i) for i, n in enumerate(CMN600_RNID[16:])])
        add("cxra_", 0x100, [(n, i + 1) for i, n in enumerate(CMN600_CXRA)])
        add("cxha_", 0x101, [(n, 0x21 + i) for i, n in enumerate(CMN600_CXHA)])
    return ev


def live_events(events):
    """The same names, each the software PMU's cpu-clock (type 0, eventid 0)"""
    return {k: re.sub(r"type=0x[0-9a-f]+", "type=0x0", re.sub(r"eventid=0x[0-9a-f]+", "eventid=0x0", v))
            for k, v in events.items()}


# arm_cmn_device_type(): each port's device type, as the map prints it (8 characters)
CMN_DEVICE_TYPES = {"": "        ", "RN-I": "  RN-I  ", "RN-D": "  RN-D  ", "RN-F_B": " RN-F_B ",
                    "RN-F_D": " RN-F_D ", "HN-I": "  HN-I  ", "HN-D": "  HN-D  ", "HN-P": "  HN-P  ",
                    "SN-F": "  SN-F  ", "SBSX": "  SBSX  ", "HN-F": "  HN-F  ", "CXHA": "  CXHA  ",
                    "CXRA": "  CXRA  "}


def cmn_map(cols, rows, ports):
    """arm_cmn_map_show() (torvalds/linux 00df90934c9e) of a mesh cols x rows, ports {(x, y, port):
    (device type, [logid of device 0, of device 1])}: its debugfs file arm-cmn/map"""
    out = "     X" + "".join("    %d    " % x for x in range(cols)) + "\nY P D+"
    pmax = 1 + max(p for _, _, p in ports)
    for y in reversed(range(rows)):
        out += "--------+" * cols + "\n%d    |" % y
        out += "".join(" XP #%-2d |" % (cols * y + x) for x in range(cols))
        out += "\n     |" + " DTC 0  |" * cols + "\n     |" + "........|" * cols
        for p in range(pmax):
            out += "\n  %d  |" % p + "".join(CMN_DEVICE_TYPES[ports.get((x, y, p), ("", []))[0]] + "|"
                                           for x in range(cols))
            for d in range(2):
                out += "\n    %d|" % d
                for x in range(cols):
                    ids = ports.get((x, y, p), ("", []))[1]
                    out += "   #%-2d  |" % ids[d] if d < len(ids) and ids[d] != "" else "        |"
        out += "\n-----+"
    return out + "--------+" * cols + "\n"


def cmn_map_per_xp(cols, rows, ports):
    """arm_cmn_map_show() since e79634b53e39 (v6.11; at torvalds/linux v6.18): node ids decoded
    per crosspoint (2 port bits and 1 device bit on one with a device past port 1, else 1 and 2;
    fls((x - 1) | (y - 1)) XY bits), and each cell the node whose id is the crosspoint's | dev |
    port << device bits (arm_cmn_show_logid): on a port with no device, another id's node"""
    bits = ((cols - 1) | (rows - 1)).bit_length()
    wide = {(x, y): any(t and p > 1 for (a, b, p), (t, _) in ports.items() if (a, b) == (x, y))
            for x in range(cols) for y in range(rows)}

    def devbits(x, y):
        return 2 if cols * rows == 1 or not wide[(x, y)] else 1

    def xp_id(x, y):
        return 0 if cols * rows == 1 else ((x << bits) | y) << 3

    logid = {xp_id(x, y) | d | p << devbits(x, y): ids[d]
             for (x, y, p), (t, ids) in ports.items() for d in range(len(ids))}
    shown = {}
    pmax = 1 + max(p for _, _, p in ports)
    for x in range(cols):
        for y in range(rows):
            for p in range(pmax):
                t = ports.get((x, y, p), ("", []))[0]
                ids = [logid.get(xp_id(x, y) | d | p << devbits(x, y)) for d in range(2)]
                shown[(x, y, p)] = (t, [i if i is not None else "" for i in ids])
    return cmn_map(cols, rows, shown)


def cmn_mixed_ports():
    """A made-up 3 x 3 mesh whose crosspoints differ: (0, 0) and (1, 1) with devices on ports 2
    and 3, the others on 0 and 1 only (CMN-700 meshes mix them; torvalds/linux e79634b53e39)"""
    ports = {(0, 0, 0): ("HN-D", [0]), (0, 0, 1): ("RN-I", [0]), (0, 0, 2): ("RN-I", [1]),
             (0, 0, 3): ("SBSX", [0]), (1, 1, 0): ("HN-F", [0]), (1, 1, 1): ("RN-F_D", []),
             (1, 1, 2): ("HN-F", [1]), (1, 1, 3): ("HN-F", [2])}
    for n, (x, y) in enumerate(((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2))):
        ports[(x, y, 0)] = ("HN-F", [3 + n])
        ports[(x, y, 1)] = ("RN-I", [2 + n])
    return ports


def cmn_mesh_ports(cmn700=False):
    """A made-up 4 x 4 mesh (the kernel shows a real one only in debugfs; no public file gives
    Altra's or Graviton's): an HN-D (its HN-I, DVM and DTC) at the origin, eight HN-Fs in columns
    1 and 2 (nodeids 0x20-0x38, 0x40-0x58), RN-Is (one at nodeid 0x10) and an SBSX in column 0,
    CPUs (RN-F) and memory (SN-F) beside; CCIX (CMN-600) or an HN-P (CMN-700) in column 3"""
    ports = {(0, 0, 0): ("HN-D", [0]), (0, 0, 1): ("RN-I", [0]), (0, 1, 0): ("SBSX", [0]),
             (0, 2, 0): ("RN-I", [1]), (0, 3, 0): ("RN-D", [2]), (3, 0, 0): ("SN-F", []),
             (3, 1, 0): ("SN-F", [])}
    for n in range(8):
        ports[(1 + n // 4, n % 4, 0)] = ("HN-F", [n])
        ports[(1 + n // 4, n % 4, 1)] = ("RN-F_D" if cmn700 else "RN-F_B", [])
    if cmn700:
        ports[(3, 3, 0)] = ("HN-P", [0])
    else:
        ports[(3, 2, 0)] = ("CXRA", [0])
        ports[(3, 3, 0)] = ("CXHA", [0])
    return ports


def cmn600(sys_dir, live=False):
    """A CMN-600 r3p1 mesh a socket (identifier "%03x%02x": 0x434, REV_CMN600_R3P1 = 6), each
    PMU in /sys/devices as this driver registers it (no pmu.parent), its ACPI device ARMHC600
    beside; cpumask the first CPU of the mesh's node (cpumask_local_spread). live: the software
    PMU, every event cpu-clock (type 0)."""
    events = live_events(cmn_events()) if live else cmn_events()
    for s in range(2):
        write(f"{sys_dir}/devices/platform/ARMHC600:{s:02x}/uevent", "")
        pmu(sys_dir, None, f"arm_cmn_{s}", 1 if live else 110 + s, CMN_FORMATS, events,
            f"{s}\n" if live else f"{80 * s}\n", {"identifier": "43406\n"})
        # arm_cmn_debugfs_init(): "map" for the first mesh, "map_%d" after
        write(f"{sys_dir}/kernel/debug/arm-cmn/map" + (f"_{s}" if s else ""), cmn_map(4, 4, cmn_mesh_ports()))


def altra(sys_dir, live=False):
    """An Ampere Altra: 2 sockets x 80 CPUs, 8 DDR channels each with its DMC-620 PMU under its
    ACPI platform device (pmu.parent). The driver names a PMU by its register base >> 12; the
    first is the driver patch's example (arm_dmc620_10008c000), the others are made up in its
    pattern: the firmware chooses them. cpumask is irq->cpu, the CPU that probed, CPU 0 for all.
    live: every PMU the software PMU (type 1) on CPU 0, where each event counts cpu-clock (event
    0; the software PMU takes no notice of config2's clkdiv2 bit)."""
    cpu_files(sys_dir, "0-1" if live else "0-159")
    events = {f"clkdiv2_{n}": "event=0x%x,clkdiv2=0x1" % (0 if live else i) for i, n in enumerate(DMC620_CLKDIV2)}
    events.update({f"clk_{n}": "event=0x%x,clkdiv2=0x0" % (0 if live else i) for i, n in enumerate(DMC620_CLK)})
    for s in range(2):
        for ch in range(8):
            n = s * 8 + ch
            pa = 0x100000000000 + s * 0x400000000000 + 0x8c000000 + ch * 0x10000000
            pmu(sys_dir, f"platform/ARMHD620:{n:02x}", "arm_dmc620_%x" % (pa >> 12),
                1 if live else 90 + n, DMC620_FORMATS, events, "0\n")
    cmn600(sys_dir, live)


# ------------------------ AmpereOne MCU (drivers/perf/arm_cspmu/ampere_cspmu.c at 53a810ad3c5c)
# ampereone_mcu_pmu_event_attrs in order (codes 0x2e-0x31 unnamed), then arm_cspmu's cycles;
# arm_cspmu_sysfs_event_show prints "event=0x%llx"
AMPERE_MCU_EVENTS = ["cycle_count", "act_sent", "pre_sent", "rd_sent", "rda_sent", "wr_sent",
                     "wra_sent", "pd_entry_vld", "sref_entry_vld", "prea_sent", "pre_sb_sent",
                     "ref_sent", "rfm_sent", "ref_sb_sent", "rfm_sb_sent", "rd_rda_sent",
                     "wr_wra_sent", "raw_hazard", "war_hazard", "waw_hazard", "rar_hazard",
                     "raw_war_waw_hazard", "hprd_lprd_wr_req_vld", "lprd_req_vld", "hprd_req_vld",
                     "hprd_lprd_req_vld", "prefetch_tgt", "wr_req_vld", "partial_wr_req_vld",
                     "rd_retry", "wr_retry", "retry_gnt", "rank_change", "dir_change",
                     "rank_dir_change", "rank_active", "rank_idle", "rank_pd", "rank_sref",
                     "queue_fill_gt_thresh", "queue_rds_gt_thresh", "queue_wrs_gt_thresh",
                     "phy_updt_complt", "tz_fail", "dram_errc", "dram_errd"]
AMPERE_MCU_EVENTS_2 = ["read_data_return", "chi_wr_data_delta", "zq_start", "zq_latch",
                       "wr_fifo_full", "info_fifo_full", "cmd_fifo_full", "dfi_nop", "dfi_cmd",
                       "rd_run_len", "wr_run_len"]
AMPERE_MCU_FORMATS = {"event": "config:0-32", "threshold": "config1:0-7", "rank": "config1:8-23",
                      "bank": "config1:24-55"}


def topology(sys_dir, sockets, per_socket):
    """A NUMA node a socket, as pcigen writes a PCI machine's (each CPU's physical_package_id)"""
    nodes = {s: (s * per_socket, (s + 1) * per_socket - 1, s) for s in range(sockets)}
    pcigen.write_numa(types.SimpleNamespace(nodes=nodes), sys_dir)


def ampereone(sys_dir, live=False):
    """A two-socket AmpereOne (2 x 96 CPUs), 8 DDR5 controllers a socket, each an MCU PMU on its
    arm-cs-arch-pmu platform device (pmu.parent, as the Grace tree's). Names number in probe
    order (an IDA); cpumask is the socket's first CPU, associated_cpus the socket's. The
    identifier is PMIIDR ("%x", as the Grace tree has it): implementer 0xa16 (ARM_CSPMU_IMPL_ID_AMPERE), the rest made
    up. live: the software PMU on CPU 0 or 1, every event cpu-clock."""
    cpu_files(sys_dir, "0-1" if live else "0-191")
    topology(sys_dir, 2, 1 if live else 96)
    codes = list(enumerate(AMPERE_MCU_EVENTS)) + list(enumerate(AMPERE_MCU_EVENTS_2, 0x32))
    events = {n: "event=0x%x" % (0 if live else c) for c, n in codes}
    events["cycles"] = "event=0x%x" % (0 if live else 1 << 32)
    for s in range(2):
        mask, assoc = (f"{s}\n", f"{s}\n") if live else (f"{96 * s}\n", f"{96 * s}-{96 * s + 95}\n")
        for ch in range(8):
            n = s * 8 + ch
            pmu(sys_dir, f"platform/arm-cs-arch-pmu.{n}.auto", f"ampere_mcu_pmu_{n}",
                1 if live else 120 + n, AMPERE_MCU_FORMATS, events, mask,
                {"identifier": "100a16\n"}, assoc)


def graviton(sys_dir, live=False):
    """A Graviton-like chip: one socket of 64 CPUs and one CMN-700 r2p0 mesh (identifier 0x43c,
    REV_CMN700_R2P0), its ACPI device ARMHC700 beside; cpumask CPU 0."""
    cpu_files(sys_dir, "0-1" if live else "0-63")
    topology(sys_dir, 1, 2 if live else 64)
    events = cmn_events(cmn700=True)
    write(f"{sys_dir}/devices/platform/ARMHC700:00/uevent", "")
    pmu(sys_dir, None, "arm_cmn_0", 1 if live else 110, CMN_FORMATS,
        live_events(events) if live else events, "0\n", {"identifier": "43c02\n"})
    write(f"{sys_dir}/kernel/debug/arm-cmn/map", cmn_map(4, 4, cmn_mesh_ports(cmn700=True)))


# ------------------------------ Intel Xeon uncore (arch/x86/events/intel/uncore_snbep.c, 0378c93a92e2)
# Ice Lake-SP's and Sapphire Rapids' IIO format (snr_uncore_iio_formats_attr), the IMC's
# (skx_uncore_formats_attr) and the free-running PMUs' (skx_uncore_iio_freerunning_formats_attr)
XEON_IIO_FORMATS = {"event": "config:0-7", "umask": "config:8-15", "edge": "config:18", "inv": "config:23",
                    "thresh": "config:24-35", "ch_mask": "config:36-47", "fc_mask": "config:48-50"}
XEON_IMC_FORMATS = {"event": "config:0-7", "umask": "config:8-15", "edge": "config:18", "inv": "config:23",
                    "thresh": "config:24-31"}
FREERUNNING_FORMATS = {"event": "config:0-7", "umask": "config:8-15"}
MIB_4B, MIB_64B = "3.814697266e-6", "6.103515625e-5"


def intel_events(real, events):
    """uncore_event_show(): sprintf("%s", config), no newline; .scale and .unit beside"""
    for name, (value, scale) in events.items():
        write(f"{real}/events/{name}", value)
        if scale:
            write(f"{real}/events/{name}.scale", scale)
            write(f"{real}/events/{name}.unit", "MiB")


def intel_pmu(sys_dir, name, type_, formats, events, cpumask, extra=None):
    pmu(sys_dir, None, name, type_, formats, {}, cpumask, extra)
    intel_events(f"{sys_dir}/devices/{name}", events)


def iio_freerunning_events(out_ports):
    ev = {"ioclk": ("event=0xff,umask=0x10", None)}
    for p in range(8):
        ev[f"bw_in_port{p}"] = ("event=0xff,umask=0x%x" % (0x20 + p), MIB_4B)
    for p in range(8 if out_ports else 0):
        ev[f"bw_out_port{p}"] = ("event=0xff,umask=0x%x" % (0x30 + p), MIB_4B)
    return ev


IMC_EVENTS = {"clockticks": ("event=0x00,umask=0x00", None), "cas_count_read": ("event=0x04,umask=0x03", MIB_64B),
              "cas_count_write": ("event=0x04,umask=0x0c", MIB_64B)}
IMC_FREERUNNING = {"dclk": ("event=0xff,umask=0x10", None), "read": ("event=0xff,umask=0x20", MIB_64B),
                   "write": ("event=0xff,umask=0x21", MIB_64B), "ddrt_read": ("event=0xff,umask=0x30", MIB_64B),
                   "ddrt_write": ("event=0xff,umask=0x31", MIB_64B)}


# The live copy only: ch_mask and fc_mask in config1, which the software PMU ignores, so that a
# port's ch_mask opens cpu-clock as the stack's does (the driver's are config:36-50)
XEON_IIO_LIVE_FORMATS = {**XEON_IIO_FORMATS, "ch_mask": "config1:36-47", "fc_mask": "config1:48-50"}
# The live copy only: the driver names no IIO event; perf iostat's four, as files of cpu-clock, count
IIO_LIVE = {f"iostat_{d}_{rw}": ("event=0x0,umask=0x0", None) for d in ("inbound", "outbound") for rw in ("read", "write")}


def live_intel(events):
    """The live copy: every event the software PMU's cpu-clock (config 0), scale and unit kept"""
    return {k: ("event=0x0,umask=0x0", s) for k, (v, s) in events.items()}


def xeon(root, m, stacks, spr=False, live=False):
    """A two-socket Xeon, 32 CPUs a socket: uncore PMUs are one per box for the whole machine,
    counting on one CPU a die (cpumask "0,32", perf's %*pbl). Ice Lake-SP writes each IIO
    PMU's dieN file, "%04x:%02x\n" (pmu_iio_mapping_show), hiding a stack on root bus 0 but the
    DMI stack's (pmu_iio_mapping_visible, zero_bus_pmu 5): PCIE5 (PMU 4) has none there. The
    driver writes no mapping on Sapphire Rapids (spr_uncore_iio has no set_mapping); its PMUs
    come from the discovery table, each with an alias file (uncore_alias_groups)."""
    sys_dir = f"{root}/sys"
    pcigen.write_all(pcigen.live(m) if live else m, root)
    cpu_files(sys_dir, "0-1" if live else "0-63")
    x86_modalias(sys_dir, 0, 6, 0x8F if spr else 0x6A)   # INTEL_SAPPHIRERAPIDS_X, INTEL_ICELAKE_X
    mask = "0-1\n" if live else "0,32\n"
    t = iter(range(30, 1000))
    typ = (lambda: 1) if live else (lambda: next(t))
    nboxes = 12 if spr else 6
    buses = {(s, k): b for s, k, b in stacks}
    for n in range(nboxes):
        extra = {"alias": f"uncore_type_1_{n}\n"} if spr else {}
        for die in range(2):
            if not spr and (die, n) in buses:
                extra[f"die{die}"] = "%04x:%02x\n" % (0, buses[(die, n)])
        intel_pmu(sys_dir, f"uncore_iio_{n}", typ(), XEON_IIO_LIVE_FORMATS if live else XEON_IIO_FORMATS,
                  IIO_LIVE if live else {}, mask, extra)
        ev = iio_freerunning_events(spr)
        intel_pmu(sys_dir, f"uncore_iio_free_running_{n}", typ(), FREERUNNING_FORMATS,
                  live_intel(ev) if live else ev, mask, {"alias": f"uncore_type_{8 if spr else 1}_{n}\n"} if spr else None)
    for n in range(8):
        intel_pmu(sys_dir, f"uncore_imc_{n}", typ(), XEON_IMC_FORMATS,
                  live_intel(IMC_EVENTS) if live else IMC_EVENTS, mask,
                  {"alias": f"uncore_type_6_{n}\n"} if spr else None)
    for n in range(0 if spr else 4):
        intel_pmu(sys_dir, f"uncore_imc_free_running_{n}", typ(), FREERUNNING_FORMATS,
                  live_intel(IMC_FREERUNNING) if live else IMC_FREERUNNING, mask)
    intel_pmu(sys_dir, "msr", 1 if live else 29, {"event": "config:0-63"},
              {"tsc": ("event=0x00", None), "aperf": ("event=0x01", None)}, "")


# ------------------------------------------------- AMD Genoa (arch/x86/events/amd/uncore.c, v6.8 on)
# PerfMonV2 DF formats (event14v2, umask12); the UMC's (event8, rdwrmask): no events/ files
AMD_DF_FORMATS = {"event": "config:0-7,32-37", "umask": "config:8-15,24-27"}
AMD_UMC_FORMATS = {"event": "config:0-7", "rdwrmask": "config:8-9"}


def genoa(root, live=False):
    """A two-socket Genoa, 32 CPUs a socket, 12 UMCs a socket: amd_df counts on one CPU a
    socket ("0,32"); amd_umc_N, numbered across the sockets, on its socket's first CPU. The
    live copy names perf's umc_cas_cmd events as files of cpu-clock (config 0)"""
    sys_dir = f"{root}/sys"
    m = pcigen.genoa()
    pcigen.write_all(pcigen.live(m) if live else m, root)
    cpu_files(sys_dir, "0-1" if live else "0-63")
    x86_modalias(sys_dir, 2, 0x19, 0x11)   # Genoa: family 19h, model 11h (perf's amdzen4)
    pmu(sys_dir, None, "amd_df", 1 if live else 11, AMD_DF_FORMATS, {}, "0-1\n" if live else "0,32\n")
    pmu(sys_dir, None, "amd_l3", 12, {"event": "config:0-7", "umask": "config:8-15"}, {}, "0,8,16,24,32,40,48,56\n")
    live_ev = {"umc_cas_cmd.rd": "event=0x0", "umc_cas_cmd.wr": "event=0x0"}
    for n in range(24):
        s = n // 12
        pmu(sys_dir, None, f"amd_umc_{n}", 1 if live else 13 + n, AMD_UMC_FORMATS, live_ev if live else {},
            f"{s}\n" if live else f"{32 * s}\n")


# ------------------------------------------------- BlueField-2 (bluefield-event-lists.md, 4.x)
def bf_tables(text):
    tables = {}
    for m in re.finditer(r"#### (mlxbf_pmc_\w+)[^\n]*\n\n```\n(.*?)```", text, re.S):
        tables[m.group(1)] = m.group(2)
    return tables


def bluefield2(sys_dir, tables):
    cpu_files(sys_dir, "0-7")
    real = f"{sys_dir}/devices/platform/MLNXBFD1:00/hwmon/hwmon0"
    write(f"{real}/name", "bfperf\n")
    write(f"{real}/uevent", "")
    write(f"{real}/power/runtime_status", "unsupported\n")
    link(f"{sys_dir}/class/hwmon/hwmon0", "../../devices/platform/MLNXBFD1:00/hwmon/hwmon0")
    counter_blocks = [("tile%d" % i, "mlxbf_pmc_hnf_events", 4) for i in range(4)]
    counter_blocks += [("tilenet%d" % i, "mlxbf_pmc_hnfnet_events", 4) for i in range(4)]
    counter_blocks += [("trio0", "mlxbf_pmc_trio_events_2", 4), ("trio1", "mlxbf_pmc_trio_events_2", 4),
                       ("triogen0", "mlxbf_pmc_smgen_events", 1), ("triogen1", "mlxbf_pmc_smgen_events", 1),
                       ("gic0", "mlxbf_pmc_smgen_events", 4), ("smmu0", "mlxbf_pmc_smgen_events", 4)]
    for blk, table, n in counter_blocks:
        lst = tables[table]
        write(f"{real}/{blk}/event_list", lst)
        first = lst.splitlines()[0]
        for i in range(n):
            write(f"{real}/{blk}/event{i}", first + "\n")
            write(f"{real}/{blk}/counter{i}", "0x0\n")
    for blk in ("l3cachehalf0", "l3cachehalf1"):
        write(f"{real}/{blk}/event_list", tables["mlxbf_pmc_l3c_events"])
        write(f"{real}/{blk}/enable", "0\n")
        for i in range(5):
            write(f"{real}/{blk}/event{i}", "0x0: DISABLE\n")
            write(f"{real}/{blk}/counter{i}", "0x0\n")
    for blk, table in (("pcie0", "mlxbf_pmc_pcie_events"), ("pcie1", "mlxbf_pmc_pcie_events"),
                       ("ecc", "mlxbf_pmc_ecc_events")):
        for line in tables[table].splitlines():
            write(f"{real}/{blk}/{line.split(': ', 1)[1]}", "0x0\n")


def bluefield3(sys_dir, tables):
    """BlueField-3 (MLNXBFD2): no tiles; llt, llt_miss and mss are CRSPACE blocks (type 2: enable,
    count_clock, eventN, 32-bit counterN), clock_measure a register block. Block names and counter
    counts come from firmware ACPI, which no source shows: 4 counters per block is assumed."""
    cpu_files(sys_dir, "0-15")
    real = f"{sys_dir}/devices/platform/MLNXBFD2:00/hwmon/hwmon0"
    write(f"{real}/name", "bfperf\n")
    write(f"{real}/uevent", "")
    write(f"{real}/power/runtime_status", "unsupported\n")
    link(f"{sys_dir}/class/hwmon/hwmon0", "../../devices/platform/MLNXBFD2:00/hwmon/hwmon0")
    crspace = [("llt%d" % i, "mlxbf_pmc_llt_events") for i in range(2)]
    crspace += [("llt_miss%d" % i, "mlxbf_pmc_llt_miss_events") for i in range(2)]
    crspace += [("mss%d" % i, "mlxbf_pmc_mss_events_3") for i in range(2)]
    for blk, table in crspace:
        lst = tables[table]
        write(f"{real}/{blk}/event_list", lst)
        write(f"{real}/{blk}/enable", "0\n")
        write(f"{real}/{blk}/count_clock", "0\n")
        first = lst.splitlines()[0]
        for i in range(4):
            write(f"{real}/{blk}/event{i}", first + "\n")
            write(f"{real}/{blk}/counter{i}", "0x0\n")
    for line in tables["mlxbf_pmc_clock_events"].splitlines():
        write(f"{real}/clock_measure/{line.split(': ', 1)[1]}", "0x0\n")


def main():
    facts = open(f"{REF}/kernel-pmu-facts.md", encoding="utf-8").read()
    hns3 = open(f"{REF}/hns3-events.md", encoding="utf-8").read()
    bf = open(f"{REF}/bluefield-event-lists.md", encoding="utf-8").read()
    for d in ("tegra410", "tegra410-live", "yitian710", "yitian710-live", "hip09", "hip09-live", "bluefield2", "bluefield3",
              "grace", "grace-live", "yitian710-dwc", "yitian710-dwc-live", "altra", "altra-live", "ampereone",
              "ampereone-live", "graviton", "graviton-live", "hip08", "hip08-live", "icx", "icx-live", "spr",
              "genoa", "genoa-live"):
        shutil.rmtree(f"{OUT}/{d}", ignore_errors=True)
    tegra410(f"{OUT}/tegra410/sys")
    tegra410(f"{OUT}/tegra410-live/sys", live=True)
    pcigen.write_all(pcigen.canonical(links=True), f"{OUT}/tegra410-live")
    pcigen.write_all(pcigen.canonical(links=True), f"{OUT}/tegra410")
    yitian710(f"{OUT}/yitian710/sys", facts)
    yitian710(f"{OUT}/yitian710-live/sys", facts, live=True)
    hip09(f"{OUT}/hip09/sys", hns3_events(hns3))
    pcigen.write_all(pcigen.hip09(), f"{OUT}/hip09")
    hip09(f"{OUT}/hip09-live/sys", hns3_events(hns3), live=True)
    ampereone(f"{OUT}/ampereone/sys")
    ampereone(f"{OUT}/ampereone-live/sys", live=True)
    graviton(f"{OUT}/graviton/sys")
    graviton(f"{OUT}/graviton-live/sys", live=True)
    pcigen.write_all(pcigen.live(pcigen.hip09()), f"{OUT}/hip09-live")
    bluefield2(f"{OUT}/bluefield2/sys", bf_tables(bf))
    bluefield3(f"{OUT}/bluefield3/sys", bf_tables(bf))
    grace(f"{OUT}/grace/sys")
    grace(f"{OUT}/grace-live/sys", live=True)
    yitian_dwc(f"{OUT}/yitian710-dwc")
    yitian_dwc(f"{OUT}/yitian710-dwc-live", live=True)
    altra(f"{OUT}/altra/sys")
    altra(f"{OUT}/altra-live/sys", live=True)
    hip08(f"{OUT}/hip08/sys")
    hip08(f"{OUT}/hip08-live/sys", live=True)
    xeon(f"{OUT}/icx", pcigen.icx(), pcigen.ICX_STACKS)
    xeon(f"{OUT}/icx-live", pcigen.icx(), pcigen.ICX_STACKS, live=True)
    xeon(f"{OUT}/spr", pcigen.spr(), pcigen.SPR_STACKS, spr=True)
    genoa(f"{OUT}/genoa")
    genoa(f"{OUT}/genoa-live", live=True)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--tegra410-sockets":
        tegra410(sys.argv[3], sockets=int(sys.argv[2]))     # bench/: a large machine
    elif len(sys.argv) > 2 and sys.argv[1] == "--tegra410-live-pairs":
        # bench/: the live example N times over, PMUs and PCI functions (29 rows a pair)
        pairs = int(sys.argv[2])
        tegra410(f"{sys.argv[3]}/sys", live=True, sockets=2 * pairs)
        pcigen.write_all(pcigen.canonical(pairs), sys.argv[3])
    elif len(sys.argv) > 3 and sys.argv[1] == "--tegra410-live-sockets":
        # tests/: the live example's PMUs on N sockets, no PCI functions
        tegra410(f"{sys.argv[3]}/sys", live=True, sockets=int(sys.argv[2]))
    elif len(sys.argv) > 2 and sys.argv[1] == "--hisi-mn-noc":
        # tests/: 6.18's MN and NoC PMUs, into a copy of the Hip09 tree (its live copy with "live")
        hisi_mn_noc(sys.argv[2], live=len(sys.argv) > 3 and sys.argv[3] == "live")
    elif len(sys.argv) > 2 and sys.argv[1] == "--cmn-mixed-map":
        # tests/: the mixed mesh's debugfs map, as the driver since e79634b53e39 or before writes it
        mixed = cmn_mixed_ports()
        sys.stdout.write(cmn_map_per_xp(3, 3, mixed) if sys.argv[2] == "per-xp" else cmn_map(3, 3, mixed))
    elif len(sys.argv) > 3 and sys.argv[1] == "--tegra410-live-fan":
        # bench/: PAIRS (default 1) pairs of sockets whose NIC ports hold switches of N 8-function NICs
        pairs = int(sys.argv[4]) if len(sys.argv) > 4 else 1
        tegra410(f"{sys.argv[3]}/sys", live=True, sockets=2 * pairs)
        pcigen.write_all(pcigen.canonical(pairs, fan=int(sys.argv[2])), sys.argv[3])
    else:
        main()
