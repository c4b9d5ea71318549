package shipping

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/xuri/excelize/v2"

	"sellerhub/app/api"
	"sellerhub/app/core"
	"sellerhub/app/middleware"
	"sellerhub/app/shipping"
	"sellerhub/models"
)

// Invoice is a shipment's customs invoice (添加货件发票) as the screen reads it. Amounts are numbers with two
// decimals, weights in kg with three; null where unknown.
type Invoice struct {
	ShipmentID    string        `json:"shipmentId"`
	Number        string        `json:"number"`
	GroupName     string        `json:"groupName"`
	MarketplaceID string        `json:"marketplaceId"`
	Country       string        `json:"country"`
	Center        string        `json:"center"`
	Warehouse     string        `json:"warehouse"`
	Currency      string        `json:"currency"`
	Shipper       []string      `json:"shipper"`
	Consignee     string        `json:"consignee"`
	Lines         []InvoiceLine `json:"lines"`
	Quantity      int           `json:"quantity"`
	Amount        json.Number   `json:"amount"`
	Cartons       int           `json:"cartons"`
	GrossWeight   *json.Number  `json:"grossWeight"`
	NetWeight     *json.Number  `json:"netWeight"`
	Currencies    []string      `json:"currencies"`
}

// InvoiceLine is one product of the invoice with its declaration ("" where the seller has not filled it).
type InvoiceLine struct {
	SKU        string       `json:"sku"`
	Name       string       `json:"name"`
	SellerSKUs []string     `json:"sellerSkus"`
	Quantity   int          `json:"quantity"`
	HSCode     string       `json:"hsCode"`
	UnitValue  *json.Number `json:"unitValue"`
	Currency   string       `json:"currency"`
	NameEN     string       `json:"nameEn"`
	NameCN     string       `json:"nameCn"`
	Material   string       `json:"material"`
	Purpose    string       `json:"purpose"`
	Amount     *json.Number `json:"amount"`
	NetWeight  *json.Number `json:"netWeight"`
}

func amountOrNull(m *models.Money) *json.Number {
	if m == nil {
		return nil
	}
	n := api.Amount(*m)
	return &n
}

func weightOrNull(s string) *json.Number {
	if s == "" {
		return nil
	}
	n := json.Number(s)
	return &n
}

// invoice shapes an invoice for the screen.
func invoice(d *shipping.InvoiceDoc) Invoice {
	out := Invoice{ShipmentID: d.ShipmentID, Number: shipping.InvoiceNumber(d), GroupName: d.GroupName,
		MarketplaceID: d.MarketplaceID, Country: d.Country, Center: d.Center, Warehouse: d.Warehouse, Currency: d.Currency,
		Shipper: shipping.ShipperLines(d), Consignee: d.Consignee, Lines: make([]InvoiceLine, len(d.Lines)),
		Quantity: d.Quantity, Amount: api.Amount(d.Amount), Cartons: d.Cartons,
		GrossWeight: weightOrNull(shipping.Weight(d.GrossWeight)), NetWeight: weightOrNull(shipping.Weight(d.NetWeight)),
		Currencies: shipping.InvoiceCurrencies()}
	for i, l := range d.Lines {
		out.Lines[i] = InvoiceLine{SKU: l.SKU, Name: l.Name, SellerSKUs: l.SellerSKUs, Quantity: l.Quantity, HSCode: l.HSCode,
			UnitValue: amountOrNull(l.UnitValue), Currency: l.Currency, NameEN: l.NameEN, NameCN: l.NameCN,
			Material: l.Material, Purpose: l.Purpose, Amount: amountOrNull(l.Amount),
			NetWeight: weightOrNull(shipping.Weight(l.NetWeight))}
	}
	return out
}

// GetInvoice answers GET shipment/{shipmentid}/invoice: the shipment's invoice as it stands.
func (h *Handler) GetInvoice(c *echo.Context) error {
	return api.GetOne(h.Shipping.Invoice, invoice)(c)
}

// SaveInvoice answers PUT shipment/{shipmentid}/invoice {consignee, items:[{sku, hsCode, unitValue, currency,
// nameEn, nameCn, material, purpose}]}: the products' declarations kept for the next invoice too.
func (h *Handler) SaveInvoice(c *echo.Context) error {
	return api.UpdateOne(h.Shipping.SaveInvoice, invoice)(c)
}

// InvoiceExport answers GET shipment/{shipmentid}/invoice/export: the invoice as an .xlsx document, refused
// (naming the SKU) while anything customs needs is missing.
func (h *Handler) InvoiceExport(c *echo.Context) error {
	p, _ := middleware.Principal(c)
	d, err := h.Shipping.CompleteInvoice(c.Request().Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	f, err := invoiceWorkbook(d, h.TimeZone)
	if err != nil {
		return err
	}
	defer f.Close()
	return api.Workbook(c, "发票_"+d.ShipmentID, f)
}

// invoiceColumns are the line table's headers, in Chinese and English as a forwarder's template has them.
var invoiceColumns = []string{"序号 No.", "SKU", "英文品名 Description", "中文品名", "海关编码 HS Code", "材质 Material",
	"用途 Use", "数量 Qty", "单价 Unit Price", "总价 Amount", "净重 N.W.(kg)"}

// invoiceWorkbook lays the invoice out as one sheet: the head, the lines and the totals.
func invoiceWorkbook(d *shipping.InvoiceDoc, tz *time.Location) (*excelize.File, error) {
	f := excelize.NewFile()
	sheet := f.GetSheetName(0)
	_ = f.SetSheetName(sheet, "Invoice")
	sheet = "Invoice"
	set := func(row int, values ...any) error {
		cell, _ := excelize.CoordinatesToCellName(1, row)
		cells := make([]any, len(values))
		for i, v := range values {
			cells[i] = core.SheetText(v)
		}
		return f.SetSheetRow(sheet, cell, &cells)
	}
	currency := d.Currency
	rows := [][]any{
		{"COMMERCIAL INVOICE 商业发票"},
		{"发票号 Invoice No.", shipping.InvoiceNumber(d), "货件 Shipment", d.ShipmentID, "日期 Date", d.Date.In(tz).Format(time.DateOnly)},
		{"发货人 Shipper", strings.Join(shipping.ShipperLines(d), "\n")},
		{"收货人 Consignee", "Amazon FBA " + d.Center + "\n" + d.Consignee},
		{"目的国 Destination", d.Country, "币种 Currency", currency},
		{},
	}
	row := 1
	for _, r := range rows {
		if err := set(row, r...); err != nil {
			return nil, err
		}
		row++
	}
	head := make([]any, len(invoiceColumns))
	for i, t := range invoiceColumns {
		head[i] = t
	}
	if err := set(row, head...); err != nil {
		return nil, err
	}
	for i, l := range d.Lines {
		row++
		net := any(nil)
		if w := shipping.Weight(l.NetWeight); w != "" {
			net, _ = strconv.ParseFloat(w, 64)
		}
		if err := set(row, i+1, l.SKU, l.NameEN, l.NameCN, l.HSCode, l.Material, l.Purpose, l.Quantity,
			l.UnitValue.InexactFloat64(), l.Amount.InexactFloat64(), net); err != nil {
			return nil, err
		}
	}
	row++
	total := []any{"合计 Total", "", "", "", "", "", "", d.Quantity, "", d.Amount.InexactFloat64()}
	if w := shipping.Weight(d.NetWeight); w != "" {
		n, _ := strconv.ParseFloat(w, 64)
		total = append(total, n)
	}
	if err := set(row, total...); err != nil {
		return nil, err
	}
	row += 2
	gross := shipping.Weight(d.GrossWeight)
	if err := set(row, "箱数 Cartons", d.Cartons, "毛重 G.W.(kg)", gross); err != nil {
		return nil, err
	}
	return f, nil
}
