// Command alibabatest serves the 1688 stand-in and prints the variables that point the product at it.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"

	"sellerhub/app/alibaba/alibabatest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8091", "address to listen on")
	flag.Parse()
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	base := "http://" + l.Addr().String()
	fmt.Println("listening " + base)
	fmt.Println("SELLERHUB_ALIBABA_APP_KEY=" + alibabatest.AppKey)
	fmt.Println("SELLERHUB_ALIBABA_APP_SECRET=" + alibabatest.AppSecret)
	fmt.Println("SELLERHUB_ALIBABA_AUTH_URL=" + base + "/oauth/authorize")
	fmt.Println("SELLERHUB_ALIBABA_GATEWAY_URL=" + base + "/openapi")
	log.Fatal(http.Serve(l, alibabatest.New().Mux))
}
