package e2e

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// quotaHome is a scratch HOME holding a Claude OAuth token.
func quotaHome(t *testing.T) string {
	home := t.TempDir()
	claude := filepath.Join(home, ".claude")
	must(t, os.MkdirAll(claude, 0o700))
	creds := `{"claudeAiOauth":{"accessToken":"tok-secret","expiresAt":` + jsonNum(time.Now().Add(time.Hour).UnixMilli()) + `}}`
	must(t, os.WriteFile(filepath.Join(claude, ".credentials.json"), []byte(creds), 0o600))
	return home
}

// quotaError is the failure kind the refresher recorded, "" for none yet.
func quotaError(home string) string {
	data, _ := os.ReadFile(filepath.Join(home, ".claude", "session-intelligence", "cache", "quota.json"))
	if i := strings.Index(string(data), `"error":"`); i >= 0 {
		rest := string(data)[i+len(`"error":"`):]
		return rest[:strings.IndexByte(rest, '"')]
	}
	return ""
}

// TestQuotaEndpointElsewhereIsRefused: an endpoint naming another host,
// as a repository's settings could set it through SI_USAGE_ENDPOINT, is
// refused by the status line's refresher: not one connection reaches the
// proxy every request would go through, and si doctor says why.
func TestQuotaEndpointElsewhereIsRefused(t *testing.T) {
	t.Parallel()
	proxy := newMITM(t, nil)
	home := quotaHome(t)
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "NO_COLOR=1", "CLAUDE_STATUSLINE_FIELDS=blockUsage,weekUsage",
		"SI_USAGE_ENDPOINT=https://attacker.example/api/oauth/usage", "HTTPS_PROXY=" + proxy.url}
	cmd := exec.Command(cctest.Bin(t, "si-statusline"))
	cmd.Env, cmd.Stdin = env, strings.NewReader(`{"session_id":"q","cwd":"/"}`)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("redraw: %v\n%s", err, out)
	}
	waitFor(t, func() bool { return quotaError(home) != "" })
	if got := quotaError(home); got != "endpoint-refused" {
		t.Errorf("quota cache error %q, want endpoint-refused", got)
	}
	if n := proxy.connects(); n != 0 {
		t.Errorf("%d connections reached the proxy", n)
	}
	doctor := exec.Command(cctest.Bin(t, "si"), "doctor")
	doctor.Env = env
	out, _ := doctor.CombinedOutput()
	if !strings.Contains(string(out), `refusing the usage endpoint "https://attacker.example/api/oauth/usage"`) ||
		!strings.Contains(string(out), "unset SI_USAGE_ENDPOINT") {
		t.Errorf("si doctor does not name the refused endpoint:\n%s", out)
	}
}

// TestQuotaTrustsOnlySystemRoots: with HTTPS_PROXY and SSL_CERT_FILE
// (both settable by a repository's settings) naming a proxy that
// presents a certificate for api.anthropic.com from its own authority,
// the refresher's request to Anthropic's endpoint never reaches the
// proxy in clear: the token stays home. The same proxy does read a
// request from a client that trusts its authority.
func TestQuotaTrustsOnlySystemRoots(t *testing.T) {
	t.Parallel()
	ca := newCA(t)
	proxy := newMITM(t, ca)
	caFile := filepath.Join(t.TempDir(), "ca.pem")
	must(t, os.WriteFile(caFile, ca.pem, 0o600))
	home := quotaHome(t)
	cmd := exec.Command(cctest.Bin(t, "si-refresh"), "quota")
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "HTTPS_PROXY=" + proxy.url, "SSL_CERT_FILE=" + caFile, "SSL_CERT_DIR=" + filepath.Dir(caFile)}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("si refresh quota: %v\n%s", err, out)
	}
	if proxy.connects() == 0 {
		t.Fatal("the refresher did not go through the proxy: the test shows nothing")
	}
	if got := proxy.authorizations(); len(got) != 0 {
		t.Fatalf("the proxy read the token: %q", got)
	}
	if got := quotaError(home); got != "network" {
		t.Errorf("quota cache error %q, want network (the handshake failed)", got)
	}
	// Control: a client that trusts the proxy's authority is read.
	pool := x509.NewCertPool()
	pool.AddCert(ca.cert)
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{
		Proxy: http.ProxyURL(mustURL(t, proxy.url)), TLSClientConfig: &tls.Config{RootCAs: pool}}}
	req, _ := http.NewRequest(http.MethodGet, "https://api.anthropic.com/api/oauth/usage", nil)
	req.Header.Set("Authorization", "Bearer control")
	if resp, err := client.Do(req); err == nil {
		resp.Body.Close()
	}
	if got := proxy.authorizations(); len(got) != 1 || got[0] != "Bearer control" {
		t.Fatalf("the control request was not read by the proxy: %q", got)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	u, err := url.Parse(s)
	must(t, err)
	return u
}

// authority is a throwaway certificate authority.
type authority struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	pem  []byte
}

func newCA(t *testing.T) *authority {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	must(t, err)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test authority"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	must(t, err)
	cert, err := x509.ParseCertificate(der)
	must(t, err)
	return &authority{cert: cert, key: key, pem: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}
}

// leaf is a certificate for host signed by the authority.
func (a *authority) leaf(t *testing.T, host string) tls.Certificate {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	must(t, err)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: host}, DNSNames: []string{host},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, a.cert, &key.PublicKey, a.key)
	must(t, err)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

// mitm is an HTTPS proxy on loopback that counts connections and, with
// an authority, answers CONNECT by posing as the host and records the
// Authorization header of what it reads inside.
type mitm struct {
	url  string
	mu   sync.Mutex
	n    int
	auth []string
}

func newMITM(t *testing.T, ca *authority) *mitm {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	t.Cleanup(func() { ln.Close() })
	m := &mitm{url: "http://" + ln.Addr().String()}
	var cfg *tls.Config
	if ca != nil {
		cfg = &tls.Config{Certificates: []tls.Certificate{ca.leaf(t, "api.anthropic.com")}}
	}
	go func() {
		for c, err := ln.Accept(); err == nil; c, err = ln.Accept() {
			m.mu.Lock()
			m.n++
			m.mu.Unlock()
			go m.serve(c, cfg)
		}
	}()
	return m
}

func (m *mitm) serve(c net.Conn, cfg *tls.Config) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	req, err := http.ReadRequest(bufio.NewReader(c))
	if err != nil || req.Method != http.MethodConnect || cfg == nil {
		return
	}
	_, _ = c.Write([]byte("HTTP/1.1 200 Connection established\r\n\r\n"))
	tc := tls.Server(c, cfg)
	inner, err := http.ReadRequest(bufio.NewReader(tc))
	if err != nil {
		return
	}
	m.mu.Lock()
	m.auth = append(m.auth, inner.Header.Get("Authorization"))
	m.mu.Unlock()
	_, _ = tc.Write([]byte("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))
}

func (m *mitm) connects() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.n
}

func (m *mitm) authorizations() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.auth...)
}
