package shipping

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"sellerhub/app/core"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// Importing shipments from a workbook, for sellers without API access: one row per item, rows with the same
// 货件ID (or, without one, the same store, marketplace, warehouse and centre) make one shipment. Every row is
// checked first and every wrong cell reported (row, column, value, why: core.Problems); only a workbook without
// any is saved, all of it at once.

// ShipmentImportColumns are the template's columns, in order.
var ShipmentImportColumns = []string{"货件ID", "货件名称", "店铺", "站点", "发货仓库", "目的配送中心", "平台SKU", "数量", "备注"}

// Messages of the import.
const (
	MsgShipmentImportEmpty     = "导入文件没有数据行"
	MsgShipmentImportFileEmpty = "请选择要导入的文件"
	MsgShipmentImportFileBad   = "文件不是有效的.xlsx工作簿"
	MsgShipmentImportTooMany   = "导入文件最多2000行"
	MsgShipmentImportHeaderBad = "导入文件的表头与模板不一致，请下载模板填写"
	msgShipmentImportFailed    = "导入失败，共%d行%d处有误，没有保存任何货件："
	msgGroupUnknown            = "店铺“%s”不存在"
	msgCountryUnknown          = "站点“%s”不存在，请填国家代码，如US"
	msgWarehouseBad            = "发货仓库“%s”不存在或已停用"
	msgQuantityText            = "数量应为1到%d之间的整数"
	msgHeadMismatch            = "同一货件的店铺、站点、发货仓库、目的配送中心应一致"
	msgShipmentTaken           = "货件ID %s 已存在"
	msgSellerSKUEmpty          = "平台SKU不能为空"
	msgSellerSKUUnknown        = "平台SKU %s 不在该店铺站点，或未配对本地产品"
	importMaxRows              = 2000
)

// importGroup is the rows that make one shipment.
type importGroup struct {
	form  ManualShipmentForm
	place shipPlace
	rows  []int
}

// ReadShipmentSheet reads an uploaded workbook's first sheet for ImportShipments, stopping past importMaxRows
// rows (core.SheetRows).
func ReadShipmentSheet(r io.Reader) ([][]string, error) {
	return core.SheetRows(r, importMaxRows, MsgShipmentImportFileBad, MsgShipmentImportTooMany)
}

// ImportShipments creates the shipments of a workbook's rows (the header row first). It answers the shipments'
// ids, or refuses with every faulty row named and saves nothing.
func (s *Service) ImportShipments(ctx context.Context, p core.Principal, rows [][]string) ([]string, error) {
	if len(rows) == 0 || !importHeaderOK(rows[0]) {
		return nil, core.Invalid(MsgShipmentImportHeaderBad)
	}
	data := rows[1:]
	for len(data) > 0 && blankRow(data[len(data)-1]) {
		data = data[:len(data)-1]
	}
	switch {
	case len(data) == 0:
		return nil, core.Invalid(MsgShipmentImportEmpty)
	case len(data) > importMaxRows:
		return nil, core.Invalid(MsgShipmentImportTooMany)
	}
	var ids []string
	err := s.numbers.Write(ctx, models.ShipmentNumbers, p.CompanyID, func(tx *models.DB, next func() (string, error)) error {
		ids = nil
		groups, problems, err := s.importGroups(tx, p, data)
		if err != nil {
			return err
		}
		if len(problems) > 0 {
			return problems.Refusal(msgShipmentImportFailed)
		}
		for _, g := range groups {
			sh, err := s.manualShipment(tx, p, g.form, next)
			// A refusal is named by its shipment's first row; anything else (a number of ours taken at the same
			// moment, which Numbers.Write numbers again) goes up as it is.
			var refusal *core.Error
			if errors.As(err, &refusal) {
				var ps core.Problems
				ps.Add(g.rows[0], "货件ID", g.form.ShipmentID, refusal.Msg)
				return ps.Refusal(msgShipmentImportFailed)
			}
			if err != nil {
				return err
			}
			ids = append(ids, sh.ShipmentID)
		}
		return nil
	})
	return ids, err
}

func importHeaderOK(header []string) bool {
	if len(header) < len(ShipmentImportColumns) {
		return false
	}
	for i, c := range ShipmentImportColumns {
		if strings.TrimSpace(header[i]) != c {
			return false
		}
	}
	return true
}

func blankRow(r []string) bool {
	for _, c := range r {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// importGroups checks every row and gathers them into shipments; problems lists every wrong cell.
func (s *Service) importGroups(tx *models.DB, p core.Principal, data [][]string) ([]*importGroup, core.Problems, error) {
	companyID := p.CompanyID
	groups, err := storesdb.StoreGroupsOf(tx, companyID, p.UserID)
	if err != nil {
		return nil, nil, err
	}
	warehouses, err := shippingdb.ShippingWarehouses(tx, companyID, p.UserID)
	if err != nil {
		return nil, nil, err
	}
	var problems core.Problems
	var order []*importGroup
	byKey := map[string]*importGroup{}
	for i, r := range data {
		row := i + 2 // the sheet's row number: the header is row 1
		cell := func(n int) string {
			if n < len(r) {
				return strings.TrimSpace(r[n])
			}
			return ""
		}
		if blankRow(r) {
			continue
		}
		wrong := len(problems)
		// fault notes the cell of column n (ShipmentImportColumns) as wrong.
		fault := func(n int, why string) { problems.Add(row, ShipmentImportColumns[n], cell(n), why) }
		head := ShipmentHead{ShipmentID: cell(0), Name: cell(1), Center: cell(5), Remark: cell(8)}
		for _, hp := range head.problems() {
			fault(slices.Index(ShipmentImportColumns, hp.Column), hp.Why)
		}
		var place shipPlace
		if g := findBy(groups, cell(2), func(g storesdb.StoreGroup) string { return g.Name }); g == nil {
			fault(2, fmt.Sprintf(msgGroupUnknown, cell(2)))
		} else {
			place.group = g.ID
		}
		if m, found := storesdb.MarketplaceByCountry(strings.ToUpper(cell(3))); !found {
			fault(3, fmt.Sprintf(msgCountryUnknown, cell(3)))
		} else {
			place.marketplace = m.ID
		}
		if w := findBy(warehouses, cell(4), func(w stockdb.Warehouse) string { return w.Name }); w == nil {
			fault(4, fmt.Sprintf(msgWarehouseBad, cell(4)))
		} else {
			place.warehouse = w.ID
		}
		qty, err := strconv.Atoi(cell(7))
		if err != nil || qty < 1 || qty > maxShipQuantity {
			fault(7, fmt.Sprintf(msgQuantityText, maxShipQuantity))
		}
		sku := cell(6)
		if sku == "" {
			fault(6, msgSellerSKUEmpty)
		}
		if len(problems) > wrong {
			continue
		}
		if _, err := shippingdb.PairedListing(tx, companyID, place.group, place.marketplace, place.warehouse, sku); models.IsNotFound(err) {
			fault(6, fmt.Sprintf(msgSellerSKUUnknown, sku))
			continue
		} else if err != nil {
			return nil, nil, err
		}
		key := head.ShipmentID
		if key == "" {
			key = fmt.Sprintf("%d|%s|%d|%s", place.group, place.marketplace, place.warehouse, head.Center)
		}
		g := byKey[key]
		if g == nil {
			if head.ShipmentID != "" {
				if taken, err := shippingdb.ShipmentIDTaken(tx, companyID, head.ShipmentID); err != nil {
					return nil, nil, err
				} else if taken {
					fault(0, fmt.Sprintf(msgShipmentTaken, head.ShipmentID))
					continue
				}
			}
			g = &importGroup{place: place, form: ManualShipmentForm{ShipmentHead: head,
				GroupID: fmt.Sprint(place.group), MarketplaceID: place.marketplace, WarehouseID: fmt.Sprint(place.warehouse)}}
			byKey[key] = g
			order = append(order, g)
		} else if g.place != place || g.form.Center != head.Center {
			fault(0, msgHeadMismatch)
			continue
		}
		if slices.ContainsFunc(g.form.Items, func(it ShipItemForm) bool { return it.SellerSKU == sku }) {
			fault(6, fmt.Sprintf(msgSellerSKUTwice, sku))
		} else {
			g.form.Items = append(g.form.Items, ShipItemForm{SellerSKU: sku, Quantity: qty})
			g.rows = append(g.rows, row)
		}
	}
	return order, problems, nil
}

// findBy finds the row whose key (its name, its id) is key.
func findBy[T any, K comparable](rows []T, key K, keyOf func(T) K) *T {
	for i := range rows {
		if keyOf(rows[i]) == key {
			return &rows[i]
		}
	}
	return nil
}

// shipmentTemplateHelp is the shipment template's help text (core.TemplateHelpSheet).
const shipmentTemplateHelp = "在第一个工作表填写货件，每行一个平台SKU；同一货件ID（或货件ID留空时同一店铺、站点、发货仓库、目的配送中心）的行合为一个货件，货件ID留空则自动生成。下面是一行示例（不会被导入），以及店铺、站点、发货仓库可填的值。"

// ShipmentTemplate is the import template: the columns on the first sheet, and on a second an example row and the
// values 店铺 (the user's store groups), 站点 (country codes) and 发货仓库 (the warehouses shipments leave from) take.
func (s *Service) ShipmentTemplate(ctx context.Context, p core.Principal) (*excelize.File, error) {
	db := s.db.With(ctx)
	groups, err := storesdb.StoreGroupsOf(db, p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	warehouses, err := shippingdb.ShippingWarehouses(db, p.CompanyID, p.UserID)
	if err != nil {
		return nil, err
	}
	lists := [][]any{{"店铺"}, {"站点"}, {"发货仓库"}}
	for _, g := range groups {
		lists[0] = append(lists[0], g.Name)
	}
	for _, m := range storesdb.Marketplaces {
		lists[1] = append(lists[1], m.Country)
	}
	for _, w := range warehouses {
		lists[2] = append(lists[2], w.Name)
	}
	example := []any{"", "示例货件", "我的店铺", "US", "深圳仓", "ONT8", "MSKU-001", 100, "货件ID留空则自动生成"}
	return core.ImportTemplate(ShipmentImportColumns, shipmentTemplateHelp, example, lists)
}
