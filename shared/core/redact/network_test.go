package redact

import "testing"

func TestEmails(t *testing.T) {
	a := All()
	e := m(KindEmail)
	runCases(t, []kindCase{
		{"plain", "contact john.doe+x@example.co.uk.", "contact " + e + ".", a},
		{"angle", "From: Jane <jane_d@mail.example.org>", "From: Jane <" + e + ">", a},
		{"json newline", `{"log":"by\nann@example.com"}`, `{"log":"by\n` + e + `"}`, a},
		same("opt-in", "contact john.doe@example.com", Credentials()),
		same("npm scope", "npm i @types/node @scope/pkg", a),
		same("no dot", "user@localhost", a),
		same("decorator", "@Override public void run()", a),
		same("numeric tld", "root@10.0.0", a),
	})
}

func TestIPv4(t *testing.T) {
	a := All()
	ip := m(KindIPv4)
	runCases(t, []kindCase{
		{"port", "connect to 192.168.1.10:5432", "connect to " + ip + ":5432", a},
		{"sentence", "resolved 8.8.8.8.", "resolved " + ip + ".", a},
		{"cidr", "allow 10.0.0.0/8", "allow " + ip + "/8", a},
		{"json", `{"ip":"172.16.254.1"}`, `{"ip":"` + ip + `"}`, a},
		// Every address counts, private and shared ranges included.
		{"cgnat", "peer 100.64.12.7 and 100.127.255.254", "peer " + ip + " and " + ip, a},
		{"loopback and private", "127.0.0.1, 10.255.0.9, 0.0.0.0", ip + ", " + ip + ", " + ip, a},
		same("opt-in", "connect to 192.168.1.10", Credentials()),
		same("version v", "go v1.2.3.4", a),
		same("three parts", "version 1.2.3 and 10.0.19041", a),
		same("big octet", "256.1.1.1 and 1.300.2.3", a),
		same("five parts", "oid 1.3.6.1.4.1", a),
		same("leading zero", "01.2.3.4", a),
		same("float", "pi is 3.14159", a),
	})
}

func TestIPv6(t *testing.T) {
	a := All()
	ip := m(KindIPv6)
	runCases(t, []kindCase{
		{"full", "addr 2001:0db8:85a3:0000:0000:8a2e:0370:7334 up", "addr " + ip + " up", a},
		{"compressed", "fe80::1ff:fe23:4567:890a%eth0", ip + "%eth0", a},
		{"bracketed", "http://[2001:db8::1]:8080/", "http://[" + ip + "]:8080/", a},
		{"mapped v4", "from ::ffff:192.0.2.128.", "from " + ip + ".", a},
		{"label", "inet6: fe80::a00:27ff:fe4e:66a1", "inet6: " + ip, a},
		same("opt-in", "fe80::1ff:fe23:4567:890a", Credentials()),
		same("time", "at 12:30:45 and 2024-01-15T12:30:45Z", a),
		same("mac", "ether 00:1a:2b:3c:4d:5e", a),
		same("cpp", "std::vector<int> abc::def Foo::Bar", a),
		same("slice", "a[1::2] b[::3]", a),
		same("hash", "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", a),
		same("bare", "a :: b", a),
	})
}
