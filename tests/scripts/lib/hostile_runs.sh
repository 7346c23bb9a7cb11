# Shared by the hostile-inputs tests: `refused EXPECT COMMAND...` runs a command that must be
# refused (exit 2, a message holding EXPECT) and counts it in $checked; `case_file NAME LINES...`
# writes $work/NAME.toml for $case_dialect, with a table t0 of one $case_int column unless the
# lines set schema, rows, intermediate or referencing themselves. Needs $work and fail().
checked=0
refused() {
  local expect=$1; shift
  "$@" >"$work/log" 2>&1
  local status=$?
  [ "$status" = 2 ] || fail "exit $status (expected 2) for: $* :: $(tail -3 "$work/log")"
  grep -q -- "$expect" "$work/log" || fail "no '$expect' in the message for: $* :: $(tail -3 "$work/log")"
  checked=$((checked + 1))
}

case_file() {
  local name=$1; shift
  {
    echo "dialect = \"$case_dialect\""
    for line in "$@"; do echo "$line"; done
    grep -q '^schema' <<<"$*" || echo "schema = [\"CREATE TABLE t0 (c0 $case_int)\"]"
    grep -q '^rows' <<<"$*" || echo 'rows = ["INSERT INTO t0 VALUES (1)"]'
    grep -q '^intermediate' <<<"$*" || echo 'intermediate = "SELECT c0 AS vc_0 FROM t0"'
    grep -q '^referencing' <<<"$*" || echo 'referencing = "SELECT vc_0 FROM x"'
  } >"$work/$name.toml"
  echo "$work/$name.toml"
}
