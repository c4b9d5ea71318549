// 发货计划提交 (/e/s/p): a new plan, or the plan ?id= names. A plan 待提交 is edited here and saved or submitted; a
// submitted, shipped or voided one is shown read only (the page is then 发货计划详情), a shipped one with the way to
// its shipment. Saved or submitted here, the page and its tab take the plan's name as the list would open it.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import ItemsEditor, { itemsBody, useShipOptions } from "./ItemsEditor.jsx";
import { retitle } from "../lib/tabs.js";
import { ERP, button, card, input, openTab, plain } from "./common.js";

const EMPTY = { groupId: "", marketplaceId: "ATVPDKIKX0DER", warehouseId: "", remark: "", items: [] };

export default function PlanEdit({ permissions, planId }) {
  const options = useShipOptions();
  const [id, setId] = useState(planId || "");
  const [plan, setPlan] = useState(planId ? null : EMPTY);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!planId) return;
    api(`${ERP}/shipPlan/${planId}`)
      .then(({ data }) => setPlan(data))
      .catch((e) => setError(e.message));
  }, [planId]);

  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    );
  if (!plan || !options) return <p className="text-sm text-slate-500">加载中...</p>;
  const editable = (plan.status === undefined || plan.status === 0) && can(permissions, "erp:ship:plan:add");

  const save = async (submit) => {
    setBusy(true);
    setError("");
    try {
      const body = { groupId: plan.groupId, marketplaceId: plan.marketplaceId, warehouseId: plan.warehouseId, remark: plan.remark, items: itemsBody(plan.items) };
      let { data } = id ? await api(`${ERP}/shipPlan/${id}`, { method: "PUT", body }) : await api(`${ERP}/shipPlan`, { method: "POST", body });
      if (submit) ({ data } = await api(`${ERP}/shipPlan/${data.id}/submit`, { method: "POST" }));
      // The frame's address names the saved plan, so that refreshing the tab reopens it.
      if (!id) {
        const url = new URL(window.location.href);
        url.searchParams.set("id", data.id);
        window.history.replaceState(null, "", url);
      }
      setId(data.id);
      setPlan(data);
      // The tab is now what the list opens this plan as: its 编辑 while a draft, its 发货计划详情 once submitted.
      if (submit) retitle(`发货计划详情 ${data.number}`, "发货计划详情");
      else if (!id) retitle(`编辑发货计划 ${data.number}`, "发货计划提交");
      toast(submit ? `发货计划 ${data.number} 已提交` : `发货计划 ${data.number} 已保存`);
    } catch (e) {
      toast(e.message, "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`space-y-4 ${card}`}>
      {plan.number && (
        <p className="text-sm">
          计划编号 <span className="font-semibold">{plan.number}</span>　状态 <span className="font-semibold">{plan.statusName}</span>
          {plan.shipmentId && (
            <>
              　货件{" "}
              <button type="button" className="text-sky-700 hover:underline dark:text-sky-300" onClick={() => openTab(`处理货件 ${plan.shipmentId}`, "/shipment_handing/shipstep", { shipmentid: plan.shipmentId })}>
                {plan.shipmentId}
              </button>
            </>
          )}
        </p>
      )}
      <ItemsEditor options={options} value={plan} onChange={setPlan} readOnly={!editable} />
      {editable ? (
        <label className="block text-sm">
          备注
          <textarea aria-label="备注" rows={2} className={`mt-1 block w-full ${input}`} value={plan.remark} onChange={(e) => setPlan({ ...plan, remark: e.target.value })} />
        </label>
      ) : (
        <p className="text-sm">
          <span className="text-slate-500">备注：</span>
          {plan.remark || "—"}
        </p>
      )}
      {editable && (
        <div className="flex gap-3">
          <button type="button" className={plain} disabled={busy} onClick={() => save(false)}>
            保存
          </button>
          <button type="button" className={button} disabled={busy} onClick={() => save(true)}>
            保存并提交
          </button>
        </div>
      )}
    </div>
  );
}
