package replay

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

// The headline figures of the folder measures on the corpus
// (shared/reference/outcome-measures.md): of the roots the sessions
// touched after a compaction, the real summary named 93% (26 of 28);
// with the seed's DROP, PRESERVE held 89% and DROP 11%, and 8 of the 27
// DROP entries were the top level, outside the project or beside their
// own subfolder. The safe DROP must keep PRESERVE at least at the
// summary's share, DROP at most at 3%, and no entry breaking a rule, on
// the whole corpus and on each half split by repository (entireio/cli,
// and the four others), while DROP stays a band some compactions get.
const maxDropped = 0.03

func TestCorpusFolders(t *testing.T) {
	safe := replayCorpus(t)
	seedOpts := Options{Config: config.Default(), Dirs: testDirs(t)}
	seedOpts.Config.Shape.SafeDrop = false
	halves := map[string][]Report{}
	var seed []Report
	for _, rep := range safe {
		half := "others"
		if strings.HasPrefix(filepath.Base(rep.Path), "entireio+cli+") {
			half = "entireio/cli"
		}
		halves[half] = append(halves[half], rep)
		s, err := Run(rep.Path, seedOpts)
		if err != nil {
			t.Fatal(err)
		}
		seed = append(seed, s)
	}
	logFolders(t, "seed DROP, all", Summarize(seed).Total)
	for _, x := range []struct {
		name    string
		reports []Report
	}{{"all", safe}, {"entireio/cli", halves["entireio/cli"]}, {"others", halves["others"]}} {
		tot := Summarize(x.reports).Total
		f := tot.Folders
		logFolders(t, "safe DROP, "+x.name, tot)
		if f.Touched == 0 || f.Preserved < f.Named {
			t.Errorf("%s: PRESERVE held %d of %d roots touched after, the summary named %d", x.name, f.Preserved, f.Touched, f.Named)
		}
		if float64(f.Dropped) > maxDropped*float64(f.Touched) {
			t.Errorf("%s: DROP held %d of %d roots touched after, want at most %.0f%%", x.name, f.Dropped, f.Touched, 100*maxDropped)
		}
		if f.BadDrop > 0 || f.WithDrop == 0 {
			t.Errorf("%s: %d DROP entries break a rule; %d compactions have a DROP band", x.name, f.BadDrop, f.WithDrop)
		}
	}
	for _, rep := range safe {
		for i, c := range rep.Compactions {
			if len(c.Folders.BadDrop) > 0 {
				t.Errorf("%s compaction %d: %s", filepath.Base(rep.Path), i, js(c.Folders.BadDrop))
			}
		}
	}
}

func logFolders(t *testing.T, name string, tot Totals) {
	f := tot.Folders
	t.Logf("%s: %d compactions (%d with a summary); roots touched after %d: named by the summary %s, PRESERVE %s, DROP %s; DROP entries %d, breaking a rule %d; DROP band in %d",
		name, tot.Compactions, f.Compactions, f.Touched, share(f.Named, f.Touched), share(f.Preserved, f.Touched), share(f.Dropped, f.Touched),
		f.DropEntries, f.BadDrop, f.WithDrop)
}
