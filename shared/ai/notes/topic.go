package notes

import (
	"errors"
	"fmt"
	"strings"
)

// Limits of a topic name.
const (
	// MaxTopicDepth is how many segments a topic may have.
	MaxTopicDepth = 8
	// MaxSegment is the longest segment, in bytes.
	MaxSegment = 48
)

// ErrBadTopic marks every refused topic name.
var ErrBadTopic = errors.New("bad topic")

// Topic is a validated topic name: its segments, root first. The empty
// Topic is the root of the tree, which holds topics but no notes.
type Topic []string

// String is the dotted name: physics.qm.
func (t Topic) String() string { return strings.Join(t, ".") }

// Path is the topic's directory in the store: physics/qm.
func (t Topic) Path() string { return strings.Join(t, "/") }

// Parent is the topic one level up; the root's parent is the root.
func (t Topic) Parent() Topic {
	if len(t) == 0 {
		return t
	}
	return t[:len(t)-1]
}

// Child is the subtopic name below t.
func (t Topic) Child(name string) Topic {
	return append(append(Topic{}, t...), name)
}

// Within reports whether t is u or lies below it.
func (t Topic) Within(u Topic) bool {
	if len(t) < len(u) {
		return false
	}
	for i := range u {
		if t[i] != u[i] {
			return false
		}
	}
	return true
}

// ParseTopic checks a dotted topic name. A segment is lowercase ASCII
// letters, digits, '-' and '_', starting with a letter or digit; this
// refuses every path trick (/, \, .., absolute paths, empty segments)
// and keeps names the same on case-insensitive file systems.
func ParseTopic(name string) (Topic, error) {
	bad := func(why string) (Topic, error) {
		return nil, fmt.Errorf("%w %q: %s", ErrBadTopic, clip(name, 80), why)
	}
	switch {
	case name == "":
		return bad("empty; name one like physics.qm")
	case strings.ContainsAny(name, `/\`):
		return bad("segments are separated by dots, not slashes: physics.qm")
	case strings.Contains(name, ".."), strings.HasPrefix(name, "."), strings.HasSuffix(name, "."):
		return bad("empty segment; segments are separated by single dots: physics.qm")
	}
	segs := strings.Split(name, ".")
	if len(segs) > MaxTopicDepth {
		return bad(fmt.Sprintf("%d levels; at most %d", len(segs), MaxTopicDepth))
	}
	for _, s := range segs {
		if why := checkSegment(s); why != "" {
			return bad(fmt.Sprintf("segment %q %s", clip(s, 60), why))
		}
	}
	return Topic(segs), nil
}

// checkSegment returns what is wrong with one segment, "" if nothing.
func checkSegment(s string) string {
	if len(s) > MaxSegment {
		return fmt.Sprintf("is over %d characters", MaxSegment)
	}
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
		case (r == '-' || r == '_') && i > 0:
		case r >= 'A' && r <= 'Z':
			return "has capitals; topics are lowercase"
		default:
			return fmt.Sprintf("has %q; use a-z, 0-9, - and _ (not first)", r)
		}
	}
	return ""
}

// topicOfDir is the topic whose directory is dir (slash-separated), for
// names read back from the store; ok is false for a directory that is
// not a topic (hand-made, or from another tool).
func topicOfDir(dir string) (Topic, bool) {
	if dir == "" {
		return Topic{}, true
	}
	segs := strings.Split(dir, "/")
	for _, s := range segs {
		if s == "" || checkSegment(s) != "" {
			return nil, false
		}
	}
	return Topic(segs), true
}
