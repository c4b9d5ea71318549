package amazon

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// The Fulfillment Inbound API v0's reading operations, which Amazon keeps beside v2024-03-20: getShipments (a
// marketplace's inbound shipments by id, by status or changed since a time) and getShipmentItemsByShipmentId
// (what each seller SKU of a shipment was shipped and received as). Both answer {payload:{...,NextToken}}.
const inboundPath = "/fba/inbound/v0"

// InboundStatuses are Amazon's shipment statuses, in the order of a shipment's life.
var InboundStatuses = []string{"WORKING", "READY_TO_SHIP", "SHIPPED", "IN_TRANSIT", "DELIVERED", "CHECKED_IN",
	"RECEIVING", "CLOSED", "CANCELLED", "DELETED", "ERROR"}

// InboundShipment is one shipment as getShipments answers it (InboundShipmentInfo).
type InboundShipment struct {
	ShipmentID                     string `json:"ShipmentId"`
	ShipmentName                   string `json:"ShipmentName"`
	DestinationFulfillmentCenterID string `json:"DestinationFulfillmentCenterId"`
	ShipmentStatus                 string `json:"ShipmentStatus"`
	LabelPrepType                  string `json:"LabelPrepType,omitempty"`
	AreCasesRequired               bool   `json:"AreCasesRequired"`
	BoxContentsSource              string `json:"BoxContentsSource,omitempty"`
}

// InboundItem is one seller SKU of a shipment (InboundShipmentItem): QuantityShipped is what the seller said
// the shipment holds, QuantityReceived what the fulfilment centre has counted so far, QuantityInCase the units
// per case for case-packed goods (0 for loose ones).
type InboundItem struct {
	ShipmentID            string `json:"ShipmentId"`
	SellerSKU             string `json:"SellerSKU"`
	FulfillmentNetworkSKU string `json:"FulfillmentNetworkSKU"`
	QuantityShipped       int    `json:"QuantityShipped"`
	QuantityReceived      int    `json:"QuantityReceived"`
	QuantityInCase        int    `json:"QuantityInCase"`
}

// InboundQuery asks getShipments: by ShipmentIDs (QueryType SHIPMENT, Statuses optional), by Statuses alone, or
// with LastUpdatedAfter for the shipments changed since (QueryType DATE_RANGE).
type InboundQuery struct {
	MarketplaceID    string
	ShipmentIDs      []string
	Statuses         []string
	LastUpdatedAfter time.Time
}

// InboundShipments pages through getShipments until Amazon gives no NextToken.
func (s *SellingPartner) InboundShipments(ctx context.Context, endpoint, refreshToken string, q InboundQuery) ([]InboundShipment, error) {
	params := url.Values{}
	params.Set("MarketplaceId", q.MarketplaceID)
	if len(q.Statuses) > 0 {
		params.Set("ShipmentStatusList", strings.Join(q.Statuses, ","))
	}
	switch {
	case len(q.ShipmentIDs) > 0:
		params.Set("QueryType", "SHIPMENT")
		params.Set("ShipmentIdList", strings.Join(q.ShipmentIDs, ","))
	case !q.LastUpdatedAfter.IsZero():
		params.Set("QueryType", "DATE_RANGE")
		params.Set("LastUpdatedAfter", q.LastUpdatedAfter.UTC().Format(time.RFC3339))
		params.Set("LastUpdatedBefore", time.Now().UTC().Format(time.RFC3339))
	default:
		params.Set("QueryType", "SHIPMENT")
	}
	var out []InboundShipment
	for {
		var page struct {
			Payload struct {
				ShipmentData []InboundShipment `json:"ShipmentData"`
				NextToken    string            `json:"NextToken"`
			} `json:"payload"`
		}
		if err := s.call(ctx, "getShipments", http.MethodGet, endpoint+inboundPath+"/shipments?"+params.Encode(), refreshToken, nil, &page); err != nil {
			return nil, err
		}
		out = append(out, page.Payload.ShipmentData...)
		if page.Payload.NextToken == "" {
			return out, nil
		}
		params = url.Values{"MarketplaceId": {q.MarketplaceID}, "QueryType": {"NEXT_TOKEN"}, "NextToken": {page.Payload.NextToken}}
	}
}

// InboundItems pages through getShipmentItemsByShipmentId for one shipment.
func (s *SellingPartner) InboundItems(ctx context.Context, endpoint, refreshToken, marketplaceID, shipmentID string) ([]InboundItem, error) {
	base := endpoint + inboundPath + "/shipments/" + url.PathEscape(shipmentID) + "/items?"
	params := url.Values{"MarketplaceId": {marketplaceID}}
	var out []InboundItem
	for {
		var page struct {
			Payload struct {
				ItemData  []InboundItem `json:"ItemData"`
				NextToken string        `json:"NextToken"`
			} `json:"payload"`
		}
		if err := s.call(ctx, "getShipmentItemsByShipmentId", http.MethodGet, base+params.Encode(), refreshToken, nil, &page); err != nil {
			return nil, err
		}
		out = append(out, page.Payload.ItemData...)
		if page.Payload.NextToken == "" {
			return out, nil
		}
		params.Set("NextToken", page.Payload.NextToken)
	}
}
