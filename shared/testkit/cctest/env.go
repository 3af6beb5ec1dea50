package cctest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// APIKey is the API key the CLI sends to the fake server.
const APIKey = "sk-test"

// DefaultTimeout bounds one [Env.Run] unless [Env.Timeout] is set.
const DefaultTimeout = 90 * time.Second

// Env is a scratch world for the CLI: a HOME, a project directory inside
// it and the environment variables the CLI runs with. Nothing of the
// developer's own environment is inherited except PATH.
type Env struct {
	// Bin is the claude binary, from [CLI].
	Bin string
	// Home is the scratch HOME; Project is the working directory.
	Home, Project string
	// BaseURL is ANTHROPIC_BASE_URL, the fake server's URL.
	BaseURL string
	// Extra holds more KEY=VALUE pairs; they override the defaults.
	Extra []string
	// Timeout bounds each Run; zero means [DefaultTimeout].
	Timeout time.Duration
}

// NewEnv returns an Env for the pinned CLI with a fresh HOME (under
// t.TempDir, symlinks resolved) holding an empty project directory
// "proj", pointed at baseURL.
func NewEnv(t testing.TB, baseURL string) *Env {
	t.Helper()
	bin := CLI(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatalf("scratch home: %v", err)
	}
	e := &Env{Bin: bin, Home: filepath.Join(root, "home"), BaseURL: baseURL}
	e.Project = filepath.Join(e.Home, "proj")
	if err := os.MkdirAll(e.Project, 0o755); err != nil {
		t.Fatalf("scratch project: %v", err)
	}
	return e
}

// Environ returns the CLI's environment as KEY=VALUE pairs: HOME, PATH,
// the fake API settings, the switches that stop telemetry, update checks
// and non-essential traffic, then Extra.
func (e *Env) Environ() []string {
	env := []string{
		"HOME=" + e.Home,
		"PATH=" + os.Getenv("PATH"),
		"ANTHROPIC_BASE_URL=" + e.BaseURL,
		"ANTHROPIC_API_KEY=" + APIKey,
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_AUTOUPDATER=1",
		"DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1",
	}
	return append(env, e.Extra...)
}

// Result is the outcome of one [Env.Run]. The JSON fields are filled when
// stdout is `--output-format json` output.
type Result struct {
	// Stdout and Stderr are the captured output.
	Stdout, Stderr string
	// ExitCode is the process exit code, -1 if it did not exit.
	ExitCode int
	// Elapsed is the wall time of the run.
	Elapsed time.Duration

	// Type, Subtype, IsError, NumTurns, Result and SessionID mirror the
	// JSON result's type, subtype, is_error, num_turns, result and
	// session_id.
	Type      string `json:"type"`
	Subtype   string `json:"subtype"`
	IsError   bool   `json:"is_error"`
	NumTurns  int    `json:"num_turns"`
	Result    string `json:"result"`
	SessionID string `json:"session_id"`
	// JSON is the whole decoded JSON result, or nil.
	JSON map[string]any `json:"-"`
}

// Run runs the CLI with args in the project directory and waits for it,
// up to the timeout, after which its whole process group is killed. The error reports a failed start, a timeout or a
// non-zero exit; the Result holds the output in every case.
func (e *Env) Run(t testing.TB, args ...string) (Result, error) {
	t.Helper()
	timeout := e.Timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.Bin, args...)
	cmd.Dir, cmd.Env = e.Project, e.Environ()
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	err := proc.RunGroup(cmd)
	res := Result{Stdout: stdout.String(), Stderr: stderr.String(), Elapsed: time.Since(start), ExitCode: -1}
	if cmd.ProcessState != nil {
		res.ExitCode = cmd.ProcessState.ExitCode()
	}
	res.decode()
	switch {
	case ctx.Err() != nil:
		return res, fmt.Errorf("run claude %s: timed out after %v\nstderr: %s", strings.Join(args, " "), timeout, res.Stderr)
	case err != nil:
		return res, fmt.Errorf("run claude %s: %w\nstderr: %s", strings.Join(args, " "), err, res.Stderr)
	}
	return res, nil
}

// decode fills the JSON fields from stdout when it is a JSON object.
func (r *Result) decode() {
	out := strings.TrimSpace(r.Stdout)
	if !strings.HasPrefix(out, "{") {
		return
	}
	if json.Unmarshal([]byte(out), r) != nil {
		return
	}
	_ = json.Unmarshal([]byte(out), &r.JSON)
}

// SeedInteractive writes ~/.claude.json so the TUI starts offline:
// onboarding done, the API key approved and the project trusted. Keys
// already in the file are kept.
func (e *Env) SeedInteractive() error {
	path := filepath.Join(e.Home, ".claude.json")
	cfg := map[string]any{}
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		if err := json.Unmarshal(data, &cfg); err != nil {
			return fmt.Errorf("seed %s: %w", path, err)
		}
	case !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("seed %s: %w", path, err)
	}
	key := APIKey[max(0, len(APIKey)-20):]
	cfg["hasCompletedOnboarding"] = true
	cfg["theme"] = "dark"
	cfg["customApiKeyResponses"] = map[string]any{"approved": []string{key}, "rejected": []string{}}
	projects, _ := cfg["projects"].(map[string]any)
	if projects == nil {
		projects = map[string]any{}
	}
	proj, _ := projects[e.Project].(map[string]any)
	if proj == nil {
		proj = map[string]any{}
	}
	proj["hasTrustDialogAccepted"] = true
	projects[e.Project], cfg["projects"] = proj, projects
	out, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return fmt.Errorf("seed %s: %w", path, err)
	}
	if err := os.WriteFile(path, append(out, '\n'), 0o600); err != nil {
		return fmt.Errorf("seed %s: %w", path, err)
	}
	return nil
}

// StartFake starts a fakeapi server for the test and closes it on
// cleanup.
func StartFake(t testing.TB, opts fakeapi.Options) *fakeapi.Server {
	t.Helper()
	srv := fakeapi.New(opts)
	if _, err := srv.Start(); err != nil {
		t.Fatalf("start fake api: %v", err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

// NewFakeEnv starts a fakeapi server with opts and returns an [Env]
// pointed at it.
func NewFakeEnv(t testing.TB, opts fakeapi.Options) (*Env, *fakeapi.Server) {
	t.Helper()
	CLI(t) // skip before starting anything when the CLI is missing
	srv := StartFake(t, opts)
	return NewEnv(t, srv.URL()), srv
}

// NewSessionID returns a random version 4 UUID for --session-id.
func NewSessionID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// TranscriptDir returns the directory where the CLI writes the project's
// session transcripts: ~/.claude/projects/<project path, every character
// other than a letter or digit replaced by '-'>.
func (e *Env) TranscriptDir() string {
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, e.Project)
	return filepath.Join(e.Home, ".claude", "projects", name)
}

// TranscriptPath returns the transcript file of a session.
func (e *Env) TranscriptPath(sessionID string) string {
	return filepath.Join(e.TranscriptDir(), sessionID+".jsonl")
}
