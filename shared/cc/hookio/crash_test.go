package hookio

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

func TestCrashReason(t *testing.T) {
	tests := []struct{ name, report, want string }{
		{"goroutine panic", "panic: boom\n\ngoroutine 19 [running]:\nmain.f()\n\t/x/main.go:3 +0x25\n", "panic: boom"},
		{"stack overflow", "\nruntime stack:\nruntime.throw({0x6d75bf?, 0x200000001?})\n\t/usr/local/go/src/runtime/panic.go:1229 +0x48\nruntime.newstack()\n", "fatal error: stack overflow"},
		{"map writes", "\ngoroutine 20 [running]:\ninternal/runtime/maps.fatal({0x6da32b?, 0x0?})\n\t/usr/local/go/src/runtime/panic.go:1181 +0x18\n", "fatal error: concurrent map access"},
		{"unknown", "\ngoroutine 1 [running]:\nmain.weird()\n", "fatal error at main.weird()"},
		{"empty", "", ""},
		{"long", "panic: " + strings.Repeat("x", 1000), "panic: " + strings.Repeat("x", 293)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "crash.txt")
			if err := os.WriteFile(path, []byte(tt.report), 0o600); err != nil {
				t.Fatal(err)
			}
			if got := crashReason(path); got != tt.want {
				t.Errorf("crashReason = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestReportCrash: the reporting run logs one line with the status and
// the reason, empties the crash file, and exits 0.
func TestReportCrash(t *testing.T) {
	home := t.TempDir()
	logs := filepath.Join(home, ".claude", "logs")
	if err := os.MkdirAll(logs, 0o700); err != nil {
		t.Fatal(err)
	}
	crash := crashFile(logs, Stop)
	if err := os.WriteFile(crash, []byte("panic: boom\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := proc.IO{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{},
		Getenv: func(k string) string { return map[string]string{"HOME": home}[k] },
		Now:    func() time.Time { return time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC) }}
	if code := ReportCrash(Stop, "2", env); code != ExitOK {
		t.Errorf("ReportCrash = %d, want 0", code)
	}
	data, _ := os.ReadFile(filepath.Join(logs, "session-intel-2026-12-01.log"))
	if !strings.Contains(string(data), "Stop hook died (exit status 2)") || !strings.Contains(string(data), `"reason":"panic: boom"`) {
		t.Errorf("log = %q", data)
	}
	if fi, err := os.Stat(crash); err != nil || fi.Size() != 0 {
		t.Errorf("crash file not emptied: %v %v", fi, err)
	}
}
