#!/bin/bash
while read bdf rest; do
  dvsec4_reg=$(lspci -vv -s $bdf | awk '
    /Designated Vendor-Specific: Vendor=10de ID=0004/ {
      match($0, /\[([0-9a-fA-F]+)/, arr);
      print "0x" arr[1];
      exit
    }
  ')
  if [ -n "$dvsec4_reg" ]; then
    bus=$(setpci -s $bdf $(printf '0x%x' $((${dvsec4_reg} + 0xc))).b)
    segment=$(setpci -s $bdf $(printf '0x%x' $((${dvsec4_reg} + 0xd))).b)
    rp=$(setpci -s $bdf $(printf '0x%x' $((${dvsec4_reg} + 0xe))).b)
    rc=$(setpci -s $bdf $(printf '0x%x' $((${dvsec4_reg} + 0xf))).b)
    socket=$(setpci -s $bdf $(printf '0x%x' $((${dvsec4_reg} + 0x10))).b)
    echo "$bdf: Bus=$bus, Segment=$segment, RP=$rp, RC=$rc, Socket=$socket"
  fi
done < <(lspci -d 10de:)
