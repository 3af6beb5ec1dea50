#!/bin/sh
# session-intelligence hook launcher. `si-hook pre-compact` runs the hook
# binary si-pre-compact beside it, so that the command Claude Code shows
# on the screen after a /compact is short. It keeps the crash guard a
# hook command needs: a Go program that dies of a fatal runtime error
# exits 2, which Claude Code reads as "block", so any status but 0 runs
# the binary again with --crashed STATUS (which logs one line) and this
# script ends 0 whatever happened. Claude Code runs hook commands through
# sh (Git Bash on Windows, which finds si-pre-compact.exe without .exe).
# It costs one sh start, so only the hooks whose command Claude Code
# shows use it; the ones that run on every tool call do not.
# --version answers as every binary does, with the version of the
# binaries beside it (the launcher itself is not stamped).
if [ "${1:-}" = --version ]; then
  v=$("${0%/*}/si-pre-compact" --version 2>/dev/null) || exit 1
  echo "si-hook ${v#* }"
  exit 0
fi
bin=${0%/*}/si-${1:-}
[ $# -gt 0 ] && shift
"$bin" "$@" || "$bin" --crashed $?
exit 0
