// 仓库地址 and 发货地址: the company's addresses in the table island, found by contact, company, city or street; 新增
// and 编辑 in a dialog with the fields Amazon's inbound API takes (联系人, 公司名称, 地址1-2, 城市, 州/省, 邮编, 国家/地区
// as a two-letter code, 电话, 邮箱), 设为默认 (the address a new shipment starts with), and 删除 (asked first). A
// warehouse address names its warehouse (own or overseas: an FBA warehouse's address is Amazon's).
import { useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import FormDialog from "../lib/FormDialog.jsx";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { ERP, WarehouseSelect, button, input, useWarehouses } from "./shared.jsx";

const SCREENS = {
  warehouse: { path: "warehouseAddress", noun: "仓库地址", queryname: "warehouseAddressList", permission: "erp:wh:address" },
  shipFrom: { path: "shipFromAddress", noun: "发货地址", queryname: "shipFromAddressList", permission: "erp:address" },
};

const ADDRESS_FIELDS = [
  { name: "name", label: "联系人", required: true, placeholder: "收发货联系人姓名" },
  { name: "companyName", label: "公司名称" },
  { name: "addressLine1", label: "地址1", required: true, placeholder: "街道、门牌号" },
  { name: "addressLine2", label: "地址2", placeholder: "楼层、单元（可选）" },
  { name: "city", label: "城市", required: true },
  { name: "stateOrProvince", label: "州/省", placeholder: "如 GD、CA" },
  { name: "postalCode", label: "邮编", required: true },
  { name: "countryCode", label: "国家/地区", required: true, placeholder: "两位字母代码，如 CN、US", default: "CN" },
  { name: "phone", label: "电话", required: true },
  { name: "email", label: "邮箱" },
  { name: "isDefault", label: "默认地址", options: [["false", "否"], ["true", "是（新建货件时默认使用）"]], default: "false" },
  { name: "remark", label: "备注" },
];

export default function Addresses({ kind, permissions }) {
  const s = SCREENS[kind];
  const [form, setForm] = useState(null);
  const [version, setVersion] = useState(0);
  const warehouses = useWarehouses(true);
  const own = (warehouses || []).filter((w) => w.kind !== "fba");
  const fields =
    kind === "warehouse"
      ? [{ name: "warehouseId", label: "仓库", required: true, options: [["", "请选择仓库"], ...own.map((w) => [w.id, w.name])] }, ...ADDRESS_FIELDS]
      : ADDRESS_FIELDS;

  const save = (row) => async (v) => {
    const body = { ...v, isDefault: v.isDefault === "true" };
    if (row) await api(`${ERP}/${s.path}/${row.id}`, { method: "PUT", body });
    else await api(`${ERP}/${s.path}`, { method: "POST", body });
    toast("操作成功!");
    setVersion((n) => n + 1);
  };
  const remove = async (row, refresh) => {
    if (!(await ask({ title: `删除${s.noun}`, message: `删除“${row.name}，${row.city} ${row.addressLine1}”后不可恢复。`, action: "删除", danger: true }))) return;
    try {
      await api(`${ERP}/${s.path}/${row.id}`, { method: "DELETE" });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const makeDefault = async (row, refresh) => {
    try {
      await api(`${ERP}/${s.path}/${row.id}`, { method: "PUT", body: { ...row, isDefault: true } });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  return (
    <section aria-label={s.noun}>
      <form id="address-filter" className="mb-2 flex flex-wrap items-center gap-2">
        <input name="search" aria-label="查找地址" placeholder="联系人、公司、城市或地址" className={`w-64 ${input}`} />
        {kind === "warehouse" && <WarehouseSelect warehouses={own} />}
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname={s.queryname}
        source={`${ERP}/${s.path}/page`}
        exportUrl={`${ERP}/${s.path}/export`}
        filterForm="address-filter"
        permissions={permissions}
        version={version}
        formats={{ isDefault: { true: "默认", false: "" } }}
        empty={`还没有${s.noun}，点击“新增${s.noun}”填写，发货时即可选用。`}
        toolbar={
          can(permissions, `${s.permission}:add`) && (
            <button type="button" className={button} onClick={() => setForm({})}>
              新增{s.noun}
            </button>
          )
        }
        actions={[
          { label: "编辑", permission: `${s.permission}:edit`, run: (row) => setForm({ row }) },
          { label: "设为默认", permission: `${s.permission}:edit`, when: (row) => !row.isDefault, run: makeDefault },
          { label: "删除", permission: `${s.permission}:delete`, danger: true, run: remove },
        ]}
      />
      {form && (
        <FormDialog
          title={form.row ? `编辑${s.noun}` : `新增${s.noun}`}
          fields={fields}
          initial={form.row && { ...form.row, isDefault: String(form.row.isDefault) }}
          onSubmit={save(form.row)}
          onClose={() => setForm(null)}
        />
      )}
    </section>
  );
}
