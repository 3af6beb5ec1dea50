package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"

	"mvdan.cc/sh/v3/shell"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// errCancelled: the user answered no.
var errCancelled = errors.New("cancelled; nothing changed")

// confirm asks on the terminal whether to do what ("Forget note #17"),
// as a [y/N] question on stderr; yes (--yes) agrees without asking. A
// command whose stdin or stdout is not a terminal, as an agent's or a
// script's, needs --yes, and the refusal says so.
func (d *deps) confirm(what string, yes bool) error {
	if yes {
		return nil
	}
	if !d.Interactive {
		return fmt.Errorf("%s needs a yes: not on a terminal, so add --yes", lowerFirst(what))
	}
	fmt.Fprintf(d.Stderr, "%s? [y/N] ", what)
	line, _ := bufio.NewReader(d.Stdin).ReadString('\n')
	if a := strings.ToLower(strings.TrimSpace(line)); a == "y" || a == "yes" {
		return nil
	}
	return errCancelled
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// newText is the new text of an edit: the words given, else (with none,
// or "-") stdin read up to limit bytes, else on a terminal the user's
// editor ($VISUAL, else $EDITOR) on old; cmd is the command as typed
// before the text, for the message. keep reports that nothing was
// given and nothing is to be read (flags alone change the note).
func (d *deps) newText(cmd string, words []string, old string, limit int, keep bool) (string, error) {
	text := strings.Join(words, " ")
	switch {
	case len(words) > 0 && text != "-":
		return text, nil
	case len(words) == 0 && keep:
		return "", nil
	case len(words) == 0 && d.Interactive:
		return d.editInEditor(old, limit)
	}
	if err := d.stdinGuard(words, "new text", cmd); err != nil {
		return "", err
	}
	data, err := io.ReadAll(io.LimitReader(d.Stdin, int64(limit)+1))
	if err != nil {
		return "", fmt.Errorf("read the new text from stdin: %w", err)
	}
	if len(data) > limit {
		return "", fmt.Errorf("the new text is too long: over %d bytes on stdin", limit)
	}
	return string(data), nil
}

// editInEditor writes old to a private temporary file, runs the user's
// editor on it on the terminal and returns what the file then holds.
func (d *deps) editInEditor(old string, limit int) (string, error) {
	editor := firstOf(d.Getenv("VISUAL"), d.Getenv("EDITOR"))
	if editor == "" {
		return "", errors.New("no new text given and neither VISUAL nor EDITOR is set: give the text as an argument, or - to read it from stdin")
	}
	f, err := os.CreateTemp("", "ai-edit-*.txt")
	if err != nil {
		return "", err
	}
	path := f.Name()
	defer os.Remove(path)
	_, werr := f.WriteString(old + "\n")
	if err := f.Close(); werr == nil {
		werr = err
	}
	if werr != nil {
		return "", werr
	}
	argv, err := editorArgv(runtime.GOOS, editor, path, d.Getenv)
	if err != nil {
		return "", err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr = termtext.Underlying(d.Stdout), termtext.Underlying(d.Stderr) // the editor needs the terminal
	if f, ok := d.Stdin.(*os.File); ok {
		cmd.Stdin = f // the terminal; a reader is left for the question after
	}
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("the editor (%s) failed: %w; nothing changed", editor, err)
	}
	f, err = os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return "", err
	}
	if len(data) > limit {
		return "", fmt.Errorf("the new text is too long: over %d bytes", limit)
	}
	return string(data), nil
}

// editorArgv is the command that runs the user's editor on path. EDITOR
// may hold arguments ("code --wait"): elsewhere it runs through sh, as
// git runs its editor; Windows has no sh, so an EDITOR that names a file
// is run as it is (C:\Program Files\… holds spaces), and any other is
// split into words as sh would split it (quotes hold a word together,
// and a '\' reads as '/', which Windows takes in a path, not as sh's
// escape) and run directly.
func editorArgv(goos, editor, path string, getenv func(string) string) ([]string, error) {
	if goos != "windows" {
		return []string{"sh", "-c", editor + ` "$1"`, "sh", path}, nil
	}
	if fi, err := os.Stat(editor); err == nil && !fi.IsDir() {
		return []string{editor, path}, nil
	}
	words, err := shell.Fields(strings.ReplaceAll(editor, `\`, "/"), getenv)
	if err != nil || len(words) == 0 {
		return nil, fmt.Errorf("the editor %q cannot be read as a command: %v; nothing changed", editor, err)
	}
	return append(words, path), nil
}
