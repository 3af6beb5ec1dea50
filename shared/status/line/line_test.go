package line

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
)

// TestZoneColourAtBorders: the token bar takes the zone's colour exactly
// at each border.
func TestZoneColourAtBorders(t *testing.T) {
	f := newFixture(t)
	for _, tt := range []struct {
		tokens int64
		style  string
	}{
		{150_000, green}, {199_999, green}, {200_000, yellow}, {299_999, yellow},
		{300_000, orange}, {399_999, orange}, {400_000, red}, {900_000, red},
	} {
		got := f.render(f.input(tt.tokens), true, []string{"tokens"}, "")
		if !strings.HasPrefix(got, tt.style+"▰") && !strings.HasPrefix(got, tt.style+"▱") {
			t.Errorf("%d tokens: %q, want style %q", tt.tokens, got, tt.style)
		}
	}
}

// TestTokenSources: stdin first, then the transcript, then the estimate
// (marked ~); the cap from stdin, the config, then the model id.
func TestTokenSources(t *testing.T) {
	f := newFixture(t)
	if got := f.render(f.input(425_000), false, []string{"tokens"}, ""); !strings.Contains(got, " 425k/1M · 542k to auto-compact") {
		t.Errorf("stdin source: %q", got)
	}
	// After /compact Claude Code sends null usage: the transcript's last
	// response (after the boundary) gives 420k.
	if got := f.render(f.input(-1), false, []string{"tokens"}, ""); !strings.Contains(got, " 420k/1M") {
		t.Errorf("transcript source: %q", got)
	}
	noTranscript := f.input(-1)
	noTranscript.TranscriptPath = filepath.Join(f.home, "missing.jsonl")
	if got := f.render(noTranscript, false, []string{"tokens"}, ""); !strings.Contains(got, " ~90k/1M") {
		t.Errorf("estimate source: %q", got)
	}
	for _, tt := range []struct {
		id   string
		want string
	}{
		// Claude Code's own table (package autocompact): Opus 4.6 is a
		// 200k model, Opus 4.7 and later 1M.
		{"claude-haiku-4-5", "/200k"}, {"claude-sonnet-4-5[1m]", "/1M"}, {"claude-opus-4-6", "/200k"}, {"claude-opus-4-7", "/1M"},
		{"claude-3-5-sonnet", "/200k"},
	} {
		f.smallTranscript(t)
		in := f.input(100_000)
		in.Context.WindowSize = nil
		in.Model.ID, in.Model.DisplayName = tt.id, ""
		if got := f.render(in, false, []string{"tokens"}, ""); !strings.Contains(got, tt.want) {
			t.Errorf("cap for %s: %q, want %s", tt.id, got, tt.want)
		}
	}
}

// TestBadStdin: empty, truncated, and null-filled stdin still render
// what can be rendered, never an error.
func TestBadStdin(t *testing.T) {
	f := newFixture(t)
	for name, payload := range map[string]string{
		"empty":     "",
		"truncated": `{"session_id":"x","model":{"display_name":"Op`,
		"nulls": `{"session_id":null,"model":null,"cost":null,"context_window":null,"workspace":null,"output_style":null,"rate_limits":null,
			"prompt_cache":null,"pr":null,"worktree":null,"session_name":null}`,
		"wrong": `{"model":"opus","cost":"lots","context_window":[1,2],"cwd":42,"prompt_cache":"warm","pr":[1],"worktree":7,
			"session_name":{},"rate_limits":{"spend_limit":"all"}}`,
		"garbage": "\x00\xff not json",
	} {
		got := f.render(Decode([]byte(payload)), false, nil, "verbose")
		if strings.Contains(got, "panic") || strings.Contains(got, "error") || strings.Contains(got, "%!") {
			t.Errorf("%s: %q", name, got)
		}
		if !strings.Contains(got, "–/200k") {
			t.Errorf("%s: token cell missing: %q", name, got)
		}
	}
}

// TestBadTranscripts: missing, truncated mid-line, a directory and a
// 2 GB sparse file: the redraw renders (BenchmarkBadTranscript times the
// 2 GB one).
func TestBadTranscripts(t *testing.T) {
	f := newFixture(t)
	trunc := filepath.Join(f.home, "trunc.jsonl")
	must(t, os.WriteFile(trunc, []byte(transcriptText()+`{"type":"assistant","message":{"id":"m9","usage":{"input_tok`), 0o600))
	for name, path := range map[string]string{"missing": filepath.Join(f.home, "nope"), "truncated": trunc, "dir": f.home, "2GB": hugeTranscript(t, f)} {
		in := f.input(-1)
		in.TranscriptPath = path
		got := f.render(in, false, []string{"tokens", "tokenFlow", "compactAge"}, "")
		if !strings.Contains(got, "/1M") {
			t.Errorf("%s: %q", name, got)
		}
	}
}

// hugeTranscript is a 2 GB sparse file of NUL bytes, no newline.
func hugeTranscript(t testing.TB, f *fixture) string {
	t.Helper()
	huge := filepath.Join(f.home, "huge.jsonl")
	fh, err := os.Create(huge)
	must(t, err)
	must(t, fh.Truncate(2<<30))
	must(t, fh.Close())
	return huge
}

// TestChainComposeAndSanitize covers the chain knobs and what is kept of
// a previous command's output.
func TestChainComposeAndSanitize(t *testing.T) {
	c := Chain{Sep: "\n"}
	if got := c.Compose("ours", "prev"); got != "ours\nprev" {
		t.Errorf("default order: %q", got)
	}
	c.PrevFirst, c.Sep = true, " | "
	if got := c.Compose("ours", "prev"); got != "prev | ours" {
		t.Errorf("prev first: %q", got)
	}
	if got := (Chain{NoPrev: true, Sep: "\n"}).Compose("ours", "prev"); got != "ours" {
		t.Errorf("no prev: %q", got)
	}
	if got := (Chain{NoIntel: true, Sep: "\n"}).Compose("ours", "prev"); got != "prev" {
		t.Errorf("no intel: %q", got)
	}
	dirty := "\x1b[2J\x1b[H\x1b[32mgreen\x1b[0m \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ \x07bell\xff\n1\n2\n3\n4\n5\n6\n7\n"
	want := "\x1b[32mgreen\x1b[0m \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ bell\uFFFD\n1\n2\n3\n4\n5"
	if got := Sanitize([]byte(dirty)); got != want {
		t.Errorf("Sanitize = %q, want %q", got, want)
	}
}

// TestPreviousCommand runs a real previous status line: one that works,
// one that hangs (killed at the timeout), one that prints garbage.
func TestPreviousCommand(t *testing.T) {
	gitBash(t)
	stdin := []byte(`{"session_id":"s"}`)
	if got := runPrevious(t.Context(), `read x; echo "prev:$x"`, stdin, nil, time.Second); got != `prev:{"session_id":"s"}` {
		t.Errorf("working command: %q", got)
	}
	start := time.Now()
	if got := runPrevious(t.Context(), `while :; do :; done; echo late`, stdin, nil, 200*time.Millisecond); got != "" || time.Since(start) > 2*time.Second {
		t.Errorf("hanging command: %q after %v", got, time.Since(start))
	}
	if got := runPrevious(t.Context(), garbage, stdin, nil, time.Second); got == "" || len(got) > maxPrevBytes || strings.ContainsRune(got, '\x00') {
		t.Errorf("garbage command: %d bytes", len(got))
	}
}

// garbage prints 90 KB of text with NUL bytes, bytes that are not UTF-8
// and screen-clearing escapes in it.
const garbage = `i=0; while [ $i -lt 3000 ]; do printf 'ab\0\377\033[2Jcdefghijklmnopqrstuvwxy'; i=$((i+1)); done`

// TestMainChain runs Main end to end with a wired previous command.
func TestMainChain(t *testing.T) {
	gitBash(t)
	f := newFixture(t)
	must(t, os.MkdirAll(f.dirs.State, 0o700))
	must(t, os.WriteFile(wiring.File(f.dirs), []byte(`{"previous":"echo PREV-LINE"}`), 0o600))
	f.env["NO_COLOR"] = "1"
	f.env["CLAUDE_STATUSLINE_FIELDS"] = "project"
	var out bytes.Buffer
	payload := []byte(`{"session_id":"x","cwd":"/home/dev/proj","model":{"id":"claude-opus-5-5","display_name":"Opus 5.5"}}`)
	code := Main(nil, IO{IO: proc.IO{Stdin: bytes.NewReader(payload), Stdout: &out, Getenv: f.getenv, Environ: os.Environ, Now: time.Now}})
	if code != 0 || out.String() != "proj\nPREV-LINE\n" {
		t.Errorf("Main = %d %q", code, out.String())
	}
}

// TestAdaptiveZones: with five or more compactions in the history the
// status line colours by the learned zones, the same ones the hooks use.
func TestAdaptiveZones(t *testing.T) {
	f := newFixture(t)
	var entries []history.Entry
	// Compactions at 250k: under pressure for the fixture's 1M window
	// (at least a quarter of its 967k point, so learnt from).
	for i := range 6 {
		entries = append(entries, history.Entry{T: int64(1_800_000_000 + i), SID: "s", Cwd: "/other", Tokens: 250_000})
	}
	must(t, history.Append(history.Path(f.dirs.Logs), entries...))
	// Learned: orange 225k (the median × 0.9), red 285k; 240k is orange
	// here although the static zones call it yellow.
	if got := f.render(f.input(240_000), true, []string{"tokens"}, ""); !strings.HasPrefix(got, orange) {
		t.Errorf("240k with learned zones: %q, want orange", got)
	}
	if got := f.render(f.input(290_000), true, []string{"zone"}, ""); !strings.Contains(got, "red") {
		t.Errorf("290k with learned zones: %q, want red", got)
	}
}
