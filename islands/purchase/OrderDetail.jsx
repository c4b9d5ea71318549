// 采购单详情: the order's header, lines (ordered, received, returned, closed, outstanding) and its receipts, returns
// and closes, with the steps its state and the user's permissions allow: 编辑 and 提交 (待提交), 审核 and 驳回
// (待审核; the ordered units go to 待入库), 下单 (待下单), 收货 in parts and 退货 (待收货; 退货 also once 已完成),
// 结案 with its reason (the rest will not come) and 作废. Each asks first, naming what will change; a refusal shows
// above the order. 打印 opens the printable order (A4) in a new window.
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import { openTab, retitle } from "../lib/tabs.js";
import { toast } from "../lib/toast.js";
import { Thumb, button, dangerButton, plainButton } from "../stock/shared.jsx";
import EventDialog from "./EventDialog.jsx";
import OrderForm from "./OrderForm.jsx";
import { PAYMENT_KINDS, PAYMENT_PAGE, PAYMENTS, PO, PaymentBadge, StatusBadge } from "./shared.jsx";

const FormDialog = lazy(() => import("../lib/FormDialog.jsx"));

function Field({ label, children }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm">{children || "—"}</dd>
    </div>
  );
}

export default function OrderDetail({ id, permissions }) {
  const [o, setO] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState("");

  const load = useCallback(
    () =>
      api(`${PO}/${encodeURIComponent(id)}`)
        .then(({ data }) => {
          // An order without events (or lines) comes without the field.
          setO({ ...data, lines: data.lines || [], events: data.events || [], payments: data.payments || [] });
          retitle(`采购单 ${data.number}`, "采购单详情");
        })
        .catch((e) => setError(e.message)),
    [id],
  );
  useEffect(() => {
    load();
  }, [load]);

  const step = (name, question, body) => async () => {
    if (question && !(await ask(question))) return;
    setBusy(true);
    setError("");
    try {
      await api(`${PO}/${o.id}/${name}`, { method: "POST", body });
      toast("操作成功!");
      await load();
    } catch (e) {
      setError(e.message);
      throw e;
    } finally {
      setBusy(false);
    }
  };
  const quiet = (run) => () => run().catch(() => {});

  if (!o)
    return error ? (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    ) : (
      <p className="text-sm text-slate-500">加载中...</p>
    );
  if (editing)
    return (
      <OrderForm
        order={o}
        onCancel={() => setEditing(false)}
        onSaved={async () => {
          await load();
          setEditing(false);
        }}
      />
    );

  const what = `${o.lineCount} 个产品共 ${o.totalQuantity} 件`;
  const outstanding = o.totalQuantity - o.totalReceived - o.totalClosed;
  const has = (code) => can(permissions, code);
  const s = o.status;
  return (
    <section aria-label={`采购单 ${o.number}`} className="max-w-6xl space-y-4">
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-base font-semibold">{o.number}</span>
        <StatusBadge status={s} name={o.statusName} />
        <span className="ml-auto flex flex-wrap gap-2">
          {s === 0 && has("erp:purchase:add") && (
            <>
              <button type="button" className={plainButton} disabled={busy} onClick={() => setEditing(true)}>
                编辑
              </button>
              <button type="button" className={button} disabled={busy} onClick={quiet(step("submit", { title: `提交采购单 ${o.number}`, message: "提交后等待审核，不能再编辑。", action: "提交" }))}>
                提交
              </button>
            </>
          )}
          {s === 1 && has("erp:purchase:approve") && (
            <>
              <button type="button" className={button} disabled={busy} onClick={quiet(step("approve", { title: `审核采购单 ${o.number}`, message: `审核后 ${what}记入“${o.warehouseName}”的待入库。`, action: "审核" }))}>
                审核
              </button>
              <button type="button" className={plainButton} disabled={busy} onClick={quiet(step("reject", { title: `驳回采购单 ${o.number}`, message: "驳回后回到待提交，可再编辑。", action: "驳回" }))}>
                驳回
              </button>
            </>
          )}
          {s === 2 && has("erp:purchase:edit") && (
            <button type="button" className={button} disabled={busy} onClick={quiet(step("place", { title: `下单 ${o.number}`, message: o.paymentTerms === "prepay" ? "已向供应商下单，款到发货：下单后待付款。" : "已向供应商下单，下单后待收货。", action: "下单" }))}>
              下单
            </button>
          )}
          {s === 4 && has("erp:purchase:receive") && (
            <button type="button" className={button} disabled={busy} onClick={() => setDialog("receive")}>
              收货
            </button>
          )}
          {(s === 4 || s === 5) && o.totalReceived > o.totalReturned && has("erp:purchase:receive") && (
            <button type="button" className={plainButton} disabled={busy} onClick={() => setDialog("return")}>
              退货
            </button>
          )}
          {(s === 3 || s === 4) && has("erp:purchase:delete") && (
            <button type="button" className={plainButton} disabled={busy} onClick={() => setDialog("close")}>
              结案
            </button>
          )}
          {s <= 4 && o.totalReceived === 0 && has("erp:purchase:delete") && (
            <button
              type="button"
              className={dangerButton}
              disabled={busy}
              onClick={quiet(step("cancel", { title: `作废采购单 ${o.number}`, message: s >= 2 ? `作废后不可恢复，${what}从“${o.warehouseName}”的待入库扣除。` : "作废后不可恢复。", action: "作废", danger: true }))}
            >
              作废
            </button>
          )}
          {s >= 2 && s <= 5 && has("erp:finance:payment:add") && (
            <button type="button" className={plainButton} disabled={busy} onClick={() => setDialog("pay")}>
              申请付款
            </button>
          )}
          <a className={plainButton} href={`/purchaseorder/print?id=${o.id}`} target="_blank" rel="noopener">
            打印
          </a>
          <button type="button" className={plainButton} onClick={() => openTab("库存流水", "/erp/warehouse/record")}>
            库存流水
          </button>
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-4 dark:bg-slate-800 dark:ring-slate-700">
        <Field label="供应商">{o.supplierName}</Field>
        <Field label="收货仓库">{o.warehouseName}</Field>
        <Field label="币种">{o.currency}</Field>
        <Field label="付款方式">{o.paymentTermsName + (o.termsDays ? ` ${o.termsDays}天` : "")}</Field>
        <Field label="预计到货">{o.expectedDate}</Field>
        <Field label="采购金额">{money(o.totalAmount, o.currency)}</Field>
        <Field label="数量">{`采购 ${o.totalQuantity} / 已收 ${o.totalReceived} / 退货 ${o.totalReturned} / 结案 ${o.totalClosed} / 未收 ${outstanding}`}</Field>
        <Field label="创建人">{o.creator}</Field>
        <Field label="创建时间">{o.createdAt}</Field>
        <Field label="审核人">{o.approver}</Field>
        <Field label="审核时间">{o.approvedAt}</Field>
        <Field label="下单时间">{o.orderedAt}</Field>
        <Field label="完成时间">{o.completedAt}</Field>
        {o.closeReason && <Field label="结案原因">{o.closeReason}</Field>}
        {o.cancelledAt && <Field label="作废时间">{o.cancelledAt}</Field>}
        <Field label="备注">{o.remark}</Field>
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[860px] text-left text-sm" aria-label="采购产品">
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th className="px-2 py-2 font-medium">图片</th>
              <th className="px-2 py-2 font-medium">SKU / 名称</th>
              <th className="px-2 py-2 text-right font-medium">单价</th>
              <th className="px-2 py-2 text-right font-medium">税率</th>
              <th className="px-2 py-2 text-right font-medium">金额</th>
              <th className="px-2 py-2 text-right font-medium">采购</th>
              <th className="px-2 py-2 text-right font-medium">已收</th>
              <th className="px-2 py-2 text-right font-medium">退货</th>
              <th className="px-2 py-2 text-right font-medium">结案</th>
              <th className="px-2 py-2 text-right font-medium">未收</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {o.lines.map((l) => (
              <tr key={l.id}>
                <td className="px-2 py-1">
                  <Thumb src={l.image} alt={l.sku} />
                </td>
                <td className="px-2 py-1">
                  <div className="font-mono">{l.sku}</div>
                  <div className="text-xs text-slate-500">{l.name}</div>
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{l.unitPrice}</td>
                <td className="px-2 py-1 text-right tabular-nums">{l.taxRate}%</td>
                <td className="px-2 py-1 text-right tabular-nums">{money(l.amount, o.currency)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{l.quantity}</td>
                <td className="px-2 py-1 text-right tabular-nums">{l.received}</td>
                <td className="px-2 py-1 text-right tabular-nums">{l.returned}</td>
                <td className="px-2 py-1 text-right tabular-nums">{l.closed}</td>
                <td className="px-2 py-1 text-right font-semibold tabular-nums">{l.outstanding}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 className="text-base font-semibold">收货记录</h2>
      {o.events.length === 0 ? (
        <p className="text-sm text-slate-500">{s === 4 ? "尚未收货，货到后点击“收货”，可分多次收货。" : "暂无收货记录。"}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[720px] text-left text-sm" aria-label="收货记录">
            <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className="px-2 py-2 font-medium">单号</th>
                <th className="px-2 py-2 font-medium">类型</th>
                <th className="px-2 py-2 font-medium">日期</th>
                <th className="px-2 py-2 font-medium">仓库</th>
                <th className="px-2 py-2 font-medium">产品</th>
                <th className="px-2 py-2 font-medium">操作人</th>
                <th className="px-2 py-2 font-medium">备注</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {o.events.map((e) => (
                <tr key={e.id}>
                  <td className="px-2 py-1 font-mono">{e.number}</td>
                  <td className="px-2 py-1">{e.kindName}</td>
                  <td className="px-2 py-1">{e.date}</td>
                  <td className="px-2 py-1">{e.warehouseName}</td>
                  <td className="px-2 py-1">{e.lines.map((l) => `${l.sku} × ${l.quantity}${l.unitCost ? `（成本 ¥${l.unitCost}）` : ""}`).join("，")}</td>
                  <td className="px-2 py-1">{e.operator}</td>
                  <td className="px-2 py-1">{e.remark}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="text-base font-semibold">付款申请</h2>
      {o.payments.length === 0 ? (
        <p className="text-sm text-slate-500">{s >= 2 && s <= 5 ? "暂无付款申请，点击“申请付款”按定金、到货或账期申请。" : "暂无付款申请。"}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[720px] text-left text-sm" aria-label="付款申请">
            <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className="px-2 py-2 font-medium">付款单号</th>
                <th className="px-2 py-2 font-medium">类型</th>
                <th className="px-2 py-2 text-right font-medium">金额</th>
                <th className="px-2 py-2 font-medium">状态</th>
                <th className="px-2 py-2 font-medium">应付日期</th>
                <th className="px-2 py-2 font-medium">付款日期</th>
                <th className="px-2 py-2 font-medium">付款账户</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {o.payments.map((p) => (
                <tr key={p.id}>
                  <td className="px-2 py-1 font-mono">
                    <button type="button" className="text-sky-700 underline dark:text-sky-300" onClick={() => openTab(`付款申请 ${p.number}`, PAYMENT_PAGE, { id: p.id })}>
                      {p.number}
                    </button>
                  </td>
                  <td className="px-2 py-1">{p.kindName}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{money(p.amount, p.currency)}</td>
                  <td className="px-2 py-1">
                    <PaymentBadge status={p.status} name={p.statusName} />
                  </td>
                  <td className="px-2 py-1">{p.dueDate}</td>
                  <td className="px-2 py-1">{p.paidDate}</td>
                  <td className="px-2 py-1">{p.account}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog === "pay" && (
        <Suspense fallback={null}>
          <FormDialog
            title={`申请付款 ${o.number}`}
            fields={[
              { name: "kind", label: "付款类型", options: PAYMENT_KINDS, default: o.paymentTerms === "terms" ? "terms" : o.paymentTerms === "receipt" ? "receipt" : "deposit" },
              {
                name: "receiptId",
                label: "收货记录",
                options: [["", "（定金不需要）"], ...o.events.filter((e) => e.kind === "purchase_receipt").map((e) => [e.id, `${e.number}（${e.date}，${e.totalQuantity} 件）`])],
                hint: "到货款、账期款按收货记录计算应付日期",
              },
              { name: "amount", label: `金额(${o.currency})`, required: true, placeholder: "如 300.00" },
              { name: "remark", label: "备注" },
            ]}
            submitLabel="提交申请"
            onClose={() => setDialog("")}
            onSubmit={async (v) => {
              const { data } = await api(PAYMENTS, { method: "POST", body: { orderId: o.id, ...v } });
              toast(`已提交付款申请 ${data.number}`);
              await load();
            }}
          />
        </Suspense>
      )}
      {(dialog === "receive" || dialog === "return") && (
        <EventDialog
          order={o}
          kind={dialog}
          onClose={() => setDialog("")}
          onDone={() => {
            toast("操作成功!");
            load();
          }}
        />
      )}
      {dialog === "close" && (
        <Suspense fallback={null}>
          <FormDialog
            title={`结案 ${o.number}`}
            fields={[{ name: "reason", label: "结案原因", hint: `未收的 ${outstanding} 件不再到货，从待入库扣除`, required: true }]}
            submitLabel="结案"
            onClose={() => setDialog("")}
            onSubmit={(v) => step("close", null, { reason: v.reason })()}
          />
        </Suspense>
      )}
    </section>
  );
}
