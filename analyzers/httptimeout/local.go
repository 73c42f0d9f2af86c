package httptimeout

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// unixOnly reports whether one of the client's transports dials only unix
// sockets: every dial call in its DialContext/Dial function passes the network
// "unix" (net.Dial, net.DialTimeout, (*net.Dialer).Dial/DialContext) or is
// net.DialUnix. Such a client talks to a process on the same machine (local
// IPC), not to a server across a network.
func (c *checker) unixOnly(transports []ast.Expr, body *ast.BlockStmt) bool {
	for _, t := range transports {
		lit := c.transportLit(t, body, 0)
		if lit == nil {
			continue
		}
		dial := field(lit, "DialContext")
		if dial == nil {
			dial = field(lit, "Dial")
		}
		if dial == nil || field(lit, "DialTLSContext") != nil || field(lit, "Proxy") != nil {
			continue
		}
		unix, other := 0, 0
		code.Inspect(dial, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := code.Callee(c.info, call)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net" {
				return true
			}
			switch fn.Name() {
			case "DialUnix":
				unix++
			case "Dial", "DialTimeout", "DialContext":
				k := 0
				if fn.Name() == "DialContext" {
					k = 1
				}
				if k < len(call.Args) && c.isUnixNetwork(call.Args[k]) {
					unix++
				} else {
					other++
				}
			}
			return true
		})
		if unix > 0 && other == 0 {
			return true
		}
	}
	return false
}

func (c *checker) isUnixNetwork(e ast.Expr) bool {
	s, _ := code.String(c.info, e)
	return s == "unix" || s == "unixpacket"
}
