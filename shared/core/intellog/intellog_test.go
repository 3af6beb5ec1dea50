package intellog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

var at = time.Date(2026, 3, 7, 9, 5, 4, 123_456_789, time.UTC)

func newLogger(t *testing.T, min Level) *Logger {
	return &Logger{Dir: t.TempDir(), Source: "post-tool-use", SID: "abc123", Min: min, Now: func() time.Time { return at }}
}

func readLog(t *testing.T, l *Logger) string {
	t.Helper()
	data, err := os.ReadFile(l.Path(at))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(data)
}

func TestLineFormat(t *testing.T) {
	longMeta := map[string]string{"k": strings.Repeat("x", 600)}
	tests := []struct {
		name   string
		source string
		sid    string
		lv     Level
		msg    string
		meta   any
		want   string
	}{
		{"info with meta", "post-tool-use", "abc123", Info, "archived", map[string]int{"chars": 42},
			`2026-03-07 09:05:04.123 INFO  post-tool-use    [abc123] archived | {"chars":42}`},
		{"debug no meta", "statusline", "abc123", Debug, "tick", nil,
			"2026-03-07 09:05:04.123 DEBUG statusline       [abc123] tick"},
		{"warn", "si", "abc123", Warn, "w", nil,
			"2026-03-07 09:05:04.123 WARN  si               [abc123] w"},
		{"error", "pre-compact", "abc123", Error, "e", nil,
			"2026-03-07 09:05:04.123 ERROR pre-compact      [abc123] e"},
		{"empty sid", "si", "", Info, "m", nil,
			"2026-03-07 09:05:04.123 INFO  si               [-] m"},
		{"sid cut at 12", "si", "0123456789abcdef", Info, "m", nil,
			"2026-03-07 09:05:04.123 INFO  si               [0123456789ab] m"},
		{"newlines flattened", "si", "s", Info, "a\nb\nc", nil,
			"2026-03-07 09:05:04.123 INFO  si               [s] a b c"},
		{"escapes from outside text dropped", "si", "s", Info, "branch x\x1b]0;title\x07\x1b[2J\u202Ey\r", map[string]string{"p": "a\u009b2J\u202Eb"},
			"2026-03-07 09:05:04.123 INFO  si               [s] branch xy  | " + `{"p":"ab"}`},
		{"meta cut at 500", "si", "s", Info, "m", longMeta,
			"2026-03-07 09:05:04.123 INFO  si               [s] m | " + `{"k":"` + strings.Repeat("x", 491) + "..."},
		{"unencodable meta dropped", "si", "s", Info, "m", make(chan int),
			"2026-03-07 09:05:04.123 INFO  si               [s] m"},
		{"source cut at 16", "a-very-long-source-name", "s", Info, "m", nil,
			"2026-03-07 09:05:04.123 INFO  a-very-long-sour [s] m"},
		{"meta cut on a rune boundary", "si", "s", Info, "m", map[string]string{"k": strings.Repeat("é", 300)},
			"2026-03-07 09:05:04.123 INFO  si               [s] m | " + `{"k":"` + strings.Repeat("é", 245) + "..."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLogger(t, Debug)
			l.Source, l.SID = tt.source, tt.sid
			if err := l.Log(tt.lv, tt.msg, tt.meta); err != nil {
				t.Fatalf("Log: %v", err)
			}
			if got := readLog(t, l); got != tt.want+"\n" {
				t.Errorf("line = %q\nwant   %q", got, tt.want+"\n")
			}
		})
	}
}

func TestMetaCutLength(t *testing.T) {
	l := newLogger(t, Debug)
	line := l.format(at, Info, "m", map[string]string{"k": strings.Repeat("y", 2000)})
	_, meta, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " | ")
	if len(meta) != maxMeta || !strings.HasSuffix(meta, "...") {
		t.Errorf("meta is %d bytes ending %q, want %d ending \"...\"", len(meta), meta[len(meta)-5:], maxMeta)
	}
}

func TestMinLevel(t *testing.T) {
	tests := []struct {
		debug, quiet bool
		want         Level
		written      string // levels that reach the file
	}{
		{false, false, Info, "IWE"},
		{true, false, Debug, "DIWE"},
		{false, true, Error, "E"},
		{true, true, Error, "E"},
	}
	for _, tt := range tests {
		t.Run(levelNames[tt.want], func(t *testing.T) {
			if got := MinLevel(tt.debug, tt.quiet); got != tt.want {
				t.Fatalf("MinLevel(%v, %v) = %v, want %v", tt.debug, tt.quiet, got, tt.want)
			}
			l := newLogger(t, tt.want)
			l.Debugf(nil, "d%d", 1)
			l.Infof(nil, "i%d", 1)
			l.Warnf(nil, "w%d", 1)
			l.Errorf(nil, "e%d", 1)
			var got strings.Builder
			for _, line := range strings.Split(strings.TrimSpace(readLog(t, l)), "\n") {
				if line != "" {
					got.WriteByte(line[24]) // first letter of the level
				}
			}
			if got.String() != tt.written {
				t.Errorf("MinLevel(%v, %v) wrote levels %q, want %q", tt.debug, tt.quiet, got.String(), tt.written)
			}
		})
	}
}

func TestDisabled(t *testing.T) {
	var nilLogger *Logger
	if err := nilLogger.Log(Error, "x", nil); err != nil {
		t.Errorf("nil Logger.Log = %v, want nil", err)
	}
	nilLogger.Errorf(nil, "no panic")
	l := &Logger{Source: "si"}
	if err := l.Log(Error, "x", nil); err != nil {
		t.Errorf("Log without Dir = %v, want nil", err)
	}
}

func TestFileAndDirModes(t *testing.T) {
	l := newLogger(t, Info)
	l.Dir = filepath.Join(l.Dir, "logs")
	l.Infof(nil, "hello")
	tests := []struct {
		name string
		path string
		perm os.FileMode
	}{
		{"log file", l.Path(at), 0o600},
		{"logs dir", l.Dir, 0o700},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { filemode.Check(t, tt.path, tt.perm) })
	}
	if want := filepath.Join(l.Dir, "session-intel-2026-03-07.log"); l.Path(at) != want {
		t.Errorf("Path = %q, want %q", l.Path(at), want)
	}
}

func TestRotation(t *testing.T) {
	tests := []struct {
		name    string
		size    int64
		rotated bool
	}{
		{"just under", RotateAt - 1, false},
		{"at RotateAt", RotateAt, true},
		{"over", RotateAt + 100, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLogger(t, Info)
			path := l.Path(at)
			if err := os.WriteFile(path, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(path, tt.size); err != nil {
				t.Fatal(err)
			}
			if err := l.Log(Info, "after", nil); err != nil {
				t.Fatal(err)
			}
			fi, _ := os.Stat(path)
			old, err := os.Stat(path + ".1")
			switch {
			case tt.rotated && (err != nil || old.Size() != tt.size):
				t.Errorf("%s.1 = %v, want the old %d bytes", filepath.Base(path), err, tt.size)
			case tt.rotated && (strings.Count(readLog(t, l), "\n") != 1 || !strings.HasSuffix(readLog(t, l), "] after\n")):
				t.Errorf("new log = %q, want only the new line", readLog(t, l))
			case !tt.rotated && err == nil:
				t.Errorf("rotated at %d bytes, want no .1 below %d", tt.size, RotateAt)
			case !tt.rotated && fi.Size() <= tt.size:
				t.Errorf("log size %d, want the line appended to %d bytes", fi.Size(), tt.size)
			}
		})
	}
}

func BenchmarkFormat(b *testing.B) {
	l := &Logger{Source: "post-tool-use", SID: "3f2a9c1e-7b4d-4e8a"}
	meta := map[string]any{"tool": "Read", "chars": 12345}
	for b.Loop() {
		l.format(at, Info, "archived response", meta)
	}
}
