// The panels of the handling screen's steps. Each shows what its step recorded and, while the shipment is at that
// step and the user may handle shipments, the form that takes it (or the button that cancels it). act(path, body,
// done, question) makes the call and updates the screen; the steps that move stock, and the cancels, ask first
// (question), naming the shipment, the units and the warehouse.
import { useState } from "react";
import { money } from "../lib/money.js";
import { useShipOptions } from "./ItemsEditor.jsx";
import { button, danger, input, pickListUrl, plain } from "./common.js";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";

function Table({ head, children }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            {head.map((h) => (
              <th key={h} className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">{children}</tbody>
      </table>
    </div>
  );
}

const numeric = (v) => String(v).replace(/\D/g, "");

// question is what act asks before a step of the shipment: the step and the shipment, what will change.
const question = (shipment, action, message, danger = false) => ({ title: `${action}：货件 ${shipment.shipmentId}`, message, action, danger });

// 配货: the items with the fulfillable stock; 确认配货 moves it to outbound, 取消配货 back.
export function Picking({ shipment, act, busy, handle }) {
  const where = `“${shipment.warehouseName}”`;
  const pick = question(shipment, "确认配货", `确认后${where}中 ${shipment.skuCount} 个产品共 ${shipment.quantity} 件将由可用库存转为待出库。`);
  const unpick = question(shipment, "取消配货", `取消后待出库的 ${shipment.quantity} 件将退回${where}的可用库存。`, true);
  return (
    <div className="space-y-3">
      <Table head={["SKU", "名称", "平台SKU", "FNSKU", "计划发货", "可用库存"]}>
        {shipment.items.map((it) => (
          <tr key={it.id}>
            <td className={td}>{it.sku}</td>
            <td className={td}>{it.name}</td>
            <td className={td}>{it.sellerSku}</td>
            <td className={td}>{it.fnsku}</td>
            <td className={td}>{it.quantity}</td>
            <td className={`${td} ${shipment.status === 1 && it.fulfillable < it.quantity ? "font-semibold text-red-700" : ""}`}>{it.fulfillable}</td>
          </tr>
        ))}
      </Table>
      <div className="flex flex-wrap items-center gap-3">
        <a className={plain} href={pickListUrl(shipment.shipmentId)} target="_blank" rel="noopener">
          打印配货单
        </a>
        {handle && shipment.status === 1 && (
          <button type="button" className={button} disabled={busy} onClick={() => act("confirm", undefined, "已确认配货", pick)}>
            确认配货
          </button>
        )}
        {handle && shipment.status === 2 && (
          <button type="button" className={danger} disabled={busy} onClick={() => act("unconfirm", undefined, "已取消配货", unpick)}>
            取消配货
          </button>
        )}
        {shipment.auditedAt && <span className="text-sm text-slate-500">审核时间 {shipment.auditedAt}</span>}
      </div>
    </div>
  );
}

// 装箱: cartons with their number, weight, L*W*H and how many of each item; each item's total must be its planned
// quantity. Everything starts in one carton.
export function Boxing({ shipment, act, busy, handle }) {
  const items = shipment.items;
  const [cartons, setCartons] = useState(() => [
    { number: "1", weight: "", length: "", width: "", height: "", q: Object.fromEntries(items.map((it) => [it.id, String(it.quantity)])) },
  ]);
  if (shipment.status !== 2 || !handle) {
    return (
      <div className="space-y-3">
        {shipment.cartons.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{shipment.status < 2 ? "确认配货后装箱" : "暂无数据！"}</p>
        ) : (
          <Table head={["箱号", "重量(kg)", "L*W*H(cm)", "箱内产品"]}>
            {shipment.cartons.map((c) => (
              <tr key={c.id}>
                <td className={td}>{c.number}</td>
                <td className={td}>{c.weight}</td>
                <td className={td}>{`${c.length}*${c.width}*${c.height}`}</td>
                <td className={td}>{c.items.map((ci) => `${ci.sellerSku} × ${ci.quantity}`).join("，")}</td>
              </tr>
            ))}
          </Table>
        )}
        {handle && shipment.status === 3 && (
          <button type="button" className={danger} disabled={busy} onClick={() => act("unbox", undefined, "已取消装箱", question(shipment, "取消装箱", `取消后 ${shipment.cartons.length} 箱的装箱信息将被删除。`, true))}>
            取消装箱
          </button>
        )}
      </div>
    );
  }
  const set = (i, field, value) => setCartons(cartons.map((c, j) => (j === i ? { ...c, [field]: value } : c)));
  const setQ = (i, itemId, value) => setCartons(cartons.map((c, j) => (j === i ? { ...c, q: { ...c.q, [itemId]: numeric(value) } } : c)));
  const total = (itemId) => cartons.reduce((n, c) => n + (parseInt(c.q[itemId], 10) || 0), 0);
  const addCarton = () => {
    const next = Math.max(0, ...cartons.map((c) => parseInt(c.number, 10) || 0)) + 1;
    const last = cartons[cartons.length - 1];
    setCartons([...cartons, { number: String(next), weight: last?.weight || "", length: last?.length || "", width: last?.width || "", height: last?.height || "", q: {} }]);
  };
  const submit = (e) => {
    e.preventDefault();
    const body = {
      cartons: cartons.map((c) => ({
        number: parseInt(c.number, 10) || 0,
        weight: c.weight,
        length: c.length,
        width: c.width,
        height: c.height,
        items: items.filter((it) => parseInt(c.q[it.id], 10) > 0).map((it) => ({ itemId: it.id, quantity: parseInt(c.q[it.id], 10) })),
      })),
    };
    act("box", body, "装箱完成");
  };
  const measure = (i, field, label) => (
    <input aria-label={`第${i + 1}箱${label}`} inputMode="decimal" className={`w-20 ${input}`} value={cartons[i][field]} onChange={(e) => set(i, field, e.target.value)} />
  );
  return (
    <form onSubmit={submit} className="space-y-3">
      <Table head={["箱号", "重量(kg)", "长(cm)", "宽(cm)", "高(cm)", ...items.map((it) => it.sellerSku), ""]}>
        {cartons.map((c, i) => (
          <tr key={i}>
            <td className={td}>
              <input aria-label={`第${i + 1}箱箱号`} inputMode="numeric" className={`w-14 ${input}`} value={c.number} onChange={(e) => set(i, "number", numeric(e.target.value))} />
            </td>
            <td className={td}>{measure(i, "weight", "重量")}</td>
            <td className={td}>{measure(i, "length", "长")}</td>
            <td className={td}>{measure(i, "width", "宽")}</td>
            <td className={td}>{measure(i, "height", "高")}</td>
            {items.map((it) => (
              <td key={it.id} className={td}>
                <input aria-label={`第${i + 1}箱 ${it.sellerSku} 数量`} inputMode="numeric" className={`w-20 ${input}`} value={c.q[it.id] || ""} onChange={(e) => setQ(i, it.id, e.target.value)} />
              </td>
            ))}
            <td className={td}>
              {cartons.length > 1 && (
                <button type="button" className="text-sm text-red-600 hover:underline" onClick={() => setCartons(cartons.filter((_, j) => j !== i))}>
                  删除
                </button>
              )}
            </td>
          </tr>
        ))}
        <tr className="bg-slate-50 dark:bg-slate-900">
          <td className={td} colSpan={5}>
            合计 / 计划
          </td>
          {items.map((it) => (
            <td key={it.id} className={`${td} ${total(it.id) === it.quantity ? "text-emerald-700" : "font-semibold text-red-700"}`}>
              {total(it.id)} / {it.quantity}
            </td>
          ))}
          <td />
        </tr>
      </Table>
      <div className="flex gap-3">
        <button type="button" className={plain} onClick={addCarton}>
          添加箱子
        </button>
        <button type="submit" className={button} disabled={busy}>
          确认装箱
        </button>
      </div>
    </form>
  );
}

// 发货: carrier, channel, tracking number, freight and the quantities shipped (planned by default; what is not
// shipped goes back to fulfillable). Shipped, it shows them and may be cancelled while Amazon shows SHIPPED.
export function Shipping({ shipment, act, busy, handle }) {
  const [form, setForm] = useState({ carrier: shipment.carrier, channel: shipment.channel, tracking: shipment.tracking, freight: shipment.freight });
  const [shipped, setShipped] = useState(() => Object.fromEntries(shipment.items.map((it) => [it.id, String(it.quantity)])));
  const editing = shipment.status === 3 && handle;
  if (shipment.status < 3) return <p className="py-6 text-center text-sm text-slate-500">装箱后发货</p>;
  const field = (name, label, placeholder) => (
    <label className="text-sm">
      {label}
      <input aria-label={label} className={`mt-1 block w-full ${input}`} placeholder={placeholder} readOnly={!editing} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
    </label>
  );
  const submit = (e) => {
    e.preventDefault();
    const items = shipment.items.map((it) => ({ itemId: it.id, quantity: parseInt(shipped[it.id], 10) || 0 }));
    const leaving = items.reduce((n, it) => n + it.quantity, 0);
    const back = shipment.quantity - leaving;
    const rest = back > 0 ? `，未发出的 ${back} 件退回可用库存` : "";
    act("ship", { ...form, items }, "已发货", question(shipment, "确认发货", `发货后货件的 ${leaving} 件产品将从“${shipment.warehouseName}”出库${rest}。`));
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {field("carrier", "承运商", "如 UPS")}
        {field("channel", "物流渠道", "如 美森快船")}
        {field("tracking", "跟踪单号")}
        {field("freight", "运费", "0.00")}
      </div>
      <Table head={["SKU", "平台SKU", "计划发货", "发货数量"]}>
        {shipment.items.map((it) => (
          <tr key={it.id}>
            <td className={td}>{it.sku}</td>
            <td className={td}>{it.sellerSku}</td>
            <td className={td}>{it.quantity}</td>
            <td className={td}>
              {editing ? (
                <input aria-label={`${it.sellerSku} 发货数量`} inputMode="numeric" className={`w-24 ${input}`} value={shipped[it.id]} onChange={(e) => setShipped({ ...shipped, [it.id]: numeric(e.target.value) })} />
              ) : (
                it.quantityShipped
              )}
            </td>
          </tr>
        ))}
      </Table>
      {editing && (
        <button type="submit" className={button} disabled={busy}>
          确认发货
        </button>
      )}
      {handle && shipment.status === 4 && shipment.amazonStatus === "SHIPPED" && (
        <button type="button" className={danger} disabled={busy} onClick={() => act("unship", undefined, "已取消发货", question(shipment, "取消发货", `取消后货件的 ${shipment.quantity} 件产品将恢复为“${shipment.warehouseName}”的待出库库存。`, true))}>
          取消发货
        </button>
      )}
      {shipment.shippedAt && <p className="text-sm text-slate-500">发货时间 {shipment.shippedAt}</p>}
    </form>
  );
}

// 收货: what Amazon received of each item against what was shipped; read only once the shipment is 已完成.
export function Receiving({ shipment, act, busy, handle }) {
  const editable = handle && shipment.receivable;
  const [received, setReceived] = useState(() => Object.fromEntries(shipment.items.map((it) => [it.id, String(it.quantityReceived)])));
  if (shipment.status !== 4) return <p className="py-6 text-center text-sm text-slate-500">发货后登记收货</p>;
  // Until a receipt is saved or typed, there is no difference to show: 0 received is not 30 short.
  const nothingYet = shipment.items.every((it) => it.quantityReceived === 0);
  const amazon = shipment.inboundStatus !== "";
  const submit = (e) => {
    e.preventDefault();
    act("receive", { items: shipment.items.map((it) => ({ itemId: it.id, quantity: parseInt(received[it.id], 10) || 0 })) }, "收货已保存");
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <Table head={amazon ? ["SKU", "平台SKU", "FNSKU", "已发货", "已收货", "差异", "亚马逊已收货"] : ["SKU", "平台SKU", "FNSKU", "已发货", "已收货", "差异"]}>
        {shipment.items.map((it) => {
          const n = parseInt(received[it.id], 10) || 0;
          const pending = nothingYet && received[it.id] === String(it.quantityReceived);
          // Amazon's count beside the one kept: a typed figure Amazon disagrees with is shown, never replaced.
          const off = it.amazonReceived !== null && it.amazonReceived !== undefined && it.amazonReceived !== it.quantityReceived;
          return (
            <tr key={it.id} data-differs={off ? "true" : undefined}>
              <td className={td}>{it.sku}</td>
              <td className={td}>{it.sellerSku}</td>
              <td className={td}>{it.fnsku}</td>
              <td className={td}>{it.quantityShipped}</td>
              <td className={td}>
                {editable ? (
                  <input aria-label={`${it.sellerSku} 收货数量`} inputMode="numeric" className={`w-24 ${input}`} value={received[it.id]} onChange={(e) => setReceived({ ...received, [it.id]: numeric(e.target.value) })} />
                ) : (
                  it.quantityReceived
                )}
              </td>
              <td className={`${td} ${!pending && n !== it.quantityShipped ? "text-amber-700" : ""}`}>{pending ? "—" : n - it.quantityShipped}</td>
              {amazon && (
                <td className={`${td} ${off ? "font-semibold text-red-700" : ""}`}>
                  {it.amazonReceived ?? "—"}
                  {off && <span className="ml-1 text-xs">（相差 {it.amazonReceived - it.quantityReceived > 0 ? "+" : ""}{it.amazonReceived - it.quantityReceived}）</span>}
                </td>
              )}
            </tr>
          );
        })}
      </Table>
      {editable && (
        <button type="submit" className={button} disabled={busy}>
          保存收货
        </button>
      )}
      {handle && !shipment.receivable && <p className="text-sm text-slate-500">货件已完成，收货不能再修改。</p>}
    </form>
  );
}

// 货件信息/状态: the shipment's information, Amazon's status (set by hand once shipped) and the timeline.
export function Status({ shipment, act, busy, handle }) {
  const [amazon, setAmazon] = useState(shipment.amazonStatus);
  const options = useShipOptions();
  const statuses = options ? options.amazonStatuses : [];
  const info = [
    ["货件名称", shipment.name], ["状态", shipment.statusName], ["亚马逊状态", shipment.amazonStatus], ["承运商", shipment.carrier],
    ["物流渠道", shipment.channel], ["跟踪单号", shipment.tracking], ["运费", money(shipment.freight, "CNY")], ["创建时间", shipment.createdAt],
    ["审核时间", shipment.auditedAt], ["发货时间", shipment.shippedAt], ["备注", shipment.remark],
  ];
  if (shipment.inboundStatus) info.splice(3, 0, ["亚马逊同步", `${shipment.inboundStatusName}（${shipment.inboundCheckedAt}）`]);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        {info.map(([k, v]) => (
          <div key={k} className="flex gap-2">
            <dt className="text-slate-500">{k}：</dt>
            <dd>{v || "—"}</dd>
          </div>
        ))}
      </dl>
      {shipment.statusDiffers && (
        <p role="note" className="text-sm text-red-700">
          手动设置的亚马逊状态（{shipment.amazonStatus}）与亚马逊的状态（{shipment.inboundStatus} {shipment.inboundStatusName}）不一致。
        </p>
      )}
      {handle && shipment.status === 4 && (
        <form
          className="flex items-center gap-2 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            act("amazonStatus", { status: amazon }, "状态已更新");
          }}
        >
          <label className="flex items-center gap-2">
            亚马逊状态
            <select aria-label="亚马逊状态" className={input} value={amazon} onChange={(e) => setAmazon(e.target.value)}>
              {statuses.map((a) => (
                <option key={a.code} value={a.code}>
                  {a.code} {a.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={button} disabled={busy}>
            保存状态
          </button>
        </form>
      )}
      <div>
        <h3 className="mb-2 text-sm font-semibold">操作记录</h3>
        <ol className="space-y-1 text-sm">
          {shipment.events.map((e, i) => (
            <li key={i} className="flex flex-wrap gap-x-3">
              <span className="text-slate-500">{e.createdAt}</span>
              <span className="font-medium">{e.action}</span>
              <span>→ {e.statusName}</span>
              {e.detail && <span>{e.detail}</span>}
              <span className="text-slate-500">{e.operator}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
