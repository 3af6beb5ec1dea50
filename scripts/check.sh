#!/usr/bin/env bash
# The static gates CI runs beside the test suite: formatting, go vet (for
# this platform and for Windows), a build of every package and binary for
# windows/amd64, windows/arm64 and darwin/arm64, staticcheck at a pinned version
# (installed into the cache folder on first use), and the race detector on
# every package that does not drive the real Claude Code CLI. Any finding
# fails the script.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/session-intelligence"
staticcheck_version=v0.8.2

echo "== gofmt"
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
  echo "gofmt: these files need formatting:" >&2
  echo "$unformatted" >&2
  exit 1
fi

echo "== go vet"
go vet ./...

echo "== go vet (windows)"
GOOS=windows go vet ./...

echo "== cross-compile (windows/amd64, windows/arm64, darwin/arm64)"
# Every package, and every binary linked (as release.sh builds them, less
# the stamping) into a scratch directory that is thrown away.
xbin=$(mktemp -d)
trap 'rm -rf "$xbin"' EXIT
for target in windows/amd64 windows/arm64 darwin/arm64; do
  CGO_ENABLED=0 GOOS=${target%/*} GOARCH=${target#*/} go build -o "$xbin/" ./...
done

echo "== staticcheck $staticcheck_version"
sc="$cache/staticcheck-$staticcheck_version/staticcheck"
if [ ! -x "$sc" ]; then
  GOBIN="$(dirname "$sc")" go install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version"
fi
"$sc" ./...

echo "== go test -race (packages without end-to-end tests)"
# shared/testkit/e2e and shared/testkit/cctest run the real CLI; their timing is not ours
# to race-check and they would take most of CI's time under -race.
pkgs=$(go list ./... | grep -v -E '/shared/testkit/(e2e|cctest)$')
CGO_ENABLED=1 go test -race -count=1 -timeout 15m $pkgs
