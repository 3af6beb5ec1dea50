package git

import (
	"os"
	"strings"
	"testing"
	"time"
)

// TestReadRefusesWhatIsNoFile: a working file that became a folder, a
// file past MaxFile or (on Unix) a FIFO is an error from Read and
// ReadInto, never a hang or a read without end.
func TestReadRefusesWhatIsNoFile(t *testing.T) {
	s := scratch(t)
	for _, tt := range []struct {
		name string
		make func(path string) error
		want string
	}{
		{"folder", func(p string) error { return os.Mkdir(p, 0o700) }, "not a regular file"},
		{"oversized", func(p string) error { return os.WriteFile(p, make([]byte, MaxFile+1), 0o600) }, "over"},
		{"fifo", mkfifo, "not a regular file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := "x-" + tt.name
			if err := tt.make(s.abs(p)); err != nil {
				t.Skipf("cannot make a %s here: %v", tt.name, err)
			}
			for _, read := range []func() ([]byte, error){
				func() ([]byte, error) { return s.Read(p) },
				func() ([]byte, error) { return s.ReadInto(p, nil) },
			} {
				done := make(chan error, 1)
				go func() { _, err := read(); done <- err }()
				select {
				case err := <-done:
					if err == nil || !strings.Contains(err.Error(), tt.want) {
						t.Errorf("err = %v, want %q", err, tt.want)
					}
				case <-time.After(10 * time.Second):
					t.Fatal("the read hangs")
				}
			}
		})
	}
}
