package sellerdata

import "github.com/shopspring/decimal"

// FeeLine is a line of the estimated FBA fees report: one FBA product in one marketplace.
type FeeLine struct {
	SKU, FNSKU, ASIN, AmazonStore, ProductName, ProductGroup, Brand, FulfilledBy string
	YourPrice, SalesPrice                                                        decimal.Decimal
	LongestSide, MedianSide, ShortestSide, LengthAndGirth                        decimal.Decimal
	UnitOfDimension                                                              string
	ItemPackageWeight                                                            decimal.Decimal
	UnitOfWeight, ProductSizeTier, Currency                                      string
	EstimatedFeeTotal, EstimatedReferralFeePerUnit, EstimatedVariableClosingFee  decimal.Decimal
	EstimatedOrderHandlingFeePerOrder, EstimatedPickPackFeePerUnit               decimal.Decimal
	EstimatedWeightHandlingFeePerUnit, ExpectedFulfillmentFeePerUnit             decimal.Decimal
	// MarketplaceID is not a column: amazon-store names the marketplace.
	MarketplaceID string
}

// fee is what Amazon charges on a product in a market: the referral fee's rate and the FBA fee per unit (minor
// units), with the size tier that sets it.
type fee struct {
	referralBP, fulfilment int64
	tier                   string
}

// feeOf sizes the product by Amazon's standard-size limits (15 x 12 x 0.75 in and 1 lb for small; 18 x 14 x 8 in
// and 20 lb for large) and prices the FBA fee from a US rate card, converted like the prices.
func feeOf(p *product, m *market) fee {
	f := fee{referralBP: 1500}
	switch p.group {
	case "Electronics":
		f.referralBP = 800
	case "Beauty", "Pet Products":
		f.referralBP = 1200
	}
	var cents int64
	switch {
	case p.long <= 381 && p.mid <= 305 && p.short <= 19 && p.grams <= 454:
		f.tier = "Small standard-size"
		cents = 322 + 12*(p.grams/113)
	case p.long <= 457 && p.mid <= 356 && p.short <= 203 && p.grams <= 9072:
		f.tier = "Large standard-size"
		cents = 386 + 40*(p.grams/227)
	default:
		f.tier = "Large bulky"
		cents = 950 + 38*(p.grams/454)
	}
	f.fulfilment = (cents*m.priceRate + 50) / 100
	return f
}

// commission is the referral fee on an item: a share of what the buyer paid, at least the minimum per unit.
func (f fee) commission(m *market, it item) int64 {
	c := ((it.price+it.ship+it.promo)*f.referralBP + 5000) / 10000
	return max(c, m.referralMin*it.qty)
}

// FeeEstimates is the fee report's truth: the seller's FBA products in each of its marketplaces, by marketplace
// then SKU, as Content writes them.
func (w *World) FeeEstimates(sellerID string) []FeeLine {
	s := w.sellers[sellerID]
	if s == nil {
		return nil
	}
	var out []FeeLine
	for _, m := range s.markets {
		for _, p := range s.products {
			if !p.mfn && !p.newOnly {
				out = append(out, feeLine(m, p))
			}
		}
	}
	return out
}

func feeLine(m *market, p *product) FeeLine {
	f := feeOf(p, m)
	price := p.price[m.index]
	referral := max((price*f.referralBP+5000)/10000, m.referralMin)
	l := FeeLine{
		SKU: p.sku, FNSKU: p.fnsku, ASIN: p.asin, AmazonStore: m.store(), ProductName: p.name, ProductGroup: p.group,
		Brand: p.brand, FulfilledBy: "Amazon", YourPrice: m.money(price), SalesPrice: m.money(price),
		ProductSizeTier: f.tier, Currency: m.currency, MarketplaceID: m.id,
		EstimatedFeeTotal: m.money(referral + f.fulfilment), EstimatedReferralFeePerUnit: m.money(referral),
		EstimatedVariableClosingFee: m.money(0), EstimatedOrderHandlingFeePerOrder: m.money(0),
		EstimatedPickPackFeePerUnit: m.money(0), EstimatedWeightHandlingFeePerUnit: m.money(0),
		ExpectedFulfillmentFeePerUnit: m.money(f.fulfilment),
	}
	// Sizes to two decimals: centimetres and kilograms, or inches and pounds.
	if m.metric {
		l.UnitOfDimension, l.UnitOfWeight = "centimeters", "kilograms"
		l.LongestSide, l.MedianSide, l.ShortestSide = decimal.New(p.long, -1), decimal.New(p.mid, -1), decimal.New(p.short, -1)
		l.ItemPackageWeight = decimal.New(p.grams, -3).Round(2)
	} else {
		l.UnitOfDimension, l.UnitOfWeight = "inches", "pounds"
		l.LongestSide, l.MedianSide, l.ShortestSide = inches(p.long), inches(p.mid), inches(p.short)
		l.ItemPackageWeight = decimal.New(p.grams*100_000/45_359, -3).Round(2)
	}
	l.LengthAndGirth = l.LongestSide.Add(l.MedianSide.Add(l.ShortestSide).Mul(decimal.NewFromInt(2)))
	return l
}

func inches(mm int64) decimal.Decimal { return decimal.New(mm*1000/254, -2).Round(2) }

func appendFeeLine(b []byte, l FeeLine) []byte {
	dec := func(d decimal.Decimal) string { return d.StringFixed(2) }
	money := func(d decimal.Decimal) string { return d.StringFixed(moneyDec(l.Currency)) }
	return tsvLine(b, l.SKU, l.FNSKU, l.ASIN, l.AmazonStore, l.ProductName, l.ProductGroup, l.Brand, l.FulfilledBy,
		money(l.YourPrice), money(l.SalesPrice), dec(l.LongestSide), dec(l.MedianSide), dec(l.ShortestSide),
		dec(l.LengthAndGirth), l.UnitOfDimension, dec(l.ItemPackageWeight), l.UnitOfWeight, l.ProductSizeTier,
		l.Currency, money(l.EstimatedFeeTotal), money(l.EstimatedReferralFeePerUnit),
		money(l.EstimatedVariableClosingFee), money(l.EstimatedOrderHandlingFeePerOrder),
		money(l.EstimatedPickPackFeePerUnit), money(l.EstimatedWeightHandlingFeePerUnit),
		money(l.ExpectedFulfillmentFeePerUnit))
}

// moneyDec is how many decimals a currency's amounts are written with.
func moneyDec(currency string) int32 {
	if currency == "JPY" {
		return 0
	}
	return 2
}

// FeeQuote is what the Product Fees API estimates for a seller's SKU in a marketplace at a listing price: the
// referral fee at the price and, fulfilled by Amazon, the FBA fee of the product's size. ok is false for a SKU or
// marketplace the seller does not have.
func (w *World) FeeQuote(sellerID, marketplaceID, sku string, price decimal.Decimal, amazonFulfilled bool) (referral, fulfilment decimal.Decimal, ok bool) {
	s := w.sellers[sellerID]
	if s == nil {
		return referral, fulfilment, false
	}
	var m *market
	for _, x := range s.markets {
		if x.id == marketplaceID {
			m = x
		}
	}
	if m == nil {
		return referral, fulfilment, false
	}
	for _, p := range s.products {
		if p.sku != sku {
			continue
		}
		f := feeOf(p, m)
		minor := price.Shift(m.dec).Round(0).IntPart()
		referral = m.money(max((minor*f.referralBP+5000)/10000, m.referralMin))
		if amazonFulfilled {
			fulfilment = m.money(f.fulfilment)
		}
		return referral, fulfilment, true
	}
	return referral, fulfilment, false
}
