package git

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
)

// snapshot lists every file and directory under dir with its mode,
// modification time and content hash.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		sum := ""
		if d.Type().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum = fmt.Sprintf("%x", sha256.Sum256(data))
		}
		out[p] = fmt.Sprintf("%v %d %s", fi.Mode(), fi.ModTime().UnixNano(), sum)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestNewerFormatRefusedWithoutWriting(t *testing.T) {
	s := scratch(t)
	write(t, s, "from the future", map[string]string{FormatFile: "test 3\n"})
	before := snapshot(t, s.Dir())
	_, _, err := Open(s.Dir(), opts(2))
	if !errors.Is(err, ErrNewer) {
		t.Fatalf("Open = %v, want ErrNewer", err)
	}
	if !strings.Contains(err.Error(), "has format 3, this ai reads up to 2") {
		t.Errorf("error %q does not name both versions", err)
	}
	after := snapshot(t, s.Dir())
	if fmt.Sprint(before) != fmt.Sprint(after) {
		t.Errorf("Open of a newer store wrote to it:\nbefore %v\nafter  %v", before, after)
	}
}

func TestOlderFormatUpgraded(t *testing.T) {
	s := scratch(t)
	write(t, s, "data", map[string]string{"old.txt": "payload\n"})
	prev, _ := s.Head()
	o := opts(3)
	o.Migrations = map[int]Migration{
		1: func(tx *Tx) error {
			data, err := tx.Read("old.txt")
			if err != nil {
				return err
			}
			tx.Remove("old.txt")
			tx.Write("mid.txt", data)
			return nil
		},
		2: func(tx *Tx) error {
			data, err := tx.Read("mid.txt") // sees the first migration's write
			if err != nil {
				return err
			}
			tx.Write("new/data.txt", append([]byte("v3 "), data...))
			tx.Remove("mid.txt")
			return nil
		},
	}
	s3, up, err := Open(s.Dir(), o)
	if err != nil {
		t.Fatal(err)
	}
	head, _ := s3.Head()
	if up == nil || up.From != 1 || up.To != 3 || up.Previous != prev || up.Commit != head {
		t.Fatalf("Upgrade = %+v, want 1 -> 3, previous %s, commit %s", up, prev, head)
	}
	if data, _ := s3.Read("new/data.txt"); string(data) != "v3 payload\n" {
		t.Errorf("migrated file = %q", data)
	}
	if data, _ := s3.Read(FormatFile); string(data) != "test 3\n" {
		t.Errorf("format file = %q", data)
	}
	msgs := checkClean(t, s3)
	if msgs[0] != "Upgrade the test from format 1 to 3" || len(msgs) != 3 {
		t.Errorf("commits = %q", msgs)
	}
	// The previous state is intact in the commit named.
	repo, _ := git.PlainOpen(s.Dir())
	c, err := repo.CommitObject(plumbing.NewHash(up.Previous))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.File("old.txt"); err != nil {
		t.Errorf("previous commit lacks old.txt: %v", err)
	}
	if _, up2, err := Open(s.Dir(), o); err != nil || up2 != nil {
		t.Errorf("second Open = %v, upgrade %+v; want no upgrade", err, up2)
	}
}

func TestOpenErrors(t *testing.T) {
	s := scratch(t)
	noFormat := scratch(t)
	write(t, noFormat, "drop format", map[string]string{FormatFile: ""})
	badFormat := scratch(t)
	write(t, badFormat, "garble", map[string]string{FormatFile: "test one\n"})
	tests := []struct {
		name string
		dir  string
		o    Options
		is   error
		text string
	}{
		{"missing dir", filepath.Join(t.TempDir(), "none"), opts(1), ErrNotStore, "not a git repository"},
		{"no format file", noFormat.Dir(), opts(1), ErrNotStore, "no .ai-format"},
		{"bad format file", badFormat.Dir(), opts(1), nil, `bad format version "one"`},
		{"other kind", s.Dir(), Options{Kind: "notes", Version: 1}, ErrWrongKind, "holds a test store, not notes"},
		{"no migration", s.Dir(), opts(2), nil, "no upgrade from format 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Open(tt.dir, tt.o)
			if err == nil || !strings.Contains(err.Error(), tt.text) {
				t.Fatalf("Open = %v, want an error containing %q", err, tt.text)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("Open = %v, want errors.Is %v", err, tt.is)
			}
		})
	}
}
