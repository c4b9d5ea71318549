// 1688账号绑定 (/erp/purchase/binding): the bound 1688 buyer accounts with their imports followed live, 绑定1688账号
// (the receiving warehouse, then 1688's consent page in a new window), 导入订单 and 解绑; below, the imported
// orders (table island, export) with their purchase orders, and 配对 for the lines no local product stands for.
import { useCallback, useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { openTab } from "../lib/tabs.js";
import { toast } from "../lib/toast.js";
import ProductPicker from "../stock/ProductPicker.jsx";
import { button, dangerButton, input, plainButton, useWarehouses, WarehouseSelect } from "../stock/shared.jsx";
import DataTable from "../table/DataTable.jsx";
import { PAGE } from "./shared.jsx";

export const ALIBABA = "/erp/api/v1/alibaba";
const BIND = "erp:alibaba:bind";
const IMPORT = "erp:alibaba:import";
const working = (a) => a.importState === "queued" || a.importState === "running";

function Progress({ a }) {
  if (working(a)) {
    return (
      <span role="status" className="text-sky-700 dark:text-sky-300">
        {a.importStateName} {a.importTotal ? `${a.importDone}/${a.importTotal}` : ""}
      </span>
    );
  }
  if (a.importState === "failed") return <span className="text-red-700 dark:text-red-400">导入失败：{a.importError}</span>;
  if (a.importState === "done") return <span>已完成（{a.importDone} 个订单，{a.importedAt}）</span>;
  return <span className="text-slate-500">未导入</span>;
}

function Accounts({ permissions, accounts, reload }) {
  const warehouses = useWarehouses();
  const [warehouseId, setWarehouseId] = useState("");
  const [error, setError] = useState("");
  const receiving = (warehouses || []).filter((w) => w.kind !== "fba");

  const bind = async () => {
    setError("");
    try {
      const { data } = await api(`${ALIBABA}/bind`, { method: "POST", body: { warehouseId } });
      window.open(data.url, "_blank", "noopener");
    } catch (e) {
      setError(e.message);
    }
  };
  const importNow = async (a) => {
    try {
      await api(`${ALIBABA}/account/${a.id}/import`, { method: "POST" });
      toast("已开始导入");
      reload();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const unbind = async (a) => {
    if (!(await ask({ title: `确定解绑1688账号“${a.loginId}”吗？`, action: "解绑", danger: true }))) return;
    try {
      await api(`${ALIBABA}/account/${a.id}/unbind`, { method: "POST" });
      toast("已解绑");
      reload();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  return (
    <section aria-label="1688账号" className="space-y-2">
      <h2 className="text-base font-semibold">1688账号</h2>
      {can(permissions, BIND) && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <WarehouseSelect warehouses={receiving} value={warehouseId} onChange={(e) => setWarehouseId(e.target.value)} label="收货仓库" empty="选择收货仓库" />
          <button type="button" className={button} onClick={bind}>
            绑定1688账号
          </button>
          <button type="button" className={plainButton} onClick={reload}>
            刷新
          </button>
          {error && (
            <span role="alert" className="text-red-700 dark:text-red-400">
              {error}
            </span>
          )}
        </div>
      )}
      {accounts === null ? (
        <p className="text-sm text-slate-500">加载中…</p>
      ) : accounts.length === 0 ? (
        <p className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          尚未绑定1688账号：选择收货仓库，点击“绑定1688账号”，在1688页面同意授权后回到这里点“刷新”。
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full whitespace-nowrap text-sm">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th className="px-2 py-1">买家账号</th>
                <th className="px-2 py-1">收货仓库</th>
                <th className="px-2 py-1">授权</th>
                <th className="px-2 py-1">导入</th>
                <th className="px-2 py-1">订单数</th>
                <th className="px-2 py-1">操作</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a) => (
                <tr key={a.id} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="px-2 py-1">
                    {a.loginId}
                    <div className="text-xs text-slate-500">{a.memberId}</div>
                  </td>
                  <td className="px-2 py-1">{a.warehouseName}</td>
                  <td className={`px-2 py-1 ${a.status ? "text-red-700 dark:text-red-400" : ""}`}>{a.statusName}</td>
                  <td className="px-2 py-1">
                    <Progress a={a} />
                  </td>
                  <td className="px-2 py-1">{a.orders}</td>
                  <td className="space-x-2 whitespace-nowrap px-2 py-1">
                    {can(permissions, IMPORT) && (
                      <button type="button" className={plainButton} disabled={working(a) || a.status === 1} onClick={() => importNow(a)}>
                        导入订单
                      </button>
                    )}
                    {can(permissions, BIND) && (
                      <button type="button" className={dangerButton} onClick={() => unbind(a)}>
                        解绑
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">每小时自动导入一次有变化的订单（新下单、付款、发货），也可随时点“导入订单”读取最近90天的订单。</p>
        </div>
      )}
    </section>
  );
}

// MapDialog names the local product of each waiting line's 1688 offer and spec.
function MapDialog({ order, warehouseId, onClose }) {
  const waiting = order.lines.filter((l) => !l.productId);
  const [error, setError] = useState("");
  const [done, setDone] = useState({});
  const map = async (line, p) => {
    setError("");
    try {
      const { data } = await api(`${ALIBABA}/orders/map`, { method: "POST", body: { lineId: line.id, productId: p.productId || p.id } });
      setDone((d) => ({ ...d, [line.id]: p.sku }));
      toast(data.made ? `已配对，生成采购单 ${data.made} 个` : "已配对");
    } catch (e) {
      setError(e.message);
    }
  };
  return (
    <div role="dialog" aria-label="配对本地产品" className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/40 p-4">
      <div className="w-full max-w-2xl space-y-3 rounded-lg bg-white p-4 shadow-xl dark:bg-slate-800">
        <h3 className="text-base font-semibold">配对本地产品 · 1688订单 {order.aliOrderId}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">为每行1688商品选择本地产品；同一商品规格以后的订单自动配对，全部配对后生成采购单。</p>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        {waiting.map((l) => (
          <div key={l.id} className="space-y-1 rounded border border-slate-200 p-2 dark:border-slate-700">
            <div className="text-sm font-medium">
              {l.name} <span className="text-xs text-slate-500">（商品 {l.offerId}{l.specId ? ` · 规格 ${l.specId.slice(0, 8)}` : ""}，{l.quantity} 件 × ¥{l.price}）</span>
            </div>
            {done[l.id] ? <p className="text-sm text-emerald-700">已配对 {done[l.id]}</p> : <ProductPicker warehouseId={warehouseId} chosen={new Set()} onPick={(p) => map(l, p)} />}
          </div>
        ))}
        <div className="text-right">
          <button type="button" className={plainButton} onClick={onClose}>
            关闭
          </button>
        </div>
      </div>
    </div>
  );
}

export default function Alibaba({ permissions }) {
  const [accounts, setAccounts] = useState(null);
  const [version, setVersion] = useState(0);
  const [mapping, setMapping] = useState(null);
  const load = useCallback(
    () =>
      api(`${ALIBABA}/accounts`)
        .then(({ data }) => setAccounts(data))
        .catch((e) => toast(e.message, "error")),
    [],
  );
  useEffect(() => {
    load();
    // The consent ends in another window: coming back to this one shows the new account.
    window.addEventListener("focus", load);
    return () => window.removeEventListener("focus", load);
  }, [load]);
  // An import in progress is followed every 1.5 s until it ends.
  const busy = accounts && accounts.some(working);
  useEffect(() => {
    if (!busy) return undefined;
    const timer = setInterval(load, 1500);
    return () => clearInterval(timer);
  }, [busy, load]);
  // The orders reload when an import ends (an account's last import changes while none runs).
  const ended = accounts && !busy ? accounts.map((a) => `${a.id}:${a.importState}:${a.importedAt}`).join() : null;
  useEffect(() => {
    if (ended !== null) setVersion((v) => v + 1);
  }, [ended]);
  const warehouseOf = (o) => (accounts || []).find((a) => a.id === o.accountId)?.warehouseId;

  return (
    <div className="space-y-6">
      <Accounts permissions={permissions} accounts={accounts} reload={load} />
      <section aria-label="1688订单" className="space-y-2">
        <h2 className="text-base font-semibold">1688订单</h2>
        <form id="ali-filter" className="flex flex-wrap items-center gap-2 text-sm">
          <input name="search" aria-label="订单号或供应商" placeholder="1688订单号 / 供应商" className={`w-52 ${input}`} />
          <label className="flex items-center gap-1">
            <input type="checkbox" name="unmapped" value="true" /> 只看待配对
          </label>
          <input type="date" name="startDate" aria-label="开始日期" className={input} />
          <input type="date" name="endDate" aria-label="结束日期" className={input} />
          <button type="submit" className={button}>
            查询
          </button>
        </form>
        <DataTable
          queryname="alibabaOrders"
          source={`${ALIBABA}/orders/page`}
          exportUrl={`${ALIBABA}/orders/export`}
          filterForm="ali-filter"
          permissions={permissions}
          version={version}
          renders={{
            linesUnmapped: (row) => (row.linesUnmapped ? <span className="font-medium text-amber-700 dark:text-amber-400">{row.linesUnmapped} 行待配对</span> : "—"),
            purchaseNumber: (row) => row.purchaseNumber || <span className="text-slate-500">未生成</span>,
          }}
          actions={[
            { label: "配对", when: (row) => row.linesUnmapped > 0 && row.status !== "cancel" && row.status !== "terminated" && can(permissions, IMPORT), run: (row, done) => setMapping({ row, done }) },
            { label: "采购单", when: (row) => !!row.purchaseId, run: (row) => openTab(`采购单 ${row.purchaseNumber}`, PAGE, { id: row.purchaseId }) },
          ]}
          empty="暂无1688订单：绑定1688账号后点击“导入订单”。"
        />
      </section>
      {mapping && (
        <MapDialog
          order={mapping.row}
          warehouseId={warehouseOf(mapping.row)}
          onClose={() => {
            mapping.done();
            setMapping(null);
          }}
        />
      )}
    </div>
  );
}
