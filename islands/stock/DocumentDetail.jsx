// 入库单详情 / 出库单详情 / 换货单详情: the document's header, lines and state, with the steps its state and the user's
// permissions allow: 编辑 (a draft, in the new document's form), 提交 (待提交 -> 待审核), 审核 (moves the stock), 作废 (an approved document's stock movement
// is reversed). Each asks first, naming the document and what will change. A refusal (stock short, stock since
// used) shows above the document.
import { useCallback, useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DocumentNew from "./DocumentNew.jsx";
import ExchangeNew from "./ExchangeNew.jsx";
import { ProcessNew } from "./Process.jsx";
import { StatusBadge } from "./Documents.jsx";
import { DestinationDetail, History, Ledger, where } from "./Overseas.jsx";
import { ERP, KINDS, Thumb, button, dangerButton, openTab, plainButton } from "./shared.jsx";

function Field({ label, children }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm">{children || "—"}</dd>
    </div>
  );
}

export default function DocumentDetail({ kind, id, permissions }) {
  const k = KINDS[kind];
  const [doc, setDoc] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);

  const load = useCallback(() => {
    if (!id) return setError(`${k.noun}不存在`);
    return api(`${ERP}/${k.path}/${encodeURIComponent(id)}`)
      .then(({ data }) => setDoc(data))
      .catch((e) => setError(e.message));
  }, [k.path, k.noun, id]);
  useEffect(() => {
    load();
  }, [load]);

  const step = (name, question) => async () => {
    if (!(await ask(question))) return;
    setBusy(true);
    setError("");
    try {
      await api(`${ERP}/${k.path}/${doc.id}/${name}`, { method: "POST" });
      toast("操作成功!");
      await load();
    } catch (e) {
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  if (!doc)
    return error ? (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    ) : (
      <p className="text-sm text-slate-500">加载中...</p>
    );

  const exchange = kind === "exchange";
  const process = kind === "process";
  if (editing)
    return (
      <EditForm
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
  const inbound = kind === "inbound";
  const overseas = kind === "overseas";
  // 海外仓发货's approval names where the units go and, to FBA, the FBA warehouse whose 在途 grows.
  const sent = overseas ? `${where(doc)}${doc.destination === "fba" ? `，“${doc.toWarehouseName}”在途库存增加 ${doc.totalQuantity} 件` : ""}` : "";
  // An exchange's lines as its questions name them: A-1 ×4 换为 B-2, the first three and how many more.
  const swaps = doc.lines.slice(0, 3).map((l) => `${l.sku} ×${l.quantity} 换为 ${l.toSku}`).join("，") + (doc.lines.length > 3 ? ` 等 ${doc.lines.length} 行` : "");
  const submit = { title: `提交${k.noun} ${doc.number}`, message: "提交后等待审核，审核通过才会移动库存。", action: "提交" };
  const approve = {
    title: `审核${k.noun} ${doc.number}`,
    message: exchange
      ? `审核后将在“${doc.warehouseName}”把 ${swaps}（共 ${doc.totalQuantity} 件），按换出产品的加权平均成本结转。`
      : process
        ? `审核后将在“${doc.warehouseName}”消耗 ${doc.lineCount} 种组件共 ${doc.totalQuantity} 件，加工出 ${doc.madeSku} ×${doc.madeQuantity}，单位成本 = 组件与包材成本 + 加工费。`
      : overseas
        ? `审核后将从“${doc.warehouseName}”扣减 ${what}，${sent}。`
      : inbound
        ? `审核后将向“${doc.warehouseName}”入库 ${what}。`
        : `审核后将从“${doc.warehouseName}”出库 ${what}。`,
    action: "审核",
  };
  const cancel = {
    title: `作废${k.noun} ${doc.number}`,
    message:
      doc.status === 2
        ? exchange
          ? `作废后不可恢复，“${doc.warehouseName}”中 ${swaps} 的库存将换回（共 ${doc.totalQuantity} 件）。`
          : overseas
            ? `作废后不可恢复，${what}将退回“${doc.warehouseName}”${doc.destination === "fba" ? `，并从“${doc.toWarehouseName}”的在途库存扣回` : ""}。`
          : process
            ? `作废后不可恢复，“${doc.warehouseName}”将扣回 ${doc.madeSku} ×${doc.madeQuantity}，退回组件共 ${doc.totalQuantity} 件。`
          : `作废后不可恢复，${inbound ? `已入库的 ${what}将从“${doc.warehouseName}”扣回` : `已出库的 ${what}将退回“${doc.warehouseName}”`}。`
        : "作废后不可恢复。",
    action: "作废",
    danger: true,
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
        <StatusBadge status={doc.status} name={doc.statusName} />
        <span className="ml-auto flex gap-2 print:hidden">
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
            <button type="button" className={button} disabled={busy} onClick={step("approve", approve)}>
              审核
            </button>
          )}
          {doc.status !== 3 && can(permissions, `${k.permission}:cancel`) && (
            <button type="button" className={dangerButton} disabled={busy} onClick={step("cancel", cancel)}>
              作废
            </button>
          )}
          <button type="button" className={plainButton} onClick={() => openTab("库存流水", "/erp/warehouse/record")}>
            库存流水
          </button>
          {overseas && (
            <button type="button" className={plainButton} onClick={() => window.print()}>
              打印
            </button>
          )}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-4 dark:bg-slate-800 dark:ring-slate-700">
        <Field label={overseas ? "海外仓" : "仓库"}>{doc.warehouseName}</Field>
        {overseas && <DestinationDetail doc={doc} Field={Field} />}
        <Field label="产品数">{String(doc.lineCount)}</Field>
        <Field label="总数量">{String(doc.totalQuantity)}</Field>
        {inbound && <Field label="总金额(元)">{doc.totalCost}</Field>}
        {exchange && <Field label="结转货值(元)">{doc.totalCost}</Field>}
        {process && <Field label="加工产品">{`${doc.madeSku} ${doc.madeName}`}</Field>}
        {process && <Field label="加工数量">{String(doc.madeQuantity)}</Field>}
        {process && <Field label="加工费(元/件)">{doc.processFee}</Field>}
        {process && <Field label="组件成本(元)">{doc.totalCost}</Field>}
        {process && <Field label="单位成本(元)">{doc.madeCost}</Field>}
        <Field label="创建人">{doc.creator}</Field>
        <Field label="创建时间">{doc.createdAt}</Field>
        <Field label="提交时间">{doc.submittedAt}</Field>
        <Field label="审核人">{doc.approver}</Field>
        <Field label="审核时间">{doc.approvedAt}</Field>
        <Field label="作废时间">{doc.cancelledAt}</Field>
        <Field label="备注">{doc.remark}</Field>
      </dl>
      {exchange ? (
        <ExchangeLines lines={doc.lines} />
      ) : (
        <table className="w-full text-left text-sm" aria-label="单据产品">
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th className="px-2 py-2 font-medium">#</th>
              <th className="px-2 py-2 font-medium">图片</th>
              <th className="px-2 py-2 font-medium">SKU</th>
              <th className="px-2 py-2 font-medium">产品名称</th>
              <th className="px-2 py-2 font-medium">{kind === "inbound" ? "入库数量" : process ? "组件用量" : overseas ? "发货数量" : "出库数量"}</th>
              {process && <th className="px-2 py-2 text-right font-medium">成本单价(元)</th>}
              {inbound && <th className="px-2 py-2 text-right font-medium">单价(元)</th>}
              {inbound && <th className="px-2 py-2 text-right font-medium">金额(元)</th>}
              {inbound && (
                <th className="px-2 py-2 font-medium" title="审核入库时放入的库位；待上架的在库位库存上架">
                  上架库位
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {doc.lines.map((l, i) => (
              <tr key={l.productId}>
                <td className="px-2 py-1">{i + 1}</td>
                <td className="px-2 py-1">
                  <Thumb src={l.image} alt={l.sku} />
                </td>
                <td className="px-2 py-1 font-mono">{l.sku}</td>
                <td className="px-2 py-1">{l.name}</td>
                <td className="px-2 py-1">
                  {l.quantity}
                  {process && l.remark === "包材用量" && <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">（包材用量）</span>}
                </td>
                {process && <td className="px-2 py-1 text-right tabular-nums">{l.unitCost || "—"}</td>}
                {inbound && <td className="px-2 py-1 text-right tabular-nums">{l.unitCost || "—"}</td>}
                {inbound && <td className="px-2 py-1 text-right tabular-nums">{l.amount || "—"}</td>}
                {inbound && <td className="px-2 py-1 font-mono">{l.binCode || <span className="font-sans text-slate-500 dark:text-slate-400">待上架</span>}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {overseas && <History doc={doc} />}
      {overseas && <Ledger lines={doc.ledger || []} />}
    </section>
  );
}

function EditForm({ kind, ...props }) {
  if (kind === "process") return <ProcessNew {...props} />;
  return kind === "exchange" ? <ExchangeNew {...props} /> : <DocumentNew kind={kind} {...props} />;
}

function Product({ image, sku, name }) {
  return (
    <div className="flex items-center gap-2">
      <Thumb src={image} alt={sku} />
      <div className="min-w-0">
        <div className="font-mono">{sku}</div>
        <div className="truncate text-xs text-slate-500 dark:text-slate-400">{name}</div>
      </div>
    </div>
  );
}

// ExchangeLines: each line's product given and product made, the quantity, the bin and, once approved, the
// cost carried over (the product given's weighted average) and the value it carries.
function ExchangeLines({ lines }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] text-left text-sm" aria-label="换货明细">
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <th className="px-2 py-2 font-medium">#</th>
            <th className="px-2 py-2 font-medium">换出产品</th>
            <th className="px-2 py-2 font-medium">换货数量</th>
            <th className="px-2 py-2 font-medium">换入产品</th>
            <th className="px-2 py-2 font-medium">库位</th>
            <th className="px-2 py-2 text-right font-medium" title="审核时换出产品在该仓库的加权平均成本">
              结转单价(元)
            </th>
            <th className="px-2 py-2 text-right font-medium">货值(元)</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {lines.map((l, i) => (
            <tr key={l.productId}>
              <td className="px-2 py-1">{i + 1}</td>
              <td className="px-2 py-1">
                <Product image={l.image} sku={l.sku} name={l.name} />
              </td>
              <td className="px-2 py-1 tabular-nums">{l.quantity}</td>
              <td className="px-2 py-1">
                <Product image={l.toImage} sku={l.toSku} name={l.toName} />
              </td>
              <td className="px-2 py-1 font-mono">{l.binCode || <span className="font-sans text-slate-500 dark:text-slate-400">不指定</span>}</td>
              <td className="px-2 py-1 text-right tabular-nums">{l.unitCost || "—"}</td>
              <td className="px-2 py-1 text-right tabular-nums">{l.amount || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
