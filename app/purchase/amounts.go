package purchase

import (
	"context"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	purchasedb "sellerhub/models/purchase"
)

// Amounts are a line's figures as the screens and the printed order show them, in the order's currency.
type Amounts struct {
	// UnitPrice keeps the price's own decimals, two at least (12.50, 0.0325); TaxRate is in percent (13, 6.5).
	UnitPrice, TaxRate string
	// Amount is quantity × price (tax included); Tax the tax in it, amount × rate ÷ (1 + rate), to the cent.
	Amount, Tax models.Money
}

// LineAmounts works out a line's figures.
func LineAmounts(l purchasedb.PurchaseOrderLine) Amounts {
	price := models.MoneyFromUnits(l.UnitPrice)
	a := Amounts{UnitPrice: price.StringFixed(2), Amount: models.MoneyFromUnits(l.UnitPrice * int64(l.Quantity))}
	if !price.Equal(price.Truncate(2)) {
		a.UnitPrice = price.String()
	}
	rate := decimal.New(int64(l.TaxRate), -4) // hundredths of a percent: 1300 is 0.13
	a.Tax = models.Money{Decimal: a.Amount.Mul(rate).Div(rate.Add(decimal.NewFromInt(1))).Round(2)}
	a.TaxRate = decimal.New(int64(l.TaxRate), -2).String()
	return a
}

// Supplier reads one of the company's suppliers (the printed order's address block).
func (s *Service) Supplier(ctx context.Context, p core.Principal, id int64) (*catalogdb.Supplier, error) {
	return catalogdb.SupplierByID(s.db.With(ctx), p.CompanyID, id)
}
