// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: config space bytes of any length through the capability walks. */
#include <stdint.h>
#include <stdlib.h>
#include "topology/pcicfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pcicfg info;

	pcicfg_decode(data, size, &info);
	/* the RC map bytes must lie inside what was read */
	if (info.has_nv_dvsec && (size_t)info.dvsec.offset + 0x11 > size)
		abort();
	if (info.ext_walked && size < PCICFG_SPACE + 4)
		abort();
	return 0;
}
