package line

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// clock is the fixed "now" of every golden test.
var clock = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// fixture is a scratch world: HOME with a project, a transcript, the
// hooks' session state, session-context.md, a deploy breadcrumb and a
// cached git status.
type fixture struct {
	home, project, transcript string
	dirs                      paths.Dirs
	env                       map[string]string
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	home := t.TempDir()
	f := &fixture{home: home, project: filepath.Join(home, "work", "claude-session-intelligence"), env: map[string]string{"HOME": home}}
	f.dirs, _ = paths.Resolve(f.getenv)
	must(t, os.MkdirAll(filepath.Join(f.project, ".git", "refs", "heads"), 0o755))
	must(t, os.WriteFile(filepath.Join(f.project, ".git", "HEAD"), []byte("ref: refs/heads/feat/164-statusline-v2\n"), 0o644))
	must(t, os.MkdirAll(filepath.Join(f.project, ".git", "refs", "heads", "feat"), 0o755))
	must(t, os.WriteFile(filepath.Join(f.project, ".git", "refs", "heads", "feat", "164-statusline-v2"), []byte("0123456789abcdef0123456789abcdef01234567\n"), 0o644))
	d, _ := gitinfo.Find(f.project)
	must(t, gitinfo.Save(gitinfo.CachePath(f.dirs.Cache(), f.project), gitinfo.Status{Key: d.Key(), Subject: "feat: statusline v2", Dirty: 3, Added: 235, Deleted: 16, At: clock.Unix()}))
	f.transcript = filepath.Join(f.dirs.ProjectDir(f.project), "sid-0001.jsonl")
	must(t, os.MkdirAll(filepath.Dir(f.transcript), 0o700))
	must(t, os.WriteFile(f.transcript, []byte(transcriptText()), 0o600))
	must(t, session.Dir(f.dirs.Session("82cc15b9-aaaa-bbbb-cccc-000000000001")).Locked(t.Context(), func() error {
		return session.Dir(f.dirs.Session("82cc15b9-aaaa-bbbb-cccc-000000000001")).Save(session.State{Calls: 612, Estimate: 90_000}, clock)
	}))
	ctxFile := filepath.Join(f.dirs.ProjectDir(f.project), "session-context.md")
	must(t, os.WriteFile(ctxFile, []byte("## Current Task\ntype: feat — statusline v2\ndescription: chain after the user's line\n"), 0o600))
	must(t, os.Chtimes(ctxFile, clock.Add(-time.Hour), clock.Add(-time.Hour)))
	must(t, os.MkdirAll(f.dirs.Logs, 0o700))
	must(t, os.WriteFile(filepath.Join(f.dirs.Logs, "deploy-breadcrumb"), []byte("gateway 2026-11-29T11:55:00Z\n"), 0o600))
	checked := clock.Add(-10 * time.Second).Format(time.RFC3339)
	must(t, os.WriteFile(filepath.Join(f.dirs.Cache(), "health.json"), []byte(`{"services":{"api":{"status":200,"ok":true,"checkedAt":"`+checked+`"},"web":{"status":503,"checkedAt":"`+checked+`"}}}`), 0o600))
	return f
}

// transcriptText is a session with a compaction 1h22m before the clock.
func transcriptText() string {
	rec := func(id string, at time.Time, in, out, write, read int64) string {
		return fmt.Sprintf(`{"type":"assistant","requestId":"r%s","timestamp":%q,"message":{"id":"m%s","model":"claude-opus-4-6","content":[{"type":"text","text":"hello"}],"usage":{"input_tokens":%d,"output_tokens":%d,"cache_creation_input_tokens":%d,"cache_read_input_tokens":%d}}}`,
			id, at.Format(time.RFC3339), id, in, out, write, read)
	}
	start := clock.Add(-67 * time.Hour)
	var b strings.Builder
	b.WriteString(`{"type":"user","timestamp":"` + start.Format(time.RFC3339) + `","message":{"role":"user","content":"hi"}}` + "\n")
	b.WriteString(rec("1", start.Add(time.Minute), 10, 500_000, 60_000, 74_000_000) + "\n")
	compact := clock.Add(-82 * time.Minute)
	b.WriteString(`{"type":"system","subtype":"compact_boundary","timestamp":"` + compact.Format(time.RFC3339) + `","compactMetadata":{"trigger":"manual","preTokens":480000,"postTokens":30000}}` + "\n")
	b.WriteString(rec("2", compact.Add(time.Minute), 5, 3000, 20_000, 400_000) + "\n")
	return b.String()
}

// smallTranscript points the fixture at a transcript whose one response
// (150k) fits a 200k window: the fixture's own went past it, which means
// a 1M window when Claude Code sends none.
func (f *fixture) smallTranscript(t testing.TB) {
	t.Helper()
	f.transcript = filepath.Join(filepath.Dir(f.transcript), "sid-small.jsonl")
	must(t, os.WriteFile(f.transcript, []byte(`{"type":"assistant","requestId":"r1","timestamp":"2026-11-29T10:00:00Z","message":{"id":"m1","model":"claude-opus-4-6","content":[],"usage":{"input_tokens":27000,"cache_read_input_tokens":123000}}}`+"\n"), 0o600))
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) getenv(k string) string { return f.env[k] }

// input is a status line payload for the fixture; tokens < 0 sends a
// null current_usage.
func (f *fixture) input(tokens int64) *Input { return Decode(f.payload(tokens, nil)) }

// payload is the fixture's stdin with some top-level members replaced or
// added (raw JSON per key; "" leaves the member out).
func (f *fixture) payload(tokens int64, members map[string]string) []byte {
	cur := "null"
	if tokens >= 0 {
		cur = fmt.Sprintf(`{"input_tokens":%d,"output_tokens":120,"cache_creation_input_tokens":3000,"cache_read_input_tokens":120000}`, tokens-123000)
	}
	base := fmt.Sprintf(`{"session_id":"82cc15b9-aaaa-bbbb-cccc-000000000001","transcript_path":%q,"cwd":%q,
	"model":{"id":"claude-opus-4-7","display_name":"Opus 4.7"},"output_style":{"name":"explanatory"},
	"cost":{"total_cost_usd":12.345,"total_duration_ms":%d},
	"context_window":{"context_window_size":1000000,"current_usage":%s},
	"rate_limits":{"five_hour":{"used_percentage":36,"resets_at":%d},"seven_day":{"used_percentage":95,"resets_at":%d}}}`,
		f.transcript, f.project, (67 * time.Hour).Milliseconds(), cur, clock.Add(82*time.Minute).Unix(), clock.Add(29*time.Hour).Unix())
	if len(members) == 0 {
		return []byte(base)
	}
	var doc map[string]jsonx.RawMessage
	if err := jsonx.Unmarshal([]byte(base), &doc); err != nil {
		panic(err)
	}
	for k, v := range members {
		if v == "" {
			delete(doc, k)
		} else {
			doc[k] = jsonx.RawMessage(v)
		}
	}
	data, err := jsonx.Marshal(doc)
	if err != nil {
		panic(fmt.Sprintf("payload %v: %v", members, err))
	}
	return data
}

// with is input with members replaced or added (see payload).
func (f *fixture) with(tokens int64, members map[string]string) *Input {
	return Decode(f.payload(tokens, members))
}

// render draws the given fields (or the preset when fields is empty).
func (f *fixture) render(in *Input, colors bool, fields []string, preset string) string {
	cfg := config.Default()
	cfg.Statusline.Colors = colors
	cfg.Statusline.ServiceHealth = []config.Health{{Name: "api", URL: "http://127.0.0.1:9/api"}, {Name: "web", URL: "http://127.0.0.1:9/"}, {Name: "new", URL: "http://127.0.0.1:9/n"}}
	cfg.Statusline.Fields = fields
	if preset != "" {
		cfg.Statusline.Preset = preset
	}
	return Render(in, Deps{IO: IO{IO: proc.IO{Getenv: f.getenv, Now: func() time.Time { return clock }}}, Dirs: f.dirs, Config: cfg})
}
