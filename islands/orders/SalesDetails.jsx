// 销售明细: every order line of the user's store groups as Amazon's order report gives it (units, prices, taxes,
// promotions and their ids in the order's currency), found by store, marketplace, purchase dates, status, channel,
// business (B2B) orders and the start of an order id, SKU or ASIN.
import DataTable from "../table/DataTable.jsx";
import { AMZ, DateRange, OrderStateFilters, StoreFilters, button, input } from "./shared.jsx";

export default function SalesDetails({ permissions, marketplaces, dayZone }) {
  return (
    <section aria-label="销售明细">
      <form id="detail-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <StoreFilters marketplaces={marketplaces} dayZone={dayZone} />
        <OrderStateFilters />
        <select name="business" aria-label="企业订单" className={input} defaultValue="">
          <option value="">全部买家</option>
          <option value="yes">企业订单(B2B)</option>
          <option value="no">个人订单</option>
        </select>
        <input name="search" aria-label="订单号、SKU或ASIN" placeholder="订单号 / SKU / ASIN（开头匹配）" className={`w-56 ${input}`} />
        <DateRange label="下单" />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable queryname="salesDetailList" source={`${AMZ}/orders/details`} exportUrl={`${AMZ}/orders/details/export`} filterForm="detail-filter" permissions={permissions} noun="销售明细" rowName={(row) => `${row.amazonOrderId} ${row.sku}`} />
    </section>
  );
}
