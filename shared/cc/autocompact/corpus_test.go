package autocompact

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// maxOvershoot bounds how far past the threshold a compaction may fire:
// the check runs before each request, so the context can pass the point
// by up to one turn's growth (the corpus's largest is 16k).
const maxOvershoot = 25_000

// reserveFor is the output reserve of the Claude Code version that wrote
// a transcript: versions up to 2.1.20 kept 32,000 (their compactions in
// 200k windows fire at 155k), later ones 20,000 (at 167k).
func reserveFor(version string) int64 {
	parts := strings.Split(version, ".")
	if len(parts) == 3 && parts[0] == "2" && parts[1] == "1" {
		if n, err := strconv.Atoi(parts[2]); err == nil && n <= 20 {
			return 32_000
		}
	}
	return OutputReserve
}

// TestCorpusCompactions: every automatic compaction of the recorded
// sessions fired at or just past the point the rule gives for its model
// and Claude Code version: never before it, never a turn after it.
func TestCorpusCompactions(t *testing.T) {
	var files []string
	for _, dir := range []string{"transcripts", "entire"} {
		more, _ := filepath.Glob(filepath.Join(refdata.Dir(t, "corpus", dir), "*.jsonl"))
		files = append(files, more...)
	}
	n := 0
	for _, f := range files {
		for _, c := range autoCompactions(t, f) {
			n++
			w, ok := WindowOf(c.model)
			if !ok {
				t.Errorf("%s: unknown model %q", filepath.Base(f), c.model)
				continue
			}
			point := w - reserveFor(c.version) - SummaryBuffer
			if c.pre < point || c.pre > point+maxOvershoot {
				t.Errorf("%s (%s, %s): compacted at %d, the rule says %d", filepath.Base(f), c.version, c.model, c.pre, point)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d automatic compactions checked", n)
	}
}

type compaction struct {
	version, model string
	pre            int64
}

// autoCompactions lists a transcript's automatic compact_boundary records
// with the model and version in force just before each.
func autoCompactions(t *testing.T, path string) []compaction {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []compaction
	var version, model string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r struct {
			Type, Subtype, Version string
			IsSidechain            bool
			Message                struct{ Model string }
			CompactMetadata        struct {
				Trigger   string
				PreTokens int64
			}
		}
		if jsonx.Unmarshal(sc.Bytes(), &r) != nil {
			continue
		}
		if r.Version != "" {
			version = r.Version
		}
		if r.Type == "assistant" && !r.IsSidechain && r.Message.Model != "" && r.Message.Model != "<synthetic>" {
			model = r.Message.Model
		}
		if r.Subtype == "compact_boundary" && r.CompactMetadata.Trigger == "auto" {
			out = append(out, compaction{version: version, model: model, pre: r.CompactMetadata.PreTokens})
		}
	}
	return out
}
