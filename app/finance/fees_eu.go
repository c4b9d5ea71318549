package finance

// The UK and German cards are Amazon's local FBA fees (standard, non-low-price) in cm and grams, with the EU
// dimensional weight (cm³ / 5000 per kg). Amazon's own rate cards (sell.amazon.co.uk, sellercentral.amazon.de)
// were not reachable from here; the figures are a third-party reproduction of the 2025 schedules, which states no
// effective day: check them against Seller Central before relying on them, and add the 2026 cards with their
// dates when Amazon's are at hand. The referral rates are Amazon's UK and German ones as known when this was
// written, likewise to be checked. Not included: low-price FBA, the Pan-EU and EFN fees, peak-season rates.

var ukCard2025 = FeeCard{
	Marketplace: "UK", Currency: "GBP", Effective: "",
	EffectiveNote: "2025年费率（第三方转录，生效日未核实）",
	LengthUnit:    num("1"), MassUnit: num("1"), DimDivisor: num("5"),
	Tiers: europeanTiers(ukFees),
	Categories: []Category{
		flat("home", "家居厨房", "15"),
		flat("toys", "玩具游戏", "15"),
		flat("sports", "运动户外", "15"),
		stepped("beauty", "美妆个护", false, "10", "8", "0", "15"),
		flat("electronics", "消费电子", "7"),
		stepped("accessories", "电子配件", true, "100", "15", "0", "8"),
		stepped("clothing", "服装配饰", false, "15", "5", "20", "10", "0", "15"),
		stepped("jewelry", "珠宝首饰", true, "225", "20", "0", "5"),
		flat("other", "其他", "15"),
	},
	MinReferral: num("0.25"), Tax: num("20"), TaxName: "VAT", Decimals: 2,
}

var deCard2025 = FeeCard{
	Marketplace: "DE", Currency: "EUR", Effective: "",
	EffectiveNote: "2025年费率（第三方转录，生效日未核实）",
	LengthUnit:    num("1"), MassUnit: num("1"), DimDivisor: num("5"),
	Tiers: europeanTiers(deFees),
	Categories: []Category{
		flat("home", "家居厨房", "15"),
		flat("toys", "玩具游戏", "15"),
		flat("sports", "运动户外", "15"),
		stepped("beauty", "美妆个护", false, "10", "8", "0", "15"),
		flat("electronics", "消费电子", "7"),
		stepped("accessories", "电子配件", true, "100", "15", "0", "8"),
		stepped("clothing", "服装配饰", false, "15", "5", "20", "10", "0", "15"),
		stepped("jewelry", "珠宝首饰", true, "250", "20", "0", "5"),
		flat("other", "其他", "15"),
	},
	MinReferral: num("0.25"), Tax: num("19"), TaxName: "VAT", Decimals: 2,
}

// europeanFees are a European card's fees by tier: the envelope, the small parcel's and the standard parcel's
// weight bands (grams, fee), and the oversize base with its fee per kg above the first.
type europeanFees struct {
	envelope              string
	small, standard       []Band
	oversize, oversizeFee string
}

var ukFees = europeanFees{
	envelope: "1.83",
	small:    []Band{band("100", "2.04"), band("210", "2.16"), band("400", "2.41")},
	standard: []Band{band("400", "2.80"), band("900", "3.05"), band("1400", "3.68"), band("1900", "3.99"),
		band("2900", "4.66"), band("3900", "4.95"), band("5900", "5.32"), band("8900", "5.72"), band("12000", "6.53")},
	oversize: "7.78", oversizeFee: "0.30",
}

var deFees = europeanFees{
	envelope: "2.16",
	small:    []Band{band("100", "2.37"), band("210", "2.50"), band("400", "2.78")},
	standard: []Band{band("400", "3.21"), band("900", "3.51"), band("1400", "4.24"), band("1900", "4.60"),
		band("2900", "5.38"), band("3900", "5.71"), band("5900", "6.14"), band("8900", "6.60"), band("12000", "7.54")},
	oversize: "9.07", oversizeFee: "0.35",
}

// europeanTiers are the size tiers the UK and Germany share, with a card's fees.
func europeanTiers(f europeanFees) []SizeTier {
	return []SizeTier{
		{Code: "envelope", Name: "信封", Longest: num("33"), Median: num("23"), Shortest: num("2.5"),
			MaxWeight: num("100"), UnitWeightOnly: true, Bands: []Band{band("100", f.envelope)}},
		{Code: "small_parcel", Name: "小包裹", Longest: num("35"), Median: num("25"), Shortest: num("12"),
			MaxWeight: num("400"), Bands: f.small},
		{Code: "standard_parcel", Name: "标准包裹", Longest: num("45"), Median: num("34"), Shortest: num("26"),
			MaxWeight: num("12000"), Bands: f.standard},
		{Code: "oversize", Name: "大件", Longest: num("120"), Median: num("60"), Shortest: num("60"),
			MaxWeight: num("23000"),
			Over:      &Overage{Base: nums(f.oversize), From: num("1000"), Step: num("1000"), PerStep: num(f.oversizeFee)}},
	}
}
