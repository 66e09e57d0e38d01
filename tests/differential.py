#!/usr/bin/env python3
"""Differential test: perf (SYSFS_PATH=fixture perf stat -vv) against pmuctl stat --dry-run -j.

For every event string (the documents' own, then DIFF_COUNT generated ones per fixture with
seed DIFF_SEED) both must accept or both reject, and accepted strings must give the same
(type, config, config1, config2, cpu) for every event perf tries to open. The fixture is
copied with cpumasks folded onto CPUs 0/1 so that perf's opens reach every event.
Family rules are turned off (--no-rules): perf leaves those to the kernel.
Usage: tests/differential.py PMUCTL [FIXTURE...], each a name under tests/fixtures or a directory
holding sys/"""
import collections
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

PMUCTL = os.path.abspath(sys.argv[1])
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = sys.argv[2:] or ["tegra410", "yitian710", "hip09", "grace", "yitian710-dwc", "altra", "ampereone",
                            "graviton", "hip08", "icx", "spr", "genoa"]
SEED = int(os.environ.get("DIFF_SEED", "410"))
COUNT = int(os.environ.get("DIFF_COUNT", "40"))
# the x86 families are new this round: each gets its own strings, not a share of its machine's
PER_FAMILY = {"intel_iio", "intel_iio_free_running", "intel_imc", "intel_imc_free_running", "amd_df", "amd_umc"}
FAMILY_COUNT = int(os.environ.get("DIFF_FAMILY_COUNT", "100"))
# perf 6.1's lexer takes these alone as legacy cache operations and refuses them; later perf
# takes them as names, as pmuctl does (pmuctl-stat(1), -e)
PERF61_CACHE_OPS = {"load", "loads", "read", "store", "stores", "write", "prefetch", "prefetches",
                    "speculative-read", "speculative-load", "refs", "reference", "ops", "access",
                    "misses", "miss"}

DOC_STRINGS = {
    "tegra410": [
        "nvidia_ucf_pmu_0/event=0x0/",
        "nvidia_ucf_pmu_0/event=0x0,src_loc_cpu=0x1,dst_loc_cmem=0x1/",
        "nvidia_ucf_pmu_1/event=0x0,src_loc_noncpu=0x1,dst_rem=0x1/",
        "nvidia_pcie_pmu_0_rc_0/event=0x0,src_rp_mask=0x1/",
        "nvidia_pcie_pmu_0_rc_1/event=0x1,src_rp_mask=0x3,dst_loc_cmem=0x1/",
        "nvidia_pcie_pmu_1_rc_2/event=0x2,src_rp_mask=0x1/",
        "nvidia_pcie_pmu_1_rc_3/event=0x3,src_rp_mask=0x3,dst_loc_cmem=0x1/",
        "nvidia_pcie_pmu_0_rc_4/event=0x4,src_bdf=0x0180,src_bdf_en=0x1/",
        "nvidia_pcie_tgt_pmu_0_rc_0/event=0x0,dst_rp_mask=0x3/",
        "nvidia_pcie_tgt_pmu_0_rc_1/event=0x1,dst_addr_base=0x10000,dst_addr_mask=0xFFF00,dst_addr_en=0x1/",
        "{nvidia_cmem_latency_pmu_0/rd_req/,nvidia_cmem_latency_pmu_0/rd_cum_outs/,nvidia_cmem_latency_pmu_0/cycles/}",
        "nvidia_nvlink_c2c_pmu_0/in_rd_req/",
        "nvidia_nvlink_c2c_pmu_0/in_rd_cum_outs,gpu_mask=0x1/",
        "nvidia_nvlink_c2c_pmu_0/in_rd_cum_outs,gpu_mask=0x2/",
        "nvidia_nvlink_c2c_pmu_0/out_rd_req/",
        "nvidia_nvlink_c2c_pmu_0/out_rd_cum_outs,gpu_mask=0x1/",
        "nvidia_nvlink_c2c_pmu_0/out_rd_cum_outs,gpu_mask=0x2/",
        "nvidia_nvclink_pmu_0/in_rd_req/",
        "nvidia_nvclink_pmu_0/out_rd_req/",
        "{nvidia_nvdlink_pmu_0/in_rd_req/,nvidia_nvdlink_pmu_0/in_rd_cum_outs/}",
        "nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x180,src_bdf_en=1/",
    ],
    "yitian710": ["ali_drw_%s/%s/" % (p, e) for p in
                  ("21000", "21080", "23000", "23080", "25000", "25080", "27000", "27080")
                  for e in ("hif_wr", "hif_rd", "hif_rmw", "cycle")],
    "hip09": [
        "hns3_pmu_sicl_0/bw_ssu_rpu_byte_num,global=1/",
        "hns3_pmu_sicl_0/bw_ssu_rpu_time,global=1/",
        "hns3_pmu_sicl_0/config=0x00002,global=1/",
        "hns3_pmu_sicl_0/config=0x10002,global=1/",
        "hns3_pmu_sicl_0/config=0x1020F,global=1/",
        "hns3_pmu_sicl_0/config=0x1020F,port=0,tc=0xF/",
        "hns3_pmu_sicl_0/config=0x1020F,port=0,tc=0/",
        "hns3_pmu_sicl_0/config=0x1020F,bdf=0x3500,queue=0xFFFF/",
        "hns3_pmu_sicl_0/config=0x1020F,bdf=0x3500,queue=0/",
        "hns3_pmu_sicl_0/config=0x00301,bdf=0x3500,intr=0/",
        "hns3_pmu_sicl_0/dly_tx_normal_to_mac_time/",
        # hisi-pcie-pmu.rst's examples
        "hisi_pcie0_core0/rx_mwr_latency,port=0xffff/",
        "hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/",
        "{hisi_pcie0_core0/rx_mwr_latency,port=0xffff/,hisi_pcie0_core0/rx_mwr_cnt,port=0xffff/}",
        "hisi_pcie0_core0/rx_mwr_latency,port=0x1/",
        "hisi_pcie0_core0/rx_mrd_flux,bdf=0x3900/",
        "hisi_pcie0_core0/rx_mrd_flux,port=0xffff,trig_len=0x4,trig_mode=1/",
        "hisi_pcie0_core0/rx_mrd_flux,trig_len=0x4,trig_mode=1/",
        "hisi_pcie0_core0/rx_mrd_flux,thr_len=0x4,thr_mode=1/",
        "hisi_pcie0_core0/rx_mrd_flux,len_mode=0x1/",
        "hisi_pcie2_core0/tx_cpl_time,bdf=0x8100/",
        # hisi-pmu.rst's DDRC example in v2 names, its events and raw codes
        "hisi_sccl1_ddrc0_0/flux_rd/",
        "hisi_sccl3_ddrc2_0/flux_wr/",
        "hisi_sccl7_ddrc3_0/cycles/",
        "{hisi_sccl5_ddrc1_0/flux_rd/,hisi_sccl5_ddrc1_0/flux_wr/,hisi_sccl5_ddrc1_0/cycles/}",
        "hisi_sccl1_ddrc1_0/event=0x90/",
        "hisi_sccl1_ddrc1_0/config=0x84/",
        # hisi-pmu.rst's v2 L3C filters, and the HHA's
        "hisi_sccl3_l3c0/config=0x02,tt_core=0x3/",
        "hisi_sccl3_l3c0/config=0x02,tt_req=0x4/",
        "hisi_sccl3_l3c0/config=0xb9,datasrc_cfg=0xE/",
        "hisi_sccl3_l3c0/config=0xb9,datasrc_cfg=0xF,datasrc_skt=1/",
        "{hisi_sccl1_l3c5/l3c_hit/,hisi_sccl1_l3c5/l3c_ref/,hisi_sccl1_l3c5/cycles/}",
        "hisi_sccl1_hha0/rx_ops_num,srcid_cmd=0x10,srcid_msk=0x7ff/",
        "hisi_sccl7_hha1/hha_retry,tracetag_en=1/",
        # the links: hisi-pmu.rst's source and target ids
        "hisi_sccl1_sllc0/rx_data,tgtid_min=0x10,tgtid_max=0x20/",
        "hisi_sccl3_sllc0/tx_req,srcid_cmd=0x21,srcid_msk=0x3/",
        "{hisi_sccl5_sllc0/rx_req/,hisi_sccl5_sllc0/tx_data/,hisi_sccl5_sllc0/cycles/}",
        "hisi_sicl0_pa0/rx_req,tgtid_cmd=0x20,tgtid_msk=0x1f/",
        "hisi_sicl2_pa0/cycle/",
        # the CPA's sysfs events; those only perf's arm64 uncore-cpa.json has are in no x86
        # perf's tables (jevents builds the host's arch), so hisi_cpa.bats checks their codes
        "hisi_sicl0_cpa0/cpa_p0_wr_dat/",
        "{hisi_sicl2_cpa0/cpa_p1_rd_dat/,hisi_sicl2_cpa0/cpa_cycles/}",
    ],
    # nvidia-tegra241-pmu.rst's examples, then the driver's named events with each filter
    "grace": [
        "nvidia_scf_pmu_0/event=0x0/",
        "nvidia_scf_pmu_1/event=0x0/",
        "nvidia_nvlink_c2c0_pmu_0/event=0x0/",
        "nvidia_nvlink_c2c0_pmu_1/event=0x0/",
        "nvidia_nvlink_c2c0_pmu_0/event=0x0,port=0x1/",
        "nvidia_nvlink_c2c0_pmu_0/event=0x0,port=0x3/",
        "nvidia_nvlink_c2c1_pmu_0/event=0x0/",
        "nvidia_nvlink_c2c1_pmu_0/event=0x0,port=0x1/",
        "nvidia_nvlink_c2c1_pmu_0/event=0x0,port=0x3/",
        "nvidia_cnvlink_pmu_0/event=0x0,rem_socket=0xE/",
        "nvidia_cnvlink_pmu_1/event=0x0,rem_socket=0xD/",
        "nvidia_pcie_pmu_0/event=0x0,root_port=0x3/",
        "nvidia_pcie_pmu_1/event=0x0,root_port=0x3/",
        "nvidia_scf_pmu_0/cmem_rd_data/",
        "nvidia_scf_pmu_1/socket_3_wr_data/",
        "nvidia_scf_pmu_0/cycles/",
        "{nvidia_scf_pmu_0/cmem_rd_outstanding/,nvidia_scf_pmu_0/cmem_rd_access/,nvidia_scf_pmu_0/cycles/}",
        "nvidia_pcie_pmu_0/rd_bytes_loc,root_port=0x3ff/",
        "nvidia_pcie_pmu_0/rd_bytes_loc,root_port=0x400/",
        "nvidia_cnvlink_pmu_0/total_bytes_rem,rem_socket=0x10/",
    ],
    # dwc_pcie_pmu.rst's examples, lane events with and without their required lane=
    "yitian710-dwc": [
        "dwc_rootport_3018/Rx_PCIe_TLP_Data_Payload/",
        "dwc_rootport_3018/Tx_PCIe_TLP_Data_Payload/",
        "dwc_rootport_3018/rx_memory_read,lane=4/",
        "dwc_rootport_3018/rx_memory_read/",
        "dwc_rootport_3028/tx_ack_dllp,lane=0/",
        "dwc_rootport_8008/L1_2/",
        "dwc_rootport_8008/eventid=0x70c,type=1,lane=0x11/",
        "dwc_rootport_3018/eventid=0x21,type=0x0/",
    ],
    # the DMC-620 driver patch's examples (perf stat -e arm_dmc620_10008c000/clk_cycle_count/)
    "hip08": [
        # hisi-pmu.rst's examples, on a Kunpeng 920's v1 PMUs
        "hisi_sccl3_l3c0/rd_hit_cpipe/",
        "hisi_sccl3_l3c0/config=0x02/",
        "hisi_sccl1_hha0/rx_ops_num/",
        "{hisi_sccl1_hha0/rd_ddr_64b/,hisi_sccl1_hha0/rd_ddr_128b/}",
        "hisi_sccl5_hha1/edir-hit/",
        "hisi_sccl1_ddrc0/flux_rd/",
        "hisi_sccl7_ddrc3/event=0x7/",
    ],
    "altra": [
        "arm_dmc620_10008c000/clk_cycle_count/",
        "arm_dmc620_10008c000/clkdiv2_allocate,mask=0x1f,match=0x2f,incr=2,invert=1/",
        "arm_dmc620_50008c000/clkdiv2_rdwr/",
        "arm_dmc620_1000fc000/event=0x12,clkdiv2=1/",
        # arm-cmn.rst's forms: an event on every node, one node by id, a watchpoint, cycles
        "arm_cmn_0/hnf_cache_miss/",
        "arm_cmn_0/hnf_cache_miss,bynodeid=1,nodeid=0x28/",
        "arm_cmn_1/rnid_rxdat_flits/",
        "arm_cmn_0/dtc_cycles/",
        "arm_cmn_0/watchpoint_up,wp_dev_sel=1,wp_chn_sel=3,wp_grp=0,wp_val=0x1,wp_mask=0xffff/",
        "arm_cmn_0/mxp_p0_dat_txflit_valid/",
        "arm_cmn_1/type=0x5,eventid=0xf,occupid=0x2/",
        "{arm_cmn_0/hnf_pocq_retry/,arm_cmn_0/hnf_pocq_reqs_recvd/,arm_cmn_0/dtc_cycles/}",
    ],
    # ampere_cspmu.rst's example, then each filter alone, cycles and a raw code
    "ampereone": [
        "ampere_mcu_pmu_0/act_sent,bank=5,rank=3,threshold=2/",
        "ampere_mcu_pmu_1/rd_sent/",
        "ampere_mcu_pmu_9/queue_fill_gt_thresh,threshold=0xff/",
        "ampere_mcu_pmu_15/rank_active,rank=0xffff/",
        "ampere_mcu_pmu_3/wr_wra_sent,bank=0xffffffff/",
        "{ampere_mcu_pmu_2/rd_rda_sent/,ampere_mcu_pmu_2/cycles/}",
        "ampere_mcu_pmu_2/event=0x3c/",
        # the bandwidths' events alone (mem_rd_bw, mem_wr_bw)
        "ampere_mcu_pmu_8/rd_rda_sent/",
        "ampere_mcu_pmu_8/wr_wra_sent/",
        # perf's prefix rule: digits after the token, and a bare multi-bit term's retry
        "ampere_mcu_pmu_/rd_sent/",
        "ampere_mcu_pmu_1/rd_sent,bank/",
    ],
    # a CMN-700's own: HN-P, the class and throttle occupancy filters, the pub channel
    "graviton": [
        "arm_cmn_0/hnp_rrt_wr_alloc/",
        "arm_cmn_0/hnf_pocq_class_occup_class2/",
        "arm_cmn_0/hnf_sn_throttle_group1_write/",
        "arm_cmn_0/mxp_n_pub_txflit_valid/",
        "arm_cmn_0/rnid_atomic_occ_ovfl,bynodeid=1,nodeid=0x10/",
        "arm_cmn_0/dtc_cycles/",
    ],
}


def fold_cpus(src, dst):
    """Copy a fixture; cpumask N becomes 0 (first socket) or 1 (any other)."""
    shutil.copytree(src, dst, symlinks=True)
    for root, _, files in os.walk(dst):
        for f in files:
            p = os.path.join(root, f)
            if f in ("cpumask", "associated_cpus") and not os.path.islink(p):
                text = open(p).read().strip()
                first = int(re.split(r"[-,]", text)[0]) if text not in ("", "-1") else 0
                open(p, "w").write(("0" if first == 0 else "1") + "\n")
            if root.endswith("devices/system/cpu") and f in ("online", "possible", "present"):
                open(p, "w").write("0-1\n")


def perf_encode(sysfs, event):
    """The attrs perf builds, or None when perf rejects the string."""
    flat = event.replace("{", "").replace("}", "")
    env = dict(os.environ, SYSFS_PATH=sysfs)
    # perf's "Initial error" can quote bytes past the string's end: decode what it prints leniently
    r = subprocess.run(["perf", "stat", "-vv", "-a", "-e", flat, "true"], env=env,
                       capture_output=True, text=True, errors="replace", timeout=60)
    out = r.stderr + r.stdout
    # perf refuses a sysfs event's "lane=?" left unset with a message of its own
    if "event syntax error" in out or "Required parameter" in out:
        return None
    attrs, seen = [], set()
    for block in re.finditer(r"perf_event_attr:\n(.*?)-{20,}\nsys_perf_event_open: pid -?\d+\s+cpu (-?\d+)", out, re.S):
        body, cpu = block.group(1), int(block.group(2))
        tm = re.search(r"^\s+type\s+(\d+)", body, re.M)
        t = int(tm.group(1)) if tm else 0  # perf leaves out zero fields
        c0 = re.search(r"^\s+config\s+(0x[0-9a-f]+)", body, re.M)
        c1 = re.search(r"config1 }\s+(0x[0-9a-f]+)", body)
        c2 = re.search(r"config2 }\s+(0x[0-9a-f]+)", body)
        key = (t, int(c0.group(1), 16) if c0 else 0, int(c1.group(1), 16) if c1 else 0,
               int(c2.group(1), 16) if c2 else 0, cpu)
        tag = block.start()
        if key in seen and tag:
            continue  # perf's fallbacks retry the same attr
        seen.add(key)
        attrs.append(key)
    return sorted(a for a in attrs if a[0] != 0)


def pmuctl_encode(sysfs, event):
    r = subprocess.run([PMUCTL, "--sysfs-root", sysfs, "-j", "stat", "--dry-run", "--no-rules", "-a",
                        "-e", event], capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        return None, r.stderr.strip()
    out = []
    for e in json.loads(r.stdout)["events"]:
        for cpu in e["cpus"]:
            out.append((e["type"], int(e["config"], 16), int(e["config1"], 16), int(e["config2"], 16), cpu))
    # hardware events (type 0) are left out: on a machine without a CPU PMU perf stops
    # trying them after the first CPU, which says nothing about encoding
    return sorted(set(o for o in out if o[0] != 0)), ""


def pmu_table(sysfs):
    r = subprocess.run([PMUCTL, "--sysfs-root", sysfs, "-j", "list", "--formats"], capture_output=True, text=True)
    pmus = json.loads(r.stdout)["pmus"]
    # names from perf's event JSON (Yitian's ddr_cycles, the CPA's JSON-only events): perf
    # knows them only where it was built with that JSON, so they say nothing about encoding
    for p in pmus:
        p["events"] = [e for e in p["events"] if not e["alias_of"] and "json_only" not in e]
    return pmus


def random_value(rng, fmt):
    mx = int(fmt["max"], 16)
    v = rng.choice([0, 1, mx, mx + 1 if mx < (1 << 64) - 1 else mx, rng.randint(0, mx), rng.randint(0, mx)])
    return rng.choice(["0x%x" % v, "%d" % v, "0x%X" % v]) if v else rng.choice(["0", "0x0"])


def prefix_of(name):
    m = re.match(r"(.*)_\d+$", name)
    return m.group(1) if m else name


def random_event(rng, pmus):
    p = rng.choice(pmus)
    terms = []
    if p["events"] and rng.random() < 0.7:
        ev = rng.choice(p["events"])["name"]
        ev = rng.choice([ev, ev.upper(), ev]) if rng.random() < 0.9 else ev
        terms.append(rng.choice([ev, ev, "event=" + ev]) if any(f["name"] == "event" for f in p["formats"]) else ev)
    for _ in range(rng.randint(0, 3)):
        f = rng.choice(p["formats"])
        if rng.random() < 0.15 and int(f["max"], 16) >= 1:
            terms.append(f["name"])  # a bare term is value 1
        else:
            terms.append("%s=%s" % (f["name"], random_value(rng, f)))
    if rng.random() < 0.1:
        terms.append("config%s=0x%x" % (rng.choice(["", "1", "2"]), rng.getrandbits(rng.choice([8, 16, 40, 64]))))
    if rng.random() < 0.05:
        terms.append(rng.choice(["bogus=1", "config3=1", "event=no_such_event"]))
    name = p["name"]
    if rng.random() < 0.15:
        name = prefix_of(name)
    sep = rng.choice([",", ",", ", "])
    return "%s/%s/" % (name, sep.join(terms))


def generated(rng, pmus, count):
    named = [p for p in pmus if p["events"]]
    out = []
    for _ in range(count):
        k = rng.random()
        if k >= 0.85 and k < 0.95 and not named:
            k = 0  # amd_df names its events in perf's JSON alone: no bare name to try
        if k < 0.7:
            out.append(random_event(rng, pmus))
        elif k < 0.85:
            out.append(",".join(random_event(rng, pmus) for _ in range(rng.randint(2, 3))))
        elif k < 0.95:
            p = rng.choice(named)
            name = rng.choice(p["events"])["name"]
            if name.lower() not in PERF61_CACHE_OPS:  # a bare name: every PMU with it
                out.append(name)
        else:
            p = rng.choice(pmus)
            out.append("{%s,%s}" % (random_event(rng, [p]), random_event(rng, [p])))
    return out


def main():
    rng = random.Random(SEED)
    total = failed = 0
    tmp = tempfile.mkdtemp(prefix="pmuctl-diff-")
    try:
        jobs = []
        for fx in FIXTURES:
            sysfs = os.path.join(tmp, os.path.basename(fx))  # a fixture name, or a tree of a test
            fold_cpus(os.path.join(HERE, "fixtures", fx, "sys"), sysfs)
            pmus = pmu_table(sysfs)
            strings = DOC_STRINGS.get(fx, []) + generated(rng, pmus, COUNT)
            for fam in sorted({p.get("family") for p in pmus} & PER_FAMILY):
                strings += generated(rng, [p for p in pmus if p.get("family") == fam], FAMILY_COUNT)
            for s in strings:
                jobs.append((fx, sysfs, s))
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            results = pool.map(lambda j: (j, perf_encode(j[1], j[2]), pmuctl_encode(j[1], j[2])), jobs)
            stats = collections.Counter()
            for (fx, _, s), perf, (mine, err) in results:
                total += 1
                stats["accepted" if perf is not None else "rejected"] += 1
                if perf == mine:
                    continue
                failed += 1
                print("DIFF %s: %s\n  perf:   %s\n  pmuctl: %s %s" % (fx, s, perf, mine, err))
        print("differential: %d strings (%d accepted by perf, %d rejected), %d differ"
              % (total, stats["accepted"], stats["rejected"], failed))
    finally:
        shutil.rmtree(tmp)
    return 1 if failed else 0


sys.exit(main())
