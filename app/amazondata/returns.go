package amazondata

import (
	"time"

	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
)

func init() { importers[Returns] = importReturns }

// returnKey is what tells two returns apart: an order's SKU returned in several parcels (license plates) or at
// several times is several returns.
type returnKey struct {
	order, sku, plate string
	at                time.Time
}

// importReturns reads a customer returns report; its lines name no marketplace, so they are the report's. The
// same return written twice is one return; its later line stands.
func importReturns(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	st, err := s.checkStore(st)
	if err != nil {
		return Result{}, err
	}
	if err := requireColumns(r, Returns, "return-date", "order-id", "sku"); err != nil {
		return Result{}, err
	}
	return readLatest(r, progress, func(row amazon.TSVRow) (amazondatadb.CustomerReturn, returnKey, error) {
		ret, err := readReturnLine(st, row)
		return ret, returnKey{ret.OrderID, ret.SKU, ret.LicensePlateNumber, ret.ReturnDate}, err
	}, func(returns []amazondatadb.CustomerReturn) (int64, error) {
		return amazondatadb.UpsertCustomerReturns(s.db, returns)
	})
}

// readReturnLine reads one return.
func readReturnLine(st Store, row amazon.TSVRow) (amazondatadb.CustomerReturn, error) {
	l := line{row: row}
	ret := amazondatadb.CustomerReturn{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		MarketplaceID: st.MarketplaceID, ReturnDate: l.date("return-date"), OrderID: l.required("order-id"),
		SKU: l.required("sku"), ASIN: l.str("asin"), FNSKU: l.str("fnsku"), ProductName: l.str("product-name"),
		Quantity: l.count("quantity"), FulfillmentCenterID: l.str("fulfillment-center-id"),
		DetailedDisposition: l.str("detailed-disposition"), Reason: l.str("reason"), Status: l.str("status"),
		LicensePlateNumber: l.str("license-plate-number"), CustomerComments: l.str("customer-comments")}
	return ret, l.err
}
