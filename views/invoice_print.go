package views

// InvoicePrintPage is a shipment's printed customs/commercial invoice (发票): a complete document of its own like
// the 配货单, A4 portrait in print, the table header repeating and no row split across pages. Handlers format
// every value; the template only places them.
type InvoicePrintPage struct {
	Page
	Number, ShipmentID, Date, Destination, Currency string
	Shipper, Consignee                              []string
	Rows                                            []InvoicePrintRow
	Quantity, Amount, NetWeight, GrossWeight        string
	Cartons                                         string
}

// InvoicePrintRow is one product: its names, HS code, material and use, units, unit price, amount and net weight.
type InvoicePrintRow struct {
	No, SKU, NameEN, NameCN, HSCode, Material, Purpose, Quantity, UnitValue, Amount, NetWeight string
}
