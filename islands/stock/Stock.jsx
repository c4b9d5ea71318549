// 库存数量 (仓库 → 库存): each product's inbound (待入库), fulfillable (可用) and outbound (待出库) stock per
// warehouse, found by warehouse and SKU or name. 库存流水 holds the movements that led to it. An FBA warehouse also
// lists the seller SKUs no listing pairs yet, as Amazon's inventory report gives them (未配对). 海外仓库存 is the same
// list of the overseas warehouses only.
import DataTable from "../table/DataTable.jsx";
import { ERP, Thumb, WarehouseSelect, button, input, useWarehouses } from "./shared.jsx";

// overseas makes it 海外仓库存: the overseas warehouses' stock only (their own list call, for their own screen).
export default function Stock({ permissions, overseas = false }) {
  const all = useWarehouses(true);
  const warehouses = overseas && all ? all.filter((w) => w.kind === "overseas") : all;
  const path = overseas ? "stock/overseas" : "stock";
  return (
    <section aria-label={overseas ? "海外仓库存" : "库存数量"}>
      <form id="stock-filter" className="mb-2 flex flex-wrap items-center gap-2">
        <WarehouseSelect warehouses={warehouses} />
        <input name="search" aria-label="SKU或名称" placeholder="SKU / 产品名称" className={`w-48 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname={overseas ? "overseasStockList" : "stockList"}
        source={`${ERP}/${path}/page`}
        exportUrl={`${ERP}/${path}/export`}
        empty={overseas ? (warehouses && warehouses.length === 0 ? "还没有海外仓。先在“仓库”新增类型为“海外仓”的仓库，再用入库单或调拨单把货物发往海外仓。" : "海外仓还没有库存。用入库单或调拨单把货物发往海外仓后，这里按产品显示各海外仓的库存。") : undefined}
        filterForm="stock-filter"
        permissions={permissions}
        renders={{
          image: (row) => <Thumb src={row.image} alt={row.sku} />,
          // An FBA warehouse's seller SKU that no listing pairs yet: Amazon's figures, no local product.
          productName: (row) => (row.productId ? row.productName : <span className="text-amber-700 dark:text-amber-400">{row.productName}</span>),
        }}
      />
    </section>
  );
}
