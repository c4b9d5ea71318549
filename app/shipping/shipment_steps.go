package shipping

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"sellerhub/app/core"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
)

// The handling steps of a shipment (货件处理, domain.md): 配货 (confirm for picking: fulfillable -> outbound), 装箱
// (cartons), 发货 (outbound consumed, what was not shipped goes back to fulfillable; the shipped units arrive as
// inbound (在途) in the FBA warehouse of the shipment's store group and marketplace), 收货 (what Amazon received
// turns from inbound to fulfillable there) and Amazon's status. Each step runs in one transaction with the
// shipment locked, and each cancel reverses exactly what its step did. Amazon's inventory sync later sets the FBA
// warehouse to Amazon's own figures, recording the difference.

// Messages of the handling steps.
const (
	MsgNotConfirmable    = "只有待确认的货件可以确认配货"
	MsgNotPicking        = "只有配货中的货件可以取消配货或装箱"
	MsgNotBoxed          = "只有已装箱的货件可以取消装箱或发货"
	MsgNotUnshippable    = "只有已发货且亚马逊尚未处理的货件可以取消发货"
	MsgNotShipped        = "只有已发货的货件可以登记收货或更新亚马逊状态"
	MsgShipmentClosed    = "货件已完成，不能再修改收货"
	MsgNotCancellable    = "已发货或已取消的货件不能取消"
	MsgWarehouseCounting = "发货仓库正在盘点，暂不能出入库"
	MsgFBACounting       = "FBA仓库正在盘点，暂不能出入库"
	MsgCartonsEmpty      = "请添加箱子"
	MsgCarrierEmpty      = "请输入承运商"
	MsgFreightBad        = "运费应为不小于0的金额，最多两位小数"
	MsgShippedNone       = "发货数量不能全部为0"
	MsgAmazonStatusBad   = "亚马逊状态不正确"
	msgStockShort        = "库存不足：SKU %s 在发货仓库的%s为%d，需要%d"
	msgFBAStockShort     = "库存不足：SKU %s 在FBA仓库%s的%s为%d，需要%d"
	msgCartonNumberBad   = "第%d箱：箱号应为正整数"
	msgCartonNumberTwice = "箱号%d重复"
	msgCartonMeasureBad  = "第%d箱：请填写大于0的重量(kg，最多3位小数)和长宽高(cm，最多2位小数)"
	msgCartonEmpty       = "第%d箱：箱内没有产品"
	msgCartonItemUnknown = "第%d箱：产品不在该货件中"
	msgCartonQuantityBad = "第%d箱：装箱数量应为正整数"
	msgCartonTotalBad    = "平台SKU %s 装箱合计%d，与计划发货数量%d不一致"
	msgItemUnknown       = "产品不在该货件中"
	msgShippedBad        = "平台SKU %s 发货数量应在0到%d之间"
	msgReceivedBad       = "平台SKU %s 收货数量应在0到%d之间"
)

// stockQuantityNames name the stock quantities in the shortage message.
var stockQuantityNames = map[string]string{"inbound": "待入库", "fulfillable": "可用库存", "outbound": "待出库"}

// handle runs one step on one of the company's shipments: locked, checked and changed by step, its new state and
// a timeline line written, all in one transaction. It answers the shipment as it is afterwards.
func (s *Service) handle(ctx context.Context, p core.Principal, shipmentID, action string, step func(tx *models.DB, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow) (string, error)) (*ShipmentDetail, error) {
	var out *ShipmentDetail
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		sh, err := shippingdb.LockShipment(tx, p.CompanyID, p.UserID, strings.TrimSpace(shipmentID))
		if err != nil {
			return core.NotFoundAs(err, whatShipment)
		}
		items, err := shippingdb.ShipmentItemsOf(tx, p.CompanyID, sh.ID)
		if err != nil {
			return err
		}
		detail, err := step(tx, sh, items)
		if err != nil {
			return err
		}
		sh.UpdatedAt = s.now.Stamp()
		if err := shippingdb.SaveShipmentState(tx, sh); err != nil {
			return err
		}
		if err := s.event(tx, p, sh, action, detail); err != nil {
			return err
		}
		out, err = s.shipmentDetail(tx, p, sh.ShipmentID)
		return err
	})
	return out, err
}

// moveShipmentStock moves the stock of the shipment's items in its warehouse: change gives each item's movement.
// Items of the same product move together; a shortage names the product's SKU.
func moveShipmentStock(tx *models.DB, p core.Principal, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow, change func(it shippingdb.ShipmentItemRow) stockdb.StockChange) error {
	return moveStockIn(tx, p, sh, sh.WarehouseID, items, change, MsgWarehouseCounting, func(sku, quantity string, have, need int) string {
		return fmt.Sprintf(msgStockShort, sku, quantity, have, need)
	})
}

// moveFBAStock moves the stock of the shipment's items in the FBA warehouse of its store group and marketplace
// (made at its first use). It allows negative quantities unless the user changed that; then a shortage is
// refused naming the warehouse.
func moveFBAStock(tx *models.DB, p core.Principal, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow, change func(it shippingdb.ShipmentItemRow) stockdb.StockChange) error {
	w, err := stockdb.FBAWarehouse(tx, p.CompanyID, sh.GroupID, sh.MarketplaceID)
	if models.IsNotFound(err) {
		return core.Refused(MsgWarehouseMissing)
	}
	if err != nil {
		return err
	}
	return moveStockIn(tx, p, sh, w.ID, items, change, MsgFBACounting, func(sku, quantity string, have, need int) string {
		return fmt.Sprintf(msgFBAStockShort, sku, w.Name, quantity, have, need)
	})
}

// moveStockIn moves the items' stock in one warehouse under the shipment's id; products whose quantities do not
// change write no ledger line. counting and short are the refusals when the warehouse is being stocktaken or a
// quantity would go below zero.
func moveStockIn(tx *models.DB, p core.Principal, sh *shippingdb.Shipment, warehouseID int64, items []shippingdb.ShipmentItemRow,
	change func(it shippingdb.ShipmentItemRow) stockdb.StockChange, counting string, short func(sku, quantity string, have, need int) string) error {
	var changes []stockdb.StockChange
	skus := map[int64]string{}
	for _, it := range items {
		c := change(it)
		c.WarehouseID, c.ProductID = warehouseID, it.ProductID
		skus[it.ProductID] = it.SKU
		if i := slices.IndexFunc(changes, func(x stockdb.StockChange) bool { return x.ProductID == c.ProductID }); i >= 0 {
			changes[i].Inbound += c.Inbound
			changes[i].Fulfillable += c.Fulfillable
			changes[i].Outbound += c.Outbound
			continue
		}
		changes = append(changes, c)
	}
	changes = slices.DeleteFunc(changes, func(c stockdb.StockChange) bool {
		return c.Inbound == 0 && c.Fulfillable == 0 && c.Outbound == 0
	})
	operator := p.UserID
	err := stockdb.MoveStock(tx, p.CompanyID, stockdb.StockCause{DocType: shipmentDocType, DocNumber: sh.ShipmentID, OperatorID: &operator}, changes)
	var shortage *stockdb.StockShortError
	switch {
	case errors.As(err, &shortage):
		return core.Refused(short(skus[shortage.ProductID], stockQuantityNames[shortage.Quantity], shortage.Have, -shortage.Change))
	case errors.Is(err, stockdb.ErrWarehouseStocktaking):
		return core.Refused(stockdb.StocktakeNamed(err, counting))
	case models.IsNotFound(err):
		return core.Refused(MsgWarehouseMissing)
	}
	return err
}

// ConfirmShipment is 配货: a shipment 待确认 is confirmed for picking (配货, audited now), and its items' quantities
// move from fulfillable to outbound in its warehouse. Refused, with nothing changed, when stock is short.
func (s *Service) ConfirmShipment(ctx context.Context, p core.Principal, shipmentID string) (*ShipmentDetail, error) {
	return s.handle(ctx, p, shipmentID, "确认配货", func(tx *models.DB, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow) (string, error) {
		if sh.Status != shippingdb.ShipmentConfirm {
			return "", core.Refused(MsgNotConfirmable)
		}
		err := moveShipmentStock(tx, p, sh, items, func(it shippingdb.ShipmentItemRow) stockdb.StockChange {
			return stockdb.StockChange{Fulfillable: -it.Quantity, Outbound: it.Quantity}
		})
		now := s.now.Stamp()
		sh.Status, sh.AuditedAt = shippingdb.ShipmentPicking, &now
		return "", err
	})
}

// UnconfirmShipment cancels 配货: the outbound quantities go back to fulfillable and the shipment is 待确认 again.
func (s *Service) UnconfirmShipment(ctx context.Context, p core.Principal, shipmentID string) (*ShipmentDetail, error) {
	return s.handle(ctx, p, shipmentID, "取消配货", func(tx *models.DB, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow) (string, error) {
		if sh.Status != shippingdb.ShipmentPicking {
			return "", core.Refused(MsgNotPicking)
		}
		sh.Status, sh.AuditedAt = shippingdb.ShipmentConfirm, nil
		return "", unpick(tx, p, sh, items)
	})
}

func unpick(tx *models.DB, p core.Principal, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow) error {
	return moveShipmentStock(tx, p, sh, items, func(it shippingdb.ShipmentItemRow) stockdb.StockChange {
		return stockdb.StockChange{Fulfillable: it.Quantity, Outbound: -it.Quantity}
	})
}

// CartonForm is one carton of 装箱: its number, weight (kg), L*W*H (cm) and contents.
type CartonForm struct {
	Number int              `json:"number"`
	Weight string           `json:"weight"`
	Length string           `json:"length"`
	Width  string           `json:"width"`
	Height string           `json:"height"`
	Items  []CartonItemForm `json:"items"`
}

// CartonItemForm is how many units of one of the shipment's items (by its id) a carton holds.
type CartonItemForm struct {
	ItemID   string `json:"itemId"`
	Quantity int    `json:"quantity"`
}

// CartonsForm is the body of 装箱.
type CartonsForm struct {
	Cartons []CartonForm `json:"cartons"`
}

// BoxShipment is 装箱: the cartons of a shipment in 配货, whose contents must add up to each item's quantity.
func (s *Service) BoxShipment(ctx context.Context, p core.Principal, shipmentID string, f CartonsForm) (*ShipmentDetail, error) {
	return s.handle(ctx, p, shipmentID, "装箱", func(tx *models.DB, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow) (string, error) {
		if sh.Status != shippingdb.ShipmentPicking {
			return "", core.Refused(MsgNotPicking)
		}
		cartons, err := checkCartons(p.CompanyID, sh.ID, f.Cartons, items)
		if err != nil {
			return "", err
		}
		sh.Status = shippingdb.ShipmentBoxing
		return fmt.Sprintf("%d箱", len(cartons)), shippingdb.SaveShipmentCartons(tx, cartons)
	})
}

func checkCartons(companyID, shipmentRef int64, forms []CartonForm, items []shippingdb.ShipmentItemRow) ([]shippingdb.CartonWithItems, error) {
	if len(forms) == 0 {
		return nil, core.Invalid(MsgCartonsEmpty)
	}
	byID := map[string]*shippingdb.ShipmentItemRow{}
	for i := range items {
		byID[fmt.Sprint(items[i].ID)] = &items[i]
	}
	totals := map[int64]int{}
	numbers := map[int]bool{}
	out := make([]shippingdb.CartonWithItems, len(forms))
	for i, c := range forms {
		row := i + 1
		switch {
		case c.Number < 1:
			return nil, core.Invalid(fmt.Sprintf(msgCartonNumberBad, row))
		case numbers[c.Number]:
			return nil, core.Invalid(fmt.Sprintf(msgCartonNumberTwice, c.Number))
		case len(c.Items) == 0:
			return nil, core.Invalid(fmt.Sprintf(msgCartonEmpty, row))
		}
		numbers[c.Number] = true
		measures, ok := positiveMeasures(c.Weight, c.Length, c.Width, c.Height)
		if !ok {
			return nil, core.Invalid(fmt.Sprintf(msgCartonMeasureBad, row))
		}
		out[i].ShipmentCarton = shippingdb.ShipmentCarton{CompanyID: companyID, ShipmentRef: shipmentRef, Number: c.Number,
			Weight: measures[0], Length: measures[1], Width: measures[2], Height: measures[3]}
		inCarton := map[int64]int{}
		for _, ci := range c.Items {
			it, ok := byID[strings.TrimSpace(ci.ItemID)]
			switch {
			case !ok:
				return nil, core.Invalid(fmt.Sprintf(msgCartonItemUnknown, row))
			case ci.Quantity < 1 || ci.Quantity > maxShipQuantity:
				return nil, core.Invalid(fmt.Sprintf(msgCartonQuantityBad, row))
			}
			inCarton[it.ID] += ci.Quantity
			totals[it.ID] += ci.Quantity
		}
		for _, it := range items {
			if n := inCarton[it.ID]; n > 0 {
				out[i].Items = append(out[i].Items, shippingdb.ShipmentCartonItem{ItemID: it.ID, Quantity: n})
			}
		}
	}
	for _, it := range items {
		if totals[it.ID] != it.Quantity {
			return nil, core.Invalid(fmt.Sprintf(msgCartonTotalBad, it.SellerSKU, totals[it.ID], it.Quantity))
		}
	}
	return out, nil
}

// positiveMeasures reads a carton's weight (kg, at most three decimals) and L*W*H (cm, at most two): each a number
// above 0 and below 100000, as the columns hold them.
func positiveMeasures(weight string, sides ...string) ([]decimal.NullDecimal, bool) {
	out := make([]decimal.NullDecimal, 0, 1+len(sides))
	for i, r := range append([]string{weight}, sides...) {
		places := int32(2)
		if i == 0 {
			places = 3
		}
		d, err := decimal.NewFromString(strings.TrimSpace(r))
		if err != nil || !d.IsPositive() || d.Exponent() < -places || d.GreaterThanOrEqual(decimal.New(1, 5)) {
			return nil, false
		}
		out = append(out, nullDecimal(d))
	}
	return out, true
}

func nullDecimal(d decimal.Decimal) decimal.NullDecimal {
	return decimal.NullDecimal{Decimal: d, Valid: true}
}

// UnboxShipment cancels 装箱: the cartons are removed and the shipment is in 配货 again.
func (s *Service) UnboxShipment(ctx context.Context, p core.Principal, shipmentID string) (*ShipmentDetail, error) {
	return s.handle(ctx, p, shipmentID, "取消装箱", func(tx *models.DB, sh *shippingdb.Shipment, _ []shippingdb.ShipmentItemRow) (string, error) {
		if sh.Status != shippingdb.ShipmentBoxing {
			return "", core.Refused(MsgNotBoxed)
		}
		sh.Status = shippingdb.ShipmentPicking
		return "", shippingdb.DeleteShipmentCartons(tx, sh.CompanyID, sh.ID)
	})
}

// ItemQuantityForm is a quantity of one of the shipment's items (by its id): shipped or received.
type ItemQuantityForm struct {
	ItemID   string `json:"itemId"`
	Quantity int    `json:"quantity"`
}

// ShipForm is the body of 发货: the carrier, channel, tracking number, freight and the quantities shipped.
type ShipForm struct {
	Carrier  string             `json:"carrier"`
	Channel  string             `json:"channel"`
	Tracking string             `json:"tracking"`
	Freight  string             `json:"freight"`
	Items    []ItemQuantityForm `json:"items"`
}

// quantities reads the per-item quantities of a form: an item not named keeps def(item).
func quantities(forms []ItemQuantityForm, items []shippingdb.ShipmentItemRow, def func(shippingdb.ShipmentItemRow) int) (map[int64]int, error) {
	out := map[int64]int{}
	for _, it := range items {
		out[it.ID] = def(it)
	}
	for _, f := range forms {
		i := slices.IndexFunc(items, func(it shippingdb.ShipmentItemRow) bool { return fmt.Sprint(it.ID) == strings.TrimSpace(f.ItemID) })
		if i < 0 {
			return nil, core.Invalid(msgItemUnknown)
		}
		out[items[i].ID] = f.Quantity
	}
	return out, nil
}

// ShipShipment is 发货: a boxed shipment leaves (发货出库, Amazon SHIPPED). Its outbound stock is consumed; what was
// planned but not shipped goes back to fulfillable; the packing of what was shipped (包材用量) is consumed; the
// shipped units are inbound (在途) in the FBA warehouse. Only a boxed shipment ships, so a retry consumes nothing.
func (s *Service) ShipShipment(ctx context.Context, p core.Principal, shipmentID string, f ShipForm) (*ShipmentDetail, error) {
	if err := core.CheckFields(core.Optional(&f.Carrier, "承运商", 50), core.Optional(&f.Channel, "物流渠道", 50),
		core.Optional(&f.Tracking, "跟踪单号", 100)); err != nil {
		return nil, err
	}
	if f.Carrier == "" {
		return nil, core.Invalid(MsgCarrierEmpty)
	}
	freight := decimal.NullDecimal{}
	if raw := strings.TrimSpace(f.Freight); raw != "" {
		d, err := decimal.NewFromString(raw)
		if err != nil || d.IsNegative() || d.Exponent() < -2 || d.GreaterThanOrEqual(decimal.New(1, 12)) {
			return nil, core.Invalid(MsgFreightBad)
		}
		freight = nullDecimal(d)
	}
	return s.handle(ctx, p, shipmentID, "发货", func(tx *models.DB, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow) (string, error) {
		if sh.Status != shippingdb.ShipmentBoxing {
			return "", core.Refused(MsgNotBoxed)
		}
		shipped, err := quantities(f.Items, items, func(it shippingdb.ShipmentItemRow) int { return it.Quantity })
		if err != nil {
			return "", err
		}
		total := 0
		for _, it := range items {
			n := shipped[it.ID]
			if n < 0 || n > it.Quantity {
				return "", core.Invalid(fmt.Sprintf(msgShippedBad, it.SellerSKU, it.Quantity))
			}
			total += n
		}
		if total == 0 {
			return "", core.Invalid(MsgShippedNone)
		}
		for i := range items {
			items[i].QuantityShipped = shipped[items[i].ID]
			if err := shippingdb.SetShipmentItemQuantities(tx, &items[i].ShipmentItem); err != nil {
				return "", err
			}
		}
		packing, names, err := packingUse(tx, sh, items)
		if err == nil {
			err = lockWithPacking(tx, sh, items, packing)
		}
		if err == nil {
			err = moveShipmentStock(tx, p, sh, items, func(it shippingdb.ShipmentItemRow) stockdb.StockChange {
				return stockdb.StockChange{Outbound: -it.Quantity, Fulfillable: it.Quantity - it.QuantityShipped}
			})
		}
		if err == nil {
			err = movePacking(tx, p, sh, packing, names)
		}
		if err == nil {
			err = moveFBAStock(tx, p, sh, items, func(it shippingdb.ShipmentItemRow) stockdb.StockChange {
				return stockdb.StockChange{Inbound: it.QuantityShipped}
			})
		}
		now := s.now.Stamp()
		sh.Status, sh.AmazonStatus, sh.ShippedAt = shippingdb.ShipmentShipped, amazonStatusShipped, &now
		sh.Carrier, sh.Channel, sh.Tracking, sh.Freight = f.Carrier, f.Channel, f.Tracking, freight
		return fmt.Sprintf("%s %s %s，发货%d件", f.Carrier, f.Channel, f.Tracking, total), err
	})
}

// UnshipShipment cancels 发货 while Amazon has not moved the shipment on (SHIPPED): the shipped quantities are
// cleared, the stock is outbound again (the unshipped remainder taken back from fulfillable), the FBA warehouse
// gives back what 发货 and 收货 put there (inbound, and fulfillable for what was received), the packing 发货
// consumed goes back and the shipment is boxed again.
func (s *Service) UnshipShipment(ctx context.Context, p core.Principal, shipmentID string) (*ShipmentDetail, error) {
	return s.handle(ctx, p, shipmentID, "取消发货", func(tx *models.DB, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow) (string, error) {
		// Once Amazon's Inbound API has the shipment past SHIPPED (or it was imported shipped), 发货 is Amazon's fact.
		if sh.Status != shippingdb.ShipmentShipped || sh.AmazonStatus != amazonStatusShipped || !slices.Contains(amazonSilent[:3], sh.InboundStatus) {
			return "", core.Refused(MsgNotUnshippable)
		}
		packing, err := packingGivenBack(tx, sh)
		if err == nil {
			err = lockWithPacking(tx, sh, items, packing)
		}
		if err == nil {
			err = moveShipmentStock(tx, p, sh, items, func(it shippingdb.ShipmentItemRow) stockdb.StockChange {
				return stockdb.StockChange{Outbound: it.Quantity, Fulfillable: it.QuantityShipped - it.Quantity}
			})
		}
		if err == nil {
			err = movePacking(tx, p, sh, packing, nil)
		}
		if err != nil {
			return "", err
		}
		err = moveFBAStock(tx, p, sh, items, func(it shippingdb.ShipmentItemRow) stockdb.StockChange {
			return stockdb.StockChange{Inbound: it.QuantityReceived - it.QuantityShipped, Fulfillable: -it.QuantityReceived}
		})
		if err != nil {
			return "", err
		}
		for i := range items {
			items[i].QuantityShipped, items[i].QuantityReceived, items[i].ReceivedByHand = 0, 0, false
			if err := shippingdb.SetShipmentItemQuantities(tx, &items[i].ShipmentItem); err != nil {
				return "", err
			}
		}
		sh.Status, sh.AmazonStatus, sh.ShippedAt, sh.StatusByHand = shippingdb.ShipmentBoxing, amazonStatusWorking, nil, false
		return "", nil
	})
}

// ReceiveForm is the body of 收货: the quantities Amazon received, per item.
type ReceiveForm struct {
	Items []ItemQuantityForm `json:"items"`
}

// Receivable says whether 收货 may still be recorded: once shipped, until Amazon has closed the shipment (已完成),
// whose received quantities are then final.
func Receivable(status int, amazon string) bool {
	return status == shippingdb.ShipmentShipped && amazon != amazonStatusClosed
}

// ReceiveShipment is 收货: what Amazon received of each item of a shipped shipment (at most what was shipped).
// The units received since the last 收货 turn from inbound to fulfillable in the FBA warehouse (a lower figure
// turns the difference back); what was shipped and not received stays inbound until Amazon's inventory sync
// sets the warehouse to Amazon's figures.
func (s *Service) ReceiveShipment(ctx context.Context, p core.Principal, shipmentID string, f ReceiveForm) (*ShipmentDetail, error) {
	return s.handle(ctx, p, shipmentID, "登记收货", func(tx *models.DB, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow) (string, error) {
		if sh.Status != shippingdb.ShipmentShipped {
			return "", core.Refused(MsgNotShipped)
		}
		if !Receivable(sh.Status, sh.AmazonStatus) {
			return "", core.Refused(MsgShipmentClosed)
		}
		received, err := quantities(f.Items, items, func(it shippingdb.ShipmentItemRow) int { return it.QuantityReceived })
		if err != nil {
			return "", err
		}
		total := 0
		before := map[int64]int{}
		for i := range items {
			n := received[items[i].ID]
			if n < 0 || n > items[i].QuantityShipped {
				return "", core.Invalid(fmt.Sprintf(msgReceivedBad, items[i].SellerSKU, items[i].QuantityShipped))
			}
			before[items[i].ID] = items[i].QuantityReceived
			items[i].QuantityReceived = n
			// A figure that agrees with Amazon's stays Amazon's to move on; one that differs is the seller's.
			items[i].ReceivedByHand = items[i].InboundReceived == nil || *items[i].InboundReceived != n
			total += n
			if err := shippingdb.SetShipmentItemQuantities(tx, &items[i].ShipmentItem); err != nil {
				return "", err
			}
		}
		err = moveFBAStock(tx, p, sh, items, func(it shippingdb.ShipmentItemRow) stockdb.StockChange {
			n := it.QuantityReceived - before[it.ID]
			return stockdb.StockChange{Inbound: -n, Fulfillable: n}
		})
		return fmt.Sprintf("收货%d件", total), err
	})
}

// AmazonStatusForm is the body of 货件信息/状态: Amazon's status, set by hand.
type AmazonStatusForm struct {
	Status string `json:"status"`
}

// SetAmazonStatus records Amazon's status of a shipped shipment, as the seller reads it in Seller Central.
func (s *Service) SetAmazonStatus(ctx context.Context, p core.Principal, shipmentID string, f AmazonStatusForm) (*ShipmentDetail, error) {
	status := strings.ToUpper(strings.TrimSpace(f.Status))
	if !slices.ContainsFunc(AmazonStatuses(), func(a ShipmentStatus) bool { return a.Code == status }) {
		return nil, core.Invalid(MsgAmazonStatusBad)
	}
	return s.handle(ctx, p, shipmentID, "更新亚马逊状态", func(_ *models.DB, sh *shippingdb.Shipment, _ []shippingdb.ShipmentItemRow) (string, error) {
		if sh.Status != shippingdb.ShipmentShipped {
			return "", core.Refused(MsgNotShipped)
		}
		sh.AmazonStatus = status
		sh.StatusByHand = sh.InboundStatus == "" || sh.InboundStatus != status
		return status, nil
	})
}

// CancelShipment cancels a shipment that has not left: the steps taken are reversed (cartons removed, outbound
// stock back to fulfillable), the shipment is 取消, and its plan is 已提交 again so another can be made from it.
func (s *Service) CancelShipment(ctx context.Context, p core.Principal, shipmentID string) (*ShipmentDetail, error) {
	return s.handle(ctx, p, shipmentID, "取消货件", func(tx *models.DB, sh *shippingdb.Shipment, items []shippingdb.ShipmentItemRow) (string, error) {
		switch sh.Status {
		case shippingdb.ShipmentBoxing:
			if err := shippingdb.DeleteShipmentCartons(tx, sh.CompanyID, sh.ID); err != nil {
				return "", err
			}
			fallthrough
		case shippingdb.ShipmentPicking:
			if err := unpick(tx, p, sh, items); err != nil {
				return "", err
			}
		case shippingdb.ShipmentConfirm:
		default:
			return "", core.Refused(MsgNotCancellable)
		}
		sh.Status, sh.AuditedAt = shippingdb.ShipmentCancelled, nil
		if sh.PlanID == nil {
			return "", nil
		}
		plan, err := shippingdb.ShipmentPlanByID(tx.ForUpdate(), sh.CompanyID, 0, *sh.PlanID)
		if err != nil {
			return "", err
		}
		plan.Status, plan.UpdatedAt = shippingdb.PlanSubmitted, s.now.Stamp()
		return "", shippingdb.SetShipmentPlanStatus(tx, plan)
	})
}
