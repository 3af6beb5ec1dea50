package relay

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSplitArgs(t *testing.T) {
	tests := []struct {
		args        []string
		prompt      string
		first, rest []string
		err         error
	}{
		{args: []string{"-p", "do it", "--allowedTools", "Bash"}, prompt: "do it", rest: []string{"--allowedTools", "Bash"}},
		{args: []string{"--model", "x", "--print", "go", "--output-format", "text", "--session-id", "u1"}, prompt: "go", first: []string{"--session-id", "u1"}, rest: []string{"--model", "x"}},
		{args: []string{"-c", "-p", "more", "--output-format=stream-json"}, prompt: "more", first: []string{"-c"}},
		{args: []string{"-p", "--model", "x"}, err: ErrNoPrompt},
		{args: []string{"--model", "x"}, err: ErrNoPrompt},
	}
	for _, tc := range tests {
		prompt, first, rest, err := SplitArgs(tc.args)
		if !errors.Is(err, tc.err) || prompt != tc.prompt || !slices.Equal(first, tc.first) || !slices.Equal(rest, tc.rest) {
			t.Errorf("SplitArgs(%q) = %q %q %q %v", tc.args, prompt, first, rest, err)
		}
	}
}

// fakeClaude plays claude -p for the pipeline: sessions, their sizes, a
// model that writes the note when asked (unless lazy), and the
// SessionStart(clear) hook's call.
type fakeClaude struct {
	t      *testing.T
	w      *world
	window string
	lazy   bool
	runs   [][]string
	tokens map[string]int64
	n      int
}

func (f *fakeClaude) run(args []string) (TurnResult, error) {
	f.runs = append(f.runs, args)
	prompt := args[slices.Index(args, "-p")+1]
	sid := "s1"
	if i := slices.Index(args, "--resume"); i >= 0 {
		sid = args[i+1]
	}
	switch {
	case strings.HasPrefix(prompt, HandoverMark):
		if !f.lazy {
			must(f.t, os.WriteFile(filepath.Join(f.w.root, "state.md"), []byte("- next: step 3\n"), 0o644))
		}
		return TurnResult{SessionID: sid, Result: "state.md updated"}, nil
	case prompt == "/clear":
		f.n++
		fresh := "c" + string(rune('0'+f.n))
		if a, err := f.w.deps.Apply(f.w.root, Call{Event: StartedUp, SID: fresh, Window: f.window, Source: "clear", Driver: Headless}); err != nil || a.Action != Inject {
			f.t.Errorf("SessionStart(clear) of the fresh conversation: %+v %v", a, err)
		}
		f.tokens[fresh] = 0
		return TurnResult{SessionID: fresh}, nil
	case prompt == ResumeText:
		f.tokens[sid] = 22_000
	default:
		f.tokens[sid] += 50_000
	}
	return TurnResult{SessionID: sid, Result: "did " + prompt}, nil
}

func newPipeline(t *testing.T, lazy bool, then ...string) (*Pipeline, *fakeClaude, *bytes.Buffer, *bytes.Buffer) {
	w := newWorld(t)
	w.deps.Set.Enabled = false // si relay run works without relay.enabled
	f := &fakeClaude{t: t, w: w, window: "1", lazy: lazy, tokens: map[string]int64{}}
	var out, notices bytes.Buffer
	p := &Pipeline{Deps: w.deps, Root: w.root, Window: f.window, Args: []string{"-p", "step 1", "--allowedTools", "Bash"}, Then: then,
		Run: f.run, Tokens: func(sid string) int64 { return f.tokens[sid] }, Out: &out, Notices: &notices}
	return p, f, &out, &notices
}

func TestPipelineRelays(t *testing.T) {
	p, f, out, notices := newPipeline(t, false, "step 2", "step 3")
	if err := p.Drive(); err != nil {
		t.Fatal(err)
	}
	var prompts []string
	for _, a := range f.runs {
		prompts = append(prompts, strings.SplitN(a[slices.Index(a, "-p")+1], " This", 2)[0]+" @"+resumed(a))
	}
	want := []string{"step 1 @", "step 2 @s1", HandoverMark + " @s1", "/clear @s1", "let's resume @c1", "step 3 @c1"}
	if !slices.Equal(prompts, want) {
		t.Fatalf("runs:\n%q\nwant\n%q", prompts, want)
	}
	for _, a := range f.runs {
		if !slices.Contains(a, "--allowedTools") || a[slices.Index(a, "--output-format")+1] != "json" {
			t.Fatalf("run lacks the user's args or the JSON format: %q", a)
		}
	}
	if !strings.Contains(out.String(), "did let's resume") || !strings.Contains(notices.String(), "Relay done") {
		t.Fatalf("out:\n%s\nnotices:\n%s", out, notices)
	}
}

func resumed(args []string) string {
	if i := slices.Index(args, "--resume"); i >= 0 {
		return args[i+1]
	}
	return ""
}

func TestPipelineNoteNeverWritten(t *testing.T) {
	p, f, _, notices := newPipeline(t, true, "step 2", "step 3")
	if err := p.Drive(); err != nil {
		t.Fatal(err)
	}
	handovers := 0
	for _, a := range f.runs {
		if strings.HasPrefix(a[slices.Index(a, "-p")+1], HandoverMark) {
			handovers++
		}
		if slices.Contains(a, "/clear") {
			t.Fatalf("cleared without a note: %q", a)
		}
	}
	if handovers != 1 || !strings.Contains(notices.String(), "called off") {
		t.Fatalf("%d hand-over runs; notices:\n%s", handovers, notices)
	}
}

func TestPipelineStopsOnFailure(t *testing.T) {
	p, _, _, _ := newPipeline(t, false, "step 2")
	p.Run = func([]string) (TurnResult, error) { return TurnResult{}, errors.New("exit status 1") }
	if err := p.Drive(); err == nil || !strings.Contains(err.Error(), "exit status 1") {
		t.Fatalf("err = %v", err)
	}
	p.Run = func([]string) (TurnResult, error) {
		return TurnResult{SessionID: "s", IsError: true, Result: "API down"}, nil
	}
	if err := p.Drive(); err == nil || !strings.Contains(err.Error(), "API down") {
		t.Fatalf("err = %v", err)
	}
}
