package shipping

import (
	"errors"
	"fmt"

	"sellerhub/app/core"
	"sellerhub/models"
	catalogdb "sellerhub/models/catalog"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
)

// 发货 consumes the packing (包材用量) of what it ships from the shipment's warehouse, under the shipment's id and
// a document type of its own, so that 取消发货 gives back exactly what the ledger says was taken, whatever the
// packing is by then.

// packingDocType is the ledger's document type of the packing a shipment consumed; its number is the shipment's.
const packingDocType = "FBA货件包材"

// msgPackingShort names the material short in the shipment's warehouse, what it has and what 发货 needs.
const msgPackingShort = "包材库存不足：%s 在发货仓库的可用库存为%d，需要%d"

// packingUse is what shipping the items takes of each material, as stock changes in the shipment's warehouse,
// with each material's name for a refusal: per unit times the units shipped, per carton times the cartons that
// hold the product (without box data, the units over its 单箱数量 rounded up, one carton when it has none).
func packingUse(tx *models.DB, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow) ([]stockdb.StockChange, map[int64]string, error) {
	units := map[int64]int{}
	productOf := map[int64]int64{}
	var products []int64
	for _, it := range items {
		productOf[it.ID] = it.ProductID
		if it.QuantityShipped <= 0 {
			continue
		}
		if units[it.ProductID] == 0 {
			products = append(products, it.ProductID)
		}
		units[it.ProductID] += it.QuantityShipped
	}
	packing, err := catalogdb.PackingOf(tx, sh.CompanyID, products)
	if err != nil || len(packing) == 0 {
		return nil, nil, err
	}
	cartons, err := cartonsPerProduct(tx, sh, productOf, units)
	if err != nil {
		return nil, nil, err
	}
	taken := map[int64]int{}
	names := map[int64]string{}
	var order []int64
	for _, l := range packing {
		n := l.Quantity * units[l.ProductID]
		if l.PerCarton {
			n = l.Quantity * cartons[l.ProductID]
		}
		if _, ok := names[l.MaterialID]; !ok {
			order = append(order, l.MaterialID)
			names[l.MaterialID] = fmt.Sprintf("%s（%s）", l.SKU, l.Name)
		}
		taken[l.MaterialID] += n
	}
	changes := make([]stockdb.StockChange, 0, len(order))
	for _, m := range order {
		if taken[m] > 0 {
			changes = append(changes, stockdb.StockChange{WarehouseID: sh.WarehouseID, ProductID: m, Fulfillable: -taken[m]})
		}
	}
	return changes, names, nil
}

// cartonsPerProduct counts, per product shipped, the shipment's cartons holding it; without box data, its units
// over its 单箱数量 rounded up (one carton when it has none).
func cartonsPerProduct(tx *models.DB, sh *shippingdb.Shipment, productOf map[int64]int64, units map[int64]int) (map[int64]int, error) {
	boxes, err := shippingdb.ShipmentCartonsOf(tx, sh.CompanyID, sh.ID)
	if err != nil {
		return nil, err
	}
	out := map[int64]int{}
	if len(boxes) > 0 {
		for _, b := range boxes {
			in := map[int64]bool{}
			for _, ci := range b.Items {
				if p := productOf[ci.ItemID]; units[p] > 0 && !in[p] {
					in[p] = true
					out[p]++
				}
			}
		}
		return out, nil
	}
	ids := make([]int64, 0, len(units))
	for p := range units {
		ids = append(ids, p)
	}
	per, err := catalogdb.CartonUnitsOf(tx, sh.CompanyID, ids)
	if err != nil {
		return nil, err
	}
	for p, n := range units {
		out[p] = 1
		if c := per[p]; c > 0 {
			out[p] = (n + c - 1) / c
		}
	}
	return out, nil
}

// packingGivenBack is the reversal of the packing the shipment's 发货 consumed, read from its ledger lines.
func packingGivenBack(tx *models.DB, sh *shippingdb.Shipment) ([]stockdb.StockChange, error) {
	moved, err := stockdb.DocumentBalance(tx, sh.CompanyID, packingDocType, sh.ShipmentID)
	for i := range moved {
		moved[i].Inbound, moved[i].Fulfillable, moved[i].Outbound = -moved[i].Inbound, -moved[i].Fulfillable, -moved[i].Outbound
	}
	return moved, err
}

// lockWithPacking locks the stock rows of the items' products and the packing materials in the shipment's
// warehouse in one ordered statement before the step moves them in two, so that it waits where other documents
// moving the same products would instead of deadlocking with them.
func lockWithPacking(tx *models.DB, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow, packing []stockdb.StockChange) error {
	if len(packing) == 0 {
		return nil
	}
	var ids []int64
	for _, it := range items {
		ids = append(ids, it.ProductID)
	}
	for _, c := range packing {
		if c.WarehouseID == sh.WarehouseID {
			ids = append(ids, c.ProductID)
		}
	}
	return stockdb.LockStocks(tx, sh.CompanyID, sh.WarehouseID, ids)
}

// movePacking moves the packing materials under the shipment's id; a shortage names the material.
func movePacking(tx *models.DB, p core.Principal, sh *shippingdb.Shipment, changes []stockdb.StockChange, names map[int64]string) error {
	operator := p.UserID
	err := stockdb.MoveStock(tx, p.CompanyID, stockdb.StockCause{DocType: packingDocType, DocNumber: sh.ShipmentID, OperatorID: &operator}, changes)
	var shortage *stockdb.StockShortError
	switch {
	case errors.As(err, &shortage):
		return core.Refused(fmt.Sprintf(msgPackingShort, names[shortage.ProductID], shortage.Have, -shortage.Change))
	case errors.Is(err, stockdb.ErrWarehouseStocktaking):
		return core.Refused(stockdb.StocktakeNamed(err, MsgWarehouseCounting))
	case models.IsNotFound(err):
		return core.Refused(MsgWarehouseMissing)
	}
	return err
}
