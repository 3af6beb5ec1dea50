package archive

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/redact"
	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

var t0 = time.Date(2026, 3, 7, 12, 0, 0, 0, time.UTC)

// token is a fake GitHub token (no real secret).
var token = "ghp_" + strings.Repeat("aB3dE5fG7h", 4)[:36]

func newStore(t *testing.T) Store {
	return Store{Dir: filepath.Join(t.TempDir(), "sess", "archive"), SID: "sess"}
}

func save(t *testing.T, s Store, id string, at time.Time, lim Limits) Entry {
	t.Helper()
	e, err := s.Save(id, "Bash", json.RawMessage(`{"command":"ls"}`), json.RawMessage(`{"stdout":"out `+id+`","stderr":""}`), at, lim)
	if err != nil {
		t.Fatalf("Save(%q): %v", id, err)
	}
	return e
}

func ids(t *testing.T, s Store) string {
	t.Helper()
	list, err := s.List()
	if err != nil {
		t.Fatalf("List: %v", err)
	}
	var out []string
	for _, e := range list {
		out = append(out, e.ID)
	}
	return strings.Join(out, ",")
}

func exists(s Store, id string) bool {
	_, err := os.Stat(s.file(id))
	return err == nil
}

func TestSaveRedactsAndIsPrivate(t *testing.T) {
	s := newStore(t)
	input := json.RawMessage(`{"command":"curl -H 'Authorization: token ` + token + `' api"}`)
	response := json.RawMessage(`{"stdout":"GITHUB_TOKEN=` + token + `\nok","stderr":""}`)
	e, err := s.Save("toolu_01", "Bash", input, response, t0, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(s.file("toolu_01"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), token) || strings.Contains(e.Preview, token) {
		t.Fatalf("archived record still holds the token:\n%s", raw)
	}
	rec, err := s.Load("toolu_01")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(Render(rec.Response), redact.Marker(redact.KindGitHubToken)) || rec.Redacted.Total() < 2 {
		t.Errorf("Load: response %q, report %v; want a github-token marker and 2+ redactions", Render(rec.Response), rec.Redacted)
	}
	if rec.ID != "toolu_01" || rec.SID != "sess" || rec.Tool != "Bash" || rec.T != t0.UnixMilli() || rec.Chars != len(response) {
		t.Errorf("Load = %+v", rec)
	}
	modes := []struct {
		path string
		perm os.FileMode
	}{{s.file("toolu_01"), 0o600}, {s.index(), 0o600}, {s.Dir, 0o700}}
	for _, m := range modes {
		filemode.Check(t, m.path, m.perm)
	}
}

func TestSaveIDs(t *testing.T) {
	tests := []struct {
		name, id string
		wantErr  bool
	}{
		{"plain", "toolu_01ABC", false},
		{"traversal sanitised", "../../etc/x", false},
		{"empty", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore(t)
			e, err := s.Save(tt.id, "Read", nil, json.RawMessage(`"x"`), t0, Limits{})
			if (err != nil) != tt.wantErr {
				t.Fatalf("Save(%q) = %v, want error %v", tt.id, err, tt.wantErr)
			}
			if tt.wantErr {
				return
			}
			if e.ID != paths.SessionID(tt.id) || !exists(s, e.ID) {
				t.Errorf("Save(%q) id = %q, want %q stored in the dir", tt.id, e.ID, paths.SessionID(tt.id))
			}
			if _, err := s.Load(tt.id); err != nil {
				t.Errorf("Load(%q) = %v", tt.id, err)
			}
		})
	}
}

func TestIndexDedupes(t *testing.T) {
	s := newStore(t)
	save(t, s, "a", t0, Limits{})
	save(t, s, "b", t0.Add(time.Second), Limits{})
	save(t, s, "a", t0.Add(2*time.Second), Limits{})
	if got := ids(t, s); got != "b,a" {
		t.Errorf("index = %s, want b,a (re-saved id once, newest last)", got)
	}
	list, _ := s.List()
	if list[1].T != t0.Add(2*time.Second).UnixMilli() || list[1].Preview != "out a" {
		t.Errorf("re-saved entry = %+v", list[1])
	}
}

func TestLimits(t *testing.T) {
	tests := []struct {
		name string
		lim  Limits
		ages []time.Duration // age of each save (a..) relative to the last
		kept string
	}{
		{"lru", Limits{MaxPerSession: 3}, []time.Duration{5 * time.Second, 4 * time.Second, 3 * time.Second, 2 * time.Second, time.Second, 0}, "d,e,f"},
		{"lru exact", Limits{MaxPerSession: 3}, []time.Duration{2 * time.Second, time.Second, 0}, "a,b,c"},
		{"ttl", Limits{TTL: time.Hour}, []time.Duration{3 * time.Hour, 61 * time.Minute, 59 * time.Minute, 0}, "c,d"},
		{"both", Limits{MaxPerSession: 2, TTL: time.Hour}, []time.Duration{2 * time.Hour, 3 * time.Second, 2 * time.Second, time.Second}, "c,d"},
		{"no limits", Limits{}, []time.Duration{1000 * time.Hour, 0}, "a,b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore(t)
			var all []string
			for i, age := range tt.ages {
				id := string(rune('a' + i))
				all = append(all, id)
				save(t, s, id, t0.Add(-age), tt.lim)
			}
			if got := ids(t, s); got != tt.kept {
				t.Errorf("index = %s, want %s", got, tt.kept)
			}
			for _, id := range all {
				if want := strings.Contains(tt.kept, id); exists(s, id) != want {
					t.Errorf("file %s exists = %v, want %v", id, !want, want)
				}
			}
		})
	}
}

func TestPrune(t *testing.T) {
	s := newStore(t)
	for i, age := range []time.Duration{3 * time.Hour, 2 * time.Hour, 30 * time.Minute} {
		save(t, s, fmt.Sprint("id", i), t0.Add(-age), Limits{})
	}
	lim := Limits{TTL: time.Hour}
	tests := []struct {
		name string
		now  time.Time
		n    int
		kept string
	}{
		{"drops old", t0, 2, "id2"},
		{"nothing more", t0, 0, "id2"},
		{"later", t0.Add(time.Hour), 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := s.Prune(tt.now, lim)
			if err != nil || n != tt.n || ids(t, s) != tt.kept {
				t.Errorf("Prune = %d, %v, index %q; want %d, nil, %q", n, err, ids(t, s), tt.n, tt.kept)
			}
		})
	}
	for _, id := range []string{"id0", "id1", "id2"} {
		if exists(s, id) {
			t.Errorf("file %s survived Prune", id)
		}
	}
	if _, err := newStore(t).Prune(t0, lim); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Prune(no archive) = %v, want not-exist", err)
	}
}

func TestLoadMissing(t *testing.T) {
	if _, err := newStore(t).Load("nope"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load(missing) = %v, want not-exist", err)
	}
}

func TestPreview(t *testing.T) {
	s := newStore(t)
	long := strings.Repeat("é ", 200)
	e, err := s.Save("p", "Read", nil, json.RawMessage(`{"file":{"content":"line one\n\n\tline   two `+long+`"}}`), t0, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	r := []rune(e.Preview)
	if !strings.HasPrefix(e.Preview, "line one line two é é") || len(r) != previewLen+1 || r[previewLen] != '…' {
		t.Errorf("Preview = %q (%d runes), want collapsed white space cut at %d runes + …", e.Preview, len(r), previewLen)
	}
}

func BenchmarkSave(b *testing.B) {
	s := Store{Dir: filepath.Join(b.TempDir(), "archive"), SID: "s"}
	resp := json.RawMessage(`{"stdout":` + strconvQuote(strings.Repeat("line of output\n", 2000)) + `,"stderr":""}`)
	i := 0
	for b.Loop() {
		i++
		if _, err := s.Save(fmt.Sprint("toolu_", i), "Bash", nil, resp, t0, Limits{MaxPerSession: 50}); err != nil {
			b.Fatal(err)
		}
	}
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
