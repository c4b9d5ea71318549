package purchase

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/app/finance"
	"sellerhub/models"
	purchasedb "sellerhub/models/purchase"
)

// Messages of the purchase order form.
const (
	MsgSupplierEmpty     = "请选择供应商"
	MsgSupplierMissing   = "供应商不存在"
	MsgWarehouseEmpty    = "请选择收货仓库"
	MsgWarehouseMissing  = "仓库不存在"
	MsgWarehouseDisabled = "仓库已停用"
	MsgWarehouseFBA      = "采购只能收货到自有仓或海外仓"
	MsgCurrencyBad       = "请选择币种"
	MsgTermsBad          = "请选择付款方式"
	MsgTermsDaysBad      = "账期天数必须为1到365的整数"
	MsgExpectedDateBad   = "预计到货日期格式不正确，应为yyyy-MM-dd"
	MsgLinesEmpty        = "请添加产品"
	MsgTooManyLines      = "产品不能超过500行"
	msgLine              = "第%d行："
	msgProductMissing    = "产品不存在"
	msgProductTwice      = "产品重复"
	msgQuantityBad       = "数量必须为1到1000000的整数"
	msgPriceEmpty        = "请填写单价"
	msgPriceBad          = "单价必须是不小于0的数字"
	msgPriceScale        = "单价最多4位小数"
	msgPriceTooHigh      = "单价不能超过999999.99"
	msgTaxBad            = "税率必须是0到100之间的数字，最多2位小数"
)

const (
	maxLines        = 500
	maxLineQuantity = 1_000_000
)

var (
	maxPrice    = decimal.RequireFromString("999999.99")
	plainNumber = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)
	// TermsNames are the payment terms as the screens name them.
	TermsNames = map[string]string{purchasedb.TermsPrepay: "款到发货", purchasedb.TermsReceipt: "货到付款", purchasedb.TermsCredit: "账期"}
)

// OrderLineForm is a line of an order: a product of the company, a quantity, the unit price in the order's
// currency, tax included (up to 4 decimals, as suppliers quote fractions of a fen), and the tax rate in percent.
type OrderLineForm struct {
	ProductID string `json:"productId"`
	Quantity  int    `json:"quantity"`
	UnitPrice string `json:"unitPrice"`
	TaxRate   string `json:"taxRate"`
	Remark    string `json:"remark"`
}

// OrderForm is a new order or a draft's change.
type OrderForm struct {
	SupplierID   string          `json:"supplierId"`
	WarehouseID  string          `json:"warehouseId"`
	Currency     string          `json:"currency"`
	PaymentTerms string          `json:"paymentTerms"`
	TermsDays    int             `json:"termsDays"`
	ExpectedDate string          `json:"expectedDate"`
	Remark       string          `json:"remark"`
	Lines        []OrderLineForm `json:"lines"`
}

// checked is a form read: the ids it names and its lines.
type checked struct {
	supplier, warehouse int64
	lines               []purchasedb.PurchaseOrderLine
	products            []int64
}

// check reads the form as a whole, without the database.
func (f *OrderForm) check() (*checked, error) {
	out := &checked{}
	var ok bool
	switch {
	case strings.TrimSpace(f.SupplierID) == "":
		return nil, core.Invalid(MsgSupplierEmpty)
	case strings.TrimSpace(f.WarehouseID) == "":
		return nil, core.Invalid(MsgWarehouseEmpty)
	}
	if out.supplier, ok = core.ParseID(f.SupplierID); !ok {
		return nil, core.Invalid(MsgSupplierMissing)
	}
	if out.warehouse, ok = core.ParseID(f.WarehouseID); !ok {
		return nil, core.Invalid(MsgWarehouseMissing)
	}
	f.Currency = strings.ToUpper(strings.TrimSpace(f.Currency))
	if !finance.KnownCurrency(f.Currency) {
		return nil, core.Invalid(MsgCurrencyBad)
	}
	if _, ok := TermsNames[f.PaymentTerms]; !ok {
		return nil, core.Invalid(MsgTermsBad)
	}
	if f.PaymentTerms == purchasedb.TermsCredit {
		if f.TermsDays < 1 || f.TermsDays > 365 {
			return nil, core.Invalid(MsgTermsDaysBad)
		}
	} else {
		f.TermsDays = 0
	}
	f.ExpectedDate = strings.TrimSpace(f.ExpectedDate)
	if f.ExpectedDate != "" {
		if _, err := time.Parse(time.DateOnly, f.ExpectedDate); err != nil {
			return nil, core.Invalid(MsgExpectedDateBad)
		}
	}
	if err := core.CheckFields(core.Optional(&f.Remark, "备注", 500)); err != nil {
		return nil, err
	}
	switch {
	case len(f.Lines) == 0:
		return nil, core.Invalid(MsgLinesEmpty)
	case len(f.Lines) > maxLines:
		return nil, core.Invalid(MsgTooManyLines)
	}
	seen := map[int64]bool{}
	for i := range f.Lines {
		l := &f.Lines[i]
		prefix := fmt.Sprintf(msgLine, i+1)
		id, ok := core.ParseID(l.ProductID)
		switch {
		case !ok:
			return nil, core.Invalid(prefix + msgProductMissing)
		case seen[id]:
			return nil, core.Invalid(prefix + msgProductTwice)
		case l.Quantity < 1 || l.Quantity > maxLineQuantity:
			return nil, core.Invalid(prefix + msgQuantityBad)
		}
		price, err := unitPrice(l.UnitPrice)
		if err != nil {
			return nil, core.Invalid(prefix + err.Error())
		}
		tax, err := taxRate(l.TaxRate)
		if err != nil {
			return nil, core.Invalid(prefix + err.Error())
		}
		if err := core.CheckFields(core.Optional(&l.Remark, prefix+"备注", 200)); err != nil {
			return nil, err
		}
		seen[id] = true
		out.lines = append(out.lines, purchasedb.PurchaseOrderLine{ProductID: id, Quantity: l.Quantity, UnitPrice: price,
			TaxRate: tax, Remark: l.Remark})
		out.products = append(out.products, id)
	}
	return out, nil
}

// unitPrice reads a 单价: a number from 0 to maxPrice with at most 4 decimals, in Money's units.
func unitPrice(raw string) (int64, error) {
	raw = strings.TrimSpace(raw)
	switch {
	case raw == "":
		return 0, fmt.Errorf(msgPriceEmpty)
	case !plainNumber.MatchString(raw):
		return 0, fmt.Errorf(msgPriceBad)
	}
	d := decimal.RequireFromString(raw)
	switch {
	case !d.Equal(d.Truncate(4)):
		return 0, fmt.Errorf(msgPriceScale)
	case d.GreaterThan(maxPrice):
		return 0, fmt.Errorf(msgPriceTooHigh)
	}
	return models.Money{Decimal: d}.Units(), nil
}

// taxRate reads a 税率 in percent ("" is 0): 0 to 100, two decimals at most, in hundredths of a percent.
func taxRate(raw string) (int, error) {
	raw = strings.TrimSuffix(strings.TrimSpace(raw), "%")
	if raw == "" {
		return 0, nil
	}
	if !plainNumber.MatchString(raw) {
		return 0, fmt.Errorf(msgTaxBad)
	}
	d := decimal.RequireFromString(raw)
	if !d.Equal(d.Truncate(2)) || d.GreaterThan(decimal.NewFromInt(100)) {
		return 0, fmt.Errorf(msgTaxBad)
	}
	return int(d.Shift(2).IntPart()), nil
}
