/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An Arm CMN mesh's node map, as arm-cmn.c's debugfs file arm-cmn/map (map_<N> for
 * arm_cmn_<N>, N > 0) prints it: the grid of crosspoints, each port's device type and the
 * logical id of each node there. sysfs has none of it: nodeid, (x, y, port, device) packed by the
 * mesh's size, can be named and checked only with this file.
 */
#ifndef PMUCTL_ARM_CMN_MAP_H
#define PMUCTL_ARM_CMN_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A node the map shows: every node of a type from HN-I up but crosspoints (arm_cmn_show_logid) */
struct cmn_map_node {
	uint16_t nodeid;
	uint16_t logid;
	uint8_t x, y, port, dev;
	char type[12]; /* its port's device type, "HN-F", "RN-I" (arm_cmn_device_type) */
};

/* CMN_MAX_DIMENSION */
#define CMN_MAP_DIM 12

struct cmn_map {
	unsigned mesh_x, mesh_y;
	unsigned ports; /* the port rows of each crosspoint: fls(ports_used) */
	/*
	 * Before e79634b53e39 (v6.11, in 6.10.y) node ids packed port and device alike on every
	 * crosspoint, wide as soon as one had a port past 1, with at least 2 XY bits; since, each
	 * crosspoint by its own ports
	 */
	bool legacy;
	bool phantoms; /* cells below a port with no device: only the per-crosspoint driver prints them */
	uint8_t xp_ports[CMN_MAP_DIM * CMN_MAP_DIM]; /* each crosspoint's ports with a device, bit p */
	int8_t xp_dtc[CMN_MAP_DIM * CMN_MAP_DIM]; /* each crosspoint's DTC domain; -1 not known */
	size_t n;
	struct cmn_map_node v[];
};

/*
 * The map in text, or NULL when it is not arm_cmn_map_show's; free() it. legacy: the kernel's
 * release is older than the per-crosspoint ids, taken unless the map shows it is not
 */
struct cmn_map *cmn_map_parse(const char *text, size_t len, bool legacy);
/* arm_cmn_nid() backwards: the id of (x, y, port, dev) on this mesh */
uint16_t cmn_map_nodeid(const struct cmn_map *m, unsigned x, unsigned y, unsigned port,
			unsigned dev);
/* The node at nodeid, or NULL */
const struct cmn_map_node *cmn_map_find(const struct cmn_map *m, unsigned nodeid);
/* Whether nodeid is a crosspoint's (port 0, device 0 of a grid position) */
int cmn_map_is_xp(const struct cmn_map *m, unsigned nodeid);
/*
 * Whether the map would show a node at nodeid: 1 inside the grid on a port it prints, device 0
 * or 1; -1 a device past 1 there (arm_cmn_map_show prints none); 0 no position of the mesh
 */
int cmn_map_shows(const struct cmn_map *m, unsigned nodeid);
/* Whether a node on a port of device type port ("RN-D") can be of node type type (0xa) */
bool cmn_map_port_fits(unsigned type, const char *port);
/* Whether the ports a node type sits on are known (cmn_map_port_fits says true for others) */
bool cmn_map_type_known(unsigned type);

#endif
