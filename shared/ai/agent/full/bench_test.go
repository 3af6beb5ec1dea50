package full

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/summary"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	aiproject "github.com/session-intelligence/session-intelligence/shared/ai/project"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

var benchAt = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

// transcript writes Claude Code lines: turns of a message, a few tool
// calls with output and a reply, padded like real ones (requests, blobs).
type transcript struct {
	buf bytes.Buffer
	n   int
}

func (tr *transcript) line(v map[string]any) {
	tr.n++
	v["uuid"] = fmt.Sprintf("u%08d", tr.n)
	v["timestamp"] = benchAt.Add(time.Duration(tr.n) * time.Second).Format(time.RFC3339)
	data, _ := json.Marshal(v)
	tr.buf.Write(append(data, '\n'))
}

func (tr *transcript) turn(i, tools, pad int) {
	tr.line(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": fmt.Sprintf("turn %d: fix the parser, then run the tests", i)}})
	for k := range tools {
		id := fmt.Sprintf("t%d-%d", i, k)
		tr.line(map[string]any{"type": "assistant", "message": map[string]any{"role": "assistant", "content": []any{
			map[string]any{"type": "text", "text": "Looking at the parser."},
			map[string]any{"type": "tool_use", "id": id, "name": "Bash", "input": map[string]any{"command": "go test ./parser/..."}}}}})
		tr.line(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{
			map[string]any{"type": "tool_result", "tool_use_id": id, "content": strings.Repeat("ok parser 0.01s\n", pad)}}}})
	}
	tr.line(map[string]any{"type": "assistant", "message": map[string]any{"role": "assistant", "content": []any{
		map[string]any{"type": "text", "text": fmt.Sprintf("Turn %d done: the parser handles the edge case and the tests pass.", i)}}}})
	tr.line(map[string]any{"type": "system", "subtype": "turn_duration", "data": strings.Repeat("x", 200)})
}

// benchProject makes a project with agent dev attached to session s1,
// whose transcript is written by fill; it returns the workspace and the
// transcript's path.
func benchProject(b *testing.B, fill func(*transcript)) (*Workspace, string) {
	b.Helper()
	home := b.TempDir()
	proj := filepath.Join(home, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		b.Fatal(err)
	}
	now := func() time.Time { return benchAt }
	if _, err := aiproject.Init(proj, home, now, bytes.NewReader(make([]byte, 16))); err != nil {
		b.Fatal(err)
	}
	env := Env{Home: home, IO: proc.IO{Cwd: proj, Getenv: func(k string) string { return map[string]string{"HOME": home}[k] }, Now: now}}
	w, err := Open(env)
	if err != nil {
		b.Fatal(err)
	}
	if err := w.New("dev", "ai agent new dev"); err != nil {
		b.Fatal(err)
	}
	var tr transcript
	fill(&tr)
	path := filepath.Join(home, "s1.jsonl")
	if err := os.WriteFile(path, tr.buf.Bytes(), 0o600); err != nil {
		b.Fatal(err)
	}
	if _, err := w.Attach("dev", "s1", path, proj, "ai agent attach dev"); err != nil {
		b.Fatal(err)
	}
	return w, path
}

// BenchmarkStopSync50MB: the Stop hook's sync of one turn (about 20 KB)
// at the end of a 50 MB transcript already copied: the lock, the check
// of the copy's end, the copy of the new lines and the turn's record.
func BenchmarkStopSync50MB(b *testing.B) {
	w, path := benchProject(b, func(tr *transcript) {
		for i := 0; tr.buf.Len() < 50<<20; i++ {
			tr.turn(i, 4, 300)
		}
	})
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var next transcript
	next.n = 1 << 20
	next.turn(1<<20, 4, 300)
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if _, err := f.Write(next.buf.Bytes()); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, res, err := w.SyncTurn("s1", path, time.Second); err != nil || res.Turns != 1 {
			b.Fatalf("SyncTurn = %+v, %v", res, err)
		}
	}
}

// BenchmarkView1000Turns: `ai agent view` of a thread of 1,000 turns
// whose summaries are all written (the shared lines the layout asks for
// included), as the command does it: catch-up sync, load, render.
func BenchmarkView1000Turns(b *testing.B) {
	w, _ := benchProject(b, func(tr *transcript) {
		for i := range 1000 {
			tr.turn(i, 3, 20)
		}
	})
	a, err := w.Agent("dev")
	if err != nil {
		b.Fatal(err)
	}
	summariseAll(b, w, a)
	b.ResetTimer()
	for range b.N {
		v, err := w.View(a)
		if err != nil || v.Missing != 0 {
			b.Fatalf("View: %d missing, %v", v.Missing, err)
		}
	}
}

// summariseAll writes every line the view needs with a summariser that
// answers at once.
func summariseAll(b *testing.B, w *Workspace, a thread.Agent) {
	b.Helper()
	o := BuildOptions{Scope: summary.Everything, Summariser: instant{}, Parallel: 8}
	_, rep, err := w.Build(b.Context(), a, o)
	if err != nil || rep.Err() != nil {
		b.Fatalf("Build: %v %v", err, rep.Err())
	}
}

// instant is a summariser that answers with 120 words at once.
type instant struct{}

func (instant) Summarise(context.Context, string) (string, error) {
	return strings.Repeat("summarised ", 120), nil
}

var _ memory.Summariser = instant{}
