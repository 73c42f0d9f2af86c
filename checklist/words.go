package checklist

import (
	"fmt"
	"slices"
	"strings"
)

// kindNames are the site kinds as a reviewer reads them: singular, plural.
var kindNames = map[string][2]string{
	"retry":              {"retry region", "retry regions"},
	"http-client":        {"HTTP client", "HTTP clients"},
	"external-call":      {"external call", "external calls"},
	"tx-callback":        {"transaction callback", "transaction callbacks"},
	"handler":            {"message handler", "message handlers"},
	"idempotent-request": {"POST/PATCH request", "POST/PATCH requests"},
}

// kindOrder is the order kinds are listed in.
var kindOrder = []string{"retry", "http-client", "external-call", "tx-callback", "handler", "idempotent-request"}

func kindName(kind string, n int) string {
	names, ok := kindNames[kind]
	if !ok {
		names = [2]string{kind + " site", kind + " sites"}
	}
	if n == 1 {
		return names[0]
	}
	return names[1]
}

// describeSites says "3 HTTP clients and 1 retry region".
func describeSites(ss []SiteRef) string {
	counts := make(map[string]int)
	for _, s := range ss {
		counts[s.Kind]++
	}
	var parts []string
	for _, k := range orderedKinds(counts) {
		parts = append(parts, fmt.Sprintf("%d %s", counts[k], kindName(k, counts[k])))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return joinAnd(parts)
}

// orderedKinds lists the kinds present, known ones first in kindOrder.
func orderedKinds(counts map[string]int) []string {
	var out []string
	for _, k := range kindOrder {
		if counts[k] > 0 {
			out = append(out, k)
		}
	}
	var extra []string
	for k := range counts {
		if _, known := kindNames[k]; !known {
			extra = append(extra, k)
		}
	}
	slices.Sort(extra)
	return append(out, extra...)
}

// kindList says "retry regions or HTTP clients" for an item's applies_to.
func kindList(kinds []string) string {
	if len(kinds) == 0 {
		return "retry, HTTP, transaction or messaging code"
	}
	var parts []string
	for _, k := range kinds {
		parts = append(parts, kindName(k, 2))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

func joinAnd(parts []string) string {
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
