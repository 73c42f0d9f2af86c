package retryall

import "database/sql"

type unavailable struct{}

func (unavailable) Error() string { return "unavailable" }

// fetch asks a server (the statement stands for it).
func fetch(url string) (string, error) {
	sql.OpenDB(nil).Exec("UPDATE jobs SET state = 'done'")
	return "", unavailable{}
}

// get retries every failure, permanent ones included.
func get(url string) (string, error) {
	var last error
	for i := 0; i < 20; i++ { // want `retry loop retries every error alike`
		body, err := fetch(url)
		if err == nil {
			return body, nil
		}
		last = err
	}
	return "", last
}
