package main

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// sampleTree polls /proc until done and returns the largest sum of resident
// memory (bytes) seen over root and its descendants. Without /proc it returns 0.
func sampleTree(root int, done <-chan struct{}) int64 {
	var peak int64
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	page := int64(os.Getpagesize())
	for {
		if s := treeRSS(root) * page; s > peak {
			peak = s
		}
		select {
		case <-done:
			return peak
		case <-tick.C:
		}
	}
}

// treeRSS returns the resident pages of root and all its descendants.
func treeRSS(root int) int64 {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	parent := make(map[int]int)
	rss := make(map[int]int64)
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		ppid, pages, ok := stat(pid)
		if ok {
			parent[pid], rss[pid] = ppid, pages
		}
	}
	var sum int64
	for pid, pages := range rss {
		for p, n := pid, 0; p > 0 && n < 64; p, n = parent[p], n+1 {
			if p == root {
				sum += pages
				break
			}
		}
	}
	return sum
}

// stat reads the parent and resident pages of a process from /proc/PID/stat.
func stat(pid int) (ppid int, pages int64, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// The command name is in parentheses and may hold spaces: fields start after
	// the last ')'. Then: state ppid ... with rss the 22nd field after it.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 22 {
		return 0, 0, false
	}
	ppid, err1 := strconv.Atoi(string(f[1]))
	pages, err2 := strconv.ParseInt(string(f[21]), 10, 64)
	return ppid, pages, err1 == nil && err2 == nil
}
