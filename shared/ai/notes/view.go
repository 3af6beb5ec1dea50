package notes

import (
	"fmt"
	"slices"
	"strings"
)

// View is a rendered read of the store.
type View struct {
	Text string
	// Unsummarised reports a topic shown without a current summary
	// (missing, or older than the topic's content): the caller starts
	// the background builder and says what becomes of them.
	Unsummarised bool
}

const (
	noSummary = "(no summary yet)"
	// staleMark follows a summary older than its topic's content.
	staleMark = " (stale)"
)

// Tree renders the top of the tree: each top topic with its scope.
func (n *Notes) Tree() (View, error) {
	c, err := n.scan()
	if err != nil {
		return View{}, err
	}
	root := c[""]
	total, topics := c.count(Topic{})
	var b strings.Builder
	var v View
	if total == 0 {
		b.WriteString("# notes: none yet. File one: ai notes add TOPIC \"claim\" --title \"...\" --confidence likely\n")
		return View{Text: b.String()}, nil
	}
	fmt.Fprintf(&b, "# notes: %d in %d topics. Open a topic: ai notes zoom TOPIC. One note: ai notes show ID. Search: ai notes grep REGEX\n", total, topics)
	for _, name := range root.Subs {
		line, current, err := n.topicLine(c, Topic{name})
		if err != nil {
			return View{}, err
		}
		if line != "" {
			b.WriteString(line + "\n")
		}
		v.Unsummarised = v.Unsummarised || !current
	}
	v.Text = b.String()
	return v, nil
}

// topicLine is "physics (12 notes, 3 subtopics): summary", marked when
// stale, "" for a topic holding no note; current is false for a topic
// whose summary is missing or stale.
func (n *Notes) topicLine(c catalog, t Topic) (line string, current bool, err error) {
	count, subs := c.count(t)
	if count == 0 {
		return "", true, nil
	}
	s, ok, stale, err := n.summaryOf(t)
	if err != nil {
		return "", false, err
	}
	text := s.Text
	switch {
	case !ok || text == "":
		text = noSummary
	case stale:
		text += staleMark
	}
	return fmt.Sprintf("%s (%s): %s", t, counts(count, subs), text), ok && text != noSummary && !stale, nil
}

// counts is "12 notes, 3 subtopics".
func counts(notes, topics int) string {
	s := plural(notes, "note")
	if topics > 0 {
		s += ", " + plural(topics, "subtopic")
	}
	return s
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "ch") {
		return fmt.Sprintf("%d %ses", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Zoom renders topic t: its summary, its subtopics with theirs, and its
// notes, oldest first.
func (n *Notes) Zoom(t Topic) (View, error) {
	c, err := n.scan()
	if err != nil {
		return View{}, err
	}
	d, err := c.topic(t)
	if err != nil {
		return View{}, fmt.Errorf("%w; the tree: ai notes", err)
	}
	ch, err := n.readChildren(c, d)
	if err != nil {
		return View{}, err
	}
	count, subs := c.count(t)
	s, ok, stale, err := n.summaryOf(t)
	if err != nil {
		return View{}, err
	}
	var b strings.Builder
	var v View
	fmt.Fprintf(&b, "# %s: %s. One note: ai notes show ID\n", t, counts(count, subs))
	switch {
	case !ok:
		b.WriteString(noSummary + "\n")
		v.Unsummarised = true
	case stale:
		fmt.Fprintf(&b, "%s\n(this summary predates the newest changes to %s)\n", s.Text, t)
		v.Unsummarised = true
	default:
		b.WriteString(s.Text + "\n")
	}
	if err := n.zoomSubtopics(&b, c, d, &v); err != nil {
		return View{}, err
	}
	if len(ch.notes) > 0 {
		b.WriteString("## notes\n")
	}
	for _, note := range ch.notes {
		b.WriteString(noteLine(note) + "\n")
	}
	v.Text = b.String()
	return v, nil
}

func (n *Notes) zoomSubtopics(b *strings.Builder, c catalog, d *topicDir, v *View) error {
	header := false
	for _, name := range d.Subs {
		line, current, err := n.topicLine(c, d.Topic.Child(name))
		if err != nil || line == "" {
			if err != nil {
				return err
			}
			continue
		}
		if !header {
			b.WriteString("## subtopics\n")
			header = true
		}
		b.WriteString(line + "\n")
		v.Unsummarised = v.Unsummarised || !current
	}
	return nil
}

// noteLine is "0c3k7mx9p2ab [verified] Title (2 links)".
func noteLine(note Note) string {
	var b strings.Builder
	b.WriteString(note.ID + " ")
	if note.Confidence != "" {
		b.WriteString("[" + note.Confidence + "] ")
	}
	b.WriteString(clip(oneLine(note.Title), MaxTitle))
	if len(note.Links) > 0 {
		b.WriteString(" (" + plural(len(note.Links), "link") + ")")
	}
	if note.ConflictOf != "" {
		b.WriteString(" (the other side of a sync conflict with " + note.ConflictOf + ")")
	}
	return b.String()
}

// Get reads the note whose id (or unique prefix) is id.
func (n *Notes) Get(id string) (Note, error) {
	c, err := n.scan()
	if err != nil {
		return Note{}, err
	}
	t, full, err := c.find(id)
	if err != nil {
		return Note{}, err
	}
	note, _, err := n.readNote(notePath(t, full), t, nil)
	return note, err
}

// Show renders one note whole: where it is, its file, its links' titles.
func (n *Notes) Show(id string) (View, error) {
	c, err := n.scan()
	if err != nil {
		return View{}, err
	}
	t, full, err := c.find(id)
	if err != nil {
		return View{}, err
	}
	p := notePath(t, full)
	data, err := n.st.Read(p)
	if err != nil {
		return View{}, err
	}
	note, err := ParseNote(p, data)
	if err != nil {
		return View{}, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# note %s in %s (%s)\n", full, t, p)
	b.Write(data)
	if len(note.Links) > 0 {
		b.WriteString("# links\n")
	}
	for _, l := range note.Links {
		b.WriteString(n.linkLine(c, l) + "\n")
	}
	return View{Text: b.String()}, nil
}

// linkLine is "ID TOPIC: Title" for a linked note, or says it is gone.
func (n *Notes) linkLine(c catalog, id string) string {
	t, full, err := c.find(id)
	if err != nil {
		return id + " (not in this store)"
	}
	note, _, err := n.readNote(notePath(t, full), t, nil)
	if err != nil {
		return fmt.Sprintf("%s %s: (unreadable: %v)", full, t, err)
	}
	return fmt.Sprintf("%s %s: %s", full, t, clip(oneLine(note.Title), MaxTitle))
}

// sortedTopics is every topic of c in tree order.
func sortedTopics(c catalog) []*topicDir {
	out := make([]*topicDir, 0, len(c))
	for _, d := range c {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b *topicDir) int { return slices.Compare(a.Topic, b.Topic) })
	return out
}
