package rules

import "go/types"

// Rule returns the catalog entry of the named rule.
func (k *Knowledge) Rule(name string) (Rule, bool) {
	for _, r := range k.Rules {
		if r.Name == name {
			return r, true
		}
	}
	return Rule{}, false
}

// matcher returns the compiled matcher of a list, built on first use.
func (k *Knowledge) matcher(key string, names []string) *Matcher {
	if m, ok := k.matchers[key]; ok {
		return m
	}
	if k.matchers == nil {
		k.matchers = make(map[string]*Matcher)
	}
	m := NewMatcher(names)
	k.matchers[key] = m
	return m
}

// Compile builds every matcher up front, so that a Knowledge shared between
// goroutines (analyzers run packages in parallel) is only read afterwards.
func (k *Knowledge) Compile() {
	k.IsClassifier(nil)
	k.IsExternal(nil)
	k.IsLocal(nil)
	k.IsNondeterministic(nil)
	k.IsCheckpoint(nil)
	k.IsCumulativeCheckpoint(nil)
	k.IsDeadLetterProduce(nil)
	k.IsAsyncProduce(nil)
	k.IsDeadLetterFunc(nil)
	k.IsBudgetLibrary("")
	k.IsExemptHTTPPackage("")
	k.IsExemptHTTPConstructor(nil)
	k.IsBoundingField(nil, "")
	k.IsContextFreeField(nil, "")
	k.IsContextClientSender(nil)
	k.IsTokenURLField(nil, "")
	k.compileGRPC()
	for i := range k.Knowledge.RetryHelpers {
		k.matcher("retry:"+k.Knowledge.RetryHelpers[i].Func, []string{k.Knowledge.RetryHelpers[i].Func})
	}
	for i := range k.Knowledge.BackoffCalls {
		k.matcher("backoff:"+k.Knowledge.BackoffCalls[i].Func, []string{k.Knowledge.BackoffCalls[i].Func})
	}
	for i := range k.Knowledge.TxHelpers {
		k.matcher("tx:"+k.Knowledge.TxHelpers[i].Func, []string{k.Knowledge.TxHelpers[i].Func})
	}
	for i := range k.Knowledge.SelfRetrying {
		k.matcher("self:"+k.Knowledge.SelfRetrying[i].Func, []string{k.Knowledge.SelfRetrying[i].Func})
	}
}

// RetryHelper returns the knowledge entry of a retry helper function, or nil.
func (k *Knowledge) RetryHelper(fn *types.Func) *RetryHelper {
	for i := range k.Knowledge.RetryHelpers {
		h := &k.Knowledge.RetryHelpers[i]
		if k.matcher("retry:"+h.Func, []string{h.Func}).MatchFunc(fn) {
			return h
		}
	}
	return nil
}

// BackoffCall returns the knowledge entry of a library backoff call, or nil.
func (k *Knowledge) BackoffCall(fn *types.Func) *BackoffCall {
	for i := range k.Knowledge.BackoffCalls {
		b := &k.Knowledge.BackoffCalls[i]
		if k.matcher("backoff:"+b.Func, []string{b.Func}).MatchFunc(fn) {
			return b
		}
	}
	return nil
}

// TxHelper returns the knowledge entry of a transaction helper function, or nil.
func (k *Knowledge) TxHelper(fn *types.Func) *TxHelper {
	for i := range k.Knowledge.TxHelpers {
		h := &k.Knowledge.TxHelpers[i]
		if k.matcher("tx:"+h.Func, []string{h.Func}).MatchFunc(fn) {
			return h
		}
	}
	return nil
}

// SelfRetrying returns the knowledge entry of a self-retrying call, or nil.
func (k *Knowledge) SelfRetrying(fn *types.Func) *SelfRetrying {
	for i := range k.Knowledge.SelfRetrying {
		s := &k.Knowledge.SelfRetrying[i]
		if k.matcher("self:"+s.Func, []string{s.Func}).MatchFunc(fn) {
			return s
		}
	}
	return nil
}

// IsLocal reports whether fn stays in the process although its package may
// reach another system (local_calls).
func (k *Knowledge) IsLocal(fn *types.Func) bool {
	return k.matcher("local", k.Knowledge.LocalCalls).MatchFunc(fn)
}

// IsClassifier reports whether fn classifies errors (errors.Is, backoff.Permanent, ...).
func (k *Knowledge) IsClassifier(fn *types.Func) bool {
	return k.matcher("classifiers", k.Knowledge.Classifiers).MatchFunc(fn)
}

// IsExternal reports whether fn reaches another system (HTTP, gRPC, produce, mail).
func (k *Knowledge) IsExternal(fn *types.Func) bool {
	return k.matcher("external", k.Knowledge.ExternalCalls).MatchFunc(fn)
}

// IsNondeterministic reports whether fn returns a different value on every call.
func (k *Knowledge) IsNondeterministic(fn *types.Func) bool {
	return k.matcher("nondeterministic", k.Knowledge.Nondeterministic).MatchFunc(fn)
}

// IsCheckpoint reports whether fn acknowledges or commits a consumed message.
func (k *Knowledge) IsCheckpoint(fn *types.Func) bool {
	return k.matcher("checkpoints", k.Knowledge.Checkpoints).MatchFunc(fn)
}

// IsCumulativeCheckpoint reports whether fn's checkpoint also covers every
// earlier record of the partition.
func (k *Knowledge) IsCumulativeCheckpoint(fn *types.Func) bool {
	return k.matcher("cumulative", k.Knowledge.CumulativeCheckpoints).MatchFunc(fn)
}

// IsDeadLetterProduce reports whether fn is a produce/publish call that may write a
// dead letter (decided by its arguments and receiver, see DeadLetter.Pattern).
func (k *Knowledge) IsDeadLetterProduce(fn *types.Func) bool {
	return k.matcher("dlq-produce", k.Knowledge.DeadLetter.Produce).MatchFunc(fn)
}

// IsAsyncProduce reports whether fn returns before the broker has the record.
func (k *Knowledge) IsAsyncProduce(fn *types.Func) bool {
	return k.matcher("dlq-async", k.Knowledge.DeadLetter.Async).MatchFunc(fn)
}

// IsDeadLetterFunc reports whether fn is configured as a dead-letter writer.
func (k *Knowledge) IsDeadLetterFunc(fn *types.Func) bool {
	return k.matcher("dlq-funcs", k.Knowledge.DeadLetter.Funcs).MatchFunc(fn)
}

// IsBudgetLibrary reports whether an import path is a retry-budget or circuit-breaker library.
func (k *Knowledge) IsBudgetLibrary(importPath string) bool {
	return k.matcher("budget", k.Knowledge.BudgetLibraries).Match(importPath)
}

// IsExemptHTTPPackage reports whether httptimeout skips the package.
func (k *Knowledge) IsExemptHTTPPackage(importPath string) bool {
	return k.matcher("http-exempt-pkg", k.Knowledge.HTTPTimeout.ExemptPackages).Match(importPath)
}

// IsExemptHTTPConstructor reports whether clients made inside fn are exempt.
func (k *Knowledge) IsExemptHTTPConstructor(fn *types.Func) bool {
	return k.matcher("http-exempt-ctor", k.Knowledge.HTTPTimeout.ExemptConstructors).MatchFunc(fn)
}

// IsBoundingField reports whether a client stored in field field of the
// struct type owner is sent with a deadline on every request by owner's
// library (http_timeout.bounding_fields).
func (k *Knowledge) IsBoundingField(owner *types.TypeName, field string) bool {
	return k.fieldListed("http-bounding-fields", k.Knowledge.HTTPTimeout.BoundingFields, owner, field)
}

// IsContextClientSender reports whether fn sends with the http.Client its
// context carries, or http.DefaultClient (http_timeout.context_client_senders).
func (k *Knowledge) IsContextClientSender(fn *types.Func) bool {
	return k.matcher("http-context-client-senders", k.Knowledge.HTTPTimeout.ContextClientSenders).MatchFunc(fn)
}

// ImportsContextClientSender reports whether pkg imports a package that may
// hold a context-client sender.
func (k *Knowledge) ImportsContextClientSender(pkg *types.Package) bool {
	m := k.matcher("http-context-client-senders", k.Knowledge.HTTPTimeout.ContextClientSenders)
	for _, imp := range pkg.Imports() {
		if len(k.Knowledge.HTTPTimeout.ContextClientSenders) > 0 && m.mayHold(imp) {
			return true
		}
	}
	return false
}

// IsContextFreeField reports whether owner's library sends requests built
// without a context with a client stored in field field of the struct type
// owner (http_timeout.context_free_fields).
func (k *Knowledge) IsContextFreeField(owner *types.TypeName, field string) bool {
	return k.fieldListed("http-context-free-fields", k.Knowledge.HTTPTimeout.ContextFreeFields, owner, field)
}

// IsTokenURLField reports whether field field of the struct type owner holds
// an OAuth 2.0 token endpoint (token_url_fields).
func (k *Knowledge) IsTokenURLField(owner *types.TypeName, field string) bool {
	return k.fieldListed("token-url-fields", k.Knowledge.TokenURLFields, owner, field)
}

// fieldListed reports whether "(pkg.Owner).field" matches a list of field
// patterns, compiled once under key.
func (k *Knowledge) fieldListed(key string, list []string, owner *types.TypeName, field string) bool {
	m := k.matcher(key, list)
	if owner == nil || owner.Pkg() == nil || !m.mayHold(owner.Pkg()) {
		return false
	}
	return m.Match("(" + owner.Pkg().Path() + "." + owner.Name() + ")." + field)
}

// IsClassifierName is IsClassifier for a function's full name.
func (k *Knowledge) IsClassifierName(fullName string) bool {
	return k.matcher("classifiers", k.Knowledge.Classifiers).Match(fullName)
}
