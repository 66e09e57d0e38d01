/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What drivers/perf/arm-cmn.c names that more than one of pmuctl's CMN files needs: counter
 * budgets, node types, parts, and the occupancy filter an event selects by.
 */
#ifndef PMUCTL_ARM_CMN_H
#define PMUCTL_ARM_CMN_H

/* CMN_DT_NUM_COUNTERS global counters a DTC; CMN_DTM_NUM_COUNTERS local ones a DTM */
#define CMN_DTC_COUNTERS 8
#define CMN_DTM_COUNTERS 4
/* CMN_MAX_DTCS */
#define CMN_MAX_DTCS 4

/* enum cmn_node_type: the ones the rules and the map's port names need */
#define CMN_TYPE_DVM 0x1
#define CMN_TYPE_DTC 0x3
#define CMN_TYPE_HNI 0x4
#define CMN_TYPE_HNF 0x5
#define CMN_TYPE_XP 0x6
#define CMN_TYPE_SBSX 0x7
#define CMN_TYPE_RNI 0xa
#define CMN_TYPE_MTSX 0x10
#define CMN_TYPE_CXRA 0x100
#define CMN_TYPE_CXHA 0x101
#define CMN_TYPE_HNS 0x200
#define CMN_TYPE_WP 0x7770

/* enum cmn_part, and the identifier file's "%03x%02x" of part and revision */
#define PART_CMN600 0x434
#define PART_CMN650 0x436
#define PART_CMN700 0x43c
#define PART_CI700 0x43a
#define PART_CMN_S3 0x43e
#define REV_CMN600_R1P2 2

/*
 * arm_cmn_filter_sel(): the occupancy filter an event of type and eventid selects by on a
 * mesh of part: 0 none, 1 occup1id, 2 class_occup_id, 3 cbusy_snthrottle_sel, 4 hbt_lbt_sel,
 * 5 sn_home_sel
 */
int arm_cmn_filter_sel(unsigned type, unsigned id, int part);

#endif
