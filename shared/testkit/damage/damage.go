// Package damage puts each kind of damage a state file can suffer at a
// path, for the tests that show the plugin heals it: garbage, a file far
// over any cap, a directory, a FIFO, a link to a device, a link loop, and
// JSON of the wrong types.
package damage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Kind is one kind of damage.
type Kind string

// The kinds.
const (
	Garbage    Kind = "garbage"
	Huge       Kind = "huge"
	Directory  Kind = "directory"
	FIFO       Kind = "fifo"
	DeviceLink Kind = "device-link"
	LinkLoop   Kind = "link-loop"
	WrongTypes Kind = "wrong-types"
)

// Kinds are all of them, in a fixed order.
var Kinds = []Kind{Garbage, Huge, Directory, FIFO, DeviceLink, LinkLoop, WrongTypes}

// HugeSize is the size of a Huge file: past every cap of a state file
// (the largest, a transcript cache's, is 4 MB) and past the debug log's
// rotation at 5 MB.
const HugeSize = 6 << 20

// garbage is bytes no decoder of ours accepts, with a NUL and invalid
// UTF-8, several lines of it.
var garbage = []byte("\x00\xff\xfe garbage {\"unterminated\n]]]] \x1b[2J not json\n\xc3\x28 nor this\n")

// WrongTypesJSON is a JSON document of the wrong shape for every file of
// ours: an array where objects are expected, each member a wrong type.
const WrongTypesJSON = `[{"t":"yesterday","calls":"many","sid":{},"size":[1],"phase":7,"entries":{"a":1}},"x",1]`

// Make replaces whatever is at path with damage of kind k. Kinds the
// platform cannot make (a FIFO, a device; links where this user may not
// make them) skip the test.
func Make(t testing.TB, path string, k Kind) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(path); err != nil {
		t.Fatal(err)
	}
	var err error
	switch k {
	case Garbage:
		err = os.WriteFile(path, garbage, 0o600)
	case Huge:
		err = writeHuge(path)
	case Directory:
		err = os.MkdirAll(filepath.Join(path, "inside"), 0o700)
	case FIFO:
		err = mkfifo(t, path)
	case DeviceLink:
		err = os.Symlink(device(t), path)
	case LinkLoop:
		other := path + ".loop"
		_ = os.Remove(other)
		if err = os.Symlink(filepath.Base(other), path); err == nil {
			err = os.Symlink(filepath.Base(path), other)
		}
		if linkRefused(err) {
			t.Skipf("this user may not make symbolic links here: %v", err)
		}
	case WrongTypes:
		err = os.WriteFile(path, []byte(WrongTypesJSON+"\n"), 0o600)
	default:
		t.Fatalf("unknown damage %q", k)
	}
	if err != nil {
		t.Fatalf("make %s at %s: %v", k, path, err)
	}
}

// writeHuge writes HugeSize bytes of one JSON-looking line repeated, so
// that a line reader finds many lines and a document reader one too long.
func writeHuge(path string) error {
	line := `{"t":1,"note":"` + strings.Repeat("x", 1000) + `"}` + "\n"
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	for n := 0; n < HugeSize; n += len(line) {
		if _, err := f.WriteString(line); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

// Aside lists the moved-aside copies of path (<path>.damaged-…).
func Aside(path string) []string {
	matches, _ := filepath.Glob(path + ".damaged-*")
	return matches
}
