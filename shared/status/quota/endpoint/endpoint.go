// Package endpoint is the one rule of where Claude's OAuth token may
// go: Anthropic's usage endpoint over TLS. It is apart from package
// quota, which the status line links, so that a redraw does not link the
// URL parsing it never needs.
package endpoint

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// UsageHost is the only host Claude's OAuth token is ever sent to: the
// usage endpoint is Anthropic's own, over TLS.
const UsageHost = "api.anthropic.com"

// ErrRefused is the cause of every refusal by [Check].
var ErrRefused = errors.New("the OAuth token is sent only to https://" + UsageHost)

// Check accepts a usage endpoint the token may go to: https on
// [UsageHost] at its standard port, with no user info. The endpoint comes
// from the configuration or from SI_USAGE_ENDPOINT, and a repository's
// .claude/settings.json can set any environment variable for the status
// line, so the host is fixed here rather than trusted. With loopback
// (a test build, [TestBuild], or a package's own tests) a loopback host
// is accepted too, plain http included.
func Check(endpoint string, loopbackOK bool) error {
	u, err := url.Parse(endpoint)
	if err != nil {
		return refused(endpoint)
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	switch {
	case loopbackOK && (u.Scheme == "http" || u.Scheme == "https") && loopback(host) && u.User == nil:
		return nil
	case u.Scheme != "https" || host != UsageHost || port != "" && port != "443" || u.User != nil || u.Opaque != "":
		return refused(endpoint)
	}
	return nil
}

// refused words a refusal, quoting the endpoint cleaned and cut, since
// it is shown by si doctor and written to the log.
func refused(endpoint string) error {
	if len(endpoint) > 120 {
		endpoint = endpoint[:120] + "…"
	}
	return fmt.Errorf("refusing the usage endpoint %s: %w", strconv.Quote(termtext.Line(endpoint)), ErrRefused)
}

// loopback reports localhost and the loopback addresses, without a name
// lookup (package net is too heavy for the status line).
func loopback(host string) bool {
	addr, err := netip.ParseAddr(host)
	return host == "localhost" || err == nil && addr.IsLoopback()
}
