package amazondata

import (
	"io"

	"sellerhub/app/amazon"
	amazondatadb "sellerhub/models/amazondata"
)

func init() { importers[Settlements] = importSettlements }

// importSettlements reads a settlement report (V2 flat file). Its first line states the settlement itself (id,
// period, deposit date, total and currency) and is kept as the settlement; every other line is kept as a
// settlement line numbered by its line in the file, so reading the file again finds each line again.
func importSettlements(s *Service, st Store, r *amazon.TSVReader, progress Progress) (Result, error) {
	var res Result
	st, err := s.checkStore(st)
	if err != nil {
		return res, err
	}
	if err := requireColumns(r, Settlements, "settlement-id", "total-amount", "transaction-type", "amount"); err != nil {
		return res, err
	}
	var head *amazondatadb.Settlement
	var lines []amazondatadb.SettlementLine
	// The settlement is written with the first batch, its marketplace being the first one a line of that batch
	// names (or the report's).
	headWritten := false
	flush := func() error {
		if head == nil || (headWritten && len(lines) == 0) {
			return nil
		}
		var heads []amazondatadb.Settlement
		if !headWritten {
			heads = append(heads, *head)
		}
		n, err := amazondatadb.UpsertSettlementLines(s.db, heads, lines)
		if err != nil {
			return err
		}
		res.Written += int(n)
		progress(res.Lines)
		headWritten, lines = true, lines[:0]
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
		if head == nil {
			head = readSettlementHead(st, &l)
			if l.err != nil {
				return res, l.err
			}
			continue
		}
		sl := readSettlementLine(st, head, &l)
		if l.err != nil {
			return res, l.err
		}
		if head.MarketplaceID == "" {
			head.MarketplaceID = sl.MarketplaceID
		}
		lines = append(lines, sl)
		if len(lines) >= batchLines {
			if err := flush(); err != nil {
				return res, err
			}
		}
	}
	return res, flush()
}

// readSettlementHead reads the report's first line, which carries only the settlement's own fields.
func readSettlementHead(st Store, l *line) *amazondatadb.Settlement {
	h := &amazondatadb.Settlement{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		MarketplaceID: st.MarketplaceID, SettlementID: l.required("settlement-id"),
		SettlementStartDate: l.optionalTime("settlement-start-date"),
		SettlementEndDate:   l.optionalTime("settlement-end-date"), DepositDate: l.optionalTime("deposit-date"),
		Currency: l.str("currency")}
	if l.str("total-amount") == "" || l.str("transaction-type") != "" {
		l.fail("total-amount", "", "结算报告的第一行应是结算汇总（settlement-id、total-amount）")
	}
	h.TotalAmount = l.money("total-amount")
	return h
}

// readSettlementLine reads a line of the settlement: its currency is the settlement's when the line names none.
func readSettlementLine(st Store, head *amazondatadb.Settlement, l *line) amazondatadb.SettlementLine {
	name := l.str("marketplace-name")
	market := l.marketplace("marketplace-name", st)
	currency := l.str("currency")
	if currency == "" {
		currency = head.Currency
	}
	posted := l.optionalTime("posted-date-time")
	if posted == nil {
		posted = l.optionalTime("posted-date")
	}
	return amazondatadb.SettlementLine{CompanyID: st.CompanyID, GroupID: st.GroupID, SellerID: st.SellerID,
		SettlementID: l.required("settlement-id"), LineNo: l.row.Line, MarketplaceID: market, MarketplaceName: name,
		TransactionType: l.str("transaction-type"), OrderID: l.str("order-id"),
		MerchantOrderID: l.str("merchant-order-id"), AdjustmentID: l.str("adjustment-id"),
		ShipmentID: l.str("shipment-id"), AmountType: l.str("amount-type"),
		AmountDescription: l.str("amount-description"), Amount: l.money("amount"), Currency: currency,
		FulfillmentID: l.str("fulfillment-id"), PostedDate: posted, OrderItemCode: l.str("order-item-code"),
		MerchantOrderItemID:      l.str("merchant-order-item-id"),
		MerchantAdjustmentItemID: l.str("merchant-adjustment-item-id"), SKU: l.str("sku"),
		QuantityPurchased: l.integer("quantity-purchased"), PromotionID: l.str("promotion-id")}
}
