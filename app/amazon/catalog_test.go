package amazon_test

import (
	"errors"
	"maps"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
)

// The parents of the simulated seller's ASINs come back as the world has them, through real HTTP, in calls of at
// most 20 identifiers, with the query Amazon documents; a 429 with x-amzn-RateLimit-Limit is waited out and retried.
func TestASINParentsFromTheCatalog(t *testing.T) {
	s := amazontest.Start(t)
	world := sellerdata.New(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC))
	s.Catalog = world.Parents
	sp := reportsClient(s)
	sp.HTTP.Sleep = amazon.NewHTTP(0).Sleep
	sp.HTTP.BaseDelay, sp.HTTP.MaxDelay = 10*time.Millisecond, 10*time.Millisecond
	rt := s.IssueRefreshToken(amazontest.DefaultSeller)

	truth := world.ParentsOf(amazontest.DefaultSeller)
	asins := slices.Sorted(maps.Keys(truth))
	got := map[string]string{}
	for batch := range slices.Chunk(asins, amazon.MaxCatalogIdentifiers) {
		parents, err := sp.ASINParents(t.Context(), s.URL, rt, us, batch)
		if err != nil {
			t.Fatal(err)
		}
		maps.Copy(got, parents)
	}
	if !maps.Equal(got, truth) {
		t.Fatalf("parents %v, want %v", got, truth)
	}
	families, standalone := map[string]int{}, 0
	for _, p := range truth {
		if p == "" {
			standalone++
		} else {
			families[p]++
		}
	}
	if standalone == 0 || len(families) == 0 || slices.Max(slices.Collect(maps.Values(families))) < 2 {
		t.Fatalf("the world should have standalone products (%d) and families of several colours (%v)", standalone, families)
	}
	calls := s.RequestsTo("/catalog/2022-04-01/items")
	if len(calls) != (len(asins)+19)/20 {
		t.Fatalf("%d calls for %d ASINs", len(calls), len(asins))
	}
	q := calls[0].Query
	if q.Get("identifiersType") != "ASIN" || q.Get("marketplaceIds") != us || q.Get("includedData") != amazon.CatalogIncludedData ||
		len(strings.Split(q.Get("identifiers"), ",")) != 20 {
		t.Fatalf("query %v", q)
	}

	// Throttled: Amazon says 2 a second; the retry waits for the bucket's next token and succeeds.
	s.SetRateLimit("searchCatalogItems", 2)
	s.Throttle("searchCatalogItems", 1)
	before := len(s.RequestsTo("/catalog/2022-04-01/items"))
	began := time.Now()
	parents, err := sp.ASINParents(t.Context(), s.URL, rt, us, asins[:3])
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(began)
	if n := len(s.RequestsTo("/catalog/2022-04-01/items")) - before; n != 2 || took < 450*time.Millisecond || took > 3*time.Second {
		t.Fatalf("%d calls in %v after a 429", n, took)
	}
	for _, a := range asins[:3] {
		if parents[a] != truth[a] {
			t.Fatalf("after the 429, %s's parent %q, want %q", a, parents[a], truth[a])
		}
	}

	// An ASIN the catalogue does not know is left out; more than 20 are refused before any call.
	if parents, err := sp.ASINParents(t.Context(), s.URL, rt, us, []string{"B0UNKNOWN0"}); err != nil || len(parents) != 0 {
		t.Fatalf("unknown ASIN: %v %v", parents, err)
	}
	if _, err := sp.ASINParents(t.Context(), s.URL, rt, us, asins[:21]); err == nil {
		t.Fatal("21 identifiers accepted")
	}
}

// The stand-in refuses what Amazon refuses: two marketplaces in one search, or no access token.
func TestCatalogStandInRefusals(t *testing.T) {
	s := amazontest.Start(t)
	sp := reportsClient(s)
	rt := s.IssueRefreshToken(amazontest.DefaultSeller)
	_, err := sp.ASINParents(t.Context(), s.URL, rt, us+",A2EUQ1WTGCTBG2", []string{"B0ABCDEFGH"})
	var ae *amazon.APIError
	if !errors.As(err, &ae) || ae.Status != http.StatusBadRequest || ae.Errors[0].Code != "InvalidInput" {
		t.Fatalf("two marketplaces: %v", err)
	}
	res, err := http.Get(s.URL + "/catalog/2022-04-01/items?identifiersType=ASIN&identifiers=B0ABCDEFGH&marketplaceIds=" + us)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Fatalf("no token: HTTP %d", res.StatusCode)
	}
}

// 生成本地产品's names, pictures and measures come from the same calls: a child's summary, MAIN picture (the
// widest) and package size in the stand-in's inches and pounds for the US, centimetres and kilograms for Japan,
// both converted to cm and kg; a parent has a name and no size.
func TestCatalogDetailsFromTheCatalog(t *testing.T) {
	s := amazontest.Start(t)
	world := sellerdata.New(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC))
	s.Catalog, s.Items = world.Parents, world.Item
	sp := reportsClient(s)
	for _, c := range []struct{ seller, market string }{{amazontest.DefaultSeller, us}, {amazontest.JapanSeller, "A1VC38T7YXB528"}} {
		rt := s.IssueRefreshToken(c.seller)
		truth := world.ParentsOf(c.seller)
		var child, parent string
		for a, p := range truth {
			if p != "" {
				child, parent = a, p
				break
			}
		}
		items, err := sp.SearchCatalogItems(t.Context(), s.URL, rt, c.market, []string{child, parent})
		if err != nil {
			t.Fatal(err)
		}
		if len(items) != 2 {
			t.Fatalf("%d items", len(items))
		}
		want, _ := world.Item(c.seller, c.market, child)
		for _, it := range items {
			d := it.DetailsIn(c.market)
			if it.ASIN == parent {
				if d.Title == "" || d.Weight.Valid || d.Length.Valid {
					t.Fatalf("parent %s: %+v", parent, d)
				}
				continue
			}
			if d.Title != want.Title || d.Brand != want.Brand || d.Image != s.URL+"/images/I/"+child+".png" {
				t.Fatalf("child %s: %+v, want %+v", child, d, want)
			}
			// Inches to cm loses at most the rounding of 2 decimals of an inch.
			cm, _ := d.Length.Decimal.Float64()
			kg, _ := d.Weight.Decimal.Float64()
			if math.Abs(cm-float64(want.Long)/10) > 0.02 || math.Abs(kg-float64(want.Grams)/1000) > 0.005 {
				t.Fatalf("child %s measures %v cm %v kg, want %d mm %d g", child, cm, kg, want.Long, want.Grams)
			}
		}
	}
	resp, err := http.Get(s.URL + "/images/I/B0ABCDEFGH.png")
	if err != nil || resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("picture: %v %v", err, resp)
	}
	resp.Body.Close()
}
