// The handling screen of one shipment (/shipment_handing/shipstep?shipmentid=): a stepper of 配货, 装箱, 发货,
// 收货 and 货件信息/状态. It opens at the step the shipment has reached; every step done can be looked at again,
// and the latest one cancelled, which reverses it (the server moves the stock back).
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import { Boxing, Picking, Receiving, Shipping, Status } from "./Steps.jsx";
import { ERP, card, danger, openTab, pickListUrl } from "./common.js";

const STEPS = ["配货", "装箱", "发货", "收货", "货件信息/状态"];

// askable: a shipped shipment under Amazon's id that Amazon has not yet closed, cancelled or deleted.
const askable = (sh) => sh.status === 4 && sh.shipmentId.startsWith("FBA") && !["CLOSED", "CANCELLED", "DELETED"].includes(sh.inboundStatus);

// The step a shipment waits at: 待确认 at 配货, 配货 at 装箱, 装箱 at 发货, shipped at 收货; a cancelled one shows its
// information.
const stepOf = (status) => ({ 1: 0, 2: 1, 3: 2, 4: 3 })[status] ?? 4;

// Cancelling a shipment in 配货 or 装箱 gives its outbound stock back (one 待确认 has moved nothing yet), and its
// plan, if it came from one, can make another shipment.
function cancelQuestion(shipment) {
  const back = shipment.status >= 2 ? `，待出库的 ${shipment.quantity} 件将退回“${shipment.warehouseName}”的可用库存` : "";
  const plan = shipment.planId ? "，发货计划回到已提交" : "";
  return { title: `取消货件 ${shipment.shipmentId}`, message: `取消后不可恢复${back}${plan}。`, action: "取消货件", danger: true };
}

export default function ShipStep({ shipmentId, permissions }) {
  const [shipment, setShipment] = useState(null);
  const [error, setError] = useState("");
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [syncNote, setSyncNote] = useState("");
  // synced counts Amazon's answers: 收货's form starts again from each (Amazon's units may have filled it).
  const [synced, setSynced] = useState(0);

  useEffect(() => {
    if (!shipmentId) {
      setError("请从货件处理列表选择货件");
      return;
    }
    api(`${ERP}/shipment/${encodeURIComponent(shipmentId)}`)
      .then(({ data }) => {
        setShipment(data);
        setStep(stepOf(data.status));
        // A shipped shipment of Amazon's that Amazon may still move on is asked about as it opens.
        if (askable(data)) syncAmazon(data.shipmentId, false);
      })
      .catch((e) => setError(e.message));
  }, [shipmentId]);

  // syncAmazon asks Amazon's Fulfillment Inbound API about the shipment: its status and received units fill in;
  // a failure is shown beside the header (and toasted when the user pressed 同步亚马逊).
  const syncAmazon = async (id, pressed) => {
    setSyncNote("正在从亚马逊同步...");
    try {
      const { data } = await api(`${ERP}/shipment/${encodeURIComponent(id)}/inboundSync`, { method: "POST" });
      setShipment(data);
      setSynced((n) => n + 1);
      setSyncNote("");
      if (pressed) toast("已从亚马逊同步");
    } catch (e) {
      // A store without Amazon's authorisation (shipments entered by hand) is not told so each time it opens one.
      setSyncNote(pressed || !e.message.includes("未授权亚马逊") ? `亚马逊同步失败：${e.message}` : "");
      if (pressed) toast(e.message, "error");
    }
  };

  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    );
  if (!shipment) return <p className="text-sm text-slate-500">加载中...</p>;

  // act runs a step's call, after asking question if there is one (the steps that move stock or cannot be taken
  // back); the answer is the shipment as it is now, and the stepper follows it.
  const act = async (path, body, done, question) => {
    if (question && !(await ask(question))) return;
    setBusy(true);
    try {
      const { data } = await api(`${ERP}/shipment/${encodeURIComponent(shipment.shipmentId)}/${path}`, { method: "POST", body });
      setShipment(data);
      setStep(stepOf(data.status));
      toast(done);
    } catch (e) {
      toast(e.message, "error");
    } finally {
      setBusy(false);
    }
  };
  const props = { shipment, act, busy, handle: can(permissions, "erp:ship:handle") };
  const reached = stepOf(shipment.status);
  const cancellable = shipment.status >= 1 && shipment.status <= 3 && props.handle;

  return (
    <div className="space-y-4">
      <div className={`flex flex-wrap items-center gap-x-6 gap-y-1 text-sm ${card}`}>
        <span>
          货件ID <strong data-testid="shipment-id">{shipment.shipmentId}</strong>
        </span>
        <span>店铺 {shipment.groupName}</span>
        <span>国家 {shipment.country}</span>
        <span>配送中心 {shipment.center}</span>
        <span>发货仓库 {shipment.warehouseName}</span>
        <span>
          状态 <strong data-testid="shipment-status">{shipment.statusName}</strong>
        </span>
        <span className="ml-auto flex items-center gap-3">
          <a className="text-sky-700 hover:underline dark:text-sky-300" href={pickListUrl(shipment.shipmentId)} target="_blank" rel="noopener">
            打印配货单
          </a>
          <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => openTab(`货件详情 ${shipment.shipmentId}`, "/shipmentdetails", { shipmentid: shipment.shipmentId })}>
            货件详情
          </button>
          {askable(shipment) && (
            <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" disabled={busy} onClick={() => syncAmazon(shipment.shipmentId, true)}>
              同步亚马逊
            </button>
          )}
          {cancellable && (
            <button type="button" className={danger} disabled={busy} onClick={() => act("cancel", undefined, "货件已取消", cancelQuestion(shipment))}>
              取消货件
            </button>
          )}
        </span>
      </div>
      {syncNote && (
        <p role="status" className="text-sm text-amber-700">
          {syncNote}
        </p>
      )}
      <ol className="flex flex-wrap gap-2" aria-label="处理步骤">
        {STEPS.map((name, i) => {
          // 收货 is done once something is received, the last step once Amazon has closed the shipment.
          const done =
            shipment.status > 0 &&
            (i < reached || (i === 3 && shipment.status === 4 && shipment.items.some((it) => it.quantityReceived > 0)) || (i === 4 && (shipment.amazonStatus === "CLOSED" || shipment.inboundStatus === "CLOSED")));
          return (
            <li key={name}>
              <button
                type="button"
                aria-current={i === step ? "step" : undefined}
                onClick={() => setStep(i)}
                className={`flex items-center gap-2 rounded-full px-4 py-1.5 text-sm ${i === step ? "bg-sky-700 text-white" : done ? "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800" : "bg-white text-slate-600 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-300"}`}
              >
                <span aria-hidden="true" className="font-semibold">
                  {done ? "✓" : i + 1}
                </span>
                {name}
              </button>
            </li>
          );
        })}
      </ol>
      <section className={card} aria-label={STEPS[step]}>
        {step === 0 && <Picking {...props} />}
        {step === 1 && <Boxing {...props} />}
        {step === 2 && <Shipping {...props} />}
        {step === 3 && <Receiving key={synced} {...props} />}
        {step === 4 && <Status {...props} />}
      </section>
    </div>
  );
}
