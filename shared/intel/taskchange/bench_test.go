package taskchange

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo/full"
	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/testkit/synth"
)

// benchWorld is a repository of 10,000 files with recent commits and
// dirty files, its git cache, a session-context.md and a 48 MB transcript
// whose incremental cache is warm: what the hook meets in a long session.
type benchWorld struct {
	dirs paths.Dirs
	repo string
	in   hookio.Input
}

// newBenchWorld builds the world once per benchmark (a few seconds).
func newBenchWorld(b *testing.B) *benchWorld {
	b.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git not installed")
	}
	home := b.TempDir()
	dirs, _ := paths.Resolve(func(k string) string { return map[string]string{"HOME": home}[k] })
	w := &benchWorld{dirs: dirs, repo: filepath.Join(home, "repo")}
	makeRepo(b, w.repo, dirs.Cache())
	writeFile(b, filepath.Join(dirs.ProjectDir(w.repo), "session-context.md"),
		"## Current Task\ntype: feature\ndescription: streaming parser for the pkg07 records\n\n## Key Files\n- src/pkg07/file001.go\n- src/pkg07/file002.go\n")
	tr := filepath.Join(dirs.ProjectDir(w.repo), "s1.jsonl")
	f, err := os.Create(tr)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := synth.Write(f, synth.Options{Bytes: 48 << 20, Seed: 1, Cwd: w.repo}); err != nil {
		b.Fatal(err)
	}
	_ = f.Close()
	if _, err := transcript.Scan(tr, dirs.Cache()); err != nil { // the status line keeps this warm
		b.Fatal(err)
	}
	w.in = hookio.Input{SessionID: "s1", Cwd: w.repo, TranscriptPath: tr}
	return w
}

// makeRepo creates a repository of 10,000 files with three recent commits
// and a dirty file, and caches its status the way `si refresh git` does.
func makeRepo(b *testing.B, repo, cacheDir string) {
	b.Helper()
	for i := range 10_000 {
		writeFile(b, filepath.Join(repo, fmt.Sprintf("src/pkg%02d/file%03d.go", i/100, i%100)), "package x\n")
	}
	git(b, repo, "init", "-q")
	git(b, repo, "add", "-A")
	git(b, repo, "commit", "-q", "-m", "initial")
	for i := range 3 {
		writeFile(b, filepath.Join(repo, fmt.Sprintf("src/pkg07/file%03d.go", i)), "package x\n// changed\n")
		git(b, repo, "commit", "-q", "-am", fmt.Sprintf("change %d", i))
	}
	writeFile(b, filepath.Join(repo, "src/pkg07/file050.go"), "package x\n// dirty\n")
	g, _ := gitinfo.Find(repo)
	st, err := full.Compute(context.Background(), g, full.Options{})
	if err != nil {
		b.Fatal(err)
	}
	st.At = time.Now().Unix()
	if err := gitinfo.Save(gitinfo.CachePath(cacheDir, repo), st); err != nil {
		b.Fatal(err)
	}
}

func writeFile(b *testing.B, path, data string) {
	b.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		b.Fatal(err)
	}
}

func git(b *testing.B, dir string, args ...string) {
	b.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=b", "-c", "user.email=b@x", "-C", dir}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func (w *benchWorld) runtime(cfg config.TaskChange) *hookio.Runtime {
	c := config.Default()
	c.TaskChange = cfg
	return &hookio.Runtime{Ctx: context.Background(), Event: hookio.UserPromptSubmit, Dirs: w.dirs, Config: c,
		Log: &intellog.Logger{Dir: w.dirs.Logs, Min: intellog.MinLevel(false, true)}, SID: "s1",
		Getenv: func(string) string { return "" }, Now: time.Now}
}

// run benchmarks Handle on prompts from next; want says whether a hint is
// expected.
func (w *benchWorld) run(b *testing.B, cfg config.TaskChange, next func(i int) string, want bool) {
	rt := w.runtime(cfg)
	d := Detector{}
	i := 0
	b.ResetTimer()
	for b.Loop() {
		in := w.in
		in.Prompt = next(i)
		i++
		res, err := d.Handle(rt, &in)
		if err != nil || (res.Context != "") != want {
			b.Fatalf("Handle = %+v, %v; want hint %v", res, err, want)
		}
	}
}

// BenchmarkHandle measures the handler on a 10,000-file repository and a
// 48 MB transcript, in its three typical outcomes.
func BenchmarkHandle(b *testing.B) {
	w := newBenchWorld(b)
	cfg := config.Default().TaskChange
	cfg.MinTokens = 0
	other := func(i int) string {
		return fmt.Sprintf("Switch to the export in lib/report/csv%d.go and lib/report/pdf.go: it needs currency rounding.", i)
	}
	b.Run("silent at the gate", func(b *testing.B) {
		w.run(b, cfg, func(int) string { return "ok, and why does that work?" }, false)
	})
	b.Run("silent below minTokens", func(b *testing.B) {
		high := cfg
		high.MinTokens = 10_000_000
		w.run(b, high, other, false)
	})
	b.Run("full baseline, same task", func(b *testing.B) {
		w.run(b, cfg, func(int) string { return "Continue in src/pkg07/file001.go and src/pkg07/file050.go with the parser." }, false)
	})
	b.Run("full baseline, hint", func(b *testing.B) {
		w.run(b, cfg, other, true)
	})
	b.Run("build baseline only", func(b *testing.B) {
		for b.Loop() {
			Build(Sources{Root: w.repo, ContextFile: filepath.Join(w.dirs.ProjectDir(w.repo), "session-context.md"),
				Transcript: w.in.TranscriptPath, Prompt: "x", Turns: 20, Recent: 24 * time.Hour, Now: time.Now()})
		}
	})
}

// BenchmarkScore measures the pure scorer.
func BenchmarkScore(b *testing.B) {
	prompt := strings.Repeat("Switch to the billing export in src/billing/invoice.go and `ledger.go`. ", 20)
	cfg := config.Default().TaskChange
	for b.Loop() {
		Score(prompt, authWork, cfg)
	}
}
