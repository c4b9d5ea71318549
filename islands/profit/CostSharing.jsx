// 费用分摊 (财务 → 结算): the costs that belong to no order (rent, salaries, tools), typed in 新建费用分摊 (/f/c/c) or
// imported from .xlsx, each shared out over the seller SKUs of its month by sales, units, volume or by hand. The
// shares are 利润报告's 分摊费用 column and 月度报告's line of the same name; a cost's shares sum to it to the fen.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import ImportDialog from "../lib/ImportDialog.jsx";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import { useStoreGroups } from "../lib/StoreSelects.jsx";
import { openTab } from "../lib/tabs.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { AMZ, button, input } from "./shared.jsx";

export const COST_EDIT = "amz:payment:costsharing:edit";
const plain = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700";
const BASES = [
  ["sales", "按销售额"],
  ["units", "按销量"],
  ["volume", "按体积"],
  ["manual", "手动分摊"],
];

// ShareDialog shares a cost out: the basis, and by hand each SKU's amount; it lists the SKU lines of the cost's
// month with their sales, units and share.
function ShareDialog({ cost, onDone, onClose }) {
  const dialog = useRef(null);
  const [answer, setAnswer] = useState(null);
  const [basis, setBasis] = useState(cost.basis || "sales");
  const [amounts, setAmounts] = useState({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => {
    dialog.current.showModal();
    api(`${AMZ}/costs/shares`, { method: "POST", body: { id: cost.id } })
      .then(({ data }) => setAnswer(data))
      .catch((e) => setError(e.message));
  }, [cost.id]);
  const share = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    const shares =
      basis === "manual"
        ? answer.lines
            .filter((l) => (amounts[l.id] ?? "") !== "")
            .map((l) => ({ groupId: l.groupId, marketplaceId: l.marketplaceId, sku: l.sku, currency: l.currency, amount: amounts[l.id] }))
        : [];
    try {
      const { data } = await api(`${AMZ}/costs/share`, { method: "POST", body: { id: cost.id, basis, shares } });
      setAnswer(data);
      toast(`已分摊到 ${data.cost.shares} 个SKU`);
      onDone();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  const lines = answer?.lines || [];
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="share-title" className="m-auto w-[760px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={share} className="flex max-h-[85vh] flex-col">
        <h2 id="share-title" className="border-b border-slate-200 px-5 py-3 font-semibold dark:border-slate-700">
          分摊费用：{cost.category} {money(cost.amountCny, "CNY")}（{cost.month}，{cost.groupName}）
        </h2>
        <div className="flex flex-wrap items-center gap-3 px-5 py-3 text-sm">
          {BASES.map(([v, l]) => (
            <label key={v} className="flex items-center gap-1">
              <input type="radio" name="basis" value={v} checked={basis === v} onChange={() => setBasis(v)} />
              {l}
            </label>
          ))}
          <span className="text-xs text-slate-500">按比例分摊时每个SKU取整到分，尾差计入最大的一份，合计等于费用金额。</span>
        </div>
        <div className="min-h-0 flex-1 overflow-auto px-5">
          {!answer && !error && <p className="py-6 text-center text-sm text-slate-500">加载中...</p>}
          {answer && lines.length === 0 && (
            <p className="py-6 text-center text-sm text-slate-500">该月利润报告中没有SKU：先同步该月的结算或订单，再分摊。</p>
          )}
          {lines.length > 0 && (
            <table className="w-full text-sm" aria-label="分摊明细">
              <thead className="bg-slate-50 text-left dark:bg-slate-900">
                <tr>
                  <th className="px-2 py-1.5 font-medium">店铺</th>
                  <th className="px-2 py-1.5 font-medium">站点</th>
                  <th className="px-2 py-1.5 font-medium">SKU</th>
                  <th className="px-2 py-1.5 text-right font-medium">销售额(CNY)</th>
                  <th className="px-2 py-1.5 text-right font-medium">销量</th>
                  <th className="px-2 py-1.5 text-right font-medium">分摊金额</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.id} className="border-t border-slate-100 dark:border-slate-700" data-share-sku={l.sku}>
                    <td className="px-2 py-1">{l.groupName}</td>
                    <td className="px-2 py-1">{l.marketplaceName}</td>
                    <td className="px-2 py-1">{l.sku}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{money(l.salesCny, "CNY")}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{l.units}</td>
                    <td className="px-2 py-1 text-right tabular-nums">
                      {basis === "manual" ? (
                        <input
                          aria-label={`${l.sku} 分摊金额`}
                          inputMode="decimal"
                          className={`w-24 text-right ${input}`}
                          value={amounts[l.id] ?? ""}
                          onChange={(e) => setAmounts({ ...amounts, [l.id]: e.target.value })}
                        />
                      ) : (
                        <span data-share>{money(l.share, "CNY")}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {error && (
          <p role="alert" className="px-5 pt-2 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-700">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            关闭
          </button>
          <button type="submit" className={button} disabled={busy || !answer || lines.length === 0}>
            {busy ? "分摊中..." : "分摊"}
          </button>
        </div>
      </form>
    </dialog>
  );
}

export default function CostSharing({ permissions }) {
  const groups = useStoreGroups();
  const [version, setVersion] = useState(0);
  const [importing, setImporting] = useState(false);
  const [sharing, setSharing] = useState(null);
  const edit = can(permissions, COST_EDIT);
  const reload = () => setVersion((v) => v + 1);
  const remove = async (row, done) => {
    if (!(await ask({ title: `删除费用 ${row.category} ${row.date}`, message: "删除后该费用的分摊从利润报告中移除。", action: "删除", danger: true }))) return;
    try {
      await api(`${AMZ}/costs/delete`, { method: "POST", body: { id: row.id } });
      toast("已删除");
      done();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  return (
    <section aria-label="费用分摊">
      <form id="cost-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <input name="month" type="month" aria-label="月份" className={input} />
        <select name="groupId" aria-label="店铺" className={input} defaultValue="">
          <option value="">全部</option>
          <option value="company">全公司</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <input name="category" aria-label="类别" placeholder="类别" className={`w-32 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="sharedCostList"
        source={`${AMZ}/costs/page`}
        exportUrl={`${AMZ}/costs/export`}
        filterForm="cost-filter"
        permissions={permissions}
        version={version}
        noun="笔费用"
        rowName={(row) => `${row.category} ${row.date}`}
        formats={{ basisName: { "": "未分摊" } }}
        empty="还没有费用：点“新建费用”录入，或“导入”一个月的费用表，再逐笔分摊到SKU。"
        toolbar={
          edit && (
            <>
              <button type="button" className={button} onClick={() => openTab("新建费用分摊", "/f/c/c")}>
                新建费用
              </button>
              <button type="button" className={plain} onClick={() => setImporting(true)}>
                导入
              </button>
            </>
          )
        }
        actions={
          edit
            ? [
                { label: "分摊", run: (row) => setSharing(row) },
                { label: "删除", danger: true, run: remove },
              ]
            : []
        }
      />
      {importing && (
        <ImportDialog
          title="导入费用"
          hint="第一行为表头：日期、类别、金额、币种、店铺、备注。店铺填店铺名称，留空或填“全公司”为全公司费用。任一行有误时整个文件不导入。"
          templateURL={`${AMZ}/costs/importTemplate`}
          importURL={`${AMZ}/costs/import`}
          onImported={(data) => {
            toast(`已导入 ${data.count} 笔费用`);
            reload();
          }}
          onClose={() => setImporting(false)}
        />
      )}
      {sharing && <ShareDialog cost={sharing} onDone={reload} onClose={() => setSharing(null)} />}
    </section>
  );
}

// CostNew is 新建费用分摊 (/f/c/c): one cost typed, then back to the list.
export function CostNew() {
  const groups = useStoreGroups();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const today = new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      await api(`${AMZ}/costs`, { method: "POST", body: Object.fromEntries(new FormData(e.target)) });
      toast("已保存");
      openTab("费用分摊", "/amazon/payment/costsharing", {}, true);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  const row = "grid grid-cols-[6rem_1fr] items-center gap-2";
  return (
    <form onSubmit={submit} aria-label="新建费用分摊" className="grid max-w-lg gap-3 text-sm">
      <label className={row}>
        日期 <input name="date" type="date" required defaultValue={today} className={input} />
      </label>
      <label className={row}>
        类别 <input name="category" required maxLength={50} placeholder="房租、工资、软件、样品…" className={input} />
      </label>
      <label className={row}>
        金额 <input name="amount" required inputMode="decimal" className={input} />
      </label>
      <label className={row}>
        币种
        <select name="currency" defaultValue="CNY" className={input}>
          {["CNY", "USD", "EUR", "GBP", "JPY", "CAD", "HKD"].map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label className={row}>
        店铺
        <select name="groupId" defaultValue="" className={input}>
          <option value="">全公司</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <label className={row}>
        备注 <input name="note" className={input} />
      </label>
      {error && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div>
        <button type="submit" disabled={busy} className={button}>
          {busy ? "保存中..." : "保存"}
        </button>
      </div>
    </form>
  );
}
