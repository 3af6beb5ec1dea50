package line

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with testdata/<name>.golden.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := "testdata/" + name + ".golden"
	if *update {
		must(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	// The one path the golden files show is the project's under ~, which
	// Windows shows as ~\work\… (doubled in the quoted colour forms).
	if runtime.GOOS == "windows" {
		got = strings.NewReplacer(`~\\work\\`, "~/work/", `~\work\`, "~/work/").Replace(got)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestFieldsGolden renders every field alone, colour off and on.
func TestFieldsGolden(t *testing.T) {
	f := newFixture(t)
	names := FieldNames()
	slices.Sort(names)
	for _, colors := range []bool{false, true} {
		var b strings.Builder
		for _, name := range names {
			if name == "newline" {
				continue
			}
			fmt.Fprintf(&b, "%-12s %q\n", name, f.render(f.input(425_000), colors, []string{name}, ""))
		}
		golden(t, fmt.Sprintf("fields-color-%v", colors), b.String())
	}
}

// TestPresetsGolden renders every preset with colour on and off.
func TestPresetsGolden(t *testing.T) {
	f := newFixture(t)
	for _, preset := range []string{"minimal", "standard", "verbose", "verbose-cache"} {
		for _, colors := range []bool{false, true} {
			got := f.render(f.input(425_000), colors, nil, preset)
			if colors {
				got = fmt.Sprintf("%q\n", got)
			}
			golden(t, fmt.Sprintf("preset-%s-color-%v", preset, colors), got+"\n")
		}
	}
}

// full is the fixture's payload with everything Claude Code sends only
// in some sessions: a session name, a pull request, a worktree, a
// gateway's spend limit, and a warm prompt cache 40 s from expiry.
func (f *fixture) full(tokens int64) *Input {
	return f.with(tokens, map[string]string{
		"session_name": `"statusline work"`,
		"pr":           `{"number":42,"url":"https://github.com/o/r/pull/42","review_state":"approved"}`,
		"worktree":     `{"name":"statusline","path":"/w/statusline","branch":"feat/statusline","original_cwd":"/w","original_branch":"main"}`,
		"rate_limits": fmt.Sprintf(`{"five_hour":{"used_percentage":36,"resets_at":%d},"seven_day":{"used_percentage":95,"resets_at":%d},
			"spend_limit":{"used_percentage":62.4,"resets_at":%d,"used_usd":31.2,"limit_usd":50,"period":"monthly"}}`,
			clock.Add(82*time.Minute).Unix(), clock.Add(29*time.Hour).Unix(), clock.Add(12*24*time.Hour).Unix()),
		"prompt_cache": fmt.Sprintf(`{"warm":true,"caching_observed":true,"ttl":"5m","expires_at":%d,"requests":40,"misses":2,
			"expected_rebuilds":0,"hit_ratio":0.91,"cache_write_tokens":300000,"miss_recache_tokens":120000,"last_miss_at":null,
			"last_miss_cause":null,"miss_causes":{},"recache_tokens_if_cold":50000}`, clock.Add(40*time.Second).Unix()),
	})
}

// TestFullPayloadGolden renders the new fields alone and the verbose
// presets with the full payload.
func TestFullPayloadGolden(t *testing.T) {
	f := newFixture(t)
	for _, colors := range []bool{false, true} {
		var b strings.Builder
		for _, name := range []string{"tokens", "autoCompact", "cacheHit", "cacheExpiry", "spendLimit", "sessionName", "pr", "worktree"} {
			fmt.Fprintf(&b, "%-12s %q\n", name, f.render(f.full(425_000), colors, []string{name}, ""))
		}
		for _, preset := range []string{"verbose", "verbose-cache"} {
			got := f.render(f.full(425_000), colors, nil, preset)
			if colors {
				got = fmt.Sprintf("%q", got)
			}
			fmt.Fprintf(&b, "%s:\n%s\n", preset, got)
		}
		golden(t, fmt.Sprintf("full-color-%v", colors), b.String())
	}
}
