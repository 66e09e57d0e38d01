#!/bin/sh
# The layout issue 26 asks to keep: no file of cmd/ topology/ lib/ names a family (generic code
# asks the descriptor), no generic file includes a family's own header (only its driver module
# may: BlueField's hwmon counting), no vendor id or capability decoded outside pmu/family/, and no source file of cmd/ pmu/ topology/ lib/ over 600 lines.
cd "$(dirname "$0")/.." || exit 1
status=0
named=$(git grep -n '&family_\|family_t410\|family_hns3\|family_bluefield' -- cmd topology lib)
if [ -n "$named" ]; then
	printf '%s\n  (a family named outside pmu/family/: ask its descriptor instead)\n' "$named"
	status=1
fi
# a vendor's capability decoded outside its family (issue 42: the NVIDIA DVSEC lived in topology/)
vendor=$(git grep -n -i -E 'nv_dvsec|0x10de|0x19e5|0x1ded|0x16c3' -- cmd topology lib)
if [ -n "$vendor" ]; then
	printf '%s\n  (a vendor id or capability outside pmu/family/: a family hook reads it)\n' "$vendor"
	status=1
fi
own=$(git grep -n '#include "pmu/family/' -- cmd topology lib ':(glob)pmu/*.[ch]' pmu/metrics |
	grep -v 'pmu/family/family.h"\|pmu/family/families.h"')
if [ -n "$own" ]; then
	printf '%s\n  (a family'"'"'s own header outside pmu/family/: add a descriptor hook instead)\n' "$own"
	status=1
fi
for f in cmd/*.[ch] cmd/*/*.[ch] pmu/*.[ch] pmu/*/*.[ch] topology/*.[ch] lib/*.[ch]; do
	n=$(wc -l <"$f")
	if [ "$n" -gt 600 ]; then
		echo "$f: $n lines (at most 600: one idea a file)"
		status=1
	fi
done
exit $status
