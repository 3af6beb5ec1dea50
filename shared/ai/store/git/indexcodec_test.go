package git

import (
	"bytes"
	"crypto/sha1"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

func sampleEntries() []*index.Entry {
	at := time.Unix(1_777_000_000, 123_456_789)
	var out []*index.Entry
	for i, name := range []string{"b.md", "a/x.md", "a/b/" + strings.Repeat("n", 5000) + ".md", "é/ü.md", "a.md"} {
		out = append(out, &index.Entry{
			Name: name, Hash: plumbing.ComputeHash(plumbing.BlobObject, []byte(name)),
			Mode: filemode.Regular, Size: uint32(10 * i), Dev: 7, Inode: uint32(100 + i), UID: 1000, GID: 1000,
			CreatedAt: at, ModifiedAt: at.Add(time.Duration(i) * time.Second),
		})
	}
	return out
}

// TestIndexCodecMatchesGoGit: what encodeIndex writes, go-git decodes to
// the same entries, sorted; what go-git writes (versions 2 and 3, with
// extended flags), decodeIndex reads the same as go-git does.
func TestIndexCodecMatchesGoGit(t *testing.T) {
	mine := encodeIndex(&index.Index{Version: 2, Entries: sampleEntries()})
	theirs := &index.Index{}
	if err := index.NewDecoder(bytes.NewReader(mine)).Decode(theirs); err != nil {
		t.Fatalf("go-git cannot read our index: %v", err)
	}
	if theirs.Version != 2 || len(theirs.Entries) != 5 || theirs.Entries[0].Name != "a.md" ||
		!strings.HasPrefix(theirs.Entries[1].Name, "a/b/nnn") {
		t.Fatalf("go-git read version %d, %d entries, first %q", theirs.Version, len(theirs.Entries), theirs.Entries[0].Name)
	}
	for _, v := range []uint32{2, 3} {
		t.Run(fmt.Sprint("version ", v), func(t *testing.T) {
			entries := sampleEntries()
			if v == 3 {
				entries[1].SkipWorktree, entries[2].IntentToAdd = true, true
			}
			var buf bytes.Buffer
			if err := index.NewEncoder(&buf).Encode(&index.Index{Version: v, Entries: entries}); err != nil {
				t.Fatal(err)
			}
			want := &index.Index{}
			if err := index.NewDecoder(bytes.NewReader(buf.Bytes())).Decode(want); err != nil {
				t.Fatal(err)
			}
			got, ok, err := decodeIndex(buf.Bytes())
			if !ok || err != nil {
				t.Fatalf("decodeIndex: ok %v, %v", ok, err)
			}
			if !reflect.DeepEqual(got.Entries, want.Entries) {
				t.Errorf("entries differ:\n got %+v\nwant %+v", got.Entries[0], want.Entries[0])
			}
		})
	}
}

// TestIndexCodecRefusesDamage: a bad checksum or a cut entry is an error;
// version 4 and non-indexes are left to go-git.
func TestIndexCodecRefusesDamage(t *testing.T) {
	good := encodeIndex(&index.Index{Version: 2, Entries: sampleEntries()})
	flipped := bytes.Clone(good)
	flipped[40] ^= 1
	v4 := bytes.Clone(good)
	v4[7] = 4
	cases := []struct {
		name   string
		data   []byte
		ok     bool
		errHas string
	}{
		{"checksum", flipped, true, "bad checksum"},
		{"version 4", v4, false, ""},
		{"not an index", []byte(strings.Repeat("x", 64)), false, ""},
		{"short", good[:20], false, ""},
	}
	for _, c := range cases {
		_, ok, err := decodeIndex(c.data)
		if ok != c.ok || (c.errHas == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), c.errHas) {
			t.Errorf("%s: ok %v err %v", c.name, ok, err)
		}
	}
	// A count larger than the entries is a truncation, not a panic.
	lying := bytes.Clone(good[:len(good)-20])
	lying[11]++
	lying = appendSum(lying)
	if _, ok, err := decodeIndex(lying); !ok || err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("count past the end: ok %v err %v", ok, err)
	}
}

func appendSum(b []byte) []byte {
	sum := sha1.Sum(b)
	return append(b, sum[:]...)
}

// TestIndexReadByGit: after commits through the store, git itself sees
// a clean working tree.
func TestIndexReadByGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := filepath.Join(t.TempDir(), "s")
	s, _, err := Init(dir, Options{Kind: "test", Version: 1}, "init", map[string][]byte{"a/b.txt": []byte("b\n")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(func(tx *Tx) (string, error) {
		tx.Write("c/d/e.txt", []byte("e\n"))
		tx.Remove("a/b.txt")
		return "change", nil
	}); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("git", "-C", dir, "status", "--porcelain").CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) != 0 {
		t.Fatalf("git status: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "a")); !os.IsNotExist(err) {
		t.Errorf("emptied directory a is still there: %v", err)
	}
}
