package e2e

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// TestQuotaRefresherProcess runs the real si-statusline binary against a
// fake OAuth usage endpoint that fails, then recovers: redraws never wait
// for it, a failing endpoint is not called again on every redraw (the
// original's storm), and once it answers the quota appears.
func TestQuotaRefresherProcess(t *testing.T) {
	t.Parallel()
	var calls, failing atomic.Int32
	failing.Store(1)
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.Header.Get("Authorization") != "Bearer tok-123" || r.Header.Get("anthropic-beta") == "" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if failing.Load() == 1 {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		reset := time.Now().Add(72 * time.Minute).UTC().Format(time.RFC3339)
		_, _ = w.Write([]byte(`{"five_hour":{"utilization":47,"resets_at":"` + reset + `"},"seven_day":{"utilization":31,"resets_at":"` + reset + `"}}`))
	}))
	defer api.Close()
	home := t.TempDir()
	claude := filepath.Join(home, ".claude")
	must(t, os.MkdirAll(claude, 0o700))
	creds := `{"claudeAiOauth":{"accessToken":"tok-123","expiresAt":` + jsonNum(time.Now().Add(time.Hour).UnixMilli()) + `}}`
	must(t, os.WriteFile(filepath.Join(claude, ".credentials.json"), []byte(creds), 0o600))
	bin := cctest.Bin(t, "si-statusline")
	redraw := func() string {
		cmd := exec.Command(bin)
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "NO_COLOR=1",
			"CLAUDE_STATUSLINE_FIELDS=blockUsage,weekUsage", "SI_USAGE_ENDPOINT=" + api.URL}
		cmd.Stdin = strings.NewReader(`{"session_id":"q","cwd":"/"}`)
		start := time.Now()
		out, err := cmd.Output()
		if err != nil || time.Since(start) > 2*time.Second {
			t.Fatalf("redraw: %v after %v", err, time.Since(start))
		}
		return string(out)
	}
	for i := 0; i < 40; i++ { // 40 redraws while the endpoint fails
		redraw()
		time.Sleep(20 * time.Millisecond)
	}
	waitFor(t, func() bool { return calls.Load() >= 1 })
	time.Sleep(300 * time.Millisecond)
	if n := calls.Load(); n != 1 {
		t.Fatalf("failing endpoint called %d times in 40 redraws, want exactly 1 (then back off)", n)
	}
	// The backoff has passed (pretend 10 minutes went by) and the
	// endpoint recovered: the next redraw starts one refresher.
	failing.Store(0)
	cache := filepath.Join(claude, "session-intelligence", "cache", "quota.json")
	ageCache(t, cache, 10*time.Minute)
	redraw()
	waitFor(t, func() bool { return strings.Contains(redraw(), "b:47%") })
	out := redraw()
	if !strings.Contains(out, "b:47% r:1hr 1") || !strings.Contains(out, "w:31%") {
		t.Errorf("status line after recovery: %q", out)
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("endpoint called %d times, want 2", n)
	}
}

// ageCache moves every time in the quota cache back by d.
func ageCache(t *testing.T, path string, d time.Duration) {
	t.Helper()
	data, err := os.ReadFile(path)
	must(t, err)
	var c map[string]any
	must(t, json.Unmarshal(data, &c))
	for _, k := range []string{"attemptAt", "doneAt", "nextAttemptAt"} {
		if s, ok := c[k].(string); ok {
			if at, err := time.Parse(time.RFC3339Nano, s); err == nil {
				c[k] = at.Add(-d).Format(time.RFC3339Nano)
			}
		}
	}
	data, _ = json.Marshal(c)
	must(t, os.WriteFile(path, data, 0o600))
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 10s")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func jsonNum(n int64) string { b, _ := json.Marshal(n); return string(b) }
