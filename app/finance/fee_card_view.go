package finance

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	storesdb "sellerhub/models/stores"
)

// MsgFeeCardNone is 利润 › FBA费用's answer for a day before the marketplace's first dated card.
const MsgFeeCardNone = "该站点在所选日期没有FBA费用表"

// FeeCardView is a marketplace's fee card in force on a day as 利润 › FBA费用 shows it: the fulfilment fee of
// each size tier by shipping weight and price band, the referral rates, and every card the marketplace has had.
type FeeCardView struct {
	Marketplace   string         `json:"marketplace"`
	Name          string         `json:"name"`
	Currency      string         `json:"currency"`
	Day           string         `json:"day"`
	Effective     string         `json:"effective"`
	EffectiveNote string         `json:"effectiveNote"`
	LengthUnit    string         `json:"lengthUnit"`
	WeightUnit    string         `json:"weightUnit"`
	DimDivisor    string         `json:"dimDivisor"`
	PriceBands    []string       `json:"priceBands"`
	Fees          []FeeCardRow   `json:"fees"`
	Referrals     []ReferralRow  `json:"referrals"`
	MinReferral   string         `json:"minReferral"`
	Rise          string         `json:"rise"`
	TaxName       string         `json:"taxName"`
	Tax           string         `json:"tax"`
	Cards         []FeeCardDated `json:"cards"`
	// Marketplaces are those with a card, for the screen's 站点 list.
	Marketplaces []FeeCardMarket `json:"marketplaces"`
}

// FeeCardMarket is a marketplace that has a fee card.
type FeeCardMarket struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// FeeCardRow is one line of the fulfilment fee table: a tier's weight band (or its overage) and its fee in each
// price band. Limits, on the tier's first line only, says which units the tier takes.
type FeeCardRow struct {
	Tier   string   `json:"tier"`
	Limits string   `json:"limits"`
	Weight string   `json:"weight"`
	Fees   []string `json:"fees"`
}

// ReferralRow is a category's referral rate, in words when it steps with the price.
type ReferralRow struct {
	Code  string `json:"code"`
	Name  string `json:"name"`
	Rates string `json:"rates"`
}

// FeeCardDated is one of the marketplace's cards: from when, its note, and whether it is the one shown.
type FeeCardDated struct {
	Effective string `json:"effective"`
	Note      string `json:"note"`
	Shown     bool   `json:"shown"`
}

// FeeCard answers the marketplace's card in force on day (yyyy-mm-dd; "" for today in the company's zone).
func (s *Service) FeeCard(marketplace, day string) (*FeeCardView, error) {
	marketplace = strings.ToUpper(strings.TrimSpace(marketplace))
	if marketplace == "" {
		return nil, core.Invalid(MsgMarketplaceRequired)
	}
	if day = strings.TrimSpace(day); day == "" {
		day = s.now().In(s.timeZone).Format(time.DateOnly)
	} else if _, err := time.Parse(time.DateOnly, day); err != nil {
		return nil, core.Invalid(core.MsgDateBad)
	}
	name := ""
	var markets []FeeCardMarket
	for _, m := range storesdb.Marketplaces {
		if !slices.ContainsFunc(feeCards, func(c FeeCard) bool { return c.Marketplace == m.Country }) {
			continue
		}
		markets = append(markets, FeeCardMarket{Code: m.Country, Name: m.Name})
		if m.Country == marketplace {
			name = m.Name
		}
	}
	if name == "" {
		return nil, core.Invalid(MsgMarketplaceUnknown)
	}
	card, ok := cardOn(marketplace, day)
	if !ok {
		return nil, core.Invalid(MsgFeeCardNone)
	}
	v := &FeeCardView{Marketplace: marketplace, Name: name, Currency: card.Currency, Day: day,
		Effective: card.Effective, EffectiveNote: card.EffectiveNote, LengthUnit: card.lengthUnit(),
		WeightUnit: card.weightUnit(), TaxName: card.TaxName, MinReferral: card.MinReferral.StringFixed(card.Decimals),
		PriceBands: card.priceBandNames(), Fees: []FeeCardRow{}, Referrals: []ReferralRow{}, Marketplaces: markets}
	if card.DimDivisor.IsPositive() {
		v.DimDivisor = card.DimDivisor.String()
	}
	if card.Tax.IsPositive() {
		v.Tax = card.Tax.String() + "%"
	}
	if card.Rise.IsPositive() {
		v.Rise = fmt.Sprintf("售价超过%s时各类目佣金率加%s个百分点", card.RiseAbove.String(), card.Rise.String())
	}
	for _, t := range card.Tiers {
		v.Fees = append(v.Fees, card.tierRows(t)...)
	}
	for _, c := range card.Categories {
		v.Referrals = append(v.Referrals, ReferralRow{Code: c.Code, Name: c.Name, Rates: card.rateWords(c)})
	}
	for _, c := range feeCards {
		if c.Marketplace == marketplace {
			v.Cards = append(v.Cards, FeeCardDated{Effective: c.Effective, Note: c.EffectiveNote,
				Shown: c.Effective == card.Effective})
		}
	}
	return v, nil
}

func (c FeeCard) lengthUnit() string {
	if c.LengthUnit.Equal(decimal.NewFromInt(1)) {
		return "cm"
	}
	return "in"
}

// priceBandNames names the price bands as the columns of the fee table.
func (c FeeCard) priceBandNames() []string {
	if len(c.PriceBands) == 0 {
		return []string{"费用"}
	}
	out := []string{}
	from := ""
	for _, upTo := range c.PriceBands {
		if from == "" {
			out = append(out, "售价 ≤ "+upTo.String())
		} else {
			out = append(out, fmt.Sprintf("售价 %s–%s", from, upTo.String()))
		}
		from = upTo.String()
	}
	return append(out, "售价 > "+from)
}

// tierRows are a tier's lines: one per weight band, then its overage.
func (c FeeCard) tierRows(t SizeTier) []FeeCardRow {
	fees := func(ds []decimal.Decimal) []string {
		out := make([]string, len(ds))
		for i, d := range ds {
			out[i] = d.StringFixed(c.Decimals)
		}
		return out
	}
	unit := c.weightUnit()
	var rows []FeeCardRow
	for _, b := range t.Bands {
		rows = append(rows, FeeCardRow{Tier: t.Name, Weight: "≤ " + b.UpTo.String() + " " + unit, Fees: fees(b.Fees)})
	}
	if o := t.Over; o != nil {
		rows = append(rows, FeeCardRow{Tier: t.Name, Fees: fees(o.Base),
			Weight: fmt.Sprintf("%s %s以上每%s %s加%s", o.From.String(), unit, o.Step.String(), unit, o.PerStep.StringFixed(c.Decimals))})
	}
	if len(rows) > 0 {
		rows[0].Limits = c.limitWords(t)
	}
	return rows
}

// limitWords says a tier's limits in the card's units; a tier without limits takes what the others do not.
func (c FeeCard) limitWords(t SizeTier) string {
	l, w := c.lengthUnit(), c.weightUnit()
	var parts []string
	if t.Longest.IsPositive() {
		parts = append(parts, fmt.Sprintf("边长 ≤ %s×%s×%s %s", t.Longest, t.Median, t.Shortest, l))
	}
	if t.LengthGirth.IsPositive() {
		parts = append(parts, fmt.Sprintf("长+周长 ≤ %s %s", t.LengthGirth, l))
	}
	if t.DimSum.IsPositive() {
		parts = append(parts, fmt.Sprintf("三边和 ≤ %s %s", t.DimSum, l))
	}
	if t.MaxWeight.IsPositive() {
		weight := "发货重量"
		if t.UnitWeightOnly {
			weight = "商品重量"
		}
		parts = append(parts, fmt.Sprintf("%s ≤ %s %s", weight, t.MaxWeight, w))
	}
	if len(parts) == 0 {
		return "其余尺寸"
	}
	return strings.Join(parts, "，")
}

// rateWords says a category's referral rate: one rate, or its steps by price.
func (c FeeCard) rateWords(cat Category) string {
	if len(cat.Steps) == 1 {
		return cat.Steps[0].Percent.String() + "%"
	}
	var parts []string
	from := ""
	for _, s := range cat.Steps {
		switch {
		case s.UpTo.IsZero() && cat.Portion:
			parts = append(parts, fmt.Sprintf("超过%s的部分 %s%%", from, s.Percent))
		case s.UpTo.IsZero():
			parts = append(parts, fmt.Sprintf("售价 > %s：%s%%", from, s.Percent))
		case cat.Portion:
			parts = append(parts, fmt.Sprintf("%s以内的部分 %s%%", s.UpTo, s.Percent))
		default:
			parts = append(parts, fmt.Sprintf("售价 ≤ %s：%s%%", s.UpTo, s.Percent))
		}
		from = s.UpTo.String()
	}
	return strings.Join(parts, "；")
}
