package full

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/standin"
)

// TestMain runs the test binary as the `security` stand-in when asked,
// and otherwise lets this package's tests use loopback servers as the
// usage endpoint (TestRefusedEndpointSendsNothing turns that off again).
func TestMain(m *testing.M) {
	standin.Act(fakeSecurity)
	loopbackForTests = true
	os.Exit(m.Run())
}

// fakeSecurity records its arguments in QUOTA_FAKE_ARGS, then answers as
// act says.
func fakeSecurity(act string) int {
	if err := os.WriteFile(os.Getenv("QUOTA_FAKE_ARGS"), []byte(strings.Join(os.Args[1:], "|")+"|"), 0o600); err != nil {
		return 2
	}
	switch act {
	case "answer":
		fmt.Println(`{"claudeAiOauth":{"accessToken":"k"}}`)
	case "not found":
		fmt.Fprintln(os.Stderr, "security: item not found")
		return 44
	case "hangs":
		time.Sleep(10 * time.Second)
	}
	return 0
}

// TestReadKeychain runs ReadKeychain against a stand-in `security`: the
// answer is read whole, a failure and a hang end bounded.
func TestReadKeychain(t *testing.T) {
	// The hang is cut at 300 ms; the others have the reader's own bound
	// (a process starts slowly under Wine).
	tests := []struct {
		act     string
		wait    time.Duration
		want    string
		wantErr bool
	}{
		{"answer", KeychainTimeout, `{"claudeAiOauth":{"accessToken":"k"}}` + "\n", false},
		{"not found", KeychainTimeout, "", true},
		{"hangs", 300 * time.Millisecond, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.act, func(t *testing.T) {
			args := filepath.Join(standin.OnPath(t, "security", tt.act), "args")
			t.Setenv("QUOTA_FAKE_ARGS", args)
			ctx, cancel := context.WithTimeout(context.Background(), tt.wait)
			defer cancel()
			start := time.Now()
			got, err := ReadKeychain(ctx)
			if string(got) != tt.want || (err != nil) != tt.wantErr {
				t.Errorf("ReadKeychain = %q, %v, want %q, error %v", got, err, tt.want, tt.wantErr)
			}
			if time.Since(start) > tt.wait+2*time.Second {
				t.Errorf("ReadKeychain took %v, want it bounded by the context", time.Since(start))
			}
			if tt.act == "hangs" {
				return // it may be cut before it records anything
			}
			if a, err := os.ReadFile(args); err != nil || string(a) != "find-generic-password|-s|Claude Code-credentials|-w|" {
				t.Errorf("security called with %q (%v)", a, err)
			}
		})
	}
}
