// 库存流水 with two tabs: 库存, each product's inbound (待入库), fulfillable (可用) and outbound (待出库) stock per
// warehouse, found by warehouse and SKU or name; and 库存流水, the ledger: every movement with its document and the
// three quantities before, changed and after, found by warehouse, product, document number and dates.
import { useState } from "react";
import DataTable from "../table/DataTable.jsx";
import { ERP, Thumb, WarehouseSelect, button, input, useWarehouses } from "./shared.jsx";

const signed = (n) => (n > 0 ? `+${n}` : String(n));
const change = (field) => (row) => <span className={row[field] > 0 ? "text-emerald-700" : row[field] < 0 ? "text-red-700" : "text-slate-400"}>{signed(row[field])}</span>;

function StockList({ warehouses, permissions }) {
  return (
    <>
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
        renders={{ image: (row) => <Thumb src={row.image} alt={row.sku} /> }}
      />
    </>
  );
}

function Ledger({ warehouses, permissions }) {
  return (
    <>
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
    </>
  );
}

const TABS = [
  ["stock", "库存"],
  ["ledger", "库存流水"],
];

export default function Record({ permissions }) {
  const warehouses = useWarehouses(true);
  const [tab, setTab] = useState(() => (new URLSearchParams(window.location.search).get("tab") === "stock" ? "stock" : "ledger"));
  const onKey = (e) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const next = TABS[(TABS.findIndex(([k]) => k === tab) + 1) % TABS.length][0];
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  return (
    <section aria-label="库存与库存流水">
      <div role="tablist" aria-label="库存视图" className="mb-3 flex gap-1 border-b border-slate-200 dark:border-slate-700" onKeyDown={onKey}>
        {TABS.map(([key, label]) => (
          <button
            key={key}
            id={`tab-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={`-mb-px border-b-2 px-4 py-2 text-sm ${tab === key ? "border-sky-700 font-semibold text-sky-800 dark:text-sky-300" : "border-transparent text-slate-600 hover:text-sky-700 dark:text-slate-300"}`}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "stock" ? <StockList warehouses={warehouses} permissions={permissions} /> : <Ledger warehouses={warehouses} permissions={permissions} />}
      </div>
    </section>
  );
}
