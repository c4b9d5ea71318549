package catalog

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	catalogdb "sellerhub/models/catalog"
)

// ProductForm is a local product as the add and edit screens and the import send it. Numbers come as text, so
// that a price is never a float on its way in; an empty measure is unknown.
type ProductForm struct {
	SKU          string `json:"sku"`
	Name         string `json:"name"`
	Image        string `json:"image"`
	Kind         string `json:"kind"`
	BrandID      string `json:"brandId"`
	CategoryID   string `json:"categoryId"`
	SupplierID   string `json:"supplierId"`
	Price        string `json:"price"`
	Weight       string `json:"weight"`
	Length       string `json:"length"`
	Width        string `json:"width"`
	Height       string `json:"height"`
	CartonUnits  string `json:"cartonUnits"`
	CartonWeight string `json:"cartonWeight"`
	CartonLength string `json:"cartonLength"`
	CartonWidth  string `json:"cartonWidth"`
	CartonHeight string `json:"cartonHeight"`
	Remark       string `json:"remark"`
	// Only is the kind of the screen the form comes from (物料, 耗材, 包材), set by its route: the product is of
	// that kind whatever Kind says. 0 on 本地产品, whose kinds are ProductKinds.
	Only int `json:"-"`
}

// ofScreen says whether a product of the kind may be changed from the form's screen: a kind's screen changes its
// kind only, 本地产品 every kind but 物料.
func (f *ProductForm) ofScreen(kind int) bool {
	if f.Only != 0 {
		return kind == f.Only
	}
	return kind != catalogdb.ProductKindMaterial
}

// measure is one decimal field of the form with its label, the decimals it keeps and its largest value (the
// column's size).
type measure struct {
	raw   *string
	label string
	scale int32
	max   decimal.Decimal
	out   *decimal.NullDecimal
}

var (
	plainNumber  = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)
	wholeNumber  = regexp.MustCompile(`^[0-9]+$`)
	maxPrice     = decimal.RequireFromString("99999999.99")
	maxWeight    = decimal.RequireFromString("99999.999")
	maxLength    = decimal.RequireFromString("99999.99")
	maxCartonQty = 1000000
)

// check reads the measure: empty is unknown; otherwise a plain positive number with at most scale decimals, not
// above max. Messages: 单价(元)必须是数字, 重量(kg)必须大于0, 长(cm)最多2位小数, 单价(元)不能超过99999999.99.
func (m measure) check() error {
	raw := strings.TrimSpace(*m.raw)
	*m.raw = raw
	if raw == "" {
		*m.out = decimal.NullDecimal{}
		return nil
	}
	if !plainNumber.MatchString(raw) {
		return core.Invalid(m.label + "必须是数字")
	}
	d := decimal.RequireFromString(raw)
	switch {
	case !d.IsPositive():
		return core.Invalid(m.label + "必须大于0")
	case !d.Equal(d.Truncate(m.scale)):
		return core.Invalid(fmt.Sprintf("%s最多%d位小数", m.label, m.scale))
	case d.GreaterThan(m.max):
		return core.Invalid(m.label + "不能超过" + m.max.String())
	}
	*m.out = decimal.NullDecimal{Decimal: d, Valid: true}
	return nil
}

// product checks the form and answers the product it describes (without company, references or times). The
// first thing wrong is told in Chinese, naming the field.
func (f *ProductForm) product() (*catalogdb.LocalProduct, error) {
	m, problems := f.check()
	if err := core.FirstInvalid(problems); err != nil {
		return nil, err
	}
	return m, nil
}

// check reads every field and answers the product with everything wrong in the form, each field checked on its
// own, so that an import can name every wrong cell of a row at once.
func (f *ProductForm) check() (*catalogdb.LocalProduct, []core.FieldProblem) {
	var problems []core.FieldProblem
	note := func(column string, err error) bool {
		if err != nil {
			problems = append(problems, core.FieldProblem{Column: column, Why: err.Error()})
		}
		return err == nil
	}
	skuOK := note("SKU", core.CheckFields(core.Required(&f.SKU, "SKU", 50)))
	note("产品名称", core.CheckFields(core.Required(&f.Name, "产品名称", 200)))
	note("图片", core.CheckFields(core.Optional(&f.Image, "图片", 300)))
	note("备注", core.CheckFields(core.Optional(&f.Remark, "备注", 500)))
	if skuOK && (strings.IndexFunc(f.SKU, unicode.IsSpace) >= 0 || strings.IndexFunc(f.SKU, unicode.IsControl) >= 0) {
		note("SKU", core.Invalid(MsgSKUSpace))
	}
	m := &catalogdb.LocalProduct{SKU: f.SKU, Name: f.Name, Image: f.Image, Remark: f.Remark, Kind: catalogdb.ProductKindProduct}
	if f.Only != 0 {
		m.Kind = f.Only
	} else if k := strings.TrimSpace(f.Kind); k != "" {
		if m.Kind = kindOf(k); m.Kind == 0 {
			note("类型", core.Invalid(MsgProductKindBad))
		}
	}
	f.BrandID, f.CategoryID, f.SupplierID = strings.TrimSpace(f.BrandID), strings.TrimSpace(f.CategoryID), strings.TrimSpace(f.SupplierID)
	for _, ms := range []measure{
		{&f.Price, "单价(元)", 2, maxPrice, &m.Price},
		{&f.Weight, "重量(kg)", 3, maxWeight, &m.Weight},
		{&f.Length, "长(cm)", 2, maxLength, &m.Length},
		{&f.Width, "宽(cm)", 2, maxLength, &m.Width},
		{&f.Height, "高(cm)", 2, maxLength, &m.Height},
	} {
		note(ms.label, ms.check())
	}
	units, err := cartonUnits(f.CartonUnits)
	if note("单箱数量", err) {
		m.CartonUnits = units
	}
	for _, ms := range []measure{
		{&f.CartonWeight, "箱重(kg)", 3, maxWeight, &m.CartonWeight},
		{&f.CartonLength, "箱长(cm)", 2, maxLength, &m.CartonLength},
		{&f.CartonWidth, "箱宽(cm)", 2, maxLength, &m.CartonWidth},
		{&f.CartonHeight, "箱高(cm)", 2, maxLength, &m.CartonHeight},
	} {
		note(ms.label, ms.check())
	}
	return m, problems
}

// cartonUnits reads 单箱数量: empty is unknown, else a whole number from 1 to maxCartonQty.
func cartonUnits(raw string) (*int, error) {
	units := strings.TrimSpace(raw)
	if units == "" {
		return nil, nil
	}
	if !wholeNumber.MatchString(units) {
		return nil, core.Invalid(MsgCartonUnitsBad)
	}
	n, err := strconv.Atoi(units)
	switch {
	case err != nil || n > maxCartonQty: // only digits, so too many of them
		return nil, core.Invalid(MsgCartonUnitsTooMany)
	case n == 0:
		return nil, core.Invalid(MsgCartonUnitsBad)
	}
	return &n, nil
}

// CartonSpec renders a product's carton spec (箱规) the way the lists and the pick list show it: 单箱24个,
// 重3.5kg, 40*30*20cm, each part only when known; "" when nothing is.
func CartonSpec(m *catalogdb.LocalProduct) string {
	var parts []string
	if m.CartonUnits != nil {
		parts = append(parts, fmt.Sprintf("单箱%d个", *m.CartonUnits))
	}
	if m.CartonWeight.Valid {
		parts = append(parts, "重"+m.CartonWeight.Decimal.String()+"kg")
	}
	if m.CartonLength.Valid && m.CartonWidth.Valid && m.CartonHeight.Valid {
		parts = append(parts, m.CartonLength.Decimal.String()+"*"+m.CartonWidth.Decimal.String()+"*"+m.CartonHeight.Decimal.String()+"cm")
	}
	return strings.Join(parts, ", ")
}
