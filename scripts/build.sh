#!/usr/bin/env bash
# Builds every binary of the plugin for this machine into the plugin's
# bin/ directory (or into a copy of the marketplace with --out DIR); on
# Windows (run it from Git Bash) the binaries are named .exe.
#
#   scripts/build.sh            # into plugin/plugins/session-intelligence/bin
#   scripts/build.sh --out DIR  # copy plugin/ to DIR, build into DIR/plugins/session-intelligence/bin
#
# SI_BUILD_TAGS adds Go build tags; only the test harness sets it
# (si_testendpoint: the quota refresher accepts a loopback endpoint).
# SI_BUILD_UNTRIMMED=1 leaves out -trimpath, so the packages compile as
# go build and go test compile them and the Go build cache serves both
# (the Windows lane, scripts/windows-test.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/plugin"
if [ "${1:-}" = "--out" ]; then
  [ -n "${2:-}" ] || { echo "build.sh: --out needs a directory" >&2; exit 2; }
  out=$2
  mkdir -p "$out"
  cp -R "$root/plugin/." "$out/"
  rm -rf "$out/plugins/session-intelligence/bin"
fi
bin="$out/plugins/session-intelligence/bin"
mkdir -p "$bin"
# The slash commands (/session-intelligence:si) from shared/cc/usercmd/commands/*.md.
cmds="$out/plugins/session-intelligence/commands"
rm -rf "$cmds" && mkdir -p "$cmds" && cp "$root"/shared/cc/usercmd/commands/*.md "$cmds/"
version=$(git -C "$root" describe --tags --always --dirty 2>/dev/null || echo dev)
exe=$(go env GOEXE) # .exe where the binaries are for Windows
trimpath=-trimpath
[ "${SI_BUILD_UNTRIMMED:-}" = 1 ] && trimpath=
build() { # package dir, binary name
  CGO_ENABLED=0 go build -C "$root" $trimpath -tags "${SI_BUILD_TAGS:-}" -ldflags "-s -w -X github.com/session-intelligence/session-intelligence/shared/core/version.Stamped=$version" -o "$bin/$2$exe" "./$1"
}
for dir in "$root"/hooks/*/; do
  name=$(basename "$dir")
  [ -f "$dir/main.go" ] && build "hooks/$name" "si-$name"
done
[ -f "$root/statusline/main.go" ] && build statusline si-statusline
for dir in "$root"/commands/*/; do
  name=$(basename "$dir")
  [ -f "$dir/main.go" ] && build "commands/$name" "$name"
done
# The launcher of the hooks whose command Claude Code shows (hooks.json).
install -m 0755 "$root/scripts/si-hook.sh" "$bin/si-hook"
echo "built into $bin:"
ls -l "$bin" | awk 'NR>1 {printf "  %-24s %6.2f MB\n", $9, $5/1048576}'
