package git

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// rawIndex is an index of entries in the order given (encodeIndex would
// sort them), with ext appended as its extensions.
func rawIndex(version uint32, entries []*index.Entry, ext []byte) []byte {
	out := append([]byte("DIRC"), 0, 0, 0, byte(version))
	out = binary.BigEndian.AppendUint32(out, uint32(len(entries)))
	for _, e := range entries {
		out = appendEntry(out, e)
	}
	return appendSum(append(out, ext...))
}

func entryNamed(name string, i int) *index.Entry {
	at := time.Unix(1_777_100_000+int64(i), int64(i)*1000)
	return &index.Entry{Name: name, Hash: plumbing.ComputeHash(plumbing.BlobObject, []byte(name+"!")),
		Mode: filemode.Regular, Size: uint32(100 + i), Dev: 9, Inode: uint32(500 + i), UID: 1, GID: 2,
		CreatedAt: at, ModifiedAt: at}
}

// fullRewrite is what checkoutFull makes of old and changes.
func fullRewrite(t *testing.T, old []byte, changes map[string]*index.Entry) []byte {
	t.Helper()
	idx, err := parseIndex(old)
	if err != nil {
		t.Fatal(err)
	}
	set := newEntrySet(idx)
	for p, e := range changes {
		set.set(p, e)
	}
	set.done()
	return encodeIndex(idx)
}

// splice is what checkout makes of old and changes; ok and err as planSplice.
func splice(old []byte, changes map[string]*index.Entry) (out []byte, ok bool, err error) {
	names := map[string][]byte{}
	for p := range changes {
		names[p] = nil
	}
	list := sortedChanges(names)
	plan, ok, err := planSplice(old, list)
	if !ok || err != nil {
		return nil, ok, err
	}
	for i, c := range list {
		if e := changes[c.path]; e != nil {
			list[i].entry = appendEntry(nil, e)
		}
	}
	var buf bytes.Buffer
	err = writeSplice(&buf, old, list, plan)
	return buf.Bytes(), true, err
}

// TestSpliceMatchesFullRewrite: for every index the splice takes, it
// writes the same bytes as decoding, changing and encoding it whole.
func TestSpliceMatchesFullRewrite(t *testing.T) {
	var names []string
	for i := range 40 {
		names = append(names, "t"+string(rune('a'+i%7))+"/n"+strings.Repeat("x", i%9)+".md")
	}
	base := encodeIndex(&index.Index{Version: 2, Entries: func() (es []*index.Entry) {
		for i, n := range names {
			es = append(es, entryNamed(n, i))
		}
		return es
	}()})
	decoded, _ := parseIndex(base)
	sorted := decoded.Entries
	withExt := rawIndex(2, sorted, append([]byte("TREE\x00\x00\x00\x03"), "abc"...))
	empty := rawIndex(2, nil, nil)
	first, last, mid := sorted[0].Name, sorted[len(sorted)-1].Name, sorted[17].Name
	cases := []struct {
		name    string
		old     []byte
		changes map[string]*index.Entry
	}{
		{"add before all", base, map[string]*index.Entry{"a.md": entryNamed("a.md", 90)}},
		{"add after all", base, map[string]*index.Entry{"zz/z.md": entryNamed("zz/z.md", 91)}},
		{"add between", base, map[string]*index.Entry{mid + "a": entryNamed(mid+"a", 92)}},
		{"replace first, middle, last", base, map[string]*index.Entry{
			first: entryNamed(first, 93), mid: entryNamed(mid, 94), last: entryNamed(last, 95)}},
		{"remove first and last", base, map[string]*index.Entry{first: nil, last: nil}},
		{"remove a path not there", base, map[string]*index.Entry{"nope.md": nil}},
		{"mixed", base, map[string]*index.Entry{first: nil, mid: entryNamed(mid, 96), "tb/new.md": entryNamed("tb/new.md", 97),
			"README.md": entryNamed("README.md", 98), "zzz": entryNamed("zzz", 99), last: nil}},
		{"longer name than the padding", base, map[string]*index.Entry{mid: nil, mid + strings.Repeat("y", 300): entryNamed(mid+strings.Repeat("y", 300), 1)}},
		{"extensions dropped", withExt, map[string]*index.Entry{mid: entryNamed(mid, 3)}},
		{"empty index", empty, map[string]*index.Entry{"a/b.md": entryNamed("a/b.md", 4), "a.md": entryNamed("a.md", 5)}},
		{"no change", withExt, map[string]*index.Entry{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok, err := splice(c.old, c.changes)
			if !ok || err != nil {
				t.Fatalf("splice: ok %v, %v", ok, err)
			}
			if want := fullRewrite(t, c.old, c.changes); !bytes.Equal(got, want) {
				t.Errorf("splice wrote %d bytes that differ from the full rewrite's %d", len(got), len(want))
			}
		})
	}
}

// TestSpliceLeavesOddIndexes: indexes whose entries a decode and encode
// would not give back byte for byte go to the full rewrite; damaged ones
// are errors.
func TestSpliceLeavesOddIndexes(t *testing.T) {
	es := []*index.Entry{entryNamed("a.md", 1), entryNamed("b/c.md", 2)}
	good := rawIndex(2, es, nil)
	poke := func(at int, b ...byte) []byte {
		out := bytes.Clone(good[:len(good)-20])
		copy(out[at:], b)
		return appendSum(out)
	}
	flags := indexHeaderLen + 60 // the first entry's flags
	cases := []struct {
		name   string
		old    []byte
		ok     bool
		errHas string
	}{
		{"version 3", poke(7, 3), false, ""},
		{"version 4", poke(7, 4), false, ""},
		{"stage 1", poke(flags, 0x10), false, ""},
		{"assume valid", poke(flags, 0x80), false, ""},
		{"nanoseconds past a second", poke(indexHeaderLen+4, 0x3b, 0x9a, 0xca, 0x00), false, ""},
		{"padding not zero", poke(indexHeaderLen+62+len("a.md")+1, 'x'), false, ""},
		{"out of order", rawIndex(2, []*index.Entry{es[1], es[0]}, nil), false, ""},
		{"twice the same path", rawIndex(2, []*index.Entry{es[0], es[0]}, nil), false, ""},
		{"name of 4095 bytes", rawIndex(2, []*index.Entry{entryNamed(strings.Repeat("n", 5000), 1)}, nil), false, ""},
		{"not an index", bytes.Repeat([]byte("x"), 64), false, ""},
		{"bad checksum, as git takes it", append(bytes.Clone(good[:len(good)-1]), good[len(good)-1]^1), true, ""},
		{"count past the end", poke(11, 3), true, "truncated"},
	}
	for _, c := range cases {
		_, ok, err := splice(c.old, map[string]*index.Entry{"a.md": nil})
		if ok != c.ok || (c.errHas == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), c.errHas) {
			t.Errorf("%s: ok %v err %v", c.name, ok, err)
		}
	}
}

// TestSpliceAfterGit: an index git itself wrote (with its cache-tree
// extension) takes the splice, and git then sees a clean tree and a
// sound repository; so does an index the splice does not take.
func TestSpliceAfterGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	for _, refresh := range [][]string{{"write-tree"}, {"update-index", "--index-version", "3"}} {
		t.Run(refresh[0], func(t *testing.T) {
			s := scratch(t)
			write(t, s, "one", map[string]string{"a/x.md": "x\n", "b/y.md": "y\n", "c.md": "c\n"})
			if out, err := exec.Command("git", append([]string{"-C", s.Dir()}, refresh...)...).CombinedOutput(); err != nil {
				t.Fatalf("git %s: %v\n%s", refresh[0], err, out)
			}
			write(t, s, "two", map[string]string{"a/x.md": "x2\n", "a/w.md": "w\n", "b/y.md": "", "d/e/f.md": "f\n"})
			if out, err := exec.Command("git", "-C", s.Dir(), "status", "--porcelain").CombinedOutput(); err != nil || len(bytes.TrimSpace(out)) != 0 {
				t.Errorf("git status: %v\n%s", err, out)
			}
			data, err := os.ReadFile(filepath.Join(s.GitDir(), "index"))
			if err != nil {
				t.Fatal(err)
			}
			if _, ok, err := planSplice(data, nil); !ok || err != nil {
				t.Errorf("the index written is not one the splice takes: ok %v, %v", ok, err)
			}
			checkClean(t, s)
			fsck(t, s.Dir())
		})
	}
}
