package retryscoperemote

import (
	"errors"
	"os"
	"time"
)

// The methods of fs.FileInfo and fs.DirEntry describe a file on this machine
// that a call has already found: they stay in the process. An interface of
// the same shape declared elsewhere may describe an object on a server.

var errTooSmall = errors.New("file not complete yet")

func fileComplete(path string, size int64) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Size() < size || fi.IsDir() {
		return errTooSmall
	}
	return nil
}

func fileInfoLocal(path string, size int64) error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if err = fileComplete(path, size); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func dirComplete(dir string, size int64) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var total int64
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			return err
		}
		total += fi.Size()
	}
	if total < size {
		return errTooSmall
	}
	return nil
}

func dirEntryLocal(dir string, size int64) error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if err = dirComplete(dir, size); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// objectInfo has FileInfo's Size, but describes an object the code asks a
// store for. Its methods are still getters: with no error result they cannot
// report a failure of the store, so they read what the object holds
// (local_accessor.go); a method that can fail may reach the store.
type objectInfo interface {
	Size() int64
	Attrs() (map[string]string, error)
}

func objectComplete(obj objectInfo, size int64) error {
	if obj.Size() < size {
		return errTooSmall
	}
	return nil
}

func objectSized(obj objectInfo, size int64) error {
	if obj.Size() < size {
		return errTooSmall
	}
	_, err := obj.Attrs()
	return err
}

func objectInfoRead(obj objectInfo, size int64) error {
	var err error
	for i := 0; i < 3; i++ { // want `local`
		if err = objectComplete(obj, size); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func objectInfoRemote(obj objectInfo, size int64) error {
	var err error
	for i := 0; i < 3; i++ { // want `remote`
		if err = objectSized(obj, size); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
