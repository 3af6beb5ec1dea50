//go:build !si_testendpoint

package endpoint

// TestBuild is false in every build users run. See testbuild_on.go.
const TestBuild = false
