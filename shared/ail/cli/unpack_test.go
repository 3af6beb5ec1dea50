package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ail"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// run runs `si ail` with args and stdin in memory.
func run(args []string, stdin string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Main(args, proc.IO{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut})
	return code, out.String(), errOut.String()
}

// TestUnpackLenient: unpack is strict by default and names the line;
// --lenient prints the repaired snapshot and lists the repairs on
// stderr.
func TestUnpackLenient(t *testing.T) {
	near := "!AILv1\n@MEM $1=api\n@MEM $2=$1\n@LOG !a(b)->^$2\n"
	cases := []struct {
		name         string
		args         []string
		code         int
		stdout       string
		stderrHas    []string
		stderrHasNot string
	}{
		{"strict", []string{"unpack"}, 1, "", []string{`si ail: unpack stdin: line 3: @MEM: expected an identifier after "$2=", found the pointer "$1"`}, "repaired"},
		{"lenient", []string{"unpack", "--lenient"}, 0, "@LOG !a(b) -> ^api\n", []string{
			"si ail: stdin: repaired line 3: @MEM: a value cannot be a pointer: $2 now holds \"api\", copied from \"$1\"\n" +
				"si ail: stdin: repaired line 4: @LOG: wrote \" -> \" for \"->\"\n",
		}, "unpack stdin"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := run(c.args, near)
			if code != c.code || stdout != c.stdout {
				t.Fatalf("Main(%v) = %d, stdout %q, stderr %q; want %d, %q", c.args, code, stdout, stderr, c.code, c.stdout)
			}
			for _, w := range c.stderrHas {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q lacks %q", stderr, w)
				}
			}
			if strings.Contains(stderr, c.stderrHasNot) {
				t.Errorf("stderr %q has %q", stderr, c.stderrHasNot)
			}
		})
	}
}

// TestUnpackManyRepairs: a document of thousands of near-misses lists
// the first ail.MaxRepairs repairs on stderr and counts the rest.
func TestUnpackManyRepairs(t *testing.T) {
	doc := "!AILv1\n" + strings.Repeat("\n", ail.MaxRepairs+500) + "@CTX  kept\n"
	code, stdout, stderr := run([]string{"unpack", "--lenient"}, doc)
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if code != 0 || stdout != "kept\n" || len(lines) != ail.MaxRepairs+1 {
		t.Fatalf("Main = %d, stdout %q, %d lines of stderr", code, stdout, len(lines))
	}
	if want := "si ail: stdin: and 501 more repairs, not listed"; lines[ail.MaxRepairs] != want {
		t.Errorf("last line %q, want %q", lines[ail.MaxRepairs], want)
	}
}
