// 库存流水, the ledger: every movement with its document and the three quantities before, changed and after, found
// by warehouse, product, document number and dates. The stock itself is 库存数量 (Stock.jsx).
import DataTable from "../table/DataTable.jsx";
import { ERP, WarehouseSelect, button, input, useWarehouses } from "./shared.jsx";

const signed = (n) => (n > 0 ? `+${n}` : String(n));
const change = (field) => (row) => <span className={row[field] > 0 ? "text-emerald-700" : row[field] < 0 ? "text-red-700" : "text-slate-400"}>{signed(row[field])}</span>;

export default function Record({ permissions }) {
  const warehouses = useWarehouses(true);
  return (
    <section aria-label="库存流水">
      <form id="ledger-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <WarehouseSelect warehouses={warehouses} />
        <input name="search" aria-label="产品SKU或名称" placeholder="SKU / 产品名称" className={`w-40 ${input}`} />
        <input name="docNumber" aria-label="单据号" placeholder="单据号" className={`w-40 ${input}`} />
        <label className="flex items-center gap-1">
          从 <input name="startDate" type="date" aria-label="开始日期" className={input} />
        </label>
        <label className="flex items-center gap-1">
          至 <input name="endDate" type="date" aria-label="结束日期" className={input} />
        </label>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="stockLedgerList"
        source={`${ERP}/stock/ledger`}
        exportUrl={`${ERP}/stock/ledger/export`}
        filterForm="ledger-filter"
        permissions={permissions}
        renders={{ inboundChange: change("inboundChange"), fulfillableChange: change("fulfillableChange"), outboundChange: change("outboundChange") }}
      />
    </section>
  );
}
