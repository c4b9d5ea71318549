package datasync_test

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/core"
	"sellerhub/app/datasync"
	"sellerhub/app/jobs"
	"sellerhub/models"
	accountsdb "sellerhub/models/accounts"
	amazondatadb "sellerhub/models/amazondata"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// An uploaded orders file whose import is stopped part way (a deploy, a crash) is imported again from its start
// by the next instance's worker: the batches already written are read again and change nothing, the rest is
// written, and the orders, their items and the sales summary are complete and not doubled. On SQLite and
// PostgreSQL.
func TestUploadResumesAfterTheWorkerStops(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz, _ := world(t, kind)
			c := h.SignedIn("13900000066", "上传公司")
			seller := authorise(t, h, amz, c, amazontest.DefaultSeller, "NA", "北美店")
			// The store's data comes from uploads alone: without a refresh token its syncs end without a run.
			if err := h.DB.Model(&storesdb.Seller{}).Where("id = ?", seller).Update("refresh_token", "").Error; err != nil {
				t.Fatal(err)
			}
			owner, err := accountsdb.UserByAccount(h.DB, "13900000066")
			if err != nil {
				t.Fatal(err)
			}
			p := core.Principal{UserID: owner.ID, CompanyID: owner.CompanyID}
			const orders = 40000 // two lines each: 16 batches, seconds of import
			file, truth := uploadOrders(orders)
			run, err := h.Svc.DataSync.UploadReport(context.Background(), p, datasync.Upload{
				SellerID: strconv.FormatInt(seller, 10), Kind: "orders", FileName: "orders.txt", File: bytes.NewReader(file)})
			if err != nil {
				t.Fatal(err)
			}

			h.StartWorkers(t)
			items := func() int64 {
				var n int64
				if err := h.DB.Model(&amazondatadb.AmazonOrderItem{}).Where("seller_id = ?", seller).Count(&n).Error; err != nil {
					t.Fatal(err)
				}
				return n
			}
			until(t, h, "the upload's first batches imported", func() bool { return items() > 0 })
			stop, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			_ = h.Jobs.Stop(stop)
			cancel()
			stopped, err := datasyncdb.SyncRunByID(h.DB, owner.CompanyID, run.ID)
			if err != nil {
				t.Fatal(err)
			}
			if n := items(); n == 0 || n >= truth.Items || stopped.Status != datasyncdb.SyncRunning {
				t.Fatalf("stopped with %d of %d items imported, run %s: not part way", n, truth.Items, stopped.Status)
			}

			// Another instance's workers take the job over.
			q, err := jobs.New(h.DB, jobs.Config{Work: true, PollInterval: 50 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			h.Svc.DataSync.Register(q)
			if err := q.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				_ = q.Stop(ctx)
			})
			var done *datasyncdb.SyncRun
			until(t, h, "the upload's run done", func() bool {
				done, err = datasyncdb.SyncRunByID(h.DB, owner.CompanyID, run.ID)
				if err != nil {
					t.Fatal(err)
				}
				if done.Status == datasyncdb.SyncFailed {
					t.Fatalf("the resumed upload failed: %s\n%s", done.Error, h.Log.String())
				}
				return done.Status == datasyncdb.SyncDone
			})
			if done.Lines != 2*orders {
				t.Fatalf("the resumed run read %d lines of %d", done.Lines, 2*orders)
			}
			got, err := amazondatadb.AmazonOrderTotalsOfSeller(h.DB, owner.CompanyID, seller)
			if err != nil {
				t.Fatal(err)
			}
			if got.Orders != truth.Orders || got.Items != truth.Items || got.Quantity != truth.Quantity || !got.ItemPrice.Equal(truth.ItemPrice.Decimal) {
				t.Fatalf("imported %+v, the file has %+v", got, truth)
			}
			// The sales summary counts each order and unit once, the batches read twice included.
			var sums struct{ Units, Orders int64 }
			if err := h.DB.Table("sales_order_days").Where("seller_id = ?", seller).
				Select("COALESCE(SUM(units), 0) AS units, COALESCE(SUM(orders), 0) AS orders").Scan(&sums).Error; err != nil {
				t.Fatal(err)
			}
			if sums.Units != truth.Quantity || sums.Orders != truth.Orders {
				t.Fatalf("the sales summary has %d units in %d orders; the file %d in %d", sums.Units, sums.Orders, truth.Quantity, truth.Orders)
			}
			var runs int64
			h.DB.Model(&datasyncdb.SyncRun{}).Where("seller_id = ?", seller).Count(&runs)
			if runs != 1 {
				t.Fatalf("%d runs: the stopped upload was not resumed but started again", runs)
			}
		})
	}
}

// uploadOrders is an orders report of n orders of two SKUs each, over 30 days in date order, none cancelled, and
// what it adds up to.
func uploadOrders(n int) ([]byte, amazondatadb.AmazonOrderTotals) {
	var b bytes.Buffer
	b.WriteString("amazon-order-id\tmerchant-order-id\tpurchase-date\tlast-updated-date\torder-status\tfulfillment-channel\t" +
		"sales-channel\tproduct-name\tsku\tasin\titem-status\tquantity\tcurrency\titem-price\n")
	start := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	truth := amazondatadb.AmazonOrderTotals{Orders: int64(n), Items: int64(2 * n)}
	var cents int64
	for i := range n {
		at := start.Add(30 * 24 * time.Hour / time.Duration(n) * time.Duration(i)).Format(time.RFC3339)
		for s := range 2 {
			sku, qty := (i+s)%40, 1+(i+s)%3
			price := int64(999+sku*100) * int64(qty)
			fmt.Fprintf(&b, "111-%07d-%07d\t\t%s\t%s\tShipped\tAmazon\tAmazon.com\t商品 %02d\tUP-SKU-%02d\tB0UP%06d\tShipped\t%d\tUSD\t%d.%02d\n",
				i/1000, i, at, at, sku, sku, sku, qty, price/100, price%100)
			truth.Quantity += int64(qty)
			cents += price
		}
	}
	truth.ItemPrice = models.MoneyFromUnits(cents * 100)
	return b.Bytes(), truth
}
