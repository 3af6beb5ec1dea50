#!/usr/bin/env bash
# Compares two revisions whole-process, on the hot paths with speed
# targets (PostToolUse, the status line, UserPromptSubmit, SessionStart,
# PreCompact, si get), on the same 48 MB transcript. Each revision gets
# its own HOME (caches of different versions must not evict each other)
# and the runs alternate A, B, A, B, so a machine that gets busier meanwhile
# affects both alike; the figure to read is the median of the pairwise
# differences B−A, of wall time and of CPU time (user + system, which a
# machine shared with others disturbs least).
#
#   scripts/bench-compare.sh REV_A [REV_B]   # REV_B defaults to the work tree
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: bench-compare.sh REV_A [REV_B]" >&2; exit 2; }
n=${BENCH_RUNS:-300}
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/src-a" >/dev/null 2>&1 || true; git -C "$root" worktree remove --force "$work/src-b" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
build() { # rev, side
  local src="$root"
  if [ -n "$1" ]; then
    git -C "$root" worktree add -q --detach "$work/src-$2" "$1"
    src="$work/src-$2"
  fi
  "$src/scripts/build.sh" --out "$work/mkt-$2" >/dev/null
}
build "$1" a
build "${2:-}" b
go build -C "$root" -o "$work/benchproc" ./scripts/benchproc
go run -C "$root" ./scripts/gentranscript -mb 48 -o "$work/t48.jsonl" -cwd "$work/proj" >/dev/null
mkdir -p "$work/proj/src/auth" "$work/home-a" "$work/home-b"
echo 'package auth' >"$work/proj/src/auth/login.go"
last=$(grep -o '"id":"toolu_synth[0-9]*"' "$work/t48.jsonl" | tail -1 | cut -d'"' -f4)
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"%s/src/auth/login.go"},"tool_response":{"type":"text","file":{"filePath":"%s/src/auth/login.go","content":"package auth"}},"tool_use_id":"%s"}' \
  "$work/t48.jsonl" "$work/proj" "$work/proj" "$work/proj" "$last" >"$work/post.json"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","model":{"id":"claude-opus-4-6","display_name":"Opus 4.6"},"workspace":{"current_dir":"%s"},"output_style":{"name":"default"},"cost":{"total_cost_usd":12.5,"total_duration_ms":3600000},"context_window":{"context_window_size":1000000,"current_usage":null}}' \
  "$work/t48.jsonl" "$work/proj" "$work/proj" >"$work/sl.json"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"UserPromptSubmit","prompt":"thanks!"}' "$work/t48.jsonl" "$work/proj" >"$work/ups.json"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"SessionStart","source":"resume"}' "$work/t48.jsonl" "$work/proj" >"$work/start.json"
printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","hook_event_name":"PreCompact","trigger":"manual","custom_instructions":null}' "$work/t48.jsonl" "$work/proj" >"$work/pre.json"
for s in a b; do
  mkdir -p "$work/home-$s/.claude/session-intelligence/sessions/bench"
  touch "$work/home-$s/.claude/session-intelligence/learned"
  for i in $(seq 1 200); do
    printf '{"t":%d,"tok":%d,"tool":"Read","root":"src/d%d","file":"src/d%d/f.go"}\n' "$i" "$((i * 1000))" "$((i % 12))" "$((i % 12))"
  done >"$work/home-$s/.claude/session-intelligence/sessions/bench/shape.jsonl"
done
bin() { echo "$work/mkt-$1/plugins/session-intelligence/bin/$2"; }
cmp() { # label, stdin file ("" for none), binary, args...
  local label=$1 in=$2 b=$3; shift 3
  local stdin=()
  [ -n "$in" ] && stdin=(-stdin "$in")
  "$work/benchproc" -n "$n" "${stdin[@]}" -label "$label" \
    -enva "HOME=$work/home-a" -enva "CLAUDE_PLUGIN_DATA=$work/data-a" -enva "CLAUDE_PLUGIN_ROOT=$work/mkt-a/plugins/session-intelligence" \
    -envb "HOME=$work/home-b" -envb "CLAUDE_PLUGIN_DATA=$work/data-b" -envb "CLAUDE_PLUGIN_ROOT=$work/mkt-b/plugins/session-intelligence" \
    -- "$(bin a "$b")" "$@" --vs "$(bin b "$b")" "$@"
}
echo "A = ${1}, B = ${2:-work tree}; $n alternating runs each"
cmp "PostToolUse warm (48 MB)" "$work/post.json" si-post-tool-use
cmp "status line warm (verbose)" "$work/sl.json" si-statusline
cmp "UserPromptSubmit, silent" "$work/ups.json" si-user-prompt-submit
cmp "SessionStart, nothing to do" "$work/start.json" si-session-start
cmp "PreCompact (48 MB, full shape log)" "$work/pre.json" si-pre-compact
cmp "si get compact.threshold" "" si get compact.threshold
echo "== binary sizes (A → B)"
for f in "$work/mkt-b/plugins/session-intelligence/bin"/*; do
  name=$(basename "$f")
  a=$(stat -c %s "$(bin a "$name")" 2>/dev/null || echo 0)
  printf '%-24s %.2f → %.2f MB\n' "$name" "$(echo "$a / 1048576" | bc -l)" "$(echo "$(stat -c %s "$f") / 1048576" | bc -l)"
done
