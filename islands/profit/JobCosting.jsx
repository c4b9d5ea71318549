// 成本核算 (财务 → 结算): each product's landed unit cost of a month, from its purchase cost (the weighted average
// purchasing keeps, the cost 存货价值 values the month's end at), 辅料, 包材 (its 包材用量's materials when it has
// packing), 加工费, 关税 and 头程. A product's parts are changed in 编辑成本核算 (/f/j/e?id=&month=); once entered (or
// with packing), 利润报告 takes the landed cost as its 商品成本.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import { openTab, retitle } from "../lib/tabs.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { AMZ, button, input } from "./shared.jsx";

const JOB_EDIT = "amz:payment:jobcosting:edit";
const thisMonth = () => new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 7);
const yuan = (v) => (v === "" || v === undefined ? <span className="text-slate-400">—</span> : money(v, "CNY"));

export default function JobCosting({ permissions }) {
  const [month, setMonth] = useState(thisMonth());
  const renders = {};
  for (const f of ["purchase", "materials", "packing", "processing", "duties", "unit", "firstLeg", "total"]) renders[f] = (row) => yuan(row[f]);
  renders.purchase = (row) => (row.noPurchase ? <span className="text-amber-700 dark:text-amber-400">缺采购成本</span> : yuan(row.purchase));
  renders.packing = (row) => (
    <span title={row.packingFrom === "包材用量" ? "按包材用量的物料加权平均成本" : undefined}>
      {yuan(row.packing)}
      {row.packingNoCost && <span className="ml-1 text-amber-700 dark:text-amber-400">缺包材成本</span>}
    </span>
  );
  renders.dutyRate = (row) => `${row.dutyRate}%`;
  renders.profitUses = (row) =>
    row.set ? <span title={row.from ? `自 ${row.from} 起的成本核算` : "按包材用量"}>到岸成本</span> : <span className="text-slate-500">采购成本</span>;
  return (
    <section aria-label="成本核算">
      <form id="job-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm" onChange={(e) => e.target.name === "month" && setMonth(e.target.value)}>
        <input name="month" type="month" aria-label="月份" defaultValue={month} className={input} required />
        <input name="search" aria-label="SKU或名称" placeholder="SKU或名称" className={`w-40 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="jobCostingList"
        source={`${AMZ}/jobcosting/page`}
        exportUrl={`${AMZ}/jobcosting/export`}
        filterForm="job-filter"
        permissions={permissions}
        renders={renders}
        noun="个产品"
        rowName={(row) => row.sku}
        empty="还没有本地产品：先在 产品 → 本地产品 中添加产品并填写采购成本。"
        actions={
          can(permissions, JOB_EDIT)
            ? [{ label: "编辑", run: (row) => openTab("编辑成本核算", "/f/j/e", { id: row.productId, month: row.month || month }) }]
            : []
        }
      />
    </section>
  );
}

const PARTS = [
  ["materials", "辅料（元/件）"],
  ["packing", "包材（元/件）"],
  ["processing", "加工费（元/件）"],
  ["firstLeg", "头程（元/件，留空用产品头程）"],
  ["dutyRate", "关税税率（%，按采购成本）"],
];

// JobEdit is 编辑成本核算: one product's parts from a month on, the landed cost worked out beside them.
export function JobEdit({ permissions }) {
  const params = new URLSearchParams(window.location.search);
  const id = params.get("id") || "";
  const [month, setMonth] = useState(/^\d{4}-\d{2}$/.test(params.get("month") || "") ? params.get("month") : thisMonth());
  const [line, setLine] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setLine(null);
    api(`${AMZ}/jobcosting/line`, { method: "POST", body: { productId: id, month } })
      .then(({ data }) => {
        setLine(data);
        if (data.sku) retitle(`编辑成本核算 ${data.sku}`);
      })
      .catch((e) => setError(e.message));
  }, [id, month]);
  const save = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      const body = { ...Object.fromEntries(new FormData(e.target)), productId: id, month };
      const { data } = await api(`${AMZ}/jobcosting/save`, { method: "POST", body });
      setLine(data);
      toast("已保存，利润报告按到岸成本计算商品成本");
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  if (!id) return <p className="text-sm text-slate-500">请从成本核算列表选择产品。</p>;
  if (!line) return <p className="text-sm text-slate-500">{error || "加载中..."}</p>;
  const editable = can(permissions, JOB_EDIT);
  const value = (k) => (k === "firstLeg" ? (line.firstLegFrom === "成本核算" ? line.firstLeg : "") : k === "dutyRate" ? line.dutyRate : line[k]);
  return (
    <section aria-label="编辑成本核算" className="grid min-w-0 max-w-3xl gap-4 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-semibold">
          {line.sku} {line.name}
        </span>
        <label className="flex items-center gap-1">
          月份 <input type="month" aria-label="月份" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} className={input} />
        </label>
        {line.from && <span className="text-xs text-slate-500">自 {line.from} 起的成本核算</span>}
      </div>
      <form key={`${month}|${line.from}`} onSubmit={save} className="grid gap-2">
        <div className="grid grid-cols-[minmax(0,1fr)_7rem] items-center gap-2 sm:grid-cols-[16rem_10rem]">
          <span>采购成本（加权平均，月末）</span>
          <span className="tabular-nums" data-part="purchase">
            {line.noPurchase ? "未填写" : money(line.purchase, "CNY")}
          </span>
          {PARTS.map(([k, label]) =>
            k === "packing" && line.packingFrom === "包材用量" ? (
              <label key={k} className="contents">
                <span>包材（元/件，按包材用量）</span>
                <span className="tabular-nums" data-part="packing">
                  <input type="hidden" name="packing" value={line.packingEntered} />
                  {money(line.packing, "CNY")}
                  {line.packingNoCost && <span className="ml-1 text-amber-700 dark:text-amber-400">缺包材成本</span>}
                </span>
              </label>
            ) : (
              <label key={k} className="contents">
                <span>{label}</span>
                <input name={k} aria-label={label} inputMode="decimal" defaultValue={value(k)} disabled={!editable} className={`text-right ${input}`} />
              </label>
            ),
          )}
        </div>
        {error && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        {editable && (
          <div>
            <button type="submit" disabled={busy} className={button}>
              {busy ? "保存中..." : "保存"}
            </button>
          </div>
        )}
      </form>
      <table className="w-full max-w-md text-sm" aria-label="到岸成本">
        <tbody>
          {[
            ["采购成本", line.purchase],
            ["辅料", line.materials],
            [line.packingFrom === "包材用量" ? "包材（包材用量）" : "包材", line.packing],
            ["加工费", line.processing],
            [`关税（${line.dutyRate}%）`, line.duties],
            ["到岸成本（不含头程）", line.unit, "unit"],
            [`头程${line.firstLegFrom ? `（${line.firstLegFrom}）` : ""}`, line.firstLeg],
            ["到岸成本", line.total, "total"],
          ].map(([label, v, key]) => (
            <tr key={label} className={`border-t border-slate-100 dark:border-slate-700 ${key ? "font-semibold" : ""}`}>
              <td className="py-1">{label}</td>
              <td className="py-1 text-right tabular-nums" data-landed={key || undefined}>
                {yuan(v)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        利润报告的商品成本：{line.profitUses}
        {line.set ? "（不含头程；头程仍计入头程列）" : "（该产品尚未填写成本核算）"}。
        {line.packingFrom === "包材用量" && "包材按产品的包材用量与物料的加权平均成本计算（按箱用量除以单箱数量），不使用填写的包材。"}
        存货价值按采购成本（加权平均）计价，不含辅料、加工、头程与关税。
      </p>
    </section>
  );
}
