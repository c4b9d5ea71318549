package sales_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	storesdb "sellerhub/models/stores"
)

// By 父ASIN (by: parentAsin): lines of the report's shape keyed by the variation parents the sync keeps (an ASIN
// without one by itself), as many units as by ASIN, and the same lines in the export.
func TestSalesReportByParentASIN(t *testing.T) {
	h := apptest.Start(t)
	today := time.Now().UTC().Truncate(24 * time.Hour)
	c := withOrders(t, h, today)
	w := sellerdata.New(today)
	truth := w.ParentsOf(amazontest.DefaultSeller)
	asins := make([]string, 0, len(truth))
	for a := range truth {
		asins = append(asins, a)
	}
	var sl storesdb.Seller
	if err := h.DB.Take(&sl, "selling_partner_id = ?", amazontest.DefaultSeller).Error; err != nil {
		t.Fatal(err)
	}
	st := amazondata.Store{CompanyID: sl.CompanyID, SellerID: sl.ID, GroupID: sl.GroupID, Region: "NA"}
	for _, m := range w.Marketplaces(amazontest.DefaultSeller) {
		if _, err := amazondata.New(h.DB, time.Now).SaveParents(context.Background(), st, m,
			w.Parents(amazontest.DefaultSeller, m, asins)); err != nil {
			t.Fatal(err)
		}
	}
	start, end := today.AddDate(0, 0, -13).Format(time.DateOnly), today.AddDate(0, 0, -1).Format(time.DateOnly)
	q := map[string]any{"by": "parentAsin", "period": "month", "zone": "marketplace", "startDate": start, "endDate": end,
		"pagesize": 100}
	lines := allLines(t, c, q)
	if len(lines) == 0 {
		t.Fatal("no lines")
	}
	parents := map[string]bool{}
	for _, parent := range truth {
		parents[parent] = true
	}
	var units, families int64
	for _, l := range lines {
		if l.Key == "" || l.Currency == "" || l.ID != l.Key+"|"+l.Period+"|"+l.Currency || l.Period == "" || l.Sales < 0 {
			t.Fatalf("line %+v", l)
		}
		if _, sold := truth[l.Key]; !sold && !parents[l.Key] {
			t.Fatalf("line %s is neither a parent nor a standalone ASIN", l.Key)
		}
		if parents[l.Key] {
			families++
		}
		units += l.Units
	}
	q["by"] = "asin"
	var byASIN int64
	for _, l := range allLines(t, c, q) {
		byASIN += l.Units
	}
	if families == 0 || units != byASIN {
		t.Fatalf("%d family lines; %d units by parent, %d by ASIN", families, units, byASIN)
	}
	resp, body := c.Raw(http.MethodGet, amz+"sales/report/export?by=parentAsin&period=month&zone=marketplace&startDate="+
		start+"&endDate="+end, "", nil)
	if resp.StatusCode != http.StatusOK || len(body) == 0 || !strings.Contains(resp.Header.Get("Content-Type"), "sheet") {
		t.Fatalf("export: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

// allLines reads every page of the report q asks for (100 lines at most a page): across a month's end its 13 days
// are two months, with more lines than a page holds.
func allLines(t *testing.T, c *apptest.Client, q map[string]any) []line {
	t.Helper()
	var lines []line
	for n := 1; ; n++ {
		q["currentpage"] = n
		p := report(t, c, "sales/report", q)
		lines = append(lines, p.Records...)
		if len(p.Records) == 0 || int64(len(lines)) >= p.Total {
			if int64(len(lines)) != p.Total {
				t.Fatalf("%d lines read of %d", len(lines), p.Total)
			}
			return lines
		}
	}
}
