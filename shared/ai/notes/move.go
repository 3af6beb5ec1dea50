package notes

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// Moved reports what Move did.
type Moved struct {
	// Note is the id moved, "" when a topic was.
	Note     string
	From, To Topic
	// Files is how many files changed place.
	Files int
}

// Move files the note whose id (or unique prefix) is what under topic
// dst, or, when what names a topic, moves that topic with everything
// below it to dst, merging it into dst when dst exists. One commit.
func (n *Notes) Move(what string, dst Topic) (Moved, error) {
	var m Moved
	_, err := n.st.Update(func(tx *git.Tx) (string, error) {
		c, err := n.scan()
		if err != nil {
			return "", err
		}
		if t, id, ok := resolveNote(c, what); ok {
			m = Moved{Note: id, From: t, To: dst, Files: 1}
			return n.moveNote(tx, c, t, id, dst)
		}
		src, err := ParseTopic(what)
		if err != nil {
			return "", fmt.Errorf("%s is neither a note id nor a topic: %w", clip(what, 60), err)
		}
		m = Moved{From: src, To: dst}
		m.Files, err = n.moveTopic(tx, c, src, dst)
		return fmt.Sprintf("Move topic %s to %s", src, dst), err
	})
	return m, err
}

// resolveNote finds what as a note: an id-shaped name with no dot that a
// note has.
func resolveNote(c catalog, what string) (Topic, string, bool) {
	if !idShaped(what) {
		return nil, "", false
	}
	t, id, err := c.find(what)
	return t, id, err == nil
}

// idShaped reports whether what could be a note id or its prefix.
func idShaped(what string) bool {
	return !strings.Contains(what, ".") && len(what) >= minPrefix && len(what) <= IDLen && validIDChars(what)
}

func (n *Notes) moveNote(tx *git.Tx, c catalog, from Topic, id string, dst Topic) (string, error) {
	if len(dst) == 0 {
		return "", fmt.Errorf("%w: a note is filed under a topic", ErrBadTopic)
	}
	if slices.Equal(from, dst) {
		return "", fmt.Errorf("note %s is already in %s", id, dst)
	}
	data, err := tx.Read(notePath(from, id))
	if err != nil {
		return "", err
	}
	tx.Remove(notePath(from, id))
	tx.Write(notePath(dst, id), data)
	if err := pruneEmpty(tx, from); err != nil {
		return "", err
	}
	return fmt.Sprintf("Move %s from %s to %s", id, from, dst), nil
}

// moveTopic moves every file below src to the same place below dst. A
// summary keeps its text (it depends on the topic's content, not its
// name) unless dst already has one, which wins.
func (n *Notes) moveTopic(tx *git.Tx, c catalog, src, dst Topic) (int, error) {
	if _, err := c.topic(src); err != nil || len(src) == 0 {
		return 0, fmt.Errorf("%w %s; the tree: ai notes", ErrNoTopic, src)
	}
	switch {
	case len(dst) == 0:
		return 0, fmt.Errorf("%w: name the topic to move %s to", ErrBadTopic, src)
	case dst.Within(src):
		return 0, fmt.Errorf("cannot move topic %s into itself (%s)", src, dst)
	}
	files, err := listFiles(tx, src.Path())
	if err != nil {
		return 0, err
	}
	// Read everything first, then remove, then write: src may lie inside
	// dst, so that a file's new place is another's old one.
	moving := map[string]bool{}
	datas := make([][]byte, len(files))
	for i, rel := range files {
		from := path.Join(src.Path(), rel)
		moving[from] = true
		if datas[i], err = tx.Read(from); err != nil {
			return 0, err
		}
	}
	kept := map[string]bool{}
	for _, rel := range files {
		to := path.Join(dst.Path(), rel)
		if _, err := tx.Read(to); err == nil && !moving[to] && path.Base(rel) == SummaryFile {
			kept[to] = true
		}
		tx.Remove(path.Join(src.Path(), rel))
	}
	for i, rel := range files {
		to := path.Join(dst.Path(), rel)
		if kept[to] {
			continue
		}
		if path.Base(rel) == SummaryFile {
			t, _ := topicOfDir(path.Dir(to))
			datas[i] = parseSummary(t, datas[i]).Format()
		}
		tx.Write(to, datas[i])
	}
	return len(files), pruneEmpty(tx, src.Parent())
}

// listFiles lists every file below dir, relative to it.
func listFiles(tx *git.Tx, dir string) ([]string, error) {
	names, err := tx.List(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, name := range names {
		if sub, ok := strings.CutSuffix(name, "/"); ok {
			below, err := listFiles(tx, path.Join(dir, sub))
			if err != nil {
				return nil, err
			}
			for _, b := range below {
				out = append(out, path.Join(sub, b))
			}
			continue
		}
		out = append(out, name)
	}
	return out, nil
}

// pruneEmpty removes the summary of t and of each parent once it holds
// nothing but that summary, so an emptied topic leaves the tree.
// (Files are listed to the bottom: a directory whose files are all
// removed in tx still shows in its parent's listing.)
func pruneEmpty(tx *git.Tx, t Topic) error {
	for ; len(t) > 0; t = t.Parent() {
		files, err := listFiles(tx, t.Path())
		if err != nil {
			return err
		}
		if len(files) > 1 || len(files) == 1 && files[0] != SummaryFile {
			return nil
		}
		tx.Remove(summaryPath(t))
	}
	return nil
}
