package datasync_test

import (
	"math"
	"net/http"
	"testing"
	"time"

	"sellerhub/app/amazon/amazontest"
	"sellerhub/app/amazon/amazontest/sellerdata"
	"sellerhub/app/amazondata"
	"sellerhub/app/apptest"
	amazondatadb "sellerhub/models/amazondata"
	datasyncdb "sellerhub/models/datasync"
	"sellerhub/models/dbtest"
	storesdb "sellerhub/models/stores"
)

// storageKey is a month's charges of one currency: monthly fees or aged surcharges.
type storageKey struct{ month, currency string }

// storageSums are the lines and the amounts (Money's units) per month and currency.
type storageSums struct {
	feeLines, agedLines int
	fees, aged          map[storageKey]int64
}

func newStorageSums() storageSums {
	return storageSums{fees: map[storageKey]int64{}, aged: map[storageKey]int64{}}
}

// minorScale turns a currency's minor units into Money's ten-thousandths.
func minorScale(currency string) int64 {
	if currency == "JPY" {
		return 10000
	}
	return 100
}

// planningTotals sum what matters of the planning lines.
type planningTotals struct {
	Lines, Available, Aged, Excess int
	StorageNextMonth               int64
}

// checkReservedAndStranded: the reserved and stranded reports came in the planning kind's run: each SKU's reserved
// split is the world's, and 滞留库存 lists exactly the world's stranded SKUs with Amazon's reason and units.
func checkReservedAndStranded(t *testing.T, h *apptest.Harness, c *apptest.Client, w *sellerdata.World, companyID, sellerID int64, seller string) {
	t.Helper()
	reserved, err := amazondatadb.ReservedOfSeller(h.DB, companyID, sellerID)
	if err != nil {
		t.Fatal(err)
	}
	gotSplit := map[string][3]int{}
	for _, r := range reserved {
		if r.ReservedQty != r.CustomerOrders+r.FCTransfers+r.FCProcessing {
			t.Fatalf("reserved line %+v does not add up", r)
		}
		gotSplit[r.MarketplaceID+" "+r.SKU] = [3]int{r.CustomerOrders, r.FCTransfers, r.FCProcessing}
	}
	wantSplit, wantStranded := map[string][3]int{}, map[string]sellerdata.StrandedLine{}
	for _, m := range w.Marketplaces(seller) {
		for _, l := range w.InventoryPlanning(seller, m) {
			wantSplit[m+" "+l.SKU] = l.ReservedSplit
		}
		for _, l := range w.Stranded(seller, m) {
			wantStranded[m+" "+l.SKU] = l
		}
	}
	if len(gotSplit) != len(wantSplit) || len(wantStranded) == 0 {
		t.Fatalf("reserved synced %v, the world has %v (%d stranded)", gotSplit, wantSplit, len(wantStranded))
	}
	for k, v := range wantSplit {
		if gotSplit[k] != v {
			t.Fatalf("reserved %s: %v, the world has %v", k, gotSplit[k], v)
		}
	}
	var page struct {
		Records []struct {
			SKU, MarketplaceID, StrandedReason, StrandedReasonName, StrandedSince, AutoRemovalDate string
			StrandedQuantity, ReservedCustomerOrders, ReservedFcTransfers, ReservedFcProcessing    int
		}
		Total int
	}
	env := c.Call(http.MethodPost, "/amazon/api/v1/planning/page", map[string]any{"currentpage": 1, "pagesize": 100, "view": "stranded"})
	apptest.ExpectOK(t, env)
	env.Into(t, &page)
	if page.Total != len(wantStranded) || len(page.Records) != page.Total {
		t.Fatalf("stranded view %+v, the world has %v", page, wantStranded)
	}
	for _, r := range page.Records {
		k := r.MarketplaceID + " " + r.SKU
		want, ok := wantStranded[k]
		split := wantSplit[k]
		if !ok || r.StrandedReason != want.Reason || r.StrandedReasonName != "商品已下架（Listing closed）" ||
			r.StrandedQuantity != want.Fulfillable+want.Unfulfillable || r.StrandedSince != want.Stranded[:10] ||
			r.AutoRemovalDate != want.AutoRemoval[:10] || [3]int{r.ReservedCustomerOrders, r.ReservedFcTransfers, r.ReservedFcProcessing} != split {
			t.Fatalf("stranded line %+v, the world's %+v reserved %v", r, want, split)
		}
	}
}

func planningSums(t *testing.T, h *apptest.Harness, companyID, sellerID int64) planningTotals {
	t.Helper()
	lines, err := amazondatadb.PlanningOfSeller(h.DB, companyID, sellerID)
	if err != nil {
		t.Fatal(err)
	}
	var s planningTotals
	for _, l := range lines {
		s.Lines++
		s.Available += l.Available
		s.Aged += l.Age181To270 + l.Age271To365 + l.Age365Plus
		s.Excess += l.ExcessQuantity
		s.StorageNextMonth += l.StorageCostNextMonth.Units()
	}
	return s
}

// checkPlanning: 库存规划 holds the world's planning lines; its views find exactly the SKUs with units past 180 days
// and those at risk of the low-inventory-level fee (both historical days of supply under 28); a view it does not
// have is refused.
func checkPlanning(t *testing.T, h *apptest.Harness, c *apptest.Client, w *sellerdata.World, companyID, sellerID int64, seller string) planningTotals {
	t.Helper()
	got := planningSums(t, h, companyID, sellerID)
	var want planningTotals
	wantAged, wantLow := map[string]bool{}, map[string]bool{}
	for _, m := range w.Marketplaces(seller) {
		for _, l := range w.InventoryPlanning(seller, m) {
			want.Lines++
			want.Available += l.Available
			want.Aged += l.Age[2] + l.Age[3] + l.Age[4]
			want.Excess += l.Excess
			want.StorageNextMonth += l.StorageNextMonth * minorScale(l.Currency)
			if l.Age[2]+l.Age[3]+l.Age[4] > 0 {
				wantAged[m+" "+l.SKU] = true
			}
			if l.Shipped[1] > 0 && l.ShortHDOS < 2800 && l.LongHDOS < 2800 {
				wantLow[m+" "+l.SKU] = true
			}
		}
	}
	if got != want || want.Aged == 0 || want.Excess == 0 {
		t.Fatalf("planning synced %+v, the world has %+v", got, want)
	}
	if len(wantLow) == 0 || len(wantLow) == want.Lines {
		t.Fatalf("the world's low-inventory SKUs prove nothing: %v of %d", wantLow, want.Lines)
	}
	for view, wantSKUs := range map[string]map[string]bool{"aged": wantAged, "low": wantLow} {
		var page struct {
			Records []struct {
				SKU, MarketplaceID, LowInventoryRiskName string
				LowInventoryRisk                         bool
			}
			Total int
		}
		env := c.Call(http.MethodPost, "/amazon/api/v1/planning/page", map[string]any{"currentpage": 1, "pagesize": 100, "view": view})
		apptest.ExpectOK(t, env)
		env.Into(t, &page)
		found := map[string]bool{}
		for _, r := range page.Records {
			found[r.MarketplaceID+" "+r.SKU] = true
			if view == "low" && (!r.LowInventoryRisk || r.LowInventoryRiskName != "有风险") {
				t.Fatalf("low view line %+v", r)
			}
		}
		if len(found) != len(wantSKUs) || page.Total != len(wantSKUs) {
			t.Fatalf("view %s found %v, the world has %v", view, found, wantSKUs)
		}
		for k := range wantSKUs {
			if !found[k] {
				t.Fatalf("view %s missed %s: %v", view, k, found)
			}
		}
	}
	checkReservedAndStranded(t, h, c, w, companyID, sellerID, seller)
	env := c.Call(http.MethodPost, "/amazon/api/v1/planning/page", map[string]any{"currentpage": 1, "pagesize": 20, "view": "old"})
	if env.Code == "00000" || env.Msg != "库存视图只能是全部、超龄库存、冗余库存、低库存风险或滞留库存" {
		t.Fatalf("view old answered %+v", env)
	}
	return got
}

// The European store (two marketplaces, pounds and euros, sizes in centimetres and volumes in cubic metres) syncs
// the monthly storage fees and the aged surcharges from the stand-in: the tables hold exactly the world's lines of
// the months read; 仓储费报告's months sum each currency as the world does and convert it to CNY; a SKU's lines are
// found by the seller SKU the storage report does not carry; bad months are refused; syncing again writes nothing.
func TestSyncStorageFeesFromTheStandIn(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h, amz, w := world(t, kind)
			c := h.SignedIn("13900000086", "仓储费公司")
			sellerID := authorise(t, h, amz, c, amazontest.EuropeSeller, "EU", "欧洲店")
			// The storage kinds, and the stock and listings that name a line's seller SKU; not the rest.
			kinds := []string{string(amazondata.StorageFees), string(amazondata.AgedSurcharges),
				string(amazondata.InventoryPlanning), string(amazondata.Inventory), string(amazondata.Listings)}
			onlyKinds(t, h, kinds)
			var first []datasyncdb.SyncTask
			h.DB.Where("seller_id = ? AND kind IN ?", sellerID, kinds).Find(&first)
			start := h.Clock.Now().UTC().Add(-time.Second)
			h.StartWorkers(t)
			waitTasksDone(t, h, first, start)
			var seller storesdb.Seller
			h.DB.Take(&seller, "id = ?", sellerID)

			got := storedStorage(t, h, seller.CompanyID, sellerID)
			want := newStorageSums()
			var aSKU string
			for _, m := range w.Marketplaces(amazontest.EuropeSeller) {
				from, to := window(t, h, sellerID, string(amazondata.StorageFees))
				for _, l := range w.StorageFees(amazontest.EuropeSeller, m, from, to) {
					want.feeLines++
					want.fees[storageKey{l.Month, l.Currency}] += l.Fee * minorScale(l.Currency)
					aSKU = l.SKU
				}
				from, to = window(t, h, sellerID, string(amazondata.AgedSurcharges))
				for _, l := range w.AgedSurcharges(amazontest.EuropeSeller, m, from, to) {
					want.agedLines++
					want.aged[storageKey{l.SnapshotDate[:7], l.Currency}] += l.Amount * minorScale(l.Currency)
				}
			}
			if got.feeLines != want.feeLines || got.agedLines != want.agedLines || !sameSums(got.fees, want.fees) || !sameSums(got.aged, want.aged) {
				t.Fatalf("synced\n %+v\nthe world has\n %+v", got, want)
			}
			if got.feeLines < 100 || got.agedLines < 4 || len(got.fees) < 4 {
				t.Fatalf("too little synced to prove anything: %+v", got)
			}

			// The months' totals: each currency's sums as the world's, and CNY totals that add up.
			var months []struct {
				Month      string
				Currencies []struct {
					Currency             string
					Storage, Aged, Total float64
				}
				StorageCNY, AgedCNY, TotalCNY float64
			}
			env := c.Call(http.MethodPost, "/amazon/api/v1/storagefees/months", map[string]any{})
			apptest.ExpectOK(t, env)
			env.Into(t, &months)
			seen := map[string]bool{}
			for k := range want.fees {
				seen[k.month] = true
			}
			for k := range want.aged {
				seen[k.month] = true
			}
			if len(months) != len(seen) {
				t.Fatalf("%d months answered, the world charged %d: %+v", len(months), len(seen), months)
			}
			for i, m := range months {
				if i > 0 && months[i-1].Month <= m.Month {
					t.Fatalf("months not latest first: %+v", months)
				}
				for _, cur := range m.Currencies {
					k := storageKey{m.Month, cur.Currency}
					if units(cur.Storage) != want.fees[k] || units(cur.Aged) != want.aged[k] {
						t.Fatalf("%s %s: %+v, the world charged %d and %d", m.Month, cur.Currency, cur, want.fees[k], want.aged[k])
					}
				}
				if m.TotalCNY <= 0 || math.Abs(m.StorageCNY+m.AgedCNY-m.TotalCNY) > 0.011 {
					t.Fatalf("month %s in CNY: %+v", m.Month, m)
				}
			}

			// A seller SKU finds its lines at both of its centres, each with its fee in CNY.
			var page struct {
				Records []struct {
					SKU, FNSKU, Month, FulfillmentCenter, Currency, VolumeUnits string
					Fee, FeeCNY, ItemVolume                                     float64
				}
				Total int
			}
			env = c.Call(http.MethodPost, "/amazon/api/v1/storagefees/page", map[string]any{"currentpage": 1, "pagesize": 100, "keyword": aSKU})
			apptest.ExpectOK(t, env)
			env.Into(t, &page)
			if page.Total == 0 || page.Total%2 != 0 || len(page.Records) != page.Total {
				t.Fatalf("lines of %s: %+v", aSKU, page)
			}
			for _, r := range page.Records {
				if r.SKU != aSKU || r.FeeCNY <= 0 || r.ItemVolume <= 0 || r.VolumeUnits != "cubic meters" {
					t.Fatalf("line %+v of %s", r, aSKU)
				}
			}
			for _, bad := range []struct {
				body map[string]any
				msg  string
			}{{map[string]any{"from": "2026-13"}, "月份格式应为 yyyy-MM"}, {map[string]any{"from": "2026-11", "to": "2026-10"}, "开始月份不能晚于结束月份"}} {
				bad.body["currentpage"], bad.body["pagesize"] = 1, 20
				for _, path := range []string{"storagefees/page", "agedsurcharges/page", "storagefees/months"} {
					env := c.Call(http.MethodPost, "/amazon/api/v1/"+path, bad.body)
					if env.Code == "00000" || env.Msg != bad.msg {
						t.Fatalf("%s %v answered %+v", path, bad.body, env)
					}
				}
			}

			planning := checkPlanning(t, h, c, w, seller.CompanyID, sellerID, amazontest.EuropeSeller)

			// Again, the three kinds by hand: nothing is written.
			waitNoSyncJobs(t, h)
			again := h.Clock.Now().UTC()
			var tasks []datasyncdb.SyncTask
			h.DB.Where("kind IN ?", []string{string(amazondata.StorageFees), string(amazondata.AgedSurcharges),
				string(amazondata.InventoryPlanning)}).Find(&tasks)
			if len(tasks) != 3 {
				t.Fatalf("%d storage tasks", len(tasks))
			}
			for _, task := range tasks {
				apptest.ExpectOK(t, c.Call(http.MethodPost, "/amazon/api/v1/datasync/tasks/"+itoa(task.ID)+"/sync", nil))
			}
			waitTasksDone(t, h, tasks, again)
			if after := storedStorage(t, h, seller.CompanyID, sellerID); after.feeLines != got.feeLines || after.agedLines != got.agedLines ||
				!sameSums(after.fees, got.fees) || !sameSums(after.aged, got.aged) {
				t.Fatalf("after syncing again\n %+v\nbefore\n %+v", after, got)
			}
			if after := planningSums(t, h, seller.CompanyID, sellerID); after != planning {
				t.Fatalf("planning after syncing again %+v, before %+v", after, planning)
			}
			var runs []datasyncdb.SyncRun
			h.DB.Where("started_at >= ?", again).Find(&runs)
			if len(runs) != 3 {
				t.Fatalf("%d runs of the second sync", len(runs))
			}
			for _, r := range runs {
				if r.Status != datasyncdb.SyncDone || r.Written != 0 || r.Lines == 0 {
					t.Errorf("second run of %s: %+v", r.Kind, r)
				}
			}
		})
	}
}

func storedStorage(t *testing.T, h *apptest.Harness, companyID, sellerID int64) storageSums {
	t.Helper()
	s := newStorageSums()
	fees, err := amazondatadb.StorageFeesOfSeller(h.DB, companyID, sellerID)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fees {
		s.feeLines++
		s.fees[storageKey{f.Month, f.Currency}] += f.Fee.Units()
	}
	aged, err := amazondatadb.AgedSurchargesOfSeller(h.DB, companyID, sellerID)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range aged {
		s.agedLines++
		s.aged[storageKey{a.Month, a.Currency}] += a.AmountCharged.Units()
	}
	return s
}

func sameSums(a, b map[storageKey]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// units is an amount the API answered, in Money's ten-thousandths.
func units(v float64) int64 { return int64(math.Round(v * 10000)) }
