//go:build unix

package line

// shellCommand is how Claude Code runs a statusLine command here: sh -c.
func shellCommand(command string, _ []string) (string, []string) {
	return "/bin/sh", []string{"-c", command}
}
