package git

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// searched opens a scratch store whose index holds the .md files.
func searched(t *testing.T) *Store {
	t.Helper()
	o := opts(1)
	o.Search = func(p string) bool { return strings.HasSuffix(p, ".md") }
	s, _, err := Init(filepath.Join(t.TempDir(), "store"), o, "Create", map[string][]byte{"README.txt": []byte("hi\n")})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// indexed is what EachSearched yields, as "path=data" in its order.
func indexed(t *testing.T, s *Store) []string {
	t.Helper()
	var out []string
	if err := s.EachSearched(func(p string, data []byte) error {
		out = append(out, p+"="+string(data))
		return nil
	}); err != nil {
		t.Fatalf("EachSearched: %v", err)
	}
	return out
}

// onDisk is every .md working file, as indexed prints them, sorted.
func onDisk(t *testing.T, s *Store) []string {
	t.Helper()
	var out []string
	err := filepath.Walk(s.Dir(), func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() || strings.Contains(p, "/.git/") || !strings.HasSuffix(p, ".md") {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(s.Dir(), p)
		out = append(out, filepath.ToSlash(rel)+"="+string(data))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func sameFiles(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s: the index holds\n%q\nthe files are\n%q", what, got, want)
	}
}

// TestSearchIndexFollowsCommits: the index is built by the first search,
// then each commit's record keeps it equal to the files, removals and
// files it does not index included; it is used as is (the pack is not
// rewritten by a commit).
func TestSearchIndexFollowsCommits(t *testing.T) {
	s := searched(t)
	write(t, s, "one", map[string]string{"a/x.md": "x1", "a-b/y.md": "y1", "a/notes.txt": "not indexed"})
	sameFiles(t, "first search", indexed(t, s), onDisk(t, s))
	pack := filepath.Join(s.GitDir(), searchPack)
	before, err := os.Stat(pack)
	if err != nil {
		t.Fatalf("the first search saved no pack: %v", err)
	}
	write(t, s, "two", map[string]string{"a/x.md": "x2", "b/z.md": "z1"})
	write(t, s, "three", map[string]string{"a-b/y.md": "", "a.md": "top"})
	sameFiles(t, "after two commits", indexed(t, s), onDisk(t, s))
	after, _ := os.Stat(pack)
	if !after.ModTime().Equal(before.ModTime()) || after.Size() != before.Size() {
		t.Error("a commit rewrote the pack; it should only append to the log")
	}
	if got := indexed(t, s); !slices.IsSortedFunc(got, strings.Compare) {
		t.Errorf("not in path order: %q", got)
	}
}

// TestSearchIndexNeverStale: whatever breaks the chain from the pack to
// HEAD, a search answers with HEAD's files and repairs the index.
func TestSearchIndexNeverStale(t *testing.T) {
	breaks := []struct {
		name  string
		spoil func(t *testing.T, s *Store)
	}{
		{"torn last record", func(t *testing.T, s *Store) {
			log := filepath.Join(s.GitDir(), searchLog)
			data, _ := os.ReadFile(log)
			must(t, os.WriteFile(log, data[:len(data)-3], 0o600))
		}},
		{"a flipped byte", func(t *testing.T, s *Store) {
			log := filepath.Join(s.GitDir(), searchLog)
			data, _ := os.ReadFile(log)
			data[len(data)-10] ^= 0xff
			must(t, os.WriteFile(log, data, 0o600))
		}},
		{"log removed", func(t *testing.T, s *Store) { must(t, os.Remove(filepath.Join(s.GitDir(), searchLog))) }},
		{"pack removed", func(t *testing.T, s *Store) { must(t, os.Remove(filepath.Join(s.GitDir(), searchPack))) }},
		{"pack cut short", func(t *testing.T, s *Store) {
			pack := filepath.Join(s.GitDir(), searchPack)
			data, _ := os.ReadFile(pack)
			must(t, os.WriteFile(pack, data[:len(data)-2], 0o600))
		}},
		{"pack garbage", func(t *testing.T, s *Store) {
			must(t, os.WriteFile(filepath.Join(s.GitDir(), searchPack), []byte("ai-search 1 test nonsense"), 0o600))
		}},
		{"a commit without a record", func(t *testing.T, s *Store) {
			saved := s.opts.Search
			s.opts.Search = nil
			write(t, s, "unrecorded", map[string]string{"c/w.md": "w1", "a/x.md": "x9"})
			s.opts.Search = saved
		}},
		{"a reset", func(t *testing.T, s *Store) {
			first, err := s.Head()
			must(t, err)
			write(t, s, "later", map[string]string{"a/x.md": "x7"})
			must(t, s.Locked(0, func() error { return s.ResetLocked(context.Background(), first, nil) }))
		}},
		{"a working file edited by hand", func(t *testing.T, s *Store) {
			must(t, os.WriteFile(filepath.Join(s.Dir(), "a", "x.md"), []byte("by hand"), 0o600))
			must(t, os.Remove(filepath.Join(s.GitDir(), searchPack)))
		}},
	}
	for _, b := range breaks {
		t.Run(b.name, func(t *testing.T) {
			s := searched(t)
			write(t, s, "one", map[string]string{"a/x.md": "x1", "b/y.md": "y1"})
			indexed(t, s)
			write(t, s, "two", map[string]string{"a/x.md": "x2"})
			b.spoil(t, s)
			write(t, s, "three", map[string]string{"b/z.md": "z1"})
			want := committed(t, s)
			sameFiles(t, "after the break", indexed(t, s), want)
			sameFiles(t, "the next search", indexed(t, s), want)
		})
	}
}

// committed is every .md file HEAD holds, as indexed prints them.
func committed(t *testing.T, s *Store) []string {
	t.Helper()
	head, err := s.head()
	must(t, err)
	tree, err := s.commitTree(head)
	must(t, err)
	var out []string
	must(t, s.walkFiles(tree, "", func(p string, h plumbing.Hash) error {
		if !strings.HasSuffix(p, ".md") {
			return nil
		}
		data, err := s.readObject(plumbing.BlobObject, h)
		out = append(out, p+"="+string(data))
		return err
	}))
	slices.Sort(out)
	return out
}

// TestSearchIndexCompacts: a log past its size is folded into a new
// pack, and the files stay right across it.
func TestSearchIndexCompacts(t *testing.T) {
	s := searched(t)
	write(t, s, "one", map[string]string{"a/x.md": "x"})
	indexed(t, s)
	big := strings.Repeat("z", 200_000)
	for i := range 7 {
		write(t, s, fmt.Sprint("big ", i), map[string]string{fmt.Sprintf("big/%d.md", i): big})
	}
	fi, err := os.Stat(filepath.Join(s.GitDir(), searchLog))
	must(t, err)
	if fi.Size() > searchCompact {
		t.Errorf("the log holds %d bytes, over %d: it was never folded into the pack", fi.Size(), searchCompact)
	}
	sameFiles(t, "after compaction", indexed(t, s), onDisk(t, s))
}
