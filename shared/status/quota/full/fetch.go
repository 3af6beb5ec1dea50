// Package full is the network half of package quota, used only by the
// detached refresher (`si refresh quota`), never by a redraw.
//
// [Refresh] is the refresher's body: under the cache lock it calls
// [Fetch], which reads Claude Code's OAuth token (the macOS keychain
// first, then the credentials file), asks the usage endpoint and parses
// the answer, and records the values or the failure's [quota.Kind] in the
// cache that [quota.Read] shows.
package full

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/quota"
	"github.com/session-intelligence/session-intelligence/shared/status/quota/endpoint"
)

// Defaults of the usage request.
const (
	// DefaultEndpoint is the OAuth usage endpoint Claude Code itself uses.
	DefaultEndpoint = "https://api.anthropic.com/api/oauth/usage"
	// BetaHeader is the anthropic-beta value the endpoint requires.
	BetaHeader = "oauth-2025-04-20"
	// FetchTimeout bounds the whole request, body included.
	FetchTimeout = 5 * time.Second
	// DefaultUserAgent is sent when Options.UserAgent is empty.
	DefaultUserAgent = "session-intelligence"
)

// maxBody caps the response body; the real one is a few hundred bytes.
const maxBody = 1 << 20

// Options configures [Fetch] and [Refresh]. The zero value asks the real
// endpoint with the keychain on macOS and no credentials file.
type Options struct {
	// Endpoint overrides DefaultEndpoint (config or environment). It
	// must pass [endpoint.Check] (https on api.anthropic.com), or
	// nothing is read or sent; a loopback server passes only in a test
	// build or this package's own tests.
	Endpoint string
	// CredentialsPath is Claude Code's credentials file, normally
	// [CredentialsPath] of the Claude directory.
	CredentialsPath string
	// Keychain reads the credentials JSON from the system keychain. Nil
	// means [ReadKeychain] on macOS and no keychain elsewhere; tests
	// inject a fake or [NoKeychain].
	Keychain func(ctx context.Context) ([]byte, error)
	// Client sends the request; nil means a plain http.Client. The
	// timeout is applied through the request context either way.
	Client *http.Client
	// Timeout overrides FetchTimeout.
	Timeout time.Duration
	// UserAgent overrides DefaultUserAgent.
	UserAgent string
}

// Fetch checks the endpoint, reads the OAuth token (keychain first, then
// the credentials file), refuses an expired token without sending
// anything, asks the usage endpoint and parses the answer. A refused
// endpoint stops it before any credential is read. Every error is a
// *[FetchError].
func Fetch(ctx context.Context, opts Options, now time.Time) (quota.Usage, error) {
	url := cmp.Or(opts.Endpoint, DefaultEndpoint)
	if err := checkEndpoint(url); err != nil {
		return quota.Usage{}, &FetchError{Kind: quota.KindRefused, Err: err}
	}
	tok, err := loadToken(ctx, opts)
	if err != nil {
		return quota.Usage{}, err
	}
	if !tok.expires.IsZero() && !now.Before(tok.expires) {
		return quota.Usage{}, &FetchError{Kind: quota.KindTokenExpired, Err: errTokenExpired}
	}
	body, err := get(ctx, url, opts, tok.value, now)
	if err != nil {
		return quota.Usage{}, err
	}
	u, err := parseUsage(body)
	if err != nil {
		return quota.Usage{}, &FetchError{Kind: quota.KindParse, Err: err}
	}
	return u, nil
}

// get sends the request to the checked endpoint and returns the body of
// a 2xx answer.
func get(ctx context.Context, endpoint string, opts Options, token string, now time.Time) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, cmp.Or(opts.Timeout, FetchTimeout))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, endpoint, nil)
	if err != nil {
		return nil, &FetchError{Kind: quota.KindAPI, Err: fmt.Errorf("build request: %w", err)}
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("anthropic-beta", BetaHeader)
	req.Header.Set("User-Agent", cmp.Or(opts.UserAgent, DefaultUserAgent))
	req.Header.Set("Accept", "application/json")
	client := cmp.Or(opts.Client, &http.Client{})
	resp, err := client.Do(req)
	if err != nil {
		return nil, transportError(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return nil, transportError(fmt.Errorf("read body: %w", err))
	}
	return checkResponse(resp, body, now)
}

// checkResponse maps the status code to an error kind.
func checkResponse(resp *http.Response, body []byte, now time.Time) ([]byte, error) {
	code := resp.StatusCode
	switch {
	case code == http.StatusTooManyRequests:
		wait := parseRetryAfter(resp.Header.Get("Retry-After"), now)
		return nil, &FetchError{Kind: quota.KindRateLimited, Status: code, Retry: wait, Err: fmt.Errorf("http %d", code)}
	case code < 200 || code > 299:
		return nil, &FetchError{Kind: quota.KindAPI, Status: code, Err: fmt.Errorf("http %d", code)}
	case len(body) > maxBody:
		return nil, &FetchError{Kind: quota.KindParse, Status: code, Err: fmt.Errorf("response over %d bytes", maxBody)}
	}
	return body, nil
}

// loopbackForTests lets this package's tests use a loopback server as
// the endpoint; only they set it (see endpoint.TestBuild for the binaries).
var loopbackForTests bool

// checkEndpoint is [endpoint.Check], with the tests' loopback.
func checkEndpoint(url string) error {
	return endpoint.Check(url, endpoint.TestBuild || loopbackForTests)
}

// transportError classifies an error that got no HTTP answer.
func transportError(err error) *FetchError {
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout() {
		return &FetchError{Kind: quota.KindTimeout, Err: err}
	}
	return &FetchError{Kind: quota.KindNetwork, Err: err}
}

// parseRetryAfter reads a Retry-After header: delay seconds or an HTTP
// date. Missing, unparsable or past values give 0.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n <= 0 {
			return 0
		}
		return time.Duration(min(n, int64(24*time.Hour/time.Second))) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// Sentinel causes wrapped by a *[FetchError].
var (
	errTokenExpired = errors.New("token expired")
	errNoToken      = errors.New("no access token")
	errNoWindows    = errors.New("no quota windows in the answer")
)

// FetchError is the error of a failed fetch: its kind, the HTTP status
// when there was one, a 429's Retry-After and the cause. It never holds
// the token.
type FetchError struct {
	Kind   quota.Kind
	Status int           // HTTP status, 0 without an answer
	Retry  time.Duration // the server's Retry-After, 0 if none
	Err    error
}

// Error describes the failure in lower case, kind first.
func (e *FetchError) Error() string {
	if e.Err == nil {
		return "quota " + string(e.Kind)
	}
	return "quota " + string(e.Kind) + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *FetchError) Unwrap() error { return e.Err }

// RetryAfter returns the server's Retry-After; package refresh uses it
// instead of the exponential backoff.
func (e *FetchError) RetryAfter() time.Duration { return e.Retry }

// KindOf returns the kind of a fetch error: "" for nil, and
// [quota.KindNetwork] for an error that is not a *[FetchError].
func KindOf(err error) quota.Kind {
	if err == nil {
		return ""
	}
	var fe *FetchError
	if errors.As(err, &fe) {
		return fe.Kind
	}
	return quota.KindNetwork
}
