package docs

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// maxReadmeLines keeps the README a page a newcomer reads in minutes; the
// reference belongs in the pages beside it.
const maxReadmeLines = 500

// doc is one Markdown file of the documentation: its path from the
// repository root, its lines and the anchors its headings make.
type doc struct {
	path    string
	lines   []string
	anchors map[string]bool
}

// loadDocs reads README.md and every docs/*.md, keyed by path from the
// repository root ("README.md", "docs/relay.md").
func loadDocs(t *testing.T) map[string]*doc {
	t.Helper()
	names, err := fs.Glob(os.DirFS("."), "*.md")
	if err != nil || len(names) == 0 {
		t.Fatalf("no pages in docs/: %v", err)
	}
	files := map[string]string{"README.md": filepath.Join("..", "README.md")}
	for _, n := range names {
		files["docs/"+n] = n
	}
	out := map[string]*doc{}
	for key, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		out[key] = &doc{path: key, lines: lines, anchors: anchors(lines)}
	}
	return out
}

// anchors returns the anchors GitHub gives the headings outside code
// fences: lowercased, punctuation dropped, spaces as hyphens, and a
// repeated anchor numbered (-1, -2 …).
func anchors(lines []string) map[string]bool {
	out, seen, fence := map[string]bool{}, map[string]int{}, false
	for _, l := range lines {
		if strings.HasPrefix(l, "```") {
			fence = !fence
			continue
		}
		level := len(l) - len(strings.TrimLeft(l, "#"))
		if fence || level == 0 || level > 6 || !strings.HasPrefix(l[level:], " ") {
			continue
		}
		a := slug(l[level+1:])
		if n := seen[a]; n > 0 {
			seen[a]++
			a = fmt.Sprintf("%s-%d", a, n)
		} else {
			seen[a] = 1
		}
		out[a] = true
	}
	return out
}

// slug is GitHub's anchor of a heading's text.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

var (
	linkRE = regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)\)`)
	codeRE = regexp.MustCompile("`[^`]*`")
)

// link is one link target and where it is written.
type link struct {
	target string
	line   int
}

// links returns the links outside code fences and code spans.
func (d *doc) links() []link {
	var out []link
	fence := false
	for i, l := range d.lines {
		if strings.HasPrefix(l, "```") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		for _, m := range linkRE.FindAllStringSubmatch(codeRE.ReplaceAllString(l, ""), -1) {
			out = append(out, link{m[1], i + 1})
		}
	}
	return out
}

// resolve checks one link of d: a relative file must exist, and an
// anchor must be a heading of the page it names. It returns the page a
// link to the documentation lands on ("" for anything else).
func resolve(docs map[string]*doc, d *doc, target string) (string, error) {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return "", nil
	}
	file, anchor, _ := strings.Cut(target, "#")
	dest := d.path
	if file != "" {
		dest = path.Clean(path.Join(path.Dir(d.path), file))
		if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(dest))); err != nil {
			return "", fmt.Errorf("%s: no such file", dest)
		}
	}
	page, ok := docs[dest]
	switch {
	case !ok && anchor != "":
		return "", fmt.Errorf("%s: an anchor into a file that is not a page", target)
	case ok && anchor != "" && !page.anchors[anchor]:
		return "", fmt.Errorf("%s has no heading #%s", dest, anchor)
	case !ok:
		return "", nil
	}
	return dest, nil
}

// TestLinksResolve: every link between README.md and the pages in docs/
// lands on a file that exists and, with an anchor, on a heading of it.
func TestLinksResolve(t *testing.T) {
	docs := loadDocs(t)
	for _, d := range docs {
		for _, l := range d.links() {
			if _, err := resolve(docs, d, l.target); err != nil {
				t.Errorf("%s:%d: %v", d.path, l.line, err)
			}
		}
	}
}

// TestEveryPageLinked: the README links every page, and every page opens
// with its title, a one-paragraph summary and a link back to the README.
func TestEveryPageLinked(t *testing.T) {
	docs := loadDocs(t)
	linked := map[string]bool{}
	for _, l := range docs["README.md"].links() {
		if dest, err := resolve(docs, docs["README.md"], l.target); err == nil {
			linked[dest] = true
		}
	}
	for name, d := range docs {
		if name == "README.md" {
			continue
		}
		if !linked[name] {
			t.Errorf("README.md links no %s", name)
		}
		if err := opening(d.lines); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// opening checks a page's first lines: "# Title", a blank line, a
// paragraph, a blank line, and a line linking ../README.md.
func opening(lines []string) error {
	if len(lines) < 5 || !strings.HasPrefix(lines[0], "# ") || lines[1] != "" || lines[2] == "" {
		return fmt.Errorf("does not open with a title and a summary paragraph")
	}
	i := slices.Index(lines[2:], "") + 2
	if i < 2 || i+1 >= len(lines) || !strings.Contains(lines[i+1], "(../README.md") {
		return fmt.Errorf("the summary is not followed by a link back to the README")
	}
	return nil
}

// TestReadmeShort: the README stays a user's page of at most
// maxReadmeLines lines.
func TestReadmeShort(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for sc := bufio.NewScanner(bytes.NewReader(data)); sc.Scan(); {
		n++
	}
	if n > maxReadmeLines {
		t.Errorf("README.md has %d lines, at most %d: move the reference into docs/", n, maxReadmeLines)
	}
}

// TestQuickStartIsTwoCommands: the README's Quick start is the first
// shell block after its heading, and it holds exactly two commands:
// ./install.sh and claude (comments and blank lines aside).
func TestQuickStartIsTwoCommands(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), "\n## Quick start\n")
	_, block, ok2 := strings.Cut(after, "```sh\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md has no ## Quick start section with a sh block")
	}
	var cmds []string
	for _, line := range strings.Split(block, "\n") {
		line, _, _ = strings.Cut(line, "#")
		if line = strings.TrimSpace(line); line != "" {
			cmds = append(cmds, line)
		}
	}
	if len(cmds) != 2 || cmds[0] != "./install.sh" || cmds[1] != "claude" {
		t.Errorf("the Quick start runs %q; want exactly ./install.sh and claude", cmds)
	}
}
