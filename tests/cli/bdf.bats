#!/usr/bin/env bats
load helpers

@test "bdf 27:01.1 is (bus << 8) | (device << 3) | function" {
	pmuctl bdf 27:01.1
	[ "$status" -eq 0 ]
	[ "$output" = "0x2709" ]
}

@test "bdf decodes a 16-bit value" {
	pmuctl bdf 0x0108
	[ "$status" -eq 0 ]
	[ "$output" = "01:01.0" ]
	pmuctl bdf 0x2781
	[ "$output" = "27:10.1" ]
}

@test "bdf reports the domain of lspci -s syntax" {
	pmuctl bdf 0005:27:01.1
	[ "$status" -eq 0 ]
	[ "$output" = "0x2709 (domain 0005)" ]
}

@test "bdf takes several arguments, one line each, naming its argument" {
	pmuctl bdf 35:00.0 35:00.1 35:01.0
	[ "$output" = "$(printf '35:00.0 -> 0x3500\n35:00.1 -> 0x3501\n35:01.0 -> 0x3508')" ]
	# one argument: the other form alone, for $(pmuctl bdf ...)
	pmuctl bdf 35:01.0
	[ "$output" = 0x3508 ]
}

@test "bdf: a bare value is hex as lspci prints it, white space is trimmed, the hint is right" {
	pmuctl bdf 4100 0x4100 0X0108 ' 27:01.1 ' "$(printf '\t0x2709\n')"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '4100 -> 41:00.0\n0x4100 -> 41:00.0\n0X0108 -> 01:01.0\n27:01.1 -> 0x2709\n0x2709 -> 27:01.1')" ]
	pmuctl bdf zz
	[ "$status" -eq 64 ]
	# 27:01.1 is 0x2709 by the formula: the hint must not repeat the document's wrong pair
	[ "$output" = "pmuctl: error: invalid BDF 'zz': expected bus:device.function (27:01.1) or its 16-bit value in hex (0x2709)" ]
	pmuctl bdf 10000
	[ "$status" -eq 64 ]
	[ "$output" = "pmuctl: error: invalid BDF value '10000': above 0xffff (bus 0xff, device 0x1f, function 7)" ]
}

@test "bdf rejects out-of-range fields with exit 64 and names the field" {
	pmuctl bdf 27:20.1
	[ "$status" -eq 64 ]
	[ "$output" = "pmuctl: error: invalid BDF '27:20.1': device 0x20 is above 0x1f" ]
	pmuctl bdf 27:01.8
	[ "$status" -eq 64 ]
	[[ "$output" == *"function 0x8 is above 0x7"* ]]
	pmuctl bdf 100:00.0
	[[ "$output" == *"bus 0x100 is above 0xff"* ]]
	pmuctl bdf 0x10000
	[ "$status" -eq 64 ]
	[[ "$output" == *"above 0xffff"* ]]
}

@test "bdf -j gives every form" {
	pmuctl -j bdf 0005:27:01.1
	[ "$status" -eq 0 ]
	[ "$output" = '[{"input":"0005:27:01.1","from":"bdf","bdf":"27:01.1","value":9993,"hex":"0x2709","bus":39,"device":1,"function":1,"domain":5}]' ]
}

@test "bdf without arguments is a usage error" {
	pmuctl bdf
	[ "$status" -eq 64 ]
	[[ "$output" == *"give at least one BDF"* ]]
}

@test "every 'prints' example of bdf --help is true" {
	pmuctl bdf --help
	examples=$(grep -E '^  pmuctl bdf .* prints ' <<<"$output")
	[ -n "$examples" ]
	while read -r _ _ arg _ want; do
		pmuctl bdf "$arg"
		[ "$output" = "$want" ]
	done <<<"$examples"
}
