package shipping

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// 添加货件发票: the customs/commercial invoice (报关发票/形式发票) of a shipment's first leg. One line per product
// (a product sent under two seller SKUs is one line of goods for customs), declared as the product's kept
// declaration says; what is missing the seller fills here, and it is kept on the product for the next invoice.

// Messages of the invoice. A line's message names its SKU.
const (
	msgInvoiceHSCode      = "SKU“%s”的海关编码应为6-10位数字"
	msgInvoiceValue       = "SKU“%s”的申报单价应为大于0的金额，最多两位小数"
	msgInvoiceCurrency    = "SKU“%s”的申报币种不正确"
	msgInvoiceNameEN      = "SKU“%s”请填写英文品名"
	msgInvoiceNameENChars = "SKU“%s”的英文品名只能包含英文字母、数字、空格和常用符号"
	msgInvoiceNameCN      = "SKU“%s”请填写中文品名"
	msgInvoiceTooLong     = "SKU“%s”的%s不能超过%d个字符"
	msgInvoiceNotInIt     = "货件中没有SKU“%s”"
	msgInvoiceCurrencies  = "同一发票的申报币种应一致：SKU“%s”为%s，SKU“%s”为%s"
	// MsgInvoiceConsignee asks for the destination centre's address, the consignee of the invoice.
	MsgInvoiceConsignee = "请填写收货人（目的FBA仓）地址"
	// MsgInvoiceConsigneeLong refuses an address longer than the column.
	MsgInvoiceConsigneeLong = "收货人地址不能超过500个字符"
	// MsgInvoiceEmpty refuses an invoice of a shipment without items.
	MsgInvoiceEmpty = "该货件没有商品"
	// Completeness, when printing or exporting: the first thing missing, by SKU.
	msgInvoiceMissing = "发票资料不完整：SKU“%s”缺少%s"
)

var (
	hsCode = regexp.MustCompile(`^[0-9]{6,10}$`)
	// English names go on a form customs reads in Latin letters: printable ASCII only.
	latinText = regexp.MustCompile(`^[\x20-\x7E]+$`)
)

// InvoiceLine is one product of a shipment's invoice: its units and declaration, and the totals of the line.
type InvoiceLine struct {
	ProductID  int64
	SKU        string
	Name       string
	SellerSKUs []string
	Quantity   int
	HSCode     string
	UnitValue  *models.Money
	Currency   string
	NameEN     string
	NameCN     string
	Material   string
	Purpose    string
	// Amount is Quantity × UnitValue (nil without a value); NetWeight Quantity × the product's item weight (kg,
	// invalid when the product has none).
	Amount    *models.Money
	NetWeight decimal.NullDecimal
}

// InvoiceDoc is a shipment's invoice as the screen, the print and the export show it.
type InvoiceDoc struct {
	ShipmentID    string
	GroupName     string
	MarketplaceID string
	Country       string
	Center        string
	Warehouse     string
	Status        int
	// Currency is the invoice's: the lines' one currency, else the marketplace's (what a new line starts with).
	Currency    string
	CompanyName string
	Shipper     *stockdb.Address
	Consignee   string
	Lines       []InvoiceLine
	Quantity    int
	Amount      models.Money
	Cartons     int
	// Date is the invoice's date: when the shipment was marked shipped (发货), so that a reprint is the same
	// document; now while it has not shipped.
	Date        time.Time
	GrossWeight decimal.NullDecimal
	// NetWeight is valid only when every line has one.
	NetWeight decimal.NullDecimal
}

// InvoiceForm is what 添加货件发票 saves: the consignee's address and the declarations of the products (by local
// SKU) the seller filled or changed.
type InvoiceForm struct {
	Consignee string            `json:"consignee"`
	Items     []DeclarationForm `json:"items"`
}

// DeclarationForm is one product's declaration as typed.
type DeclarationForm struct {
	SKU       string `json:"sku"`
	HSCode    string `json:"hsCode"`
	UnitValue string `json:"unitValue"`
	Currency  string `json:"currency"`
	NameEN    string `json:"nameEn"`
	NameCN    string `json:"nameCn"`
	Material  string `json:"material"`
	Purpose   string `json:"purpose"`
}

// Invoice loads the invoice of a shipment the user may see (not found otherwise), as it stands: lines may still
// miss what the seller has not filled.
func (s *Service) Invoice(ctx context.Context, p core.Principal, shipmentID string) (*InvoiceDoc, error) {
	shipmentID = strings.TrimSpace(shipmentID)
	if shipmentID == "" {
		return nil, core.NotFound(whatShipment)
	}
	inv, err := shippingdb.InvoiceOf(s.db.With(ctx), p.CompanyID, p.UserID, shipmentID)
	if models.IsNotFound(err) {
		return nil, core.NotFound(whatShipment)
	}
	if err != nil {
		return nil, err
	}
	d := invoiceDoc(inv)
	if d.Date = s.now(); inv.ShippedAt != nil {
		d.Date = *inv.ShippedAt
	}
	return d, nil
}

// CompleteInvoice loads the invoice to print or export it: refused, naming the SKU, while anything customs needs
// is missing.
func (s *Service) CompleteInvoice(ctx context.Context, p core.Principal, shipmentID string) (*InvoiceDoc, error) {
	d, err := s.Invoice(ctx, p, shipmentID)
	if err != nil {
		return nil, err
	}
	if len(d.Lines) == 0 {
		return nil, core.Invalid(MsgInvoiceEmpty)
	}
	for _, l := range d.Lines {
		missing := ""
		switch {
		case l.HSCode == "":
			missing = "海关编码"
		case l.UnitValue == nil:
			missing = "申报单价"
		case l.NameEN == "":
			missing = "英文品名"
		case l.NameCN == "":
			missing = "中文品名"
		}
		if missing != "" {
			return nil, core.Invalid(fmt.Sprintf(msgInvoiceMissing, l.SKU, missing))
		}
	}
	if err := oneCurrency(d.Lines); err != nil {
		return nil, err
	}
	if d.Consignee == "" {
		return nil, core.Invalid(MsgInvoiceConsignee)
	}
	return d, nil
}

// SaveInvoice checks and keeps the consignee's address and the products' declarations, all or nothing, and
// answers the invoice as it then is.
func (s *Service) SaveInvoice(ctx context.Context, p core.Principal, shipmentID string, f InvoiceForm) (*InvoiceDoc, error) {
	d, err := s.Invoice(ctx, p, shipmentID)
	if err != nil {
		return nil, err
	}
	f.Consignee = strings.TrimSpace(f.Consignee)
	switch {
	case f.Consignee == "":
		return nil, core.Invalid(MsgInvoiceConsignee)
	case utf8.RuneCountInString(f.Consignee) > 500:
		return nil, core.Invalid(MsgInvoiceConsigneeLong)
	}
	bySKU := map[string]*InvoiceLine{}
	for i := range d.Lines {
		bySKU[d.Lines[i].SKU] = &d.Lines[i]
	}
	now := s.now.Stamp()
	var kept []shippingdb.ProductDeclaration
	for _, it := range f.Items {
		decl, err := it.check(bySKU)
		if err != nil {
			return nil, err
		}
		decl.CompanyID, decl.UpdatedAt = p.CompanyID, now
		l := bySKU[strings.TrimSpace(it.SKU)]
		decl.ProductID = l.ProductID
		l.Currency, l.UnitValue = decl.Currency, decl.UnitValue
		kept = append(kept, decl)
	}
	// The lines not in the form keep their declaration: the invoice's currency is checked across all of them.
	if err := oneCurrency(d.Lines); err != nil {
		return nil, err
	}
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		if err := shippingdb.SaveDeclarations(tx, kept); err != nil {
			return err
		}
		return shippingdb.SaveCenterAddress(tx, &shippingdb.CenterAddress{CompanyID: p.CompanyID, Center: d.Center,
			Address: f.Consignee, UpdatedAt: now})
	})
	if err != nil {
		return nil, err
	}
	return s.Invoice(ctx, p, d.ShipmentID)
}

// check reads one product's declaration, refusing by its SKU what customs would.
func (f DeclarationForm) check(lines map[string]*InvoiceLine) (shippingdb.ProductDeclaration, error) {
	sku := strings.TrimSpace(f.SKU)
	if lines[sku] == nil {
		return shippingdb.ProductDeclaration{}, core.Invalid(fmt.Sprintf(msgInvoiceNotInIt, sku))
	}
	d := shippingdb.ProductDeclaration{HSCode: strings.TrimSpace(f.HSCode), Currency: strings.ToUpper(strings.TrimSpace(f.Currency)),
		NameEN: strings.TrimSpace(f.NameEN), NameCN: strings.TrimSpace(f.NameCN), Material: strings.TrimSpace(f.Material),
		Purpose: strings.TrimSpace(f.Purpose)}
	if !hsCode.MatchString(d.HSCode) {
		return d, core.Invalid(fmt.Sprintf(msgInvoiceHSCode, sku))
	}
	v, err := decimal.NewFromString(strings.TrimSpace(f.UnitValue))
	if err != nil || !v.IsPositive() || v.Exponent() < -2 || v.GreaterThanOrEqual(decimal.New(1, 10)) {
		return d, core.Invalid(fmt.Sprintf(msgInvoiceValue, sku))
	}
	d.UnitValue = &models.Money{Decimal: v}
	if _, ok := models.CurrencySymbols[d.Currency]; !ok {
		return d, core.Invalid(fmt.Sprintf(msgInvoiceCurrency, sku))
	}
	switch {
	case d.NameEN == "":
		return d, core.Invalid(fmt.Sprintf(msgInvoiceNameEN, sku))
	case !latinText.MatchString(d.NameEN):
		return d, core.Invalid(fmt.Sprintf(msgInvoiceNameENChars, sku))
	case d.NameCN == "":
		return d, core.Invalid(fmt.Sprintf(msgInvoiceNameCN, sku))
	}
	for _, t := range []struct {
		value, label string
		max          int
	}{{d.NameEN, "英文品名", 200}, {d.NameCN, "中文品名", 100}, {d.Material, "材质", 100}, {d.Purpose, "用途", 100}} {
		if utf8.RuneCountInString(t.value) > t.max {
			return d, core.Invalid(fmt.Sprintf(msgInvoiceTooLong, sku, t.label, t.max))
		}
	}
	return d, nil
}

// oneCurrency refuses an invoice whose valued lines are in more than one currency: customs reads one total.
func oneCurrency(lines []InvoiceLine) error {
	var first *InvoiceLine
	for i := range lines {
		l := &lines[i]
		if l.UnitValue == nil || l.Currency == "" {
			continue
		}
		if first == nil {
			first = l
		} else if l.Currency != first.Currency {
			return core.Invalid(fmt.Sprintf(msgInvoiceCurrencies, first.SKU, first.Currency, l.SKU, l.Currency))
		}
	}
	return nil
}

// invoiceDoc merges the shipment's items into one line per product and adds up the totals.
func invoiceDoc(inv *shippingdb.Invoice) *InvoiceDoc {
	d := &InvoiceDoc{ShipmentID: inv.ShipmentID, GroupName: inv.GroupName, MarketplaceID: inv.MarketplaceID,
		Country: inv.Country, Center: inv.Center, Warehouse: inv.Warehouse, Status: inv.Status, CompanyName: inv.CompanyName,
		Shipper: inv.Shipper, Consignee: inv.Consignee, Cartons: inv.Cartons, GrossWeight: inv.GrossWeight}
	if m, ok := storesdb.MarketplaceByID(inv.MarketplaceID); ok {
		d.Currency = m.Currency
	}
	byProduct := map[int64]int{}
	for _, it := range inv.Items {
		units := it.Quantity
		if inv.Status == shippingdb.ShipmentShipped {
			units = it.QuantityShipped // what left is what crosses the border
		}
		i, ok := byProduct[it.ProductID]
		if !ok {
			i = len(d.Lines)
			byProduct[it.ProductID] = i
			d.Lines = append(d.Lines, InvoiceLine{ProductID: it.ProductID, SKU: it.SKU, Name: it.Name, HSCode: it.HSCode,
				UnitValue: it.UnitValue, Currency: it.Currency, NameEN: it.NameEN, NameCN: it.NameCN, Material: it.Material,
				Purpose: it.Purpose, NetWeight: it.Weight})
		}
		d.Lines[i].SellerSKUs = append(d.Lines[i].SellerSKUs, it.SellerSKU)
		d.Lines[i].Quantity += units
	}
	d.NetWeight = decimal.NullDecimal{Valid: len(d.Lines) > 0}
	for i := range d.Lines {
		l := &d.Lines[i]
		sort.Strings(l.SellerSKUs)
		d.Quantity += l.Quantity
		if l.UnitValue != nil {
			a := models.Money{Decimal: l.UnitValue.Mul(decimal.NewFromInt(int64(l.Quantity)))}
			l.Amount = &a
			d.Amount = models.Money{Decimal: d.Amount.Add(a.Decimal)}
			if l.Currency != "" {
				d.Currency = l.Currency
			}
		}
		if l.NetWeight.Valid {
			l.NetWeight.Decimal = l.NetWeight.Decimal.Mul(decimal.NewFromInt(int64(l.Quantity)))
		}
		d.NetWeight.Valid = d.NetWeight.Valid && l.NetWeight.Valid
		d.NetWeight.Decimal = d.NetWeight.Decimal.Add(l.NetWeight.Decimal)
	}
	return d
}

// InvoiceCurrencies are the currencies a value may be declared in: those money is shown with, by code.
func InvoiceCurrencies() []string {
	out := make([]string, 0, len(models.CurrencySymbols))
	for c := range models.CurrencySymbols {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// InvoiceNumber is the invoice's number: the shipment id, which customs and the forwarder already know it by.
func InvoiceNumber(d *InvoiceDoc) string { return "INV-" + d.ShipmentID }

// ShipperLines are the shipper's name and address as printed, the company first.
func ShipperLines(d *InvoiceDoc) []string {
	lines := []string{d.CompanyName}
	a := d.Shipper
	if a == nil {
		return lines
	}
	if a.CompanyName != "" && a.CompanyName != d.CompanyName {
		lines = append(lines, a.CompanyName)
	}
	street := strings.TrimSpace(a.AddressLine1 + " " + a.AddressLine2)
	place := strings.Join(nonEmpty(a.City, a.StateOrProvince, a.PostalCode, a.CountryCode), ", ")
	contact := strings.Join(nonEmpty(a.Name, "Tel: "+a.Phone), "  ")
	return append(lines, street, place, contact)
}

func nonEmpty(parts ...string) []string {
	var out []string
	for _, s := range parts {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}

// Weight is a weight in kg as the invoice prints it ("" unknown).
func Weight(w decimal.NullDecimal) string {
	if !w.Valid {
		return ""
	}
	return w.Decimal.StringFixed(3)
}
