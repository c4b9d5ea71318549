// 订单管理 and 今日订单: the synced orders of the user's store groups, found by store, marketplace, purchase dates
// (today's on 今日订单), status, channel and the start of an order id, SKU or ASIN; 详情 opens an order's items and
// what its settlements booked.
import { useState } from "react";
import { can } from "../lib/permissions.js";
import DataTable from "../table/DataTable.jsx";
import OrderDetail from "./OrderDetail.jsx";
import { AMZ, DateRange, OrderStateFilters, StoreFilters, button, input } from "./shared.jsx";

export default function Orders({ today, permissions, marketplaces, dayZone }) {
  const [open, setOpen] = useState(null);
  const base = today ? `${AMZ}/orders/today` : `${AMZ}/orders`;
  const exportable = today || can(permissions, "amz:order:export");
  return (
    <section aria-label={today ? "今日订单" : "订单管理"}>
      <form id="order-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <StoreFilters marketplaces={marketplaces} dayZone={dayZone} />
        <OrderStateFilters />
        <input name="search" aria-label="订单号、SKU或ASIN" placeholder="订单号 / SKU / ASIN（开头匹配）" className={`w-56 ${input}`} />
        {!today && <DateRange label="下单" />}
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname={today ? "todayOrderList" : "amazonOrderList"}
        source={today ? base : `${base}/page`}
        exportUrl={exportable ? `${base}/export` : undefined}
        filterForm="order-filter"
        permissions={permissions}
        noun="订单"
        rowName={(row) => row.amazonOrderId}
        actions={[{ label: "详情", run: (row) => setOpen(row.id) }]}
      />
      {open && <OrderDetail url={`${base}/${open}`} onClose={() => setOpen(null)} />}
    </section>
  );
}
