// 调拨单详情: the transfer's two warehouses, lines and state, with the steps its state and the user's permissions
// allow: 编辑 and 提交 (a draft), 发货 (审核: the units leave the source's stock into its 待出库 and travel as the
// target's 待入库), 收货 (at the target: each line's quantity received, the reason of any difference), 作废 (a
// shipped transfer's units go back). Each asks first, naming what moves. Where the target has bins, each line is put
// away at receipt into its 上架库位 (the product's usual bin proposed; 待上架 when none).
// A 海外仓入库单 (kind overseasIn) is shown and worked the same way: 发货仓库 and 海外仓, its 物流渠道, 承运商, 跟踪单号,
// 箱数 and 预计到货, 运输中 until the overseas warehouse receives it.
import { useCallback, useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DocumentNew from "./DocumentNew.jsx";
import { StatusBadge } from "./Documents.jsx";
import { ERP, KINDS, Thumb, button, dangerButton, input, openTab, plainButton, useBins } from "./shared.jsx";

// WORDS are what each kind calls its warehouses, quantities and steps.
const WORDS = {
  transfer: { from: "调出仓库", to: "调入仓库", quantity: "调拨数量", moving: "在途的" },
  overseasIn: { from: "发货仓库", to: "海外仓", quantity: "发货数量", moving: "运输中的" },
};

function Field({ label, children }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm">{children || "—"}</dd>
    </div>
  );
}

export default function TransferDetail({ kind = "transfer", id, permissions }) {
  const k = KINDS[kind];
  const w = WORDS[kind];
  const headLeg = kind === "overseasIn";
  const [doc, setDoc] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  // received holds the receipt being typed, by product (null when not receiving).
  const [received, setReceived] = useState(null);
  const [reason, setReason] = useState("");
  // putAway holds each line's bin at the target while receiving, by product ("" leaves it 待上架).
  const [putAway, setPutAway] = useState({});
  const bins = useBins(received !== null && doc ? doc.toWarehouseId : "");

  const load = useCallback(() => {
    if (!id) return setError(`${k.noun}不存在`);
    return api(`${ERP}/${k.path}/${encodeURIComponent(id)}`)
      .then(({ data }) => setDoc(data))
      .catch((e) => setError(e.message));
  }, [id, k]);
  useEffect(() => {
    load();
  }, [load]);

  const send = async (name, question, body) => {
    if (!(await ask(question))) return false;
    setBusy(true);
    setError("");
    try {
      await api(`${ERP}/${k.path}/${doc.id}/${name}`, { method: "POST", body });
      toast("操作成功!");
      await load();
      return true;
    } catch (e) {
      setError(e.message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const step = (name, question) => () => send(name, question);

  if (!doc)
    return error ? (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    ) : (
      <p className="text-sm text-slate-500">加载中...</p>
    );
  if (editing)
    return (
      <DocumentNew
        kind={kind}
        doc={doc}
        onCancel={() => setEditing(false)}
        onSaved={async () => {
          await load();
          setEditing(false);
        }}
      />
    );

  const what = `${doc.lineCount} 个产品共 ${doc.totalQuantity} 件`;
  const submit = { title: `提交${k.noun} ${doc.number}`, message: "提交后等待审核发货，发货时才会移动库存。", action: "提交" };
  const ship = {
    title: `发货 ${doc.number}`,
    message: headLeg
      ? `发货后将从“${doc.warehouseName}”发出 ${what}（${doc.boxes} 箱，${doc.carrier} ${doc.channel}），运输中计入“${doc.toWarehouseName}”的待入库，海外仓收货后入库。`
      : `发货后将从“${doc.warehouseName}”调出 ${what}，在途至“${doc.toWarehouseName}”，收货后入库。`,
    action: "发货",
  };
  const cancel = {
    title: `作废${k.noun} ${doc.number}`,
    message: doc.status === 2 ? `作废后不可恢复，${w.moving} ${what}将退回“${doc.warehouseName}”的可用库存。` : "作废后不可恢复。",
    action: "作废",
    danger: true,
  };
  const receiving = received !== null;
  const startReceiving = async () => {
    setReceived(Object.fromEntries(doc.lines.map((l) => [l.productId, String(l.quantity)])));
    setReason("");
    setPutAway({});
    try {
      const { data } = await api(`${ERP}/bin/usual`, { method: "POST", body: { warehouseId: doc.toWarehouseId, productIds: doc.lines.map((l) => l.productId) } });
      setPutAway(Object.fromEntries((data || []).map((u) => [u.productId, u.binId])));
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const receive = async (e) => {
    e.preventDefault();
    const bad = doc.lines.find((l) => !/^\d+$/.test(received[l.productId]) || Number(received[l.productId]) > l.quantity);
    if (bad) return setError(`SKU ${bad.sku}：实收数量必须为0到发货数量之间的整数`);
    const got = doc.lines.reduce((n, l) => n + Number(received[l.productId]), 0);
    const short = doc.totalQuantity - got;
    if (short > 0 && !reason.trim()) return setError("实收数量与发货数量不同，请填写差异原因");
    const ok = await send(
      "receive",
      {
        title: `收货 ${doc.number}`,
        message: `收货后“${doc.toWarehouseName}”入库 ${got} 件` + (short > 0 ? `，少收的 ${short} 件按差异记入库存流水（${reason.trim()}）。` : "。"),
        action: "收货",
      },
      { lines: doc.lines.map((l) => ({ productId: l.productId, received: Number(received[l.productId]), binId: putAway[l.productId] || "" })), reason: reason.trim() },
    );
    if (ok) setReceived(null);
  };

  return (
    <section aria-label={`${k.noun} ${doc.number}`} className="max-w-5xl space-y-4">
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-base font-semibold">{doc.number}</span>
        <StatusBadge name={doc.statusName} />
        <span className="ml-auto flex flex-wrap gap-2">
          {doc.status === 0 && can(permissions, `${k.permission}:add`) && (
            <>
              <button type="button" className={plainButton} disabled={busy} onClick={() => setEditing(true)}>
                编辑
              </button>
              <button type="button" className={button} disabled={busy} onClick={step("submit", submit)}>
                提交
              </button>
            </>
          )}
          {doc.status === 1 && can(permissions, `${k.permission}:approve`) && (
            <button type="button" className={button} disabled={busy} onClick={step("approve", ship)}>
              发货
            </button>
          )}
          {doc.status === 2 && !receiving && can(permissions, `${k.permission}:receive`) && (
            <button type="button" className={button} disabled={busy} onClick={startReceiving}>
              收货
            </button>
          )}
          {doc.status !== 3 && doc.status !== 4 && can(permissions, `${k.permission}:cancel`) && (
            <button type="button" className={dangerButton} disabled={busy} onClick={step("cancel", cancel)}>
              作废
            </button>
          )}
          <button type="button" className={plainButton} onClick={() => openTab("库存流水", "/erp/warehouse/record")}>
            库存流水
          </button>
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-4 dark:bg-slate-800 dark:ring-slate-700">
        <Field label={w.from}>{doc.warehouseName}</Field>
        <Field label={w.to}>{doc.toWarehouseName}</Field>
        {headLeg && (
          <>
            <Field label="承运商">{doc.carrier}</Field>
            <Field label="物流渠道">{doc.channel}</Field>
            <Field label="跟踪单号">{doc.tracking}</Field>
            <Field label="箱数">{String(doc.boxes || "")}</Field>
            <Field label="预计到货">{doc.estimatedArrival}</Field>
          </>
        )}
        <Field label="产品数">{String(doc.lineCount)}</Field>
        <Field label="总数量">{String(doc.totalQuantity)}</Field>
        <Field label="创建人">{doc.creator}</Field>
        <Field label="创建时间">{doc.createdAt}</Field>
        <Field label="发货人">{doc.approver}</Field>
        <Field label="发货时间">{doc.approvedAt}</Field>
        <Field label="收货人">{doc.receiver}</Field>
        <Field label="收货时间">{doc.receivedAt}</Field>
        <Field label="差异原因">{doc.reason}</Field>
        <Field label="备注">{doc.remark}</Field>
      </dl>
      <form onSubmit={receive} aria-label="收货" className="space-y-3">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm" aria-label="单据产品">
            <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className="px-2 py-2 font-medium">#</th>
                <th className="px-2 py-2 font-medium">图片</th>
                <th className="px-2 py-2 font-medium">SKU</th>
                <th className="px-2 py-2 font-medium">产品名称</th>
                <th className="px-2 py-2 text-right font-medium">{w.quantity}</th>
                <th className="px-2 py-2 font-medium">实收数量</th>
                <th className="px-2 py-2 text-right font-medium">差异</th>
                {receiving && bins.length > 0 && (
                  <th className="px-2 py-2 font-medium" title="收货时直接放入该库位；不选则为待上架">
                    上架库位
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {doc.lines.map((l, i) => {
                const got = receiving ? received[l.productId] : l.received;
                const diff = got == null || got === "" || !/^\d+$/.test(String(got)) ? null : Number(got) - l.quantity;
                return (
                  <tr key={l.productId}>
                    <td className="px-2 py-1">{i + 1}</td>
                    <td className="px-2 py-1">
                      <Thumb src={l.image} alt={l.sku} />
                    </td>
                    <td className="px-2 py-1 font-mono">{l.sku}</td>
                    <td className="px-2 py-1">{l.name}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{l.quantity}</td>
                    <td className="px-2 py-1">
                      {receiving ? (
                        <input
                          aria-label={`${l.sku} 实收数量`}
                          inputMode="numeric"
                          className={`w-24 ${input}`}
                          value={received[l.productId]}
                          onChange={(e) => setReceived((r) => ({ ...r, [l.productId]: e.target.value.trim() }))}
                        />
                      ) : (
                        <span className="tabular-nums">{l.received ?? "—"}</span>
                      )}
                    </td>
                    <td className={`px-2 py-1 text-right tabular-nums ${diff < 0 ? "text-red-700 dark:text-red-300" : ""}`}>{diff == null ? "—" : diff === 0 ? "0" : String(diff)}</td>
                    {receiving && bins.length > 0 && (
                      <td className="px-2 py-1">
                        <select aria-label={`${l.sku} 上架库位`} className={`w-32 ${input}`} value={putAway[l.productId] || ""} onChange={(e) => setPutAway((b) => ({ ...b, [l.productId]: e.target.value }))}>
                          <option value="">待上架</option>
                          {bins.map((b) => (
                            <option key={b.id} value={b.id}>
                              {b.code}
                            </option>
                          ))}
                        </select>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {receiving && (
          <div className="space-y-2 rounded-lg border border-sky-200 bg-sky-50 p-3 dark:border-sky-900 dark:bg-sky-950">
            <label className="block text-sm">
              差异原因（实收少于{w.quantity}时必填）
              <input className={`mt-1 block w-full ${input}`} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} aria-label="差异原因" />
            </label>
            <div className="flex gap-2">
              <button type="submit" className={button} disabled={busy}>
                确认收货
              </button>
              <button type="button" className={plainButton} disabled={busy} onClick={() => setReceived(null)}>
                取消
              </button>
            </div>
          </div>
        )}
      </form>
    </section>
  );
}
