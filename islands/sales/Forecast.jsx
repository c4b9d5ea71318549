// 销售预测: per seller SKU of a store and marketplace, this month and the months after it forecast from two years
// of monthly sales (days out of FBA stock left out), with the seller's own plan beside each month. 编辑计划 opens a
// line's months and its last year; a plan saved there is what 亚马逊补货计划 reads as this month's daily sales.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { PlaceSelects } from "../lib/StoreSelects.jsx";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";

const AMZ = "/amazon/api/v1";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const plain = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const th = "whitespace-nowrap px-2 py-1 font-medium";
const td = "whitespace-nowrap px-2 py-1 tabular-nums";
const PLAN = "amazon:sales:forecast:plan";

const planCell = (v) => (v === null || v === undefined ? <span className="text-slate-400">—</span> : <span className="font-semibold text-emerald-700 dark:text-emerald-400">{v}</span>);

export default function Forecast({ permissions }) {
  const [opened, setOpened] = useState(null);
  const [version, setVersion] = useState(0);
  const renders = {};
  for (let i = 1; i <= 6; i++) {
    renders[`m${i}`] = (row) => (row[`m${i}`] === null || row[`m${i}`] === undefined ? "" : row[`m${i}`]);
    renders[`p${i}`] = (row) => (row.months?.[i - 1] ? planCell(row[`p${i}`]) : "");
  }
  return (
    <section aria-label="销售预测">
      <form id="forecast-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <PlaceSelects />
        <input name="search" type="search" aria-label="SKU" placeholder="SKU" className={`w-40 ${input}`} />
        <label className="flex items-center gap-1">
          预测
          <select name="months" aria-label="预测月数" className={input} defaultValue="3">
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <option key={n} value={n}>
                {n}个月
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
        按近24个月的月销量预测，从本月起；日均只算有FBA可售库存的天数（断货天数不计）。有13个月以上历史时按季节和趋势预测。计划销量填写后，亚马逊补货计划按本月计划计算日均。
      </p>
      <DataTable
        queryname="salesForecastList"
        source={`${AMZ}/sales/forecast`}
        exportUrl={`${AMZ}/sales/forecast/export`}
        filterForm="forecast-filter"
        permissions={permissions}
        version={version}
        renders={renders}
        actions={[{ label: can(permissions, PLAN) ? "编辑计划" : "查看", run: (row) => setOpened(row) }]}
        empty="还没有可预测的销量：在“数据同步”中同步订单后，这里按SKU和站点列出未来几个月的预测。"
      />
      {opened && (
        <PlanDialog
          line={opened}
          editable={can(permissions, PLAN)}
          onClose={() => setOpened(null)}
          onSaved={() => {
            setOpened(null);
            setVersion((n) => n + 1);
          }}
        />
      )}
    </section>
  );
}

// PlanDialog shows a line's last twelve months and its coming months with the plan, editable.
function PlanDialog({ line, editable, onClose, onSaved }) {
  const dialog = useRef(null);
  const [plans, setPlans] = useState(() => Object.fromEntries(line.months.map((m) => [m.month, m.plan === null || m.plan === undefined ? "" : String(m.plan)])));
  const [busy, setBusy] = useState(false);
  useEffect(() => dialog.current.showModal(), []);
  const save = async (e) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api(`${AMZ}/sales/forecast/plan`, { method: "PUT", body: { id: line.id, plans } });
      toast("计划已保存");
      onSaved();
    } catch (err) {
      toast(err.message, "error");
    } finally {
      setBusy(false);
    }
  };
  const history = line.history.slice(-12);
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="plan-title" className="m-auto w-[760px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form className="p-6" onSubmit={save}>
        <h2 id="plan-title" className="mb-1 text-lg font-semibold">
          {line.sku} 的销售计划
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          {line.groupName} · {line.country} · {line.asin} · 预测方法 {line.method}；留空为不设计划
        </p>
        <table className="mb-4 w-full text-left text-sm" aria-label="预测与计划">
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th className={th}>月份</th>
              <th className={`${th} text-right`}>预测销量</th>
              <th className={th}>计划销量</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {line.months.map((m) => (
              <tr key={m.month}>
                <td className={td}>{m.month}</td>
                <td className={`${td} text-right`}>{m.forecast}</td>
                <td className={td}>
                  <input
                    aria-label={`${m.month} 计划销量`}
                    inputMode="numeric"
                    disabled={!editable}
                    className={`w-28 ${input}`}
                    value={plans[m.month]}
                    onChange={(e) => setPlans((p) => ({ ...p, [m.month]: e.target.value }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 className="mb-1 text-sm font-semibold">近12个月</h3>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs" aria-label="历史销量">
            <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className={th}>月份</th>
                {history.map((h) => (
                  <th key={h.month} className={`${th} text-right`}>
                    {h.month.slice(2)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <td className={td}>销量</td>
                {history.map((h) => (
                  <td key={h.month} className={`${td} text-right`}>
                    {h.units}
                  </td>
                ))}
              </tr>
              <tr>
                <td className={td}>断货天数</td>
                {history.map((h) => (
                  <td key={h.month} className={`${td} text-right ${h.outDays ? "text-amber-700 dark:text-amber-400" : ""}`}>
                    {h.outDays}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={plain} onClick={onClose}>
            {editable ? "取消" : "关闭"}
          </button>
          {editable && (
            <button type="submit" className={button} disabled={busy}>
              保存计划
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
