package bootstrap

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
)

func TestReportLog(t *testing.T) {
	tests := []struct {
		name  string
		rep   Report
		min   intellog.Level
		lines []string // substrings, one per expected line
	}{
		{"nothing", Report{}, intellog.Debug, nil},
		{"actions and problems", Report{Actions: []string{"seeded x"}, Problems: []string{"y left alone"}}, intellog.Info,
			[]string{"INFO  bootstrap", "bootstrap: seeded x", "WARN  bootstrap", "bootstrap: y left alone"}},
		{"debug only at debug level", Report{NeedGit: "/r", Busy: true}, intellog.Info, nil},
		{"debug lines", Report{NeedGit: "/r", Busy: true}, intellog.Debug,
			[]string{"git status cache stale for /r", "another session holds the lock"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := &intellog.Logger{Dir: tempDir(t), Source: "bootstrap", Min: tt.min, Now: func() time.Time { return now }}
			tt.rep.Log(l)
			data, _ := os.ReadFile(l.Path(now))
			got := string(data)
			for _, want := range tt.lines {
				if !strings.Contains(got, want) {
					t.Errorf("log lacks %q:\n%s", want, got)
				}
			}
			if tt.lines == nil && got != "" {
				t.Errorf("log = %q, want nothing", got)
			}
		})
	}
}

// TestRunConcurrent: sessions starting together serialise on the lock;
// each change is made exactly once.
func TestRunConcurrent(t *testing.T) {
	f := newRunFixture(t)
	const n = 6
	reps := make([]Report, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { reps[i] = f.run(rulesV1) })
	}
	wg.Wait()
	count := map[string]int{}
	for _, rep := range reps {
		if len(rep.Problems) > 0 {
			t.Errorf("problems: %v", rep.Problems)
		}
		for _, a := range rep.Actions {
			count[strings.Fields(a)[0]]++
		}
	}
	if count["seeded"] != 2 || count["auto-filled"] != 1 || count["created"] != 1 {
		t.Errorf("actions across runs = %v; want 2 seeded, 1 auto-filled, 1 created", count)
	}
	if baks, _ := filepath.Glob(filepath.Join(f.root, "CLAUDE.md.bak-si-*")); len(baks) > 0 {
		t.Errorf("backups of a file we created: %v", baks)
	}
}
