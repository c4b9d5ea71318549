package purchase

import (
	"context"
	"fmt"
	"slices"
	"time"

	"sellerhub/app/core"
	"sellerhub/models"
	"sellerhub/models/amazondata"
	purchasedb "sellerhub/models/purchase"
)

// maxKeptPlanLines bounds the worked-out lines kept over all companies and store-group sets (about a kilobyte
// each): a seller of 5,000 SKUs in four marketplaces has 20,000.
const maxKeptPlanLines = 60_000

// planBase is every line of a company in a set of store groups, worked out on a day with the saved inputs, in the
// list's order, with what the data says of each line (facts, by line id), each line's place (index) and each
// product's lines, which a line's arithmetic with other inputs reads. It is kept and shared: nobody changes it.
type planBase struct {
	today     time.Time
	lines     []PlanLine
	facts     map[string]*lineFacts
	index     map[string]int
	byProduct map[int64][]int
	search    []string // each line's seller SKU, local SKU and ASIN in lower case, which 查询's keyword looks in
	capacity  map[marketKey]*capacityUse
	// pools are the members of each line's Pan-EU pool (by line id), for the lines that are pooled.
	pools map[string][]*PlanLine
}

// base is the user's lines as kept, worked out again only when what they read has changed: every call of the list,
// a SKU's arithmetic and the ad rules' days of cover read the same 20,000 lines, which took half a second of CPU.
func (pl *Planner) base(ctx context.Context, p core.Principal) (*planBase, error) {
	db := pl.db.With(ctx)
	if err := amazondata.EnsureSalesDays(db, p.CompanyID); err != nil {
		return nil, err
	}
	today := pl.today()
	// Both versions are read before what they cover: a write in between makes the lines newer than they say.
	sales, _, err := db.ReportVersion(p.CompanyID, p.UserID, models.GenerationFBALedger)
	if err != nil {
		return nil, err
	}
	version, groups, err := db.ReportVersion(p.CompanyID, p.UserID, models.GenerationFBALedger, models.GenerationFBAStock,
		models.GenerationProfit, models.GenerationReplenishment)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%d|%s|%s", p.CompanyID, groups, today.Format(time.DateOnly))
	return pl.kept.Answer(ctx, key, version, func(ctx context.Context) (*planBase, int, error) {
		if err := purchasedb.EnsurePlanSales(pl.db.With(ctx), p.CompanyID, today, sales); err != nil {
			return nil, 0, err
		}
		b, err := pl.work(ctx, p, today)
		if err != nil {
			return nil, 0, err
		}
		return b, len(b.lines), nil
	})
}

// tried is a line worked out with the inputs the buyer is trying, with its steps and projection: its shares of
// the product's local stock and open orders follow its new rate, the product's other lines keeping theirs. Nil
// when the line is not among the user's.
func (b *planBase) tried(o PlanOverride) *PlanLine {
	i, ok := b.index[o.ID]
	if !ok {
		return nil
	}
	l := b.lines[i]
	f := *b.facts[o.ID]
	l.Inputs = o.Inputs
	if siblings := b.byProduct[l.ProductID]; l.ProductID != 0 {
		weights := make([]int64, len(siblings))
		at := 0
		for n, j := range siblings {
			in := b.lines[j].Inputs
			if j == i {
				in, at = o.Inputs, n
			}
			weights[n] = b.facts[b.lines[j].ID].rate(in)
		}
		f.localShare = shares(f.localTotal, weights)[at]
		f.orderedShare = shares(f.orderedTotal, slices.Clone(weights))[at]
	}
	if members := b.pools[o.ID]; members != nil {
		me := slices.IndexFunc(members, func(m *PlanLine) bool { return m.ID == o.ID })
		l.PlanResult = pooledResult(members, b.facts, me, o.Inputs, b.today, true)
	} else {
		l.PlanResult = f.compute(o.Inputs, b.today, true)
	}
	// The marketplace's use with this line's new shipment in place of its kept one.
	if u := b.capacity[marketKey{l.GroupID, l.MarketplaceID}]; u != nil && l.Ship > 0 {
		tried := *u
		tried.shipped += float64(l.Ship-b.lines[i].Ship) * f.unitCubicFeet
		if w := tried.over(); w != "" {
			l.Warnings = append(l.Warnings, w)
		}
	}
	return &l
}
