// 存货价值: each month's end valued for the books (自有仓, 海外仓, FBA仓 on hand, 在途 apart, in CNY), the latest first;
// a month opens to its lines by warehouse and product (exportable). A month that has ended can be closed (结转,
// with its button permission): it then reads as it was closed, whatever changes later.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { ERP, button, input } from "./shared.js";

const CLOSE = "erp:finance:inventoryvalue:close";
const head = "whitespace-nowrap px-3 py-2 font-medium";
const num = "whitespace-nowrap px-3 py-1.5 text-right tabular-nums";
const yuan = (v) => `¥${Number(v).toLocaleString("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const thisMonth = () => new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 7);

export default function InventoryValue({ permissions }) {
  const [range, setRange] = useState({ from: "", to: thisMonth() });
  const [months, setMonths] = useState(null);
  const [opened, setOpened] = useState("");
  const [busy, setBusy] = useState(false);
  const closer = can(permissions, CLOSE);

  const load = (r = range) => {
    setBusy(true);
    api(`${ERP}/inventoryValue/months`, { method: "POST", body: r })
      .then(({ data }) => {
        setMonths(data);
        setOpened((o) => o || (data[0] && data[0].month) || "");
      })
      .catch((e) => toast(e.message, "error"))
      .finally(() => setBusy(false));
  };
  useEffect(() => load(), []);

  const close = async (m) => {
    const question = {
      title: `结转 ${m.month} 存货价值`,
      message: `结转后该月按现在的 ${m.lines} 行明细保存（合计 ${yuan(m.total)}），之后不再随库存或成本的修改而变化，也不能撤销。`,
      action: "结转",
    };
    if (!(await ask(question))) return;
    try {
      const { data } = await api(`${ERP}/inventoryValue/close`, { method: "POST", body: { month: m.month } });
      setMonths((list) => list.map((x) => (x.month === data.month ? data : x)));
      toast(`${m.month} 已结转`);
    } catch (e) {
      toast(e.message, "error");
    }
  };

  return (
    <section aria-label="存货价值" className="space-y-4 text-sm">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          load(range);
        }}
      >
        <label className="flex items-center gap-1">
          从
          <input type="month" aria-label="开始月份" className={input} value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />
        </label>
        <label className="flex items-center gap-1">
          到
          <input type="month" aria-label="结束月份" className={input} value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />
        </label>
        <button type="submit" className={button} disabled={busy}>
          {busy ? "计算中..." : "查询"}
        </button>
        <span className="text-slate-500 dark:text-slate-400">不填开始月份时显示最近12个月</span>
      </form>
      {months && (
        <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="min-w-full text-left" aria-label="各月存货价值">
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                <th className={head}>月份</th>
                <th className={head}>月末</th>
                <th className={`${head} text-right`}>自有仓</th>
                <th className={`${head} text-right`}>海外仓</th>
                <th className={`${head} text-right`}>FBA仓</th>
                <th className={`${head} text-right`}>在途</th>
                <th className={`${head} text-right`}>合计</th>
                <th className={`${head} text-right`}>未计价行</th>
                <th className={head}>状态</th>
                <th className={head}>操作</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {months.map((m) => (
                <tr key={m.month} data-month={m.month} className={opened === m.month ? "bg-sky-50 dark:bg-slate-700" : ""}>
                  <td className="whitespace-nowrap px-3 py-1.5 font-medium">{m.month}</td>
                  <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">{m.end}</td>
                  <td className={num}>{yuan(m.own)}</td>
                  <td className={num}>{yuan(m.overseas)}</td>
                  <td className={num}>{yuan(m.fba)}</td>
                  <td className={num}>{yuan(m.inbound)}</td>
                  <td className={`${num} font-semibold`} data-total>
                    {yuan(m.total)}
                  </td>
                  <td className={num}>{m.uncosted}</td>
                  <td className="whitespace-nowrap px-3 py-1.5">
                    {m.kept ? (
                      <span title={`结转于 ${m.keptAt}`} className="rounded bg-emerald-50 px-1.5 py-0.5 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
                        已结转
                      </span>
                    ) : m.month === thisMonth() ? (
                      "截至今日"
                    ) : (
                      "未结转"
                    )}
                  </td>
                  <td className="whitespace-nowrap px-3 py-1.5">
                    <button type="button" className="mr-3 text-sky-700 hover:underline dark:text-sky-300" onClick={() => setOpened(m.month)}>
                      明细
                    </button>
                    {closer && !m.kept && m.month !== thisMonth() && (
                      <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => close(m)}>
                        结转
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {months && months.every((m) => m.lines === 0) && (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-slate-600 dark:border-slate-600 dark:text-slate-300">
          所选月份没有库存：请先在入库单中入库，或在数据同步中同步FBA库存，并在本地产品中填写采购成本。
        </p>
      )}
      {opened && (
        <div>
          <h2 className="mb-2 font-semibold">
            {opened} 月末明细 <span className="font-normal text-slate-500 dark:text-slate-400">（按仓库和SKU）</span>
          </h2>
          <DataTable
            key={opened}
            filters={{ month: opened }}
            queryname="inventoryValueLines"
            source={`${ERP}/inventoryValue/lines/page`}
            exportUrl={`${ERP}/inventoryValue/lines/export`}
            permissions={permissions}
            noun="行"
            rowName={(row) => row.sku}
            empty="该月末没有库存。"
          />
        </div>
      )}
    </section>
  );
}
