// SPDX-License-Identifier: GPL-2.0
/* Which hardware a PMU belongs to, decoded from the name the kernel driver gives it. */
#include <stdio.h>
#include <string.h>
#include "pmu/pmu.h"
#include "lib/strnum.h"

struct family_info {
	const char *id;
	const char *name;
};

static const struct family_info families[FAMILY_COUNT] = {
	[FAMILY_GENERIC] = { "generic", "Other PMUs" },
	[FAMILY_T410_UCF] = { "t410_ucf", "NVIDIA Tegra410 UCF" },
	[FAMILY_T410_PCIE] = { "t410_pcie", "NVIDIA Tegra410 PCIE" },
	[FAMILY_T410_PCIE_TGT] = { "t410_pcie_tgt", "NVIDIA Tegra410 PCIE-TGT" },
	[FAMILY_T410_CMEM] = { "t410_cmem_latency", "NVIDIA Tegra410 CMEM latency" },
	[FAMILY_T410_NVLINK_C2C] = { "t410_nvlink_c2c", "NVIDIA Tegra410 NVLink-C2C" },
	[FAMILY_T410_NVCLINK] = { "t410_nvclink", "NVIDIA Tegra410 NV-CLink" },
	[FAMILY_T410_NVDLINK] = { "t410_nvdlink", "NVIDIA Tegra410 NV-DLink" },
	[FAMILY_YITIAN_DRW] = { "yitian_drw", "Alibaba Yitian 710 DDR Driveway" },
	[FAMILY_HNS3] = { "hns3", "HiSilicon HNS3 NIC" },
};

const char *pmu_family_name(enum pmu_family f)
{
	return f < FAMILY_COUNT ? families[f].name : "?";
}

const char *pmu_family_id(enum pmu_family f)
{
	return f < FAMILY_COUNT ? families[f].id : "?";
}

/* Name patterns with up to two numbers: "<prefix><socket>" or "<prefix><socket>_rc_<rc>" */
struct name_rule {
	const char *prefix;
	bool has_rc;
	enum pmu_family family;
};

static const struct name_rule t410_rules[] = {
	{ "nvidia_pcie_tgt_pmu_", true, FAMILY_T410_PCIE_TGT },
	{ "nvidia_pcie_pmu_", true, FAMILY_T410_PCIE },
	{ "nvidia_ucf_pmu_", false, FAMILY_T410_UCF },
	{ "nvidia_cmem_latency_pmu_", false, FAMILY_T410_CMEM },
	{ "nvidia_nvlink_c2c_pmu_", false, FAMILY_T410_NVLINK_C2C },
	{ "nvidia_nvclink_pmu_", false, FAMILY_T410_NVCLINK },
	{ "nvidia_nvdlink_pmu_", false, FAMILY_T410_NVDLINK },
};

static bool parse_decimal_n(const char *s, size_t len, int *out)
{
	uint64_t v;

	if (strnum_u64n(s, len, 10, 0xffff, &v))
		return false;
	*out = (int)v;
	return true;
}

static bool decode_t410(struct pmu *p, const struct name_rule *r)
{
	const char *s = p->name + strlen(r->prefix);
	const char *rc = strstr(s, "_rc_");

	if (!r->has_rc)
		return parse_decimal_n(s, strlen(s), &p->socket);
	/* Grace's per-socket nvidia_pcie_pmu_<s> has no _rc_: it is not a Tegra410 PCIE PMU */
	if (!rc || !parse_decimal_n(s, (size_t)(rc - s), &p->socket))
		return false;
	return parse_decimal_n(rc + 4, strlen(rc + 4), &p->rc);
}

/* ali_drw_<PA >> 12>: die 0 from 0x21000, die 1 from 0x40021000; +0x2000 a channel, +0x80 a sub-channel */
static bool decode_drw(struct pmu *p)
{
	const char *hex = p->name + strlen("ali_drw_");
	uint64_t v, low;

	if (strnum_u64(hex, 16, UINT64_MAX >> 12, &v) || !strncmp(hex, "0x", 2))
		return false;
	p->drw_addr = v << 12;
	p->die = (int)(v >> 30);
	low = v & 0x3fffffff;
	if ((low & ~0x6080ULL) == 0x21000) {
		p->channel = (int)((low >> 13) & 3);
		p->subchannel = (int)((low >> 7) & 1);
	}
	return true;
}

void pmu_family_decode(struct pmu *p)
{
	p->family = FAMILY_GENERIC;
	p->socket = p->rc = p->die = p->channel = p->subchannel = p->sicl = -1;
	for (size_t i = 0; i < sizeof(t410_rules) / sizeof(t410_rules[0]); i++) {
		const struct name_rule *r = &t410_rules[i];

		if (strncmp(p->name, r->prefix, strlen(r->prefix)))
			continue;
		if (decode_t410(p, r))
			p->family = r->family;
		else
			p->socket = p->rc = -1;
		return;
	}
	if (!strncmp(p->name, "ali_drw_", 8) && decode_drw(p)) {
		p->family = FAMILY_YITIAN_DRW;
		return;
	}
	if (!strncmp(p->name, "hns3_pmu_sicl_", 14) &&
	    parse_decimal_n(p->name + 14, strlen(p->name + 14), &p->sicl))
		p->family = FAMILY_HNS3;
}

const char *pmu_peer_name(enum pmu_peer k)
{
	switch (k) {
	case PEER_GPU:
		return "gpu";
	case PEER_CPU:
		return "cpu";
	case PEER_CXLMEM:
		return "cxlmem";
	default:
		return "none";
	}
}

static const char *const hns3_mode_names[] = {
	"global", "port", "port-tc", "func", "func-queue", "func-intr",
};

const char *hns3_mode_name(unsigned mode_bit)
{
	for (unsigned i = 0; i < 6; i++)
		if (mode_bit == 1u << i)
			return hns3_mode_names[i];
	return "?";
}

/*
 * "filter mode supported: global port port-tc func func-queue \n" (the driver's spaces)
 * or the document's "global/port/..." with slashes.
 */
unsigned hns3_modes_parse(const char *text)
{
	const char *p = strchr(text, ':');
	unsigned modes = 0;

	p = p ? p + 1 : text;
	while (*p) {
		size_t len;

		p += strspn(p, " /\t\n");
		len = strcspn(p, " /\t\n");
		if (!len)
			break;
		for (unsigned i = 0; i < 6; i++)
			if (strlen(hns3_mode_names[i]) == len && !strncmp(p, hns3_mode_names[i], len))
				modes |= 1u << i;
		p += len;
	}
	return modes;
}

void pmu_location(const struct pmu *p, char *buf, size_t size)
{
	buf[0] = '\0';
	if (p->rc >= 0)
		snprintf(buf, size, "socket %d, rc %d", p->socket, p->rc);
	else if (p->socket >= 0)
		snprintf(buf, size, "socket %d", p->socket);
	else if (p->family == FAMILY_YITIAN_DRW && p->channel >= 0)
		snprintf(buf, size, "die %d, channel %d, sub-channel %d", p->die, p->channel,
			 p->subchannel);
	else if (p->family == FAMILY_YITIAN_DRW)
		snprintf(buf, size, "die %d", p->die);
	else if (p->family == FAMILY_HNS3)
		snprintf(buf, size, "sicl %d", p->sicl);
}
