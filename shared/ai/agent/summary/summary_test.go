package summary

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/view"
	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
)

var at = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

// agentWith makes agent dev with one session of n turns; every turn but
// the first ran a tool.
func agentWith(t *testing.T, n int) thread.Agent {
	t.Helper()
	root := t.TempDir()
	a, err := thread.Create(root, "dev", at)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	line := func(v map[string]any) {
		data, _ := json.Marshal(v)
		b.Write(append(data, '\n'))
	}
	for i := range n {
		line(map[string]any{"type": "user", "uuid": fmt.Sprint("p", i), "message": map[string]any{"content": fmt.Sprintf("question %d", i)}})
		if i > 0 {
			line(map[string]any{"type": "assistant", "message": map[string]any{"content": []any{map[string]any{"type": "tool_use", "id": fmt.Sprint("t", i), "name": "Bash", "input": map[string]any{"command": "ls"}}}}})
			line(map[string]any{"type": "user", "message": map[string]any{"content": []any{map[string]any{"type": "tool_result", "tool_use_id": fmt.Sprint("t", i), "content": "a b c"}}}})
		}
		line(map[string]any{"type": "assistant", "message": map[string]any{"content": []any{map[string]any{"type": "text", "text": fmt.Sprintf("answer %d", i)}}}})
	}
	path := filepath.Join(root, "s1.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Attach("s1", path, "/p", at); err != nil {
		t.Fatal(err)
	}
	return a
}

func source(t *testing.T, a thread.Agent) view.Source {
	t.Helper()
	th, err := thread.Load(a)
	if err != nil {
		t.Fatal(err)
	}
	sums, err := a.Summaries()
	if err != nil {
		t.Fatal(err)
	}
	return view.Source{Thread: th, Sums: sums, Content: a.Content}
}

// scripted answers each prompt, failing the calls fail says.
type scripted struct {
	calls atomic.Int64
	fail  func(n int64, prompt string) error
	mu    sync.Mutex
	seen  []string
}

func (s *scripted) Summarise(ctx context.Context, prompt string) (string, error) {
	n := s.calls.Add(1)
	s.mu.Lock()
	s.seen = append(s.seen, prompt)
	s.mu.Unlock()
	if s.fail != nil {
		if err := s.fail(n, prompt); err != nil {
			return "", err
		}
	}
	return strings.Repeat("word ", 400), nil
}

// runner writes under a mutex, as the store's lock serialises writers.
func runner(a thread.Agent, s *scripted, parallel int) Runner {
	var mu sync.Mutex
	return Runner{Agent: a, Summariser: s, Model: "sonnet", Now: func() time.Time { return at }, Parallel: parallel,
		Write: func(fn func() error) error { mu.Lock(); defer mu.Unlock(); return fn() }}
}

var smallView = settings.AgentView{Total: 4, Latest: 1, Recent: 1}

func labels(p Plan) string {
	var out []string
	for _, ph := range p.Phases {
		var l []string
		for _, j := range ph {
			l = append(l, j.Label)
		}
		out = append(out, strings.Join(l, ","))
	}
	return strings.Join(out, " | ")
}

// TestPlan: work summaries first, then turn lines, then shared lines
// smallest first; the view's scope leaves out what it does not show.
func TestPlan(t *testing.T) {
	a := agentWith(t, 6)
	src := source(t, a)
	p, err := NewPlan(src, smallView, Everything, false)
	if err != nil {
		t.Fatal(err)
	}
	want := "#1 work,#2 work,#3 work,#4 work,#5 work | #0,#1,#2,#3,#4,#5 | #0-1,#2-3"
	if got := labels(p); got != want {
		t.Errorf("plan = %s\nwant   %s", got, want)
	}
	p, _ = NewPlan(src, smallView, ForView, false)
	if got := labels(p); got != "#1 work,#2 work,#3 work,#4 work | #0,#1,#2,#3 | #0-1,#2-3" {
		t.Errorf("view plan = %s", got)
	}
}

// TestRunStopsAndResumes: the first failure stops the run and is named;
// the lines written stay; the next run writes only the rest.
func TestRunStopsAndResumes(t *testing.T) {
	a := agentWith(t, 6)
	p, _ := NewPlan(source(t, a), smallView, Everything, false)
	s := &scripted{fail: func(n int64, _ string) error {
		if n == 3 {
			return errors.New("overloaded")
		}
		return nil
	}}
	rep := runner(a, s, 1).Run(context.Background(), p)
	if rep.Written != 2 || len(rep.Failed) != 1 || !strings.Contains(rep.Err().Error(), "line #3 work: overloaded") {
		t.Fatalf("report = %+v, %v", rep, rep.Err())
	}
	p, _ = NewPlan(source(t, a), smallView, Everything, false)
	if p.Len() != 13-2 {
		t.Errorf("the next plan has %d lines, want 11: %s", p.Len(), labels(p))
	}
	rep = runner(a, &scripted{}, 4).Run(context.Background(), p)
	if rep.Err() != nil || rep.Written != 11 {
		t.Fatalf("second run = %+v", rep)
	}
	if p, _ := NewPlan(source(t, a), smallView, Everything, false); p.Len() != 0 {
		t.Errorf("after both runs, still to do: %s", labels(p))
	}
}

// TestRunNamesEachFailure: lines failing at once are all named.
func TestRunNamesEachFailure(t *testing.T) {
	a := agentWith(t, 4)
	p, _ := NewPlan(source(t, a), smallView, Everything, false)
	release := make(chan struct{})
	var started atomic.Int64
	s := &scripted{fail: func(n int64, _ string) error {
		if started.Add(1) == 3 {
			close(release)
		}
		<-release
		return errors.New("down")
	}}
	rep := runner(a, s, 3).Run(context.Background(), p)
	if len(rep.Failed) != 3 || rep.Written != 0 {
		t.Fatalf("report = %+v", rep)
	}
	for _, l := range []string{"#1 work", "#2 work", "#3 work"} {
		if !strings.Contains(rep.Err().Error(), "line "+l+": down") {
			t.Errorf("error does not name %s: %v", l, rep.Err())
		}
	}
}

// TestCancel: a canceled run stops its calls, keeps what it wrote and
// reports no failure.
func TestCancel(t *testing.T) {
	a := agentWith(t, 6)
	p, _ := NewPlan(source(t, a), smallView, Everything, false)
	ctx, cancel := context.WithCancel(context.Background())
	s := &scripted{fail: func(n int64, _ string) error {
		if n == 2 {
			cancel()
			return context.Canceled
		}
		return nil
	}}
	rep := runner(a, s, 1).Run(ctx, p)
	if !rep.Canceled || len(rep.Failed) != 0 || rep.Written != 1 || len(rep.Wrote) != 1 || rep.Wrote[0] != p.Phases[0][0].Label {
		t.Fatalf("report = %+v", rep)
	}
	if sums, _ := a.Summaries(); len(sums) != 1 {
		t.Errorf("%d lines kept, want 1", len(sums))
	}
}

// TestLinesAreSized: every line is cut to the characters its words allow
// and the prompts ask for the size.
func TestLinesAreSized(t *testing.T) {
	a := agentWith(t, 3)
	p, _ := NewPlan(source(t, a), smallView, Everything, false)
	s := &scripted{}
	if rep := runner(a, s, 2).Run(context.Background(), p); rep.Err() != nil {
		t.Fatal(rep.Err())
	}
	sums, _ := a.Summaries()
	for _, l := range sums {
		if n := utf8.RuneCountInString(l.Text); n > maxWords*charsPer50/50 || n < 100 {
			t.Errorf("%s %s has %d characters", l.Kind, l.Key, n)
		}
	}
	for _, prompt := range s.seen {
		if !strings.Contains(prompt, "of about ") || !strings.Contains(prompt, "characters") {
			t.Errorf("a prompt does not ask for a size:\n%s", prompt)
		}
	}
	if sz := TurnSize(thread.Content{}); sz.Words != 50 || sz.Chars != 512 {
		t.Errorf("TurnSize(empty) = %+v", sz)
	}
	if sz := TurnSize(thread.Content{Tools: 100, Words: 9000}); sz.Words != 200 || sz.Chars != 2048 {
		t.Errorf("TurnSize(big) = %+v", sz)
	}
	if p, _ := NewPlan(source(t, a), smallView, Everything, true); p.Len() != 5 {
		t.Errorf("rebuild plans %d lines, want all 5", p.Len())
	}
}
