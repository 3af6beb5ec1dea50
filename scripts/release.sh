#!/usr/bin/env bash
# Cross-compiles every binary for linux, darwin and windows on amd64 and
# arm64 (static, stripped; the Windows ones named .exe) into a
# self-contained marketplace folder:
#
#   scripts/release.sh [OUT]   # default dist/session-intelligence-<version>
#   SI_RELEASE_TARGETS="linux/amd64 windows/amd64" scripts/release.sh OUT   # fewer targets (tests)
#   SI_RELEASE_VERSION=0.2.0 scripts/release.sh OUT                        # the version to publish
#
# The plugin's version in the folder's plugin.json and marketplace.json is
# SI_RELEASE_VERSION, else plugin.json's; away from the tag v<version> the
# commit is appended (0.1.0+e921166), because Claude Code refreshes an
# installed plugin only when that string changes.
#
# Each bin/<name> is a small launcher that execs bin/<os>-<arch>/<name>
# (on Windows bin/windows-<arch>/<name>.exe, from Git Bash, where Claude
# Code runs hooks there); on any other platform it prints one line and
# exits 0. Install it with
#   claude plugin marketplace add OUT && claude plugin install session-intelligence@session-intelligence
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(git -C "$root" describe --tags --always --dirty 2>/dev/null || echo dev)
manifest="$root/plugin/plugins/session-intelligence/.claude-plugin/plugin.json"
relver=${SI_RELEASE_VERSION:-$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$manifest" | head -n 1)}
[ -n "$relver" ] || { echo "release: no version in $manifest (set SI_RELEASE_VERSION)" >&2; exit 1; }
if [ "$(git -C "$root" describe --tags --exact-match 2>/dev/null)" != "v$relver" ]; then
  relver="$relver+$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo dev)"
fi
targets=${SI_RELEASE_TARGETS:-linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64}
out=${1:-$root/dist/session-intelligence-$version}
rm -rf "$out"
mkdir -p "$out"
cp -R "$root/plugin/." "$out/"
# What Claude Code laid into the checkout's plugin (its type root) is not ours to ship.
rm -rf "$out/plugins/session-intelligence/tsconfig.json" "$out/plugins/session-intelligence/.claude-plugin/types"
for f in "$out/plugins/session-intelligence/.claude-plugin/plugin.json" "$out/.claude-plugin/marketplace.json"; do
  sed -i.orig 's/^\( *"version": *"\)[^"]*"/\1'"$relver"'"/' "$f" && rm -f "$f.orig"
done
bin="$out/plugins/session-intelligence/bin"
rm -rf "$bin"
mkdir -p "$bin"
cmds="$out/plugins/session-intelligence/commands"
rm -rf "$cmds" && mkdir -p "$cmds" && cp "$root"/shared/cc/usercmd/commands/*.md "$cmds/"
names=()
for dir in "$root"/hooks/*/; do
  [ -f "$dir/main.go" ] && names+=("hooks/$(basename "$dir"):si-$(basename "$dir")")
done
[ -f "$root/statusline/main.go" ] && names+=("statusline:si-statusline")
for dir in "$root"/commands/*/; do
  [ -f "$dir/main.go" ] && names+=("commands/$(basename "$dir"):$(basename "$dir")")
done
for target in $targets; do
  goos=${target%/*} goarch=${target#*/}
  exe=
  [ "$goos" = windows ] && exe=.exe
  mkdir -p "$bin/$goos-$goarch"
  for entry in "${names[@]}"; do
    pkg=${entry%%:*} name=${entry#*:}
    CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -C "$root" -trimpath \
      -ldflags "-s -w -X github.com/session-intelligence/session-intelligence/shared/core/version.Stamped=$version" -o "$bin/$goos-$goarch/$name$exe" "./$pkg"
  done
done
for entry in "${names[@]}"; do
  install -m 0755 "$root/scripts/launcher.sh" "$bin/${entry#*:}"
done
# The hook launcher runs bin/si-EVENT, the launcher above, on every platform.
install -m 0755 "$root/scripts/si-hook.sh" "$bin/si-hook"
echo "release $relver (binaries $version) in $out"
( cd "$bin" && find . -type f -perm -u+x | sort | xargs ls -l | awk '{printf "  %-32s %6.2f MB\n", $9, $5/1048576}' )
