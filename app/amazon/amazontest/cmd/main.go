// Command amazontest serves the Amazon stand-in as a process, for browser tests that run the product binary
// against it: `go run ./app/amazon/amazontest/cmd -addr 127.0.0.1:0`. Its first line of output is
// "listening <URL>"; the lines after it are the SELLERHUB_* variables that point the product at it. The test
// steers it over HTTP: POST /control/hold-token makes the token endpoint wait before answering, until POST
// /control/release-token.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"

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
	s.Mux.HandleFunc("POST /control/hold-token", func(http.ResponseWriter, *http.Request) { s.HoldToken() })
	s.Mux.HandleFunc("POST /control/release-token", func(http.ResponseWriter, *http.Request) { s.ReleaseToken() })
	fmt.Println("listening", s.URL)
	for _, kv := range s.Env() {
		fmt.Println(kv)
	}
	log.Fatal(http.Serve(ln, s))
}
