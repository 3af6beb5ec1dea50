// Package modelcall keeps the ledger of the model calls the plugin makes
// on the user's Claude Code account by itself (claude -p): ai's summaries
// (memory folds, notes topics, agent threads) and the task-change
// tie-breaker. Each call appends one line before it runs; si doctor and
// ai status count them, so what costs money is never a surprise.
package modelcall

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// Limits of the ledger: it keeps the newest lines below maxFile, and a
// line (a caller's name and a model id) is short.
const (
	maxFile  = 256 << 10
	keepFile = 128 << 10
	maxLine  = 512
	lockWait = 200 * time.Millisecond
)

// Call is one model call.
type Call struct {
	T     int64  `json:"t"`     // unix seconds it started
	By    string `json:"by"`    // what made it: "ai memory fold (background)"
	Model string `json:"model"` // the model asked, as the caller named it
}

// Path is the ledger of the user whose directories are d.
func Path(d paths.Dirs) string { return filepath.Join(d.State, "model-calls.jsonl") }

// Record appends c to the ledger at path, under its lock, dropping the
// older half once it has grown past its cap. A caller goes on with its
// call whatever this returns: the ledger never stops one.
func Record(path string, c Call) error {
	line, err := jsonx.Marshal(c)
	if err != nil || len(line) > maxLine {
		return errors.New("record a model call: the entry does not fit")
	}
	if err := fsutil.PrivateDir(filepath.Dir(path)); err != nil {
		return err
	}
	return lock.With(path+".lock", lockWait, func() error {
		if fi, err := os.Stat(path); err == nil && fi.Size() > maxFile {
			if err := trim(path); err != nil {
				return err
			}
		}
		return fsutil.AppendLine(path, line)
	})
}

// trim keeps the newest whole lines of the ledger, about keepFile bytes.
func trim(path string) error {
	data, err := fsutil.ReadCapped(path, 2*maxFile)
	if err != nil {
		return err
	}
	if len(data) > keepFile {
		data = data[len(data)-keepFile:]
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			data = data[i+1:]
		}
	}
	return fsutil.WriteAtomic(path, data, 0o600, fsutil.NoSync)
}

// Tally is what the ledger holds since a time.
type Tally struct {
	Total int
	By    map[string]int // per caller
	Last  time.Time      // the newest call; zero when none
}

// Count tallies the calls in the ledger at path that started at or after
// since. A missing ledger is no calls; lines it cannot read are skipped.
func Count(path string, since time.Time) (Tally, error) {
	t := Tally{By: map[string]int{}}
	data, err := fsutil.ReadCapped(path, 2*maxFile)
	if errors.Is(err, fs.ErrNotExist) {
		return t, nil
	} else if err != nil {
		return t, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, maxLine), maxLine*2)
	for sc.Scan() {
		var c Call
		if jsonx.Unmarshal(sc.Bytes(), &c) != nil || c.T < since.Unix() {
			continue
		}
		t.Total++
		t.By[c.By]++
		if at := time.Unix(c.T, 0); at.After(t.Last) {
			t.Last = at
		}
	}
	return t, nil
}

// Callers lists the tally's callers, the most frequent first.
func (t Tally) Callers() []string {
	out := make([]string, 0, len(t.By))
	for by := range t.By {
		out = append(out, by)
	}
	slices.SortFunc(out, func(a, b string) int {
		if t.By[a] != t.By[b] {
			return t.By[b] - t.By[a]
		}
		return bytes.Compare([]byte(a), []byte(b))
	})
	return out
}
