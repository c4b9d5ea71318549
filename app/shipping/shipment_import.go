package shipping

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
)

// Importing shipments from a workbook, for sellers without API access: one row per item, rows with the same
// 货件ID (or, without one, the same store, marketplace, warehouse and centre) make one shipment. Every row is
// checked first and every fault reported by row; only a workbook without faults is saved, all of it at once.

// ShipmentImportColumns are the template's columns, in order.
var ShipmentImportColumns = []string{"货件ID", "货件名称", "店铺", "站点", "发货仓库", "目的配送中心", "平台SKU", "数量", "备注"}

// Messages of the import.
const (
	MsgShipmentImportEmpty     = "导入文件没有数据行"
	MsgShipmentImportFileEmpty = "请选择要导入的文件"
	MsgShipmentImportFileBad   = "文件不是有效的.xlsx工作簿"
	MsgShipmentImportTooMany   = "导入文件最多2000行"
	MsgShipmentImportHeaderBad = "导入文件的表头与模板不一致，请下载模板填写"
	msgShipmentImportFailed    = "导入失败，没有保存任何货件：\n"
	msgRowGroupUnknown         = "第%d行：店铺“%s”不存在"
	msgRowCountryUnknown       = "第%d行：站点“%s”不存在，请填国家代码，如US"
	msgRowWarehouseBad         = "第%d行：发货仓库“%s”不存在或已停用"
	msgRowQuantityText         = "第%d行：数量应为1到%d之间的整数"
	msgRowHeadMismatch         = "第%d行：同一货件的店铺、站点、发货仓库、目的配送中心应一致"
	msgRowShipmentTaken        = "第%d行：货件ID %s 已存在"
	msgRowPrefix               = "第%d行："
	importMaxRows              = 2000
	importMaxErrors            = 30
)

// importGroup is the rows that make one shipment.
type importGroup struct {
	form  ManualShipmentForm
	place shipPlace
	rows  []int
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
		groups, faults, err := s.importGroups(tx, p, data)
		if err != nil {
			return err
		}
		if len(faults) > 0 {
			if len(faults) > importMaxErrors {
				faults = append(faults[:importMaxErrors], fmt.Sprintf("……共%d处错误", len(faults)))
			}
			return core.Invalid(msgShipmentImportFailed + strings.Join(faults, "\n"))
		}
		for _, g := range groups {
			sh, err := s.manualShipment(tx, p, g.form, next)
			// A refusal is named by its shipment's first row; anything else (a number of ours taken at the same
			// moment, which Numbers.Write numbers again) goes up as it is.
			var refusal *core.Error
			if errors.As(err, &refusal) {
				return core.Invalid(msgShipmentImportFailed + fmt.Sprintf(msgRowPrefix, g.rows[0]) + refusal.Msg)
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

// importGroups checks every row and gathers them into shipments; faults lists what is wrong, by row.
func (s *Service) importGroups(tx *models.DB, p core.Principal, data [][]string) ([]*importGroup, []string, error) {
	companyID := p.CompanyID
	groups, err := tx.StoreGroupsOf(companyID, p.UserID)
	if err != nil {
		return nil, nil, err
	}
	warehouses, err := tx.ShippingWarehouses(companyID)
	if err != nil {
		return nil, nil, err
	}
	var faults []string
	fault := func(format string, args ...any) { faults = append(faults, fmt.Sprintf(format, args...)) }
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
		head := ShipmentHead{ShipmentID: cell(0), Name: cell(1), Center: cell(5), Remark: cell(8)}
		if err := head.check(); err != nil {
			fault(msgRowPrefix+"%s", row, err.Error())
			continue
		}
		var place shipPlace
		ok := true
		if g := findBy(groups, cell(2), func(g models.StoreGroup) string { return g.Name }); g == nil {
			fault(msgRowGroupUnknown, row, cell(2))
			ok = false
		} else {
			place.group = g.ID
		}
		if m, found := models.MarketplaceByCountry(strings.ToUpper(cell(3))); !found {
			fault(msgRowCountryUnknown, row, cell(3))
			ok = false
		} else {
			place.marketplace = m.ID
		}
		if w := findBy(warehouses, cell(4), func(w models.Warehouse) string { return w.Name }); w == nil {
			fault(msgRowWarehouseBad, row, cell(4))
			ok = false
		} else {
			place.warehouse = w.ID
		}
		qty, err := strconv.Atoi(cell(7))
		if err != nil || qty < 1 || qty > maxShipQuantity {
			fault(msgRowQuantityText, row, maxShipQuantity)
			ok = false
		}
		sku := cell(6)
		if sku == "" {
			fault(msgRowSellerSKUEmpty, row)
			ok = false
		}
		if !ok {
			continue
		}
		if _, err := tx.PairedListing(companyID, place.group, place.marketplace, place.warehouse, sku); models.IsNotFound(err) {
			fault(msgRowSellerSKUUnknown, row, sku)
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
				if taken, err := tx.ShipmentIDTaken(companyID, head.ShipmentID); err != nil {
					return nil, nil, err
				} else if taken {
					fault(msgRowShipmentTaken, row, head.ShipmentID)
					continue
				}
			}
			g = &importGroup{place: place, form: ManualShipmentForm{ShipmentHead: head,
				GroupID: fmt.Sprint(place.group), MarketplaceID: place.marketplace, WarehouseID: fmt.Sprint(place.warehouse)}}
			byKey[key] = g
			order = append(order, g)
		} else if g.place != place || g.form.Center != head.Center {
			fault(msgRowHeadMismatch, row)
			continue
		}
		for _, it := range g.form.Items {
			if it.SellerSKU == sku {
				fault(msgRowPrefix+msgSellerSKUTwice, row, sku)
				ok = false
			}
		}
		if ok {
			g.form.Items = append(g.form.Items, ShipItemForm{SellerSKU: sku, Quantity: qty})
			g.rows = append(g.rows, row)
		}
	}
	return order, faults, nil
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
