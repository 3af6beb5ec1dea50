//go:build unix

package main

import (
	"os"
	"syscall"
)

// maxRSS is the process's peak resident set in KB, 0 when unknown.
func maxRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return int64(ru.Maxrss)
	}
	return 0
}
