package models

import (
	"fmt"
	"strconv"
	"strings"
)

// NumberSeries is a kind of number the product gives the documents it makes: the series' letters, a date and
// the day's sequence (SP20261125-0001), unique in the company by the index on the column that holds it.
type NumberSeries struct {
	Letters       string
	table, column string
}

// The numbered series. Shipments take Amazon's shipment id (FBA and 8 to 10 letters and digits) when they have
// one; those made without it are numbered LS (local shipment), which no Amazon id looks like.
var (
	PlanNumbers        = NumberSeries{"SP", "shipment_plans", "number"}   // 发货计划
	InboundNumbers     = NumberSeries{"RK", "stock_documents", "number"}  // 入库单
	OutboundNumbers    = NumberSeries{"CK", "stock_documents", "number"}  // 出库单
	ShipmentNumbers    = NumberSeries{"LS", "shipments", "shipment_id"}   // 货件 without Amazon's id
	StocktakeNumbers   = NumberSeries{"PD", "stocktakes", "number"}       // 盘点单
	TransferNumbers    = NumberSeries{"DB", "stock_documents", "number"}  // 调拨单
	ExchangeNumbers    = NumberSeries{"HH", "stock_documents", "number"}  // 换货单
	OverseasOutNumbers = NumberSeries{"HW", "stock_documents", "number"}  // 海外仓发货
	OverseasInNumbers  = NumberSeries{"HR", "stock_documents", "number"}  // 海外仓入库 (头程)
	ProcessNumbers     = NumberSeries{"JG", "stock_documents", "number"}  // 加工单
	PurchaseNumbers    = NumberSeries{"CG", "purchase_orders", "number"}  // 采购单
	PaymentNumbers     = NumberSeries{"FK", "payment_requests", "number"} // 付款申请
	BinMoveNumbers     = NumberSeries{"YK", "bin_moves", "number"}        // 上架、移库
)

// NextNumber answers the company's next number of the series on day (yyyyMMdd): the highest of the day plus
// one, four digits at least (SP20261125-0001, past 9999 too). Numbers of the day whose sequence is not a number
// (plans numbered before the sequence, SP20261125-7K2Q) are passed over. Two documents numbered at once get the
// same number; the unique index refuses the second, which numbers again.
func (db *DB) NextNumber(s NumberSeries, companyID int64, day string) (string, error) {
	prefix := s.Letters + day + "-"
	column := s.table + "." + s.column
	rows, err := db.Table(s.table).Scopes(InCompany(s.table, companyID)).Select(column).
		Where(column+" LIKE ? ESCAPE '"+LikeEscape+"'", likeSpecials.Replace(prefix)+"%").
		Order("LENGTH(" + column + ") DESC, " + column + " DESC").Rows()
	if err != nil {
		return "", err
	}
	defer rows.Close()
	last := 0
	for rows.Next() {
		var number string
		if err := rows.Scan(&number); err != nil {
			return "", err
		}
		if n, err := strconv.Atoi(strings.TrimPrefix(number, prefix)); err == nil {
			last = n
			break
		}
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s%04d", prefix, last+1), nil
}
