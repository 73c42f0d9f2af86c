package rules

import (
	"fmt"
	"regexp"
	"strings"
)

// Values the enumerated fields accept.
var (
	severities = []string{string(SeverityError), string(SeverityWarning), string(SeverityInfo)}
	statuses   = []string{"available", "planned"}
	// Families of retry helpers; "generic" means no option semantics: the
	// callback is a retry region, its bounds, waits and classification unknown.
	families    = []string{"backoff-v4", "backoff-v5", "retry-go", "go-retry", "failsafe", "k8s-retry", "k8s-wait", "crdb", "temporal", "jpillora-backoff", "lestrrat-backoff", "lestrrat-backoff-v1", "rican7-retry", "kamilsk-retry", "eapache-retrier", "flowchartsman-retry", "matryer-try", "go-pkgz-repeater", "generic"}
	decisions   = []string{"auto", "partial", "manual"}
	siteKinds   = []string{"retry", "http-client", "external-call", "tx-callback", "handler", "idempotent-request"}
	fieldCounts = []string{"retries", "attempts"}
	// Families of self-retrying clients: how the engine reads a client's retry
	// settings (its constructor's options, functional options, retryers).
	clientFamilies = []string{"go-redis", "franz-go", "aws-sdk-go-v2", "go-retryablehttp", "minio-go"}
)

// The grammar of function names (types.Func.FullName, '*' as a glob):
//
//	pkg/path.Func
//	(pkg/path.Type).Method
//	(*pkg/path.Type).Method
//
// A receiver type may carry a type-parameter list, Type[T] or Type[T any].
const (
	pathElem   = `[\pL\pN_~+*-]+(?:\.[\pL\pN_~+*-]+)*`
	importPath = pathElem + `(?:/` + pathElem + `)*`
	ident      = `[\pL_*][\pL\pN_*]*`
	typeParams = `(?:\[[^()]*\])?`
)

var (
	funcNameRE   = regexp.MustCompile(`^` + importPath + `\.` + ident + `$`)
	methodNameRE = regexp.MustCompile(`^\(\*?` + importPath + `\.` + ident + typeParams + `\)\.` + ident + `$`)
	importPathRE = regexp.MustCompile(`^` + importPath + `$`)
	ruleNameRE   = regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	itemIDRE     = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	headerRE     = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
	fieldNameRE  = regexp.MustCompile(`^[\pL_][\pL\pN_]*$`)
)

// IsFuncName reports whether s is a function name in the knowledge-base grammar.
func IsFuncName(s string) bool {
	return funcNameRE.MatchString(s) || methodNameRE.MatchString(s)
}

const funcNameHelp = "write pkg/path.Func, (pkg/path.Type).Method or (*pkg/path.Type).Method; '*' matches any run of characters"

// schemaPath drops list indices: "rules[3].severity" -> "rules[].severity".
var indexRE = regexp.MustCompile(`\[\d+\]`)

func schemaPath(path string) string { return indexRE.ReplaceAllString(path, "[]") }

// Lists whose entries are function names.
var funcLists = map[string]bool{
	"knowledge.retry_helpers[].func":               true,
	"knowledge.backoff_calls[].func":               true,
	"knowledge.classifiers[]":                      true,
	"knowledge.transaction_helpers[].func":         true,
	"knowledge.self_retrying_clients[].func":       true,
	"knowledge.external_calls[]":                   true,
	"knowledge.local_calls[]":                      true,
	"knowledge.nondeterministic_calls[]":           true,
	"knowledge.checkpoint_calls[]":                 true,
	"knowledge.dead_letter.produce[]":              true,
	"knowledge.dead_letter.async[]":                true,
	"knowledge.dead_letter.funcs[]":                true,
	"knowledge.http_timeout.exempt_constructors[]": true,
	// Fields are named as methods are: (pkg/path.Type).Field.
	"knowledge.http_timeout.bounding_fields[]":        true,
	"knowledge.http_timeout.context_free_fields[]":    true,
	"knowledge.http_timeout.context_client_senders[]": true,
	"knowledge.grpc.connections[]":                    true,
	"knowledge.grpc.disable_retry[]":                  true,
	"knowledge.grpc.retry_configs[].func":             true,
	"knowledge.token_url_fields[]":                    true,
}

// Lists whose entries are import paths (globs allowed).
var pathLists = map[string]bool{
	"knowledge.budget_libraries[]":             true,
	"knowledge.http_timeout.exempt_packages[]": true,
	// Type names: a package path and a type name, globs allowed.
	"knowledge.self_retrying_clients[].retried_errors.api_errors[]": true,
}

// Strings that may be empty.
var mayBeEmpty = map[string]bool{
	"knowledge.dead_letter.pattern": true,
}

// checkString validates a string value by its path; it returns a message, or "".
func checkString(path, s string) string {
	sp := schemaPath(path)
	if s == "" {
		if mayBeEmpty[sp] {
			return ""
		}
		return "must not be empty"
	}
	if strings.TrimSpace(s) != s && !strings.Contains(sp, "summary") && !strings.Contains(sp, "question") {
		return fmt.Sprintf("%q has leading or trailing spaces", s)
	}
	switch {
	case funcLists[sp]:
		if !IsFuncName(s) {
			return fmt.Sprintf("%q is not a function name; %s", s, funcNameHelp)
		}
	case pathLists[sp]:
		if !importPathRE.MatchString(s) {
			return fmt.Sprintf("%q is not an import path (like github.com/sony/gobreaker; '*' matches any run of characters)", s)
		}
	}
	switch sp {
	case "rules[].name":
		if !ruleNameRE.MatchString(s) {
			return fmt.Sprintf("%q is not a rule name (lower-case letters and digits, like retryall)", s)
		}
	case "rules[].severity":
		return oneOf(s, "a severity", severities)
	case "rules[].status":
		return oneOf(s, "a status", statuses)
	case "knowledge.retry_helpers[].family", "knowledge.backoff_calls[].family":
		return oneOf(s, "a retry helper family", families)
	case "knowledge.self_retrying_clients[].family":
		return oneOf(s, "a self-retrying client family", clientFamilies)
	case "knowledge.self_retrying_clients[].field_counts":
		return oneOf(s, "a field_counts value", fieldCounts)
	case "knowledge.self_retrying_clients[].attempts_field":
		if !fieldNameRE.MatchString(s) {
			return fmt.Sprintf("%q is not a Go field name", s)
		}
	case "knowledge.dead_letter.pattern":
		if _, err := regexp.Compile(s); err != nil {
			return fmt.Sprintf("bad regexp: %v", err)
		}
	case "knowledge.idempotency_headers[]":
		if !headerRE.MatchString(s) {
			return fmt.Sprintf("%q is not an HTTP header name", s)
		}
	case "knowledge.grpc.retry_configs[].family":
		return oneOf(s, "a retry configuration family", configFamilies)
	case "knowledge.grpc.transient_codes[]":
		return oneOf(s, "a gRPC status code name", grpcCodes)
	case "checklist[].id":
		if !itemIDRE.MatchString(s) {
			return fmt.Sprintf("%q is not an item id (kebab-case: lower-case words joined by '-', like call-timeouts)", s)
		}
	case "checklist[].decision":
		return oneOf(s, "a decision", decisions)
	case "checklist[].applies_to[]":
		return oneOf(s, "a site kind", siteKinds)
	case "checklist[].verified_by[]":
		if !ruleNameRE.MatchString(s) {
			return fmt.Sprintf("%q is not a rule name (lower-case letters and digits, like retryall)", s)
		}
	}
	return ""
}

// oneOf checks an enumerated value.
func oneOf(s, what string, allowed []string) string {
	if contains(allowed, s) {
		return ""
	}
	return fmt.Sprintf("%q is not %s%s; use %s", s, what, suggest(s, allowed), orList(allowed))
}

// orList writes "a, b or c".
func orList(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// HelperFamilies lists the retry helper families rules.yaml accepts; the
// engine's library registry has one library for each but "generic".
func HelperFamilies() []string { return append([]string(nil), families...) }

// ClientFamilies lists the self-retrying client families rules.yaml accepts;
// the engine's client registry has one library for each.
func ClientFamilies() []string { return append([]string(nil), clientFamilies...) }
