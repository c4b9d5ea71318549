package amazondata_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"sellerhub/app/amazondata"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
	"sellerhub/models/dbtest"
)

// trafficDoc is a day's sales and traffic document of n child ASINs; ASIN bad (-1: none) has a negative Buy Box
// percentage, which no line may have; shift changes every figure, as a later report of the day does.
func trafficDoc(day string, n, bad, shift int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"reportSpecification":{"reportType":"GET_SALES_AND_TRAFFIC_REPORT","dataStartTime":"%s","dataEndTime":"%s"},`+
		`"salesAndTrafficByDate":[],"salesAndTrafficByAsin":[`, day, day)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		buyBox := "95.5"
		if i == bad {
			buyBox = "-1"
		}
		fmt.Fprintf(&b, `{"parentAsin":"B1%08d","childAsin":"B0%08d","sku":"SKU-%d","salesByAsin":{"unitsOrdered":%d,`+
			`"totalOrderItems":%d,"orderedProductSales":{"amount":%d.50,"currencyCode":"USD"}},"trafficByAsin":{"sessions":%d,`+
			`"browserSessions":%d,"pageViews":%d,"buyBoxPercentage":%s,"unitSessionPercentage":12.5}}`,
			i/10, i, i, i%7+shift, i%7+shift, i%100+shift, i%400+10+shift, i%200+shift, i%900+20+shift, buyBox)
	}
	b.WriteString(`]}`)
	return b.String()
}

func importTraffic(t *testing.T, w world, doc string) (amazondata.Result, error) {
	t.Helper()
	r, err := amazondata.OpenReport(amazondata.SalesTraffic, strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	st := w.store
	st.MarketplaceID = "ATVPDKIKX0DER"
	return w.svc.Import(context.Background(), amazondata.SalesTraffic, st, r, nil)
}

// trafficStored is how many rows the store has of the day and their sessions summed.
func trafficStored(t *testing.T, db *models.DB, w world, day string) (rows, sessions int64) {
	t.Helper()
	var got struct{ Rows, Sessions int64 }
	err := db.Model(&amazondatadb.TrafficDay{}).Select("COUNT(*) AS rows, COALESCE(SUM(sessions), 0) AS sessions").
		Where("seller_id = ? AND day = ?", w.store.SellerID, day).Scan(&got).Error
	if err != nil {
		t.Fatal(err)
	}
	return got.Rows, got.Sessions
}

// A document of several batches, read while the batches before are written, is stored whole and alike on both
// databases; the same document again writes nothing; a later one of the day replaces every figure.
func TestTrafficImportOfSeveralBatches(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		n := 2*amazondata.BatchLines + 7
		wantSessions := func(shift int) (s int64) {
			for i := range n {
				s += int64(i%400 + 10 + shift)
			}
			return s
		}
		res, err := importTraffic(t, w, trafficDoc("2026-06-01", n, -1, 0))
		if err != nil || res.Lines != n || res.Written != n {
			t.Fatalf("first import: %+v, %v", res, err)
		}
		if rows, sessions := trafficStored(t, db, w, "2026-06-01"); rows != int64(n) || sessions != wantSessions(0) {
			t.Fatalf("stored %d rows, %d sessions; want %d, %d", rows, sessions, n, wantSessions(0))
		}
		res, err = importTraffic(t, w, trafficDoc("2026-06-01", n, -1, 0))
		if err != nil || res.Lines != n || res.Written != 0 {
			t.Fatalf("same document again: %+v, %v", res, err)
		}
		res, err = importTraffic(t, w, trafficDoc("2026-06-01", n, -1, 3))
		if err != nil || res.Written != n {
			t.Fatalf("the day's later report: %+v, %v", res, err)
		}
		if rows, sessions := trafficStored(t, db, w, "2026-06-01"); rows != int64(n) || sessions != wantSessions(3) {
			t.Fatalf("after the later report %d rows, %d sessions; want %d, %d", rows, sessions, n, wantSessions(3))
		}
	})
}

// A line that cannot be read stops the import at its line, on both databases: a document of one batch writes
// nothing; in a document of several, the batches before the line's stay written (each is its own transaction, as
// the import promises) and nothing of the line's batch or after it is; the document mended then completes the day.
func TestTrafficImportStopsAtABadLine(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *models.DB) {
		w := newWorld(t, db)
		_, err := importTraffic(t, w, trafficDoc("2026-06-02", 50, 20, 0))
		expectLineError(t, err, 22, "buyBoxPercentage")
		if rows, _ := trafficStored(t, db, w, "2026-06-02"); rows != 0 {
			t.Fatalf("a refused document of one batch wrote %d rows", rows)
		}

		n, bad := 3*amazondata.BatchLines, amazondata.BatchLines+amazondata.BatchLines/2
		_, err = importTraffic(t, w, trafficDoc("2026-06-03", n, bad, 0))
		expectLineError(t, err, bad+2, "buyBoxPercentage")
		if rows, _ := trafficStored(t, db, w, "2026-06-03"); rows != int64(amazondata.BatchLines) {
			t.Fatalf("a document refused in its second batch left %d rows, want the first batch's %d", rows, amazondata.BatchLines)
		}
		var beyond int64
		db.Model(&amazondatadb.TrafficDay{}).Where("seller_id = ? AND day = ? AND child_asin >= ?", w.store.SellerID,
			"2026-06-03", fmt.Sprintf("B0%08d", amazondata.BatchLines)).Count(&beyond)
		if beyond != 0 {
			t.Fatalf("%d rows of the refused batch or after it were written", beyond)
		}
		res, err := importTraffic(t, w, trafficDoc("2026-06-03", n, -1, 0))
		if err != nil || res.Written != n-amazondata.BatchLines {
			t.Fatalf("the mended document: %+v, %v", res, err)
		}
	})
}
