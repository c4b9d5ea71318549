package stock

import (
	"context"
	"fmt"
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	stockdb "sellerhub/models/stock"
)

// Messages of the transfer (调拨单) calls.
const (
	MsgTransferTargetEmpty    = "请选择调入仓库"
	MsgTransferTargetMissing  = "调入仓库不存在"
	MsgTransferTargetDisabled = "调入仓库已停用，不能调拨"
	MsgTransferSameWarehouse  = "调出仓库和调入仓库不能相同"
	MsgTransferFBA            = "FBA仓的库存由亚马逊同步，不能调拨"
	MsgTransferNotShipped     = "只有调拨中的调拨单可以收货"
	MsgTransferReceived       = "调拨单已收货，不能作废"
	MsgTransferReasonEmpty    = "实收数量与发货数量不同，请填写差异原因"
	// MsgTransferShort names the product and what is there: 库存不足：SKU A-1 可用库存 3，调拨数量 5.
	MsgTransferShort        = "库存不足：SKU %s 可用库存 %d，调拨数量 %d"
	msgTransferReceivedBad  = "实收数量必须为0到发货数量之间的整数"
	msgTransferLineMissing  = "请填写每个产品的实收数量"
	msgTransferProductExtra = "产品不在调拨单中"
)

// Button permissions of the transfer screens: 审核 ships (发货), 收货 receives at the target.
const (
	PermissionTransferAdd     = "erp:wh:transfer:add"
	PermissionTransferApprove = "erp:wh:transfer:approve"
	PermissionTransferReceive = "erp:wh:transfer:receive"
	PermissionTransferCancel  = "erp:wh:transfer:cancel"
)

// Ledger document types of a transfer's movements beside its shipping (DocTransfer): its receipt and the
// shipping's reversal.
var (
	DocTransferReceive = stockdb.DocTransfer + "_receive"
	DocTransferCancel  = CancelDocType(stockdb.DocTransfer)
)

// target reads a transfer's or a 海外仓入库's target warehouse (nil for other kinds), which must differ from its
// source.
func (f *DocumentForm) target(kind string, source int64) (*int64, error) {
	empty, missing := MsgTransferTargetEmpty, MsgTransferTargetMissing
	switch kind {
	case stockdb.DocTransfer:
	case stockdb.DocOverseasIn:
		empty, missing = MsgOverseasInTargetEmpty, MsgOverseasInTargetMissing
	default:
		return nil, nil
	}
	if strings.TrimSpace(f.ToWarehouseID) == "" {
		return nil, core.Invalid(empty)
	}
	id, ok := core.ParseID(f.ToWarehouseID)
	switch {
	case !ok:
		return nil, core.Invalid(missing)
	case id == source:
		return nil, core.Invalid(MsgTransferSameWarehouse)
	}
	return &id, nil
}

// checkTransfer checks, in the transaction saving a transfer, that its target is one of the company's enabled
// warehouses the user sees, and that neither end is an FBA warehouse (whose stock is Amazon's figures).
func checkTransfer(tx *models.DB, p core.Principal, source int64, target *int64) error {
	if target == nil {
		return nil
	}
	w, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, *target)
	switch {
	case models.IsNotFound(err):
		return core.Invalid(MsgTransferTargetMissing)
	case err != nil:
		return err
	case w.Disabled:
		return core.Refused(MsgTransferTargetDisabled)
	case w.Kind == stockdb.WarehouseFBA:
		return core.Refused(MsgTransferFBA)
	}
	from, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, source)
	if err != nil {
		return err
	}
	if from.Kind == stockdb.WarehouseFBA {
		return core.Refused(MsgTransferFBA)
	}
	return nil
}

// shipTransfer moves a transfer's (or a 海外仓入库's) lines times sign: shipping (1) takes each from the source's
// fulfillable into its outbound and adds it to the target's inbound (in transit); the reversal (-1) puts them back.
func (s *Service) shipTransfer(tx *models.DB, p core.Principal, d *stockdb.DocumentRow, sign int) error {
	lines, err := stockdb.DocumentLines(tx, p.CompanyID, d.ID)
	if err != nil {
		return err
	}
	changes := make([]stockdb.StockChange, 0, 2*len(lines))
	skus := make(map[int64]string, len(lines))
	for _, l := range lines {
		q := sign * l.Quantity
		changes = append(changes,
			stockdb.StockChange{WarehouseID: d.WarehouseID, ProductID: l.ProductID, Fulfillable: -q, Outbound: q},
			stockdb.StockChange{WarehouseID: *d.ToWarehouseID, ProductID: l.ProductID, Inbound: q})
		skus[l.ProductID] = l.SKU
	}
	docType, short := stockdb.DocTransfer, MsgTransferShort
	if d.Kind == stockdb.DocOverseasIn {
		docType, short = stockdb.DocOverseasIn, MsgOverseasInShort
	}
	if sign < 0 {
		docType = CancelDocType(d.Kind)
	}
	err = stockdb.MoveStock(tx, p.CompanyID, stockdb.StockCause{DocType: docType, DocNumber: d.Number, OperatorID: &p.UserID}, changes)
	return s.refusal(tx, p, err, skus, short)
}

// TransferReceipt is what the target received: each line's quantity (0 to what was shipped) and the bin of the
// target it is put away into ("" leaves it 待上架), and the reason when any differs from what was shipped.
type TransferReceipt struct {
	Lines []struct {
		ProductID string `json:"productId"`
		Received  int    `json:"received"`
		BinID     string `json:"binId"`
	} `json:"lines"`
	Reason string `json:"reason"`
}

// ReceiveTransfer (收货) moves a transfer 调拨中 to 已完成: the source's outbound is consumed and the target's
// inbound becomes fulfillable as received; a line received short books the difference (its inbound goes, its
// fulfillable comes as received), with the reason. Every line is received at once.
func (s *Service) ReceiveTransfer(ctx context.Context, p core.Principal, id string, r TransferReceipt) error {
	return ReceiveInTransit(ctx, s, p, stockdb.DocTransfer, id, r)
}

// ReceiveInTransit receives a document of kind (a transfer, or a 海外仓入库 at its overseas warehouse) as
// ReceiveTransfer says, its ledger lines under the kind's receipt type (a function: Service is at its method cap).
func ReceiveInTransit(ctx context.Context, s *Service, p core.Principal, kind, id string, r TransferReceipt) error {
	if err := core.CheckFields(core.Optional(&r.Reason, "差异原因", 200)); err != nil {
		return err
	}
	notShipped, docType := MsgTransferNotShipped, DocTransferReceive
	if kind == stockdb.DocOverseasIn {
		notShipped, docType = MsgOverseasInNotShipped, DocOverseasInReceive
	}
	return s.changeDocument(ctx, p, kind, id, func(tx *models.DB, d *stockdb.DocumentRow) error {
		if d.Status != stockdb.DocApproved {
			return core.Refused(notShipped)
		}
		lines, err := stockdb.DocumentLines(tx, p.CompanyID, d.ID)
		if err != nil {
			return err
		}
		received := map[int64]int{}
		bins := map[int64]int64{}
		var binned []stockdb.StockDocumentLine
		for i, l := range r.Lines {
			prefix := fmt.Sprintf(msgDocLine, i+1)
			product, ok := core.ParseID(l.ProductID)
			if !ok {
				return core.Invalid(prefix + msgTransferProductExtra)
			}
			received[product] = l.Received
			line := stockdb.StockDocumentLine{ProductID: product}
			if b := strings.TrimSpace(l.BinID); b != "" {
				bin, ok := core.ParseID(b)
				if !ok {
					return core.Invalid(prefix + MsgBinMissing)
				}
				bins[product], line.BinID = bin, &bin
			}
			binned = append(binned, line)
		}
		// Put away at receipt: the bins must be enabled bins of the target warehouse.
		if err := checkLineBins(tx, p, *d.ToWarehouseID, binned); err != nil {
			return err
		}
		differs := false
		changes := make([]stockdb.StockChange, 0, 2*len(lines))
		skus := map[int64]string{}
		for _, l := range lines {
			n, ok := received[l.ProductID]
			switch {
			case !ok:
				return core.Invalid(msgTransferLineMissing)
			case n < 0 || n > l.Quantity:
				return core.Invalid(fmt.Sprintf("SKU %s：", l.SKU) + msgTransferReceivedBad)
			}
			differs = differs || n != l.Quantity
			skus[l.ProductID] = l.SKU
			changes = append(changes,
				stockdb.StockChange{WarehouseID: d.WarehouseID, ProductID: l.ProductID, Outbound: -l.Quantity},
				stockdb.StockChange{WarehouseID: *d.ToWarehouseID, ProductID: l.ProductID, Inbound: -l.Quantity, Fulfillable: n})
			if bin, ok := bins[l.ProductID]; ok && n > 0 {
				changes[len(changes)-1].BinID, changes[len(changes)-1].Bin = bin, n
			}
		}
		if len(received) != len(lines) {
			return core.Invalid(msgTransferProductExtra)
		}
		if differs && r.Reason == "" {
			return core.Invalid(MsgTransferReasonEmpty)
		}
		moved, err := stockdb.MoveDocument(tx, p.CompanyID, d.ID, []int{stockdb.DocApproved}, stockdb.DocReceived,
			map[string]any{"receiver_id": p.UserID, "received_at": s.now.Stamp(), "reason": r.Reason, "updated_at": s.now.Stamp()})
		if err != nil {
			return err
		}
		if !moved {
			return core.Refused(notShipped)
		}
		if err := stockdb.SetReceived(tx, p.CompanyID, d.ID, received); err != nil {
			return err
		}
		err = stockdb.MoveStock(tx, p.CompanyID, stockdb.StockCause{DocType: docType, DocNumber: d.Number, OperatorID: &p.UserID}, changes)
		return s.refusal(tx, p, err, skus, MsgCancelShort)
	})
}
