package sessioncost

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// maxSubagents caps the subagent transcripts counted for one session.
const maxSubagents = 2000

// maxSubCache caps the read of the subagents' cache file.
const maxSubCache = 8 << 20

// subFile is what is known of one subagent transcript: its size and
// modification time when it was last read, and its usage.
type subFile struct {
	Size   int64                             `json:"size"` // -1: not read to its end yet
	Mod    int64                             `json:"mod"`
	Models map[string]*transcript.ModelUsage `json:"models"`
}

// SubagentDir is where Claude Code keeps the subagent transcripts of the
// session whose transcript is mainPath: <session>/subagents beside it.
func SubagentDir(mainPath string) string {
	return filepath.Join(strings.TrimSuffix(mainPath, ".jsonl"), "subagents")
}

// Subagents sums the usage of a session's subagent transcripts by model.
// A redraw lists the folder once and stats its files; only a file whose
// size or time changed is read (incrementally, by package transcript),
// and the sums are kept in one cache file in cacheDir. A missing folder
// costs one failed open; a file that vanished, cannot be read or is not
// a regular file counts nothing; a torn last line waits for its end; a
// huge file is read in the transcript reader's bounded steps.
func Subagents(mainPath, cacheDir string) map[string]*transcript.ModelUsage {
	if mainPath == "" {
		return nil
	}
	dir := SubagentDir(mainPath)
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 {
		return nil
	}
	cachePath := ""
	old := map[string]subFile{}
	if cacheDir != "" {
		sum := sha256.Sum256([]byte(mainPath))
		cachePath = filepath.Join(cacheDir, "transcripts", hex.EncodeToString(sum[:12])+".subagents")
		if data, err := fsutil.ReadOwn(cachePath, maxSubCache); err == nil {
			_ = jsonx.Unmarshal(data, &old)
		}
	}
	now, changed := map[string]subFile{}, false
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".jsonl") || len(now) >= maxSubagents {
			continue
		}
		fi, err := e.Info()
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		prev, seen := old[name]
		if seen && prev.Size == fi.Size() && prev.Mod == fi.ModTime().UnixNano() {
			now[name] = prev
			continue
		}
		changed = true
		s, err := transcript.Scan(filepath.Join(dir, name), cacheDir)
		if err != nil {
			continue
		}
		f := subFile{Size: fi.Size(), Mod: fi.ModTime().UnixNano(), Models: s.Models}
		if s.Behind || s.Offset < fi.Size() {
			f.Size = -1 // read again next time
		}
		now[name] = f
	}
	if len(now) != len(old) {
		changed = true
	}
	if changed && cachePath != "" {
		if data, err := jsonx.Marshal(now); err == nil && fsutil.PrivateTree(cacheDir, filepath.Dir(cachePath)) == nil {
			_ = fsutil.WriteOwn(cachePath, data, fsutil.NoSync)
		}
	}
	return merge(now)
}

// merge sums the files' usage by model.
func merge(files map[string]subFile) map[string]*transcript.ModelUsage {
	out := map[string]*transcript.ModelUsage{}
	for _, f := range files {
		for model, m := range f.Models {
			if m == nil {
				continue
			}
			sum := out[model]
			if sum == nil {
				sum = &transcript.ModelUsage{}
				out[model] = sum
			}
			sum.Usage, sum.Above = sum.Usage.Add(m.Usage), sum.Above.Add(m.Above)
			sum.Responses += m.Responses
		}
	}
	return out
}
