// 海外仓发货's own parts of the document pages: where its units go (发往FBA: 店铺, 站点, FBA仓库代码 and the 货件 it
// goes under; 发往买家: 收件人, 电话, 地址), the carrier and tracking number, on the form and on the detail; and the
// detail's status history and ledger lines (what its 审核 and 作废 moved).
import { usePlaces } from "../lib/StoreSelects.jsx";
import { input } from "./shared.jsx";

export const EMPTY_DESTINATION = { destination: "fba", destGroupId: "", destMarketplace: "", destCenter: "", shipmentId: "", buyerName: "", buyerPhone: "", buyerAddress: "", carrier: "", tracking: "" };

// destinationOf is a saved document's destination as the form holds it.
export const destinationOf = (doc) => Object.fromEntries(Object.keys(EMPTY_DESTINATION).map((k) => [k, doc?.[k] || (k === "destination" ? "fba" : "")]));

// destinationProblem is what the server would refuse of the destination, in its words; "" when right.
export function destinationProblem(d) {
  if (d.destination === "fba") {
    if (!d.destGroupId) return "请选择店铺";
    if (!d.destMarketplace) return "请选择站点";
    return "";
  }
  if (!d.buyerName.trim()) return "收件人不能为空";
  if (!d.buyerAddress.trim()) return "收件地址不能为空";
  if (!d.carrier.trim()) return "承运商不能为空";
  return "";
}

function Text({ label, value, onChange, required, wide, maxLength, placeholder }) {
  return (
    <label className={`flex flex-col gap-1 text-sm ${wide ? "md:col-span-2" : ""}`}>
      <span>
        {label}
        {required && <span className="text-red-600"> *</span>}
      </span>
      <input aria-label={label} className={input} value={value} maxLength={maxLength} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

// DestinationFields edits a draft's destination (value, onChange with the whole of it).
export function DestinationFields({ value, onChange }) {
  const { groups, markets } = usePlaces();
  const set = (k) => (v) => onChange({ ...value, [k]: v });
  const fba = value.destination === "fba";
  return (
    <fieldset className="space-y-3 rounded-lg p-3 ring-1 ring-slate-200 dark:ring-slate-700">
      <legend className="px-1 text-sm font-medium">发货去向</legend>
      <div className="flex gap-4 text-sm">
        {[
          ["fba", "发往FBA"],
          ["buyer", "发往买家"],
        ].map(([v, l]) => (
          <label key={v} className="flex items-center gap-1">
            <input type="radio" name="destination" value={v} checked={value.destination === v} onChange={() => onChange({ ...value, destination: v })} />
            {l}
          </label>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-4">
        {fba ? (
          <>
            <label className="flex flex-col gap-1 text-sm">
              <span>
                店铺<span className="text-red-600"> *</span>
              </span>
              <select aria-label="店铺" className={input} value={value.destGroupId} onChange={(e) => set("destGroupId")(e.target.value)}>
                <option value="">请选择店铺</option>
                {groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span>
                站点<span className="text-red-600"> *</span>
              </span>
              <select aria-label="站点" className={input} value={value.destMarketplace} onChange={(e) => set("destMarketplace")(e.target.value)}>
                <option value="">请选择站点</option>
                {markets.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </label>
            <Text label="FBA仓库代码" value={value.destCenter} onChange={set("destCenter")} maxLength={20} placeholder="如 ONT8" />
            <Text label="货件单号" value={value.shipmentId} onChange={set("shipmentId")} maxLength={40} placeholder="关联已有货件，可不填" />
          </>
        ) : (
          <>
            <Text label="收件人" value={value.buyerName} onChange={set("buyerName")} required maxLength={100} />
            <Text label="电话" value={value.buyerPhone} onChange={set("buyerPhone")} maxLength={30} />
            <Text label="收件地址" value={value.buyerAddress} onChange={set("buyerAddress")} required wide maxLength={300} />
          </>
        )}
        <Text label="承运商" value={value.carrier} onChange={set("carrier")} required={!fba} maxLength={50} />
        <Text label="跟踪单号" value={value.tracking} onChange={set("tracking")} maxLength={100} />
      </div>
      {fba && <p className="text-xs text-slate-500 dark:text-slate-400">审核后从海外仓扣减可用库存，并记入该店铺该站点FBA仓的在途库存。</p>}
    </fieldset>
  );
}

// where names a document's destination in a sentence: 发往FBA（欧美店 美国 ONT8） or 发往买家 John Smith.
export function where(doc) {
  if (doc.destination === "fba") return `发往FBA（${[doc.destGroupName, doc.destCountry, doc.destCenter].filter(Boolean).join(" ")}）`;
  return `发往买家 ${doc.buyerName}`;
}

// DestinationDetail is the detail's fields of the destination, for the document's <dl>.
export function DestinationDetail({ doc, Field }) {
  return doc.destination === "fba" ? (
    <>
      <Field label="发货去向">{doc.destinationName}</Field>
      <Field label="店铺">{doc.destGroupName}</Field>
      <Field label="站点">{doc.destCountry}</Field>
      <Field label="FBA仓">{doc.toWarehouseName}</Field>
      <Field label="FBA仓库代码">{doc.destCenter}</Field>
      <Field label="货件单号">{doc.shipmentId}</Field>
      <Field label="承运商">{doc.carrier}</Field>
      <Field label="跟踪单号">{doc.tracking}</Field>
    </>
  ) : (
    <>
      <Field label="发货去向">{doc.destinationName}</Field>
      <Field label="收件人">{doc.buyerName}</Field>
      <Field label="电话">{doc.buyerPhone}</Field>
      <Field label="收件地址">{doc.buyerAddress}</Field>
      <Field label="承运商">{doc.carrier}</Field>
      <Field label="跟踪单号">{doc.tracking}</Field>
    </>
  );
}

// History is the document's states with when each came and who moved it (as far as the document keeps).
export function History({ doc }) {
  const steps = [
    ["创建", doc.createdAt, doc.creator],
    ["提交", doc.submittedAt, ""],
    ["审核", doc.approvedAt, doc.approver],
    ["作废", doc.cancelledAt, ""],
  ].filter(([, at]) => at);
  return (
    <section aria-label="状态记录">
      <h3 className="mb-1 text-sm font-medium">状态记录</h3>
      <ol className="space-y-1 text-sm">
        {steps.map(([what, at, who]) => (
          <li key={what} className="flex gap-3">
            <span className="w-40 tabular-nums text-slate-500 dark:text-slate-400">{at}</span>
            <span>{what}</span>
            {who && <span className="text-slate-500 dark:text-slate-400">{who}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

const signed = (n) => (n > 0 ? `+${n}` : String(n));

// Ledger is the ledger lines the document wrote: per warehouse and SKU, the quantity changed and after.
export function Ledger({ lines }) {
  return (
    <section aria-label="库存流水">
      <h3 className="mb-1 text-sm font-medium">库存流水</h3>
      {lines.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">审核后在此显示库存变动。</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-left text-sm" aria-label="库存流水明细">
            <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className="px-2 py-2 font-medium">时间</th>
                <th className="px-2 py-2 font-medium">类型</th>
                <th className="px-2 py-2 font-medium">仓库</th>
                <th className="px-2 py-2 font-medium">SKU</th>
                <th className="px-2 py-2 text-right font-medium">可用变动</th>
                <th className="px-2 py-2 text-right font-medium">可用结存</th>
                <th className="px-2 py-2 text-right font-medium">在途变动</th>
                <th className="px-2 py-2 text-right font-medium">在途结存</th>
                <th className="px-2 py-2 font-medium">操作人</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {lines.map((l) => (
                <tr key={l.id}>
                  <td className="whitespace-nowrap px-2 py-1 tabular-nums">{l.createdAt}</td>
                  <td className="px-2 py-1">{l.docTypeName}</td>
                  <td className="px-2 py-1">{l.warehouseName}</td>
                  <td className="px-2 py-1 font-mono">{l.sku}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{l.fulfillableChange ? signed(l.fulfillableChange) : "—"}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{l.fulfillableAfter}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{l.inboundChange ? signed(l.inboundChange) : "—"}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{l.inboundAfter}</td>
                  <td className="px-2 py-1">{l.operator}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
