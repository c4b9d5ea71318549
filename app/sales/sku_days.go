package sales

import (
	"context"

	"sellerhub/app/core"
	"sellerhub/models"
	salesdb "sellerhub/models/sales"
)

// SKUDay is a seller SKU's sales of a day and currency, converted to CNY at its month's rate as the report does.
type SKUDay struct {
	SKU, Day, Currency string
	Units, Orders      int64
	SalesCNY           models.Money
}

// SKUDays answers a query's sales by SKU and day (its By and Period are ignored): what 指标分析 divides the ad
// spend by (TACOS), the same lines as 销售报表 by SKU and day.
func (s *Service) SKUDays(ctx context.Context, p core.Principal, q ReportQuery) ([]SKUDay, error) {
	q.By, q.Period = salesdb.SalesBySKU, models.PeriodDay
	lines, err := s.whole(ctx, p, q)
	if err != nil {
		return nil, err
	}
	out := make([]SKUDay, len(lines))
	for i := range lines {
		l := &lines[i]
		out[i] = SKUDay{SKU: l.key, Day: l.period, Currency: l.currency, Units: l.units, Orders: l.orders,
			SalesCNY: models.MoneyFromUnits(l.salesCNY)}
	}
	return out, nil
}
