// SPDX-License-Identifier: GPL-2.0
/* The PCI functions of --per-device, chosen alike by stat, top and serve: one argp child. */
#include <stdio.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"
#include "topology/pcifilter.h"

static const struct argp_option device_options[] = {
	{ "device", KEY_DEVICE, "BDF", 0, "these PCI functions only (repeatable, or BDF,BDF); -M then counts each through the PMU that sees it and the filter that selects it (pmuctl map shows both: a requester ID filter, a root port's bit, an address filter per BAR, or the root port's own PMU)", 0 },
	{ "vendor-device", 'd', "[VENDOR]:[DEVICE][:CLASS]", 0, "only these functions, as lspci -d (-d ::0200: network controllers)", 0 },
	{ "device-class", KEY_DEVICE_CLASS, "CLASS", 0, "only the functions of this class, hex as lspci prints it (0200 Ethernet, 0302 3D controller, 0108 NVMe, 0604 a switch's ports): -d ::CLASS", 0 },
	{ "device-vendor", KEY_DEVICE_VENDOR, "VENDOR", 0, "only this vendor's functions, hex as lspci -n prints it (15b3, 8086): -d VENDOR:", 0 },
	{ "socket", KEY_SOCKET, "N", 0, "only the functions of socket N", 0 },
	{ "rc", KEY_RC, "N", 0, "only the functions of RC N", 0 },
	{ "by-destination", KEY_BY_DESTINATION, NULL, 0, "each function's reads and writes split by destination (local CPU memory, local GPU memory, peers, CXL memory, the remote socket) and the share that crosses to the remote socket", 0 },
	{ 0 },
};

static error_t device_parse_opt(int key, char *arg, struct argp_state *state)
{
	struct stat_args *a = state->input;
	struct err_report err = { 0 };

	switch (key) {
	case KEY_DEVICE:
		a->device[a->ndevice++] = arg;
		break;
	case 'd':
		/* perf's -d takes no argument, so what follows it arrives here */
		if (!strchr(arg, ':'))
			jerr_argp(state, "-d '%s': pmuctl's -d is lspci's VENDOR:DEVICE (as -d 10de: or -d :22b1); "
				   "perf's -d (--detailed) adds core events, which uncore PMUs do not have", arg);
		if (pcifilter_id(&a->id, arg, &err))
			jerr_argp(state, "-d: %s", err.msg);
		a->id_given = true;
		break;
	case KEY_DEVICE_CLASS:
	case KEY_DEVICE_VENDOR: {
		/* lspci's notation, one part of it: they combine with each other and with -d */
		bool cls = key == KEY_DEVICE_CLASS;
		const char *part = cls ? "class" : "vendor", *example = cls ? "0200" : "15b3";
		char id[64];

		if (!*arg || strchr(arg, ':'))
			jerr_argp(state, "--device-%s '%s': give the %s alone, in hex (--device-%s %s)", part, arg, part,
				  part, example);
		snprintf(id, sizeof(id), cls ? "::%s" : "%s:", arg);
		if (pcifilter_id(&a->id, id, &err))
			jerr_argp(state, "--device-%s '%s': not a %s in hex (--device-%s %s)", part, arg,
				  cls ? "class" : "vendor ID", part, example);
		a->id_given = true;
		break;
	}
	case KEY_SOCKET:
		a->socket = (int)arg_number(arg, "socket", 0, 255, state);
		break;
	case KEY_RC:
		a->rc = (int)arg_number(arg, "RC", 0, 255, state);
		break;
	case KEY_BY_DESTINATION:
		a->by_destination = true;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const struct argp device_argp = { device_options, device_parse_opt, NULL, NULL, NULL, NULL, NULL };

void by_destination_check(struct argp_state *state, const struct stat_args *a, const char *rows,
			  const char *columns)
{
	if (!a->by_destination)
		return;
	if (!a->per_device)
		jerr_argp(state, "--by-destination splits the %s of --per-device: add --per-device", rows);
	if (a->metrics || a->nevent)
		jerr_argp(state, "--by-destination chooses the %s: drop %s", columns, a->metrics ? "-M" : "-e");
}
