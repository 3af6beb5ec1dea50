package managed

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestLocations(t *testing.T) {
	for _, tc := range []struct {
		os               OS
		prefix, dir      string
		fragment, market string
	}{
		{Linux, "/opt/si", "/etc/claude-code", "/etc/claude-code/managed-settings.d/90-session-intelligence.json", "/opt/si/share/session-intelligence/plugins"},
		{Darwin, "/usr/local", "/Library/Application Support/ClaudeCode", "/Library/Application Support/ClaudeCode/managed-settings.d/90-session-intelligence.json", "/usr/local/share/session-intelligence/plugins"},
		{Windows, `C:\Tools\`, `C:\Program Files\ClaudeCode`, `C:\Program Files\ClaudeCode\managed-settings.d\90-session-intelligence.json`, `C:\Tools\share\session-intelligence\plugins`},
	} {
		dir, err := Dir(tc.os)
		if err != nil || dir != tc.dir {
			t.Errorf("Dir(%s) = %q, %v; want %q", tc.os, dir, err, tc.dir)
		}
		if got := FragmentPath(tc.os, dir); got != tc.fragment {
			t.Errorf("FragmentPath(%s) = %q; want %q", tc.os, got, tc.fragment)
		}
		if got := MarketplaceDir(tc.os, tc.prefix); got != tc.market {
			t.Errorf("MarketplaceDir(%s) = %q; want %q", tc.os, got, tc.market)
		}
	}
	if _, err := Dir("plan9"); err == nil {
		t.Error("Dir(plan9) succeeded")
	}
}

func TestCheckAbs(t *testing.T) {
	for _, tc := range []struct {
		os   OS
		path string
		ok   bool
	}{
		{Linux, "/opt/si", true},
		{Linux, "opt/si", false},
		{Linux, "~/si", false},
		{Linux, "", false},
		{Darwin, "/Users/me/.nix-profile", true},
		{Windows, `C:\Tools`, true},
		{Windows, `d:/tools`, true},
		{Windows, `\\server\share\si`, true},
		{Windows, `/opt/si`, false},
		{Windows, `Tools`, false},
	} {
		err := CheckAbs(tc.os, tc.path)
		if (err == nil) != tc.ok {
			t.Errorf("CheckAbs(%s, %q) = %v; want ok=%v", tc.os, tc.path, err, tc.ok)
		}
	}
}

func TestFragment(t *testing.T) {
	frag := Fragment(`/opt/si & "co"/share/session-intelligence/plugins`)
	var doc struct {
		Extra map[string]struct {
			Source struct{ Source, Path string } `json:"source"`
		} `json:"extraKnownMarketplaces"`
		Enabled map[string]bool `json:"enabledPlugins"`
		Append  []string        `json:"appendPlugins"`
	}
	if err := json.Unmarshal(frag, &doc); err != nil {
		t.Fatalf("fragment is not JSON: %v\n%s", err, frag)
	}
	m := doc.Extra[Marketplace].Source
	if m.Source != "directory" || m.Path != `/opt/si & "co"/share/session-intelligence/plugins` {
		t.Errorf("marketplace source = %+v", m)
	}
	if !doc.Enabled[Plugin] || len(doc.Append) != 1 || doc.Append[0] != Plugin {
		t.Errorf("enabled %v append %v", doc.Enabled, doc.Append)
	}
	if strings.Contains(string(frag), `\u0026`) || !strings.HasSuffix(string(frag), "}\n") {
		t.Errorf("fragment should be readable JSON ending in a newline:\n%s", frag)
	}
}
