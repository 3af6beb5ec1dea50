package taskchange

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
)

var now = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

func TestKeyFiles(t *testing.T) {
	lines := []string{
		"<!-- Files the current task depends on -->",
		"- src/auth/login.go",
		"- `src/auth/session.go` (the store)",
		"* Makefile: the build",
		"- <path>",
		"- none",
		"- @docs/auth.md and src/auth/token.go",
	}
	want := []string{"src/auth/login.go", "src/auth/session.go", "Makefile", "docs/auth.md", "src/auth/token.go"}
	if got := keyFiles(lines); !reflect.DeepEqual(got, want) {
		t.Errorf("keyFiles = %q, want %q", got, want)
	}
}

func TestGitFiles(t *testing.T) {
	hour := int64(3600)
	st := &gitinfo.Status{
		Head:      "c1",
		HeadFiles: []string{"head/only.go"},
		Files:     []string{"dirty/a.go", "new/untracked.go"},
		Commits: []gitinfo.Commit{
			{Hash: "c1", When: now.Unix() - hour},
			{Hash: "c2", When: now.Unix() - 5*hour, Files: []string{"recent/b.go"}},
			{Hash: "c3", When: now.Unix() - 30*hour, Files: []string{"old/c.go"}},
			{Hash: "c4", When: now.Unix() - 2*hour, Files: []string{"after/old.go"}}, // after an old one: not reached
		},
	}
	tests := []struct {
		name   string
		st     *gitinfo.Status
		recent time.Duration
		want   []string
	}{
		{"no cache", nil, 24 * time.Hour, nil},
		{"recent commits, HEAD from HeadFiles", st, 24 * time.Hour, []string{"dirty/a.go", "new/untracked.go", "head/only.go", "recent/b.go"}},
		{"narrow window", st, 2 * time.Hour, []string{"dirty/a.go", "new/untracked.go", "head/only.go"}},
		{"commits off", st, 0, []string{"dirty/a.go", "new/untracked.go"}},
	}
	for _, tt := range tests {
		if got := gitFiles(tt.st, now, tt.recent); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: gitFiles = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// line builds one transcript record.
func line(typ string, content any, extra map[string]any) string {
	rec := map[string]any{"type": typ, "message": map[string]any{"role": typ, "content": content}}
	for k, v := range extra {
		rec[k] = v
	}
	data, _ := json.Marshal(rec)
	return string(data)
}

func text(s string) []any { return []any{map[string]any{"type": "text", "text": s}} }

func writeTranscript(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestTranscriptMentions(t *testing.T) {
	prompt := "now do src/billing/invoice.go please"
	path := writeTranscript(t,
		line("user", "first look at src/old/one.go", nil),
		line("assistant", text("I read `config.yaml` and pkg/api/handler.go."), nil),
		line("assistant", []any{map[string]any{"type": "tool_use", "name": "Read", "input": map[string]any{"file_path": "/p/src/auth/login.go"}}}, nil),
		line("user", []any{map[string]any{"type": "tool_result", "content": "src/never/seen.go"}}, nil),
		line("assistant", text("a subagent saw src/side/chain.go"), map[string]any{"isSidechain": true}),
		line("user", "<local-command-caveat>meta src/meta/x.go", map[string]any{"isMeta": true}),
		`{"type":"attachment","attachment":{"content":"src/attached/x.go"}}`,
		`{"type":"assistant", broken json src/broken/x.go`,
		line("user", text(prompt), nil),
	)
	tests := []struct {
		turns int
		want  []string
	}{
		{0, nil},
		{1, []string{"/p/src/auth/login.go"}},
		{2, []string{"/p/src/auth/login.go", "config.yaml", "pkg/api/handler.go"}},
		{20, []string{"/p/src/auth/login.go", "config.yaml", "pkg/api/handler.go", "src/old/one.go"}},
	}
	for _, tt := range tests {
		if got := TranscriptMentions(path, prompt, tt.turns); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("TranscriptMentions(turns %d) = %q, want %q", tt.turns, got, tt.want)
		}
	}
	if got := TranscriptMentions(filepath.Join(t.TempDir(), "missing.jsonl"), prompt, 20); got != nil {
		t.Errorf("missing transcript: %q", got)
	}
	if got := TranscriptMentions(t.TempDir(), prompt, 20); got != nil {
		t.Errorf("directory as transcript: %q", got)
	}
}

func TestTranscriptMentionsReadsOnlyTheTail(t *testing.T) {
	filler := line("assistant", text(strings.Repeat("x", 1000)), nil)
	lines := []string{line("user", "ancient work in src/ancient/a.go", nil)}
	for range TailBytes/len(filler) + 2 {
		lines = append(lines, filler)
	}
	lines = append(lines, line("user", "recent work in src/recent/b.go", nil))
	path := writeTranscript(t, lines...)
	got := TranscriptMentions(path, "", 1000)
	if !reflect.DeepEqual(got, []string{"src/recent/b.go"}) {
		t.Errorf("TranscriptMentions = %q, want only the tail's mention", got)
	}
	one := writeTranscript(t, line("user", "work in src/only/line.go "+strings.Repeat("y", TailBytes), nil))
	if got := TranscriptMentions(one, "", 20); got != nil {
		t.Errorf("a line longer than the tail is cut, not parsed: %q", got)
	}
}

func TestBuild(t *testing.T) {
	dir := t.TempDir()
	ctx := filepath.Join(dir, "session-context.md")
	doc := "## Current Task\ntype: bug-fix\ndescription: token refresh fails\n\n## Key Files\n- src/auth/login.go\n"
	if err := os.WriteFile(ctx, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	tr := writeTranscript(t, line("user", "see pkg/api/handler.go", nil))
	st := &gitinfo.Status{Files: []string{"dirty.go"}}
	b := Build(Sources{Root: "/p", ContextFile: ctx, Git: st, Transcript: tr, Turns: 20, Recent: time.Hour, Now: now})
	want := Baseline{Root: "/p", Task: "bug-fix — token refresh fails", KeyFiles: []string{"src/auth/login.go"},
		Files: []string{"dirty.go", "pkg/api/handler.go"}}
	if !reflect.DeepEqual(b, want) {
		t.Errorf("Build = %+v, want %+v", b, want)
	}
	tmpl := filepath.Join(dir, "template.md")
	if err := os.WriteFile(tmpl, []byte("## Current Task\ntype: <task type>\ndescription: <one line>\n\n## Key Files\n<!-- one per line -->\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b := Build(Sources{ContextFile: tmpl, Turns: 20}); b.Task != "" || len(b.KeyFiles)+len(b.Files) != 0 {
		t.Errorf("placeholder template: Build = %+v, want empty", b)
	}
	if b := Build(Sources{ContextFile: filepath.Join(dir, "none.md")}); !reflect.DeepEqual(b, Baseline{}) {
		t.Errorf("no sources: Build = %+v", b)
	}
}

func TestBaselineArea(t *testing.T) {
	tests := []struct {
		base Baseline
		want string
	}{
		{Baseline{}, ""},
		{Baseline{KeyFiles: []string{"main.go"}, Files: []string{"src/x/a.go", "src/y/b.go", "src/y/c.go"}}, "src/y"},
		{Baseline{KeyFiles: []string{"src/auth/a.go"}, Files: []string{"src/y/b.go", "src/y/c.go"}}, "src/auth"},
		{Baseline{Root: "/p", Files: []string{"/p/lib/core/x.go"}}, "lib/core"},
	}
	for _, tt := range tests {
		if got := tt.base.Area(); got != tt.want {
			t.Errorf("%+v.Area() = %q, want %q", tt.base, got, tt.want)
		}
	}
}
