// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: web configuration files; a file they name reads as a fixed PEM (no file system),
 * and an accepted configuration is consistent: TLS with a certificate and a key, bcrypt users.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/webconfig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int fake_read(const char *path, char **text, size_t *len)
{
	(void)path;
	*text = strdup("-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n");
	*len = *text ? strlen(*text) : 0;
	return *text ? 0 : -12;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct webconfig wc;
	char err[512] = "";

	if (!webconfig_parse((const char *)data, size, "fuzz/web.yml", fake_read, &wc, err, sizeof(err))) {
		if (wc.tls && (!wc.cert.text || !wc.key.text))
			abort();
		for (size_t i = 0; i < wc.nusers; i++)
			if (strlen(wc.users[i].hash) != 60 || !wc.users[i].name[0])
				abort();
		webconfig_free(&wc);
	} else if (strncmp(err, "fuzz/web.yml", 12)) {
		abort();	/* every error names the file */
	}
	return 0;
}
