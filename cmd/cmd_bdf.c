// SPDX-License-Identifier: GPL-2.0
/* pmuctl bdf: 27:01.1 <-> 0x2709, the value PMUs' BDF filters take. */
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "topology/bdf.h"

struct bdf_args {
	char **arg;
	int n;
};

static error_t bdf_parse_opt(int key, char *arg, struct argp_state *state)
{
	struct bdf_args *a = state->input;

	switch (key) {
	case ARGP_KEY_ARG:
		a->arg[a->n++] = arg;
		break;
	case ARGP_KEY_NO_ARGS:
		jerr_argp(state, "give at least one BDF, e.g. 'pmuctl bdf 27:01.1' or 'pmuctl bdf 0x2709'");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child bdf_children[] = { { &global_argp, 0, NULL, 0 }, { 0 } };

const struct argp bdf_argp = {
	NULL, bdf_parse_opt, "BDF...",
	"Convert PCI functions between lspci's [domain:]bus:device.function and the 16-bit value "
	"(bus << 8) | (device << 3) | function that PMUs' BDF filters take (pmuctl map names each "
	"function's filter). Each argument prints one line: the other form (after 'ARG -> ' when "
	"there are several). A value is hex, with or without 0x, as lspci prints them (4100 is "
	"41:00.0). A domain, when given, is reported beside the value; it is not part of the filter "
	"(the PMU is per RC / per SICL)."
	"\vExamples:\n"
	"  pmuctl bdf 27:01.1        prints 0x2709\n"
	"  pmuctl bdf 0x0108         prints 01:01.0\n"
	"  pmuctl bdf 0005:27:01.1   prints 0x2709 (domain 0005)\n"
	"  pmuctl -j bdf 35:00.0     every form, as JSON\n"
	"\nLimits: bus 0x00-0xff, device 0x00-0x1f, function 0-7.\n"
	"Note: pmuctl follows the formula, the PCIe requester ID, where a family's document gives "
	"other values in its examples (pmuctl-families(7) says which).\n\n"
	"Exit status: 0 success, 64 when an argument is not a BDF: the others are still converted "
	"(with -j, the array holds them, in order).",
	bdf_children, NULL, NULL
};

static json_t *bdf_json(const char *input, const struct bdf *b, bool was_value)
{
	char lspci[32], hex[8];
	struct bdf nodom = *b;

	nodom.domain = -1;
	bdf_format(&nodom, lspci, sizeof(lspci));
	snprintf(hex, sizeof(hex), "0x%04x", bdf_encode(b));
	return json_pack("{s:o, s:s, s:s, s:i, s:s, s:i, s:i, s:i, s:o}", "input", jout_text(input),
			 "from", was_value ? "value" : "bdf", "bdf", lspci, "value", bdf_encode(b),
			 "hex", hex, "bus", b->bus, "device", b->dev, "function", b->fn, "domain",
			 b->domain >= 0 ? json_integer(b->domain) : json_null());
}

/* input: the argument, shown before its result when there are several */
static void bdf_print(const char *input, const struct bdf *b, bool was_value)
{
	char buf[32], in[64], shown[256];

	if (input) {
		/* as read: without the white space around it */
		size_t len;

		input = bdf_trim(input, &len);
		snprintf(in, sizeof(in), "%.*s", (int)len, input);
		printf("%s -> ", safe_str(in, shown, sizeof(shown)));
	}
	if (was_value) {
		bdf_format(b, buf, sizeof(buf));
		printf("%s\n", buf);
		return;
	}
	printf("0x%04x", bdf_encode(b));
	if (b->domain >= 0)
		printf(" (domain %04llx)", (unsigned long long)b->domain);
	printf("\n");
	if (settings.verbose)
		p_info("bus 0x%02x, device 0x%02x, function %u: (0x%02x << 8) | (0x%02x << 3) | %u",
		       b->bus, b->dev, b->fn, b->bus, b->dev, b->fn);
}

int cmd_bdf(int argc, char **argv)
{
	struct bdf_args a = { .arg = calloc((size_t)argc, sizeof(char *)) };
	json_t *arr = NULL;
	int ret = EXIT_OK;

	if (!a.arg)
		return EXIT_FAIL;
	cmd_parse(&bdf_argp, argc, argv, &a);
	if (settings.json)
		arr = json_array();
	for (int i = 0; i < a.n; i++) {
		struct err_report err = { 0 };
		struct bdf b;
		bool was_value;

		if (bdf_parse_any(a.arg[i], &b, &was_value, &err)) {
			char buf[256];

			p_err("%s", safe_str(err.msg, buf, sizeof(buf)));
			ret = EXIT_USAGE;
			continue;
		}
		if (arr)
			json_array_append_new(arr, bdf_json(a.arg[i], &b, was_value));
		else
			bdf_print(a.n > 1 ? a.arg[i] : NULL, &b, was_value);
	}
	/* a bad argument fails the run: its error document alone on stdout, not a list before it */
	if (arr && ret)
		json_decref(arr);
	else if (arr && jout_emit(arr))
		ret = EXIT_FAIL;
	free(a.arg);
	return ret;
}
