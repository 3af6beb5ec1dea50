#!/bin/sh
# session-intelligence launcher: runs the native binary of this name built
# for this machine (bin/<os>-<arch>/<name>). Where none fits it prints one
# line and exits 0, so a hook never breaks the session.
dir=${0%/*}
name=${0##*/}
case $(uname -sm) in
  "Linux x86_64" | "Linux amd64") target=linux-amd64 ;;
  "Linux aarch64" | "Linux arm64") target=linux-arm64 ;;
  "Darwin x86_64") target=darwin-amd64 ;;
  "Darwin arm64") target=darwin-arm64 ;;
  *) target= ;;
esac
if [ -n "$target" ] && [ -x "$dir/$target/$name" ]; then
  exec "$dir/$target/$name" "$@"
fi
echo "session-intelligence: no $name binary for $(uname -sm); skipped" >&2
exit 0
