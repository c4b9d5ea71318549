// 退款订单: the refunds of the settlement reports (what the buyer got back and the net for the seller), with the
// buyer's return reason where the return came in, found by store, marketplace, the days they were posted and the
// start of an order id or SKU. The reason shows its Chinese name (the server's one table, app/amazon/names.go)
// with Amazon's code as its tooltip.
import DataTable from "../table/DataTable.jsx";
import { AMZ, DateRange, StoreFilters, button, input } from "./shared.jsx";

export default function Refunds({ permissions, marketplaces, dayZone }) {
  return (
    <section aria-label="退款订单">
      <form id="refund-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <StoreFilters marketplaces={marketplaces} dayZone={dayZone} />
        <input name="search" aria-label="订单号或SKU" placeholder="订单号 / SKU（开头匹配）" className={`w-48 ${input}`} />
        <DateRange label="退款" />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable queryname="refundOrderList" source={`${AMZ}/orders/refunds`} exportUrl={`${AMZ}/orders/refunds/export`} filterForm="refund-filter" permissions={permissions} noun="退款" rowName={(row) => row.orderId}
        renders={{ reason: (row) => (row.reasonCode ? <span title={row.reasonCode}>{row.reason}</span> : "—") }}
      />
    </section>
  );
}
