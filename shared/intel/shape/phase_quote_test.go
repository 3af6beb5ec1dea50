package shape

import "testing"

// TestPhaseQuotes: quoted text never counts, prefixes before git are skipped.
func TestPhaseQuotes(t *testing.T) {
	for cmd, want := range map[string]string{
		`git commit -m 'fix --dry-run flag'`:                 EventCommit,
		`git commit -m 'a; git push'`:                        EventCommit,
		`env FOO=1 git push`:                                 EventPush,
		`sudo -u me git push`:                                EventPush,
		`FOO='a b' git push`:                                 EventPush,
		`git commit -m "say \"hi\"" && git push origin main`: EventPush,
		`echo git commit`:                                    "",
	} {
		if got := PhaseEvent(cmd); got != want {
			t.Errorf("PhaseEvent(%q) = %q, want %q", cmd, got, want)
		}
	}
}
