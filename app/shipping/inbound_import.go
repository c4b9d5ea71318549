package shipping

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// 货件同步 (/e/s/a): the shipments a store has at Amazon (made in Seller Central, or before sellerhub), listed from
// the Fulfillment Inbound API with their lines paired to local products by seller SKU or FNSKU, and imported as
// shipments. One Amazon still has as WORKING or READY_TO_SHIP comes in 待确认 and takes the handling steps; one
// already shipped comes in 已发货 with Amazon's shipped and received units, which arrive in the FBA warehouse as
// 发货 and 收货 would put them (the own warehouse is not touched: the goods left it before sellerhub knew).

// Messages of 货件同步.
const (
	MsgAmazonImportNone = "请选择要导入的货件"
	msgAmazonGone       = "亚马逊没有货件 %s，请刷新列表"
	msgAmazonTaken      = "货件 %s 已导入"
	msgAmazonUnpaired   = "货件 %s 的平台SKU %s 未配对本地产品，请先配对"
	msgAmazonEmpty      = "货件 %s 没有商品"
	amazonImportDays    = 180 // how far back 货件同步 lists shipments changed
)

// amazonListed are the statuses 货件同步 lists: every shipment Amazon has not cancelled or deleted.
var amazonListed = []string{"WORKING", "READY_TO_SHIP", "SHIPPED", "IN_TRANSIT", "DELIVERED", "CHECKED_IN", "RECEIVING", "CLOSED"}

// AmazonShipmentQuery is the store group and marketplace whose Amazon shipments 货件同步 lists.
type AmazonShipmentQuery struct {
	GroupID       string `query:"groupId" json:"groupId"`
	MarketplaceID string `query:"marketplaceId" json:"marketplaceId"`
}

// AmazonShipment is a shipment Amazon has, with its lines paired, whether sellerhub already has it, and the seller
// SKUs no local product is paired with.
type AmazonShipment struct {
	amazon.InboundShipment
	Items    []AmazonShipmentItem
	Imported bool
	Unpaired []string
}

// AmazonShipmentItem is a line of an Amazon shipment with its paired product (ProductID 0: none).
type AmazonShipmentItem struct {
	amazon.InboundItem
	ProductID int64
	SKU       string
	Name      string
}

// AmazonImportForm imports chosen Amazon shipments of a store group and marketplace, sent from a warehouse.
type AmazonImportForm struct {
	GroupID       string   `json:"groupId"`
	MarketplaceID string   `json:"marketplaceId"`
	WarehouseID   string   `json:"warehouseId"`
	ShipmentIDs   []string `json:"shipmentIds"`
}

// AmazonShipments lists the store group's shipments at Amazon in the marketplace changed in the last 180 days.
func (s *Service) AmazonShipments(ctx context.Context, p core.Principal, q AmazonShipmentQuery) ([]AmazonShipment, error) {
	group, market, err := s.groupMarket(ctx, p, q.GroupID, q.MarketplaceID)
	if err != nil {
		return nil, err
	}
	return s.amazonShipments(ctx, p, group, market)
}

// groupMarket checks a store group the user may see and a marketplace.
func (s *Service) groupMarket(ctx context.Context, p core.Principal, group, market string) (int64, string, error) {
	group, market = strings.TrimSpace(group), strings.TrimSpace(market)
	switch {
	case group == "":
		return 0, "", core.Invalid(MsgGroupEmpty)
	case market == "":
		return 0, "", core.Invalid(core.MsgMarketplaceEmpty)
	}
	gid, ok := core.ParseID(group)
	groups, err := storesdb.StoreGroupsOf(s.db.With(ctx), p.CompanyID, p.UserID)
	if err != nil {
		return 0, "", err
	}
	if !ok || findBy(groups, gid, func(g storesdb.StoreGroup) int64 { return g.ID }) == nil {
		return 0, "", core.Invalid(MsgGroupMissing)
	}
	if _, ok := storesdb.MarketplaceByID(market); !ok {
		return 0, "", core.Invalid(MsgMarketplaceMissing)
	}
	return gid, market, nil
}

func (s *Service) amazonShipments(ctx context.Context, p core.Principal, group int64, market string) ([]AmazonShipment, error) {
	api, err := s.sellerAPI(ctx, p, group, market)
	if err != nil {
		return nil, err
	}
	var found []amazon.InboundShipment
	err = twice(func() error {
		found, err = api.Client.InboundShipments(ctx, api.Endpoint, api.RefreshToken, amazon.InboundQuery{MarketplaceID: market,
			Statuses: amazonListed, LastUpdatedAfter: s.now().AddDate(0, 0, -amazonImportDays).Truncate(time.Second)})
		return err
	})
	if err != nil {
		return nil, inboundProblem(ctx, err)
	}
	out := make([]AmazonShipment, len(found))
	var ids, skus, fnskus []string
	for i, sh := range found {
		out[i].InboundShipment = sh
		var items []amazon.InboundItem
		err := twice(func() error {
			items, err = api.Client.InboundItems(ctx, api.Endpoint, api.RefreshToken, market, sh.ShipmentID)
			return err
		})
		if err != nil {
			return nil, inboundProblem(ctx, err)
		}
		for _, it := range items {
			out[i].Items = append(out[i].Items, AmazonShipmentItem{InboundItem: it})
			skus, fnskus = append(skus, it.SellerSKU), append(fnskus, it.FulfillmentNetworkSKU)
		}
		ids = append(ids, sh.ShipmentID)
	}
	db := s.db.With(ctx)
	paired, err := shippingdb.PairedAmazonSKUs(db, p.CompanyID, group, market, skus, fnskus)
	if err != nil {
		return nil, err
	}
	taken, err := shippingdb.ShipmentIDsTaken(db, p.CompanyID, ids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Imported = slices.Contains(taken, out[i].ShipmentID)
		for j := range out[i].Items {
			it := &out[i].Items[j]
			k := slices.IndexFunc(paired, func(l shippingdb.ShipListingRow) bool { return l.SellerSKU == it.SellerSKU })
			if k < 0 && it.FulfillmentNetworkSKU != "" {
				k = slices.IndexFunc(paired, func(l shippingdb.ShipListingRow) bool { return l.FNSKU == it.FulfillmentNetworkSKU })
			}
			if k < 0 {
				out[i].Unpaired = append(out[i].Unpaired, it.SellerSKU)
				continue
			}
			it.ProductID, it.SKU, it.Name = paired[k].ProductID, paired[k].SKU, paired[k].Name
		}
	}
	return out, nil
}

// ImportAmazonShipments creates the chosen Amazon shipments, all or none: one already imported, gone from Amazon,
// empty or with a line no product is paired with is refused, naming it.
func (s *Service) ImportAmazonShipments(ctx context.Context, p core.Principal, f AmazonImportForm) ([]string, error) {
	where, err := shipFrom(s.db.With(ctx), p, f.GroupID, f.MarketplaceID, f.WarehouseID)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, id := range f.ShipmentIDs {
		if id = strings.ToUpper(strings.TrimSpace(id)); id != "" && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, core.Invalid(MsgAmazonImportNone)
	}
	listed, err := s.amazonShipments(ctx, p, where.group, where.marketplace)
	if err != nil {
		return nil, err
	}
	chosen := make([]AmazonShipment, len(ids))
	for i, id := range ids {
		k := slices.IndexFunc(listed, func(a AmazonShipment) bool { return a.ShipmentID == id })
		switch {
		case k < 0:
			return nil, core.Refused(fmt.Sprintf(msgAmazonGone, id))
		case listed[k].Imported:
			return nil, core.Refused(fmt.Sprintf(msgAmazonTaken, id))
		case len(listed[k].Unpaired) > 0:
			return nil, core.Refused(fmt.Sprintf(msgAmazonUnpaired, id, strings.Join(listed[k].Unpaired, "、")))
		case len(listed[k].Items) == 0:
			return nil, core.Refused(fmt.Sprintf(msgAmazonEmpty, id))
		}
		chosen[i] = listed[k]
	}
	err = s.db.Tx(ctx, func(tx *models.DB) error {
		for _, a := range chosen {
			if err := s.importAmazonShipment(tx, p, where, a); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, core.DuplicateAs(err, fmt.Sprintf(msgAmazonTaken, strings.Join(ids, "、")))
	}
	return ids, nil
}

// importAmazonShipment writes one Amazon shipment: 待确认 while Amazon has it WORKING or READY_TO_SHIP, else
// 已发货 with Amazon's units, moved into the FBA warehouse.
func (s *Service) importAmazonShipment(tx *models.DB, p core.Principal, where shipPlace, a AmazonShipment) error {
	status := strings.ToUpper(a.ShipmentStatus)
	shipped := !slices.Contains([]string{amazonStatusWorking, "READY_TO_SHIP"}, status)
	now, creator := s.now.Stamp(), p.UserID
	sh := &shippingdb.Shipment{CompanyID: p.CompanyID, ShipmentID: a.ShipmentID, Name: clipName(a.ShipmentName), GroupID: where.group,
		MarketplaceID: where.marketplace, WarehouseID: where.warehouse, Center: a.DestinationFulfillmentCenterID,
		Status: shippingdb.ShipmentConfirm, AmazonStatus: amazonStatusWorking, InboundStatus: status, InboundCheckedAt: &now,
		CreatorID: &creator, CreatedAt: now, UpdatedAt: now}
	if shipped {
		sh.Status, sh.AmazonStatus, sh.ShippedAt = shippingdb.ShipmentShipped, status, &now
	}
	items := make([]shippingdb.ShipmentItem, 0, len(a.Items))
	for _, it := range a.Items {
		q, got := it.QuantityShipped, it.QuantityReceived
		row := shippingdb.ShipmentItem{ProductID: it.ProductID, SellerSKU: it.SellerSKU, FNSKU: it.FulfillmentNetworkSKU, Quantity: q,
			InboundShipped: &q, InboundReceived: &got}
		if i := slices.IndexFunc(items, func(x shippingdb.ShipmentItem) bool { return x.SellerSKU == it.SellerSKU }); i >= 0 {
			continue // a seller SKU is one line (Amazon lists it once)
		}
		if shipped {
			row.QuantityShipped, row.QuantityReceived = q, min(got, q)
		}
		items = append(items, row)
	}
	if err := shippingdb.CreateShipment(tx, sh, items); err != nil {
		return err
	}
	if shipped {
		rows := make([]shippingdb.ShipmentItemRow, len(items))
		for i := range items {
			rows[i].ShipmentItem = items[i]
			rows[i].SKU = items[i].SellerSKU
		}
		err := moveFBAStock(tx, p, sh, rows, func(it shippingdb.ShipmentItemRow) stockdb.StockChange {
			return stockdb.StockChange{Inbound: it.QuantityShipped - it.QuantityReceived, Fulfillable: it.QuantityReceived}
		})
		if err != nil {
			return err
		}
	}
	return s.event(tx, p, sh, "从亚马逊导入", status)
}

// clipName keeps Amazon's shipment name within the 100 characters a shipment's name has.
func clipName(name string) string {
	if r := []rune(name); len(r) > 100 {
		return string(r[:100])
	}
	return name
}

// AmazonStatusText names Amazon's status of a shipment at Amazon (货件同步): one not yet shipped is 待发货, the
// others as ShipmentStatuses names a shipped shipment's.
func AmazonStatusText(status string) string {
	if status == amazonStatusWorking || status == "READY_TO_SHIP" {
		return "待发货"
	}
	return ShipmentStatusText(shippingdb.ShipmentShipped, status)
}
