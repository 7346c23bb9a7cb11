#!/usr/bin/env bash
# Prints what a throwaway MariaDB (tools/start-mariadb.sh) logged about each crash and each
# restart by tools/supervise-mariadb.sh, or nothing when it never crashed. Always exits 0.
#   tools/mariadb-crash-report.sh DIR [NAME]
dir=${1:?directory}
name=${2:-MariaDB}
log=$dir/error.log
crashes=$(grep -c "got signal" "$log" 2>/dev/null)
restarts=$(grep -c "restarting" "$dir/supervise.log" 2>/dev/null)
[ "${crashes:-0}" -gt 0 ] || [ "${restarts:-0}" -gt 0 ] || exit 0
echo "eriq: $name crashed ${crashes:-0} time(s) and was restarted ${restarts:-0} time(s);" \
  "its log about each crash:"
# Per crash: the signal, the first frames of the crashed thread's stack, and its query.
awk '/got signal/ { frames = 0; print "--"; print; next }
     /^mariadbd\(_Z/ && frames < 6 { frames++; print "  " $0; next }
     /^Query \(/ { print "  " $0 }' "$log" 2>/dev/null | cut -c1-400 | head -200
[ -s "$dir/supervise.log" ] && cat "$dir/supervise.log"
exit 0
