// 数据字典: dictionaries on the left, the items of the selected one on the right, each with add, edit and delete
// behind the 数据字典 screen's button permissions. A dictionary that still has items is not deleted (the server
// says 删除字典失败，请先删除关联字典数据).
import { useState } from "react";
import { mount } from "../lib/mount.js";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import FormDialog from "../lib/FormDialog.jsx";

const V1 = "/admin/api/v1";
const STATUS = [
  ["1", "启用"],
  ["0", "停用"],
];
const FORMATS = { status: { 1: "启用", 0: "停用" } };

const dictFields = [
  { name: "name", label: "字典名称", required: true },
  { name: "code", label: "字典编码", required: true, placeholder: "字母、数字和下划线" },
  { name: "status", label: "状态", options: STATUS, default: "1" },
  { name: "remark", label: "备注" },
];
const itemFields = [
  { name: "name", label: "字典项名称", required: true },
  { name: "value", label: "字典项值", required: true },
  { name: "sort", label: "排序", type: "number", default: "0" },
  { name: "status", label: "状态", options: STATUS, default: "1" },
  { name: "remark", label: "备注" },
];

const number = (v) => (v === "" || v === undefined ? undefined : Number(v));

function Dictionaries({ permissions }) {
  const [selected, setSelected] = useState(null);
  const [form, setForm] = useState(null);
  const [search, setSearch] = useState("");
  const [dictVersion, setDictVersion] = useState(0);
  const [itemVersion, setItemVersion] = useState(0);

  const remove = (url, what, after) => async (row, refresh) => {
    if (!(await ask({ title: `删除${what}“${row.name}”`, message: "删除后不可恢复。", action: "删除", danger: true }))) return;
    try {
      await api(`${V1}/${url}/${row.id}`, { method: "DELETE" });
      toast("操作成功!");
      after?.(row);
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const saveDict = (row) => async (v) => {
    const body = { name: v.name, code: v.code, status: number(v.status), remark: v.remark };
    const { data } = row ? await api(`${V1}/dicts/${row.id}`, { method: "PUT", body }) : await api(`${V1}/dicts`, { method: "POST", body });
    toast("操作成功!");
    setDictVersion((n) => n + 1);
    if (!row || selected?.id === row.id) setSelected(data);
  };
  const saveItem = (row) => async (v) => {
    const body = { dictCode: selected.code, name: v.name, value: v.value, sort: number(v.sort), status: number(v.status), remark: v.remark };
    if (row) await api(`${V1}/dict-items/${row.id}`, { method: "PUT", body });
    else await api(`${V1}/dict-items`, { method: "POST", body });
    toast("操作成功!");
    setItemVersion((n) => n + 1);
  };

  const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-label="字典">
        <div className="mb-2 flex items-center gap-2">
          <h2 className="text-base font-semibold">字典</h2>
          <input aria-label="按名称查找字典" placeholder="按名称查找" className="ml-auto w-40 rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <DataTable
          queryname="dictList"
          source={`${V1}/dicts/page`}
          method="GET"
          exportUrl={`${V1}/dicts/export`}
          filters={{ name: search }}
          formats={FORMATS}
          permissions={permissions}
          version={dictVersion}
          selected={selected?.id}
          onSelect={setSelected}
          toolbar={
            can(permissions, "sys:dict:add") && (
              <button type="button" className={button} onClick={() => setForm({ kind: "dict" })}>
                新增字典
              </button>
            )
          }
          actions={[
            { label: "编辑", permission: "sys:dict:edit", run: (row) => setForm({ kind: "dict", row }) },
            { label: "删除", permission: "sys:dict:delete", danger: true, run: remove("dicts", "字典", (row) => selected?.id === row.id && setSelected(null)) },
          ]}
        />
      </section>
      <section aria-label="字典项">
        <div className="mb-2 flex items-center gap-2">
          <h2 className="text-base font-semibold">{selected ? `字典项：${selected.name}（${selected.code}）` : "字典项"}</h2>
        </div>
        {selected ? (
          <DataTable
            queryname="dictItemList"
            source={`${V1}/dict-items/page`}
            method="GET"
            filters={{ dictCode: selected.code }}
            formats={FORMATS}
            exportUrl={`${V1}/dict-items/export`}
            permissions={permissions}
            version={itemVersion}
            toolbar={
              can(permissions, "sys:dict:add") && (
                <button type="button" className={button} onClick={() => setForm({ kind: "item" })}>
                  新增字典项
                </button>
              )
            }
            actions={[
              { label: "编辑", permission: "sys:dict:edit", run: (row) => setForm({ kind: "item", row }) },
              { label: "删除", permission: "sys:dict:delete", danger: true, run: remove("dict-items", "字典项") },
            ]}
          />
        ) : (
          <p className="rounded-lg bg-white px-4 py-10 text-center text-sm text-slate-500 ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">请在左侧选择一个字典</p>
        )}
      </section>
      {form?.kind === "dict" && (
        <FormDialog
          title={form.row ? "编辑字典" : "新增字典"}
          fields={dictFields}
          initial={form.row && { ...form.row, status: String(form.row.status) }}
          onSubmit={saveDict(form.row)}
          onClose={() => setForm(null)}
        />
      )}
      {form?.kind === "item" && (
        <FormDialog
          title={form.row ? "编辑字典项" : "新增字典项"}
          fields={itemFields}
          initial={form.row && { ...form.row, status: String(form.row.status), sort: String(form.row.sort) }}
          onSubmit={saveItem(form.row)}
          onClose={() => setForm(null)}
        />
      )}
    </div>
  );
}

mount("dictionaries", Dictionaries);
