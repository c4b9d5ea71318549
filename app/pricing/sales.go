package pricing

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"sellerhub/app/core"
	"sellerhub/app/jobs"
	"sellerhub/models"
	pricingdb "sellerhub/models/pricing"
)

// 定时促销: a sale price from one day to another (the company's days), then back. Scheduling works the sale price
// out as a change does (its guards too) and keeps the sale; a periodic job sends the sale price when the first day
// begins, keeping the price it replaces, and sends that price back when the last day ends. Each price sent is a
// row of the history.

// Messages of scheduled sales.
const (
	MsgSaleDates       = "请选择促销的开始和结束日期（结束不早于开始，且不早于今天）"
	MsgSaleNotFound    = "定时促销不存在"
	MsgSaleNotWaiting  = "只能取消尚未开始的定时促销"
	MsgSaleStatusBad   = "状态不正确"
	MsgRowSaleOverlap  = "该商品已有未结束的定时促销"
	msgRowSaleArranged = "已安排定时促销：%s 至 %s"
	msgSaleListingGone = "商品已不存在"
)

// saleEvery is how often the periodic job looks for sales to start or end.
const saleEvery = time.Minute

// saleBatch is the most sales one run starts or ends.
const saleBatch = 200

// SaleForm is a scheduled sale: a change's form (how the sale price is worked out, and its confirmation) and the
// first and last days (yyyy-MM-dd, the company's days, both included).
type SaleForm struct {
	ChangeForm
	StartDate string `json:"startDate"`
	EndDate   string `json:"endDate"`
}

// ScheduleSale keeps a sale of each row the change would send (others say why not, as in a change), for the
// days. Nothing is sent now.
func (s *Service) ScheduleSale(ctx context.Context, p core.Principal, f SaleForm) (*Result, error) {
	if strings.TrimSpace(f.StartDate) == "" || strings.TrimSpace(f.EndDate) == "" {
		return nil, core.Invalid(MsgSaleDates)
	}
	from, to, err := core.DayRange(s.timeZone, f.StartDate, f.EndDate)
	if err != nil {
		return nil, err
	}
	now := s.now.Stamp()
	if !from.Before(to) || !to.After(now) {
		return nil, core.Invalid(MsgSaleDates)
	}
	plan, err := s.plan(ctx, p, f.ChangeForm)
	if err != nil {
		return nil, err
	}
	if plan.Confirm > 0 && !f.Confirmed {
		return nil, core.Invalid(fmt.Sprintf(MsgConfirm, plan.Confirm, plan.ConfirmPercent))
	}
	out := &Result{Plan: *plan}
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		var sales []pricingdb.Sale
		for i := range plan.Rows {
			r := &out.Rows[i]
			if !r.Send {
				out.Refused++
				continue
			}
			var open int64
			if err := tx.Model(&pricingdb.Sale{}).Where("company_id = ? AND listing_id = ? AND status IN ?", p.CompanyID, r.Listing.ID,
				[]string{pricingdb.SaleScheduled, pricingdb.SaleOn}).Count(&open).Error; err != nil {
				return err
			}
			if open > 0 {
				r.Send, r.ErrorType, r.Message = false, "local", MsgRowSaleOverlap
				out.Refused++
				continue
			}
			l := r.Listing
			sales = append(sales, pricingdb.Sale{CompanyID: p.CompanyID, GroupID: l.GroupID, ListingID: l.ID, MarketplaceID: l.MarketplaceID,
				SellerSKU: l.SellerSKU, Currency: l.Currency, SalePrice: models.Money{Decimal: r.New}, StartsAt: from, EndsAt: to,
				Status: pricingdb.SaleScheduled, UserID: p.UserID, CreatedAt: now, UpdatedAt: now})
			r.OK, r.Message = true, fmt.Sprintf(msgRowSaleArranged, strings.TrimSpace(f.StartDate), strings.TrimSpace(f.EndDate))
			out.Changed++
		}
		return pricingdb.SaveSales(tx, sales)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// RunSales starts the sales whose first day has begun and ends those whose last day is over, each through
// Amazon, and answers how many it moved. A sale whose price Amazon refuses (or that falls under the listing's
// floor at its start) is failed with the reason; ending one sends back the price it replaced.
func (s *Service) RunSales(ctx context.Context) (int, error) {
	now := s.now.Stamp()
	due, err := pricingdb.DueSales(s.db.With(ctx), now, saleBatch)
	if err != nil {
		return 0, err
	}
	moved := 0
	for _, sale := range due {
		ok, err := s.runSale(ctx, sale, now)
		if err != nil {
			return moved, err
		}
		if ok {
			moved++
		}
	}
	return moved, nil
}

func (s *Service) runSale(ctx context.Context, sale pricingdb.Sale, now time.Time) (bool, error) {
	p := core.Principal{CompanyID: sale.CompanyID, UserID: sale.UserID}
	listings, err := pricingdb.ListingsByIDs(s.db.With(ctx), sale.CompanyID, 0, []int64{sale.ListingID})
	if err != nil {
		return false, err
	}
	starting := sale.Status == pricingdb.SaleScheduled
	if len(listings) == 0 {
		return pricingdb.UpdateSale(s.db.With(ctx), sale.ID, sale.Status, map[string]any{"status": pricingdb.SaleFailed,
			"message": msgSaleListingGone, "updated_at": now})
	}
	l := listings[0]
	r := Row{Listing: l, Method: MethodSale, Old: l.Price.Decimal, New: sale.SalePrice.Decimal, Send: true}
	if !starting {
		r.Method, r.New = MethodRestore, sale.RegularPrice.Decimal
	}
	places := decimalsOf(l.Currency)
	if starting && l.Floor != nil && r.New.LessThan(l.Floor.Decimal) {
		r.Send, r.ErrorType, r.Message = false, "floor", fmt.Sprintf(MsgRowUnderFloor, r.New.StringFixed(places), l.Floor.StringFixed(places))
	}
	r.region = regionOf(l.MarketplaceID)
	rows := []Row{r}
	if err := s.sendRows(ctx, sale.CompanyID, rows); err != nil {
		return false, err
	}
	if err := s.record(ctx, p, rows); err != nil {
		return false, err
	}
	set := map[string]any{"updated_at": now, "message": rows[0].Message}
	switch {
	case !rows[0].OK:
		set["status"] = pricingdb.SaleFailed
	case starting:
		set["status"], set["regular_price"] = pricingdb.SaleOn, models.Money{Decimal: r.Old}
	default:
		set["status"] = pricingdb.SaleDone
	}
	return pricingdb.UpdateSale(s.db.With(ctx), sale.ID, sale.Status, set)
}

// CancelSale cancels one of the company's sales in the user's store groups that has not started.
func (s *Service) CancelSale(ctx context.Context, p core.Principal, id string) error {
	n, ok := core.ParseID(id)
	if !ok {
		return core.NotFound("定时促销")
	}
	db := s.db.With(ctx)
	sale, err := pricingdb.SaleOf(db, p.CompanyID, p.UserID, n)
	if err != nil {
		return core.NotFoundAs(err, "定时促销")
	}
	moved, err := pricingdb.UpdateSale(db, sale.ID, pricingdb.SaleScheduled, map[string]any{"status": pricingdb.SaleCancelled, "updated_at": s.now.Stamp()})
	if err == nil && !moved {
		return core.Invalid(MsgSaleNotWaiting)
	}
	return err
}

// SaleQuery is 定时促销's list query: the page and a status.
type SaleQuery struct {
	core.PageRequest
	Status string `json:"status" query:"status"`
}

var saleStatuses = map[string]bool{pricingdb.SaleScheduled: true, pricingdb.SaleOn: true, pricingdb.SaleDone: true,
	pricingdb.SaleFailed: true, pricingdb.SaleCancelled: true}

// SalePage answers a page of the sales of the user's store groups, the latest first.
func (s *Service) SalePage(ctx context.Context, p core.Principal, q SaleQuery) ([]pricingdb.SaleRow, int64, core.PageRequest, error) {
	r := q.PageRequest.Normalized()
	status := strings.TrimSpace(q.Status)
	if status != "" && !saleStatuses[status] {
		return nil, 0, r, core.Invalid(MsgSaleStatusBad)
	}
	rows, total, err := pricingdb.SalePage(s.db.With(ctx), p.CompanyID, p.UserID, status, r.Offset(), r.Size)
	return rows, total, r, err
}

// SalesArgs is the periodic job that starts and ends the scheduled sales.
type SalesArgs struct{}

// Kind names the job.
func (SalesArgs) Kind() string { return "pricing_sales" }

type salesWorker struct {
	river.WorkerDefaults[SalesArgs]
	s *Service
}

func (w *salesWorker) Work(ctx context.Context, _ *river.Job[SalesArgs]) error {
	_, err := w.s.RunSales(ctx)
	return err
}

// Register adds the sales' worker and its periodic job (every minute) to the queue.
func (s *Service) Register(q *jobs.Queue) {
	jobs.AddWorker(q, &salesWorker{s: s})
	q.AddPeriodic(saleEvery, func() (river.JobArgs, *river.InsertOpts) {
		return SalesArgs{}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: saleEvery}}
	}, true)
}
