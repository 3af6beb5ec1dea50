// Package refdoc prints the reference pages for `si help TOPIC` and
// `ai help TOPIC`, so that a user without the checkout has them. The
// pages are Markdown files, one TOPIC.md per topic, handed in as an
// [fs.FS] by the binaries' main packages (which embed docs/): no package
// under shared/ reaches up for them.
//
// A page prints as it reads in the checkout, plainly: no terminal
// escapes, HTML comments (the runnable and generated-table markers)
// dropped, and a link to another page shown as the help command that
// prints it.
package refdoc

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// maxPage caps what one page may hold; ours are tens of KB.
const maxPage = 1 << 20

// ErrNoPages is the error of a binary built without the pages.
var ErrNoPages = errors.New("this build carries no reference pages")

// Topic is one page: its name (the file's, without .md) and its title.
type Topic struct {
	Name, Title string
}

// Topics lists the pages of fsys, sorted by name.
func Topics(fsys fs.FS) ([]Topic, error) {
	if fsys == nil {
		return nil, ErrNoPages
	}
	names, err := fs.Glob(fsys, "*.md")
	if err != nil {
		return nil, fmt.Errorf("reference pages: %w", err)
	}
	var out []Topic
	for _, n := range names {
		text, err := read(fsys, n)
		if err != nil {
			return nil, err
		}
		out = append(out, Topic{Name: strings.TrimSuffix(n, ".md"), Title: title(text)})
	}
	if len(out) == 0 {
		return nil, ErrNoPages
	}
	return out, nil
}

// read returns one page, refusing one past maxPage.
func read(fsys fs.FS, name string) (string, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return "", fmt.Errorf("reference page %s: %w", name, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxPage+1))
	if err != nil {
		return "", fmt.Errorf("reference page %s: %w", name, err)
	}
	if len(data) > maxPage {
		return "", fmt.Errorf("reference page %s: over %d bytes", name, maxPage)
	}
	return string(data), nil
}

// title returns a page's "# Title" line, plain; "" when it has none.
func title(text string) string {
	first, _, _ := strings.Cut(text, "\n")
	t, ok := strings.CutPrefix(first, "# ")
	if !ok {
		return ""
	}
	return plain(t)
}

// Help is the text of `CMD help WORDS…`: the list of topics without
// words, else the page they name ("ai memory" and "ai-memory" alike).
func Help(fsys fs.FS, cmd string, words []string) (string, error) {
	topics, err := Topics(fsys)
	if err != nil {
		return "", err
	}
	if len(words) == 0 {
		return list(topics, cmd), nil
	}
	name := strings.ToLower(strings.Join(words, "-"))
	if !slices.ContainsFunc(topics, func(t Topic) bool { return t.Name == name }) {
		return "", fmt.Errorf("no help topic %q; the topics: %s", name, names(topics))
	}
	text, err := read(fsys, name+".md")
	if err != nil {
		return "", err
	}
	return Render(text, cmd), nil
}

// list is the topics as `CMD help` prints them.
func list(topics []Topic, cmd string) string {
	width := 0
	for _, t := range topics {
		width = max(width, len(t.Name))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The reference, one page per topic: %s help TOPIC prints one.\n\n", cmd)
	for _, t := range topics {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, t.Name, t.Title)
	}
	return b.String()
}

// names joins the topics' names for an error.
func names(topics []Topic) string {
	out := make([]string, len(topics))
	for i, t := range topics {
		out[i] = t.Name
	}
	return strings.Join(out, ", ")
}

// pageOf returns the topic a relative link names ("relay.md#x" →
// "relay"), "" for a link that is not to a page.
func pageOf(target string) string {
	file, _, _ := strings.Cut(target, "#")
	if strings.Contains(file, "/") || !strings.HasSuffix(file, ".md") {
		return ""
	}
	return strings.TrimSuffix(path.Base(file), ".md")
}
