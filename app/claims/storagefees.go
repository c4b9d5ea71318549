package claims

import (
	"context"
	"slices"
	"strings"
	"time"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
	amazondatadb "sellerhub/models/amazondata"
)

// Messages of 仓储费报告.
const (
	MsgMonthInvalid = "月份格式应为 yyyy-MM"
	MsgMonthOrder   = "开始月份不能晚于结束月份"
)

// StorageFees is 仓储费报告: what Amazon charged each month for storing a seller's units (the monthly storage fee
// per FNSKU and fulfilment centre) and for keeping them too long (the aged inventory surcharge), in the charge's
// currency and in CNY at the month's rate. A type of its own: claims.Service is the audit's.
type StorageFees struct {
	db      *models.DB
	finance *finance.Service
}

// NewStorageFees builds 仓储费报告's service.
func NewStorageFees(db *models.DB, fin *finance.Service) *StorageFees {
	return &StorageFees{db: db, finance: fin}
}

// StorageFeeQuery is the body of 仓储费报告's lists: the page, the sort, a store group and marketplace, the months
// from and to (yyyy-MM) and a part of the SKU, FNSKU or ASIN.
type StorageFeeQuery struct {
	core.PageRequest
	Sort          string `json:"sort"`
	Order         string `json:"order"`
	GroupID       string `json:"groupId"`
	MarketplaceID string `json:"marketplaceId"`
	From          string `json:"from"`
	To            string `json:"to"`
	Keyword       string `json:"keyword"`
}

// storageFeeSorts and agedSurchargeSorts are the lists' sortable columns by the client's names.
var (
	storageFeeSorts    = map[string]string{"month": "month", "fee": "fee", "fnsku": "fnsku", "fulfillmentCenter": "fulfillment_center"}
	agedSurchargeSorts = map[string]string{"snapshotDate": "snapshot_date", "sku": "sku", "amountCharged": "amount_charged",
		"quantityCharged": "quantity_charged"}
)

// filter reads the query; ok is false when it names a store group that cannot be one (the list is then empty).
func (q StorageFeeQuery) filter(p core.Principal, sorts map[string]string) (f amazondatadb.StorageFeeFilter, r core.PageRequest, ok bool, err error) {
	r = q.PageRequest.Normalized()
	f = amazondatadb.StorageFeeFilter{UserID: p.UserID, MarketplaceID: strings.TrimSpace(q.MarketplaceID),
		Keyword: strings.TrimSpace(q.Keyword), OrderBy: sorts[q.Sort], Desc: strings.EqualFold(q.Order, "desc"),
		Offset: r.Offset(), Limit: r.Size, Anchor: r.Anchor()}
	if f.From, err = month(q.From); err != nil {
		return f, r, false, err
	}
	if f.To, err = month(q.To); err != nil {
		return f, r, false, err
	}
	if f.From != "" && f.To != "" && f.From > f.To {
		return f, r, false, core.Invalid(MsgMonthOrder)
	}
	if g := strings.TrimSpace(q.GroupID); g != "" {
		n, ok := core.ParseID(g)
		if !ok {
			return f, r, false, nil
		}
		f.GroupID = n
	}
	return f, r, true, nil
}

// month reads a yyyy-MM filter month; "" is open.
func month(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	t, err := time.Parse("2006-01", raw)
	if err != nil {
		return "", core.Invalid(MsgMonthInvalid)
	}
	return t.Format("2006-01"), nil
}

// StorageFeeLine is a monthly storage fee line with its fee in CNY at its month's rate.
type StorageFeeLine struct {
	amazondatadb.StorageFeeRow
	FeeCNY models.Money
}

// StorageFeePage lists a page of monthly storage fees, the latest month first unless sorted.
func (s *StorageFees) StorageFeePage(ctx context.Context, p core.Principal, q StorageFeeQuery) ([]StorageFeeLine, int64, core.PageRequest, error) {
	f, r, ok, err := q.filter(p, storageFeeSorts)
	if err != nil || !ok {
		return []StorageFeeLine{}, 0, r, err
	}
	rows, total, err := amazondatadb.StorageFeePage(s.db.With(ctx), p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	book, err := s.finance.Rates(ctx, p.CompanyID)
	if err != nil {
		return nil, 0, r, err
	}
	out := make([]StorageFeeLine, len(rows))
	for i, row := range rows {
		out[i] = StorageFeeLine{StorageFeeRow: row}
		if out[i].FeeCNY, err = cnyOfMonth(book, row.Fee, row.Currency, row.Month); err != nil {
			return nil, 0, r, err
		}
	}
	return out, total, r, nil
}

// AgedSurchargeLine is an aged surcharge line with its amount in CNY at its month's rate.
type AgedSurchargeLine struct {
	amazondatadb.AgedSurchargeRow
	AmountCNY models.Money
}

// AgedSurchargePage lists a page of aged surcharges, the latest snapshot first unless sorted.
func (s *StorageFees) AgedSurchargePage(ctx context.Context, p core.Principal, q StorageFeeQuery) ([]AgedSurchargeLine, int64, core.PageRequest, error) {
	f, r, ok, err := q.filter(p, agedSurchargeSorts)
	if err != nil || !ok {
		return []AgedSurchargeLine{}, 0, r, err
	}
	rows, total, err := amazondatadb.AgedSurchargePage(s.db.With(ctx), p.CompanyID, f)
	if err != nil {
		return nil, 0, r, err
	}
	book, err := s.finance.Rates(ctx, p.CompanyID)
	if err != nil {
		return nil, 0, r, err
	}
	out := make([]AgedSurchargeLine, len(rows))
	for i, row := range rows {
		out[i] = AgedSurchargeLine{AgedSurchargeRow: row}
		if out[i].AmountCNY, err = cnyOfMonth(book, row.AmountCharged, row.Currency, row.Month); err != nil {
			return nil, 0, r, err
		}
	}
	return out, total, r, nil
}

func cnyOfMonth(book *finance.RateBook, amount models.Money, currency, month string) (models.Money, error) {
	sum := book.Sum()
	sum.Add(amount, currency, month)
	return sum.CNY()
}

// MonthTotal is a month of 仓储费报告's summary: each currency's monthly fees and aged surcharges, and the three
// totals in CNY (each converted at the month's rate and rounded once, as every CNY total is).
type MonthTotal struct {
	Month                         string
	Currencies                    []amazondatadb.MonthCharge
	StorageCNY, AgedCNY, TotalCNY models.Money
}

// MonthTotals sums the query's charges per month, the latest month first (the page and sort are not used).
func (s *StorageFees) MonthTotals(ctx context.Context, p core.Principal, q StorageFeeQuery) ([]MonthTotal, error) {
	f, _, ok, err := q.filter(p, nil)
	if err != nil || !ok {
		return []MonthTotal{}, err
	}
	charges, err := amazondatadb.StorageMonthTotals(s.db.With(ctx), p.CompanyID, f)
	if err != nil {
		return nil, err
	}
	book, err := s.finance.Rates(ctx, p.CompanyID)
	if err != nil {
		return nil, err
	}
	type sums struct{ storage, aged, total finance.CNYSum }
	at := map[string]int{}
	out := []MonthTotal{}
	var all []sums
	for _, c := range charges {
		i, seen := at[c.Month]
		if !seen {
			i = len(out)
			at[c.Month] = i
			out = append(out, MonthTotal{Month: c.Month})
			all = append(all, sums{book.Sum(), book.Sum(), book.Sum()})
		}
		out[i].Currencies = append(out[i].Currencies, c)
		all[i].storage.AddUnits(c.Storage, c.Currency, c.Month)
		all[i].aged.AddUnits(c.Aged, c.Currency, c.Month)
		all[i].total.AddUnits(c.Storage+c.Aged, c.Currency, c.Month)
	}
	for i := range out {
		if out[i].StorageCNY, err = all[i].storage.CNY(); err != nil {
			return nil, err
		}
		if out[i].AgedCNY, err = all[i].aged.CNY(); err != nil {
			return nil, err
		}
		if out[i].TotalCNY, err = all[i].total.CNY(); err != nil {
			return nil, err
		}
	}
	// The latest month first; within it, currencies by name.
	sortMonths(out)
	return out, nil
}

func sortMonths(out []MonthTotal) {
	slices.SortFunc(out, func(a, b MonthTotal) int { return strings.Compare(b.Month, a.Month) })
	for _, m := range out {
		slices.SortFunc(m.Currencies, func(a, b amazondatadb.MonthCharge) int { return strings.Compare(a.Currency, b.Currency) })
	}
}
