package guidance

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// projectDir is an absolute project folder on this system (a drive
// letter and backslashes on Windows, as Claude Code's cwd is there).
func projectDir() string {
	if runtime.GOOS == "windows" {
		return `C:\w\p`
	}
	return "/w/p"
}

// tinyRepository is the log of the case a new user met: `ls src` once,
// a commit, then thirty reads of src/auth/a.go and src/billing/b.go.
func tinyRepository() []shape.Entry {
	at := func(i int, file string) shape.Entry {
		root := "?"
		return shape.Entry{T: int64(1_000_000 + 60*i), Tok: int64(10_000 + 1_000*i), Tool: "Read", Root: &root, File: &file}
	}
	log := []shape.Entry{at(0, "src/"), at(1, "README.md"), {T: 1_000_120, Tok: 12_000, Tool: "Bash", Event: shape.EventCommit}}
	for i := range 30 {
		log = append(log, at(3+i, []string{"src/auth/a.go", "src/billing/b.go"}[i%2]))
	}
	return log
}

// TestShapeBlockTinyRepository: the guidance that lists src/auth/a.go
// and src/billing/b.go as KEY FILES names their folders under PRESERVE
// and never lists src as SAFE TO DROP; with the seed's DROP (the case as
// it was met) it did.
func TestShapeBlockTinyRepository(t *testing.T) {
	doc := sessionctx.Parse([]byte("## Key Files\n- src/auth/a.go\n- src/billing/b.go\n"))
	for _, seed := range []bool{false, true} {
		for _, stable := range []bool{true, false} {
			o := shape.Options{Cwd: projectDir(), Depth: 2, ScoreDrop: seed}
			for _, item := range doc.Sections["Key Files"] {
				o.KeyFiles = append(o.KeyFiles, shape.KeyFilePath(item))
			}
			out := Compose(Input{Context: &doc, Shape: shape.Analyze(tinyRepository(), o), Stable: stable})
			p, d := strings.Index(out, "PRESERVE ("), strings.Index(out, "SAFE TO DROP (untouched")
			dropsSrc := d >= 0 && strings.Contains(out[d:], "\n  - src\n") || strings.Contains(out, "\n  - src (")
			if seed {
				if !dropsSrc {
					t.Errorf("the seed's DROP no longer lists src: the case tests nothing:\n%s", out)
				}
				continue
			}
			if p < 0 || !strings.Contains(out[p:], "src/auth") || !strings.Contains(out[p:], "src/billing") {
				t.Errorf("PRESERVE lacks src/auth or src/billing (stable %v):\n%s", stable, out)
			}
			if dropsSrc || d >= 0 {
				t.Errorf("src, or anything, is SAFE TO DROP (stable %v):\n%s", stable, out)
			}
		}
	}
}

// TestShapeBlockPinnedRoot: a folder of a file in flight that the log
// does not hold is listed under PRESERVE, without a call count.
func TestShapeBlockPinnedRoot(t *testing.T) {
	cwd := projectDir()
	a := shape.Analyze(tinyRepository(), shape.Options{Cwd: cwd, Depth: 2, InFlight: []string{filepath.Join(cwd, "pkg", "new", "x.go")}})
	out := Compose(Input{Shape: a})
	if !strings.Contains(out, "  - pkg/new (holds a key file or one in flight) — e.g. pkg/new/x.go\n") {
		t.Errorf("PRESERVE lacks pkg/new:\n%s", out)
	}
	if stable := Compose(Input{Shape: a, Stable: true}); !strings.Contains(stable, "  - pkg/new\n") {
		t.Errorf("stable PRESERVE lacks pkg/new:\n%s", stable)
	}
}
