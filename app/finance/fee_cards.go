package finance

import (
	"github.com/shopspring/decimal"
)

// FeeCard is one marketplace's Amazon fee schedule as the profit calculator reads it: the FBA fulfilment fee by
// size tier and shipping weight, and the referral fee by category. The schedules are data (fees_*.go): when
// Amazon publishes next year's, a card with the new Effective date is added and takes over on that day; the old
// card stays for plans computed before.
type FeeCard struct {
	Marketplace string
	Currency    string
	// Effective is the day (yyyy-mm-dd) the card took effect; "" for a card whose start Amazon's page does not
	// state (it holds until a dated card follows). EffectiveNote says it for the screen, with the source.
	Effective     string
	EffectiveNote string
	// LengthUnit is the card's unit of length in cm (2.54 for inches), MassUnit its unit of weight in grams
	// (453.59237 for pounds): the card's limits and bands are written in Amazon's own units.
	LengthUnit, MassUnit decimal.Decimal
	// DimDivisor turns a volume in the card's units into a dimensional weight (139 in³ per lb in the US, 5 cm³ per
	// g in Europe); zero where Amazon bills the unit weight only (Japan).
	DimDivisor decimal.Decimal
	// PriceBands are the upper bounds (included) of the price bands but the last: the US fees differ below $10,
	// from $10 to $50 and above $50. A card of one band has none.
	PriceBands []decimal.Decimal
	Tiers      []SizeTier
	Categories []Category
	// MinReferral is the least referral fee of a unit.
	MinReferral decimal.Decimal
	// RiseAbove and Rise raise every referral rate by Rise points when the price exceeds RiseAbove (Japan from
	// 2026-04-01: +0.4 points above ¥750); zero for none.
	RiseAbove, Rise decimal.Decimal
	// Tax is the VAT or consumption tax a registered seller owes on the price, which includes it (UK 20%, DE 19%,
	// JP 10%, MX 16% IVA); zero in the US and Canada, where Amazon adds the sales tax or GST/HST on top of the
	// price at checkout. TaxName names it.
	Tax     decimal.Decimal
	TaxName string
	// Decimals are the currency's minor digits (0 for the yen): fees are rounded to them.
	Decimals int32
}

// SizeTier is one of a card's size tiers: a unit belongs to the first tier whose limits it fits.
type SizeTier struct {
	Code, Name string
	// Longest, Median and Shortest bound the sides, sorted; LengthGirth the longest side plus twice the other two;
	// DimSum the three sides together (Japan). Zero is no limit.
	Longest, Median, Shortest, LengthGirth, DimSum decimal.Decimal
	// MaxWeight bounds the shipping weight; zero is no limit.
	MaxWeight decimal.Decimal
	// UnitWeightOnly tiers weigh the unit alone (small standard, envelopes); the others the greater of the unit
	// and its dimensional weight.
	UnitWeightOnly bool
	// Bands are the fees up to each shipping weight, one per price band; past the last band Over applies.
	Bands []Band
	Over  *Overage
}

// Band is the fee of shipping weights up to UpTo, per price band.
type Band struct {
	UpTo decimal.Decimal
	Fees []decimal.Decimal
}

// Overage is a fee of a base (per price band) for up to From, plus PerStep for each Step or part of one above.
type Overage struct {
	Base                []decimal.Decimal
	From, Step, PerStep decimal.Decimal
}

// Category is a referral-fee category: its rate by price, either of the whole price by the price's step
// (clothing: 5% up to $15) or, Portion, each step's rate on the part of the price within it (electronics
// accessories: 15% of the first $100, 8% of the rest).
type Category struct {
	Code, Name string
	Steps      []RateStep
	Portion    bool
}

// RateStep is a referral rate (percent) up to a price (included); the last step has no bound (zero).
type RateStep struct {
	UpTo, Percent decimal.Decimal
}

// num reads the cards' literals.
func num(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func nums(s ...string) []decimal.Decimal {
	out := make([]decimal.Decimal, len(s))
	for i, v := range s {
		out[i] = num(v)
	}
	return out
}

// band is a weight band with its fee per price band.
func band(upTo string, fees ...string) Band { return Band{UpTo: num(upTo), Fees: nums(fees...)} }

// flat is a category of one rate.
func flat(code, name, percent string) Category {
	return Category{Code: code, Name: name, Steps: []RateStep{{Percent: num(percent)}}}
}

// stepped is a category whose rate depends on the price: pairs of (up to, percent), the last bound "0".
func stepped(code, name string, portion bool, pairs ...string) Category {
	c := Category{Code: code, Name: name, Portion: portion}
	for i := 0; i+1 < len(pairs); i += 2 {
		c.Steps = append(c.Steps, RateStep{UpTo: num(pairs[i]), Percent: num(pairs[i+1])})
	}
	return c
}

// feeCards are every card the calculator knows, of every marketplace. The screen lists every marketplace of the
// specification and offers those with a card in force; the others show as not supported.
var feeCards = []FeeCard{usCard2026, caCard, mxCard, ukCard2025, deCard2025, jpCard}

// cardOn is the marketplace's card in force on day (yyyy-mm-dd): the latest that took effect by then.
func cardOn(marketplace, day string) (FeeCard, bool) {
	var out FeeCard
	found := false
	for _, c := range feeCards {
		if c.Marketplace == marketplace && c.Effective <= day && (!found || c.Effective > out.Effective) {
			out, found = c, true
		}
	}
	return out, found
}
