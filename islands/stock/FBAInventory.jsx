// FBA库存明细 (仓库 → 库存): Amazon's stock of each seller SKU in each marketplace, paired with a local product or
// not, in every state the inventory report gives, with the days the fulfillable units last at the last 30 days'
// sales. Found by store, marketplace, paired or not and stock, sorted by the states, exported to .xlsx.
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import DataTable from "../table/DataTable.jsx";
import { ERP, Thumb, button, input } from "./shared.jsx";

export default function FBAInventory({ permissions }) {
  return (
    <section aria-label="FBA库存明细">
      <form id="fba-inventory-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <PlaceSelects />
        <select name="paired" aria-label="配对状态" className={input} defaultValue="">
          <option value="">全部配对状态</option>
          <option value="yes">已配对</option>
          <option value="no">未配对</option>
        </select>
        <select name="stock" aria-label="库存" className={input} defaultValue="">
          <option value="">全部库存</option>
          <option value="yes">有库存</option>
        </select>
        <input name="keyword" type="search" aria-label="平台SKU、FNSKU或ASIN" placeholder="平台SKU / FNSKU / ASIN" className={`w-48 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="fbaInventoryList"
        source={`${ERP}/fbaInventory/page`}
        exportUrl={`${ERP}/fbaInventory/export`}
        filterForm="fba-inventory-filter"
        permissions={permissions}
        renders={{
          productImage: (row) => (row.productId ? <Thumb src={row.productImage} alt={row.productSku} /> : null),
          productSku: (row) => row.productSku || "—",
          productName: (row) => row.productName || <span className="text-slate-500 dark:text-slate-400">{row.itemName || "—"}</span>,
          paired: (row) => (
            <span className={row.productId ? "text-emerald-700 dark:text-emerald-400" : "text-amber-700 dark:text-amber-400"}>{row.paired}</span>
          ),
        }}
      />
    </section>
  );
}
