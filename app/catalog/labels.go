package catalog

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/oned"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
)

// 商品标签: FNSKU labels as Amazon's own ones look (Code 128 barcode, the FNSKU under it, the title cut in the
// middle, the condition), laid out on the label papers sellers buy.

// Messages of the label screen.
const (
	MsgLabelPaperBad      = "请选择标签纸"
	MsgLabelNothing       = "请选择要打印的Listing并填写数量"
	MsgLabelQuantityBad   = "标签数量必须是0到" + labelQuantityMaxText + "之间的整数"
	MsgLabelTooMany       = "一次最多打印" + labelTotalMaxText + "张标签"
	MsgLabelNoFNSKU       = "所选Listing没有FNSKU，不能打印标签"
	MsgLabelListingAbsent = "Listing不存在"
	MsgLabelStartBad      = "起始格必须是1到每页标签数之间的整数"
)

const (
	labelQuantityMax     = 1000
	labelQuantityMaxText = "1000"
	// LabelTotalMax bounds one print: a few thousand labels is a big shipment; the page stays a few MB.
	LabelTotalMax     = 5000
	labelTotalMaxText = "5000"
	// labelChoicesLimit bounds the listings the form offers for one search.
	labelChoicesLimit = 50
	// labelTitleKeep is how many characters of each end of a long title a label keeps, as Amazon's labels do
	// (the start and the end, joined by "...").
	labelTitleKeep = 25
)

// LabelPaper is a label paper: an A4 sheet of Cols×Rows labels without margins, or a roll of thermal labels (one
// label a page). Sizes are in millimetres.
type LabelPaper struct {
	Code          string
	Name          string
	Cols, Rows    int
	Width, Height float64
	Thermal       bool
}

// PerPage is how many labels one page (sheet or thermal label) holds.
func (p LabelPaper) PerPage() int { return p.Cols * p.Rows }

// LabelPapers are the papers offered, A4 sheets first.
var LabelPapers = []LabelPaper{
	{Code: "a4-21", Name: "A4 21格 (3×7, 70×42.3mm)", Cols: 3, Rows: 7, Width: 70, Height: 42.3},
	{Code: "a4-24", Name: "A4 24格 (3×8, 70×37.1mm)", Cols: 3, Rows: 8, Width: 70, Height: 37.1},
	{Code: "a4-27", Name: "A4 27格 (3×9, 70×33mm)", Cols: 3, Rows: 9, Width: 70, Height: 33},
	{Code: "a4-30", Name: "A4 30格 (3×10, 70×29.7mm)", Cols: 3, Rows: 10, Width: 70, Height: 29.7},
	{Code: "a4-40", Name: "A4 40格 (4×10, 52.5×29.7mm)", Cols: 4, Rows: 10, Width: 52.5, Height: 29.7},
	{Code: "t-60x40", Name: "热敏标签 60×40mm", Cols: 1, Rows: 1, Width: 60, Height: 40, Thermal: true},
	{Code: "t-50x30", Name: "热敏标签 50×30mm", Cols: 1, Rows: 1, Width: 50, Height: 30, Thermal: true},
}

// LabelPaperByCode finds a paper by its code.
func LabelPaperByCode(code string) (LabelPaper, bool) {
	for _, p := range LabelPapers {
		if p.Code == code {
			return p, true
		}
	}
	return LabelPaper{}, false
}

// LabelConditions are the conditions a label may state: the printed word is Amazon's (English, as on the labels
// Seller Central prints), the name the form shows.
var LabelConditions = []struct{ Code, Name, Printed string }{
	{Code: "new", Name: "新品 (New)", Printed: "New"},
}

// LabelConditionPrinted answers the printed word of a condition code ("" for an unknown code).
func LabelConditionPrinted(code string) string {
	for _, c := range LabelConditions {
		if c.Code == code {
			return c.Printed
		}
	}
	return ""
}

// LabelTitle is a title as a label prints it: whole when short, else its first and last labelTitleKeep
// characters joined by "...", so both the product and its variation (usually at the end) stay readable.
func LabelTitle(title string) string {
	title = strings.Join(strings.Fields(title), " ")
	if utf8.RuneCountInString(title) <= 2*labelTitleKeep+3 {
		return title
	}
	r := []rune(title)
	return strings.TrimSpace(string(r[:labelTitleKeep])) + "..." + strings.TrimSpace(string(r[len(r)-labelTitleKeep:]))
}

// Code128PNG draws text as a Code 128 barcode with its quiet zones (10 modules each side), scale pixels a module
// and height pixels high, black on white. It answers the PNG and the barcode's width in modules.
func Code128PNG(text string, scale, height int) ([]byte, int, error) {
	w := oned.NewCode128Writer()
	bare, err := w.Encode(text, gozxing.BarcodeFormat_CODE_128, 0, 1, nil)
	if err != nil {
		return nil, 0, err
	}
	modules := bare.GetWidth()
	img := image.NewGray(image.Rect(0, 0, modules*scale, height))
	for x := 0; x < modules; x++ {
		c := color.Gray{Y: 255}
		if bare.Get(x, 0) {
			c = color.Gray{}
		}
		for dx := 0; dx < scale; dx++ {
			for y := 0; y < height; y++ {
				img.SetGray(x*scale+dx, y, c)
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, 0, err
	}
	return buf.Bytes(), modules, nil
}

// Label is one listing's labels: Quantity copies of its FNSKU with its title.
type Label struct {
	FNSKU, SellerSKU, Title string
	Quantity                int
}

// LabelPick is a listing chosen on the form with its quantity as typed.
type LabelPick struct {
	ListingID, Quantity string
}

// ListingLabels turns the form's picks into labels: each listing of a store group the user is granted, with its
// quantity (picks of 0 or blank are left out). Another company's or group's listing is not found; a listing
// without an FNSKU, a wrong quantity and too many labels are refused.
func (s *Service) ListingLabels(ctx context.Context, p core.Principal, picks []LabelPick) ([]Label, error) {
	var labels []Label
	total := 0
	db := s.db.With(ctx)
	for _, pick := range picks {
		q := strings.TrimSpace(pick.Quantity)
		if q == "" {
			continue
		}
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 || n > labelQuantityMax {
			return nil, core.Invalid(MsgLabelQuantityBad)
		}
		if n == 0 {
			continue
		}
		id, err := strconv.ParseInt(strings.TrimSpace(pick.ListingID), 10, 64)
		if err != nil {
			return nil, core.Invalid(MsgLabelListingAbsent)
		}
		l, err := catalogdb.ListingByID(db, p.CompanyID, p.UserID, id)
		if models.IsNotFound(err) {
			return nil, core.Invalid(MsgLabelListingAbsent)
		}
		if err != nil {
			return nil, err
		}
		if l.FNSKU == "" {
			return nil, core.Invalid(MsgLabelNoFNSKU)
		}
		title := l.ItemName
		if title == "" {
			title = l.ProductName
		}
		total += n
		labels = append(labels, Label{FNSKU: l.FNSKU, SellerSKU: l.SellerSKU, Title: title, Quantity: n})
	}
	if len(labels) == 0 {
		return nil, core.Invalid(MsgLabelNothing)
	}
	if total > LabelTotalMax {
		return nil, core.Invalid(MsgLabelTooMany)
	}
	sort.SliceStable(labels, func(i, j int) bool { return labels[i].SellerSKU < labels[j].SellerSKU })
	return labels, nil
}

// LabelChoices lists up to labelChoicesLimit listings with an FNSKU that the form offers: of the store groups the
// user is granted, whose seller SKU, ASIN or FNSKU contains keyword, newest first.
func (s *Service) LabelChoices(ctx context.Context, p core.Principal, keyword string) ([]catalogdb.ListingRow, error) {
	return catalogdb.ListingsWithFNSKU(s.db.With(ctx), p.CompanyID, p.UserID, strings.TrimSpace(keyword), labelChoicesLimit)
}
