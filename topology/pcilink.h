/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A PCI Express function's link: what it can do (Link Capabilities, and Link Capabilities 2's
 * supported speeds), what it trained to (Link Status), and whether that is below what both
 * ends of the link support: downtrained.
 */
#ifndef PMUCTL_PCILINK_H
#define PMUCTL_PCILINK_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct pci_dev;
struct pcitopo;

struct pcilink {
	bool present;		/* a PCIe function with a link (not RC-integrated, not an event collector) */
	uint8_t port_type;	/* PCI_EXP_TYPE_*: which way the link faces */
	uint8_t cap_speed;	/* LnkCap's Max Link Speed: 1 2.5 GT/s ... 6 64 GT/s; 0 unknown */
	uint8_t cap_width;	/* LnkCap's Maximum Link Width, lanes */
	uint8_t speed, width;	/* LnkSta's negotiated speed and width; width 0: the link is down */
	uint8_t speeds;		/* LnkCap2's Supported Link Speeds Vector (bit 0: 2.5 GT/s); 0 without it */
	int8_t downtrained;	/* 1, 0, or -1: not known (no partner in sight, or the link down) */
	ssize_t partner;	/* the function at the other end, an index in its pcitopo; -1 */
};

/* The link of d, read through libpci's capability walk (sysfs and dumps alike) */
void pcilink_read(struct pci_dev *d, struct pcilink *l);
/* GT/s of a speed code, 0 when unknown */
double pcilink_gts(uint8_t speed);
/*
 * The payload bytes per second its trained link's raw rate could carry in each direction:
 * GT/s x lanes x the line code's efficiency (8b/10b to 5 GT/s, 128b/130b from 8 GT/s, 242/256
 * flit mode at 64 GT/s) / 8; 0 when down or unknown. TLP headers, DLLPs and flow control take
 * their share of it, so traffic never reaches 100%.
 */
double pcilink_bytes_per_second(const struct pcilink *l);
/* Each function's partner and whether its link is downtrained: in one pass over t, sorted */
void pcilink_judge(struct pcitopo *t);

#endif
