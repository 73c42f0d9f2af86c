// The body of call would be here; the analyzers read only the Go files.
