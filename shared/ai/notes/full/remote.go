package full

import (
	"context"
	"errors"
	"fmt"
	"strings"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/transport"
)

const (
	remoteName   = "origin"
	trackingRef  = plumbing.ReferenceName("refs/remotes/origin/main")
	fetchSpec    = config.RefSpec("+refs/heads/main:refs/remotes/origin/main")
	pushSpec     = config.RefSpec("refs/heads/main:refs/heads/main")
	maxRemoteURL = 4096
)

// setRemote makes url the remote "origin" (when given) and returns the
// remote's URL.
func setRemote(repo *git.Repository, url string) (string, error) {
	r, err := repo.Remote(remoteName)
	if err != nil && !errors.Is(err, git.ErrRemoteNotFound) {
		return "", fmt.Errorf("read the remote: %w", err)
	}
	if url == "" {
		if r == nil || len(r.Config().URLs) == 0 {
			return "", fmt.Errorf("%w: name one once with `ai notes sync URL` (a git URL or a path to a bare repository)", ErrNoRemote)
		}
		return r.Config().URLs[0], nil
	}
	if len(url) > maxRemoteURL || strings.ContainsAny(url, "\n\x00") {
		return "", fmt.Errorf("bad remote URL %q", url[:min(len(url), 80)])
	}
	if _, err := transport.NewEndpoint(url); err != nil {
		return "", fmt.Errorf("bad remote URL %q: %w", url, err)
	}
	if r != nil {
		if urls := r.Config().URLs; len(urls) == 1 && urls[0] == url {
			return url, nil
		}
		if err := repo.DeleteRemote(remoteName); err != nil {
			return "", fmt.Errorf("replace the remote: %w", err)
		}
	}
	_, err = repo.CreateRemote(&config.RemoteConfig{Name: remoteName, URLs: []string{url},
		Fetch: []config.RefSpec{fetchSpec}})
	if err != nil {
		return "", fmt.Errorf("set the remote: %w", err)
	}
	return url, nil
}

// fetch brings the remote's main branch and returns its commit, zero
// when the remote has none yet.
func fetch(ctx context.Context, repo *git.Repository) (plumbing.Hash, error) {
	err := repo.FetchContext(ctx, &git.FetchOptions{RemoteName: remoteName,
		RefSpecs: []config.RefSpec{fetchSpec}, Tags: git.NoTags})
	switch {
	case errors.Is(err, transport.ErrEmptyRemoteRepository), errors.Is(err, git.NoMatchingRefSpecError{}):
		return plumbing.ZeroHash, nil
	case err != nil && strings.Contains(err.Error(), "executable file not found"):
		// A path remote is served by git's own programs, as a server
		// serves an ssh one.
		return plumbing.ZeroHash, fmt.Errorf("fetch: %w: a path remote needs git installed (git-upload-pack, git-receive-pack)", err)
	case err != nil && !errors.Is(err, git.NoErrAlreadyUpToDate):
		return plumbing.ZeroHash, fmt.Errorf("fetch: %w", err)
	}
	ref, err := repo.Reference(trackingRef, true)
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("fetch: read %s: %w", trackingRef, err)
	}
	return ref.Hash(), nil
}

// push sends main to the remote; pushed is false when it had it already.
func push(ctx context.Context, repo *git.Repository) (pushed bool, err error) {
	err = repo.PushContext(ctx, &git.PushOptions{RemoteName: remoteName, RefSpecs: []config.RefSpec{pushSpec}})
	if errors.Is(err, git.NoErrAlreadyUpToDate) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("push: %w", err)
	}
	return true, nil
}

// retryable reports a push refused because the remote moved on since the
// fetch: fetching and merging again fixes it.
func retryable(err error) bool {
	msg := err.Error()
	for _, s := range []string{"non-fast-forward", "fetch first", "cannot lock ref", "failed to update ref", "object not found"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}
