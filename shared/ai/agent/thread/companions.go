package thread

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// maxCompanions caps the companion files copied per session.
const maxCompanions = 1000

// companionDir is where Claude Code keeps a session's other files (its
// subagents' transcripts): beside the transcript, named after it.
func companionDir(transcript string) string { return strings.TrimSuffix(transcript, ".jsonl") }

// syncCompanions copies what each companion file gained, whole lines for
// JSON Lines files. A file that cannot be copied is noted in res and the
// others go on.
func (a Agent) syncCompanions(sid string, st *State, res *SyncResult) {
	dir := companionDir(st.Transcript)
	if dir == st.Transcript {
		return
	}
	count := 0
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		if count++; count > maxCompanions {
			res.Problems = append(res.Problems, fmt.Sprintf("over %d companion files; the rest are not copied", maxCompanions))
			return filepath.SkipAll
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if err := a.syncCompanion(sid, rel, path, st); err != nil {
			res.Problems = append(res.Problems, fmt.Sprintf("%s: %v", rel, err))
		}
		return nil
	})
}

// syncCompanion copies one companion file's new bytes; a file that
// shrank or changed is copied again from the start.
func (a Agent) syncCompanion(sid, rel, path string, st *State) error {
	if st.Files == nil {
		st.Files = map[string]FileState{}
	}
	fs := st.Files[rel]
	cp := a.CompanionCopy(sid, rel)
	size, err := cp.Size()
	if err != nil {
		return err
	}
	if size != fs.Size || fs.Size > 0 && sourceChanged(path, fs.Size, fs.Check) != "" {
		if err := os.RemoveAll(cp.Dir); err != nil {
			return err
		}
		fs = FileState{}
	}
	f, _, err := fsutil.OpenRegular(path)
	if err != nil {
		return err
	}
	defer f.Close()
	for {
		data, err := readFrom(f, fs.Size, chunk, nil)
		if err != nil || len(data) == 0 {
			st.Files[rel] = fs
			return err
		}
		if strings.HasSuffix(rel, ".jsonl") {
			data = data[:bytes.LastIndexByte(data, '\n')+1]
			if len(data) == 0 {
				st.Files[rel] = fs
				return nil
			}
		}
		if err := cp.Append(data); err != nil {
			return err
		}
		fs.Size += int64(len(data))
		fs.Check = tailHash(fs.Size, data, cp)
		st.Files[rel] = fs
	}
}
