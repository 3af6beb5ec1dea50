package notes

import (
	"math/rand/v2"
	"path"
	"strings"
	"time"
)

// An id is twelve lowercase Crockford base32 characters: six for the
// second the note was filed (from [idEpoch]), so a topic's files sort
// oldest first, and six random ones (30 bits), so that processes and
// machines that never talk to each other do not collide: filing a note
// then needs no look at the rest of the store. A collision within the
// topic is retried; one across topics is reported by the reads.
const (
	idAlphabet = "0123456789abcdefghjkmnpqrstvwxyz"
	idTimeLen  = 6
	idRandLen  = 6
	// IDLen is the length of an id.
	IDLen = idTimeLen + idRandLen
	// minPrefix is the shortest id prefix `show` and friends accept.
	minPrefix = 4
)

// idEpoch is where the time part starts; it lasts 34 years.
var idEpoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// NewID makes an id for a note filed at t.
func NewID(t time.Time) string {
	secs := max(t.Sub(idEpoch)/time.Second, 0)
	var b [IDLen]byte
	for i := idTimeLen - 1; i >= 0; i-- {
		b[i] = idAlphabet[secs%32]
		secs /= 32
	}
	for i := idTimeLen; i < IDLen; i++ {
		b[i] = idAlphabet[rand.IntN(32)]
	}
	return string(b[:])
}

// ValidID reports whether s is a whole id.
func ValidID(s string) bool {
	return len(s) == IDLen && validIDChars(s)
}

// validIDChars reports whether s uses only the id alphabet.
func validIDChars(s string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(idAlphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}

// noteFile is the file name of note id.
func noteFile(id string) string { return id + ".md" }

// idOfFile returns the id of a note file name, ok false for other files.
func idOfFile(name string) (string, bool) {
	id, ok := strings.CutSuffix(name, ".md")
	return id, ok && ValidID(id)
}

// NotePath is the store path of note id in topic t: physics/qm/ID.md.
func NotePath(t Topic, id string) string { return notePath(t, id) }

// SplitNotePath reads a store path as a note's: its topic and id; ok is
// false for any other file (summaries, README.md, hand-made files).
func SplitNotePath(p string) (t Topic, id string, ok bool) {
	dir, name := path.Split(p)
	if id, ok = idOfFile(name); !ok || dir == "" {
		return nil, "", false
	}
	t, ok = topicOfDir(strings.TrimSuffix(dir, "/"))
	return t, id, ok
}
