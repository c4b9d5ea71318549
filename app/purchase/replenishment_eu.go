package purchase

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	purchasedb "sellerhub/models/purchase"
	storesdb "sellerhub/models/stores"
)

// 欧洲拆分发货 (/e/s/p/e): with Pan-European FBA (or EFN) the units in any EU marketplace serve the others, so a SKU
// needs one shipment need for the pool, not one per country. The pool's lines (the SKU in the store group's EU
// marketplaces) are summed into one line and worked out with the chosen line's inputs; its suggested shipment is
// split over the marketplaces by their share of the last 30 days' sales (60 days, else equally, when none sold),
// each share editable, and the shipment plans (发货计划) are made through the plans' own creation.

// Messages of 欧洲拆分发货.
const (
	MsgEUNotPooled   = "该站点不在欧洲库存池中（德、法、意、西、荷、瑞典、波兰、比利时）"
	MsgEUTotalBad    = "发货总数必须为0到1000000的整数"
	MsgEUNoQuantity  = "请填写至少一个站点的发货数量"
	MsgEUQuantityBad = "%s：数量必须为0到1000000的整数"
	MsgEUMarketGone  = "站点不在该SKU的欧洲库存池中"
	MsgShipWarehouse = "请选择发货仓库"
	euShareDecimals  = 1
)

// EUPoolCountries are the marketplaces whose FBA stock Pan-European FBA pools (the UK left it in 2021).
var EUPoolCountries = map[string]bool{"DE": true, "FR": true, "IT": true, "ES": true, "NL": true, "SE": true, "PL": true, "BE": true}

// marketSort is the marketplace's place in the order sellers expect (DE, FR, IT, ES...).
func marketSort(id string) int {
	m, _ := storesdb.MarketplaceByID(id)
	return m.Sort
}

// EUSplitForm is the split asked: a line of the pool, and the total to split ("" or nil: the pool's suggestion).
type EUSplitForm struct {
	ID    string `json:"id"`
	Total *int   `json:"total"`
}

// EUMarket is a marketplace of the pool: its line, its sales and FBA stock, its share and its part of the total.
type EUMarket struct {
	ID            string `json:"id"`
	MarketplaceID string `json:"marketplaceId"`
	Country       string `json:"country"`
	Units30       int    `json:"units30"`
	Units60       int    `json:"units60"`
	FBATotal      int    `json:"fbaTotal"`
	Share         string `json:"share"`
	Quantity      int    `json:"quantity"`
}

// EUSplit is the pool worked out: the SKU, the pool's arithmetic (its steps), the total split and the markets.
type EUSplit struct {
	GroupName  string     `json:"groupName"`
	SKU        string     `json:"sku"`
	ProductSKU string     `json:"productSku"`
	Countries  string     `json:"countries"`
	Pool       PlanResult `json:"pool"`
	Total      int        `json:"total"`
	Markets    []EUMarket `json:"markets"`
}

// EUSplit works out the pool of the line's SKU and splits the total over its marketplaces.
func (pl *Planner) EUSplit(ctx context.Context, p core.Principal, f EUSplitForm) (*EUSplit, error) {
	b, err := pl.base(ctx, p)
	if err != nil {
		return nil, err
	}
	all, facts := b.lines, b.facts
	var first *PlanLine
	for i := range all {
		if all[i].ID == f.ID {
			first = &all[i]
		}
	}
	if first == nil {
		return nil, core.Invalid(MsgPlanLineGone)
	}
	if !EUPoolCountries[first.Country] {
		return nil, core.Invalid(MsgEUNotPooled)
	}
	// The pool: the SKU's lines in the group's EU marketplaces, in the marketplaces' order.
	var members []*PlanLine
	for i := range all {
		l := &all[i]
		if l.GroupID == first.GroupID && l.SKU == first.SKU && EUPoolCountries[l.Country] {
			members = append(members, l)
		}
	}
	sortMembers(members)
	pool := poolFacts(members, facts)
	countries := make([]string, len(members))
	for i, l := range members {
		countries[i] = l.Country
	}
	out := &EUSplit{GroupName: first.GroupName, SKU: first.SKU, ProductSKU: first.ProductSKU,
		Countries: strings.Join(countries, "+"), Markets: []EUMarket{}}
	out.Pool = pool.compute(first.Inputs, pl.today(), true)
	out.Total = out.Pool.Ship
	if f.Total != nil {
		if *f.Total < 0 || *f.Total > maxLineQuantity {
			return nil, core.Invalid(MsgEUTotalBad)
		}
		out.Total = *f.Total
	}
	weights, _, sold := poolWeights(members, facts)
	parts := shares(out.Total, append([]int64(nil), weights...))
	for i, l := range members {
		fa := facts[l.ID]
		share := decimal.NewFromInt(100).Div(decimal.NewFromInt(int64(len(members))))
		if sold > 0 {
			share = decimal.NewFromInt(weights[i] * 100).Div(decimal.NewFromInt(int64(sold)))
		}
		out.Markets = append(out.Markets, EUMarket{ID: l.ID, MarketplaceID: l.MarketplaceID, Country: l.Country,
			Units30: fa.units[2], Units60: fa.units[3], FBATotal: l.FBATotal,
			Share: share.StringFixed(euShareDecimals) + "%", Quantity: parts[i]})
	}
	return out, nil
}

// EUSplitSubmitForm is the split to make: a line of the pool, the warehouse shipped from and each marketplace's
// quantity (0 leaves it out).
type EUSplitSubmitForm struct {
	ID          string     `json:"id"`
	WarehouseID string     `json:"warehouseId"`
	Lines       []PlanPick `json:"lines"`
}

// SubmitEUSplit makes a shipment plan (待提交) per marketplace with a quantity, all or none.
func (pl *Planner) SubmitEUSplit(ctx context.Context, p core.Principal, f EUSplitSubmitForm) ([]PlanDoc, error) {
	if strings.TrimSpace(f.WarehouseID) == "" {
		return nil, core.Invalid(MsgShipWarehouse)
	}
	split, err := pl.EUSplit(ctx, p, EUSplitForm{ID: f.ID})
	if err != nil {
		return nil, err
	}
	inPool := map[string]string{}
	for _, m := range split.Markets {
		inPool[m.ID] = m.Country
	}
	docs := PlanDocsForm{WarehouseID: f.WarehouseID}
	for _, l := range f.Lines {
		country, ok := inPool[l.ID]
		switch {
		case !ok:
			return nil, core.Invalid(MsgEUMarketGone)
		case l.Quantity < 0 || l.Quantity > maxLineQuantity:
			return nil, core.Invalid(fmt.Sprintf(MsgEUQuantityBad, country))
		case l.Quantity > 0:
			docs.Lines = append(docs.Lines, l)
		}
	}
	if len(docs.Lines) == 0 {
		return nil, core.Invalid(MsgEUNoQuantity)
	}
	return pl.CreateShipPlans(ctx, p, docs)
}

// sortMembers puts a pool's lines in the marketplaces' order.
func sortMembers(members []*PlanLine) {
	sort.SliceStable(members, func(i, j int) bool {
		return marketSort(members[i].MarketplaceID) < marketSort(members[j].MarketplaceID)
	})
}

// poolFacts sums a pool's lines into one line's facts.
func poolFacts(members []*PlanLine, facts map[string]*lineFacts) lineFacts {
	pool := lineFacts{}
	for _, l := range members {
		fa := facts[l.ID]
		pool.hasProduct = pool.hasProduct || fa.hasProduct
		for w := range Windows {
			pool.units[w] += fa.units[w]
		}
		pool.fulfillable += fa.fulfillable
		pool.reserved += fa.reserved
		pool.inbound += fa.inbound
		pool.ourShipments += fa.ourShipments
		// The product's local stock and open orders were shared among its lines: the pool holds its members' shares.
		pool.localShare += fa.localShare
		pool.orderedShare += fa.orderedShare
		pool.localTotal, pool.orderedTotal = fa.localTotal, fa.orderedTotal
		if fa.plan != nil {
			units := *fa.plan
			if pool.plan != nil {
				units += *pool.plan
			}
			pool.plan, pool.planDays = &units, fa.planDays
		}
	}
	// The pool is out of stock on a day only when every member was: the fewest days out of any member.
	for w := range Windows {
		for i, l := range members {
			if d := facts[l.ID].outDays[w]; i == 0 || d < pool.outDays[w] {
				pool.outDays[w] = d
			}
		}
	}
	return pool
}

// poolWeights are the members' shares of the pool: their units of the last 30 days, else 60 (window 2 or 3 of
// Windows), and the units they sum to; all 0 (equal shares) when none sold.
func poolWeights(members []*PlanLine, facts map[string]*lineFacts) ([]int64, int, int) {
	window := 2
	for {
		weights, sold := make([]int64, len(members)), 0
		for i, l := range members {
			weights[i] = int64(facts[l.ID].units[window])
			sold += facts[l.ID].units[window]
		}
		if sold > 0 || window == 3 {
			return weights, window, sold
		}
		window = 3
	}
}

// pooledResult works a member of a Pan-EU pool out with the inputs in: its own stock and rate, the pool's dates
// and warnings, and its share by sales of the pool's shipment and purchase; with detail, the pool's steps and a
// last one for the share.
func pooledResult(members []*PlanLine, facts map[string]*lineFacts, me int, in PlanInputs, today time.Time, detail bool) PlanResult {
	own := facts[members[me].ID].compute(in, today, false)
	pool := poolFacts(members, facts)
	r := pool.compute(in, today, detail)
	weights, window, sold := poolWeights(members, facts)
	ship := shares(r.Ship, slices.Clone(weights))[me]
	buy := shares(r.Buy, slices.Clone(weights))[me]
	countries := make([]string, len(members))
	for i, l := range members {
		countries[i] = l.Country
	}
	if detail {
		share := fmt.Sprintf("各站点均分（%d个站点都没有销量）", len(members))
		if sold > 0 {
			share = fmt.Sprintf("本站点%d天销量 %d ÷ 池内 %d", Windows[window], weights[me], sold)
		}
		own.Steps = append(r.Steps, PlanStep{Key: "euShare", Label: "泛欧份额",
			Formula: fmt.Sprintf("%s 池：建议发货 %d、建议采购 %d，按%s分到本站点", strings.Join(countries, "+"), r.Ship, r.Buy, share),
			Value:   fmt.Sprintf("发货 %d / 采购 %d", ship, buy)})
		own.Windows, own.Projection = r.Windows, r.Projection
	}
	own.CoverDays, own.StockOutDate, own.ShipByDate, own.OrderByDate = r.CoverDays, r.StockOutDate, r.ShipByDate, r.OrderByDate
	own.CoverAfter, own.Warnings = r.CoverAfter, r.Warnings
	own.ShipNeed, own.BuyNeed = r.ShipNeed, r.BuyNeed
	own.ShipSuggest, own.Ship, own.Buy = shares(r.ShipSuggest, slices.Clone(weights))[me], ship, buy
	return own
}

// poolKey is a SKU of a store group, whose EU lines a Pan-EU pool gathers.
type poolKey struct {
	group int64
	sku   string
}

// poolLines gives the lines of the pooled groups' SKUs in two or more EU marketplaces their pool's figures, and
// returns each pooled line's members (by line id).
func poolLines(pooled map[int64]bool, keys []purchasedb.PlanKey, lines map[purchasedb.PlanKey]*PlanLine,
	facts map[string]*lineFacts, today time.Time) map[string][]*PlanLine {
	pools := map[poolKey][]*PlanLine{}
	for _, k := range keys {
		if l := lines[k]; pooled[k.GroupID] && EUPoolCountries[l.Country] {
			pools[poolKey{k.GroupID, k.SKU}] = append(pools[poolKey{k.GroupID, k.SKU}], l)
		}
	}
	out := map[string][]*PlanLine{}
	for _, members := range pools {
		if len(members) < 2 {
			continue
		}
		sortMembers(members)
		results := make([]PlanResult, len(members))
		for i, l := range members {
			results[i] = pooledResult(members, facts, i, l.Inputs, today, false)
		}
		countries := make([]string, len(members))
		for i, l := range members {
			countries[i] = l.Country
		}
		for i, l := range members {
			l.PlanResult, l.Pool = results[i], strings.Join(countries, "+")
			out[l.ID] = members
		}
	}
	return out
}
