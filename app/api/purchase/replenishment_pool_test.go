package purchase_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	"sellerhub/models/dbtest"
)

type poolRow struct {
	GroupID, GroupName, Countries string
	Pooled                        bool
}

type pooledLine struct {
	planLine
	Pool string `json:"pool"`
}

// 泛欧计划: once a store group is marked Pan-EU, its SKU's lines in DE, FR and IT show their pool's dates and their
// share by sales of the pool's shipment and purchase (the UK stays apart), and a line's arithmetic ends with the
// share; unmarked, each marketplace is worked alone again. On both databases.
func TestPanEUGroupsWorkTheirEULinesAsOnePool(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			f, ids := newEUShop(t, h)
			lines := func() map[string]pooledLine {
				t.Helper()
				env := f.c.Call(http.MethodPost, v1+"replenishment/page", map[string]any{"currentpage": 1, "pagesize": 100})
				apptest.ExpectOK(t, env)
				var p page[pooledLine]
				env.Into(t, &p)
				out := map[string]pooledLine{}
				for _, l := range p.Records {
					out[l.Country] = l
				}
				return out
			}
			// Alone, by hand (local 100 shared by rate: DE 1.9 → 50, FR and IT 0.95 → 25 each):
			//   DE: cover floor(20 / 1.9) = 10; buy ceil(1.9 × 96) = 183 − 20 − 50 = 113
			//   FR: buy ceil(0.95 × 96) = 92 − 5 − 25 = 62; IT: 92 − 0 − 25 = 67
			alone := lines()
			if l := alone["DE"]; l.Pool != "" || l.Buy != 113 || l.Ship != 50 || l.StockOutDate != day(h, 10) ||
				alone["FR"].Buy != 62 || alone["IT"].Buy != 67 {
				t.Fatalf("alone %+v", alone)
			}
			env := f.c.Call(http.MethodGet, v1+"replenishment/pools", nil)
			apptest.ExpectOK(t, env)
			var pools []poolRow
			env.Into(t, &pools)
			if len(pools) != 1 || pools[0].GroupName != "欧店" || pools[0].Countries != "DE+FR+IT" || pools[0].Pooled {
				t.Fatalf("pools %+v", pools)
			}
			apptest.ExpectOK(t, f.c.Call(http.MethodPut, v1+"replenishment/pools", map[string]any{"groupId": pools[0].GroupID, "pooled": true}))

			// Pooled (rate 3.8, FBA 25, local 100): cover floor(25 / 3.8) = 6; ship min(308 − 25, 100) = 100;
			// buy ceil(3.8 × 96) = 365 − 25 − 100 = 240; by the 30 days' sales (60, 30, 30): 50/25/25 and 120/60/60.
			pooled := lines()
			for country, want := range map[string][2]int{"DE": {50, 120}, "FR": {25, 60}, "IT": {25, 60}} {
				l := pooled[country]
				if l.Pool != "DE+FR+IT" || l.Ship != want[0] || l.Buy != want[1] || l.StockOutDate != day(h, 6) || l.ShipByDate != day(h, -45) {
					t.Fatalf("pooled %s: %+v", country, l)
				}
			}
			if uk := pooled["UK"]; uk.Pool != "" || uk.FBATotal != 50 {
				t.Fatalf("the UK pooled: %+v", uk)
			}
			de := pooled["DE"]
			env = f.c.Call(http.MethodPost, v1+"replenishment/compute", map[string]any{"id": ids["DE"], "inputs": de.Inputs})
			apptest.ExpectOK(t, env)
			var l pooledLine
			env.Into(t, &l)
			last := l.Steps[len(l.Steps)-1]
			if l.Buy != 120 || l.Ship != 50 || last.Key != "euShare" ||
				last.Formula != "DE+FR+IT 池：建议发货 100、建议采购 240，按本站点30天销量 60 ÷ 池内 120分到本站点" || last.Value != "发货 50 / 采购 120" {
				t.Fatalf("pooled arithmetic %+v, last step %+v", l, last)
			}
			if !strings.Contains(stepOf(l.Steps, "fbaTotal"), "可售 25 ") {
				t.Fatalf("the pool's steps: %+v", l.Steps)
			}

			for _, bad := range []map[string]any{{"groupId": "x", "pooled": true}, {"groupId": "1", "pooled": true}} {
				apptest.Expect(t, f.c.Call(http.MethodPut, v1+"replenishment/pools", bad), 400, "A0400", "请选择有权查看的店铺")
			}
			stranger := h.SignedIn("13700000062", "别家公司")
			apptest.Expect(t, stranger.Call(http.MethodPut, v1+"replenishment/pools", map[string]any{"groupId": pools[0].GroupID, "pooled": false}),
				400, "A0400", "请选择有权查看的店铺")
			apptest.ExpectOK(t, f.c.Call(http.MethodPut, v1+"replenishment/pools", map[string]any{"groupId": pools[0].GroupID, "pooled": false}))
			if again := lines()["DE"]; again.Pool != "" || again.Buy != 113 {
				t.Fatalf("unpooled %+v", again)
			}
		})
	}
}

func stepOf(steps []struct{ Key, Label, Formula, Value string }, key string) string {
	for _, s := range steps {
		if s.Key == key {
			return s.Formula + " = " + s.Value
		}
	}
	return ""
}

// day is today (the harness's clock, in the company's zone) moved by n days, as the plan writes dates.
func day(h *apptest.Harness, n int) string {
	now := h.Clock.Now().In(h.Config.TimeZone)
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, n).Format(time.DateOnly)
}
