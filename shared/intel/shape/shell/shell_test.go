package shell

import (
	"errors"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// render shows calls as "dir: word word | >redir", one per line, with a
// word's unknown part shown as … and the directory with '/' separators,
// so that a table of a Unix session reads the same on Windows.
func render(calls []Call) string {
	var lines []string
	for _, c := range calls {
		var ws []string
		for _, w := range c.Args {
			ws = append(ws, show(w))
		}
		for _, w := range c.Redirs {
			ws = append(ws, ">"+show(w))
		}
		lines = append(lines, filepath.ToSlash(c.Dir)+": "+strings.Join(ws, " "))
	}
	return strings.Join(lines, "\n")
}

func show(w Word) string {
	if w.Literal() {
		return w.Text
	}
	mark := "…"
	if w.Wild {
		mark = "*"
	}
	return w.Text[:w.Cut] + mark
}

func TestParse(t *testing.T) {
	tests := []struct{ name, cmd, want string }{
		{"simple", "cat a.go", "/p: cat a.go"},
		{"and moves cd", "cd sub && ls -la", "/p: cd sub\n/p/sub: ls -la"},
		{"semicolon moves cd", "cd /abs; cat x", "/p: cd /abs\n/abs: cat x"},
		{"cd unknown", `cd "$D" && cat x`, "/p: cd …\n: cat x"},
		{"cd dash", "cd - && cat x", "/p: cd -\n: cat x"},
		{"cd home", "cd && cat x", "/p: cd\n: cat x"},
		{"subshell keeps cd", "(cd sub && ls) && cat x", "/p: cd sub\n/p/sub: ls\n/p: cat x"},
		{"pipe stage keeps cd", "cd sub | cat x", "/p: cd sub\n/p: cat x"},
		{"block moves cd", "{ cd sub; } && cat x", "/p: cd sub\n/p/sub: cat x"},
		{"quotes", `cat "a b" 'c d' e\ f "g\"h"`, `/p: cat a b c d e f g"h`},
		{"glob", "ls src/*.go", "/p: ls src/*"},
		{"bracket glob", "ls src/[ab].go", "/p: ls src/*"},
		{"brace glob", "ls src/{a,b}.go", "/p: ls src/*"},
		{"escaped glob", `ls src/\*.go`, "/p: ls src/*.go"},
		{"quoted glob", `ls "src/*.go"`, "/p: ls src/*.go"},
		{"expansion", "cat $HOME/x src/${N}.go", "/p: cat … src/…"},
		{"tilde", "cat ~/x", "/p: cat …"},
		{"substitution first", "echo $(cat a) b", "/p: cat a\n/p: echo … b"},
		{"backquotes", "echo `ls d`", "/p: ls d\n/p: echo …"},
		{"process substitution", "diff <(cat a) b", "/p: cat a\n/p: diff … b"},
		{"assignment", "X=$(cat a) go test ./x", "/p: cat a\n/p: go test ./x"},
		{"redirects", "cmd <in.txt >out.txt 2>&1", "/p: cmd\n/p: >in.txt >out.txt"},
		{"heredoc body dropped", "cat <<EOF >f\nbody $(rm x)\nEOF", "/p: cat\n/p: >f"},
		{"for items", "for f in a/*.go b; do wc $f; done", "/p: for a/* b\n/p: wc …"},
		{"if", "if [ -f a ]; then cat b; else cat c; fi", "/p: [ -f a ]\n/p: cat b\n/p: cat c"},
		{"double brackets", "[[ -d a && x == y ]]", "/p: [[ -d a x y"},
		{"function", "f() { cat a; }", "/p: cat a"},
		{"export", "export X=$(cat a)", "/p: cat a"},
		{"time", "time go test ./x", "/p: go test ./x"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkParse(t, tt.cmd, "/p", tt.want) })
	}
}

// TestParseWindows: a session on Windows runs in a folder with a drive
// letter, and its commands run in Git Bash, where a '\' is an escape and
// a drive's path is written with '/'.
func TestParseWindows(t *testing.T) {
	if runtime.GOOS != "windows" {
		t.Skip("drive letters are paths only on Windows")
	}
	tests := []struct{ name, cmd, want string }{
		{"relative cd", "cd sub && ls", "C:/p: cd sub\nC:/p/sub: ls"},
		{"cd to another drive", "cd D:/x && cat a", "C:/p: cd D:/x\nD:/x: cat a"},
		{"quoted backslashes", `cd 'D:\x\y' && cat a`, "C:/p: cd D:\\x\\y\nD:/x/y: cat a"},
		{"rooted without a drive", "cd /tmp && cat a", "C:/p: cd /tmp\n/tmp: cat a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkParse(t, tt.cmd, `C:\p`, tt.want) })
	}
}

func checkParse(t *testing.T, cmd, dir, want string) {
	t.Helper()
	calls, err := Parse(cmd, dir)
	if err != nil {
		t.Fatalf("Parse(%q) error %v", cmd, err)
	}
	if got := render(calls); got != want {
		t.Errorf("Parse(%q) =\n%s\nwant\n%s", cmd, got, want)
	}
}

func TestParseRefuses(t *testing.T) {
	tests := []struct {
		name, cmd string
		want      error // nil: any error
	}{
		{"too long", "cat " + strings.Repeat("a", MaxBytes), ErrTooLong},
		{"too deep", strings.Repeat("$(", MaxNesting+1) + strings.Repeat(")", MaxNesting+1), ErrTooDeep},
		{"too many backquotes", strings.Repeat("`", 2*MaxNesting+2), ErrTooDeep},
		{"too many tokens", strings.Repeat("a|", MaxTokens) + "a|a", ErrTooBusy},
		{"unterminated quote", `cat "a`, nil},
		{"unterminated substitution", "echo $(cat a", nil},
		{"invalid UTF-8", "cat \xff", nil},
		{"bad syntax", "cat a &&", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls, err := Parse(tt.cmd, "/p")
			if err == nil || calls != nil || (tt.want != nil && !errors.Is(err, tt.want)) {
				t.Errorf("Parse(%.40q) = %v, %v, want an error (%v)", tt.cmd, calls, err, tt.want)
			}
		})
	}
}

// TestParseAtTheTokenCap: a command with exactly MaxTokens still parses.
func TestParseAtTheTokenCap(t *testing.T) {
	if _, err := Parse(strings.Repeat("a ", MaxTokens), "/p"); err != nil {
		t.Errorf("Parse at the cap: %v", err)
	}
}

// TestParseCaps: a command cannot make the walk keep more than maxCalls
// calls or a call more than maxArgs words.
func TestParseCaps(t *testing.T) {
	calls, err := Parse(strings.Repeat("a;", 500), "/p")
	if err != nil || len(calls) != maxCalls {
		t.Errorf("500 commands: %d calls, %v, want %d", len(calls), err, maxCalls)
	}
	calls, err = Parse("cat"+strings.Repeat(" a", 1000), "/p")
	if err != nil || len(calls) != 1 || len(calls[0].Args) != maxArgs {
		t.Errorf("1000 words: %v, want one call of %d words", err, maxArgs)
	}
}

// FuzzParse: Parse never panics, and what it returns is well formed: a
// clean rooted directory or none, words with a cut inside their text.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"cat a", "cd sub && ls", "(cd /x; ls) | wc", "echo $(cat <<EOF\nx\nEOF\n)",
		`cat "a`, "$((1+", "${x:-$(ls", "[[ -f a", "for f in *; do", "case x in a) ls;; esac", "cd ../..; cat ../x",
		"cat \xff\xfe", strings.Repeat("$(", 40), strings.Repeat("`", 70), "a=(1 2) b[1]=2 c", "f() { cd x; }"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		calls, err := Parse(cmd, filepath.FromSlash("/p")) // as clean as every dir it gives
		if err != nil {
			return
		}
		for _, c := range calls {
			if c.Dir != "" && (!paths.Rooted(c.Dir) || filepath.Clean(c.Dir) != c.Dir) {
				t.Errorf("Parse(%q): dir %q", cmd, c.Dir)
			}
			for _, w := range append(append([]Word{}, c.Args...), c.Redirs...) {
				if w.Cut > len(w.Text) || w.Cut < -1 || w.Wild && w.Cut < 0 {
					t.Errorf("Parse(%q): word %+v", cmd, w)
				}
			}
		}
	})
}
