// 库存数量 (仓库 → 库存): each product's inbound (待入库), fulfillable (可用) and outbound (待出库) stock per
// warehouse, found by warehouse and SKU or name. 库存流水 holds the movements that led to it. An FBA warehouse also
// lists the seller SKUs no listing pairs yet, as Amazon's inventory report gives them (未配对).
import DataTable from "../table/DataTable.jsx";
import { ERP, Thumb, WarehouseSelect, button, input, useWarehouses } from "./shared.jsx";

export default function Stock({ permissions }) {
  const warehouses = useWarehouses(true);
  return (
    <section aria-label="库存数量">
      <form id="stock-filter" className="mb-2 flex flex-wrap items-center gap-2">
        <WarehouseSelect warehouses={warehouses} />
        <input name="search" aria-label="SKU或名称" placeholder="SKU / 产品名称" className={`w-48 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="stockList"
        source={`${ERP}/stock/page`}
        exportUrl={`${ERP}/stock/export`}
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
