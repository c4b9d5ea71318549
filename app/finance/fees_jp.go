package finance

// jpCard is Amazon.co.jp's FBA fulfilment fees as Seller Central's help page "FBA fulfillment fees" (201112670)
// lists them, in cm and grams: the tier by the sides and the sum of the three sides, the unit's packaged weight
// (no dimensional weight). The fees include the 10% consumption tax. The page states no effective day. The
// category rates are Amazon.co.jp's as known when this was written (not found again here: check them against
// Seller Central), raised by 0.4 points above ¥750 from 2026-04-01 as Amazon announced (media categories,
// raised at every price, are not offered here).
var jpCard = FeeCard{
	Marketplace: "JP", Currency: "JPY", Effective: "",
	EffectiveNote: "亚马逊日本站帮助页面201112670所列费率（含10%消费税，页面未注明生效日期）；销售佣金为2026-04-01起费率",
	LengthUnit:    num("1"), MassUnit: num("1"),
	Tiers: []SizeTier{
		jpTier("small", "小型", "25", "18", "2", "0", "250", "288"),
		jpTier("standard_1", "标准1", "35", "30", "3.3", "0", "1000", "318"),
		jpTier("standard_2", "标准2", "45", "35", "20", "60", "2000", "434"),
		jpTier("standard_3", "标准3", "45", "35", "20", "80", "5000", "514"),
		jpTier("standard_4", "标准4", "45", "35", "20", "100", "9000", "603"),
		jpTier("oversize_1", "大型1", "0", "0", "0", "60", "2000", "589"),
		jpTier("oversize_2", "大型2", "0", "0", "0", "80", "5000", "712"),
		jpTier("oversize_3", "大型3", "0", "0", "0", "100", "10000", "815"),
		jpTier("oversize_4", "大型4", "0", "0", "0", "120", "15000", "975"),
		jpTier("oversize_5", "大型5", "0", "0", "0", "140", "20000", "1020"),
		jpTier("oversize_6", "大型6", "0", "0", "0", "160", "25000", "1100"),
		jpTier("oversize_7", "大型7", "0", "0", "0", "180", "30000", "1532"),
		jpTier("oversize_8", "大型8", "0", "0", "0", "200", "40000", "1756"),
		jpTier("supersize_1", "特大型1", "0", "0", "0", "200", "50000", "2755"),
		jpTier("supersize_2", "特大型2", "0", "0", "0", "220", "50000", "3573"),
		jpTier("supersize_3", "特大型3", "0", "0", "0", "240", "50000", "4496"),
		jpTier("supersize_4", "特大型4", "0", "0", "0", "260", "50000", "5625"),
	},
	Categories: []Category{
		flat("home", "家居厨房", "15"),
		flat("toys", "玩具游戏", "10"),
		flat("sports", "运动户外", "10"),
		stepped("beauty", "美妆个护", false, "1500", "8", "0", "10"),
		flat("electronics", "消费电子", "8"),
		flat("accessories", "电子配件", "10"),
		stepped("clothing", "服装配饰", false, "3000", "8", "0", "12"),
		stepped("jewelry", "珠宝首饰", true, "10000", "10", "0", "6"),
		flat("other", "其他", "15"),
	},
	MinReferral: num("30"), RiseAbove: num("750"), Rise: num("0.4"),
	Tax: num("10"), TaxName: "消费税", Decimals: 0,
}

// jpTier is one tier of the Japanese card: its sides, its sum of sides, its greatest weight and its fee.
func jpTier(code, name, longest, median, shortest, sum, weight, fee string) SizeTier {
	return SizeTier{Code: code, Name: name, Longest: num(longest), Median: num(median), Shortest: num(shortest),
		DimSum: num(sum), MaxWeight: num(weight), UnitWeightOnly: true, Bands: []Band{band(weight, fee)}}
}
