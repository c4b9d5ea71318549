package views

// PickListPage is the 配货单 (/orderblank and the shipment_handing/pehuo tab): one shipment's pick list, ready
// to print. Handlers format every value; the template only places them.
type PickListPage struct {
	Page
	ShipmentID, CreateDate, Remark, AuditTime string
	SKUAmount, SumQuantity                    int
	// Destination is group-country(center); Warehouse the warehouse the goods leave from.
	Destination, Warehouse string
	// QRCode is the shipment id's QR code as a data: URI, so the sheet needs no further request to print it.
	QRCode string
	// ShowBins shows the 库位 column: some item is in a bin of the warehouse.
	ShowBins bool
	Rows     []PickListRow
}

// PickListRow is one item: Box is the carton line (箱规:单箱N个, 重Xkg, L*W*Hcm, each part only when known), empty
// when nothing is known.
type PickListRow struct {
	// Bins are where to pick from: the bins holding the product with their units (A-01-01-01(30)), or 待上架.
	Bins                             string
	Image, Name, SKU, Box, SellerSKU string
	// Reserved is 本单占用 (the line's stock this shipment holds), Left 剩余可用 (what stays fulfillable).
	Reserved, Left, Quantity int
}

// PickListAsk is the 配货单 page opened without a shipment: a form asking for the shipment id. Keep are the
// query's other fields (the tab's title, path and embed mark), carried along as hidden fields.
type PickListAsk struct {
	Page
	Keep [][2]string
}
