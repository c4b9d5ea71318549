package amazontest

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The Fulfillment Inbound API v0's reading operations of the stand-in: getShipments (GET
// /fba/inbound/v0/shipments, QueryType SHIPMENT by ShipmentIdList or ShipmentStatusList, DATE_RANGE by
// LastUpdatedAfter/LastUpdatedBefore, NEXT_TOKEN) and getShipmentItemsByShipmentId (GET
// /fba/inbound/v0/shipments/{shipmentId}/items). Amazon's v0 answers {payload:{ShipmentData|ItemData, NextToken}}
// with PascalCase fields; a missing or bad parameter is 400 InvalidInput. Throttle and ExpireAccessTokens work on
// them as on the Reports operations (429 QuotaExceeded, 403 Unauthorized). The shipments are the Inbound book's.

// InboundPageSize is how many shipments a getShipments page holds (small, so the product's paging is exercised).
const InboundPageSize = 3

// InboundShipment is a shipment as the stand-in keeps it: what getShipments says of it, its items and when it last
// changed.
type InboundShipment struct {
	SellerID      string
	MarketplaceID string
	ShipmentID    string
	Name          string
	Center        string
	Status        string
	UpdatedAt     time.Time
	Items         []InboundItem
}

// InboundItem is a seller SKU of a shipment with what was shipped and received.
type InboundItem struct {
	SellerSKU string
	FNSKU     string
	Shipped   int
	Received  int
	InCase    int
}

// Inbound is the stand-in's book of inbound shipments; Server.Inbound is one, empty at first.
type Inbound struct {
	mu        sync.Mutex
	shipments []InboundShipment
}

// Put adds a shipment, or replaces the seller's shipment of the same id (a status or count moving on).
func (b *Inbound) Put(sh InboundShipment) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if sh.UpdatedAt.IsZero() {
		sh.UpdatedAt = time.Now().UTC()
	}
	sh.Items = slices.Clone(sh.Items)
	for i := range b.shipments {
		if b.shipments[i].SellerID == sh.SellerID && b.shipments[i].ShipmentID == sh.ShipmentID {
			b.shipments[i] = sh
			return
		}
	}
	b.shipments = append(b.shipments, sh)
}

// of is the seller's shipments in a marketplace, oldest change first.
func (b *Inbound) of(sellerID, marketplaceID string) []InboundShipment {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []InboundShipment
	for _, sh := range b.shipments {
		if sh.SellerID == sellerID && sh.MarketplaceID == marketplaceID {
			sh.Items = slices.Clone(sh.Items)
			out = append(out, sh)
		}
	}
	slices.SortStableFunc(out, func(a, b InboundShipment) int { return a.UpdatedAt.Compare(b.UpdatedAt) })
	return out
}

// inboundQuery is a getShipments question, kept in its NextToken for the pages after the first.
type inboundQuery struct {
	IDs      []string  `json:"i,omitempty"`
	Statuses []string  `json:"s,omitempty"`
	After    time.Time `json:"a"`
	Before   time.Time `json:"b"`
	Offset   int       `json:"o"`
}

func addInbound(s *Server) {
	s.Inbound = &Inbound{}
	call := func(w http.ResponseWriter, r *http.Request, operation string) (string, *Inbound, bool) {
		s.mu.Lock()
		defer s.mu.Unlock()
		seller, ok := s.reportsCall(w, r, operation)
		return seller, s.Inbound, ok
	}
	s.Mux.HandleFunc("GET /fba/inbound/v0/shipments", func(w http.ResponseWriter, r *http.Request) {
		if seller, book, ok := call(w, r, "getShipments"); ok {
			getInboundShipments(w, r, book, seller)
		}
	})
	s.Mux.HandleFunc("GET /fba/inbound/v0/shipments/{shipmentId}/items", func(w http.ResponseWriter, r *http.Request) {
		if seller, book, ok := call(w, r, "getShipmentItemsByShipmentId"); ok {
			getInboundItems(w, r, book, seller)
		}
	})
}

func inboundStatusKnown(status string) bool {
	return slices.Contains([]string{"WORKING", "READY_TO_SHIP", "SHIPPED", "RECEIVING", "CANCELLED", "DELETED", "CLOSED",
		"ERROR", "IN_TRANSIT", "DELIVERED", "CHECKED_IN"}, status)
}

// readInboundQuery checks getShipments' parameters as Amazon does, into the question to answer.
func readInboundQuery(r *http.Request) (inboundQuery, string) {
	q := r.URL.Query()
	var out inboundQuery
	switch q.Get("QueryType") {
	case "NEXT_TOKEN":
		raw, err := base64.RawURLEncoding.DecodeString(q.Get("NextToken"))
		if err != nil || json.Unmarshal(raw, &out) != nil {
			return out, "Invalid NextToken."
		}
		return out, ""
	case "SHIPMENT":
		out.IDs, out.Statuses = splitList(q.Get("ShipmentIdList")), splitList(q.Get("ShipmentStatusList"))
		if len(out.IDs) == 0 && len(out.Statuses) == 0 {
			return out, "Either ShipmentStatusList or ShipmentIdList must be provided when QueryType is SHIPMENT."
		}
		if len(out.IDs) > 999 {
			return out, "ShipmentIdList may hold at most 999 shipment ids."
		}
	case "DATE_RANGE":
		var err1, err2 error
		out.Statuses = splitList(q.Get("ShipmentStatusList"))
		out.After, err1 = time.Parse(time.RFC3339, q.Get("LastUpdatedAfter"))
		out.Before, err2 = time.Parse(time.RFC3339, q.Get("LastUpdatedBefore"))
		if err1 != nil || err2 != nil || out.Before.Before(out.After) {
			return out, "LastUpdatedAfter and LastUpdatedBefore must be ISO 8601 times, the first before the second, when QueryType is DATE_RANGE."
		}
	default:
		return out, "QueryType must be SHIPMENT, DATE_RANGE or NEXT_TOKEN."
	}
	for _, st := range out.Statuses {
		if !inboundStatusKnown(st) {
			return out, "Invalid ShipmentStatus: " + st + "."
		}
	}
	return out, ""
}

func getInboundShipments(w http.ResponseWriter, r *http.Request, book *Inbound, seller string) {
	market := r.URL.Query().Get("MarketplaceId")
	if market == "" {
		apiError(w, http.StatusBadRequest, "InvalidInput", "MarketplaceId is required.")
		return
	}
	q, bad := readInboundQuery(r)
	if bad != "" {
		apiError(w, http.StatusBadRequest, "InvalidInput", bad)
		return
	}
	var found []InboundShipment
	for _, sh := range book.of(seller, market) {
		switch {
		case len(q.IDs) > 0 && !slices.Contains(q.IDs, sh.ShipmentID):
		case len(q.Statuses) > 0 && !slices.Contains(q.Statuses, sh.Status):
		// The range is given to the second, as Amazon takes it.
		case !q.After.IsZero() && (sh.UpdatedAt.Truncate(time.Second).Before(q.After) || sh.UpdatedAt.Truncate(time.Second).After(q.Before)):
		default:
			found = append(found, sh)
		}
	}
	data := []map[string]any{}
	end := min(q.Offset+InboundPageSize, len(found))
	for _, sh := range found[min(q.Offset, len(found)):end] {
		data = append(data, map[string]any{"ShipmentId": sh.ShipmentID, "ShipmentName": sh.Name,
			"ShipFromAddress": map[string]any{"Name": "Shenzhen Warehouse", "AddressLine1": "1 Bantian Road",
				"City": "Shenzhen", "StateOrProvinceCode": "GD", "CountryCode": "CN", "PostalCode": "518000"},
			"DestinationFulfillmentCenterId": sh.Center, "ShipmentStatus": sh.Status, "LabelPrepType": "SELLER_LABEL",
			"AreCasesRequired": false, "BoxContentsSource": "FEED"})
	}
	payload := map[string]any{"ShipmentData": data}
	if end < len(found) {
		q.Offset = end
		raw, _ := json.Marshal(q)
		payload["NextToken"] = base64.RawURLEncoding.EncodeToString(raw)
	}
	writeJSON(w, http.StatusOK, map[string]any{"payload": payload})
}

func getInboundItems(w http.ResponseWriter, r *http.Request, book *Inbound, seller string) {
	market, id := r.URL.Query().Get("MarketplaceId"), r.PathValue("shipmentId")
	if market == "" {
		apiError(w, http.StatusBadRequest, "InvalidInput", "MarketplaceId is required.")
		return
	}
	for _, sh := range book.of(seller, market) {
		if sh.ShipmentID != id {
			continue
		}
		items := []map[string]any{}
		for _, it := range sh.Items {
			items = append(items, map[string]any{"ShipmentId": sh.ShipmentID, "SellerSKU": it.SellerSKU,
				"FulfillmentNetworkSKU": it.FNSKU, "QuantityShipped": it.Shipped, "QuantityReceived": it.Received,
				"QuantityInCase": it.InCase, "PrepDetailsList": []any{}})
		}
		writeJSON(w, http.StatusOK, map[string]any{"payload": map[string]any{"ItemData": items}})
		return
	}
	apiError(w, http.StatusBadRequest, "InvalidInput", "Shipment "+strconv.Quote(strings.TrimSpace(id))+" was not found for the seller in marketplace "+market+".")
}
