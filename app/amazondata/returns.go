package amazondata

import (
	"io"
	"time"

	"sellerhub/app/amazon"
	"sellerhub/models"
)

func init() { importers[Returns] = importReturns }

// returnKey is what tells two returns apart: an order's SKU returned in several parcels (license plates) or at
// several times is several returns.
type returnKey struct {
	order, sku, plate string
	at                time.Time
}

// importReturns reads a customer returns report; its lines name no marketplace, so they are the report's.
func importReturns(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	var res Result
	st, err := s.checkStore(st)
	if err != nil {
		return res, err
	}
	if err := requireColumns(r, Returns, "return-date", "order-id", "sku"); err != nil {
		return res, err
	}
	var returns []models.CustomerReturn
	at := map[returnKey]int{}
	flush := func() error {
		if len(returns) == 0 {
			return nil
		}
		n, err := s.db.UpsertCustomerReturns(returns)
		if err != nil {
			return err
		}
		res.Written += int(n)
		progress(res.Lines)
		returns, at = returns[:0], map[returnKey]int{}
		return nil
	}
	for {
		row, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return res, err
		}
		res.Lines++
		l := line{row: row}
		ret := models.CustomerReturn{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
			MarketplaceID: st.MarketplaceID, ReturnDate: l.date("return-date"), OrderID: l.required("order-id"),
			SKU: l.required("sku"), ASIN: l.str("asin"), FNSKU: l.str("fnsku"), ProductName: l.str("product-name"),
			Quantity: l.integer("quantity"), FulfillmentCenterID: l.str("fulfillment-center-id"),
			DetailedDisposition: l.str("detailed-disposition"), Reason: l.str("reason"), Status: l.str("status"),
			LicensePlateNumber: l.str("license-plate-number"), CustomerComments: l.str("customer-comments")}
		if l.err != nil {
			return res, l.err
		}
		// The same return written twice is one return; its later line stands.
		key := returnKey{ret.OrderID, ret.SKU, ret.LicensePlateNumber, ret.ReturnDate}
		if i, ok := at[key]; ok {
			returns[i] = ret
			continue
		}
		at[key] = len(returns)
		returns = append(returns, ret)
		if len(returns) >= batchLines {
			if err := flush(); err != nil {
				return res, err
			}
		}
	}
	return res, flush()
}
