// 仓库: the company's warehouses in the table island, found by name and kind; 新增/编辑 in a dialog (name unique
// in the company, kind, address, whether stock may go below zero, remark), 停用/启用, and 删除, which the server
// refuses once the warehouse has stock, ledger lines or documents.
import { useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import FormDialog from "../lib/FormDialog.jsx";
import { ERP, button, input } from "./shared.jsx";

const KIND_OPTIONS = [
  ["own", "自有仓"],
  ["overseas", "海外仓"],
  ["fba", "FBA仓"],
];

const FIELDS = [
  { name: "name", label: "仓库名称", required: true, placeholder: "如：深圳仓" },
  { name: "kind", label: "仓库类型", options: KIND_OPTIONS, default: "own" },
  { name: "address", label: "地址" },
  { name: "allowNegative", label: "允许负库存", options: [["false", "不允许"], ["true", "允许（出库可超过可用库存）"]], default: "false" },
  { name: "remark", label: "备注" },
];

export default function Warehouses({ permissions }) {
  const [form, setForm] = useState(null);
  const [version, setVersion] = useState(0);

  const save = (row) => async (v) => {
    const body = { name: v.name, kind: v.kind, address: v.address, allowNegative: v.allowNegative === "true", remark: v.remark };
    if (row) await api(`${ERP}/warehouse/${row.id}`, { method: "PUT", body });
    else await api(`${ERP}/warehouse`, { method: "POST", body });
    toast("操作成功!");
    setVersion((n) => n + 1);
  };

  const step = (verb, path, question) => async (row, refresh) => {
    if (question && !(await ask(question(row)))) return;
    try {
      await api(`${ERP}/warehouse/${row.id}${path}`, { method: verb });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  return (
    <section aria-label="仓库">
      <form id="warehouse-filter" className="mb-2 flex flex-wrap items-center gap-2">
        <input name="name" aria-label="按名称查找仓库" placeholder="仓库名称" className={`w-48 ${input}`} />
        <select name="kind" aria-label="仓库类型" className={input}>
          <option value="">全部类型</option>
          {KIND_OPTIONS.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="warehouseList"
        source={`${ERP}/warehouse/page`}
        exportUrl={`${ERP}/warehouse/export`}
        filterForm="warehouse-filter"
        permissions={permissions}
        version={version}
        formats={{ disabled: { true: "已停用", false: "启用" }, allowNegative: { true: "允许", false: "不允许" } }}
        toolbar={
          can(permissions, "erp:wh:add") && (
            <button type="button" className={button} onClick={() => setForm({})}>
              新增仓库
            </button>
          )
        }
        noun="仓库"
        rowName={(row) => row.name}
        bulk={[
          { label: "启用", permission: "erp:wh:edit", when: (row) => row.disabled, url: `${ERP}/warehouse/{id}/enable` },
          { label: "停用", permission: "erp:wh:edit", when: (row) => !row.disabled, url: `${ERP}/warehouse/{id}/disable` },
        ]}
        actions={[
          { label: "编辑", permission: "erp:wh:edit", run: (row) => setForm({ row }) },
          { label: "停用", permission: "erp:wh:edit", when: (row) => !row.disabled, run: step("POST", "/disable", (r) => ({ title: `停用仓库“${r.name}”`, message: "停用后不能再新建它的单据，可随时启用。", action: "停用" })) },
          { label: "启用", permission: "erp:wh:edit", when: (row) => row.disabled, run: step("POST", "/enable") },
          { label: "删除", permission: "erp:wh:delete", danger: true, run: step("DELETE", "", (r) => ({ title: `删除仓库“${r.name}”`, message: "删除后不可恢复。", action: "删除", danger: true })) },
        ]}
      />
      {form && (
        <FormDialog
          title={form.row ? "编辑仓库" : "新增仓库"}
          fields={FIELDS}
          initial={form.row && { ...form.row, allowNegative: String(form.row.allowNegative) }}
          onSubmit={save(form.row)}
          onClose={() => setForm(null)}
        />
      )}
    </section>
  );
}
