package fixedsleep

import (
	"strconv"
	"sync"
)

// A name rebuilt each round from a counter source of the package (a function
// that advances a package-level variable and returns a value made from it)
// is a new candidate each round: a search for a free name, not a retry.

var (
	suffixMu    sync.Mutex
	suffixState uint32
	nameSeq     int
	cachedName  string
)

// nextSuffix advances a linear congruential generator.
func nextSuffix() string {
	suffixMu.Lock()
	r := suffixState
	if r == 0 {
		r = 42
	}
	r = r*1664525 + 1013904223
	suffixState = r
	suffixMu.Unlock()
	return strconv.Itoa(int(1e9 + r%1e9))[1:]
}

// nextName counts.
func nextName() string {
	nameSeq++
	return "job-" + strconv.Itoa(nameSeq)
}

// fixedName fills a cache once: the same name on every call.
func fixedName() string {
	if cachedName == "" {
		cachedName = "tmp-" + strconv.Itoa(nameSeq)
	}
	return cachedName
}

// countedCalls counts its calls but hands out the same name.
func countedCalls() string {
	nameSeq++
	return "tmp"
}

func createFile(name string) error {
	reach()
	_ = name
	return nil
}

func createTemp(dir string) (string, error) {
	var err error
	for i := 0; i < 100; i++ {
		name := dir + "/tmp" + nextSuffix()
		if err = createFile(name); err == nil {
			return name, nil
		}
	}
	return "", err
}

func createNumbered() (string, error) {
	var err error
	for i := 0; i < 100; i++ {
		name := nextName()
		if err = createFile(name); err == nil {
			return name, nil
		}
	}
	return "", err
}

// ---- still retries ----

func createSuffixedOnce(dir string) (string, error) {
	var err error
	name := dir + "/tmp" + nextSuffix()
	for i := 0; i < 100; i++ { // want `retry loop tries again at once after a failure`
		if err = createFile(name); err == nil {
			return name, nil
		}
	}
	return "", err
}

func createCached() (string, error) {
	var err error
	for i := 0; i < 100; i++ { // want `retry loop tries again at once after a failure`
		name := fixedName()
		if err = createFile(name); err == nil {
			return name, nil
		}
	}
	return "", err
}

func createCounted() (string, error) {
	var err error
	for i := 0; i < 100; i++ { // want `retry loop tries again at once after a failure`
		name := countedCalls()
		if err = createFile(name); err == nil {
			return name, nil
		}
	}
	return "", err
}
