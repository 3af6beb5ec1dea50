#!/usr/bin/env bash
# Cross-compiles every binary for linux and darwin on amd64 and arm64
# (static, stripped) into a self-contained marketplace folder:
#
#   scripts/release.sh [OUT]   # default dist/session-intelligence-<version>
#
# Each bin/<name> is a small launcher that execs bin/<os>-<arch>/<name>;
# on any other platform it prints one line and exits 0. Install it with
#   claude plugin marketplace add OUT && claude plugin install session-intelligence@session-intelligence
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(git -C "$root" describe --tags --always --dirty 2>/dev/null || echo dev)
out=${1:-$root/dist/session-intelligence-$version}
rm -rf "$out"
mkdir -p "$out"
cp -R "$root/plugin/." "$out/"
bin="$out/plugins/session-intelligence/bin"
rm -rf "$bin"
mkdir -p "$bin"
cmds="$out/plugins/session-intelligence/commands"
rm -rf "$cmds" && mkdir -p "$cmds" && cp "$root"/commands/*.md "$cmds/"
names=()
for dir in "$root"/hooks/*/; do
  [ -f "$dir/main.go" ] && names+=("hooks/$(basename "$dir"):si-$(basename "$dir")")
done
[ -f "$root/statusline/main.go" ] && names+=("statusline:si-statusline")
for dir in "$root"/commands/*/; do
  [ -f "$dir/main.go" ] && names+=("commands/$(basename "$dir"):$(basename "$dir")")
done
for target in linux/amd64 linux/arm64 darwin/amd64 darwin/arm64; do
  goos=${target%/*} goarch=${target#*/}
  mkdir -p "$bin/$goos-$goarch"
  for entry in "${names[@]}"; do
    pkg=${entry%%:*} name=${entry#*:}
    CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -C "$root" -trimpath \
      -ldflags "-s -w -X github.com/session-intelligence/session-intelligence/shared/core/version.Stamped=$version" -o "$bin/$goos-$goarch/$name" "./$pkg"
  done
done
for entry in "${names[@]}"; do
  install -m 0755 "$root/scripts/launcher.sh" "$bin/${entry#*:}"
done
echo "release $version in $out"
( cd "$bin" && find . -type f -perm -u+x | sort | xargs ls -l | awk '{printf "  %-32s %6.2f MB\n", $9, $5/1048576}' )
