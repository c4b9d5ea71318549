// Command amazontest serves the Amazon stand-in as a process, for browser tests that run the product binary
// against it: `go run ./app/amazon/amazontest/cmd -addr 127.0.0.1:0`. Its first line of output is
// "listening <URL>"; the lines after it are the SELLERHUB_* variables that point the product at it. The test
// steers it over HTTP: POST /control/hold-token makes the token endpoint wait before answering, until POST
// /control/release-token; POST /control/hold-documents and /control/release-documents do the same for report
// downloads; POST /control/fail-reports?n=N makes the next N reports end FATAL; POST /control/throttle?op=OP&n=N
// makes the next N calls of a Reports or Inbound operation answer 429; POST /control/inbound {SellerID,
// MarketplaceID, ShipmentID, Name, Center, Status, Items:[{SellerSKU, FNSKU, Shipped, Received, InCase}]} puts an
// inbound shipment in the Fulfillment Inbound API's book; POST /control/refresh-token?seller=ID answers a refresh
// token of the seller, as its consent would give; POST /control/refuse-grants?on=true|false makes the
// token endpoint answer invalid_grant; POST /control/expire-tokens ends the access tokens issued so far. GET
// /control/settlements?seller=ID answers the seller's settlement reports (JSON: reportId, marketplaceId and the
// flat file's text), the same files the sync downloads, so that a test can work out a profit by hand. GET
// /control/ad-creations answers the Sponsored Products entities created through the Ads API, per profile
// (amazontest.AdCreated as JSON), so that a test sees what reached Amazon; POST /control/ad-brands?profile=ID makes
// the profile advertise with Sponsored Brands campaigns of its own (amazontest.AdvertiseBrands). The AliExpress
// stand-in answers under /aliexpress (POST /aliexpress/control/expire-refresh ends its refresh tokens).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strconv"
	"time"

	"sellerhub/app/aliexpress/aliexpresstest"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
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
	// The sellers' reports are the simulated world's as of today: 90 days of orders, settlements and the rest.
	world := sellerdata.At(time.Now())
	s.Content, s.Scheduled, s.Catalog, s.Items, s.Fees = world.Content, world.Scheduled, world.Parents, world.Item, world.FeeQuote
	s.Listings, s.Book = world, world.Book
	s.Mux.HandleFunc("POST /control/hold-token", func(http.ResponseWriter, *http.Request) { s.HoldToken() })
	s.Mux.HandleFunc("POST /control/release-token", func(http.ResponseWriter, *http.Request) { s.ReleaseToken() })
	s.Mux.HandleFunc("POST /control/hold-documents", func(http.ResponseWriter, *http.Request) { s.HoldDocuments() })
	s.Mux.HandleFunc("POST /control/release-documents", func(http.ResponseWriter, *http.Request) { s.ReleaseDocuments() })
	s.Mux.HandleFunc("POST /control/fail-reports", func(_ http.ResponseWriter, r *http.Request) {
		s.FailReports(count(r))
	})
	s.Mux.HandleFunc("POST /control/throttle", func(_ http.ResponseWriter, r *http.Request) {
		s.Throttle(r.URL.Query().Get("op"), count(r))
	})
	s.Mux.HandleFunc("POST /control/refuse-grants", func(_ http.ResponseWriter, r *http.Request) {
		s.RefuseGrants(r.URL.Query().Get("on") != "false")
	})
	s.Mux.HandleFunc("POST /control/enroll-rotation", func(http.ResponseWriter, *http.Request) { s.EnrollRotation() })
	s.Mux.HandleFunc("POST /control/expire-tokens", func(http.ResponseWriter, *http.Request) { s.ExpireAccessTokens() })
	s.Mux.HandleFunc("POST /control/refresh-token", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, s.IssueRefreshToken(r.URL.Query().Get("seller")))
	})
	s.Mux.HandleFunc("POST /control/inbound", func(w http.ResponseWriter, r *http.Request) {
		var sh amazontest.InboundShipment
		if err := json.NewDecoder(r.Body).Decode(&sh); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		s.Inbound.Put(sh)
	})
	s.Mux.HandleFunc("GET /control/settlements", func(w http.ResponseWriter, r *http.Request) {
		settlements(w, world, r.URL.Query().Get("seller"))
	})
	s.Mux.HandleFunc("POST /control/ad-brands", func(_ http.ResponseWriter, r *http.Request) {
		id, _ := strconv.ParseInt(r.URL.Query().Get("profile"), 10, 64)
		amazontest.AdvertiseBrands(s, id)
	})
	s.Mux.HandleFunc("GET /control/ad-creations", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(amazontest.AdCreationsOf(s))
	})
	// The AliExpress Open Platform's stand-in (速卖通店铺授权) under /aliexpress, so that one process serves both.
	ae := aliexpresstest.New()
	s.Mux.Handle("/aliexpress/", http.StripPrefix("/aliexpress", ae.Mux))
	fmt.Println("listening", s.URL)
	for _, kv := range append(aliexpresstest.Env(s.URL+"/aliexpress"), s.Env()...) {
		fmt.Println(kv)
	}
	log.Fatal(http.Serve(ln, s))
}

// settlements writes a seller's settlement reports as JSON, each with its flat file's text.
func settlements(w http.ResponseWriter, world *sellerdata.World, seller string) {
	type file struct {
		ReportID      string `json:"reportId"`
		MarketplaceID string `json:"marketplaceId"`
		Content       string `json:"content"`
	}
	out := []file{}
	for _, s := range world.Scheduled(seller) {
		for _, m := range s.MarketplaceIDs {
			r, err := world.Content(seller, s.ReportType, []string{m}, s.DataStartTime, s.DataEndTime)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			b, err := io.ReadAll(r)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			out = append(out, file{ReportID: s.ReportID, MarketplaceID: m, Content: string(b)})
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(out)
}

// count is a control request's n, 1 when absent or unreadable.
func count(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("n"))
	if err != nil || n < 1 {
		return 1
	}
	return n
}
