package amazontest

import (
	"fmt"
	"hash/fnv"
	"time"

	"github.com/shopspring/decimal"
)

// The advertiser's Sponsored Products account the stand-in serves for a profile: campaigns, ad groups, keywords
// and product ads, and a year of daily figures per product ad, all made from the profile's id alone, so a test
// computes the same figures the reports carry. Campaigns' figures are their product ads' summed, as Amazon's are.

// AdAccount is one profile's Sponsored Products entities.
type AdAccount struct {
	Campaigns  []AdCampaign
	AdGroups   []AdGroupEntity
	Keywords   []AdKeyword
	ProductAds []AdProductAd
	// NegativeKeywords and Targets (product targeting clauses) of the manual ad groups.
	NegativeKeywords []AdNegativeKeyword
	// CampaignNegativeKeywords are campaigns' own negatives (no ad group): none until the advertiser adds some.
	CampaignNegativeKeywords []AdNegativeKeyword
	Targets                  []AdTarget
	// NegativeTargets are the product targeting exclusions of the third campaign's ad groups: an ASIN and a brand.
	NegativeTargets []AdNegativeTarget
	// Portfolios group the first three campaigns: the first two in one, the third in another.
	Portfolios []AdPortfolio
	// Currency is the profile's; a yen account's amounts are whole.
	Currency string
	Timezone string
}

// AdCampaign is a campaign; ActiveFrom/ActiveTo bound the days it has figures, relative to today (days back).
type AdCampaign struct {
	CampaignID, Name, State, TargetingType, StartDate string
	PortfolioID                                       string
	Budget                                            decimal.Decimal
	// EndDate and BiddingStrategy are set on campaigns created through the API (the made ones have neither).
	EndDate, BiddingStrategy string
	Placements               map[string]int
	// spendsFrom..spendsTo: the days back it spent (a paused campaign stopped 30 days ago, an archived one 200).
	spendsFrom, spendsTo int
}

// AdGroupEntity is an ad group.
type AdGroupEntity struct {
	AdGroupID, CampaignID, Name, State string
	DefaultBid                         decimal.Decimal
}

// AdKeyword is a keyword of a manual campaign's ad group.
type AdKeyword struct {
	KeywordID, AdGroupID, CampaignID, Text, MatchType, State string
	Bid                                                      decimal.Decimal
}

// AdPortfolio is a portfolio of campaigns.
type AdPortfolio struct {
	PortfolioID, Name, State string
}

// AdNegativeKeyword is a negative keyword of an ad group.
type AdNegativeKeyword struct {
	KeywordID, AdGroupID, CampaignID, Text, MatchType, State string
}

// AdTarget is a product targeting clause of an ad group: ads shown on another ASIN's page.
type AdTarget struct {
	TargetID, AdGroupID, CampaignID, ASIN, State string
	Bid                                          decimal.Decimal
}

// AdNegativeTarget is a negative targeting clause of an ad group: an ASIN (ASIN_SAME_AS) or a brand's id
// (ASIN_BRAND_SAME_AS) whose pages do not show its ads.
type AdNegativeTarget struct {
	TargetID, AdGroupID, CampaignID, Type, Value, State string
}

// AdProductAd is a product ad.
type AdProductAd struct {
	AdID, AdGroupID, CampaignID, SKU, ASIN, State string
	price                                         int64 // cents, or yen
	campaign                                      *AdCampaign
}

// AdDay is a product ad's (or a campaign's) figures of one day.
type AdDay struct {
	Date                               string
	CampaignID, AdGroupID, AdID        string
	SKU, ASIN                          string
	Impressions, Clicks, Orders, Units int64
	Cost, Sales                        decimal.Decimal
}

// AdSKUs are the SKUs (and ASINs) a profile advertises; nil: ADSKU-<country>-1..6.
type AdSKUs func(p StandInProfile) [][2]string

func defaultAdSKUs(p StandInProfile) [][2]string {
	out := make([][2]string, 6)
	for i := range out {
		out[i] = [2]string{fmt.Sprintf("ADSKU-%s-%d", p.CountryCode, i+1), fmt.Sprintf("B0AD%s%04d", p.CountryCode, i+1)}
	}
	return out
}

// AdAccountOf makes the profile's account: five campaigns (automatic and manual, one paused, one archived), two
// ad groups each, four keywords and a negative keyword per manual ad group (the third campaign's also target two
// ASINs) and two product ads per ad group over the SKUs.
func AdAccountOf(p StandInProfile, skus AdSKUs) *AdAccount {
	if skus == nil {
		skus = defaultAdSKUs
	}
	list := skus(p)
	a := &AdAccount{Currency: p.CurrencyCode, Timezone: p.Timezone}
	base := (p.ProfileID % 100000) * 1_000_000_000
	id := func(kind, n int) string { return fmt.Sprint(base + int64(kind)*10_000_000 + int64(n)) }
	scale := int64(100)
	if p.CurrencyCode == "JPY" {
		scale = 1
	}
	states := []string{"ENABLED", "ENABLED", "ENABLED", "PAUSED", "ARCHIVED"}
	targeting := []string{"AUTO", "MANUAL", "MANUAL", "AUTO", "MANUAL"}
	matches := []string{"EXACT", "PHRASE", "BROAD"}
	words := []string{"kitchen scale", "digital scale", "food scale grams", "coffee scale", "baking scale",
		"scale with timer", "small scale", "precision scale"}
	a.Portfolios = []AdPortfolio{{id(7, 1), "主推款", "ENABLED"}, {id(7, 2), "测试款", "ENABLED"}}
	portfolioOf := []string{id(7, 1), id(7, 1), id(7, 2), "", ""}
	ad := 0
	for c := range 5 {
		camp := AdCampaign{CampaignID: id(1, c+1), Name: fmt.Sprintf("SP %s %d", targeting[c], c+1), State: states[c],
			TargetingType: targeting[c], StartDate: "2025-01-01", PortfolioID: portfolioOf[c],
			Budget: decimal.New((20+int64(c)*10)*scale, -2), spendsFrom: 365, spendsTo: 1}
		switch camp.State {
		case "PAUSED":
			camp.spendsTo = 30
		case "ARCHIVED":
			camp.spendsTo = 200
		}
		a.Campaigns = append(a.Campaigns, camp)
		cp := &a.Campaigns[len(a.Campaigns)-1]
		for g := range 2 {
			groupState := "ENABLED"
			if camp.State == "ARCHIVED" {
				groupState = "ARCHIVED"
			}
			grp := AdGroupEntity{AdGroupID: id(2, c*10+g+1), CampaignID: camp.CampaignID,
				Name: fmt.Sprintf("Group %d-%d", c+1, g+1), State: groupState, DefaultBid: decimal.New((75+int64(g)*25)*scale, -4)}
			a.AdGroups = append(a.AdGroups, grp)
			if camp.TargetingType == "MANUAL" {
				for k := range 4 {
					n := c*100 + g*10 + k + 1
					a.Keywords = append(a.Keywords, AdKeyword{KeywordID: id(3, n), AdGroupID: grp.AdGroupID,
						CampaignID: camp.CampaignID, Text: words[(c+g*4+k)%len(words)], MatchType: matches[k%3],
						State: groupState, Bid: decimal.New((50+int64(k)*15)*scale, -4)})
				}
				a.NegativeKeywords = append(a.NegativeKeywords, AdNegativeKeyword{KeywordID: id(5, c*10+g+1),
					AdGroupID: grp.AdGroupID, CampaignID: camp.CampaignID, Text: "cheap scale", MatchType: "NEGATIVE_EXACT",
					State: groupState})
				if c == 2 {
					a.NegativeTargets = append(a.NegativeTargets,
						AdNegativeTarget{TargetID: id(8, c*10+g*2+1), AdGroupID: grp.AdGroupID, CampaignID: camp.CampaignID,
							Type: "ASIN_SAME_AS", Value: list[(g+5)%len(list)][1], State: groupState},
						AdNegativeTarget{TargetID: id(8, c*10+g*2+2), AdGroupID: grp.AdGroupID, CampaignID: camp.CampaignID,
							Type: "ASIN_BRAND_SAME_AS", Value: "2046281", State: groupState})
					for n := range 2 {
						a.Targets = append(a.Targets, AdTarget{TargetID: id(6, c*10+g*2+n+1), AdGroupID: grp.AdGroupID,
							CampaignID: camp.CampaignID, ASIN: list[(g*2+n+3)%len(list)][1], State: groupState,
							Bid: decimal.New((60+int64(n)*20)*scale, -4)})
					}
				}
			}
			for range 2 {
				sku := list[ad%len(list)]
				a.ProductAds = append(a.ProductAds, AdProductAd{AdID: id(4, ad+1), AdGroupID: grp.AdGroupID,
					CampaignID: camp.CampaignID, SKU: sku[0], ASIN: sku[1], State: groupState,
					price: 1999 + int64(ad%len(list))*500, campaign: cp})
				ad++
			}
		}
	}
	return a
}

// parentsByID are the account's campaigns and ad groups by Amazon's id: the creation calls look up each new
// entity's parents there.
func (a *AdAccount) parentsByID() (map[string]AdCampaign, map[string]AdGroupEntity) {
	campaigns := make(map[string]AdCampaign, len(a.Campaigns))
	for _, c := range a.Campaigns {
		campaigns[c.CampaignID] = c
	}
	groups := make(map[string]AdGroupEntity, len(a.AdGroups))
	for _, g := range a.AdGroups {
		groups[g.AdGroupID] = g
	}
	return campaigns, groups
}

// Today is the profile's day now: reports' dates are in its time zone.
func (a *AdAccount) Today(now time.Time) time.Time {
	loc, err := time.LoadLocation(a.Timezone)
	if err != nil {
		loc = time.UTC
	}
	y, m, d := now.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// ProductAdDays are the product ads' figures of the days start..end (YYYY-MM-DD), days without impressions left
// out, as the advertised product report has them; now fixes "today".
func (a *AdAccount) ProductAdDays(now time.Time, start, end string) []AdDay {
	today := a.Today(now)
	from, _ := time.Parse(time.DateOnly, start)
	to, _ := time.Parse(time.DateOnly, end)
	var out []AdDay
	for day := from; !day.After(to); day = day.AddDate(0, 0, 1) {
		back := int(today.Sub(day).Hours() / 24)
		for _, ad := range a.ProductAds {
			if back > ad.campaign.spendsFrom || back < ad.campaign.spendsTo {
				continue
			}
			if d, ok := a.figures(ad, day); ok {
				out = append(out, d)
			}
		}
	}
	return out
}

// CampaignDays are the campaigns' figures of the days: their product ads' summed.
func (a *AdAccount) CampaignDays(now time.Time, start, end string) []AdDay {
	var out []AdDay
	at := map[[2]string]int{}
	for _, d := range a.ProductAdDays(now, start, end) {
		k := [2]string{d.Date, d.CampaignID}
		i, ok := at[k]
		if !ok {
			at[k] = len(out)
			out = append(out, AdDay{Date: d.Date, CampaignID: d.CampaignID, Cost: decimal.Zero, Sales: decimal.Zero})
			i = len(out) - 1
		}
		c := &out[i]
		c.Impressions += d.Impressions
		c.Clicks += d.Clicks
		c.Orders += d.Orders
		c.Units += d.Units
		c.Cost = c.Cost.Add(d.Cost)
		c.Sales = c.Sales.Add(d.Sales)
	}
	return out
}

// keywordShares are how a manual ad group's day splits over its keywords and targets, by weight: the first takes
// what rounding leaves, so that their figures sum to the ad group's exactly, as Amazon's targeting report does.
var keywordShares = []int64{4, 3, 2, 1}

// KeywordDays are the keywords' and product targets' figures of the days (AdID is the keyword's or target's id),
// as the targeting report has them: each manual ad group's product ads' day shared over its keywords, then its
// targets (days without impressions left out).
func (a *AdAccount) KeywordDays(now time.Time, start, end string) []AdDay {
	keywords := map[string][]AdKeyword{}
	for _, k := range a.Keywords {
		keywords[k.AdGroupID] = append(keywords[k.AdGroupID], k)
	}
	for _, t := range a.Targets {
		keywords[t.AdGroupID] = append(keywords[t.AdGroupID], AdKeyword{KeywordID: t.TargetID})
	}
	places := int32(2)
	if a.Currency == "JPY" {
		places = 0
	}
	var out []AdDay
	for _, g := range adGroupDays(a.ProductAdDays(now, start, end), func(id string) bool { return len(keywords[id]) > 0 }) {
		var ids []targetShare
		for _, kw := range keywords[g.AdGroupID] {
			ids = append(ids, targetShare{id: kw.KeywordID, adGroupID: g.AdGroupID})
		}
		out = append(out, splitOverTargets(g, ids, places)...)
	}
	return out
}

// adGroupDays sums product ads' days by day and ad group, for the ad groups split over (has), in the order met.
func adGroupDays(days []AdDay, has func(adGroupID string) bool) []AdDay {
	type key struct{ date, group string }
	at := map[key]int{}
	var out []AdDay
	for _, d := range days {
		if !has(d.AdGroupID) {
			continue
		}
		k := key{d.Date, d.AdGroupID}
		i, ok := at[k]
		if !ok {
			i, at[k] = len(out), len(out)
			out = append(out, AdDay{Date: d.Date, CampaignID: d.CampaignID, AdGroupID: d.AdGroupID, Cost: decimal.Zero, Sales: decimal.Zero})
		}
		g := &out[i]
		g.Impressions += d.Impressions
		g.Clicks += d.Clicks
		g.Orders += d.Orders
		g.Units += d.Units
		g.Cost = g.Cost.Add(d.Cost)
		g.Sales = g.Sales.Add(d.Sales)
	}
	return out
}

// targetShare is a keyword or target a day is shared over, and its ad group.
type targetShare struct{ id, adGroupID string }

// splitOverTargets shares a day over keywords and targets by keywordShares, the first taking what rounding leaves
// (so that they sum to the day exactly); AdID of each part is the keyword's or target's id. Parts without
// impressions are left out.
func splitOverTargets(g AdDay, ids []targetShare, places int32) []AdDay {
	parts := make([]AdDay, len(ids))
	left := g
	var weights int64
	for i := range ids {
		weights += keywordShares[i%len(keywordShares)]
	}
	for i := len(ids) - 1; i >= 0; i-- {
		p := AdDay{Date: g.Date, CampaignID: g.CampaignID, AdGroupID: ids[i].adGroupID, AdID: ids[i].id}
		if i == 0 {
			p.Impressions, p.Clicks, p.Orders, p.Units, p.Cost, p.Sales = left.Impressions, left.Clicks, left.Orders, left.Units, left.Cost, left.Sales
		} else {
			share := keywordShares[i%len(keywordShares)]
			p.Impressions, p.Clicks = g.Impressions*share/weights, g.Clicks*share/weights
			p.Orders, p.Units = g.Orders*share/weights, g.Units*share/weights
			p.Cost = g.Cost.Mul(decimal.NewFromInt(share)).Div(decimal.NewFromInt(weights)).RoundDown(places)
			p.Sales = g.Sales.Mul(decimal.NewFromInt(share)).Div(decimal.NewFromInt(weights)).RoundDown(places)
			left.Impressions, left.Clicks, left.Orders, left.Units = left.Impressions-p.Impressions, left.Clicks-p.Clicks, left.Orders-p.Orders, left.Units-p.Units
			left.Cost, left.Sales = left.Cost.Sub(p.Cost), left.Sales.Sub(p.Sales)
		}
		parts[i] = p
	}
	var out []AdDay
	for _, p := range parts {
		if p.Impressions > 0 {
			out = append(out, p)
		}
	}
	return out
}

// figures are a product ad's day, from a hash of its id and the date: some days nothing shows.
func (a *AdAccount) figures(ad AdProductAd, day time.Time) (AdDay, bool) {
	h := fnv.New64a()
	fmt.Fprint(h, ad.AdID, day.Format(time.DateOnly))
	x := h.Sum64()
	if x%11 == 0 {
		return AdDay{}, false
	}
	impressions := int64(150 + x%1850)
	clicks := impressions * int64(3+(x>>11)%25) / 1000
	cpc := int64(35 + (x>>17)%125) // cents (yen for JPY: 35-160)
	orders := clicks * int64((x>>23)%18) / 100
	units := orders + orders/3
	cost, sales := decimal.New(clicks*cpc, -2), decimal.New(units*ad.price, 0)
	if a.Currency == "JPY" {
		cost = decimal.New(clicks*cpc, 0)
	} else {
		sales = decimal.New(units*ad.price, -2)
	}
	return AdDay{Date: day.Format(time.DateOnly), CampaignID: ad.CampaignID, AdGroupID: ad.AdGroupID, AdID: ad.AdID,
		SKU: ad.SKU, ASIN: ad.ASIN, Impressions: impressions, Clicks: clicks, Orders: orders, Units: units,
		Cost: cost, Sales: sales}, true
}
