package lock

import "testing"

// TestCommandWords: only the program's name and the plain words of its
// command describe a holder; a note's text never does.
func TestCommandWords(t *testing.T) {
	for _, c := range []struct {
		argv []string
		want string
	}{
		{[]string{"/usr/local/bin/ai", "memory", "note", "my secret plan"}, "ai memory note"},
		{[]string{"/x/ai-sync", "--store", "/home/u/.ai/notes"}, "ai-sync"},
		{[]string{"\x1b]0;evil\a", "notes"}, "0evil notes"},
		{nil, ""},
	} {
		var argv [][]byte
		for _, a := range c.argv {
			argv = append(argv, []byte(a))
		}
		if got := commandWords(argv); got != c.want {
			t.Errorf("commandWords(%q) = %q, want %q", c.argv, got, c.want)
		}
	}
}
