// Package store is a product package whose test companion is storetest.
package store

// Addr is where a store listens.
func Addr() string { return "127.0.0.1:7000" }
