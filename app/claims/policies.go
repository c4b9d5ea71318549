package claims

import (
	"slices"
	"time"
)

// Policy is one of Amazon's windows for filing a reimbursement claim, as data: when Amazon changes a window, a
// policy with the new Effective date is added and governs the events from that day; the old one stays for the
// events before. OpensAfter is the days Amazon gives itself first (to find or return the units, or to reimburse
// them by itself); Closes the days after the event by which the claim must be filed.
type Policy struct {
	Name       string
	Kind       string
	Effective  string // yyyy-mm-dd: events on or after this day
	OpensAfter int
	Closes     int
	Source     string
	// Marketplaces are the marketplaces whose own help pages set this window (nil: every marketplace without
	// one). Amazon's windows differ by site: Europe's customer-return window is 45-105 days, the US's 60-120,
	// Japan's and Canada's pages still say 45 days to 18 months.
	Marketplaces []string
}

// The marketplaces of Amazon's European help pages (Seller Central Europe: the UK and the EU stores) and the
// sites whose pages differ from the US's.
var (
	europe = []string{"A1F83G8C2ARO7P", "A1PA6795UKMFR9", "A13V1IB3VIYZZH", "APJ6JRA9NG5V4", "A1RKKUPIHCS9HS",
		"A1805IZSGTT6HS", "A2NODRKZP88ZB9", "A1C3SOZRARQ6R3"}
	japan  = []string{"A1VC38T7YXB528"}
	canada = []string{"A2EUQ1WTGCTBG2"}
)

// Policies are the windows, oldest first per kind.
var Policies = []Policy{
	// Before 2024-09-05 a lost or damaged unit could be claimed for 18 months.
	{Name: "FC-lost-18m", Kind: KindLost, Effective: "2000-01-01", OpensAfter: 30, Closes: 540,
		Source: "FBA 库存赔偿政策（2024 年 9 月前的版本，Seller Central 帮助 G200213130）：丢失或损坏后 18 个月内可申请（按当时的公开说明整理，待以原文核对）"},
	// Amazon's announcement of 2024-07-24 (Seller Forums, News_Amazon, "Update on reimbursement claim window
	// eligibility on FBA"): inventory damaged or misplaced at a fulfilment centre may be claimed within 60 calendar
	// days of the date the unit is marked so in the adjustments; from 2024-11-01 Amazon reimburses lost units by
	// itself as soon as they are reported lost. The 30 days before a claim opens are the product's: the time a
	// misplaced unit is usually found or reimbursed in, so that a claim is not proposed for what Amazon settles
	// by itself.
	{Name: "FC-lost-60d-2024", Kind: KindLost, Effective: "2024-09-05", OpensAfter: 30, Closes: 60,
		Source: "亚马逊公告（2024-07-24，2024-09-05 起生效；2024-10-23 起写入 FBA 丢失和损坏库存赔偿政策）：运营中心丢失或损坏的商品须在标记丢失/损坏之日起 60 天内提交索赔"},
	// The same announcement: units missing from shipments sent to fulfilment centres, no sooner than 15 and no
	// later than 60 calendar days from the shipment's delivery date.
	{Name: "inbound-15-60d-2024", Kind: KindInbound, Effective: "2024-09-05", OpensAfter: 15, Closes: 60,
		Source: "亚马逊公告（2024-07-24，2024-09-05 起生效）：入库货件缺件须在货件送达之日起第 15 天至第 60 天之间提交索赔"},
	{Name: "inbound-9m", Kind: KindInbound, Effective: "2000-01-01", OpensAfter: 15, Closes: 270,
		Source: "FBA 库存赔偿政策（2024 年 9 月前的版本，Seller Central 帮助 G200213130）：入库货件缺件在货件创建后 9 个月内可申请（按当时的公开说明整理，待以原文核对）"},
	// Seller Central help G9N934L7Y4SFWPJ4 (FBA inventory reimbursement policy: Customer return claims) before and
	// after the announcement "Update on reimbursement claim window eligibility on FBA" (Seller Forums, News_Amazon,
	// in force from 2024-10-23): no sooner than 60 days after the refund, no later than 18 months, then 120 days.
	{Name: "return-60d-18m", Kind: KindReturn, Effective: "2000-01-01", OpensAfter: 60, Closes: 540,
		Source: "FBA 库存赔偿政策：买家退货索赔（Seller Central 帮助 G9N934L7Y4SFWPJ4，2024-10-23 前的版本）：退款或换货后第 60 天起、18 个月内可申请"},
	{Name: "return-60-120d-2024", Kind: KindReturn, Effective: "2024-10-23", OpensAfter: 60, Closes: 120,
		Source: "FBA 库存赔偿政策：买家退货索赔（Seller Central 帮助 G9N934L7Y4SFWPJ4；亚马逊公告，2024-10-23 起生效）：退款或换货后第 60 天至第 120 天之间可申请"},
	// Seller Central Europe's repost of the same announcement ("Update on eligibility window to file
	// reimbursement claims"): a customer-return claim between 45 and 105 days after the refund or replacement.
	// The repost gives no date of its own: the US announcement's 2024-10-23 is taken (to check against the
	// European policy page's history).
	{Name: "return-EU-45-105d-2024", Kind: KindReturn, Effective: "2024-10-23", OpensAfter: 45, Closes: 105, Marketplaces: europe,
		Source: "亚马逊欧洲公告（Update on eligibility window to file reimbursement claims，转载于卖家论坛）：买家退货索赔须在退款或换货后第 45 天至第 105 天之间提交（生效日按美国公告的 2024-10-23 计，待核对）"},
	// Seller Central Japan help G9N934L7Y4SFWPJ4 (language=en_JP) and Canada help 9N934L7Y4SFWPJ4 (en_CA): no sooner
	// than 45 days and no later than 18 months after the refund or replacement.
	{Name: "return-JP-45d-18m", Kind: KindReturn, Effective: "2000-01-01", OpensAfter: 45, Closes: 540, Marketplaces: japan,
		Source: "FBA 库存赔偿政策：买家退货索赔（Seller Central 日本站帮助 G9N934L7Y4SFWPJ4）：退款或换货后第 45 天起、18 个月内可申请"},
	{Name: "return-CA-45d-18m", Kind: KindReturn, Effective: "2000-01-01", OpensAfter: 45, Closes: 540, Marketplaces: canada,
		Source: "FBA 库存赔偿政策：买家退货索赔（Seller Central 加拿大站帮助 9N934L7Y4SFWPJ4）：退款或换货后第 45 天起、18 个月内可申请"},
	// Seller Central help GL7U4JFSDXUTQAJ (FBA fees reimbursement policy: Weight and dimensions): within 90 days of
	// the date the fee was charged.
	{Name: "fee-90d", Kind: KindFee, Effective: "2000-01-01", OpensAfter: 0, Closes: 90,
		Source: "FBA 费用赔偿政策：重量和尺寸（Seller Central 帮助 GL7U4JFSDXUTQAJ）：须在费用收取之日起 90 天内提交申请"},
}

// policyFor is the policy of a kind in force in a marketplace on the event's day (yyyy-mm-dd): the newest of the
// marketplace's own policies in force, else the newest of those for every marketplace.
func policyFor(kind, marketplaceID, day string) Policy {
	var own, general Policy
	for _, p := range Policies {
		if p.Kind != kind || p.Effective > day {
			continue
		}
		switch {
		case p.Marketplaces == nil && p.Effective >= general.Effective:
			general = p
		case slices.Contains(p.Marketplaces, marketplaceID) && p.Effective >= own.Effective:
			own = p
		}
	}
	if own.Name != "" {
		return own
	}
	return general
}

// DaysLeft is how many days are left to file a claim due on deadline (yyyy-mm-dd) as of today: 0 on the last
// day, negative once it has passed.
func DaysLeft(deadline, today string) int {
	d, err1 := time.Parse(time.DateOnly, deadline)
	t, err2 := time.Parse(time.DateOnly, today)
	if err1 != nil || err2 != nil {
		return 0
	}
	return int(d.Sub(t).Hours() / 24)
}

// window is when a claim of an event on day may be filed: from opens to deadline, both yyyy-mm-dd.
func (p Policy) window(day string) (opens, deadline string) {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day, day
	}
	return t.AddDate(0, 0, p.OpensAfter).Format(time.DateOnly), t.AddDate(0, 0, p.Closes).Format(time.DateOnly)
}
