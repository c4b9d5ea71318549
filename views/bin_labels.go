package views

// BinLabelsPage is the sheet of bin (库位) labels: one label per bin with its code's QR code. Handlers format every
// value; the template only places them.
type BinLabelsPage struct {
	Page
	Warehouse string
	Labels    []BinLabel
}

// BinLabel is one bin's label: its code, zone and the code's QR code as a data: URI (SVG).
type BinLabel struct {
	Code, Zone, QRCode string
}
