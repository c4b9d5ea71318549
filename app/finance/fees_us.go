package finance

// usCard2026 is Amazon.com's fee schedule from 2026-01-15 (the non-peak rates, non-apparel, non-dangerous goods),
// in inches and pounds. Amazon announced the 2026 US changes in October 2025 (FBA fees up $0.08 a unit on
// average; small standard +$0.25 and large standard +$0.05 between $10 and $50; +$0.51 and +$0.31 above $50;
// large standard unchanged below $10, where the low-price discount grows to $0.86). Seller Central's rate table
// itself was not reachable from here: the figures are a published reproduction of it that agrees with those
// announced differences from the 2024-2025 card (e.g. large standard 12-16 oz: $4.55 then, $4.60 now,
// $3.78 below $10). Not included: the peak season (15 Oct - 14 Jan) rates, the 3.5% fuel and logistics
// surcharge reported from 2026-04-17, the bulky tiers' 2-inch minimum sides and extra-large over 50 lb.
var usCard2026 = FeeCard{
	Marketplace: "US", Currency: "USD", Effective: "2026-01-15",
	EffectiveNote: "2026-01-15起（美国站2026年费率，非旺季、非服装）",
	LengthUnit:    num("2.54"), MassUnit: num("453.59237"), DimDivisor: num("139"),
	PriceBands: nums("9.99", "50"),
	Tiers: []SizeTier{
		{Code: "small_standard", Name: "小号标准尺寸", Longest: num("15"), Median: num("12"), Shortest: num("0.75"),
			MaxWeight: num("1"), UnitWeightOnly: true, Bands: []Band{
				band("0.125", "2.43", "3.32", "3.58"), band("0.25", "2.49", "3.42", "3.68"),
				band("0.375", "2.56", "3.45", "3.71"), band("0.5", "2.66", "3.54", "3.80"),
				band("0.625", "2.77", "3.68", "3.94"), band("0.75", "2.82", "3.78", "4.04"),
				band("0.875", "2.92", "3.91", "4.17"), band("1", "2.95", "3.96", "4.22"),
			}},
		{Code: "large_standard", Name: "大号标准尺寸", Longest: num("18"), Median: num("14"), Shortest: num("8"),
			MaxWeight: num("20"), Bands: []Band{
				band("0.25", "2.91", "3.73", "3.99"), band("0.5", "3.13", "3.95", "4.21"),
				band("0.75", "3.38", "4.20", "4.46"), band("1", "3.78", "4.60", "4.86"),
				band("1.25", "4.22", "5.04", "5.30"), band("1.5", "4.60", "5.42", "5.68"),
				band("1.75", "4.75", "5.57", "5.83"), band("2", "5.00", "5.82", "6.08"),
				band("2.25", "5.10", "5.92", "6.18"), band("2.5", "5.28", "6.10", "6.36"),
				band("2.75", "5.44", "6.26", "6.52"), band("3", "5.85", "6.67", "6.93"),
			},
			// 3 to 20 lb: the base plus $0.08 for each 4 oz above the first 3 lb.
			Over: &Overage{Base: nums("6.15", "6.97", "7.23"), From: num("3"), Step: num("0.25"), PerStep: num("0.08")}},
		{Code: "small_bulky", Name: "小号大件", Longest: num("37"), Median: num("28"), Shortest: num("20"),
			LengthGirth: num("130"), MaxWeight: num("50"),
			Over: &Overage{Base: nums("6.78", "7.55", "7.55"), From: num("1"), Step: num("1"), PerStep: num("0.38")}},
		{Code: "large_bulky", Name: "大号大件", Longest: num("59"), Median: num("33"), Shortest: num("33"),
			LengthGirth: num("130"), MaxWeight: num("50"),
			Over: &Overage{Base: nums("8.58", "9.35", "9.35"), From: num("1"), Step: num("1"), PerStep: num("0.38")}},
		{Code: "extra_large_50", Name: "超大件（0-50磅）", MaxWeight: num("50"),
			Over: &Overage{Base: nums("25.56", "26.33", "26.33"), From: num("1"), Step: num("1"), PerStep: num("0.38")}},
	},
	// Amazon.com's referral fees (unchanged for 2026, as announced), with the $0.30 least fee of these categories.
	Categories: []Category{
		flat("home", "家居厨房", "15"),
		flat("toys", "玩具游戏", "15"),
		flat("sports", "运动户外", "15"),
		stepped("beauty", "美妆个护", false, "10", "8", "0", "15"),
		flat("electronics", "消费电子", "8"),
		stepped("accessories", "电子配件", true, "100", "15", "0", "8"),
		stepped("clothing", "服装配饰", false, "15", "5", "20", "10", "0", "17"),
		stepped("jewelry", "珠宝首饰", true, "250", "20", "0", "5"),
		flat("other", "其他", "15"),
	},
	MinReferral: num("0.30"), Decimals: 2,
}
