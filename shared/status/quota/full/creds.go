package full

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/status/quota"
)

// Keychain access on macOS.
const (
	// KeychainService is the generic-password service Claude Code uses.
	KeychainService = "Claude Code-credentials"
	// KeychainTimeout bounds the `security` command.
	KeychainTimeout = 2 * time.Second
)

// maxCredentials caps the credentials file and the keychain answer.
const maxCredentials = 64 << 10

// errNoKeychain is what [NoKeychain] returns.
var errNoKeychain = errors.New("keychain disabled")

// token is an OAuth access token and its expiry (zero when unknown).
type token struct {
	value   string
	expires time.Time
}

// CredentialsPath is Claude Code's credentials file in claudeDir
// (~/.claude or $CLAUDE_CONFIG_DIR).
func CredentialsPath(claudeDir string) string {
	return filepath.Join(claudeDir, ".credentials.json")
}

// NoKeychain is an Options.Keychain that never finds anything, for
// callers and tests that must only read the credentials file.
func NoKeychain(context.Context) ([]byte, error) { return nil, errNoKeychain }

// ReadKeychain returns the credentials JSON stored in the macOS keychain,
// running `security find-generic-password -s "Claude Code-credentials" -w`
// with a [KeychainTimeout] limit.
func ReadKeychain(ctx context.Context) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, KeychainTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "security", "find-generic-password", "-s", KeychainService, "-w")
	cmd.WaitDelay = 100 * time.Millisecond
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("read keychain: %w", err)
	}
	if len(out) > maxCredentials {
		return nil, fmt.Errorf("read keychain: answer over %d bytes", maxCredentials)
	}
	return out, nil
}

// keychain returns the keychain reader to use, or nil.
func keychain(opts Options) func(context.Context) ([]byte, error) {
	if opts.Keychain != nil {
		return opts.Keychain
	}
	if runtime.GOOS == "darwin" {
		return ReadKeychain
	}
	return nil
}

// loadToken prefers the keychain and falls back to the credentials file
// when the keychain is absent, fails or holds no token.
func loadToken(ctx context.Context, opts Options) (token, error) {
	if kc := keychain(opts); kc != nil {
		if data, err := kc(ctx); err == nil {
			if tok, err := parseCredentials(data); err == nil {
				return tok, nil
			}
		}
	}
	if opts.CredentialsPath == "" {
		return token{}, &FetchError{Kind: quota.KindNoCredentials, Err: errors.New("no credentials file configured")}
	}
	data, err := fsutil.ReadCapped(opts.CredentialsPath, maxCredentials)
	if err != nil {
		return token{}, &FetchError{Kind: quota.KindNoCredentials, Err: err}
	}
	tok, err := parseCredentials(data)
	if err != nil {
		return token{}, &FetchError{Kind: quota.KindNoCredentials, Err: fmt.Errorf("%s: %w", opts.CredentialsPath, err)}
	}
	return tok, nil
}

// parseCredentials reads claudeAiOauth.accessToken and expiresAt (epoch
// milliseconds, leniently also seconds or an ISO string) from Claude
// Code's credentials JSON. An unreadable expiry counts as unknown.
func parseCredentials(data []byte) (token, error) {
	var f struct {
		OAuth struct {
			AccessToken string           `json:"accessToken"`
			ExpiresAt   jsonx.RawMessage `json:"expiresAt"`
		} `json:"claudeAiOauth"`
	}
	if err := jsonx.Unmarshal(bytes.TrimSpace(data), &f); err != nil {
		return token{}, errors.New("malformed credentials json")
	}
	if f.OAuth.AccessToken == "" {
		return token{}, errNoToken
	}
	expires, err := parseInstant(f.OAuth.ExpiresAt)
	if err != nil {
		expires = time.Time{}
	}
	return token{value: f.OAuth.AccessToken, expires: expires}, nil
}
