package stock

import (
	"strings"

	"sellerhub/app/core"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
)

// 海外仓入库 (头程 to a third-party overseas warehouse): units leave an own warehouse by a channel of 物流跟踪, with
// their tracking number and boxes, and travel as the overseas warehouse's 待入库 until it receives them; a short
// receipt books the difference with its reason. Its shipping, receipt and cancel are a transfer's.

// Messages of 海外仓入库.
const (
	MsgOverseasInTargetEmpty    = "请选择海外仓"
	MsgOverseasInTargetMissing  = "海外仓不存在"
	MsgOverseasInNotOverseas    = "收货仓库必须是海外仓"
	MsgOverseasInSourceNotOwn   = "海外仓入库只能从自有仓发货"
	MsgOverseasInChannelEmpty   = "请选择物流渠道"
	MsgOverseasInChannelMissing = "物流渠道不存在"
	MsgOverseasInBoxesBad       = "箱数必须为1到100000的整数"
	MsgOverseasInNotShipped     = "只有运输中的海外仓入库单可以收货"
	MsgOverseasInReceived       = "海外仓入库单已收货，不能作废"
	// MsgOverseasInShort names the product and what is there: 库存不足：SKU A-1 可用库存 3，发货数量 5.
	MsgOverseasInShort = "库存不足：SKU %s 可用库存 %d，发货数量 %d"
	maxBoxes           = 100_000
)

// Button permissions of 海外仓入库: 审核 ships it (发货), 收货 receives it at the overseas warehouse.
const (
	PermissionOverseasInAdd     = "erp:wh:overseasin:add"
	PermissionOverseasInApprove = "erp:wh:overseasin:approve"
	PermissionOverseasInReceive = "erp:wh:overseasin:receive"
	PermissionOverseasInCancel  = "erp:wh:overseasin:cancel"
)

// Ledger document types of a 海外仓入库's receipt and of its shipping's reversal (its shipping is DocOverseasIn).
var (
	DocOverseasInReceive = stockdb.DocOverseasIn + "_receive"
	DocOverseasInCancel  = CancelDocType(stockdb.DocOverseasIn)
)

// HeadLegForm is a 海外仓入库's first leg: the 物流跟踪 channel it goes by and how many boxes.
type HeadLegForm struct {
	ChannelID string `json:"channelId"`
	Boxes     int    `json:"boxes"`
}

// headLeg is a 海外仓入库's checked first leg; the channel's names are filled in by linkHeadLeg.
type headLeg struct {
	stockdb.HeadLeg
	channel           int64
	carrier, tracking string
}

// headLegForm checks a 海外仓入库's channel, boxes and tracking number (nil for other kinds).
func headLegForm(kind string, f *DocumentForm) (*headLeg, error) {
	if kind != stockdb.DocOverseasIn {
		return nil, nil
	}
	if err := core.CheckFields(core.Optional(&f.Tracking, "跟踪单号", 100)); err != nil {
		return nil, err
	}
	raw := strings.TrimSpace(f.ChannelID)
	if raw == "" {
		return nil, core.Invalid(MsgOverseasInChannelEmpty)
	}
	channel, ok := core.ParseID(raw)
	if !ok {
		return nil, core.Invalid(MsgOverseasInChannelMissing)
	}
	if f.Boxes < 1 || f.Boxes > maxBoxes {
		return nil, core.Invalid(MsgOverseasInBoxesBad)
	}
	return &headLeg{HeadLeg: stockdb.HeadLeg{ChannelID: &channel, Boxes: f.Boxes}, channel: channel, tracking: f.Tracking}, nil
}

// linkHeadLeg loads the company's channel a 海外仓入库 names and keeps its name and its carrier's on the document.
func linkHeadLeg(tx *models.DB, p core.Principal, h *headLeg) error {
	ch, err := shippingdb.ChannelByID(tx, p.CompanyID, h.channel)
	switch {
	case models.IsNotFound(err):
		return core.Invalid(MsgOverseasInChannelMissing)
	case err != nil:
		return err
	}
	h.Channel, h.carrier = ch.Name, ch.CarrierName
	return nil
}

// headLegColumns are the columns a draft's edit writes of its first leg.
func headLegColumns(h *headLeg) map[string]any {
	return map[string]any{"channel_id": h.ChannelID, "channel": h.Channel, "boxes": h.Boxes, "carrier": h.carrier, "tracking": h.tracking}
}

// checkOverseasIn checks, in the transaction saving a 海外仓入库, that it goes from an own warehouse to an overseas
// one (the target's existence and state are checkTransfer's). Other kinds pass.
func checkOverseasIn(tx *models.DB, p core.Principal, kind string, source int64, target *int64) error {
	if kind != stockdb.DocOverseasIn || target == nil {
		return nil
	}
	to, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, *target)
	switch {
	case models.IsNotFound(err):
		return core.Invalid(MsgOverseasInTargetMissing)
	case err != nil:
		return err
	case to.Kind != stockdb.WarehouseOverseas:
		return core.Refused(MsgOverseasInNotOverseas)
	}
	from, err := stockdb.WarehouseByID(tx, p.CompanyID, p.UserID, source)
	switch {
	case models.IsNotFound(err):
		return core.Invalid(MsgDocWarehouseMissing)
	case err != nil:
		return err
	case from.Kind != stockdb.WarehouseOwn:
		return core.Refused(MsgOverseasInSourceNotOwn)
	}
	return nil
}

// setArrival dates a 海外仓入库 being shipped: it is expected the channel's days after today (the company's day).
func setArrival(s *Service, tx *models.DB, p core.Principal, d *stockdb.DocumentRow) error {
	if d.ChannelID == nil {
		return nil
	}
	ch, err := shippingdb.ChannelByID(tx, p.CompanyID, *d.ChannelID)
	if err != nil {
		return err
	}
	day := s.now.Stamp().In(s.timeZone).AddDate(0, 0, ch.Days).Format("2006-01-02")
	_, err = stockdb.MoveDocument(tx, p.CompanyID, d.ID, []int{stockdb.DocApproved}, stockdb.DocApproved, map[string]any{"estimated_arrival": day})
	return err
}
