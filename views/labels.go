package views

// LabelFormPage is 商品标签 (/amazon/listing/label): the paper, the condition, and either a shipment or listings
// with quantities; both forms are plain GET forms that open the printable sheets, so no script is needed.
type LabelFormPage struct {
	Page
	Papers, Conditions, Shipments []LabelOption
	// Shipment is the shipment chosen when the form opens (?shipment=, from a shipment's screen).
	Paper, Keyword, Shipment string
	Listings                 []LabelListingRow
	// Keep are the tab's title and path, carried through a search as hidden fields.
	Keep [][2]string
	// Searched tells an empty search (no listing matches) from a company with no listing with an FNSKU.
	Searched bool
}

// LabelOption is a choice of a drop-down.
type LabelOption struct{ Value, Name string }

// LabelListingRow is a listing the form offers, with its quantity field.
type LabelListingRow struct {
	ID, Image, SellerSKU, ASIN, FNSKU, Title, Group, Marketplace string
}

// LabelSheetPage is the printable labels: pages of one paper (an A4 sheet, or one thermal label a page).
type LabelSheetPage struct {
	Page
	// PaperClass names the paper's layout in the stylesheet (paper-a4-40, paper-t-60x40, ...).
	PaperClass string
	PaperName  string
	Count      int
	Pages      [][]LabelCell
}

// LabelCell is one label (FNSKU "" leaves a used place of a part-used sheet blank): Barcode is the FNSKU's Code 128 as a data: URI, BarcodeWidth its width in CSS pixels
// at 0.25 mm a module (the sheet shrinks it only when the label is narrower).
type LabelCell struct {
	Barcode                 string
	BarcodeWidth            int
	FNSKU, Title, Condition string
}

// LabelError is the printable page's answer to a wrong choice: the message and the way back.
type LabelError struct {
	Page
	Message, Back string
}
