package retryscope

import (
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Package net holds both the calls that leave the machine (a dial, a DNS
// lookup, a read or write on a connection) and the values that only describe
// addresses and interfaces (an IP, a network mask, a parsed host and port, the
// local interface list the kernel keeps). A call of the second kind stays in
// the process, so a library or a loop that uses net only for those is not
// shown to reach another system.

// netLocalTypes are the types of package net whose methods read or format a
// value the process holds: addresses, masks, interfaces and the errors that
// describe a failed operation.
var netLocalTypes = map[string]bool{
	"IP": true, "IPMask": true, "IPNet": true, "HardwareAddr": true, "Interface": true, "Flags": true,
	"IPAddr": true, "TCPAddr": true, "UDPAddr": true, "UnixAddr": true,
	"OpError": true, "DNSError": true, "AddrError": true, "ParseError": true,
	"UnknownNetworkError": true, "InvalidAddrError": true, "DNSConfigError": true,
}

// netConnectPrefixes start the names of net's package-level functions that
// may leave the machine: dials, lookups and resolutions (which ask a DNS
// server), and the files and listeners whose connections carry other
// systems' bytes.
var netConnectPrefixes = []string{"Dial", "Lookup", "Resolve", "Listen", "File"}

// netStaysLocal reports whether fn, a function of package net, stays in the
// process: a method of one of netLocalTypes, or a package-level function that
// parses, builds or lists addresses (ParseIP, SplitHostPort, Interfaces).
func netStaysLocal(fn *types.Func) bool {
	if recv := fn.Signature().Recv(); recv != nil {
		n := code.NamedOf(recv.Type())
		return n != nil && netLocalTypes[n.Obj().Name()]
	}
	for _, p := range netConnectPrefixes {
		if strings.HasPrefix(fn.Name(), p) {
			return false
		}
	}
	return true
}
