package shipping

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"sellerhub/app/amazon"
	"sellerhub/app/core"
	"sellerhub/app/stores"
	"sellerhub/models"
	shippingdb "sellerhub/models/shipping"
	stockdb "sellerhub/models/stock"
	storesdb "sellerhub/models/stores"
)

// Amazon's view of a shipped shipment (issue 44): the Fulfillment Inbound API v0 (getShipments by shipment id,
// getShipmentItemsByShipmentId) is asked when the seller opens 货件处理 or presses 同步亚马逊, not by a sync kind
// of its own: a shipment is only worth asking about between 发货 and Amazon closing it. Amazon's status and
// received units fill the shipment by themselves; a figure the seller typed that disagrees stays, and the screen
// shows the difference.

// Messages of the Amazon inbound refresh.
const (
	MsgInboundNotShipped = "货件尚未发货，亚马逊还没有它的状态和收货数量"
	MsgInboundNoAmazonID = "货件ID不是亚马逊的货件编号（FBA开头），无法从亚马逊同步"
	MsgInboundNoSeller   = "店铺在该站点未授权亚马逊，无法同步货件状态"
	MsgInboundThrottled  = "亚马逊接口限流，请稍后再同步"
	MsgInboundDenied     = "亚马逊拒绝了访问，请在店铺管理中重新授权店铺"
	MsgInboundGrant      = "店铺授权已失效，请在店铺管理中重新授权"
	MsgInboundDown       = "亚马逊服务暂时不可用，请稍后再同步"
	MsgInboundRefused    = "亚马逊拒绝了货件查询：%s"
	MsgInboundUnreached  = "无法连接亚马逊，请稍后再同步"
	MsgInboundMissing    = "亚马逊没有这个货件（可能属于另一个店铺或站点）"
	amazonInboundLimit   = 50 // shipment ids per getShipments call
)

// amazonSilent are Amazon's statuses of a shipment it has not seen move yet: they leave the local 已发货 as it is
// (so 取消发货 stays possible).
var amazonSilent = []string{"", amazonStatusWorking, "READY_TO_SHIP", amazonStatusShipped}

// InboundRefresh is what asking Amazon did: the shipments asked about, those whose status or received units
// changed, the items where the seller's figure disagrees with Amazon's, and each store that could not be asked.
type InboundRefresh struct {
	Checked     int
	Updated     int
	Differences int
	Problems    []InboundProblem
}

// InboundProblem is a store group and marketplace whose shipments Amazon could not be asked about, and why.
type InboundProblem struct {
	GroupID       int64
	MarketplaceID string
	Shipments     []string
	Message       string
}

// RefreshInbound asks Amazon about every shipped shipment of the user's store groups it may still move on.
func (s *Service) RefreshInbound(ctx context.Context, p core.Principal) (*InboundRefresh, error) {
	open, err := shippingdb.OpenInboundShipments(s.db.With(ctx), p.CompanyID, p.UserID, "")
	if err != nil {
		return nil, err
	}
	return s.refreshInbound(ctx, p, open)
}

// RefreshShipmentInbound asks Amazon about one shipped shipment and answers it as it then is; a shipment Amazon
// has closed is answered without asking.
func (s *Service) RefreshShipmentInbound(ctx context.Context, p core.Principal, shipmentID string) (*ShipmentDetail, error) {
	shipmentID = strings.TrimSpace(shipmentID)
	d, err := s.Shipment(ctx, p, shipmentID)
	switch {
	case err != nil:
		return nil, err
	case d.Status != shippingdb.ShipmentShipped:
		return nil, core.Refused(MsgInboundNotShipped)
	case !strings.HasPrefix(d.ShipmentID, "FBA"):
		return nil, core.Refused(MsgInboundNoAmazonID)
	}
	open, err := shippingdb.OpenInboundShipments(s.db.With(ctx), p.CompanyID, p.UserID, shipmentID)
	if err != nil || len(open) == 0 {
		return d, err
	}
	r, err := s.refreshInbound(ctx, p, open)
	if err != nil {
		return nil, err
	}
	if len(r.Problems) > 0 {
		return nil, core.Refused(r.Problems[0].Message)
	}
	return s.Shipment(ctx, p, shipmentID)
}

// refreshInbound asks Amazon about the shipments, a store group and marketplace at a time (they come ordered so),
// and writes each shipment's answer in its own transaction.
func (s *Service) refreshInbound(ctx context.Context, p core.Principal, open []shippingdb.Shipment) (*InboundRefresh, error) {
	out := &InboundRefresh{Problems: []InboundProblem{}}
	for start := 0; start < len(open); {
		end := start + 1
		for end < len(open) && open[end].GroupID == open[start].GroupID && open[end].MarketplaceID == open[start].MarketplaceID && end-start < amazonInboundLimit {
			end++
		}
		batch := open[start:end]
		start = end
		answers, err := s.askInbound(ctx, p, batch)
		if err != nil {
			var refused *core.Error
			if !errors.As(err, &refused) {
				return nil, err
			}
			pr := InboundProblem{GroupID: batch[0].GroupID, MarketplaceID: batch[0].MarketplaceID, Message: refused.Msg}
			for _, sh := range batch {
				pr.Shipments = append(pr.Shipments, sh.ShipmentID)
			}
			out.Problems = append(out.Problems, pr)
			continue
		}
		for _, sh := range batch {
			a, ok := answers[sh.ShipmentID]
			if !ok {
				if len(batch) == 1 {
					out.Problems = append(out.Problems, InboundProblem{GroupID: sh.GroupID, MarketplaceID: sh.MarketplaceID,
						Shipments: []string{sh.ShipmentID}, Message: MsgInboundMissing})
				}
				continue
			}
			out.Checked++
			changed, differences, err := s.applyInbound(ctx, p, sh.ShipmentID, a)
			if err != nil {
				return nil, err
			}
			if changed {
				out.Updated++
			}
			out.Differences += differences
		}
	}
	return out, nil
}

// inboundAnswer is Amazon's shipment with its items.
type inboundAnswer struct {
	shipment amazon.InboundShipment
	items    []amazon.InboundItem
}

// askInbound asks Amazon about shipments of one store group and marketplace; a refusal is a core.Error in
// Chinese. A 403 is asked once more: the token cache forgets the access token Amazon refused (an expired one),
// so the second call goes with a fresh one.
func (s *Service) askInbound(ctx context.Context, p core.Principal, batch []shippingdb.Shipment) (map[string]inboundAnswer, error) {
	api, err := s.sellerAPI(ctx, p, batch[0].GroupID, batch[0].MarketplaceID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(batch))
	for i, sh := range batch {
		ids[i] = sh.ShipmentID
	}
	var found []amazon.InboundShipment
	err = twice(func() error {
		found, err = api.Client.InboundShipments(ctx, api.Endpoint, api.RefreshToken, amazon.InboundQuery{MarketplaceID: batch[0].MarketplaceID, ShipmentIDs: ids})
		return err
	})
	if err != nil {
		return nil, inboundProblem(ctx, err)
	}
	out := map[string]inboundAnswer{}
	for _, sh := range found {
		if !slices.Contains(ids, sh.ShipmentID) {
			continue
		}
		var items []amazon.InboundItem
		err := twice(func() error {
			items, err = api.Client.InboundItems(ctx, api.Endpoint, api.RefreshToken, batch[0].MarketplaceID, sh.ShipmentID)
			return err
		})
		if err != nil {
			return nil, inboundProblem(ctx, err)
		}
		out[sh.ShipmentID] = inboundAnswer{shipment: sh, items: items}
	}
	return out, nil
}

// sellerAPI opens the seller account of a store group in a marketplace's region, or refuses MsgInboundNoSeller.
func (s *Service) sellerAPI(ctx context.Context, p core.Principal, groupID int64, marketplaceID string) (stores.SellerAPI, error) {
	m, ok := storesdb.MarketplaceByID(marketplaceID)
	if !ok || s.stores == nil {
		return stores.SellerAPI{}, core.Refused(MsgInboundNoSeller)
	}
	seller, err := storesdb.SellerOfGroupRegion(s.db.With(ctx), p.CompanyID, groupID, m.Region)
	if models.IsNotFound(err) || err == nil && (seller.Disabled || seller.RefreshToken == "") {
		return stores.SellerAPI{}, core.Refused(MsgInboundNoSeller)
	} else if err != nil {
		return stores.SellerAPI{}, err
	}
	return s.stores.SellerAPIOf(ctx, seller)
}

// twice runs call again after a 403.
func twice(call func() error) error {
	err := call()
	var ae *amazon.APIError
	if errors.As(err, &ae) && ae.Status == http.StatusForbidden {
		err = call()
	}
	return err
}

// inboundProblem says in Chinese why Amazon did not answer; a cancelled request stays an error.
func inboundProblem(ctx context.Context, err error) error {
	var ae *amazon.APIError
	var te *amazon.TokenError
	var rl *amazon.RateLimitError
	switch {
	case ctx.Err() != nil:
		return err
	case amazon.IsInvalidGrant(err):
		return core.Refused(MsgInboundGrant)
	case amazon.IsInvalidClient(err):
		return core.Refused(stores.MsgClientInvalid)
	case errors.As(err, &rl):
		return core.Refused(MsgInboundThrottled)
	case errors.As(err, &ae) && ae.Status == http.StatusTooManyRequests:
		return core.Refused(MsgInboundThrottled)
	case errors.As(err, &ae) && (ae.Status == http.StatusForbidden || ae.Status == http.StatusUnauthorized):
		return core.Refused(MsgInboundDenied)
	case errors.As(err, &ae) && ae.Status >= 500:
		return core.Refused(MsgInboundDown)
	case errors.As(err, &ae):
		why := ae.Error()
		if len(ae.Errors) > 0 {
			why = ae.Errors[0].Message
		}
		return core.Refused(fmt.Sprintf(MsgInboundRefused, why))
	case errors.As(err, &te) && te.Status >= 500:
		return core.Refused(MsgInboundDown)
	}
	return core.Refused(MsgInboundUnreached)
}

// applyInbound writes Amazon's answer on one shipment, locked: its status unless the seller set another, and each
// item's received units unless the seller typed others (the units newly received turn from inbound to
// fulfillable in the FBA warehouse, as 收货 does). It tells whether the shipment changed, and how many items
// disagree with Amazon after it.
func (s *Service) applyInbound(ctx context.Context, p core.Principal, shipmentID string, a inboundAnswer) (bool, int, error) {
	changed, differences := false, 0
	err := s.db.Tx(ctx, func(tx *models.DB) error {
		sh, err := shippingdb.LockShipment(tx, p.CompanyID, p.UserID, shipmentID)
		if err != nil {
			return err
		}
		items, err := shippingdb.ShipmentItemsOf(tx, p.CompanyID, sh.ID)
		if err != nil {
			return err
		}
		status := strings.ToUpper(strings.TrimSpace(a.shipment.ShipmentStatus))
		var notes []string
		receivable := Receivable(sh.Status, sh.AmazonStatus)
		byKey := map[string]amazon.InboundItem{}
		for _, it := range a.items {
			byKey["s:"+it.SellerSKU] = it
			byKey["f:"+it.FulfillmentNetworkSKU] = it
		}
		before := map[int64]int{}
		received := 0
		for i := range items {
			it := &items[i]
			before[it.ID] = it.QuantityReceived
			ai, ok := byKey["s:"+it.SellerSKU]
			if !ok && it.FNSKU != "" {
				ai, ok = byKey["f:"+it.FNSKU]
			}
			if !ok {
				continue
			}
			shipped, got := ai.QuantityShipped, ai.QuantityReceived
			if it.InboundShipped == nil || *it.InboundShipped != shipped || it.InboundReceived == nil || *it.InboundReceived != got {
				changed = true
			}
			it.InboundShipped, it.InboundReceived = &shipped, &got
			if !it.ReceivedByHand && receivable {
				// What Amazon counted over what was shipped stays Amazon's figure: the stock moves what left.
				n := min(got, it.QuantityShipped)
				if n != it.QuantityReceived {
					received += n - it.QuantityReceived
					it.QuantityReceived, changed = n, true
				}
			}
			if it.QuantityReceived != got {
				differences++
			}
			if err := shippingdb.SetShipmentItemQuantities(tx, &it.ShipmentItem); err != nil {
				return err
			}
		}
		if received != 0 {
			notes = append(notes, fmt.Sprintf("收货%+d件", received))
			err := moveFBAStock(tx, p, sh, items, func(it shippingdb.ShipmentItemRow) stockdb.StockChange {
				n := it.QuantityReceived - before[it.ID]
				return stockdb.StockChange{Inbound: -n, Fulfillable: n}
			})
			if err != nil {
				return err
			}
		}
		if status != sh.InboundStatus {
			changed = true
		}
		sh.InboundStatus = status
		if !sh.StatusByHand && !slices.Contains(amazonSilent, status) && sh.AmazonStatus != status {
			sh.AmazonStatus, changed = status, true
			notes = append(notes, "亚马逊状态 "+status)
		}
		now := s.now.Stamp()
		sh.InboundCheckedAt = &now
		if changed {
			sh.UpdatedAt = now
		}
		if err := shippingdb.SaveShipmentState(tx, sh); err != nil {
			return err
		}
		if len(notes) == 0 {
			return nil
		}
		return s.event(tx, p, sh, "同步亚马逊", strings.Join(notes, "，"))
	})
	return changed, differences, err
}

// StatusDiffers tells whether the Amazon status the seller set disagrees with what Amazon last said (a status
// Amazon gives before it has seen the shipment move is no disagreement).
func StatusDiffers(sh *shippingdb.Shipment) bool {
	return sh.StatusByHand && !slices.Contains(amazonSilent, sh.InboundStatus) && sh.InboundStatus != sh.AmazonStatus
}
