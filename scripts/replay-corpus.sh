#!/usr/bin/env bash
# The corpus table of si replay (docs/compaction.md, "Replayed on the corpus"): every
# recorded session of the reference corpus (../shared/corpus/transcripts
# and entire beside the checkout, or $SI_REFERENCE_DIR/corpus) replayed
# at the default settings, in a scratch home without history or Claude
# Code settings and with none of the caller's environment, printed as
# Markdown. Extra arguments go to si replay (for example
# --context-window 1m). Run from anywhere: scripts/replay-corpus.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ref=${SI_REFERENCE_DIR:-$(dirname "$root")/shared}
shopt -s nullglob
files=("$ref"/corpus/transcripts/*.jsonl "$ref"/corpus/entire/*.jsonl)
if ((${#files[@]} == 0)); then
  echo "replay-corpus: no transcripts in $ref/corpus/transcripts or $ref/corpus/entire (set SI_REFERENCE_DIR)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -C "$root" -o "$work/si" ./commands/si
mkdir "$work/home"
env -i HOME="$work/home" PATH="$PATH" "$work/si" replay --table "$@" "${files[@]}"
