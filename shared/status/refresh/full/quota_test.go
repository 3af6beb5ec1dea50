package full

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/status/quota"
	"github.com/session-intelligence/session-intelligence/shared/status/quota/endpoint"
)

// TestQuotaRefusesAForeignEndpoint runs `si refresh quota` as a release
// build does (this test binary has no si_testendpoint tag) with the
// endpoint a repository's settings could set through SI_USAGE_ENDPOINT:
// a loopback listener. Nothing reaches it, the cache records the
// refusal and the log names it.
func TestQuotaRefusesAForeignEndpoint(t *testing.T) {
	if endpoint.TestBuild {
		t.Skip("built with the si_testendpoint tag")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var conns atomic.Int32
	go func() {
		for c, err := ln.Accept(); err == nil; c, err = ln.Accept() {
			conns.Add(1)
			c.Close()
		}
	}()
	home := t.TempDir()
	claude := filepath.Join(home, ".claude")
	if err := os.MkdirAll(claude, 0o700); err != nil {
		t.Fatal(err)
	}
	creds := `{"claudeAiOauth":{"accessToken":"tok-secret"}}`
	if err := os.WriteFile(filepath.Join(claude, ".credentials.json"), []byte(creds), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home, "SI_USAGE_ENDPOINT": "http://" + ln.Addr().String() + "/api/oauth/usage"}
	var stderr bytes.Buffer
	io := proc.IO{Stdout: &stderr, Stderr: &stderr, Getenv: func(k string) string { return env[k] }, Now: time.Now}
	if code := Main([]string{"quota"}, io); code != 0 {
		t.Fatalf("si refresh quota: exit %d: %s", code, stderr.String())
	}
	time.Sleep(50 * time.Millisecond) // let a stray connection be counted
	if n := conns.Load(); n != 0 {
		t.Fatalf("%d connections reached the loopback endpoint", n)
	}
	if snap, _ := quota.Read(filepath.Join(claude, "session-intelligence", "cache"), time.Now()); snap.Error != quota.KindRefused {
		t.Errorf("cache records %q, want %q", snap.Error, quota.KindRefused)
	}
	logs, _ := filepath.Glob(filepath.Join(claude, "logs", "session-intel-*.log"))
	var text []byte
	for _, l := range logs {
		b, _ := os.ReadFile(l)
		text = append(text, b...)
	}
	if !strings.Contains(string(text), "quota endpoint-refused: refusing the usage endpoint") || strings.Contains(string(text), "tok-secret") {
		t.Errorf("log = %q, want the refusal and no token", text)
	}
}
