package purchase_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"sellerhub/app/apptest"
	catalogdb "sellerhub/models/catalog"
	"sellerhub/models/dbtest"
	shippingdb "sellerhub/models/shipping"
)

type planMethod struct {
	Channel, Mode, ShipByDate, UnitFreight, Freight, Formula string
	Days, Ship, Buy                                          int
	OnTime, Recommended                                      bool
}

type planBridge struct {
	Fast, Slow, Freight, AllFast, Saving, Formula string
	FastUnits, SlowUnits                          int
}

// A line's arithmetic works the shipment out for each channel of 物流跟踪 by hand's numbers: its days in place of
// 头程, its freight on the product's weight or volume; the cheapest channel in time is recommended, and the sea
// channel that is too late alone is bridged by air. Without a weight, the kg channels cannot be priced.
func TestReplenishmentWorksOutEachChannel(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, apptest.WithDatabase(kind))
			s := newShop(t, h)
			must(t, h.DB.Model(&catalogdb.LocalProduct{}).Where("id = ?", s.aID).Updates(map[string]any{"weight": "0.5",
				"length": "30", "width": "20", "height": "15"}).Error)
			carrier := &shippingdb.FreightCarrier{CompanyID: s.companyID, Name: "顺丰国际", CreatedAt: time.Now(), UpdatedAt: time.Now()}
			must(t, h.DB.Create(carrier).Error)
			for _, ch := range []struct {
				name, mode, basis, price string
				days                     int
			}{{"美森快船", "sea", "kg", "12", 25}, {"空派", "air", "kg", "38", 10}, {"DHL", "express", "kg", "55", 5},
				{"整柜海运", "sea", "cbm", "1500", 30}} {
				must(t, h.DB.Create(&shippingdb.FreightChannel{CompanyID: s.companyID, CarrierID: carrier.ID, Name: ch.name,
					Mode: ch.mode, Days: ch.days, Basis: ch.basis, UnitPrice: dbtest.Dec(ch.price).Decimal, CreatedAt: time.Now(),
					UpdatedAt: time.Now()}).Error)
			}
			l := s.lines(t, s.c, map[string]any{})[0]
			in := l.Inputs
			in.SafetyDays = 0
			got := s.computeMethods(t, l.ID, in)
			// By hand (rate 2.6527, FBA 55, cover 20 days, local 40, ordered 60; receiving 7, safety 0, cycle 30,
			// production 15), for a channel of d days: ship by = day 20 − d − 7; ship need = ceil(2.6527 × (d + 37));
			// buy need = ceil(2.6527 × (d + 52)); ship = min(need − 55, 40); buy = need − 55 − 40 − 60.
			//   美森快船 25 d: by day −12, need ceil(164.47) = 165 → 40; buy ceil(204.26) = 205 → 50; 0.5 kg × 12 = 6.00
			//   空派 10 d: by day 3, need 125 → 40; buy 165 → 10; 0.5 × 38 = 19.00
			//   DHL 5 d: by day 8, need 112 → 40; buy 152 → 0; 0.5 × 55 = 27.50
			//   整柜海运 30 d: by day −17, need 178 → 40; buy ceil(217.52) = 218 → 63; 0.009 m³ × 1500 = 13.50
			want := []string{
				fmt.Sprintf("DHL 快递 5 %s true 40 0 27.50 1100.00 false", s.day(8)),
				fmt.Sprintf("空派 空运 10 %s true 40 10 19.00 760.00 true", s.day(3)),
				fmt.Sprintf("美森快船 海运 25 %s false 40 50 6.00 240.00 false", s.day(-12)),
				fmt.Sprintf("整柜海运 海运 30 %s false 40 63 13.50 540.00 false", s.day(-17)),
			}
			if g := methodTexts(got.Methods); strings.Join(g, "|") != strings.Join(want, "|") {
				t.Fatalf("methods\n%s\nwant\n%s", strings.Join(g, "\n"), strings.Join(want, "\n"))
			}
			if f := got.Methods[2].Formula; f != "单件 0.5kg × ¥12.00/kg = ¥6.00；40件 × ¥6.00 = ¥240.00" {
				t.Fatalf("formula %q", f)
			}
			// The bridge: 美森快船 arrives on day 32, 12 days after the stock runs out: ceil(2.6527 × 12) = 32 by
			// 空派, the 8 left of the local 40 by sea: 32 × 19 + 8 × 6 = 656.00 against 40 × 19 = 760.00.
			b := got.Bridge
			if b == nil || b.Fast != "空派" || b.Slow != "美森快船" || b.FastUnits != 32 || b.SlowUnits != 8 ||
				b.Freight != "656.00" || b.AllFast != "760.00" || b.Saving != "104.00" {
				t.Fatalf("bridge %+v", b)
			}
			if !strings.Contains(b.Formula, "头程 25 + 上架 7 + 安全 0 − 可售 20 = 12天") {
				t.Fatalf("bridge formula %q", b.Formula)
			}

			// Without a weight only the volume-priced channel has a freight; the slowest channel in time is
			// recommended, and no split is offered.
			must(t, h.DB.Model(&catalogdb.LocalProduct{}).Where("id = ?", s.aID).Update("weight", nil).Error)
			got = s.computeMethods(t, l.ID, in)
			if m := got.Methods[1]; !m.Recommended || m.UnitFreight != "" || m.Formula != "产品未填重量，无法估算运费（按重量(kg)计价）" {
				t.Fatalf("unweighed %+v", got.Methods)
			}
			if got.Bridge != nil || got.Methods[3].UnitFreight != "13.50" {
				t.Fatalf("unweighed bridge %+v %+v", got.Bridge, got.Methods[3])
			}
		})
	}
}

type methodsLine struct {
	Methods []planMethod `json:"methods"`
	Bridge  *planBridge  `json:"bridge"`
}

func (s *shop) computeMethods(t *testing.T, id string, in inputs) methodsLine {
	t.Helper()
	env := s.c.Call("POST", v1+"replenishment/compute", map[string]any{"id": id, "inputs": in})
	apptest.ExpectOK(t, env)
	var l methodsLine
	env.Into(t, &l)
	return l
}

func methodTexts(ms []planMethod) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = fmt.Sprintf("%s %s %d %s %t %d %d %s %s %t", m.Channel, m.Mode, m.Days, m.ShipByDate, m.OnTime, m.Ship,
			m.Buy, m.UnitFreight, m.Freight, m.Recommended)
	}
	return out
}
