package modelcall

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

// TestRecordAndCount: calls recorded side by side all count; since cuts
// the older ones; unreadable lines are skipped; the callers come most
// frequent first.
func TestRecordAndCount(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "model-calls.jsonl")
	now := time.Unix(1_800_000_000, 0)
	// Four writers side by side, five calls each: more than ever run at
	// once, few enough that none waits past lockWait on a slow machine
	// (the Windows lane's Wine, a loaded CI runner).
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := w; i < 20; i += 4 {
				by := "ai memory fold (background)"
				if i%4 == 0 {
					by = "ai agent build (background)"
				}
				if err := Record(path, Call{T: now.Unix() - int64(i)*3600, By: by, Model: "sonnet"}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.WriteString("not json\n")
	f.Close()
	all, err := Count(path, time.Time{})
	if err != nil || all.Total != 20 || all.Last != now {
		t.Fatalf("Count(all) = %+v, %v", all, err)
	}
	if got := strings.Join(all.Callers(), ","); got != "ai memory fold (background),ai agent build (background)" {
		t.Errorf("Callers = %s", got)
	}
	day, _ := Count(path, now.Add(-24*time.Hour))
	if day.Total != 20 {
		t.Errorf("the last day holds %d calls", day.Total)
	}
	hours, _ := Count(path, now.Add(-5*time.Hour))
	if hours.Total != 6 || hours.By["ai agent build (background)"] != 2 {
		t.Errorf("the last five hours: %+v", hours)
	}
	filemode.Check(t, path, 0o600)
	if none, err := Count(filepath.Join(t.TempDir(), "missing"), time.Time{}); err != nil || none.Total != 0 {
		t.Errorf("a missing ledger: %+v, %v", none, err)
	}
}

// TestLedgerStaysSmall: past its cap the ledger keeps its newest whole
// lines.
func TestLedgerStaysSmall(t *testing.T) {
	path := filepath.Join(t.TempDir(), "model-calls.jsonl")
	by := strings.Repeat("x", 400)
	for i := range 1000 {
		if err := Record(path, Call{T: int64(i), By: by, Model: "m"}); err != nil {
			t.Fatal(err)
		}
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Size() > maxFile+maxLine {
		t.Fatalf("ledger grew to %d bytes", fi.Size())
	}
	all, _ := Count(path, time.Time{})
	if all.Last != time.Unix(999, 0) || all.Total < 200 {
		t.Errorf("after trimming: %d calls, the newest %v", all.Total, all.Last)
	}
	if err := Record(path, Call{By: strings.Repeat("y", maxLine)}); err == nil {
		t.Errorf("an oversized entry was recorded")
	}
}
