// SPDX-License-Identifier: GPL-2.0
/* Descriptions from nvidia-tegra410-pmu.rst, alibaba_pmu.rst and hns3-pmu.rst. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "pmu/catalog.h"

struct family_catalog {
	enum pmu_family family;
	const struct catalog_entry *events;
	const struct catalog_entry *formats;
};

static const struct catalog_entry ucf_events[] = {
	{ "slc_access_rd", "count the number of read requests to SLC" },
	{ "slc_access_wr", "count the number of write requests to SLC" },
	{ "slc_bytes_rd", "count the number of bytes transferred by slc_access_rd" },
	{ "slc_bytes_wr", "count the number of bytes transferred by slc_access_wr" },
	{ "mem_access_rd", "count the number of read requests to local or remote memory" },
	{ "mem_access_wr", "count the number of write requests to local or remote memory" },
	{ "mem_bytes_rd", "count the number of bytes transferred by mem_access_rd" },
	{ "mem_bytes_wr", "count the number of bytes transferred by mem_access_wr" },
	{ "cycles", "counts the UCF cycles" },
	{ NULL, NULL },
};

static const struct catalog_entry ucf_formats[] = {
	{ "event", "event id" },
	{ "src_loc_cpu", "if set, count events from local CPU" },
	{ "src_loc_noncpu", "if set, count events from local non-CPU device" },
	{ "src_rem", "if set, count events from CPU, GPU, PCIE devices of remote socket" },
	{ "dst_loc_cmem", "if set, count events to local system memory (CMEM) address" },
	{ "dst_loc_gmem", "if set, count events to local GPU memory (GMEM) address" },
	{ "dst_loc_other", "if set, count events to local CXL memory address" },
	{ "dst_rem", "if set, count events to CPU, GPU, and CXL memory address of remote socket" },
	{ NULL, NULL },
};

static const struct catalog_entry pcie_events[] = {
	{ "rd_req", "count the number of read requests by PCIE device" },
	{ "wr_req", "count the number of write requests by PCIE device" },
	{ "rd_bytes", "count the number of bytes transferred by rd_req" },
	{ "wr_bytes", "count the number of bytes transferred by wr_req" },
	{ "rd_cum_outs", "count outstanding rd_req each cycle" },
	{ "cycles", "count the clock cycles of SOC fabric connected to the PCIE interface" },
	{ NULL, NULL },
};

static const struct catalog_entry pcie_formats[] = {
	{ "event", "event id" },
	{ "src_rp_mask", "bitmask of root ports that will be monitored (bit = RP index in the RC); exclusive with src_bdf_en" },
	{ "src_bdf", "the BDF that will be monitored: (bus << 8) + (device << 3) + (function), see 'pmuctl bdf'" },
	{ "src_bdf_en", "enable the BDF filter in src_bdf; one BDF per RC PMU for all its events" },
	{ "dst_loc_cmem", "if set, count events to local system memory (CMEM) address" },
	{ "dst_loc_gmem", "if set, count events to local GPU memory (GMEM) address" },
	{ "dst_loc_pcie_p2p", "if set, count events to local PCIE peer address" },
	{ "dst_loc_pcie_cxl", "if set, count events to local CXL memory address" },
	{ "dst_rem", "if set, count events to remote memory address" },
	{ NULL, NULL },
};

static const struct catalog_entry tgt_events[] = {
	{ "rd_req", "count the number of read requests to PCIE" },
	{ "wr_req", "count the number of write requests to PCIE" },
	{ "rd_bytes", "count the number of bytes transferred by rd_req" },
	{ "wr_bytes", "count the number of bytes transferred by wr_req" },
	{ "cycles", "count the clock cycles of SOC fabric connected to the PCIE interface" },
	{ NULL, NULL },
};

static const struct catalog_entry tgt_formats[] = {
	{ "event", "event id" },
	{ "dst_rp_mask", "bitmask to select the root port(s) to monitor (PCIE BAR traffic only)" },
	{ "dst_addr_base", "BAR or CXL HDM filter base address" },
	{ "dst_addr_mask", "BAR or CXL HDM filter address mask" },
	{ "dst_addr_en", "enable the address filter: (addr & dst_addr_mask) == (dst_addr_base & dst_addr_mask)" },
	{ NULL, NULL },
};

static const struct catalog_entry cmem_events[] = {
	{ "rd_req", "count read requests (32B per request)" },
	{ "rd_cum_outs", "accumulated outstanding request counter: cycles the read requests are in flight" },
	{ "cycles", "counts the number of elapsed cycles" },
	{ NULL, NULL },
};

static const struct catalog_entry c2c_events[] = {
	{ "in_rd_cum_outs", "accumulated outstanding request (in cycles) of incoming read requests" },
	{ "in_rd_req", "the number of incoming read requests" },
	{ "in_wr_cum_outs", "accumulated outstanding request (in cycles) of incoming write requests" },
	{ "in_wr_req", "the number of incoming write requests" },
	{ "out_rd_cum_outs", "accumulated outstanding request (in cycles) of outgoing read requests" },
	{ "out_rd_req", "the number of outgoing read requests" },
	{ "out_wr_cum_outs", "accumulated outstanding request (in cycles) of outgoing write requests" },
	{ "out_wr_req", "the number of outgoing write requests" },
	{ "cycles", "interface cycle counts" },
	{ NULL, NULL },
};

static const struct catalog_entry c2c_formats[] = {
	{ "event", "event id" },
	{ "gpu_mask", "filter traffic to/from specific GPU(s): bit N = GPU N; all GPUs when not given" },
	{ NULL, NULL },
};

static const struct catalog_entry dlink_events[] = {
	{ "in_rd_cum_outs", "accumulated outstanding read requests (in cycles) to CXL memory" },
	{ "in_rd_req", "the number of read requests to CXL memory" },
	{ "cycles", "NV-DLINK interface cycle counts" },
	{ NULL, NULL },
};

static const struct catalog_entry drw_events[] = {
	{ "hif_rd_or_wr", "HIF read or write commands" },
	{ "hif_wr", "HIF write commands (64 bytes each): write bandwidth with hif_rmw" },
	{ "hif_rd", "HIF read commands (64 bytes each): read bandwidth" },
	{ "hif_rmw", "HIF read-modify-write commands (64 bytes each): write bandwidth with hif_wr" },
	{ "hif_hi_pri_rd", "HIF high-priority read commands" },
	{ "cycle", "DDRC core clock cycles (the 56-bit cycle counter)" },
	{ NULL, NULL },
};

static const struct catalog_entry hns3_formats[] = {
	{ "subevent", "hardware sub-event code" },
	{ "event_type", "0 bandwidth, 1 packet rate, 2 latency, 3 interrupt rate" },
	{ "ext_counter_used", "0 reads counter 0, 1 reads counter 1 of the event pair" },
	{ "port", "port (MAC) id, for port and port-tc modes" },
	{ "tc", "traffic class 0-7 (port-tc mode), 0xF for all (port mode)" },
	{ "bdf", "function: (bus << 8) + (device << 3) + function, for func modes" },
	{ "queue", "queue id (func-queue mode), 0xFFFF for all queues (func mode)" },
	{ "intr", "interrupt id, for func-intr mode" },
	{ "global", "1 counts every HNS3 PCIe function of the IO die (global mode)" },
	{ NULL, NULL },
};

static const struct family_catalog catalogs[] = {
	{ FAMILY_T410_UCF, ucf_events, ucf_formats },
	{ FAMILY_T410_PCIE, pcie_events, pcie_formats },
	{ FAMILY_T410_PCIE_TGT, tgt_events, tgt_formats },
	{ FAMILY_T410_CMEM, cmem_events, NULL },
	{ FAMILY_T410_NVLINK_C2C, c2c_events, c2c_formats },
	{ FAMILY_T410_NVCLINK, c2c_events, c2c_formats },
	{ FAMILY_T410_NVDLINK, dlink_events, c2c_formats },
	{ FAMILY_YITIAN_DRW, drw_events, NULL },
	{ FAMILY_HNS3, NULL, hns3_formats },
};

static const char *lookup(const struct catalog_entry *t, const char *name)
{
	for (; t && t->name; t++)
		if (!strcasecmp(t->name, name))
			return t->text;
	return NULL;
}

static const struct family_catalog *catalog_of(enum pmu_family f)
{
	for (size_t i = 0; i < sizeof(catalogs) / sizeof(catalogs[0]); i++)
		if (catalogs[i].family == f)
			return &catalogs[i];
	return NULL;
}

const char *catalog_event(enum pmu_family f, const char *event)
{
	const struct family_catalog *c = catalog_of(f);

	return c ? lookup(c->events, event) : NULL;
}

const char *catalog_format(enum pmu_family f, const char *format)
{
	const struct family_catalog *c = catalog_of(f);

	return c ? lookup(c->formats, format) : NULL;
}

const char *catalog_bluefield_event(const char *event)
{
	char name[128];
	size_t n = strlen(event);

	/* some BlueField-3 names end in a space in the driver's table */
	while (n && event[n - 1] == ' ')
		n--;
	snprintf(name, sizeof(name), "%.*s", (int)n, event);
	return lookup(catalog_bluefield, name);
}

/* bw_<path>_byte_num / _time, pps_<path>_packet_num / _time, dly_<path>_time / _packet_num */
const char *catalog_hns3_event(const char *event, char *buf, size_t size)
{
	static const struct {
		const char *prefix, *what;
	} kinds[] = { { "bw_", "bandwidth" }, { "pps_intr_msix_", "interrupt rate" },
		      { "pps_", "packet rate" }, { "dly_", "latency" } };
	static const struct {
		const char *suffix, *part;
	} parts[] = { { "_byte_num", "bytes" }, { "_packet_num", "packets" },
		      { "_intr_num", "interrupts" }, { "_time", "cycles at hw_clk_freq" } };
	size_t n = strlen(event);

	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		size_t pl = strlen(kinds[k].prefix);

		if (strncmp(event, kinds[k].prefix, pl))
			continue;
		for (size_t p = 0; p < sizeof(parts) / sizeof(parts[0]); p++) {
			size_t sl = strlen(parts[p].suffix);
			/* the time member is counter 1 except for latency, where it is counter 0 */
			bool dly = !strcmp(kinds[k].what, "latency");
			bool is_time = !strcmp(parts[p].suffix, "_time");

			if (n <= pl + sl || strcmp(event + n - sl, parts[p].suffix))
				continue;
			snprintf(buf, size, "%s %.*s: counter %d, %s", kinds[k].what,
				 (int)(n - pl - sl), event + pl, dly ? !is_time : is_time, parts[p].part);
			return buf;
		}
	}
	return NULL;
}
