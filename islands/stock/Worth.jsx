// 库存货值: the stock of every warehouse the user may see at the end of a day (today by default, any past day from
// the ledger), valued at each product's 采购成本 in force that day. The totals by warehouse and by store group sit
// above the lines (highest value first, exported as the table's other lists); units without a cost are counted
// and named, not valued.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { money } from "../lib/money.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { ERP, Thumb, WarehouseSelect, button, input, openTab, useWarehouses } from "./shared.jsx";

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

function Totals({ rows, caption, nameLabel }) {
  return (
    <table className="w-full text-left text-sm" aria-label={caption}>
      <caption className="mb-1 text-left text-sm font-semibold">{caption}</caption>
      <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
        <tr>
          <th className="px-2 py-1 font-medium">{nameLabel}</th>
          <th className="px-2 py-1 text-right font-medium">数量</th>
          <th className="px-2 py-1 text-right font-medium">货值</th>
          <th className="px-2 py-1 text-right font-medium">未填成本</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
        {rows.map((t) => (
          <tr key={t.key}>
            <td className="px-2 py-1">
              {t.name}
              {t.kindName && <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">{t.kindName}</span>}
            </td>
            <td className="px-2 py-1 text-right tabular-nums">{t.quantity}</td>
            <td className="px-2 py-1 text-right tabular-nums">{money(t.value, "CNY")}</td>
            <td className={`px-2 py-1 text-right tabular-nums ${t.uncosted ? "text-amber-700 dark:text-amber-400" : ""}`}>{t.uncosted ? `${t.uncosted} 个SKU` : "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Worth({ permissions }) {
  const warehouses = useWarehouses(true);
  const [totals, setTotals] = useState(null);
  const load = () => {
    const form = document.getElementById("worth-filter");
    const body = Object.fromEntries(new FormData(form));
    api(`${ERP}/stockValue/totals`, { method: "POST", body })
      .then(({ data }) => setTotals(data))
      .catch((e) => toast(e.message, "error"));
  };
  useEffect(load, []);
  return (
    <section aria-label="库存货值" className="space-y-3">
      <form
        id="worth-filter"
        className="flex flex-wrap items-center gap-2 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          load();
        }}
      >
        <label className="flex items-center gap-1">
          日期
          <input name="date" type="date" aria-label="日期" max={today()} defaultValue={today()} className={input} />
        </label>
        <WarehouseSelect warehouses={warehouses} />
        <input name="search" aria-label="SKU或名称" placeholder="SKU / 产品名称" className={`w-48 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      {totals && (
        <div className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
          <p className="text-sm">
            <span className="text-slate-600 dark:text-slate-300">{totals.date} 日终库存货值</span>
            <strong className="ml-2 text-xl tabular-nums" data-total>
              {money(totals.total.value, "CNY")}
            </strong>
            <span className="ml-3 text-slate-600 dark:text-slate-300">共 {totals.total.quantity} 件</span>
            {totals.total.uncosted > 0 && (
              <span className="ml-3 text-amber-700 dark:text-amber-400">
                {totals.total.uncosted} 个SKU未填采购成本，不计入货值：
                <button type="button" className="underline" onClick={() => openTab("本地产品", "/erp/material/localproduct")}>
                  到本地产品填写
                </button>
              </span>
            )}
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <Totals rows={totals.warehouses} caption="按仓库" nameLabel="仓库" />
            <Totals rows={totals.groups} caption="按店铺" nameLabel="店铺" />
          </div>
        </div>
      )}
      <DataTable
        queryname="stockValueList"
        source={`${ERP}/stockValue/page`}
        exportUrl={`${ERP}/stockValue/export`}
        filterForm="worth-filter"
        permissions={permissions}
        renders={{ image: (r) => <Thumb src={r.image} alt={r.sku} />, unitCost: (r) => (r.unitCost === "" ? <span className="text-amber-700 dark:text-amber-400">未填成本</span> : money(r.unitCost, "CNY")) }}
        empty="这一天没有库存。入库单审核、采购收货或同步FBA库存后，这里按采购成本计算货值。"
      />
    </section>
  );
}
