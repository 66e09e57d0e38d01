// SPDX-License-Identifier: GPL-2.0
/* Which occupancy filter a CMN event selects by, from the driver's tables of each model. */
#include "pmu/family/arm_cmn.h"

/* HN-S (CMN-700 r3, CMN S3), CMN_EVENT_HNS_*: the filter of each event that has one */
static int hns_filter_sel(unsigned id)
{
	if (id == 0x0f)
		return 1; /* _OCC */
	if ((id >= 0x26 && id <= 0x29) || id == 0x3c)
		return 2; /* _CLS */
	if (id == 0x2a || id == 0x2b)
		return 3; /* _SNT */
	if ((id >= 0x01 && id <= 0x07) || id == 0x0a || id == 0x0b)
		return 4; /* _HBT */
	return id == 0x0d || id == 0x3b ? 5 : 0; /* _SNH */
}

/*
 * arm_cmn_filter_sel(): the occupancy filter an event selects by, from the driver's table of
 * the mesh's model (_CMN_EVENT_DVM, _HNF and _HNS with an fsel): 0 none, 1 occup1id,
 * 2 class_occup_id, 3 cbusy_snthrottle_sel, 4 hbt_lbt_sel, 5 sn_home_sel
 */
int arm_cmn_filter_sel(unsigned type, unsigned id, int part)
{
	if (type == CMN_TYPE_HNS)
		return hns_filter_sel(id);
	/* trk_occupancy on every model but CMN-600; its _cxha and _pdn forms CMN-700's only */
	if (type == CMN_TYPE_DVM)
		return (part == PART_CMN600 ? id == 0x05 :
					      id == 0x0c || (part == PART_CMN700 && (id == 0x0d || id == 0x0e))) ?
			       1 :
			       0;
	if (type != CMN_TYPE_HNF)
		return 0;
	if (id == 0x0f)
		return 1;
	if (part != PART_CMN700)
		return 0;
	return id >= 0x26 && id <= 0x29 ? 2 : id == 0x2a || id == 0x2b ? 3 : 0;
}
