package httptimeout

// A test that sends with a client the package hands out.
func fetchWithTested(u string) error {
	_, err := NewTestedClient().Get(u)
	return err
}
