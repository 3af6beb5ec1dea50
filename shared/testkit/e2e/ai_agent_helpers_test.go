package e2e

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/core/segfile"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// threadPromptStart opens every prompt `ai agent` sends its summariser.
const threadPromptStart = "You keep the thread of an AI agent"

// agentWorld is a scratch HOME with the plugin, the ai binary and the
// pinned claude on PATH (the summariser runs `claude -p` from there),
// against a fake API that answers the summariser with one line.
type agentWorld struct {
	env       *cctest.Env
	api       *fakeapi.Server
	plugin    string
	summaries atomic.Int64
	// works counts the prompts for a turn's work summary.
	works atomic.Int64
	// hold, when set, sees each summariser prompt before it is answered
	// (a test holds one back by blocking).
	hold atomic.Pointer[func(prompt string)]
}

func newAgentWorld(t *testing.T, extra ...string) *agentWorld {
	t.Helper()
	w := &agentWorld{}
	env, api := cctest.NewFakeEnv(t, fakeapi.Options{Respond: w.respond})
	w.env, w.api, w.plugin = env, api, cctest.PluginDir(t)
	env.Extra = append(env.Extra, "PATH="+filepath.Dir(env.Bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	env.Extra = append(env.Extra, extra...)
	must(t, os.MkdirAll(filepath.Join(env.Home, ".ai"), 0o700))
	return w
}

// messageLine finds the message a summariser prompt is about.
var messageLine = regexp.MustCompile(`(?m)^Message:\n(.*)$`)

// respond answers the summariser: "SUMMARY of: <message>" for a turn,
// "MERGED" for a shared line.
func (w *agentWorld) respond(r fakeapi.Request) (fakeapi.Reply, bool) {
	p := r.Prompt()
	if !strings.HasPrefix(p, threadPromptStart) {
		return fakeapi.Reply{}, false
	}
	w.summaries.Add(1)
	if strings.Contains(p, "\nSteps:\n") {
		w.works.Add(1)
	}
	if h := w.hold.Load(); h != nil {
		(*h)(p)
	}
	if m := messageLine.FindStringSubmatch(p); m != nil {
		return fakeapi.Reply{Text: "SUMMARY of: " + m[1]}, true
	}
	return fakeapi.Reply{Text: "MERGED"}, true
}

// ai runs the plugin's ai binary in dir and returns its stdout; stderr
// goes to errOut when given.
func (w *agentWorld) ai(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, errOut, err := w.aiRun(t, dir, args...)
	if err != nil {
		t.Fatalf("ai %s: %v\nstdout: %s\nstderr: %s", strings.Join(args, " "), err, out, errOut)
	}
	return out
}

func (w *agentWorld) aiRun(t *testing.T, dir string, args ...string) (string, string, error) {
	t.Helper()
	cmd := exec.Command(cctest.Bin(t, "ai"), args...)
	cmd.Dir = dir
	cmd.Env = w.env.Environ()
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	return out.String(), errOut.String(), err
}

// claude runs `claude -p PROMPT` with the plugin in dir.
func (w *agentWorld) claude(t *testing.T, dir, prompt string, args ...string) cctest.Result {
	t.Helper()
	env := *w.env
	env.Project = dir
	all := append([]string{"-p", prompt, "--output-format", "json", "--plugin-dir", w.plugin, "--allowedTools", "Bash"}, args...)
	res, err := env.Run(t, all...)
	if err != nil {
		t.Fatalf("claude %s: %v\nstdout: %s", strings.Join(all, " "), err, res.Stdout)
	}
	return res
}

// commits lists the private store's commit messages, oldest first.
func commits(t *testing.T, local string) []string {
	t.Helper()
	repo, err := git.PlainOpen(local)
	if err != nil {
		t.Fatal(err)
	}
	head, err := repo.Head()
	if err != nil {
		t.Fatal(err)
	}
	iter, err := repo.Log(&git.LogOptions{From: head.Hash()})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	_ = iter.ForEach(func(c *object.Commit) error {
		out = append([]string{strings.TrimSpace(c.Message)}, out...)
		return nil
	})
	wt, err := repo.Worktree()
	if err != nil {
		t.Fatal(err)
	}
	st, err := wt.Status()
	if err != nil {
		t.Fatal(err)
	}
	if !st.IsClean() {
		t.Logf("uncommitted in %s:\n%s", local, st)
	}
	return out
}

// copied reads a segmented copy whole.
func copied(t *testing.T, dir string) []byte {
	t.Helper()
	data, err := io.ReadAll(segfile.File{Dir: dir}.Reader(0))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// summaryLines counts the thread's summary lines by kind.
func summaryLines(t *testing.T, local, agent string) map[string]int {
	t.Helper()
	sums, err := thread.Agent{Root: local, Name: agent}.Summaries()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, s := range sums {
		out[s.Kind]++
	}
	return out
}

// newSessionIn finds the session id `ai agent resume` reported.
func newSessionIn(t *testing.T, stderr string) string {
	t.Helper()
	m := regexp.MustCompile(`new session ([0-9a-f-]{36})`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("ai agent resume named no new session:\n%s", stderr)
	}
	return m[1]
}
