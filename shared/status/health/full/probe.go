// Package full is the network half of package health, used only by the
// detached refresher (`si refresh health`), never by a redraw.
//
// [Refresh] is the refresher's body: under the cache lock it sends one
// GET to every service whose result is due, all at once, without
// following redirects, and records each status code or why there was
// none in the cache that [health.Read] shows.
package full

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/health"
	"github.com/session-intelligence/session-intelligence/shared/status/refresh"
)

// maxBody is how much of a response body a probe reads before closing.
const maxBody = 64 << 10

// userAgent identifies the probes in server logs.
const userAgent = "session-intelligence-health"

// errUnreachable marks an attempt in which no probe got an answer.
var errUnreachable = errors.New("no service answered")

// Refresh is the body of the refresher process. It takes the lock
// (waiting at most a second), goes on only if the attempt was just
// marked or a probe is due (else [refresh.ErrNotDue]), probes every
// service whose result is missing or a ttl old, all at once, and writes
// the results. Entries of services no longer configured are dropped.
// client may be nil; it is copied so that redirects are never followed.
// It returns an error when no probed service answered at all, which
// counts as a failed attempt for the backoff.
func Refresh(ctx context.Context, dir string, services []health.Service, client *http.Client, now time.Time) error {
	need := func(c *health.Cache) bool { return len(c.Stale(services, now)) > 0 }
	return refresh.Run(ctx, health.Store(dir, services), now, need, func(c *health.Cache) error {
		due := c.Stale(services, now)
		fresh := probeAll(ctx, noRedirects(client), due, now)
		merge(c, services, fresh)
		return unreachable(fresh)
	})
}

// merge replaces the results of the probed services and drops entries
// of services that are no longer configured.
func merge(c *health.Cache, services []health.Service, fresh map[string]health.Entry) {
	next := make(map[string]health.Entry, len(services))
	for _, s := range services {
		if e, ok := fresh[s.Key()]; ok {
			next[s.Key()] = e
		} else if e, ok := c.Services[s.Key()]; ok {
			next[s.Key()] = e
		}
	}
	c.Services = next
}

// unreachable returns errUnreachable when services were probed over the
// network and none of them answered.
func unreachable(fresh map[string]health.Entry) error {
	probed := 0
	for _, e := range fresh {
		if e.Status != 0 {
			return nil
		}
		if e.Error != "bad-url" {
			probed++
		}
	}
	if probed == 0 {
		return nil
	}
	return errUnreachable
}

// noRedirects returns a copy of client (or a new one) that hands back a
// redirect response instead of following it.
func noRedirects(client *http.Client) *http.Client {
	var c http.Client
	if client != nil {
		c = *client
	}
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &c
}

// probeAll probes services concurrently and returns their entries by key.
func probeAll(ctx context.Context, client *http.Client, services []health.Service, now time.Time) map[string]health.Entry {
	entries := make([]health.Entry, len(services))
	var wg sync.WaitGroup
	for i, s := range services {
		wg.Go(func() { entries[i] = probe(ctx, client, s, now) })
	}
	wg.Wait()
	out := make(map[string]health.Entry, len(services))
	for i, s := range services {
		out[s.Key()] = entries[i]
	}
	return out
}

// probe sends one GET and records the status code or why there was none.
// The body is read up to maxBody and discarded, so the connection can be
// reused.
func probe(ctx context.Context, client *http.Client, s health.Service, now time.Time) health.Entry {
	e := health.Entry{CheckedAt: now}
	u, err := url.Parse(s.URL)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		e.Error = "bad-url"
		return e
	}
	ctx, cancel := context.WithTimeout(ctx, s.Timeout())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		e.Error = "bad-url"
		return e
	}
	req.Header.Set("User-Agent", userAgent)
	resp, err := client.Do(req)
	if err != nil {
		e.Error = errorKind(err)
		return e
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxBody))
	_ = resp.Body.Close()
	e.Status, e.OK = resp.StatusCode, health.Classify(resp.StatusCode) == health.OK
	return e
}

// errorKind names a failed request: timeout, refused, dns or network.
func errorKind(err error) string {
	var ne net.Error
	var dns *net.DNSError
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
		return "timeout"
	case refused(err):
		return "refused"
	case errors.As(err, &dns):
		return "dns"
	}
	return "network"
}
