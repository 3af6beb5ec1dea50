package full

import (
	"slices"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/storage/memory"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
)

const (
	idA = "0c3k7m000001"
	idB = "0c3k7m000002"
	idC = "0c3k7m000003"
)

// tree is a side of a merge in a test: path → content.
type tree map[string]string

func noteFile(id, title, claim string, links ...string) string {
	return string(notes.Note{ID: id, Title: title, Created: t0, Links: links, Claim: claim}.Format())
}

func TestMergeNotes(t *testing.T) {
	base := tree{"x/" + idA + ".md": noteFile(idA, "a", "claim a"), "x/TOPIC.md": "summary", "README.md": "readme"}
	with := func(changes tree) tree {
		out := tree{}
		for k, v := range base {
			out[k] = v
		}
		for k, v := range changes {
			if v == "" {
				delete(out, k)
			} else {
				out[k] = v
			}
		}
		return out
	}
	cases := []struct {
		name          string
		ours, theirs  tree
		want          tree // path → substring of its content; "" absent
		conflicts     int
		noticeHas     string
		conflictNotes int // notes with conflict-of
	}{
		{name: "both add", ours: with(tree{"y/" + idB + ".md": noteFile(idB, "b", "b")}), theirs: with(tree{"z/" + idC + ".md": noteFile(idC, "c", "c")}),
			want: tree{"y/" + idB + ".md": "b", "z/" + idC + ".md": "c", "x/" + idA + ".md": "claim a"}},
		{name: "moved here, linked there", ours: with(tree{"x/" + idA + ".md": "", "w/" + idA + ".md": noteFile(idA, "a", "claim a")}),
			theirs: with(tree{"x/" + idA + ".md": noteFile(idA, "a", "claim a", idB)}),
			want:   tree{"w/" + idA + ".md": "links: [" + idB + "]", "x/" + idA + ".md": ""}},
		{name: "links both sides", ours: with(tree{"x/" + idA + ".md": noteFile(idA, "a", "claim a", idB)}),
			theirs: with(tree{"x/" + idA + ".md": noteFile(idA, "a", "claim a", idC)}),
			want:   tree{"x/" + idA + ".md": "links: [" + idB + ", " + idC + "]"}},
		{name: "title here, claim there", ours: with(tree{"x/" + idA + ".md": noteFile(idA, "new title", "claim a")}),
			theirs: with(tree{"x/" + idA + ".md": noteFile(idA, "a", "new claim")}),
			want:   tree{"x/" + idA + ".md": "title: \"new title\"\n"}},
		{name: "claim both sides", ours: with(tree{"x/" + idA + ".md": noteFile(idA, "a", "ours")}),
			theirs: with(tree{"x/" + idA + ".md": noteFile(idA, "a", "theirs")}),
			want:   tree{"x/" + idA + ".md": "\nours\n"}, conflicts: 1, conflictNotes: 1},
		{name: "removed here, changed there", ours: with(tree{"x/" + idA + ".md": ""}),
			theirs: with(tree{"x/" + idA + ".md": noteFile(idA, "a", "changed")}),
			want:   tree{"x/" + idA + ".md": "changed"}, noticeHas: "removed here, changed there"},
		{name: "removed there, unchanged here", ours: base, theirs: with(tree{"x/" + idA + ".md": ""}),
			want: tree{"x/" + idA + ".md": ""}},
		{name: "moved to two places", ours: with(tree{"x/" + idA + ".md": "", "p/" + idA + ".md": noteFile(idA, "a", "claim a")}),
			theirs: with(tree{"x/" + idA + ".md": "", "q/" + idA + ".md": noteFile(idA, "a", "claim a")}),
			want:   tree{"p/" + idA + ".md": "claim a", "q/" + idA + ".md": ""}, noticeHas: "kept p/"},
		{name: "summaries both sides", ours: with(tree{"x/TOPIC.md": "ours"}), theirs: with(tree{"x/TOPIC.md": "theirs"}),
			want: tree{"x/TOPIC.md": "ours"}},
		{name: "readme both sides", ours: with(tree{"README.md": "ours"}), theirs: with(tree{"README.md": "theirs"}),
			want: tree{"README.md": "ours", "README.md.theirs": "theirs"}, conflicts: 1},
		{name: "unreadable both sides", ours: with(tree{"x/" + idA + ".md": "ours, by hand"}), theirs: with(tree{"x/" + idA + ".md": "theirs, by hand"}),
			want: tree{"x/" + idA + ".md": "ours, by hand", "x/" + idA + ".md.theirs": "theirs, by hand"}, conflicts: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := memory.NewStorage()
			m := newMerger(s, store(t, s, base), store(t, s, c.ours), store(t, s, c.theirs), t0)
			if err := m.run(); err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			conflictNotes := 0
			for p, f := range m.out {
				data, err := readBlob(s, f.hash)
				if err != nil {
					t.Fatal(err)
				}
				got[p] = string(data)
				if strings.Contains(string(data), "conflict-of: "+idA) {
					conflictNotes++
				}
			}
			for p, sub := range c.want {
				data, ok := got[p]
				if sub == "" && ok || sub != "" && !strings.Contains(data, sub) {
					t.Errorf("%s: %q (present %v), want %q", p, data, ok, sub)
				}
			}
			if len(m.conflicts) != c.conflicts || conflictNotes != c.conflictNotes {
				t.Errorf("conflicts %q, conflict notes %d", m.conflicts, conflictNotes)
			}
			if c.noticeHas != "" && !slices.ContainsFunc(m.notices, func(n string) bool { return strings.Contains(n, c.noticeHas) }) {
				t.Errorf("notices %q, want one with %q", m.notices, c.noticeHas)
			}
		})
	}
}

func store(t *testing.T, s *memory.Storage, tr tree) files {
	t.Helper()
	out := files{}
	for p, data := range tr {
		h, err := writeBlob(s, []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		out[p] = file{h, filemode.Regular}
	}
	return out
}

func TestMergeLinks(t *testing.T) {
	cases := []struct{ base, ours, theirs, want []string }{
		{nil, []string{"a"}, []string{"b"}, []string{"a", "b"}},
		{[]string{"a", "b"}, []string{"a"}, []string{"a", "b", "c"}, []string{"a", "c"}},
		{[]string{"a"}, []string{"a"}, []string{"a"}, []string{"a"}},
		{[]string{"a"}, nil, []string{"a", "b"}, []string{"b"}},
	}
	for _, c := range cases {
		if got := mergeLinks(c.base, c.ours, c.theirs); !slices.Equal(got, c.want) {
			t.Errorf("mergeLinks(%v, %v, %v) = %v, want %v", c.base, c.ours, c.theirs, got, c.want)
		}
	}
}
