// 付款申请详情: the request (its order, receipt, kind, amount, due day) and the steps its state and the user's
// permissions allow: 审批 and 驳回 (待审批), 确认付款 with the day and the account paid from (待付款), 作废 (not yet
// paid). Each asks first; a refusal shows above the request.
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import { openTab, retitle } from "../lib/tabs.js";
import { toast } from "../lib/toast.js";
import { button, dangerButton, plainButton } from "../stock/shared.jsx";
import { PAGE, PAYMENTS, PaymentBadge } from "./shared.jsx";

const FormDialog = lazy(() => import("../lib/FormDialog.jsx"));

function Field({ label, children }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm">{children || "—"}</dd>
    </div>
  );
}

export default function PaymentDetail({ id, permissions }) {
  const [r, setR] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [paying, setPaying] = useState(false);
  const load = useCallback(
    () =>
      api(`${PAYMENTS}/${encodeURIComponent(id)}`)
        .then(({ data }) => {
          setR(data);
          retitle(`付款申请 ${data.number}`, "付款申请详情");
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
      await api(`${PAYMENTS}/${r.id}/${name}`, { method: "POST", body });
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

  if (!r)
    return error ? (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    ) : (
      <p className="text-sm text-slate-500">加载中...</p>
    );
  const amount = money(r.amount, r.currency);
  return (
    <section aria-label={`付款申请 ${r.number}`} className="max-w-5xl space-y-4">
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-base font-semibold">{r.number}</span>
        <PaymentBadge status={r.status} name={r.statusName} />
        <span className="ml-auto flex flex-wrap gap-2">
          {r.status === 0 && can(permissions, "erp:finance:payment:approve") && (
            <>
              <button type="button" className={button} disabled={busy} onClick={quiet(step("approve", { title: `审批付款申请 ${r.number}`, message: `同意向${r.supplierName}付款 ${amount}。`, action: "审批" }))}>
                审批
              </button>
              <button type="button" className={plainButton} disabled={busy} onClick={quiet(step("reject", { title: `驳回付款申请 ${r.number}`, message: "驳回后不再付款，金额可重新申请。", action: "驳回" }))}>
                驳回
              </button>
            </>
          )}
          {r.status === 1 && can(permissions, "erp:finance:payment:pay") && (
            <button type="button" className={button} disabled={busy} onClick={() => setPaying(true)}>
              确认付款
            </button>
          )}
          {(r.status === 0 || r.status === 1) && can(permissions, "erp:finance:payment:add") && (
            <button type="button" className={dangerButton} disabled={busy} onClick={quiet(step("cancel", { title: `作废付款申请 ${r.number}`, message: "作废后不可恢复。", action: "作废", danger: true }))}>
              作废
            </button>
          )}
          <button type="button" className={plainButton} onClick={() => openTab(`采购单 ${r.orderNumber}`, PAGE, { id: r.orderId })}>
            查看采购单
          </button>
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-4 dark:bg-slate-800 dark:ring-slate-700">
        <Field label="供应商">{r.supplierName}</Field>
        <Field label="采购单号">{r.orderNumber}</Field>
        <Field label="付款类型">{r.kindName}</Field>
        <Field label="收货单号">{r.receiptNumber}</Field>
        <Field label="金额">{amount}</Field>
        <Field label="应付日期">{r.dueDate}</Field>
        <Field label="申请人">{r.requester}</Field>
        <Field label="申请时间">{r.createdAt}</Field>
        <Field label="审批人">{r.approver}</Field>
        <Field label="审批时间">{r.approvedAt}</Field>
        <Field label="付款日期">{r.paidDate}</Field>
        <Field label="付款账户">{r.account}</Field>
        <Field label="付款人">{r.payer}</Field>
        <Field label="备注">{r.remark}</Field>
      </dl>
      {paying && (
        <Suspense fallback={null}>
          <FormDialog
            title={`确认付款 ${r.number}`}
            fields={[
              { name: "paidDate", label: "付款日期", type: "date", hint: "不填为今天" },
              { name: "account", label: "付款账户", required: true, placeholder: "如 招商银行 6225" },
            ]}
            submitLabel="确认付款"
            onClose={() => setPaying(false)}
            onSubmit={(v) => step("pay", null, { paidDate: v.paidDate, account: v.account })()}
          />
        </Suspense>
      )}
    </section>
  );
}
