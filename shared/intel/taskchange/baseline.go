package taskchange

import (
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
)

// Baseline is the pooled picture of the current work a prompt is scored
// against. Paths may be relative to Root or absolute; they are
// normalised when compared.
type Baseline struct {
	Root     string   // project root: absolute references under it become relative
	Task     string   // the Current Task of session-context.md ("" when a placeholder)
	KeyFiles []string // Key Files of session-context.md
	Files    []string // dirty, untracked and recently committed files, transcript mentions
}

// Area is where the current work is: the most common area of the Key
// Files, else of the other pooled files.
func (b Baseline) Area() string {
	for _, list := range [][]string{b.KeyFiles, b.Files} {
		var roots []string
		for _, f := range list {
			roots = append(roots, Root(Normalize(f, b.Root)))
		}
		if a := mostCommon(roots); a != "" {
			return a
		}
	}
	return ""
}

// pool is the baseline's files, normalised, with their areas.
type pool struct {
	files map[string]bool
	roots map[string]bool
	list  []string
}

func (b Baseline) pool() pool {
	p := pool{files: map[string]bool{}, roots: map[string]bool{}}
	for _, list := range [][]string{b.KeyFiles, b.Files} {
		for _, f := range list {
			n := Normalize(f, b.Root)
			if n == "" || p.files[n] {
				continue
			}
			p.files[n] = true
			p.list = append(p.list, n)
			if r := Root(n); r != "" {
				p.roots[r] = true
			}
		}
	}
	return p
}

// overlap is the file signal: each mention scores 1 when it is a pooled
// file (or a directory holding one, or a shorter form of one's path, as
// in "login.go" for src/auth/login.go) and 0.5 when only its area is
// pooled; the mean over the mentions, capped at 1. It is absent when the
// prompt names no file or nothing is pooled. area is the most common
// area among the mentions that were not pooled files.
func (p pool) overlap(mentions []string) (s Signal, area string) {
	if len(mentions) == 0 || len(p.list) == 0 {
		return Signal{}, ""
	}
	credit := 0.0
	var away []string
	for _, m := range mentions {
		switch {
		case p.direct(m):
			credit++
		case Root(m) != "" && p.roots[Root(m)]:
			credit += rootHitCredit
			away = append(away, Root(m))
		default:
			away = append(away, Root(m))
		}
	}
	return Signal{Value: min(1, credit/float64(len(mentions))), OK: true}, mostCommon(away)
}

// direct reports whether a mention names a pooled file directly.
func (p pool) direct(m string) bool {
	if p.files[m] {
		return true
	}
	for _, f := range p.list {
		if strings.HasPrefix(f, m+"/") || !strings.HasPrefix(m, "/") && strings.HasSuffix(f, "/"+m) {
			return true
		}
	}
	return false
}

// Sources says where [Build] reads the pooled baseline from.
type Sources struct {
	Root        string          // project root: the git root, else the working directory
	ContextFile string          // session-context.md
	Git         *gitinfo.Status // the cached git status; nil when unknown
	Transcript  string          // the session's transcript
	Prompt      string          // the prompt being scored, never its own baseline
	Turns       int             // transcript turns searched for file mentions
	Recent      time.Duration   // commits younger than this join the pool
	Now         time.Time
}

// Build reads the pooled baseline: the Current Task and Key Files of
// session-context.md, the dirty and untracked files and the files of a
// recent HEAD commit from the git cache, and the file references of the
// last transcript turns. A missing source contributes nothing.
func Build(src Sources) Baseline {
	b := Baseline{Root: src.Root}
	if data, err := fsutil.ReadCapped(src.ContextFile, sessionctx.MaxFile); err == nil {
		doc := sessionctx.Parse(data)
		b.Task = doc.Task()
		b.KeyFiles = keyFiles(doc.Sections["Key Files"])
	}
	b.Files = append(b.Files, gitFiles(src.Git, src.Now, src.Recent)...)
	b.Files = append(b.Files, TranscriptMentions(src.Transcript, src.Prompt, src.Turns)...)
	return b
}

// keyFiles reads the paths of a Key Files section: the file references
// of each bullet, else its first word; placeholders and comments skipped.
func keyFiles(lines []string) []string {
	var out []string
	for _, l := range lines {
		item := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(l, "- "), "* "))
		if strings.HasPrefix(item, "<!--") || sessionctx.Placeholder(item) {
			continue
		}
		if ms := Mentions(item); len(ms) > 0 {
			out = append(out, ms...)
			continue
		}
		if f := strings.Fields(item); len(f) > 0 {
			out = append(out, strings.Trim(f[0], "`'\",:;()"))
		}
	}
	return out
}

// gitFiles lists the dirty and untracked files and the files of the
// commits made within recent (the cache keeps the latest commits, newest
// first). A cache written before commits carried their files has the
// HEAD commit's files only, in HeadFiles.
func gitFiles(st *gitinfo.Status, now time.Time, recent time.Duration) []string {
	if st == nil {
		return nil
	}
	out := append([]string(nil), st.Files...)
	if recent <= 0 {
		return out
	}
	for _, c := range st.Commits {
		if now.Sub(time.Unix(c.When, 0)) > recent {
			break
		}
		files := c.Files
		if len(files) == 0 && c.Hash == st.Head {
			files = st.HeadFiles
		}
		out = append(out, files...)
	}
	return out
}
