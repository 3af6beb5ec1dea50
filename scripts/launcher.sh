#!/bin/sh
# session-intelligence launcher: runs the native binary of this name built
# for this machine (bin/<os>-<arch>/<name>, with .exe on Windows, where
# Claude Code runs hooks through Git Bash: uname -s there is MINGW64_NT-…,
# MINGW32_NT-…, MSYS_NT-… or CYGWIN_NT-…). Where none fits it prints one
# line and exits 0, so a hook never breaks the session.
dir=${0%/*}
name=${0##*/}
sm=$(uname -sm) # one fork: forks are slow under Git Bash
exe=
case ${sm% *} in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  MINGW*_NT* | MSYS_NT* | CYGWIN_NT*) os=windows exe=.exe ;;
  *) os= ;;
esac
case ${sm##* } in
  x86_64 | amd64) arch=amd64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) arch= ;;
esac
bin=$dir/$os-$arch/$name$exe
if [ -n "$os" ] && [ -n "$arch" ] && [ -x "$bin" ]; then
  exec "$bin" "$@"
fi
echo "session-intelligence: no $name binary for $sm; skipped" >&2
exit 0
