package amazondata

import (
	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
)

func init() {
	importers[RemovalOrders] = importRemovalOrders
	importers[RemovalShipments] = importRemovalShipments
}

type removalItemKey struct{ order, sku, fnsku, disposition string }

// importRemovalOrders reads the removal order detail report (GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA) of the
// report's marketplace: a line per order, SKU and disposition, whose quantities and status replace the stored
// line's (an order moves from Pending to Completed); each order's sums follow its lines. The same file read again
// changes nothing.
func importRemovalOrders(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if err := requireColumns(r, RemovalOrders, "request-date", "order-id", "sku", "requested-quantity"); err != nil {
		return Result{}, err
	}
	return readLatest(r, progress, func(row amazon.TSVRow) (amazondatadb.RemovalItem, removalItemKey, error) {
		l := line{row: row}
		requested := l.date("request-date")
		updated := requested
		if row.Get("last-updated-date") != "" {
			updated = l.date("last-updated-date")
		}
		it := amazondatadb.RemovalItem{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
			MarketplaceID: st.MarketplaceID, OrderID: l.required("order-id"), RequestDate: requested, LastUpdated: updated,
			OrderSource: l.str("order-source"), OrderType: l.str("order-type"), ServiceSpeed: l.str("service-speed"),
			OrderStatus: l.str("order-status"), SKU: l.required("sku"), FNSKU: l.str("fnsku"), Disposition: l.str("disposition"),
			RequestedQuantity: l.count("requested-quantity"), CancelledQuantity: l.count("cancelled-quantity"),
			DisposedQuantity: l.count("disposed-quantity"), ShippedQuantity: l.count("shipped-quantity"),
			InProcessQuantity: l.count("in-process-quantity"), RemovalFee: l.money("removal-fee"), Currency: l.str("currency")}
		return it, removalItemKey{it.OrderID, it.SKU, it.FNSKU, it.Disposition}, l.err
	}, func(lines []amazondatadb.RemovalItem) (int64, error) {
		return amazondatadb.UpsertRemovalItems(s.db, lines)
	})
}

type removalShipmentKey struct {
	order, shipped, sku, fnsku, disposition, tracking string
}

// importRemovalShipments reads the removal shipment detail report (GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA)
// of the report's marketplace: a line per package and SKU of a return order.
func importRemovalShipments(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if err := requireColumns(r, RemovalShipments, "order-id", "shipment-date", "sku", "tracking-number"); err != nil {
		return Result{}, err
	}
	return readLatest(r, progress, func(row amazon.TSVRow) (amazondatadb.RemovalShipment, removalShipmentKey, error) {
		l := line{row: row}
		sh := amazondatadb.RemovalShipment{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
			MarketplaceID: st.MarketplaceID, OrderID: l.required("order-id"), ShipmentDate: l.date("shipment-date"),
			SKU: l.required("sku"), FNSKU: l.str("fnsku"), Disposition: l.str("disposition"),
			ShippedQuantity: l.count("shipped-quantity"), Carrier: l.str("carrier"), TrackingNumber: l.str("tracking-number"),
			RemovalOrderType: l.str("removal-order-type")}
		sh.RequestDate = sh.ShipmentDate
		if row.Get("request-date") != "" {
			sh.RequestDate = l.date("request-date")
		}
		return sh, removalShipmentKey{sh.OrderID, sh.ShipmentDate.UTC().String(), sh.SKU, sh.FNSKU, sh.Disposition,
			sh.TrackingNumber}, l.err
	}, func(lines []amazondatadb.RemovalShipment) (int64, error) {
		return amazondatadb.UpsertRemovalShipments(s.db, lines)
	})
}
