// SPDX-License-Identifier: GPL-2.0
/*
 * Synopsys DesignWare PCIe PMU: the RAS D.E.S. counters of one root port, dwc_rootport_<sbdf>
 * (drivers/perf/dwc_pcie_pmu.c, dwc_pcie_pmu.rst), on Alibaba's (Yitian) and Qualcomm's ports.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "lib/strnum.h"
#include "lib/sysroot.h"
#include "pmu/devmap.h"
#include "pmu/encode.h"
#include "pmu/family/family.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"
#include "topology/pcicfg.h"

#define DWC_DOC "dwc_pcie_pmu.rst"
#define NS "(duration_time * 1e9)"

/* config:16-19, enum dwc_pcie_event_type */
#define DWC_TIME_BASED 0
#define DWC_LANE 1

/* The root port's segment:bus:devfn, as the name gives it, and its lanes, in struct pmu's priv */
struct dwc_pmu {
	uint32_t sbdf;
	int lanes;		/* LnkCap's maximum link width, the driver's nr_lanes; 0: not read */
};
_Static_assert(sizeof(struct dwc_pmu) <= PMU_PRIV_SIZE, "struct dwc_pmu outgrew PMU_PRIV_SIZE");

static uint32_t sbdf_of(const struct pmu *p)
{
	return ((const struct dwc_pmu *)p->priv)->sbdf;
}

/* dwc_pcie_pmu_probe(): "dwc_rootport_%x" of (domain << 16) | (bus << 8) | devfn */
static bool decode(struct pmu *p)
{
	const char *hex = p->name + strlen("dwc_rootport_");
	uint64_t v;

	if (strncmp(p->name, "dwc_rootport_", 13) || !strncmp(hex, "0x", 2) ||
	    strnum_u64(hex, 16, UINT32_MAX, &v))
		return false;
	((struct dwc_pmu *)p->priv)->sbdf = (uint32_t)v;
	return true;
}

/* "0000:30:03.0", lspci's form of the port */
static void port_name(const struct pmu *p, char *buf, size_t size)
{
	uint32_t s = sbdf_of(p);

	snprintf(buf, size, "%04x:%02x:%02x.%x", s >> 16, (s >> 8) & 0xff, (s >> 3) & 0x1f, s & 7);
}

/* dwc_pcie_pmu_probe(): nr_lanes = pcie_get_width_cap(), the port's LnkCap width, from its config */
static void read_extra(const struct sysroot *dir, const struct sysroot *machine, struct pmu *p, struct diag *diag)
{
	char port[16], rel[64];
	char *cfg = NULL;
	size_t len = 0;
	struct pcicfg c;

	(void)dir;
	(void)diag;
	port_name(p, port, sizeof(port));
	if (sysroot_path(rel, sizeof(rel), "bus/pci/devices/%s/config", port) || sysroot_read(machine, rel, &cfg, &len))
		return;
	pcicfg_decode((const uint8_t *)cfg, len < PCICFG_SPACE ? len : PCICFG_SPACE, &c);
	((struct dwc_pmu *)p->priv)->lanes = c.pcie ? c.max_link_width : 0;
	pcicfg_free(&c);
	free(cfg);
}

static void location(const struct pmu *p, char *buf, size_t size)
{
	char port[16];

	port_name(p, port, sizeof(port));
	snprintf(buf, size, "root port %s", port);
}

static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	struct pmu_field *f = &out[0];

	*f = (struct pmu_field){ .key = "root_port", .kind = FIELD_TEXT, .text = f->words };
	port_name(p, f->words, sizeof(f->words));
	return 1;
}

static unsigned int type_of(const struct plan_event *e)
{
	return (unsigned int)((e->config[0] >> 16) & 0xf);
}

/*
 * dwc_pcie_pmu_event_add() holds one event of each type per port and answers the next of a
 * type -ENOSPC: a time-based report (type 0) and a lane event (type 1) each take a bank of one
 */
static unsigned counter_bank(const struct plan_event *e)
{
	return type_of(e) == DWC_LANE;
}

/*
 * dwc_pcie_pmu_event_init(): an unknown type, a lane at or past the port's nr_lanes, or
 * following a hardware leader, is -EINVAL
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	int lanes = ((const struct dwc_pmu *)e->pmu->priv)->lanes;
	uint64_t lane = ev_field(e, "lane", NULL);

	(void)warn;
	if (type_of(e) > DWC_LANE)
		return rule_err(err, e, -EINVAL,
				"type=%u on '%s': the driver counts type 0 (time-based) and 1 (lane events) only (dwc_pcie_pmu_event_init)",
				type_of(e), e->pmu->name);
	if (type_of(e) == DWC_LANE && lanes > 0 && lane >= (uint64_t)lanes)
		return rule_err_term(err, e, "lane", -EINVAL,
				"lane=%llu on '%s': its root port has %d lanes, 0 to %d (its link capability; dwc_pcie_pmu_event_init refuses the rest)",
				(unsigned long long)lane, e->pmu->name, lanes, lanes - 1);
	for (size_t k = 0; e->group >= 0 && !e->leader && k < set->n; k++) {
		const struct plan_event *l = &set->v[k];

		if (l->group == e->group && l->leader && l->type != 1)
			return rule_err(err, e, -EINVAL,
					"'%s' follows '%s' in a group: the driver takes a DesignWare event only as a group's leader or after a software event (dwc_pcie_pmu_event_init); write it outside {} or first",
					e->event, l->event);
	}
	return 0;
}

/* The port's PMU for function i: the port whole, which no filter narrows */
static void port_counts(const struct pmu_family *fam, const struct pmu_list *pmus, const struct pmu *p,
			struct devmap_fn *m)
{
	fn_pmu_name(&m->requester, pmus, fam, "%s", p->name);
	m->requester.event = "Rx_PCIe_TLP_Data_Payload";
	m->requester.port_pmu = true;
}

/*
 * Each port's PMU counts the port whole: its row is the root port itself, no filter needed,
 * and every function below it is counted there with the rest of the port
 */
static void map_functions(const struct pmu_family *fam, const struct pcitopo *t, const struct pmu_list *pmus,
			  struct devmap_fn *maps)
{
	for (size_t k = 0; pmus && k < pmus->n; k++) {
		const struct pmu *p = &pmus->v[k];
		uint32_t s;

		if (p->family != fam)
			continue;
		s = sbdf_of(p);
		for (size_t i = 0; i < t->n; i++) {
			const struct pcifn *f = &t->fn[i];

			if (f->domain != s >> 16 || f->bus != ((s >> 8) & 0xff) ||
			    ((unsigned int)f->dev << 3 | f->fn) != (s & 0xff) || maps[i].requester.family)
				continue;
			for (size_t j = 0; j < t->n; j++)
				if (maps[j].at.root_port == (ssize_t)i && !maps[j].requester.family)
					port_counts(fam, pmus, p, &maps[j]);
		}
	}
}

/*
 * dwc_pcie_des_cap(): a root port whose VSEC 2, revision 4, is of one of these vendors
 * (include/linux/pcie-dwc.h dwc_pcie_rasdes_vsec_ids: Alibaba, Ampere, Qualcomm, Rockchip,
 * Samsung)
 */
static bool ras_des_root_port(const struct pmu_family *fam, const struct pcifn *f)
{
	static const uint16_t vendors[] = { 0x1ded, 0x1def, 0x17cb, 0x1d87, 0x144d };
	const struct pcicfg_vcap *v;

	(void)fam;

	if (!pcicfg_root_port(&f->cfg))
		return false;
	for (size_t i = 0; i < sizeof(vendors) / sizeof(vendors[0]); i++) {
		v = pcicfg_vcap_find(&f->cfg, false, vendors[i], 2, 0);
		if (v && v->rev == 4)
			return true;
	}
	return false;
}

const struct family_ops dwc_pcie_ops = {
	.identify = {
		.decode = decode,
		.read_extra = read_extra,
	},
	.locate = {
		.location = location,
		.fields = fields,
		.map_functions = map_functions,
	},
	.rules = {
		.check = check,
		.counter_bank = counter_bank,
	},
	.presence = {
		.pci_function = ras_des_root_port,
	},
};
