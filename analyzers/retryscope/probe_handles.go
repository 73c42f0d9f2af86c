package retryscope

import (
	"go/types"
	"regexp"

	"github.com/retrylint/retrylint/analyzers/internal/code"
)

// Some calls reach a dependency and do no work on it, as a ping does:
//
//   - a dial: a function named Dial… that returns a connection (net.Conn or
//     a type with its methods) opens one and sends nothing. Its connection is
//     what a readiness wait closes at once; a loop that writes on it has
//     that write as an attempt too, and stays a retry.
//   - taking a connection from a database pool ((*sql.DB).Conn): it dials
//     when the pool has none and runs no statement.
//   - opening a database handle: a function that returns a *sql.DB builds a
//     pool, and sql.Open reaches nothing at all.

// poolProbes are the standard library's calls that take a connection.
var poolProbes = map[string]bool{"(*database/sql.DB).Conn": true}

// dialName matches the names of dial functions: Dial, DialContext,
// DialContextTCP, dialTLS.
var dialName = regexp.MustCompile(`^[Dd]ial([A-Z]|$)`)

// reachesOnly reports whether fn reaches a dependency without doing work on
// it: a dial of a connection, taking a pooled connection, opening a pool.
func reachesOnly(fn *types.Func) bool {
	if poolProbes[fn.FullName()] {
		return true
	}
	res := fn.Signature().Results()
	if res.Len() != 2 || !code.IsError(res.At(1).Type()) {
		return false
	}
	first := res.At(0).Type()
	return dialName.MatchString(fn.Name()) && isConn(first) || code.IsNamed(first, "database/sql", "DB")
}

// isConn reports whether t has the methods that make a net.Conn a network
// connection: its two addresses and its deadline.
func isConn(t types.Type) bool {
	for _, m := range []string{"LocalAddr", "RemoteAddr", "SetDeadline", "Close"} {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, m); obj == nil {
			return false
		}
	}
	return true
}
