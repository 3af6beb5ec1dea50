package cli

import (
	"fmt"
	"runtime"
)

// stdinGuard runs before a command reads what it was not given as words
// from stdin. When stdin is a terminal, a bare command would sit there
// without a word, looking hung, so it is refused with the ways to give
// the text; with "-" (the user asked for stdin) it says how to end the
// text and reads. what names the text ("note"), cmd is the command as
// typed before the text ("ai memory note").
func (d *deps) stdinGuard(words []string, what, cmd string) error {
	if !d.InputTerminal {
		return nil
	}
	if len(words) == 0 {
		return fmt.Errorf("no %s given: give it as words (%s \"TEXT\"), pipe it in, or type it after %s - and end it with %s", what, cmd, cmd, endOfInput())
	}
	fmt.Fprintf(d.Stderr, "Type the %s, then press %s:\n", what, endOfInput())
	return nil
}

// endOfInput is the key that ends a terminal's input.
func endOfInput() string {
	if runtime.GOOS == "windows" {
		return "Ctrl-Z and Enter"
	}
	return "Ctrl-D on a new line"
}
