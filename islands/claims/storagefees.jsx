// 仓储费报告 (销售 → 亚马逊报告): what Amazon charged for storing the seller's units. The months' table sums, for the
// filters, each month's monthly storage fees and aged surcharges in each currency and in CNY at the month's rate;
// 月度仓储费 lists the monthly fee of each product at each fulfilment centre (volume, size tier, rate), 长期仓储费
// the aged inventory surcharges of each SKU at each monthly snapshot. Both lists export.
import { useCallback, useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { mount } from "../lib/mount.js";
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import { money } from "../lib/money.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";

const AMZ = "/amazon/api/v1";
const FORM = "storage-filter";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

function formValues() {
  const form = document.getElementById(FORM);
  const out = {};
  if (!form) return out;
  for (const [k, v] of new FormData(form)) if (k !== "_csrf" && v !== "") out[k] = v;
  return out;
}

function Filters() {
  return (
    <form id={FORM} className="mb-3 flex flex-wrap items-center gap-2 text-sm">
      <PlaceSelects />
      <input name="keyword" type="search" aria-label="SKU、FNSKU或ASIN" placeholder="SKU / FNSKU / ASIN" className={`w-48 ${input}`} />
      <label className="flex items-center gap-1">
        从
        <input name="from" type="month" aria-label="开始月份" className={input} />
      </label>
      <label className="flex items-center gap-1">
        到
        <input name="to" type="month" aria-label="结束月份" className={input} />
      </label>
      <button type="submit" className={button}>
        查询
      </button>
    </form>
  );
}

// Months is each month's charges for the filters: one row per month, its currencies' amounts on the row.
function Months() {
  const [months, setMonths] = useState(null);
  const load = useCallback(() => {
    api(`${AMZ}/storagefees/months`, { method: "POST", body: formValues() })
      .then(({ data }) => setMonths(data))
      .catch((e) => {
        setMonths([]);
        toast(e.message, "error");
      });
  }, []);
  useEffect(() => {
    load();
    const form = document.getElementById(FORM);
    const onSubmit = (e) => {
      e.preventDefault();
      load();
    };
    form?.addEventListener("submit", onSubmit);
    return () => form?.removeEventListener("submit", onSubmit);
  }, [load]);
  const each = (m, key) =>
    m.currencies
      .filter((c) => c[key] !== 0)
      .map((c) => money(c[key], c.currency))
      .join(" + ") || "—";
  return (
    <section aria-label="月度汇总" className="mb-4 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full text-left text-sm" aria-label="每月仓储费合计">
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <th className="whitespace-nowrap px-3 py-2 font-medium">月份</th>
            <th className="whitespace-nowrap px-3 py-2 font-medium">月度仓储费</th>
            <th className="whitespace-nowrap px-3 py-2 font-medium">长期仓储费</th>
            <th className="whitespace-nowrap px-3 py-2 text-right font-medium">月度仓储费(CNY)</th>
            <th className="whitespace-nowrap px-3 py-2 text-right font-medium">长期仓储费(CNY)</th>
            <th className="whitespace-nowrap px-3 py-2 text-right font-medium">合计(CNY)</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {(months || []).map((m) => (
            <tr key={m.month}>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{m.month}</td>
              <td className="px-3 py-2 tabular-nums">{each(m, "storage")}</td>
              <td className="px-3 py-2 tabular-nums">{each(m, "aged")}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(m.storageCny, "CNY")}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(m.agedCny, "CNY")}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right font-semibold tabular-nums">{money(m.totalCny, "CNY")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {months === null && <p className="px-3 py-4 text-center text-sm text-slate-500">加载中...</p>}
      {months?.length === 0 && (
        <p className="px-3 py-4 text-center text-sm text-slate-500 dark:text-slate-400">
          没有仓储费记录：在“数据同步”中同步月度仓储费和长期仓储费报告，或上传从卖家平台下载的报告。
        </p>
      )}
    </section>
  );
}

function StorageFeeScreen({ permissions }) {
  const [view, setView] = useState("monthly");
  const tab = (id, label) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === id}
      onClick={() => setView(id)}
      className={`border-b-2 px-3 py-1.5 text-sm ${view === id ? "border-sky-700 font-semibold text-sky-800 dark:border-sky-400 dark:text-sky-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300"}`}
    >
      {label}
    </button>
  );
  return (
    <div>
      <Filters />
      <Months />
      <div role="tablist" className="mb-3 flex gap-2 border-b border-slate-200 dark:border-slate-700">
        {tab("monthly", "月度仓储费")}
        {tab("aged", "长期仓储费")}
      </div>
      {view === "monthly" ? (
        <section aria-label="月度仓储费">
          <DataTable
            queryname="storageFeeList"
            source={`${AMZ}/storagefees/page`}
            exportUrl={`${AMZ}/storagefees/export`}
            filterForm={FORM}
            permissions={permissions}
            renders={{ sku: (row) => row.sku || "—" }}
            empty="没有月度仓储费：亚马逊在次月上旬出上月的仓储费，同步后显示在这里。"
          />
        </section>
      ) : (
        <section aria-label="长期仓储费">
          <DataTable
            queryname="agedSurchargeList"
            source={`${AMZ}/agedsurcharges/page`}
            exportUrl={`${AMZ}/agedsurcharges/export`}
            filterForm={FORM}
            permissions={permissions}
            empty="没有长期仓储费：库龄超过180天的库存才会收取，可在库存规划中查看库龄。"
          />
        </section>
      )}
    </div>
  );
}

mount("storagefees", StorageFeeScreen);
