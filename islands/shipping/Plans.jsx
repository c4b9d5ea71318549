// 发货计划: the company's plans in the table island, filtered by status and number. A plan 待提交 can be edited,
// submitted or voided; a submitted one becomes a shipment (创建货件: its destination centre and, if Amazon gave
// one, its shipment id), which then opens in the handling screen.
import { useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import FormDialog from "../lib/FormDialog.jsx";
import { ERP, button, input, openTab } from "./common.js";

const STATUSES = [["", "全部状态"], ["0", "待提交"], ["1", "已提交"], ["2", "已生成货件"], ["3", "已作废"]];

export const shipmentFields = [
  { name: "center", label: "目的配送中心", required: true, placeholder: "如 ONT8" },
  { name: "shipmentId", label: "货件ID", placeholder: "亚马逊的货件ID；留空则生成本地编号 LS…" },
  { name: "name", label: "货件名称" },
  { name: "remark", label: "备注" },
];

export default function Plans({ permissions }) {
  const [version, setVersion] = useState(0);
  const [creating, setCreating] = useState(null);

  const run = (path, question) => async (row, refresh) => {
    if (!(await ask(question(row)))) return;
    try {
      await api(`${ERP}/shipPlan/${row.id}/${path}`, { method: "POST" });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const createShipment = async (values) => {
    const { data } = await api(`${ERP}/shipment/fromPlan`, { method: "POST", body: { ...values, planId: creating.id } });
    toast(`货件 ${data.shipmentId} 已创建`);
    setVersion((n) => n + 1);
    openTab(`处理货件 ${data.shipmentId}`, "/shipment_handing/shipstep", { shipmentid: data.shipmentId });
  };

  return (
    <section aria-label="发货计划">
      <form id="plan-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <select name="status" aria-label="状态" className={input}>
          {STATUSES.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
        <input name="number" aria-label="计划编号" placeholder="计划编号" className={`w-44 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="shipPlanList"
        source={`${ERP}/shipPlan/page`}
        exportUrl={`${ERP}/shipPlan/export`}
        filterForm="plan-filter"
        permissions={permissions}
        version={version}
        toolbar={
          can(permissions, "erp:ship:plan:add") && (
            <button type="button" className={button} onClick={() => openTab("发货计划提交", "/e/s/p")}>
              新建发货计划
            </button>
          )
        }
        actions={[
          { label: "编辑", permission: "erp:ship:plan:add", when: (r) => r.status === 0, run: (r) => openTab(`编辑发货计划 ${r.number}`, "/e/s/p", { id: r.id }) },
          { label: "查看", when: (r) => r.status !== 0, run: (r) => openTab(`发货计划详情 ${r.number}`, "/e/s/p", { id: r.id }) },
          { label: "提交", permission: "erp:ship:plan:add", when: (r) => r.status === 0, run: run("submit", (r) => ({ title: `提交发货计划 ${r.number}`, message: "提交后不能再编辑，可由它创建货件。", action: "提交" })) },
          { label: "创建货件", permission: "erp:ship:add", when: (r) => r.status === 1, run: (r) => setCreating(r) },
          { label: "作废", permission: "erp:ship:plan:add", danger: true, when: (r) => r.status === 0 || r.status === 1, run: run("cancel", (r) => ({ title: `作废发货计划 ${r.number}`, message: "作废后不可恢复。", action: "作废", danger: true })) },
        ]}
      />
      {creating && <FormDialog title={`由发货计划 ${creating.number} 创建货件`} fields={shipmentFields} onSubmit={createShipment} onClose={() => setCreating(null)} submitLabel="创建货件" />}
    </section>
  );
}
