// Package intellog writes the structured debug log
// ~/.claude/logs/session-intel-YYYY-MM-DD.log that every hook, the status
// line and the CLIs share:
//
//	YYYY-MM-DD HH:MM:SS.mmm LEVEL source           [sessionId] message | {meta}
//
// Info, warn and error lines are always written unless quiet mode keeps
// errors only; debug lines need debug mode. A day's file rolls to .1 at
// 5 MB. Logging never fails a caller: errors are returned for tests and
// otherwise ignored.
package intellog

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// Level orders log lines by severity.
type Level int

// The levels, lowest first.
const (
	Debug Level = iota
	Info
	Warn
	Error
)

var levelNames = [...]string{"DEBUG", "INFO", "WARN", "ERROR"}

// RotateAt is the size at which a day's log rolls over to .1.
const RotateAt = 5 << 20

// maxMeta caps the JSON meta suffix of a line.
const maxMeta = 500

// Logger appends lines for one source (hook or command) and session.
type Logger struct {
	Dir    string // ~/.claude/logs
	Source string // e.g. "post-tool-use"
	SID    string // sanitised session id, may be empty
	Min    Level  // lowest level written
	Now    func() time.Time
	// Fallback receives a line that could not be written to the file (a
	// full or read-only disk); hooks pass stderr, which Claude Code keeps
	// in its own debug log.
	Fallback io.Writer
}

// MinLevel maps the debug and quiet switches to the lowest level written.
func MinLevel(debug, quiet bool) Level {
	switch {
	case quiet:
		return Error
	case debug:
		return Debug
	default:
		return Info
	}
}

// Path is the file written at t.
func (l *Logger) Path(t time.Time) string {
	return filepath.Join(l.Dir, "session-intel-"+t.Format("2006-01-02")+".log")
}

// Log writes one line at level lv; meta (any JSON-encodable value, or
// nil) is appended after " | ".
func (l *Logger) Log(lv Level, msg string, meta any) error {
	if l == nil || lv < l.Min || l.Dir == "" {
		return nil
	}
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	t := now()
	line := l.format(t, lv, msg, meta)
	err := os.MkdirAll(l.Dir, 0o700)
	if err == nil {
		err = lock.With(filepath.Join(l.Dir, ".session-intel.lock"), time.Second, func() error {
			return l.append(l.Path(t), line)
		})
	}
	if err != nil && l.Fallback != nil {
		_, _ = io.WriteString(l.Fallback, line)
	}
	return err
}

func (l *Logger) format(t time.Time, lv Level, msg string, meta any) string {
	sid := l.SID
	if sid == "" {
		sid = "-"
	}
	if len(sid) > 12 {
		sid = sid[:12]
	}
	msg = termtext.Line(msg) // one line, and no escape from a path or a branch reaches `tail -f`
	src := l.Source
	if len(src) > 16 {
		src = src[:16]
	}
	s := fmt.Sprintf("%s %-5s %-16s [%s] %s", t.Format("2006-01-02 15:04:05.000"), levelNames[lv], src, sid, msg)
	if meta != nil {
		if b, err := jsonx.Marshal(meta); err == nil {
			if len(b) > maxMeta {
				cut := maxMeta - 3
				for cut > 0 && !utf8.RuneStart(b[cut]) {
					cut-- // never split a character
				}
				b = append(b[:cut], "..."...)
			}
			s += " | " + termtext.Line(string(b)) // JSON leaves C1 and bidi controls raw
		}
	}
	return s + "\n"
}

func (l *Logger) append(path, line string) error {
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && fi.Size() >= RotateAt {
		if err := os.Rename(path, path+".1"); err != nil {
			return fmt.Errorf("rotate log: %w", err)
		}
	}
	f, err := fsutil.OpenAppend(path)
	if err != nil {
		return fmt.Errorf("log: %w", err)
	}
	defer f.Close()
	if _, err := f.WriteString(line); err != nil {
		return fmt.Errorf("log: %w", err)
	}
	return nil
}

// Debugf, Infof, Warnf and Errorf are shorthands for [Logger.Log].
func (l *Logger) Debugf(meta any, format string, a ...any) {
	_ = l.Log(Debug, fmt.Sprintf(format, a...), meta)
}

// Infof logs at Info; see [Logger.Debugf].
func (l *Logger) Infof(meta any, format string, a ...any) {
	_ = l.Log(Info, fmt.Sprintf(format, a...), meta)
}

// Warnf logs at Warn; see [Logger.Debugf].
func (l *Logger) Warnf(meta any, format string, a ...any) {
	_ = l.Log(Warn, fmt.Sprintf(format, a...), meta)
}

// Errorf logs at Error; see [Logger.Debugf].
func (l *Logger) Errorf(meta any, format string, a ...any) {
	_ = l.Log(Error, fmt.Sprintf(format, a...), meta)
}
