package lock

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestWaitReported: with ReportWaits, a wait for a lock another process
// holds is reported once, before it ends, with the lock and (on Linux)
// the holder's pid and program; the error of a wait that gives up names
// them too. A free lock is taken without a report.
func TestWaitReported(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".lock")
	var waits []Wait
	ReportWaits(func(w Wait) { waits = append(waits, w) })
	t.Cleanup(func() { ReportWaits(nil) })
	if err := With(path, time.Second, func() error { return nil }); err != nil || len(waits) != 0 {
		t.Fatalf("free lock: %v, reported %v", err, waits)
	}
	pid, done := holdElsewhere(t, path)
	defer done()
	err := With(path, 3*time.Second, func() error { return nil })
	if len(waits) != 1 || waits[0].Path != path || waits[0].Limit != 3*time.Second {
		t.Fatalf("reported %+v, want one wait for %s of 3s", waits, path)
	}
	want := ""
	if runtime.GOOS == "linux" {
		want = fmt.Sprintf("pid %d (lock.test", pid)
	}
	if !strings.HasPrefix(waits[0].Holder, want) {
		t.Errorf("holder %q, want %q…", waits[0].Holder, want)
	}
	if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want ErrTimeout naming %s and %q", err, path, want)
	}
}

// TestWaitMessage: the line a program prints at once when it waits
// names the lock, its holder when known, and the limit when there is one.
func TestWaitMessage(t *testing.T) {
	for _, c := range []struct {
		w    Wait
		want string
	}{
		{Wait{Holder: "pid 7 (ai-sync)", Limit: 30 * time.Second}, "waiting for ~/l, held by pid 7 (ai-sync); giving up after 30s"},
		{Wait{}, "waiting for ~/l"},
	} {
		if got := c.w.Message("~/l"); got != c.want {
			t.Errorf("Message(%+v) = %q, want %q", c.w, got, c.want)
		}
	}
}

// TestRetryBacksOff: a wait tries again soon at first and then ever less
// often, so that waiters behind a long holder do not slow it down: on
// Windows every try opens the lock file, and under Wine seven waiters
// trying every 2 ms made the holder of an ai store's lock three times
// slower. The try that finds the lock free takes it; a try that fails
// ends the wait with its error.
func TestRetryBacksOff(t *testing.T) {
	const freeAfter = 300 * time.Millisecond
	start, tries := time.Now(), 0
	ok, err := retry(context.Background(), func() (bool, error) {
		tries++
		return time.Since(start) >= freeAfter, nil
	})
	if !ok || err != nil {
		t.Fatalf("retry = %v, %v; want the lock", ok, err)
	}
	// About 20 with pauses that grow to 16 ms, 150 with a fixed 2 ms one;
	// a busy machine only makes them fewer.
	const most = 40
	if tries > most {
		t.Errorf("%d tries in %v, want at most %d", tries, freeAfter, most)
	}
	broken := errors.New("lock file gone")
	if ok, err := retry(context.Background(), func() (bool, error) { return false, broken }); ok || err != broken {
		t.Errorf("retry with a failing try = %v, %v; want its error", ok, err)
	}
}
