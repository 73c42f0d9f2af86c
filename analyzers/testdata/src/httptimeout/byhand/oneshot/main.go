// A command a person runs: it parses its flags, makes its calls one after
// the other and exits. A request that hangs is seen and interrupted by the
// person who started it.
package main

import (
	"bytes"
	"flag"
	"io"
	"log"
	"net/http"
	"os"
)

var master = flag.String("master", "localhost:9333", "master address")

func main() {
	flag.Parse()
	resp, err := http.Get("http://" + *master + "/dir/assign") // GOOD: run by hand
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	io.Copy(os.Stdout, resp.Body)
	upload([]byte("payload"))
}

func upload(data []byte) {
	c := &http.Client{} // GOOD: run by hand
	resp, err := c.Post("http://"+*master+"/submit", "application/octet-stream", bytes.NewReader(data))
	if err != nil {
		log.Fatal(err)
	}
	resp.Body.Close()
	req, _ := http.NewRequest(http.MethodDelete, "http://"+*master+"/tmp", nil)
	if resp, err := http.DefaultClient.Do(req); err == nil { // GOOD: run by hand
		resp.Body.Close()
	}
}
