#!/usr/bin/env bash
# The triage page in a real browser: a short SQLite campaign plus the repository's known
# SQLite cases, `eriq-gen triage --html`, then Debian's chromium loads the page headless and
# dumps the DOM it built. The DOM must hold one group section per group of the JSON triage,
# each with its reduced case and its results side by side, and the charts with their lines.
# chromium comes from tools/setup.sh --browser (tools/test.sh and CI install it); without
# it the test says it skipped and fails when ERIQ_REQUIRE_BROWSER=1.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$root" || exit 1

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  [ "${ERIQ_REQUIRE_BROWSER:-0}" = 1 ] && fail "chromium is not installed (tools/setup.sh --browser)"
  echo "SKIPPED: chromium is not installed (tools/setup.sh --browser installs it)"
  exit 0
fi

"$bin" --seed 1 --cases 4000 --out "$work/out" --quiet >"$work/log" 2>&1 || fail "campaign: $(tail -3 "$work/log")"
for c in sqlite_right_join_union_exists sqlite_compound_affinity; do
  "$bin" --case "tests/data/cases/$c.toml" --out "$work/known" >/dev/null 2>&1
done
"$bin" reduce "$work"/known/0* >/dev/null 2>&1 || fail "reduce"
"$bin" triage "$work/out" "$work/known" --json >"$work/triage.json" || fail "triage --json"
"$bin" triage "$work/out" "$work/known" --html "$work/page.html" >/dev/null 2>&1 || fail "triage --html"

# Flags for a closed network: no background requests, no sandbox as root, a fresh profile.
timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$work/profile" --dump-dom "file://$work/page.html" \
  >"$work/dom.html" 2>"$work/browser.log" || fail "chromium: $(tail -5 "$work/browser.log")"

python3 - "$work/triage.json" "$work/dom.html" <<'PY' || exit 1
import json, sys
from html.parser import HTMLParser

triage = json.load(open(sys.argv[1]))
dom = open(sys.argv[2]).read()

class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.groups, self.cases, self.result_tables, self.charts, self.polylines = [], 0, 0, [], 0
        self.summary = ""
        self._in_summary = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "section" and "group" in classes:
            self.groups.append(a.get("data-signature"))
        if tag == "pre" and "case" in classes:
            self.cases += 1
        if tag == "table" and "results" in classes:
            self.result_tables += 1
        if tag == "figure" and "chart" in classes:
            self.charts.append(a.get("id"))
        if tag == "polyline" and a.get("points", "").strip():
            self.polylines += 1
        self._in_summary = a.get("id") == "summary"
    def handle_data(self, data):
        if self._in_summary:
            self.summary += data
            self._in_summary = False

page = Page()
page.feed(dom)
want = [g["signature"] for g in triage["groups"]]
assert len(want) >= 2, f"too few groups to test the page: {want}"
assert sorted(page.groups) == sorted(want), (page.groups, want)
assert page.cases >= len(want), f"{page.cases} reduced cases shown for {len(want)} groups"
assert page.result_tables >= len(want), f"{page.result_tables} result tables for {len(want)} groups"
assert len(page.charts) >= 3 and page.polylines >= 1, (page.charts, page.polylines)
assert f"{triage['findings']} finding(s) in {len(want)} group(s)" in page.summary, page.summary
print(f"chromium rendered {len(page.groups)} groups, {len(page.charts)} charts "
      f"({page.polylines} with lines), summary: {page.summary}")
PY
