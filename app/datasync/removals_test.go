package datasync_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"slices"
	"sort"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	amazondatadb "sellerhub/models/amazondata"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// removalKinds are the two kinds this test syncs: the rest of the first sync's jobs are taken off the queue before
// the workers start, so the test costs the removal reports only.
var removalKinds = []string{string(amazondata.RemovalOrders), string(amazondata.RemovalShipments)}

// onlyKinds deletes the queued sync jobs of every other kind (the authorisation queued them all).
func onlyKinds(t *testing.T, h *apptest.Harness, kinds []string) {
	t.Helper()
	type job struct {
		ID   int64
		Args []byte
	}
	var jobs []job
	args := "args"
	if h.DB.Driver == "sqlite" {
		args = "json(args)" // River's SQLite driver keeps args as JSONB
	}
	if err := h.DB.Table("river_job").Select("id, "+args+" AS args").Where("kind = ?", "datasync").Scan(&jobs).Error; err != nil {
		t.Fatal(err)
	}
	kept := 0
	for _, j := range jobs {
		var a struct{ Kind string }
		if err := json.Unmarshal(j.Args, &a); err != nil {
			t.Fatal(err)
		}
		if slices.Contains(kinds, a.Kind) {
			kept++
			continue
		}
		if err := h.DB.Exec("DELETE FROM river_job WHERE id = ?", j.ID).Error; err != nil {
			t.Fatal(err)
		}
	}
	if kept != len(kinds) {
		t.Fatalf("%d of the %d kinds' jobs queued", kept, len(kinds))
	}
}

// The Japanese store (one marketplace, yen, its files in Windows-31J with Japanese carriers' names) syncs only the
// two removal reports from the stand-in: the tables hold exactly the world's lines, 移除订单 lists each order once
// with its lines' sums (latest request first), filters by type, status, SKU and request days, opens an order to
// its lines and packages; bad days are refused in the neighbours' words; syncing again writes nothing.
func TestSyncRemovalsFromTheStandIn(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz, w := world(t, kind)
			c := h.SignedIn("13900000116", "移除订单公司")
			sellerID := authorise(t, h, amz, c, amazontest.JapanSeller, "FE", "日本店")
			onlyKinds(t, h, removalKinds)
			start := h.Clock.Now().UTC().Add(-time.Second)
			var tasks []datasyncdb.SyncTask
			h.DB.Where("seller_id = ? AND kind IN ?", sellerID, removalKinds).Find(&tasks)
			if len(tasks) != 2 {
				t.Fatalf("%d removal tasks", len(tasks))
			}
			h.StartWorkers(t)
			waitTasksDone(t, h, tasks, start)
			var seller storesdb.Seller
			h.DB.Take(&seller, "id = ?", sellerID)

			// The lines stored are the world's, field by field.
			m := w.Marketplaces(amazontest.JapanSeller)[0]
			var want, got []string
			from, to := window(t, h, sellerID, string(amazondata.RemovalOrders))
			orders := map[string]int64{} // fee per order, yen
			types := map[string]string{}
			for _, l := range w.RemovalOrders(amazontest.JapanSeller, m, from, to) {
				want = append(want, fmt.Sprintf("%s %s %s %s %s %s %d %d %d %d %d %d %s", l.OrderID, l.Type, l.Status, l.SKU, l.FNSKU,
					l.Disposition, l.Requested, l.Cancelled, l.Disposed, l.Shipped, l.InProcess, l.Fee, l.RequestDate.UTC().Format(time.RFC3339)))
				orders[l.OrderID] += l.Fee
				types[l.OrderID] = l.Type
			}
			items, err := amazondatadb.RemovalItemsOfSeller(h.DB, seller.CompanyID, sellerID)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range items {
				got = append(got, fmt.Sprintf("%s %s %s %s %s %s %d %d %d %d %d %d %s", l.OrderID, l.OrderType, l.OrderStatus, l.SKU, l.FNSKU,
					l.Disposition, l.RequestedQuantity, l.CancelledQuantity, l.DisposedQuantity, l.ShippedQuantity, l.InProcessQuantity,
					l.RemovalFee.Units()/10000, l.RequestDate.UTC().Format(time.RFC3339)))
			}
			sort.Strings(want)
			sort.Strings(got)
			if !slices.Equal(got, want) || len(orders) != 5 || len(want) != 6 {
				t.Fatalf("order lines synced\n %v\nthe world has\n %v", got, want)
			}
			from, to = window(t, h, sellerID, string(amazondata.RemovalShipments))
			want, got = nil, nil
			carriers := map[string]bool{}
			for _, l := range w.RemovalShipments(amazontest.JapanSeller, m, from, to) {
				want = append(want, fmt.Sprintf("%s %s %s %d %s %s %s", l.OrderID, l.ShipmentDate.UTC().Format(time.RFC3339), l.SKU,
					l.Shipped, l.Carrier, l.TrackingNumber, l.OrderType))
				carriers[l.Carrier] = true
			}
			shipments, err := amazondatadb.RemovalShipmentsOfSeller(h.DB, seller.CompanyID, sellerID)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range shipments {
				got = append(got, fmt.Sprintf("%s %s %s %d %s %s %s", l.OrderID, l.ShipmentDate.UTC().Format(time.RFC3339), l.SKU,
					l.ShippedQuantity, l.Carrier, l.TrackingNumber, l.RemovalOrderType))
			}
			sort.Strings(want)
			sort.Strings(got)
			if !slices.Equal(got, want) || len(want) != 4 || !carriers["ヤマト運輸"] {
				t.Fatalf("packages synced\n %v\nthe world has\n %v", got, want)
			}

			// 移除订单: each order once, latest request first, its fee the sum of its lines'.
			type order struct {
				ID, OrderID, OrderType, OrderTypeName, OrderStatusName, RequestDate, Currency, Outcome, SKUs string
				RemovalFee                                                                                   float64
				LineCount, RequestedQuantity, ShippedQuantity, Packages                                      int
			}
			var page struct {
				Records []order
				Total   int
			}
			list := func(body map[string]any) {
				t.Helper()
				body["currentpage"], body["pagesize"] = 1, 50
				page.Records = nil
				env := c.Call(http.MethodPost, "/amazon/api/v1/removals/page", body)
				apptest.ExpectOK(t, env)
				env.Into(t, &page)
			}
			list(map[string]any{})
			if page.Total != len(orders) || len(page.Records) != len(orders) {
				t.Fatalf("orders listed %+v, the world has %v", page, orders)
			}
			var slow order
			for i, r := range page.Records {
				if i > 0 && page.Records[i-1].RequestDate < r.RequestDate {
					t.Fatalf("not the latest request first: %+v", page.Records)
				}
				if int64(r.RemovalFee) != orders[r.OrderID] || r.Currency != "JPY" || r.OrderType != types[r.OrderID] {
					t.Fatalf("order %+v, the world charged %d", r, orders[r.OrderID])
				}
				if r.OrderType == "Return" && r.LineCount == 2 {
					slow = r
				}
			}
			if slow.Packages != 2 || slow.ShippedQuantity != 12 || slow.Outcome != "已退还12件（2个包裹）" || slow.OrderTypeName != "退还" {
				t.Fatalf("the slow product's return %+v", slow)
			}
			list(map[string]any{"orderType": "Disposal"})
			if page.Total != 1 || page.Records[0].OrderStatusName != "已完成" || page.Records[0].Outcome != "已弃置3件" {
				t.Fatalf("disposals %+v", page)
			}
			list(map[string]any{"orderStatus": "Pending"})
			if page.Total != 1 || page.Records[0].Outcome != "已退还2件（1个包裹），处理中3件" {
				t.Fatalf("pending %+v", page)
			}
			list(map[string]any{"orderStatus": "Cancelled", "orderType": "Return"})
			if page.Total != 1 {
				t.Fatalf("cancelled returns %+v", page)
			}
			// A SKU finds the orders with a line of it: the slow product's return and liquidation.
			sku := items[0].SKU
			for _, it := range items {
				if it.OrderID == slow.OrderID {
					sku = it.SKU
				}
			}
			list(map[string]any{"keyword": sku})
			if page.Total != 2 {
				t.Fatalf("orders of %s: %+v", sku, page)
			}
			tz := h.Config.TimeZone
			day := func(daysAgo int) string { return w.Now.In(tz).AddDate(0, 0, -daysAgo).Format(time.DateOnly) }
			list(map[string]any{"from": day(45), "to": day(10)})
			if page.Total != 2 { // the slow product's return (40 days ago) and the disposal (21)
				t.Fatalf("requested 45 to 10 days ago: %+v", page)
			}
			for _, bad := range []struct {
				body map[string]any
				msg  string
			}{
				{map[string]any{"from": "2026/01/01"}, "日期格式应为 yyyy-MM-dd"},
				{map[string]any{"to": "2026-02-30"}, "日期格式应为 yyyy-MM-dd"},
				{map[string]any{"from": "2026-03-02", "to": "2026-03-01"}, "开始日期不能晚于结束日期"},
				{map[string]any{"orderType": "Sale"}, "移除类型只能是退还、弃置或清算"},
			} {
				bad.body["currentpage"], bad.body["pagesize"] = 1, 20
				apptest.Expect(t, c.Call(http.MethodPost, "/amazon/api/v1/removals/page", bad.body), http.StatusBadRequest, "A0400", bad.msg)
			}

			// The return opened: its two lines and three packages, each with carrier and tracking number.
			var detail struct {
				Order     order
				Items     []struct{ SKU, Disposition, Outcome string }
				Shipments []struct {
					ShipmentDate, SKU, Carrier, TrackingNumber string
					ShippedQuantity                            int
				}
			}
			env := c.Call(http.MethodGet, "/amazon/api/v1/removals/"+slow.ID, nil)
			apptest.ExpectOK(t, env)
			env.Into(t, &detail)
			if detail.Order.OrderID != slow.OrderID || len(detail.Items) != 2 || len(detail.Shipments) != 3 {
				t.Fatalf("the return opened: %+v", detail)
			}
			units := 0
			for _, s := range detail.Shipments {
				units += s.ShippedQuantity
				if s.Carrier == "" || s.TrackingNumber == "" || s.ShipmentDate == "" {
					t.Fatalf("package %+v", s)
				}
			}
			if units != 12 {
				t.Fatalf("packages hold %d units: %+v", units, detail.Shipments)
			}
			apptest.Expect(t, c.Call(http.MethodGet, "/amazon/api/v1/removals/1", nil), http.StatusNotFound, "A0404", "移除订单不存在")

			// Another company sees none of it, and cannot open it.
			other := h.SignedIn("13900000117", "别的移除公司")
			env = other.Call(http.MethodPost, "/amazon/api/v1/removals/page", map[string]any{"currentpage": 1, "pagesize": 20})
			apptest.ExpectOK(t, env)
			env.Into(t, &page)
			if page.Total != 0 || len(page.Records) != 0 {
				t.Fatalf("another company sees %+v", page)
			}
			apptest.Expect(t, other.Call(http.MethodGet, "/amazon/api/v1/removals/"+slow.ID, nil), http.StatusNotFound, "A0404", "移除订单不存在")

			// Again, the two kinds by hand and from the first day (the cursor forgotten): every line is read again,
			// nothing is written.
			waitNoSyncJobs(t, h)
			again := h.Clock.Now().UTC()
			if err := h.DB.Model(&datasyncdb.SyncTask{}).Where("seller_id = ? AND kind IN ?", sellerID, removalKinds).
				Update("sync_cursor", nil).Error; err != nil {
				t.Fatal(err)
			}
			for _, task := range tasks {
				apptest.ExpectOK(t, c.Call(http.MethodPost, "/amazon/api/v1/datasync/tasks/"+itoa(task.ID)+"/sync", nil))
			}
			waitTasksDone(t, h, tasks, again)
			var runs []datasyncdb.SyncRun
			h.DB.Where("started_at >= ?", again).Find(&runs)
			if len(runs) != 2 {
				t.Fatalf("%d runs of the second sync", len(runs))
			}
			for _, r := range runs {
				if r.Status != datasyncdb.SyncDone || r.Written != 0 || r.Lines == 0 {
					t.Errorf("second run of %s: %+v", r.Kind, r)
				}
			}
			if after, _ := amazondatadb.RemovalItemsOfSeller(h.DB, seller.CompanyID, sellerID); len(after) != len(items) {
				t.Fatalf("%d lines after syncing again, %d before", len(after), len(items))
			}

			// The packages file downloaded from Seller Central (Windows-31J) and uploaded by hand: the same lines,
			// nothing written.
			content, err := w.Content(amazontest.JapanSeller, "GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA", []string{m}, time.Time{}, w.Now)
			if err != nil {
				t.Fatal(err)
			}
			file, err := io.ReadAll(transform.NewReader(content, japanese.ShiftJIS.NewEncoder()))
			if err != nil {
				t.Fatal(err)
			}
			var body bytes.Buffer
			mw := multipart.NewWriter(&body)
			for k, v := range map[string]string{"sellerid": itoa(sellerID), "kind": string(amazondata.RemovalShipments), "marketplaceid": m} {
				_ = mw.WriteField(k, v)
			}
			fw, _ := mw.CreateFormFile("file", "removal-shipments.txt")
			_, _ = fw.Write(file)
			_ = mw.Close()
			_, raw := c.Raw(http.MethodPost, "/amazon/api/v1/datasync/upload", mw.FormDataContentType(), &body)
			var up apptest.Envelope
			if err := json.Unmarshal(raw, &up); err != nil || up.Code != "201" {
				t.Fatalf("upload: %s", raw)
			}
			var run struct{ ID string }
			up.Into(t, &run)
			deadline := time.Now().Add(syncDeadline)
			for {
				var r datasyncdb.SyncRun
				h.DB.Take(&r, "id = ?", run.ID)
				if r.Status == datasyncdb.SyncDone {
					if r.Lines != 4 || r.Written != 0 {
						t.Fatalf("the uploaded packages: %+v", r)
					}
					break
				}
				if r.Status == datasyncdb.SyncFailed || time.Now().After(deadline) {
					t.Fatalf("the upload's run: %+v", r)
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
}
