//go:build si_testendpoint

package endpoint

// TestBuild lets [Check] accept a loopback usage endpoint, so
// that the end-to-end tests can point the refresher at a fake server.
//
// It is a build tag (scripts/build.sh with SI_BUILD_TAGS=si_testendpoint,
// which only the test harness sets) and not an environment variable or a
// file: a repository's settings can set any environment variable for the
// status line and the hooks, including CLAUDE_CONFIG_DIR and HOME, which
// move every file we would look in. Nothing a repository controls can
// turn a release binary into one that sends the token elsewhere.
const TestBuild = true
