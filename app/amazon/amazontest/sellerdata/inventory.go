package sellerdata

import (
	"strconv"

	"github.com/shopspring/decimal"
)

// InventoryLine is a line of the FBA Manage Inventory (unsuppressed) report: one SKU in one marketplace.
// MFNFulfillableQuantity is written empty for an FBA offer (zero here).
type InventoryLine struct {
	SKU, FNSKU, ASIN, ProductName, Condition string
	YourPrice                                decimal.Decimal
	Currency                                 string
	MFNListingExists                         bool
	MFNFulfillableQuantity                   int
	AFNListingExists                         bool
	AFNWarehouseQuantity, AFNFulfillable     int
	AFNUnsellable, AFNReserved, AFNTotal     int
	PerUnitVolume                            decimal.Decimal
	AFNInboundWorking, AFNInboundShipped     int
	AFNInboundReceiving, AFNResearching      int
}

// Inventory is the inventory report's truth for one marketplace, by SKU as the catalogue lists them. Stock
// depends on the day: each day's figures come from that day's seed, sized by how fast the product sells.
func (w *World) Inventory(sellerID, marketplaceID string) []InventoryLine {
	s := w.sellers[sellerID]
	m := markets[marketplaceID]
	if s == nil || m == nil || !s.sells(m) {
		return nil
	}
	var out []InventoryLine
	for _, p := range s.selling {
		out = append(out, w.inventoryLine(s, m, p))
	}
	return out
}

func (s *seller) sells(m *market) bool {
	for _, x := range s.markets {
		if x == m {
			return true
		}
	}
	return false
}

func (w *World) inventoryLine(s *seller, m *market, p *product) InventoryLine {
	r := rngOf("inventory", s.def.id, m.id, p.sku, w.Now.Format(postedLayout))
	// Units a day: the market's orders times the product's share, about 1.3 units an order.
	perDay := m.ordersPerDay * trend(w.Now) * p.weight / s.cum[len(s.cum)-1] * 1.3
	l := InventoryLine{SKU: p.sku, FNSKU: p.fnsku, ASIN: p.asin, ProductName: p.name, Condition: "New",
		YourPrice: m.money(p.price[m.index]), Currency: m.currency, PerUnitVolume: unitVolume(m, p)}
	cover := 10 + r.IntN(50)
	outOfStock := r.IntN(12) == 0
	if p.mfn {
		l.MFNListingExists = true
		l.MFNFulfillableQuantity = int(perDay*float64(cover)) + r.IntN(5)
		if outOfStock {
			l.MFNFulfillableQuantity = 0
		}
		return l
	}
	l.AFNListingExists = true
	l.AFNFulfillable = int(perDay*float64(cover)) + r.IntN(5)
	l.AFNReserved = int(perDay*(0.5+1.5*r.Float64())) + r.IntN(3)
	if r.IntN(10) < 3 {
		l.AFNUnsellable = 1 + r.IntN(5)
	}
	if r.IntN(20) == 0 {
		l.AFNResearching = 1 + r.IntN(2)
	}
	if r.IntN(10) < 4 {
		inbound := int(perDay*float64(20+r.IntN(40))) + 10
		switch r.IntN(3) {
		case 0:
			l.AFNInboundWorking = inbound
		case 1:
			l.AFNInboundShipped = inbound
		default:
			l.AFNInboundReceiving = inbound / 3
			l.AFNInboundShipped = inbound - inbound/3
		}
	}
	if outOfStock {
		l.AFNFulfillable = 0
	}
	l.AFNWarehouseQuantity = l.AFNFulfillable + l.AFNUnsellable + l.AFNReserved
	l.AFNTotal = l.AFNWarehouseQuantity + l.AFNInboundShipped + l.AFNInboundReceiving
	return l
}

// unitVolume is a unit's volume: cubic feet in North America, cubic centimetres elsewhere.
func unitVolume(m *market, p *product) decimal.Decimal {
	mm3 := decimal.NewFromInt(p.long * p.mid * p.short)
	if m.metric {
		return mm3.Div(decimal.NewFromInt(1000)).Round(2)
	}
	return mm3.Div(decimal.NewFromInt(28_316_847)).Round(2)
}

func appendInventoryLine(b []byte, l InventoryLine) []byte {
	yes := func(v bool) string {
		if v {
			return "Yes"
		}
		return "No"
	}
	n := strconv.Itoa
	mfnQty := ""
	if l.MFNListingExists {
		mfnQty = n(l.MFNFulfillableQuantity)
	}
	return tsvLine(b, l.SKU, l.FNSKU, l.ASIN, l.ProductName, l.Condition, l.YourPrice.StringFixed(moneyDec(l.Currency)),
		yes(l.MFNListingExists), mfnQty, yes(l.AFNListingExists), n(l.AFNWarehouseQuantity), n(l.AFNFulfillable),
		n(l.AFNUnsellable), n(l.AFNReserved), n(l.AFNTotal), l.PerUnitVolume.StringFixed(2), n(l.AFNInboundWorking),
		n(l.AFNInboundShipped), n(l.AFNInboundReceiving), n(l.AFNResearching))
}
