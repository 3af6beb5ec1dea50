package full

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/quota"
	"github.com/session-intelligence/session-intelligence/shared/status/quota/endpoint"
)

// listener is a loopback TCP listener that counts every connection, so a
// test can show that nothing at all reached it, not even a handshake.
func listener(t *testing.T) (addr string, conns *atomic.Int32) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	conns = new(atomic.Int32)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			_ = c.Close()
		}
	}()
	return ln.Addr().String(), conns
}

// TestRefusedEndpointSendsNothing: an endpoint that is not Anthropic's
// is refused before any credential is read, and no connection is made,
// neither to a loopback listener named as the endpoint nor to the same
// listener as the proxy of a foreign host.
func TestRefusedEndpointSendsNothing(t *testing.T) {
	loopbackForTests = false
	t.Cleanup(func() { loopbackForTests = true })
	addr, conns := listener(t)
	proxy := &url.URL{Scheme: "http", Host: addr}
	client := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(proxy)}}
	for _, ep := range []string{
		"http://" + addr + "/api/oauth/usage", "https://" + addr + "/api/oauth/usage",
		"http://localhost:" + port(addr), "https://attacker.example/api/oauth/usage",
		"https://api.anthropic.com.attacker.example/", "https://api.anthropic.com@attacker.example/",
		"https://user:pw@api.anthropic.com/api/oauth/usage", "https://api.anthropic.com:8443/",
		"http://api.anthropic.com/api/oauth/usage", "file:///etc/passwd", "https:api.anthropic.com", "::",
	} {
		var reads atomic.Int32
		opts := Options{Endpoint: ep, Client: client, CredentialsPath: writeCreds(t, credJSON("tok-secret", 0)),
			Keychain: func(context.Context) ([]byte, error) { reads.Add(1); return []byte(credJSON("kc-secret", 0)), nil }}
		dir := t.TempDir()
		err := Refresh(context.Background(), dir, opts, t0)
		if KindOf(err) != quota.KindRefused || !errors.Is(err, endpoint.ErrRefused) {
			t.Errorf("%s: error %v, want a refusal", ep, err)
		}
		if reads.Load() != 0 {
			t.Errorf("%s: the keychain was read", ep)
		}
		if snap, _ := quota.Read(dir, t0); snap.Error != quota.KindRefused {
			t.Errorf("%s: cache records %q, want %q", ep, snap.Error, quota.KindRefused)
		}
	}
	time.Sleep(50 * time.Millisecond) // let a stray connection be counted
	if n := conns.Load(); n != 0 {
		t.Fatalf("%d connections reached the loopback listener", n)
	}
}

// TestAllowedEndpointUsesTheProxy is the control of the test above: the
// default endpoint, Anthropic's, does go out, here to the same listener
// acting as its proxy (which answers nothing, so no token leaves).
func TestAllowedEndpointUsesTheProxy(t *testing.T) {
	loopbackForTests = false
	t.Cleanup(func() { loopbackForTests = true })
	addr, conns := listener(t)
	client := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(&url.URL{Scheme: "http", Host: addr})}}
	opts := Options{Client: client, Keychain: NoKeychain, CredentialsPath: writeCreds(t, credJSON("tok", 0)), Timeout: time.Second}
	if _, err := Fetch(context.Background(), opts, t0); KindOf(err) == quota.KindRefused {
		t.Fatalf("the default endpoint was refused: %v", err)
	}
	if conns.Load() == 0 {
		t.Fatal("no connection reached the proxy: the test above would pass for the wrong reason")
	}
}

func port(addr string) string {
	_, p, _ := net.SplitHostPort(addr)
	return p
}
