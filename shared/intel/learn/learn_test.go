package learn

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/intel/history"
)

// boundaryLine is a compact_boundary record as Claude Code writes it.
func boundaryLine(sid, cwd, ts, trigger string, pre int64) string {
	rec := map[string]any{
		"parentUuid": nil, "isSidechain": false, "userType": "external", "cwd": cwd, "sessionId": sid,
		"version": "2.1.39", "type": "system", "subtype": "compact_boundary", "content": "Conversation compacted",
		"isMeta": false, "timestamp": ts, "uuid": "d46d6800", "level": "info",
		"compactMetadata": map[string]any{"trigger": trigger, "preTokens": pre},
	}
	data, _ := json.Marshal(rec)
	return string(data)
}

// mentions are lines that contain the word but are no boundary.
func mentions(sid string) []string {
	prompt, _ := json.Marshal(map[string]any{"type": "user", "sessionId": sid, "timestamp": "2026-02-11T20:00:00Z",
		"message": map[string]any{"role": "user", "content": "why does compact_boundary show up here?"}})
	result, _ := json.Marshal(map[string]any{"type": "user", "sessionId": sid, "timestamp": "2026-02-11T20:00:01Z",
		"message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": "toolu_1",
			"content": boundaryLine(sid, "/p", "2026-02-11T20:00:01Z", "auto", 999_999)}}}})
	return []string{string(prompt), string(result), `{"type":"system","subtype":"compact_boundary"` /* cut short */}
}

func writeFile(t testing.TB, path string, lines ...string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// danglingLink makes link point at the missing target and returns the
// unreadable files it adds to a scan: 1, or 0 on a Windows where this
// user may not make symbolic links (they need Developer Mode or admin;
// the Windows lane's Wine refuses them too), where the fixture has none.
func danglingLink(t *testing.T, target, link string) int {
	t.Helper()
	err := os.Symlink(target, link)
	switch {
	case err == nil:
		return 1
	case runtime.GOOS == "windows":
		t.Log("symbolic links need Developer Mode or admin on Windows: no dangling link:", err)
		return 0
	}
	t.Fatal(err)
	return 0
}

// projectsFixture builds a projects directory and returns it with the
// entries a scan must find and the number of them that are unreadable.
func projectsFixture(t *testing.T) (string, []history.Entry, int) {
	dir := t.TempDir()
	pad := strings.Repeat("x", 2*readBuf) // a boundary line spanning buffers
	spanning := strings.Replace(boundaryLine("s2", "/q", "2026-03-01T08:00:00Z", "auto", 170_000), `"level"`, `"pad":"`+pad+`","level"`, 1)
	sidechain := strings.Replace(boundaryLine("s1", "/p", "2026-02-11T21:30:00Z", "auto", 5), `"isSidechain":false`, `"isSidechain":true`, 1)
	undated := boundaryLine("s1", "/p", "", "auto", 7)
	writeFile(t, filepath.Join(dir, "-p", "s1.jsonl"), append(mentions("s1"),
		boundaryLine("s1", "/p", "2026-02-11T21:18:41.543Z", "auto", 167_094),
		sidechain, undated, `{"type":"assistant","message":{"usage":{}}}`,
		boundaryLine("s1", "/p", "2026-02-11T23:00:00Z", "manual", 90_000))...)
	writeFile(t, filepath.Join(dir, "-p", "s1", "subagents", "agent-a.jsonl"), boundaryLine("s1", "/p", "2026-02-11T22:00:00Z", "auto", 1))
	writeFile(t, filepath.Join(dir, "-q", "s2.jsonl"), "not json", spanning)
	writeFile(t, filepath.Join(dir, "-q", "notes.txt"), boundaryLine("x", "/q", "2026-03-01T08:00:00Z", "auto", 1))
	writeFile(t, filepath.Join(dir, "loose.jsonl"), boundaryLine("x", "/", "2026-03-01T08:00:00Z", "auto", 1))
	// A line without sessionId takes the file name; no trailing newline.
	noSID := strings.Replace(boundaryLine("", "/q", "2026-01-05T10:00:00Z", "manual", 250_000), `"sessionId":"",`, "", 1)
	if err := os.WriteFile(filepath.Join(dir, "-q", "s3.jsonl"), []byte(noSID), 0o644); err != nil {
		t.Fatal(err)
	}
	unreadable := danglingLink(t, filepath.Join(dir, "gone"), filepath.Join(dir, "-q", "dangling.jsonl"))
	want := []history.Entry{
		{T: 1767607200, SID: "s3", Cwd: "/q", Tokens: 250_000, Trigger: "manual", Source: Source},
		{T: 1770844721, SID: "s1", Cwd: "/p", Tokens: 167_094, Trigger: "auto", Source: Source},
		{T: 1770850800, SID: "s1", Cwd: "/p", Tokens: 90_000, Trigger: "manual", Source: Source},
		{T: 1772352000, SID: "s2", Cwd: "/q", Tokens: 170_000, Trigger: "auto", Source: Source},
	}
	return dir, want, unreadable
}

func TestScan(t *testing.T) {
	dir, want, unreadable := projectsFixture(t)
	for _, workers := range []int{0, 1, 2, 8} {
		t.Run("workers", func(t *testing.T) {
			got, st, err := Scan(context.Background(), dir, workers)
			if err != nil {
				t.Fatal(err)
			}
			if !equalJSON(got, want) {
				t.Errorf("Scan entries:\n got %s\nwant %s", js(got), js(want))
			}
			wantStats := Stats{Projects: 2, Files: 3, Boundaries: 4, Unreadable: unreadable, Undated: 1}
			st.Bytes = 0
			if st != wantStats {
				t.Errorf("Stats = %+v, want %+v", st, wantStats)
			}
		})
	}
}

func TestScanEdges(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	dir, _, _ := projectsFixture(t)
	tests := []struct {
		name    string
		ctx     context.Context
		dir     string
		wantErr bool
	}{
		{"missing projects dir", context.Background(), filepath.Join(dir, "nope"), false},
		{"projects dir is a file", context.Background(), filepath.Join(dir, "loose.jsonl"), true},
		{"cancelled", cancelled, dir, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := Scan(tt.ctx, tt.dir, 2)
			if (err != nil) != tt.wantErr || len(got) != 0 {
				t.Errorf("Scan = %d entries, err %v; want none, error %v", len(got), err, tt.wantErr)
			}
		})
	}
}

func TestScanLongLine(t *testing.T) {
	dir := t.TempDir()
	long := strings.Replace(boundaryLine("s", "/p", "2026-03-01T08:00:00Z", "auto", 1), `"level"`, `"pad":"`+strings.Repeat("y", MaxLine)+`","level"`, 1)
	writeFile(t, filepath.Join(dir, "-p", "s.jsonl"), long, boundaryLine("s", "/p", "2026-03-02T08:00:00Z", "auto", 2))
	got, st, err := Scan(context.Background(), dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Tokens != 2 || st.LongLines != 1 {
		t.Errorf("got %s, stats %+v; want only the short boundary and one long line", js(got), st)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name      string
		line      string
		ok, dated bool
		tokens    int64
	}{
		{"boundary", boundaryLine("a", "/p", "2026-02-11T21:18:41Z", "auto", 5), true, true, 5},
		{"no metadata", `{"type":"system","subtype":"compact_boundary","timestamp":"2026-02-11T21:18:41Z","sessionId":"a"}`, true, true, 0},
		{"bad timestamp", boundaryLine("a", "/p", "yesterday", "auto", 5), true, false, 5},
		{"other subtype", `{"type":"system","subtype":"turn_duration","note":"compact_boundary"}`, false, false, 0},
		{"user text", mentions("a")[0], false, false, 0},
		{"tool result", mentions("a")[1], false, false, 0},
		{"truncated", mentions("a")[2], false, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, ok, dated := parse([]byte(tt.line), "file")
			if ok != tt.ok || dated != tt.dated || e.Tokens != tt.tokens {
				t.Errorf("parse = %+v ok=%v dated=%v; want ok=%v dated=%v tokens=%d", e, ok, dated, tt.ok, tt.dated, tt.tokens)
			}
		})
	}
}

func equalJSON(a, b any) bool { return js(a) == js(b) }

func js(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}
