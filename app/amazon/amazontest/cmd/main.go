// Command amazontest serves the Amazon stand-in as a process, for browser tests that run the product binary
// against it: `go run ./app/amazon/amazontest/cmd -addr 127.0.0.1:0`. Its first line of output is
// "listening <URL>"; the lines after it are the SELLERHUB_* variables that point the product at it. The test
// steers it over HTTP: POST /control/slow-token?ms=N delays the token endpoint's answers.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"strconv"
	"time"

	"sellerhub/app/amazon/amazontest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	s := amazontest.New()
	s.URL = "http://" + ln.Addr().String()
	s.Mux.HandleFunc("POST /control/slow-token", func(w http.ResponseWriter, r *http.Request) {
		ms, err := strconv.Atoi(r.URL.Query().Get("ms"))
		if err != nil {
			http.Error(w, "ms: a whole number of milliseconds", http.StatusBadRequest)
			return
		}
		s.SlowToken(time.Duration(ms) * time.Millisecond)
	})
	fmt.Println("listening", s.URL)
	for _, kv := range s.Env() {
		fmt.Println(kv)
	}
	log.Fatal(http.Serve(ln, s))
}
