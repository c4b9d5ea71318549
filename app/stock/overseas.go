package stock

import (
	"context"
	"fmt"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	stockdb "sellerhub/models/stock"
	"sellerhub/models/stores"
)

// Messages of 海外仓发货 (an overseas warehouse's outbound document).
const (
	MsgOverseasNotOverseas      = "海外仓发货只能从海外仓发出，请选择海外仓"
	MsgOverseasDestBad          = "请选择发往FBA或发往买家"
	MsgOverseasGroupEmpty       = "请选择店铺"
	MsgOverseasGroupMissing     = "店铺不存在"
	MsgOverseasMarketplaceEmpty = "请选择站点"
	MsgOverseasMarketplaceBad   = "站点不存在"
	MsgOverseasShipmentMissing  = "货件不存在"
	// MsgOverseasShipmentElsewhere and the next two name the shipment.
	MsgOverseasShipmentElsewhere = "货件 %s 不属于所选店铺和站点，不能关联"
	MsgOverseasShipmentCancelled = "货件 %s 已取消或驳回，不能关联"
	MsgOverseasShipmentOwnStock  = "货件 %s 从本海外仓发货，库存由货件扣减，不能再关联海外仓发货单"
	// MsgOverseasShort names the product and what is there: 海外仓库存不足：SKU A-1 可用库存 3，发货数量 5.
	MsgOverseasShort = "海外仓库存不足：SKU %s 可用库存 %d，发货数量 %d"
	// MsgOverseasCancelShort refuses to take back from an FBA warehouse's inbound what is no longer there.
	MsgOverseasCancelShort = "FBA仓在途库存不足，不能作废：SKU %s 在途库存 %d，需扣回 %d"
)

// Button permissions of 海外仓发货; reading needs 海外仓库存's screen.
const (
	PermissionOverseasAdd     = "erp:wh:overseas:add"
	PermissionOverseasApprove = "erp:wh:overseas:approve"
	PermissionOverseasCancel  = "erp:wh:overseas:cancel"
)

// DocOverseasCancel is the ledger's document type of an approved 海外仓发货's reversal.
var DocOverseasCancel = CancelDocType(stockdb.DocOverseasOut)

// OverseasForm is where a 海外仓发货 sends its lines: destination fba (a store group's marketplace, the
// fulfilment centre's code and, optionally, the number of the shipment it goes under) or buyer (name, phone,
// address), with the carrier and tracking number. Other kinds leave it empty.
type OverseasForm struct {
	Destination     string `json:"destination"`
	DestGroupID     string `json:"destGroupId"`
	DestMarketplace string `json:"destMarketplace"`
	DestCenter      string `json:"destCenter"`
	ShipmentID      string `json:"shipmentId"`
	BuyerName       string `json:"buyerName"`
	BuyerPhone      string `json:"buyerPhone"`
	BuyerAddress    string `json:"buyerAddress"`
	Carrier         string `json:"carrier"`
	Tracking        string `json:"tracking"`
}

// overseasHead is a 海外仓发货's checked destination and the number of the shipment to link ("" none).
type overseasHead struct {
	out      stockdb.OverseasOut
	shipment string
}

// overseasForm checks a 海外仓发货's destination fields (nil for other kinds); what needs the database is checked
// by linkOverseas in the saving transaction.
func overseasForm(kind string, f *OverseasForm) (*overseasHead, error) {
	if kind != stockdb.DocOverseasOut {
		return nil, nil
	}
	if err := core.CheckFields(core.Optional(&f.DestCenter, "FBA仓库代码", 20), core.Optional(&f.ShipmentID, "货件单号", 40),
		core.Optional(&f.BuyerPhone, "电话", 30), core.Optional(&f.Tracking, "跟踪单号", 100)); err != nil {
		return nil, err
	}
	h := &overseasHead{out: stockdb.OverseasOut{Destination: strings.TrimSpace(f.Destination), DestCenter: strings.ToUpper(f.DestCenter),
		Tracking: f.Tracking}}
	switch h.out.Destination {
	case stockdb.DestFBA:
		if err := core.CheckFields(core.Optional(&f.Carrier, "承运商", 50)); err != nil {
			return nil, err
		}
		raw := strings.TrimSpace(f.DestGroupID)
		if raw == "" {
			return nil, core.Invalid(MsgOverseasGroupEmpty)
		}
		group, ok := core.ParseID(raw)
		if !ok {
			return nil, core.Invalid(MsgOverseasGroupMissing)
		}
		m := strings.TrimSpace(f.DestMarketplace)
		if m == "" {
			return nil, core.Invalid(MsgOverseasMarketplaceEmpty)
		}
		if _, ok := stores.MarketplaceByID(m); !ok {
			return nil, core.Invalid(MsgOverseasMarketplaceBad)
		}
		h.out.DestGroupID, h.out.DestMarketplace, h.out.Carrier, h.shipment = &group, m, f.Carrier, f.ShipmentID
	case stockdb.DestBuyer:
		if err := core.CheckFields(core.Required(&f.BuyerName, "收件人", 100), core.Required(&f.BuyerAddress, "收件地址", 300),
			core.Required(&f.Carrier, "承运商", 50)); err != nil {
			return nil, err
		}
		h.out.BuyerName, h.out.BuyerPhone, h.out.BuyerAddress, h.out.Carrier, h.out.DestCenter = f.BuyerName, f.BuyerPhone, f.BuyerAddress, f.Carrier, ""
	default:
		return nil, core.Invalid(MsgOverseasDestBad)
	}
	return h, nil
}

// linkOverseas checks, in the transaction saving a 海外仓发货, that its warehouse is an overseas one, its store
// group one the user sees and its shipment one of that group and marketplace that does not move this stock
// itself; it fills in the FBA warehouse (made at its first use, as a shipment's 发货 does) as the document's
// target, so the lists of a user limited to other store groups leave it out, and the shipment's row. Other
// kinds pass.
func linkOverseas(tx *models.DB, p core.Principal, kind string, warehouse int64, h *overseasHead) (target *int64, err error) {
	if kind != stockdb.DocOverseasOut {
		return nil, nil
	}
	w, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, warehouse)
	if err != nil {
		return nil, err
	}
	if w.Kind != stockdb.WarehouseOverseas {
		return nil, core.Refused(MsgOverseasNotOverseas)
	}
	h.out.ShipmentRef = nil
	if h.out.Destination != stockdb.DestFBA {
		return nil, nil
	}
	group := *h.out.DestGroupID
	if ok, err := stockdb.GroupVisible(tx, p.CompanyID, p.UserID, group); err != nil || !ok {
		if err == nil {
			err = core.Invalid(MsgOverseasGroupMissing)
		}
		return nil, err
	}
	if h.shipment != "" {
		sh, err := stockdb.ShipmentToLink(tx, p.CompanyID, p.UserID, h.shipment)
		switch {
		case models.IsNotFound(err):
			return nil, core.Invalid(MsgOverseasShipmentMissing)
		case err != nil:
			return nil, err
		case sh.GroupID != group || sh.MarketplaceID != h.out.DestMarketplace:
			return nil, core.Refused(fmt.Sprintf(MsgOverseasShipmentElsewhere, sh.ShipmentID))
		case sh.Status <= 0: // 取消 (0) and 驳回 (-1)
			return nil, core.Refused(fmt.Sprintf(MsgOverseasShipmentCancelled, sh.ShipmentID))
		case sh.WarehouseID == warehouse:
			return nil, core.Refused(fmt.Sprintf(MsgOverseasShipmentOwnStock, sh.ShipmentID))
		}
		h.out.ShipmentRef = &sh.ID
	}
	fba, err := stockdb.FBAWarehouse(tx, p.CompanyID, group, h.out.DestMarketplace)
	if models.IsNotFound(err) {
		return nil, core.Invalid(MsgOverseasGroupMissing)
	}
	if err != nil {
		return nil, err
	}
	return &fba.ID, nil
}

// overseasColumns are the columns a draft's edit writes of its destination.
func overseasColumns(h *overseasHead, target *int64) map[string]any {
	o := h.out
	return map[string]any{"destination": o.Destination, "dest_group_id": o.DestGroupID, "dest_marketplace": o.DestMarketplace,
		"dest_center": o.DestCenter, "shipment_ref": o.ShipmentRef, "buyer_name": o.BuyerName, "buyer_phone": o.BuyerPhone,
		"buyer_address": o.BuyerAddress, "carrier": o.Carrier, "tracking": o.Tracking, "to_warehouse_id": target}
}

// moveOverseas moves a 海外仓发货's lines times sign in one MoveStock: approval (1) takes each out of the overseas
// warehouse's fulfillable and, sent to FBA, adds it to the FBA warehouse's inbound (在途, as a shipment's 发货
// does, until Amazon's figures replace it); the reversal (-1) moves them back. Every movement has its ledger line
// under the document's number; a shortage is refused naming the SKU, and nothing moves.
func moveOverseas(s *Service, tx *models.DB, p core.Principal, d *stockdb.DocumentRow, sign int) error {
	lines, err := stockdb.DocumentLines(tx, p.CompanyID, d.ID)
	if err != nil {
		return err
	}
	changes := make([]stockdb.StockChange, 0, 2*len(lines))
	skus := make(map[int64]string, len(lines))
	for _, l := range lines {
		changes = append(changes, stockdb.StockChange{WarehouseID: d.WarehouseID, ProductID: l.ProductID, Fulfillable: -sign * l.Quantity})
		if d.Destination == stockdb.DestFBA && d.ToWarehouseID != nil {
			changes = append(changes, stockdb.StockChange{WarehouseID: *d.ToWarehouseID, ProductID: l.ProductID, Inbound: sign * l.Quantity})
		}
		skus[l.ProductID] = l.SKU
	}
	docType, short := stockdb.DocOverseasOut, MsgOverseasShort
	if sign < 0 {
		docType, short = DocOverseasCancel, MsgOverseasCancelShort
	}
	err = stockdb.MoveStock(tx, p.CompanyID, stockdb.StockCause{DocType: docType, DocNumber: d.Number, OperatorID: &p.UserID}, changes)
	return s.refusal(tx, p, err, skus, short)
}

// DocumentLedger lists the ledger lines of a document the user has loaded (Document): what its approval and its
// reversal moved, in the warehouses the user may see (a function: Service is at its method cap).
func DocumentLedger(ctx context.Context, s *Service, p core.Principal, d *stockdb.DocumentRow) ([]stockdb.LedgerRow, error) {
	return stockdb.DocumentLedger(s.db.With(ctx), p.CompanyID, p.UserID, d.Number)
}
