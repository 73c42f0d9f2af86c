package retryscope

import (
	"go/token"
	"go/types"
	"slices"
)

// What a library of the registry understands, as `retrylint knowledge` lists it.
const (
	AspectCallbacks      = "callbacks"      // it retries a callback: a retry region
	AspectContext        = "context"        // the context its waits watch
	AspectAttempts       = "attempts"       // its attempt or time cap, or none
	AspectGrowth         = "growth"         // the form of its wait: none, constant, growing
	AspectJitter         = "jitter"         // whether its wait is randomised
	AspectClassification = "classification" // which errors it retries
	AspectInnerRetries   = "inner-retries"  // a client that retries by itself, unless turned off
)

// LibraryInfo describes one family of the registry.
type LibraryInfo struct {
	Family string
	// Client is true for a self-retrying client family, false for a retry
	// helper family.
	Client bool
	// Understands lists the aspects (Aspect*) the engine reads for it.
	Understands []string
}

// Libraries describes every family of the registry, helpers first, each
// sorted by family.
func Libraries() []LibraryInfo {
	var out []LibraryInfo
	for _, f := range Families() {
		out = append(out, LibraryInfo{Family: f, Understands: libraries[f].aspects(false)})
	}
	for _, f := range ClientFamilies() {
		out = append(out, LibraryInfo{Family: f, Client: true, Understands: clientLibraries[f].aspects(true)})
	}
	return out
}

// aspects is what the library understands: as declared, or else derived from
// the advice it gives (a library that knows how to bound its helper reads its
// bounds).
func (l *library) aspects(client bool) []string {
	out := slices.Clone(l.understands)
	if len(out) == 0 {
		out = l.adviceAspects()
	}
	if !client && !slices.Contains(out, AspectCallbacks) {
		out = append([]string{AspectCallbacks}, out...)
	}
	if l.classifies || l.stopsOnError {
		out = append(out, AspectClassification)
	}
	return compactAspects(out)
}

// adviceAspects derives the aspects from the fields of the library's hints.
func (l *library) adviceAspects() (out []string) {
	if l.hints == nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			out = nil // advice that needs a real call tells nothing here
		}
	}()
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	probe := &HelperCall{Func: types.NewFunc(token.NoPos, types.NewPackage("probe", "probe"), "Do", sig)}
	hs := l.hints(probe, nil)
	for _, a := range []struct {
		hint, aspect string
	}{{hs.Context, AspectContext}, {hs.Bound, AspectAttempts}, {hs.Backoff, AspectGrowth}, {hs.Jitter, AspectJitter}, {hs.Classify, AspectClassification}} {
		if a.hint != "" {
			out = append(out, a.aspect)
		}
	}
	return out
}

// compactAspects orders aspects as the Aspect constants are listed, without
// duplicates.
func compactAspects(in []string) []string {
	order := []string{AspectCallbacks, AspectContext, AspectAttempts, AspectGrowth, AspectJitter, AspectClassification, AspectInnerRetries}
	var out []string
	for _, a := range order {
		if slices.Contains(in, a) {
			out = append(out, a)
		}
	}
	for _, a := range in {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}
