#!/usr/bin/env python3
"""Write pmuctl-metrics(7) from what the binary says: man_metrics.py PMUCTL > man/pmuctl-metrics.7
(tests/cli/docs.bats fails when the page and the catalog disagree)."""
import json
import textwrap
import subprocess
import sys

metrics = json.loads(subprocess.run([sys.argv[1], "-j", "list", "--metrics", "--all"], capture_output=True,
                                    check=True, text=True).stdout)["metrics"]


def esc(s):
    return s.replace("\\", "\\e").replace("-", "\\-")


FAMILIES = [("pcie_", "Across families: PCIe"), ("mem_", "Across families: memory"), ("t410_", "NVIDIA Tegra410"), ("grace_", "NVIDIA Grace (Tegra241)"),
            ("ddr_", "Alibaba Yitian 710 DDR Driveway"), ("dwc_pcie_", "Synopsys DesignWare PCIe"),
            ("hns3_", "HiSilicon HNS3"), ("hisi_pcie_", "HiSilicon PCIe"), ("hisi_ddrc_", "HiSilicon DDRC"), ("hisi_hha_", "HiSilicon HHA"), ("hisi_l3c_", "HiSilicon L3C"), ("hisi_sllc_", "HiSilicon SLLC"), ("hisi_pa_", "HiSilicon PA"), ("cpa_p|hisi_cpa_", "HiSilicon CPA (perf's names)"), ("hisi_uc_", "HiSilicon UC"), ("hisi_mn_", "HiSilicon MN"), ("hisi_noc_", "HiSilicon NoC"), ("slc_|hnf_|sf_hit|mc_message|rni_|sbsx_", "Arm CMN (perf's names)"), ("dmc620_", "Arm DMC-620"), ("ampereone_", "AmpereOne MCU"),
            ("intel_iio_", "Intel IIO"), ("intel_imc_", "Intel IMC"), ("amd_df_", "AMD data fabric"), ("umc_", "AMD UMC (perf's names)"),
            ("bf_", "NVIDIA BlueField")]
out = [".TH PMUCTL\\-METRICS 7 2026-11-21 \"pmuctl 0.1.0\" \"Miscellaneous Information\"",
       ".SH NAME", "pmuctl\\-metrics \\- the metrics of pmuctl stat \\-M and their formulas",
       ".SH DESCRIPTION",
       "A metric is a formula over the events of one PMU instance, the elapsed time",
       ".B duration_time",
       "(seconds) and constants (HNS3:",
       ".BR hw_clk_freq ,",
       "the PMU's clock in Hz).",
       "Per socket and in total, the counts of the instances are summed (clocks such as",
       ".B cycles",
       "are averaged) and the formula is applied once, so bandwidths add up and",
       "latencies are weighted by requests.",
       "A division by zero, or an event that was not counted, gives n/a (JSON null).",
       "Metrics marked .all give one value over every instance.",
       ".PP",
       "Each metric names its source: the kernel document and its section",
       "(nvidia\\-tegra410\\-pmu.rst, nvidia\\-tegra241\\-pmu.rst, hns3\\-pmu.rst,",
       "the BlueField BSP page), perf's",
       "event JSON file, or pmuctl where pmuctl derives the formula, saying from what.",
       ".B pmuctl list \\-\\-metrics",
       "shows the metrics that apply to the PMUs of the machine;",
       ".B \\-\\-all",
       "the whole catalog.",
       ".PP",
       "The names",
       ".BR pcie_rd_bw ,", ".BR pcie_wr_bw ,", ".B mem_rd_bw", "and", ".B mem_wr_bw",
       "mean one quantity in GB/s on every machine that has it, each family's formula",
       "behind them (below, once per family), so that one dashboard or alert works on",
       "Vera, Grace and Yitian hosts alike;",
       ".B pmuctl list \\-\\-metrics",
       "on a machine shows the formula it uses.",
       "A family id given to",
       ".B \\-M",
       "selects the family's own names only.",
       "HiSilicon PCIe has no GB/s form: its document gives no unit for flux and time.",
       "Nor has HiSilicon DDRC: neither its driver nor perf's event JSON gives the",
       "bytes of a flux count, so pmuctl counts operations a second.",
       "Arm DMC-620 and AmpereOne MCU count DDR commands, whose bytes no document of",
       "theirs gives either; pmuctl derives their bandwidths",
       "(\\fBdmc620_mem_bw\\fR, \\fBampereone_mcu_rd_bw\\fR and \\fB_wr_bw\\fR, and",
       "AmpereOne's \\fBmem_rd_bw\\fR and \\fBmem_wr_bw\\fR)",
       "from the burst of a read or write command: 64 bytes on DDR4 (BL8 on a 64\\-bit",
       "channel, JESD79\\-4) and on DDR5 (BL16 on a 32\\-bit sub\\-channel, JESD79\\-5),",
       "a cache line, as Yitian's DRW formula in perf counts a command.",
       "A burst chopped in half (DDR4's BC4) moves 32 bytes and is counted as 64, so",
       "these are an upper bound of the data moved; their descriptions say",
       "\\(lqderived\\(rq.",
       "The DMC-620's read and write commands are one event: its mask and match bits",
       "that tell them apart are in no public source, so its bandwidth is the sum.",
       "Its channels name no socket and the driver gives every one the CPU that probed",
       "it, so there is no DMC-620",
       ".BR mem_rd_bw .",
       ".PP",
       "HNS3 counts time in cycles of",
       ".BR hw_clk_freq ,",
       "which hns3\\-pmu.rst gives without a unit: pmuctl takes it as Hz.",
       "The Yitian 710 document gives DDR bandwidth as",
       ".B hif_rd * 64 * DDRC_Freq / DDRC_Cycle",
       "with a DDRC clock that no sysfs file gives; DDRC_Cycle / DDRC_Freq is the time",
       "the cycle counter ran, so when the counters run the whole time the formula is",
       "perf's",
       ".BR ddr_read_bandwidth.all ,",
       "which pmuctl keeps, and",
       ".B ddr_clock",
       "measures the DDRC_Freq it stands for.",
       "perf's ali_drw.json name",
       ".B ddr_cycles",
       "for the sysfs event",
       ".B cycle",
       "is accepted too.",
       ".SH FILES",
       "More metrics come from a JSON file given with",
       ".BR \\-\\-metrics\\-file :",
       ".PP", ".EX",
       "[{\"name\": \"pcie_rd_mib\", \"family\": \"t410_pcie\",",
       "  \"expr\": \"rd_bytes / 1048576 / duration_time\", \"unit\": \"MiB/s\",",
       "  \"description\": \"PCIe read MiB/s\", \"filter\": null, \"total_only\": false}]",
       ".EE", ".PP",
       "A family is a PMU family id (as in",
       ".BR \"pmuctl list\" )",
       "or bluefield_<block prefix>.",
       ".SH METRICS"]
for prefix, title in FAMILIES:
    out += [".SS " + title]
    for m in metrics:
        if not m["name"].startswith(tuple(prefix.split("|"))):
            continue
        text = f"{m['description']}, in {m['unit']} ({m['family']}; {m['source']})."
        out += [".TP", f".B {esc(m['name'])}"]
        out += [esc(line) for line in textwrap.wrap(text, 76, break_long_words=False)]
        out += [".br"] + [esc(line) for line in textwrap.wrap("= " + m["expression"], 76, break_long_words=False)]
# a metric no section above takes would be missing from the page: docs.bats would say so
placed = sum(any(m["name"].startswith(tuple(p.split("|"))) for p, _ in FAMILIES) for m in metrics)
assert placed == len(metrics), "a metric family has no section in FAMILIES"
out += [".SH SEE ALSO", ".BR pmuctl (1),", ".BR pmuctl\\-stat (1),", ".BR pmuctl\\-list (1)", ""]
sys.stdout.write("\n".join(out))
