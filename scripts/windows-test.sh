#!/usr/bin/env bash
# The Windows lane: the Windows build of every package that has no
# end-to-end test runs its tests under Wine, and the Windows hooks and
# status line run real payloads (shared/testkit/winlane).
#
#   scripts/windows-test.sh            # every such package
#   scripts/windows-test.sh ./shared/core/fsutil/ -run TestX   # some, with go test flags
#
# It installs Debian's wine64 and mingw-w64 when they are missing (as
# root, or with sudo), builds the ProcessPrng stand-in that Go needs and
# Wine 8 lacks (scripts/windows/processprng.c), keeps a private Wine
# prefix under the cache folder (never ~/.wine), and builds the test
# binaries with the one Wine accommodation (scripts/windows/wine-overlay.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/session-intelligence/wine"
mkdir -p "$cache"

# Debian's packages, once.
wine_bin() { command -v wine64 || { [ -x /usr/lib/wine/wine64 ] && echo /usr/lib/wine/wine64; } || command -v wine; }
if ! wine_bin >/dev/null || ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  pkgs="wine64 gcc-mingw-w64-x86-64-win32"
  echo "== installing $pkgs"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -qq --no-install-recommends $pkgs >/dev/null ||
    { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends $pkgs >/dev/null; }
fi
export WINE
WINE=$(wine_bin)
wineserver=$(dirname "$(readlink -f "$WINE")")/wineserver
[ -x "$wineserver" ] || wineserver=$(command -v wineserver)
echo "== $("$WINE" --version), $(x86_64-w64-mingw32-gcc --version | head -1)"

# The private prefix, made once, with the ProcessPrng stand-in in its
# system32 (rebuilt from source every run: a second of work).
export WINEPREFIX="$cache/prefix" WINEDEBUG=-all
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  echo "== creating the Wine prefix $WINEPREFIX"
  WINEDLLOVERRIDES="mscoree,mshtml=" "$WINE" wineboot --init >/dev/null 2>&1
fi
x86_64-w64-mingw32-gcc -shared -O2 -s -Wall -Werror -o "$cache/bcryptprimitives.dll" \
  scripts/windows/processprng.c -ladvapi32
cp "$cache/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
# One wineserver for the whole run, kept for a minute after its last
# program ends (it fails when one already serves the prefix, which is as
# good): each test binary then starts in well under a second instead of
# booting Wine anew while the next package compiles, and the server ends
# by itself, also when another run shares it.
"$wineserver" -p60 2>/dev/null || true

overlay=$(scripts/windows/wine-overlay.sh "$cache/overlay")

# The plugin as a Windows user has it, for shared/testkit/winlane.
plugin="$cache/plugin"
rm -rf "$plugin"
GOOS=windows GOARCH=amd64 scripts/build.sh --out "$plugin" >/dev/null
export SI_WINDOWS_PLUGIN="Z:${plugin//\//\\}"

# Tests not run on Windows yet, by name, each with why (go test -skip):
# - TestScripts: the binaries' testscript (txtar) scripts run sh, sed,
#   head and shell-script stand-ins for claude; on Windows the binaries
#   are run on real payloads by shared/testkit/winlane instead.
skip='^TestScripts$'
if [ $# -gt 0 ]; then
  set -- -overlay "$overlay" "$@"
else
  set -- -overlay "$overlay" -skip "$skip" $(go list ./... | grep -v -E '/shared/testkit/(e2e|cctest)$')
fi
echo "== go test under Wine (windows/amd64)"
start=$(date +%s)
GOOS=windows GOARCH=amd64 go test -count=1 -timeout 20m -exec "$root/scripts/windows/wine-exec" "$@"
echo "== Windows lane: $(($(date +%s) - start)) s of tests"
