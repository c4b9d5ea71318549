package pricing

import (
	"context"
	"fmt"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	pricingdb "sellerhub/models/pricing"
)

// ChangeQuery is the history's query: the page, a store group, a marketplace, a listing (our id), the result (ok,
// failed), a part of the seller SKU or ASIN, and the days (yyyy-MM-dd, both included).
type ChangeQuery struct {
	core.PageRequest
	GroupID       string `json:"groupId" query:"groupId"`
	MarketplaceID string `json:"marketplaceId" query:"marketplaceId"`
	ListingID     string `json:"listingId" query:"listingId"`
	Result        string `json:"result" query:"result"`
	Keyword       string `json:"keyword" query:"keyword"`
	StartDate     string `json:"startDate" query:"startDate"`
	EndDate       string `json:"endDate" query:"endDate"`
}

// ChangePage answers a page of the history of the user's store groups, the latest first.
func (s *Service) ChangePage(ctx context.Context, p core.Principal, q ChangeQuery) ([]pricingdb.ChangeRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	f := pricingdb.ChangeFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID), Result: strings.TrimSpace(q.Result),
		Keyword: strings.TrimSpace(q.Keyword), Offset: r.Offset(), Limit: r.Size}
	if f.Result != "" && f.Result != "ok" && f.Result != "failed" {
		return nil, 0, r, core.Invalid(MsgResultBad)
	}
	var err error
	if f.From, f.To, err = core.DayRange(s.timeZone, q.StartDate, q.EndDate); err != nil {
		return nil, 0, r, err
	}
	var ok bool
	if f.GroupID, _, ok = core.StoreFilter(q.GroupID, ""); !ok {
		return []pricingdb.ChangeRow{}, 0, r, nil
	}
	if l := strings.TrimSpace(q.ListingID); l != "" {
		if f.ListingID, ok = core.ParseID(l); !ok {
			return []pricingdb.ChangeRow{}, 0, r, nil
		}
	}
	rows, total, err := pricingdb.ChangePage(s.db.With(ctx), p.CompanyID, f)
	return rows, total, r, err
}

// FloorForm is a listing's floor price in its currency; "" removes it.
type FloorForm struct {
	Floor string `json:"floor"`
}

// SetFloor sets or removes the floor price of one of the company's listings in the user's store groups, and answers
// the listing as 调价 lists it.
func (s *Service) SetFloor(ctx context.Context, p core.Principal, id string, f FloorForm) (*pricingdb.ListingRow, error) {
	n, ok := core.ParseID(id)
	if !ok {
		return nil, core.NotFound("商品")
	}
	var out *pricingdb.ListingRow
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		rows, err := pricingdb.ListingsByIDs(tx, p.CompanyID, p.UserID, []int64{n})
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return core.NotFound("商品")
		}
		l := rows[0]
		text := strings.TrimSpace(f.Floor)
		if text == "" {
			err = pricingdb.ClearFloor(tx, p.CompanyID, n)
		} else {
			places := decimalsOf(l.Currency)
			v, ok := checkNumber(text, places)
			if !ok || !v.IsPositive() {
				return core.Invalid(fmt.Sprintf(MsgFloorBad, places))
			}
			err = pricingdb.SaveFloor(tx, pricingdb.Floor{ListingID: n, CompanyID: p.CompanyID, FloorPrice: models.Money{Decimal: v},
				UpdatedBy: p.UserID, UpdatedAt: s.now.Stamp()})
		}
		if err != nil {
			return err
		}
		rows, err = pricingdb.ListingsByIDs(tx, p.CompanyID, p.UserID, []int64{n})
		if err == nil && len(rows) == 1 {
			out = &rows[0]
		}
		return err
	})
	return out, err
}

// Settings are the company's 调价 settings: the percent of change above which a change needs a confirmation. The
// answer adds 利润计算器's referral categories (every supported marketplace's, by code), which a change to a
// target margin names.
type Settings struct {
	ConfirmPercent int        `json:"confirmPercent"`
	Categories     []Category `json:"categories,omitempty"`
}

// Category is a referral category of the calculator.
type Category struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// GetSettings reads the company's settings, with the calculator's categories.
func (s *Service) GetSettings(ctx context.Context, p core.Principal) (Settings, error) {
	n, err := pricingdb.ConfirmPercent(s.db.With(ctx), p.CompanyID)
	out := Settings{ConfirmPercent: n, Categories: []Category{}}
	seen := map[string]bool{}
	for _, m := range s.finance.CalculatorOptions() {
		for _, c := range m.Categories {
			if !seen[c.Code] {
				seen[c.Code] = true
				out.Categories = append(out.Categories, Category{Code: c.Code, Name: c.Name})
			}
		}
	}
	return out, err
}

// SaveSettings sets the company's confirmation percent (1 to 100).
func (s *Service) SaveSettings(ctx context.Context, p core.Principal, f Settings) (Settings, error) {
	if f.ConfirmPercent < 1 || f.ConfirmPercent > 100 {
		return f, core.Invalid(MsgPercentBad)
	}
	f.Categories = nil
	return f, pricingdb.SaveConfirmPercent(s.db.With(ctx), p.CompanyID, f.ConfirmPercent, s.now.Stamp())
}
