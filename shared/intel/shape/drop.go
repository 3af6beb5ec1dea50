package shape

import (
	"path/filepath"
	"strings"
)

// This file makes the DROP band safe by construction. A summariser told
// to drop a folder drops what it knows of everything under it, so the
// rules below hold by definition, whatever the scores say. A folder is
// never dropped when it is:
//
//   - the project's top level ".";
//   - outside the project (a home folder, /tmp/…);
//   - holding a file in flight (edited and not committed) or a key file
//     (session-context.md's Key Files);
//   - touched within the last recentWindow calls;
//   - touched since the session's latest commit (or push, or pull
//     request): DROP is finished work, landed in git, not open work;
//   - listed beside its own parent or subfolder (one of them is always
//     in use, or holds what is).
//
// PRESERVE (HOT) holds at least what the summariser keeps on its own
// from the recent conversation: every root touched within the last
// recentWindow calls, and the roots of the files in flight and the key
// files. A root the rules keep out of DROP that is not HOT is WARM.
// Options.ScoreDrop turns the rules off: the seed's DROP by score alone.

// recentWindow is how many of the latest rooted calls are the recent
// conversation. It is the regret window (regret.WindowCalls): the next
// 30 calls are what a DROP is judged by.
const recentWindow = 30

// Why a root may not be dropped ("" when it may).
const (
	keepTop     = "top"     // the project's top level
	keepOutside = "outside" // a folder outside the project
	keepHolds   = "holds"   // holds a file in flight or a key file
	keepRecent  = "recent"  // touched within the last recentWindow calls
	keepOpen    = "open"    // touched since the latest commit
	keepNested  = "nested"  // beside its own parent or subfolder
)

// facts are what the rules need beyond the roots.
type facts struct {
	recent map[string]bool // touched within the last recentWindow rooted calls
	open   map[string]bool // touched since the latest commit, push or PR
	files  []string        // files in flight and key files, absolute
	pinned map[string]bool // their roots
}

// collect gathers the facts from the log (its entries' root names, the
// rooted ones at order) and the options.
func collect(entries []Entry, names []string, order []int, o Options) facts {
	f := facts{recent: map[string]bool{}, open: map[string]bool{}, pinned: map[string]bool{}, files: heldFiles(o)}
	for _, i := range order[max(0, len(order)-recentWindow):] {
		f.recent[names[i]] = true
	}
	landed := -1 // index of the latest landing event
	for i, e := range entries {
		if landing(e, o) {
			landed = i
		}
	}
	for _, i := range order {
		if i > landed {
			f.open[names[i]] = true
		}
	}
	for _, file := range f.files {
		if root, _ := RootOf(file, o.Cwd, o.Depth, strings.HasSuffix(file, "/")); root != "." && !outside(root) {
			f.pinned[root] = true
		}
	}
	return f
}

// landing reports whether e lands work: a commit, push or pull request
// the session ran, or a call made before the repository's latest commit
// (Options.Committed, one the user may have made outside the session).
func landing(e Entry, o Options) bool {
	switch e.Event {
	case EventCommit, EventPush, EventPRCreate, EventPRMerge:
		return true
	}
	return o.Committed > 0 && e.T > 0 && e.T <= o.Committed
}

// guard applies the rules to scored roots: recent and pinned roots are
// HOT (pinned ones absent from the log are added, unscored), and a COLD
// root the rules keep is WARM.
func guard(roots map[string]*Root, f facts, o Options) {
	for root := range f.pinned {
		if roots[root] == nil && len(roots) < maxRoots {
			roots[root] = &Root{Name: root, Samples: samplesIn(root, f.files, o)}
		}
	}
	for name, r := range roots {
		if f.recent[name] || f.pinned[name] {
			r.Band = Hot
			continue
		}
		if r.Band == Cold && keepReason(name, roots, f, o) != "" {
			r.Band = Warm
		}
	}
}

// maxRoots bounds the roots pinned files may add.
const maxRoots = 1000

// keepReason says which rule keeps name out of DROP, "" when none does.
func keepReason(name string, roots map[string]*Root, f facts, o Options) string {
	switch {
	case name == ".":
		return keepTop
	case outside(name):
		return keepOutside
	case holds(name, f.files, o):
		return keepHolds
	case f.recent[name]:
		return keepRecent
	case f.open[name]:
		return keepOpen
	}
	for other := range roots {
		if other != name && other != "." && (strings.HasPrefix(other, name+"/") || strings.HasPrefix(name, other+"/")) {
			return keepNested
		}
	}
	return ""
}

// outside reports whether a root lies outside the project: RootOf gives
// those absolute ("/tmp/x", "/home/u"; "C:/x" from a Windows path).
func outside(root string) bool {
	return strings.HasPrefix(root, "/") || filepath.IsAbs(root) || (len(root) > 1 && root[1] == ':')
}

// heldFiles lists the files in flight and the key files, made absolute
// against Cwd (a directory keeps its trailing slash).
func heldFiles(o Options) []string {
	var out []string
	for _, f := range append(append([]string{}, o.InFlight...), o.KeyFiles...) {
		if f = KeyFilePath(f); f != "" {
			dir := strings.HasSuffix(f, "/")
			if f = abs(f, o.Cwd); dir {
				f += "/"
			}
			out = append(out, f)
		}
	}
	return out
}

// holds reports whether one of the files lies under the folder name.
func holds(name string, files []string, o Options) bool {
	for _, f := range files {
		if strings.HasPrefix(relTo(f, o.Cwd), name+"/") {
			return true
		}
	}
	return false
}

// samplesIn lists the files under root, as they are logged.
func samplesIn(root string, files []string, o Options) []string {
	var out []string
	for _, f := range files {
		if rel := relTo(f, o.Cwd); strings.HasPrefix(rel, root+"/") && len(out) < maxSamples {
			out = append(out, rel)
		}
	}
	return out
}

// relTo is path relative to cwd ("/"-separated), or the path itself when
// it lies outside.
func relTo(path, cwd string) string {
	path = filepath.ToSlash(path)
	if cwd == "" {
		return path
	}
	c := strings.TrimSuffix(filepath.ToSlash(filepath.Clean(cwd)), "/") + "/"
	if rest, ok := strings.CutPrefix(path, c); ok {
		return rest
	}
	return path
}

// KeyFilePath is the path a Key Files item names: its first word, or
// its quoted or backquoted start, without a trailing colon ("- `src/a.go`
// — the login" → src/a.go); "" when the item holds none.
func KeyFilePath(item string) string {
	item = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(item), "-*"))
	word, _, _ := strings.Cut(item, " ")
	if q := strings.IndexAny(item, "`'\""); q == 0 {
		if end := strings.IndexByte(item[1:], item[0]); end >= 0 {
			word = item[1 : end+1]
		}
	}
	word = strings.TrimRight(strings.Trim(word, "`'\""), ":,;")
	if word == "" || len(word) > maxPathBytes || strings.ContainsAny(word, "\x00\n") {
		return ""
	}
	return word
}
