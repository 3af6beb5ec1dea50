package full

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/quota"
)

// goodBody is a typical answer of the usage endpoint.
const goodBody = `{"five_hour":{"utilization":47.0,"resets_at":"2026-11-29T20:00:00Z"},` +
	`"seven_day":{"utilization":31,"resets_at":1796284800},"extra_usage":{"is_enabled":false}}`

// fakeAPI is a usage endpoint on 127.0.0.1 whose answer tests can change.
type fakeAPI struct {
	srv  *httptest.Server
	hits atomic.Int32

	mu         sync.Mutex
	status     int
	body       string
	retryAfter string
	delay      time.Duration
	auth, beta string
}

func newFakeAPI(t *testing.T) *fakeAPI {
	f := &fakeAPI{status: http.StatusOK, body: goodBody}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	f.hits.Add(1)
	f.mu.Lock()
	f.auth, f.beta = r.Header.Get("Authorization"), r.Header.Get("anthropic-beta")
	status, body, ra, delay := f.status, f.body, f.retryAfter, f.delay
	f.mu.Unlock()
	select {
	case <-time.After(delay):
	case <-r.Context().Done():
		return
	}
	if ra != "" {
		w.Header().Set("Retry-After", ra)
	}
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body))
}

// set changes the answer.
func (f *fakeAPI) set(status int, body, retryAfter string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.status, f.body, f.retryAfter = status, body, retryAfter
}

// lastAuth returns the Authorization header of the last request.
func (f *fakeAPI) lastAuth() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.auth
}

// credJSON is a credentials document; expires is epoch ms (0: none).
func credJSON(tok string, expires int64) string {
	return fmt.Sprintf(`{"claudeAiOauth":{"accessToken":%q,"refreshToken":"r","expiresAt":%d,"scopes":["user:inference"]}}`, tok, expires)
}

// writeCreds writes a credentials file; "" leaves it absent.
func writeCreds(t *testing.T, content string) string {
	t.Helper()
	path := CredentialsPath(t.TempDir())
	if content != "" {
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// testOpts points at f with the file only.
func testOpts(f *fakeAPI, credPath string) Options {
	return Options{Endpoint: f.srv.URL, CredentialsPath: credPath, Keychain: NoKeychain, Timeout: time.Second}
}

// closedEndpoint is a loopback URL nobody listens on.
func closedEndpoint(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return "http://" + addr + "/api/oauth/usage"
}

func TestFetchSuccess(t *testing.T) {
	f := newFakeAPI(t)
	u, err := Fetch(context.Background(), testOpts(f, writeCreds(t, credJSON("tok-1", t0.Add(time.Hour).UnixMilli()))), t0)
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if !sameWindow(u.FiveHour, win(47, reset5)) || !sameWindow(u.SevenDay, win(31, reset7)) {
		t.Errorf("Fetch = %+v / %+v", u.FiveHour, u.SevenDay)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.auth != "Bearer tok-1" || f.beta != BetaHeader {
		t.Errorf("headers: Authorization %q, anthropic-beta %q", f.auth, f.beta)
	}
}

func TestFetchErrorKinds(t *testing.T) {
	const secret = "sk-ant-oat01-SECRET"
	valid := credJSON(secret, t0.Add(time.Hour).UnixMilli())
	tests := []struct {
		name       string
		creds      string
		status     int
		body, ra   string
		delay      time.Duration
		endpoint   func(t *testing.T) string // nil: the fake API
		want       quota.Kind
		wantHits   int32
		wantRetry  time.Duration
		wantStatus int
	}{
		{"no credentials file", "", 200, goodBody, "", 0, nil, quota.KindNoCredentials, 0, 0, 0},
		{"no token", `{"claudeAiOauth":{}}`, 200, goodBody, "", 0, nil, quota.KindNoCredentials, 0, 0, 0},
		{"malformed credentials", `{"claudeAiOauth":`, 200, goodBody, "", 0, nil, quota.KindNoCredentials, 0, 0, 0},
		{"token expired", credJSON(secret, t0.Add(-time.Millisecond).UnixMilli()), 200, goodBody, "", 0, nil, quota.KindTokenExpired, 0, 0, 0},
		{"token expires now", credJSON(secret, t0.UnixMilli()), 200, goodBody, "", 0, nil, quota.KindTokenExpired, 0, 0, 0},
		{"rate limited", valid, 429, "slow down", "120", 0, nil, quota.KindRateLimited, 1, 120 * time.Second, 429},
		{"rate limited, no header", valid, 429, "", "", 0, nil, quota.KindRateLimited, 1, 0, 429},
		{"server error", valid, 500, "oops", "", 0, nil, quota.KindAPI, 1, 0, 500},
		{"unauthorized", valid, 401, "{}", "", 0, nil, quota.KindAPI, 1, 0, 401},
		{"not json", valid, 200, "<html>", "", 0, nil, quota.KindParse, 1, 0, 0},
		{"no windows", valid, 200, "{}", "", 0, nil, quota.KindParse, 1, 0, 0},
		{"huge body", valid, 200, strings.Repeat(" ", maxBody+1), "", 0, nil, quota.KindParse, 1, 0, 200},
		{"timeout", valid, 200, goodBody, "", 3 * time.Second, nil, quota.KindTimeout, 1, 0, 0},
		{"connection refused", valid, 200, goodBody, "", 0, closedEndpoint, quota.KindNetwork, 0, 0, 0},
		{"plain http off-host", valid, 200, goodBody, "", 0, func(*testing.T) string { return "http://api.example.com/usage" }, quota.KindRefused, 0, 0, 0},
		{"bad scheme", valid, 200, goodBody, "", 0, func(*testing.T) string { return "file:///etc/passwd" }, quota.KindRefused, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeAPI(t)
			f.set(tt.status, tt.body, tt.ra)
			f.mu.Lock()
			f.delay = tt.delay
			f.mu.Unlock()
			opts := testOpts(f, writeCreds(t, tt.creds))
			opts.Timeout = 200 * time.Millisecond
			if tt.endpoint != nil {
				opts.Endpoint = tt.endpoint(t)
			}
			_, err := Fetch(context.Background(), opts, t0)
			var fe *FetchError
			if !errors.As(err, &fe) || fe.Kind != tt.want {
				t.Fatalf("Fetch error = %v, want kind %s", err, tt.want)
			}
			if fe.Retry != tt.wantRetry || fe.Status != tt.wantStatus {
				t.Errorf("retry %v status %d, want %v %d", fe.Retry, fe.Status, tt.wantRetry, tt.wantStatus)
			}
			if n := f.hits.Load(); n != tt.wantHits {
				t.Errorf("endpoint hit %d times, want %d", n, tt.wantHits)
			}
			if strings.Contains(err.Error(), "SECRET") {
				t.Errorf("error text %q may leak the token", err)
			}
		})
	}
}

func TestFetchKeychainPreferred(t *testing.T) {
	later := t0.Add(time.Hour).UnixMilli()
	tests := []struct {
		name     string
		kcData   string
		kcErr    error
		file     string
		wantAuth string
		want     quota.Kind
	}{
		{"keychain works", credJSON("kc-tok", later), nil, credJSON("file-tok", later), "Bearer kc-tok", ""},
		{"keychain works, no file", credJSON("kc-tok", later) + "\n", nil, "", "Bearer kc-tok", ""},
		{"keychain fails", "", errors.New("exit status 44"), credJSON("file-tok", later), "Bearer file-tok", ""},
		{"keychain junk", "not json", nil, credJSON("file-tok", later), "Bearer file-tok", ""},
		{"keychain without token", `{"claudeAiOauth":{}}`, nil, credJSON("file-tok", later), "Bearer file-tok", ""},
		{"both fail", "", errors.New("exit status 44"), "", "", quota.KindNoCredentials},
		{"keychain token expired", credJSON("kc-tok", t0.Add(-time.Hour).UnixMilli()), nil, credJSON("file-tok", later), "", quota.KindTokenExpired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeAPI(t)
			opts := testOpts(f, writeCreds(t, tt.file))
			calls := 0
			opts.Keychain = func(context.Context) ([]byte, error) { calls++; return []byte(tt.kcData), tt.kcErr }
			_, err := Fetch(context.Background(), opts, t0)
			if KindOf(err) != tt.want || f.lastAuth() != tt.wantAuth {
				t.Errorf("Fetch = %v with Authorization %q, want kind %q with %q", err, f.lastAuth(), tt.want, tt.wantAuth)
			}
			if calls != 1 {
				t.Errorf("keychain read %d times, want 1", calls)
			}
		})
	}
}
