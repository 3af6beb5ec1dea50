package settingsjson

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

// setKey returns an Edit function that sets one top-level key.
func setKey(key string, value any) func([]byte) ([]byte, error) {
	return func(doc []byte) ([]byte, error) { return Set(doc, value, key) }
}

// returns is an Edit function that ignores the document.
func returns(out string, err error) func([]byte) ([]byte, error) {
	return func([]byte) ([]byte, error) { return []byte(out), err }
}

func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func perm(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

// backupsOf lists si backups beside path by glob, independently of the
// code under test.
func backupsOf(t *testing.T, path string) []string {
	t.Helper()
	found, err := filepath.Glob(path + ".bak-si-*")
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(found)
	return found
}

func TestEdit(t *testing.T) {
	const before = "{\n  \"a\": 1,\n}\n"
	const pretty = "{\n  \"a\": 1\n}\n"
	boom := errors.New("boom")
	tests := []struct {
		name        string
		initial     *string // nil: no file
		mode        fs.FileMode
		fn          func([]byte) ([]byte, error)
		wantChanged bool
		wantContent string // "" with initial nil: file must not exist
		wantMode    fs.FileMode
		wantErr     bool
		wantBackup  bool
	}{
		{"creates a missing file 0600", nil, 0, setKey("k", 1), true, "{\n  \"k\": 1\n}\n", 0o600, false, false},
		{"keeps the mode and backs up", ptr(pretty), 0o644, setKey("b", 2), true, "{\n  \"a\": 1,\n  \"b\": 2\n}\n", 0o644, false, true},
		{"equal value changes nothing", ptr(pretty), 0o640, setKey("a", 1.0), false, pretty, 0o640, false, false},
		{"empty file counts as {}", ptr(""), 0o600, setKey("k", "v"), true, "{\n  \"k\": \"v\"\n}\n", 0o600, false, false},
		{"invalid file is untouched", ptr(before), 0o600, setKey("b", 2), false, before, 0o600, true, false},
		{"error from fn", ptr(pretty), 0o600, returns("", boom), false, pretty, 0o600, true, false},
		{"result not an object", ptr(pretty), 0o600, returns("[1]", nil), false, pretty, 0o600, true, false},
		{"result not json", ptr(pretty), 0o600, returns(`{"a":`, nil), false, pretty, 0o600, true, false},
		{"result empty", ptr(pretty), 0o600, returns(" \n", nil), false, pretty, 0o600, true, false},
		{"nothing created when unchanged", nil, 0, returns("", nil), false, "", 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			if tt.initial != nil {
				if err := os.WriteFile(path, []byte(*tt.initial), tt.mode); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(path, tt.mode); err != nil {
					t.Fatal(err)
				}
			}
			changed, backup, err := Edit(path, tt.fn)
			if (err != nil) != tt.wantErr || changed != tt.wantChanged {
				t.Fatalf("Edit = %v, %q, %v; want changed %v, error %v", changed, backup, err, tt.wantChanged, tt.wantErr)
			}
			checkEditResult(t, path, backup, tt.initial, tt.wantContent, tt.wantMode, tt.wantBackup)
		})
	}
}

func ptr(s string) *string { return &s }

// checkEditResult checks the file and its backups after one Edit.
func checkEditResult(t *testing.T, path, backup string, initial *string, content string, mode fs.FileMode, wantBackup bool) {
	t.Helper()
	if initial == nil && content == "" {
		if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("file exists after a no-op Edit: %v", err)
		}
	} else {
		if got := readString(t, path); got != content {
			t.Errorf("content = %q, want %q", got, content)
		}
		if got := perm(t, path); got != filemode.Shown(mode, false) {
			t.Errorf("mode = %v, want %v", got, mode)
		}
		if initial == nil { // made by Edit: private (on Windows, by its ACL)
			filemode.Check(t, path, mode)
		}
	}
	backups := backupsOf(t, path)
	if !wantBackup {
		if backup != "" || len(backups) != 0 {
			t.Errorf("backup %q, files %q; want none", backup, backups)
		}
		return
	}
	if len(backups) != 1 || backups[0] != backup {
		t.Fatalf("backup %q, files %q; want exactly that one", backup, backups)
	}
	if got := readString(t, backup); got != *initial {
		t.Errorf("backup holds %q, want the old content %q", got, *initial)
	}
	if got := perm(t, backup); got != filemode.Shown(mode, false) {
		t.Errorf("backup mode = %v, want the file's %v", got, mode)
	}
}

func TestEditInvalidFileNamesPosition(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte("{\n  \"a\": 1\n  \"b\": 2\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	called := false
	_, _, err := Edit(path, func(doc []byte) ([]byte, error) { called = true; return doc, nil })
	var se *SyntaxError
	if !errors.As(err, &se) || se.File != path || se.Line != 3 || se.Column != 3 {
		t.Fatalf("Edit(invalid) = %v, want a SyntaxError at %s line 3, column 3", err, path)
	}
	if called {
		t.Error("fn was called on an invalid document")
	}
}

func TestEditCreatesParentDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "home", ".claude")
	path := filepath.Join(dir, "settings.json")
	if _, _, err := Edit(path, setKey("k", true)); err != nil {
		t.Fatal(err)
	}
	filemode.Check(t, dir, 0o700)
	if got := readString(t, path); got != "{\n  \"k\": true\n}\n" {
		t.Errorf("content = %q", got)
	}
}

func TestRead(t *testing.T) {
	tests := []struct {
		name    string
		content *string
		want    string
		wantErr bool
	}{
		{"missing file reads empty", nil, "", false},
		{"valid file", ptr("{\r\n\t\"a\": 1\r\n}"), "{\r\n\t\"a\": 1\r\n}", false},
		{"invalid file", ptr(`{"a": [}`), "", true},
		{"not an object", ptr(`"x"`), "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "settings.json")
			if tt.content != nil {
				if err := os.WriteFile(path, []byte(*tt.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, err := Read(path)
			var se *SyntaxError
			if tt.wantErr != errors.As(err, &se) || string(got) != tt.want {
				t.Fatalf("Read = %q, %v; want %q, error %v", got, err, tt.want, tt.wantErr)
			}
			if se != nil && se.File != path {
				t.Errorf("error names %q, want %q", se.File, path)
			}
			entries, _ := os.ReadDir(dir)
			if n := len(entries); n != boolInt(tt.content != nil) {
				t.Errorf("Read left %d entries in the dir (a reader must not write, not even a lock)", n)
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestEditConcurrent runs eight editors at once, each adding its own
// key; without the lock, read-modify-write cycles would lose keys.
func TestEditConcurrent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte("{\n  \"keep\": true\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const editors = 8
	var wg sync.WaitGroup
	errs := make(chan error, editors)
	for i := range editors {
		wg.Go(func() {
			_, _, err := Edit(path, setKey(fmt.Sprintf("key%d", i), i))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("Edit: %v", err)
		}
	}
	doc := []byte(readString(t, path))
	for i := range editors {
		if v, ok := Get(doc, fmt.Sprintf("key%d", i)); !ok || string(v) != fmt.Sprint(i) {
			t.Errorf("key%d = %s, %v after concurrent edits:\n%s", i, v, ok, doc)
		}
	}
	if _, ok := Get(doc, "keep"); !ok || strings.Count(string(doc), "\"keep\"") != 1 {
		t.Errorf("original key lost or duplicated:\n%s", doc)
	}
	if n := len(backupsOf(t, path)); n == 0 || n > keepBackups {
		t.Errorf("%d backups after %d edits, want 1..%d", n, editors, keepBackups)
	}
}
