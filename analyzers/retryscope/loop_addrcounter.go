package retryscope

import (
	"go/ast"
	"go/types"
	"strings"
)

// A network address made from a value that changes with the loop is the
// attempt's target, as a name from the counter is (namesFromCounter):
//
//	for p := start; ; {
//		c, err := listen(&net.UDPAddr{IP: ip, Port: p})
//		if err == nil {
//			return c, nil
//		}
//		if p++; p > hi {
//			p = lo
//		}
//		if p == start {
//			return nil, errNoPort
//		}
//	}
//
// Each round binds or dials another port or host: a scan for a free port, a
// sweep over addresses, not the failed attempt again, and a taken port does
// not free itself with time. An address the loop does not change (built
// before it, or from invariant values inside it) asks for the same target,
// and the counter handed to the attempt as a number of its own (an attempt
// number) leaves the address as it was.

// addressesFromCounter reports whether an attempt of c takes a network
// address that changes with the loop, directly or through a variable the
// loop sets to one.
func (f *flow) addressesFromCounter(l *loop, c *outcomeCheck, variant map[types.Object]bool) bool {
	changes := func(e ast.Expr) bool { return isNetAddress(f.info.TypeOf(e)) && f.dependsOn(e, variant) }
	for _, call := range c.attempts {
		for _, a := range call.Args {
			if changes(a) {
				return true
			}
		}
	}
	var addrs []types.Object
	for o, rhss := range f.assignsIn(l) {
		for _, rhs := range rhss {
			if rhs != nil && changes(rhs) && !mentions(f.info, rhs, []types.Object{o}) {
				addrs = appendNew(addrs, o)
			}
		}
	}
	return f.argsMention(l, c, addrs)
}

// isNetAddress reports whether t is, or points to, an address of package net
// (net.IP, net.UDPAddr, net.TCPAddr and the other *Addr types) or net/netip
// (Addr, AddrPort).
func isNetAddress(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	name := n.Obj().Name()
	switch n.Obj().Pkg().Path() {
	case "net":
		return name == "IP" || strings.HasSuffix(name, "Addr")
	case "net/netip":
		return name == "Addr" || name == "AddrPort"
	}
	return false
}
