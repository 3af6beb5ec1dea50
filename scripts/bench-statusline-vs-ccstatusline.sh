#!/usr/bin/env bash
# Times our status line and `npx -y ccstatusline` on the same stdin, in
# one run, and prints the ratio. Needs Go and npm (ccstatusline is fetched
# by npx on first use; the first, uncached run is not timed).
#
#   scripts/bench-statusline-vs-ccstatusline.sh [RUNS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/scripts/build.sh" --out "$work/mkt" >/dev/null
go build -C "$root" -o "$work/benchproc" ./scripts/benchproc
go run -C "$root" ./scripts/gentranscript -mb 48 -o "$work/t.jsonl" -cwd "$work/proj" >/dev/null
mkdir -p "$work/proj" "$work/home"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","model":{"id":"claude-opus-4-6","display_name":"Opus 4.6"},"workspace":{"current_dir":"%s","project_dir":"%s"},"version":"2.1.332","output_style":{"name":"default"},"cost":{"total_cost_usd":12.5,"total_duration_ms":3600000,"total_lines_added":10,"total_lines_removed":2},"context_window":{"total_input_tokens":250000,"total_output_tokens":1200,"context_window_size":1000000,"current_usage":{"input_tokens":10,"output_tokens":1200,"cache_creation_input_tokens":5000,"cache_read_input_tokens":245000},"used_percentage":25,"remaining_percentage":75}}' \
  "$work/t.jsonl" "$work/proj" "$work/proj" "$work/proj" >"$work/stdin.json"
export HOME=$work/home
npx -y ccstatusline@latest <"$work/stdin.json" >/dev/null 2>&1 || true # fetch into the npx cache
ours=$("$work/benchproc" -n "$runs" -stdin "$work/stdin.json" -label "si-statusline (verbose, 48 MB transcript)" -- "$work/mkt/plugins/session-intelligence/bin/si-statusline")
theirs=$("$work/benchproc" -n "$runs" -warm 1 -stdin "$work/stdin.json" -label "npx -y ccstatusline" -- npx -y ccstatusline@latest)
echo "$ours"
echo "$theirs"
med() { sed -n 's/.*median=\([0-9.]*\)ms.*/\1/p'; }
echo "ratio (ccstatusline / ours, medians): $(echo "scale=1; $(echo "$theirs" | med) / $(echo "$ours" | med)" | bc)x"
