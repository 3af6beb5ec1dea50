package lock

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// Holder names the process that holds the lock on path, from the
// kernel's list of locks (/proc/locks), as "pid 123 (ai notes sync)";
// "" when it is not found. Only the program's name and the plain words
// of its command follow the pid: its other arguments (a note's text)
// are the user's own, and never printed.
func Holder(path string) string {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return ""
	}
	f, err := os.Open("/proc/locks")
	if err != nil {
		return ""
	}
	defer f.Close()
	want := fmt.Sprintf("%02x:%02x:%d", unix.Major(st.Dev), unix.Minor(st.Dev), st.Ino)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// "1: FLOCK  ADVISORY  WRITE 10236 fe:00:10028001 0 EOF"
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 || fields[1] != "FLOCK" || fields[5] != want {
			continue
		}
		if pid, err := strconv.Atoi(fields[4]); err == nil && pid > 0 && pid != os.Getpid() {
			return describe(pid)
		}
	}
	return ""
}

// describe is "pid N (program words)" for a running process.
func describe(pid int) string {
	cmd, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	words := commandWords(bytes.Split(bytes.TrimRight(cmd, "\x00"), []byte{0}))
	if err != nil || words == "" {
		return fmt.Sprintf("pid %d", pid)
	}
	return fmt.Sprintf("pid %d (%s)", pid, words)
}

// commandWords is a program's base name and the subcommand words after
// it, up to the first argument that is not a plain lowercase word.
func commandWords(argv [][]byte) string {
	if len(argv) == 0 || len(argv[0]) == 0 {
		return ""
	}
	words := []string{plain(filepath.Base(string(argv[0])))}
	for _, a := range argv[1:min(len(argv), 4)] {
		w := string(a)
		if w == "" || w[0] < 'a' || w[0] > 'z' || plain(w) != w {
			break
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}

// plain keeps the lowercase letters, digits, "-", "_" and "." of s, at
// most 32: a name shown on a terminal carries nothing else.
func plain(s string) string {
	var b strings.Builder
	for _, r := range s {
		if b.Len() < 32 && (strings.ContainsRune("-_.", r) || '0' <= r && r <= '9' || 'a' <= r && r <= 'z') {
			b.WriteRune(r)
		}
	}
	return b.String()
}
