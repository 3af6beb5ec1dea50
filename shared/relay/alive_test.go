package relay

import (
	"os"
	"os/exec"
	"strconv"
	"testing"
)

func TestAlive(t *testing.T) {
	done := exec.Command(os.Args[0], "-test.run=^$") // exits at once
	if err := done.Run(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		window string
		want   bool
	}{
		{strconv.Itoa(os.Getpid()), true},
		{strconv.Itoa(done.Process.Pid), false}, // exited and reaped
		{"", true},                              // not a process id: only a sure death counts
		{"tmux:%3", true},
		{"0", true},
		{"-5", true},
	}
	for _, tt := range tests {
		if got := Alive(tt.window); got != tt.want {
			t.Errorf("Alive(%q) = %v, want %v", tt.window, got, tt.want)
		}
	}
}
