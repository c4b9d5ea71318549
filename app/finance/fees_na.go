package finance

// The Canadian and Mexican cards are Amazon's "Remote Fulfilment with FBA" fees (Seller Central help page
// GZPT8XN3YNMRXFEZ, sellercentral.amazon.ca): a North American seller's US FBA stock sold on Amazon.ca or
// Amazon.com.mx and shipped across the border, which is how the demo's seller (a US seller taking part in CA and
// MX) sells there. They replace the local fulfilment fees for those sales, year round; the tiers are the US ones
// (inches, pounds, the dimensional weight at 139 in³ per lb for all but small standard, which the programme has
// used since 2022-06-30). The page states no effective day, and its text as read here stops after the small
// standard tier's limits: the other tiers' limits are the US ones the page names (large standard 18 × 14 × 8 in
// up to 20 lb; small oversize 60 × 30 in, length + girth 130 in, up to 70 lb; medium oversize 108 in, length +
// girth 130 in, up to 150 lb). Not included: the local Canadian and Mexican FBA fees (stock sent to an Amazon.ca
// or Amazon.com.mx fulfilment centre; Mexico cut them for items under MXN 299 in February 2026, a table not found
// here), the programme's surcharges, large and special oversize (not offered by the programme).
//
// Taxes, as the other cards decide them: Amazon.ca shows prices without GST/HST and adds it at checkout (the
// buyer pays it, Amazon collects it), as the US sales tax, so the Canadian card deducts nothing from the price.
// Amazon.com.mx shows prices with the 16% IVA in them, so the Mexican card deducts it for a seller registered for
// IVA, as VAT in Europe; Amazon's IVA and ISR withholdings from a seller's proceeds are not modelled.
//
// Referral fees: Amazon.ca's as its fee schedule lists them (a reproduction of it; clothing 17%; Health &
// Personal Care, here beauty, 8% up to CAD 15 since 2020-09-01 as Amazon.ca announced), least fee CAD 0.30.
// Amazon.com.mx's fee table (help page 200336920) was not reachable from here: its rates and least fee below are
// Amazon.com's structure in pesos as known when this was written, to be checked against Seller Central.

var caCard = FeeCard{
	Marketplace: "CA", Currency: "CAD", Effective: "",
	EffectiveNote: "亚马逊北美远程配送（美国FBA库存发往加拿大）费率，卖家平台帮助页面GZPT8XN3YNMRXFEZ（页面未注明生效日期）；售价不含GST/HST",
	LengthUnit:    num("2.54"), MassUnit: num("453.59237"), DimDivisor: num("139"),
	Tiers: remoteTiers(remoteFees{
		small: []Band{band("0.375", "7.22"), band("0.75", "7.55"), band("1", "7.85")},
		large: []Band{band("0.375", "8.70"), band("0.75", "9.04"), band("1", "9.30"), band("2", "10.90"),
			band("3", "12.79")},
		largeOver: "12.79", smallOversize: "18.64", mediumOversize: "32.15", perPound: "0.80",
	}),
	Categories: []Category{
		flat("home", "家居厨房", "15"),
		flat("toys", "玩具游戏", "15"),
		flat("sports", "运动户外", "15"),
		stepped("beauty", "美妆个护", false, "15", "8", "0", "15"),
		flat("electronics", "消费电子", "8"),
		stepped("accessories", "电子配件", true, "100", "15", "0", "8"),
		flat("clothing", "服装配饰", "17"),
		stepped("jewelry", "珠宝首饰", true, "250", "20", "0", "5"),
		flat("other", "其他", "15"),
	},
	MinReferral: num("0.30"), Decimals: 2,
}

var mxCard = FeeCard{
	Marketplace: "MX", Currency: "MXN", Effective: "",
	EffectiveNote: "亚马逊北美远程配送（美国FBA库存发往墨西哥）费率，卖家平台帮助页面GZPT8XN3YNMRXFEZ（页面未注明生效日期）；售价含16% IVA；销售佣金未核实",
	LengthUnit:    num("2.54"), MassUnit: num("453.59237"), DimDivisor: num("139"),
	Tiers: remoteTiers(remoteFees{
		small: []Band{band("0.375", "102.39"), band("0.75", "107.37"), band("1", "110.36")},
		large: []Band{band("0.375", "121.02"), band("0.75", "125.53"), band("1", "129.83"), band("2", "147.74"),
			band("3", "159.70")},
		largeOver: "159.70", smallOversize: "213.06", mediumOversize: "379.92", perPound: "6.90",
	}),
	Categories: []Category{
		flat("home", "家居厨房", "15"),
		flat("toys", "玩具游戏", "15"),
		flat("sports", "运动户外", "15"),
		flat("beauty", "美妆个护", "15"),
		flat("electronics", "消费电子", "8"),
		stepped("accessories", "电子配件", true, "100", "15", "0", "8"),
		flat("clothing", "服装配饰", "15"),
		flat("jewelry", "珠宝首饰", "15"),
		flat("other", "其他", "15"),
	},
	MinReferral: num("10"), Tax: num("16"), TaxName: "IVA", Decimals: 2,
}

// remoteFees are a Remote Fulfilment card's fees: small standard's and large standard's weight bands (lb, fee),
// large standard's base above 3 lb, the oversize bases up to 2 lb, and the fee of each pound above those.
type remoteFees struct {
	small, large                                       []Band
	largeOver, smallOversize, mediumOversize, perPound string
}

// remoteTiers are the US size tiers the Remote Fulfilment cards use, with a card's fees.
func remoteTiers(f remoteFees) []SizeTier {
	return []SizeTier{
		{Code: "small_standard", Name: "小号标准尺寸", Longest: num("15"), Median: num("12"), Shortest: num("0.75"),
			MaxWeight: num("1"), UnitWeightOnly: true, Bands: f.small},
		{Code: "large_standard", Name: "大号标准尺寸", Longest: num("18"), Median: num("14"), Shortest: num("8"),
			MaxWeight: num("20"), Bands: f.large,
			Over: &Overage{Base: nums(f.largeOver), From: num("3"), Step: num("1"), PerStep: num(f.perPound)}},
		{Code: "small_oversize", Name: "小号大件", Longest: num("60"), Median: num("30"), LengthGirth: num("130"),
			MaxWeight: num("70"),
			Over:      &Overage{Base: nums(f.smallOversize), From: num("2"), Step: num("1"), PerStep: num(f.perPound)}},
		{Code: "medium_oversize", Name: "中号大件", Longest: num("108"), LengthGirth: num("130"), MaxWeight: num("150"),
			Over: &Overage{Base: nums(f.mediumOversize), From: num("2"), Step: num("1"), PerStep: num(f.perPound)}},
	}
}
