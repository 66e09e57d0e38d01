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
	/* every vendor capability's bytes lie inside what was read */
	for (size_t i = 0; i < info.nvcaps; i++)
		if ((size_t)info.vcap[i].offset + info.vcap[i].nbytes > size || info.vcap[i].nbytes > PCICFG_VCAP_BYTES)
			abort();
	if (info.ext_walked && size < PCICFG_SPACE + 4)
		abort();
	pcicfg_free(&info);
	return 0;
}
