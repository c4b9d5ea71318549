// 角色授权: the company's roles in the table island, with 新增角色, 编辑 (name and remark), 删除 (refused while a user
// holds the role) and 授权 (the grant tree), each shown only with its button permission. The admin role (管理员)
// holds everything and offers only 查看权限.
import { useState } from "react";
import { mount } from "../lib/mount.js";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import FormDialog from "../lib/FormDialog.jsx";
import GrantDialog from "./GrantDialog.jsx";

const BASE = "/admin/api/v1/roles";
const roleFields = [
  { name: "name", label: "角色名称", required: true },
  { name: "remark", label: "备注" },
];

function Roles({ permissions }) {
  const [form, setForm] = useState(null);
  const [search, setSearch] = useState("");
  const [version, setVersion] = useState(0);

  const save = (row) => async (v) => {
    const body = { name: v.name, remark: v.remark };
    if (row) await api(`${BASE}/${row.id}`, { method: "PUT", body });
    else await api(BASE, { method: "POST", body });
    toast("操作成功!");
    setVersion((n) => n + 1);
  };
  const remove = async (row, refresh) => {
    if (!(await ask({ title: `删除角色“${row.name}”`, message: "删除后不可恢复。", action: "删除", danger: true }))) return;
    try {
      await api(`${BASE}/${row.id}`, { method: "DELETE" });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const custom = (row) => !row.isAdmin;
  return (
    <div>
      <div className="mb-3 flex items-center gap-2">
        <input aria-label="按名称查找角色" placeholder="按名称查找" className="w-48 rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <DataTable
        queryname="roleList"
        source={`${BASE}/page`}
        exportUrl={`${BASE}/export`}
        filters={{ name: search }}
        permissions={permissions}
        version={version}
        toolbar={
          can(permissions, "sys:role:add") && (
            <button type="button" className="rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800" onClick={() => setForm({ kind: "role" })}>
              新增角色
            </button>
          )
        }
        actions={[
          { label: "授权", permission: "sys:role:edit", when: custom, run: (row) => setForm({ kind: "grant", row }) },
          { label: "查看权限", when: (row) => row.isAdmin, run: (row) => setForm({ kind: "grant", row }) },
          { label: "编辑", permission: "sys:role:edit", when: custom, run: (row) => setForm({ kind: "role", row }) },
          { label: "删除", permission: "sys:role:delete", danger: true, when: custom, run: remove },
        ]}
      />
      {form?.kind === "role" && (
        <FormDialog title={form.row ? "编辑角色" : "新增角色"} fields={roleFields} initial={form.row} onSubmit={save(form.row)} onClose={() => setForm(null)} />
      )}
      {form?.kind === "grant" && <GrantDialog role={form.row} onClose={() => setForm(null)} />}
    </div>
  );
}

mount("roles", Roles);
