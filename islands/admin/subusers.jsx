// 子账号: the company's users in the table island, with 新增子账号 and 编辑 (name, contact and roles), 停用/启用 and
// 重置密码, each shown only with its button permission. Users are never deleted: 停用 ends their session and keeps
// them from signing in. The company's owner (主账号) cannot be disabled; nobody changes their own roles, store
// groups or state, so one's own row offers neither those fields nor 停用 and 重置密码. The server refuses what
// the screen hides, and what the user does not hold themselves (shown as the form's error).
import { useEffect, useState } from "react";
import { mount } from "../lib/mount.js";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import FormDialog from "../lib/FormDialog.jsx";

const BASE = "/admin/api/v1/users/subusers";
const FORMATS = { status: { 1: "启用", 0: "停用" }, storeGroups: { "": "全部" } };
const STATUS = [
  ["", "全部"],
  ["1", "启用"],
  ["0", "停用"],
];

function SubUsers({ permissions, passwordRule }) {
  const [roles, setRoles] = useState([]);
  const [depts, setDepts] = useState([]);
  const [stores, setStores] = useState([]);
  const [form, setForm] = useState(null);
  const [filters, setFilters] = useState({});
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);

  useEffect(() => {
    api(`${BASE}/roles`)
      .then(({ data }) => setRoles(data.map((r) => [r.id, r.name])))
      .catch((e) => toast(e.message, "error"));
    api(`${BASE}/depts`)
      .then(({ data }) => setDepts(data.map((d) => [d.id, d.name])))
      .catch((e) => toast(e.message, "error"));
    api(`${BASE}/storeGroups`)
      .then(({ data }) => setStores(data.map((g) => [g.id, g.name])))
      .catch((e) => toast(e.message, "error"));
  }, []);

  const roleField = { name: "roleIds", label: "角色", choices: roles, empty: "还没有角色，请先在角色授权中新增" };
  // A user limited to store groups sees only those; none ticked: every store. The owner always sees every store.
  const storeField = { name: "storeGroupIds", label: "可查看的店铺（不选则全部）", choices: stores, empty: "还没有店铺，请先在店铺管理中添加" };
  const profileFields = [
    { name: "name", label: "姓名", required: true },
    { name: "email", label: "邮箱", type: "email" },
    { name: "mobile", label: "手机", type: "tel" },
    { name: "deptId", label: "部门", options: [["", "无"], ...depts], default: "" },
    roleField,
    storeField,
  ];
  // One's own roles and store groups are not offered, nor the owner's store groups (the owner sees every store).
  const fieldsFor = (row) => profileFields.filter((f) => (f !== roleField || !row.isSelf) && (f !== storeField || !(row.isSelf || row.isOwner)));
  const addFields = [
    { name: "account", label: "账号", required: true, placeholder: "手机号码或邮箱，用于登录" },
    ...profileFields,
    { name: "password", label: "密码", type: "password", required: true, hint: passwordRule },
    { name: "repassword", label: "确认密码", type: "password", required: true },
  ];
  const resetFields = [
    { name: "password", label: "新密码", type: "password", required: true, hint: passwordRule },
    { name: "repassword", label: "确认新密码", type: "password", required: true },
  ];

  const save = (row) => async (v) => {
    // Fields the form leaves out stay out of the body: the server keeps what is absent.
    const body = { name: v.name, email: v.email, mobile: v.mobile, deptId: v.deptId };
    if (!row?.isSelf) body.roleIds = v.roleIds;
    if (!row?.isSelf && !row?.isOwner) body.storeGroupIds = v.storeGroupIds;
    if (row) await api(`${BASE}/${row.id}`, { method: "PUT", body });
    else await api(BASE, { method: "POST", body: { ...body, account: v.account, password: v.password, repassword: v.repassword } });
    toast("操作成功!");
    reload();
  };
  const resetPassword = (row) => async (v) => {
    await api(`${BASE}/${row.id}/resetPassword`, { method: "POST", body: { password: v.password, repassword: v.repassword } });
    toast("密码已重置，该账号需要用新密码重新登录");
  };
  const setEnabled = (enabled) => async (row, refresh) => {
    const question = { title: `停用子账号“${row.name || row.account}”`, message: "停用后该账号将无法登录，已登录的会立即退出。", action: "停用", danger: true };
    if (!enabled && !(await ask(question))) return;
    try {
      await api(`${BASE}/${row.id}/${enabled ? "enable" : "disable"}`, { method: "POST" });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const search = (e) => {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.currentTarget));
    setFilters(Object.fromEntries(Object.entries(data).filter(([, v]) => v !== "")));
  };
  const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
  const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800";
  return (
    <div>
      <form role="search" aria-label="查找子账号" className="mb-3 flex flex-wrap items-center gap-2" onSubmit={search}>
        <input name="name" aria-label="姓名" placeholder="姓名" className={input} />
        <input name="account" aria-label="账号" placeholder="账号" className={input} />
        <select name="status" aria-label="状态" className={input} defaultValue="">
          {STATUS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700">
          查询
        </button>
      </form>
      <DataTable
        queryname="subUserList"
        source={`${BASE}/page`}
        exportUrl={`${BASE}/export`}
        filters={filters}
        formats={FORMATS}
        permissions={permissions}
        version={version}
        toolbar={
          can(permissions, "sys:user:add") && (
            <button type="button" className={button} onClick={() => setForm({ kind: "add" })}>
              新增子账号
            </button>
          )
        }
        noun="子账号"
        rowName={(row) => row.name || row.account}
        bulk={[
          { label: "启用", permission: "sys:user:delete", when: (row) => row.status === 0, url: `${BASE}/{id}/enable` },
          { label: "停用", permission: "sys:user:delete", danger: true, when: (row) => row.status === 1 && !row.isOwner && !row.isSelf, url: `${BASE}/{id}/disable` },
        ]}
        actions={[
          { label: "编辑", permission: "sys:user:edit", run: (row) => setForm({ kind: "edit", row }) },
          { label: "重置密码", permission: "sys:user:reset", when: (row) => !row.isOwner && !row.isSelf, run: (row) => setForm({ kind: "reset", row }) },
          { label: "停用", permission: "sys:user:delete", danger: true, when: (row) => row.status === 1 && !row.isOwner && !row.isSelf, run: setEnabled(false) },
          { label: "启用", permission: "sys:user:delete", when: (row) => row.status === 0, run: setEnabled(true) },
        ]}
      />
      {form?.kind === "add" && <FormDialog title="新增子账号" fields={addFields} onSubmit={save(null)} onClose={() => setForm(null)} />}
      {form?.kind === "edit" && (
        <FormDialog
          title={`编辑子账号：${form.row.account}`}
          fields={fieldsFor(form.row)}
          initial={form.row}
          onSubmit={save(form.row)}
          onClose={() => setForm(null)}
        />
      )}
      {form?.kind === "reset" && (
        <FormDialog
          title={`重置密码：${form.row.account}`}
          fields={resetFields}
          submitLabel="重置"
          onSubmit={resetPassword(form.row)}
          onClose={() => setForm(null)}
        />
      )}
    </div>
  );
}

mount("subusers", SubUsers);
