// 速卖通店铺授权: the company's AliExpress stores, each with its region, seller account and authorisation state
// (未授权, 已授权, 授权已失效). 添加店铺 names a store and its region; 授权 and 重新授权 open AliExpress's
// authorisation page in a new window (the platform sends the seller back to /aliexpress/authresult there) and the
// list reloads when the result page says the consent has ended, or when this window gets the focus back. 检查授权
// renews the tokens (a refused refresh marks the store 授权已失效); 删除 asks first. Without an AliExpress
// application configured, 授权 says so at once and opens no window.
import { useEffect, useState } from "react";
import { mount } from "../lib/mount.js";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import { onConsent } from "../lib/consent-signal.js";
import DataTable from "../table/DataTable.jsx";
import FormDialog from "../lib/FormDialog.jsx";
import StoreSearch from "./StoreSearch.jsx";

const BASE = "/amazon/api/v1/aeauthority";
const ADD = "amz:auth:store:add";
const DISABLE = "amz:auth:store:disable";

function AliExpressStores({ permissions, regions, appMissing }) {
  const [adding, setAdding] = useState(false);
  const [filters, setFilters] = useState({});
  const [version, setVersion] = useState(0);
  const [consenting, setConsenting] = useState(false);
  const reload = () => setVersion((n) => n + 1);

  useEffect(
    () =>
      onConsent((outcome) => {
        setConsenting(false);
        if (outcome === "success") reload();
      }),
    [],
  );
  useEffect(() => {
    if (!consenting) return undefined;
    const back = () => {
      setConsenting(false);
      reload();
    };
    window.addEventListener("focus", back, { once: true });
    return () => window.removeEventListener("focus", back);
  }, [consenting]);

  // The window opens at once, while the click still allows it; the authorisation link follows when it arrives.
  const consent = async (row) => {
    if (appMissing) {
      toast(appMissing, "error");
      return;
    }
    const popup = window.open("", "_blank");
    try {
      const { data } = await api(`${BASE}/getAuthUrl`, { query: { id: row.id } });
      if (popup) popup.location.href = data;
      else window.location.href = data;
      setConsenting(true);
    } catch (e) {
      popup?.close();
      toast(e.message, "error");
    }
  };

  const add = async (v) => {
    await api(`${BASE}/stores`, { method: "POST", body: { name: v.name, region: v.region } });
    toast("操作成功!");
    reload();
  };

  const check = async (row, refresh) => {
    try {
      const { data } = await api(`${BASE}/stores/${row.id}/refresh`, { method: "POST" });
      toast(`授权有效，${data.expiresAt} 到期`);
    } catch (e) {
      toast(e.message, "error");
    }
    refresh();
  };

  const remove = async (row, refresh) => {
    const question = {
      title: `删除速卖通店铺“${row.name}”`,
      message: row.sellerId ? `卖家ID ${row.sellerId}。删除后不再保存该店铺的授权，如需使用须重新添加并授权。` : "删除后不可恢复。",
      action: "删除",
      danger: true,
    };
    if (!(await ask(question))) return;
    try {
      await api(`${BASE}/stores/${row.id}`, { method: "DELETE" });
      toast("已删除");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800";
  return (
    <div>
      <StoreSearch label="查找速卖通店铺" onSearch={setFilters} />
      <DataTable
        queryname="aliexpressStoreList"
        source={`${BASE}/page`}
        exportUrl={`${BASE}/export`}
        filters={filters}
        permissions={permissions}
        version={version}
        empty={
          !filters.name &&
          (can(permissions, ADD) ? "还没有速卖通店铺。下一步：点“添加店铺”填写店铺名称和站点，再点“授权”登录速卖通卖家账号。" : "还没有速卖通店铺，请联系管理员添加并授权。")
        }
        toolbar={
          can(permissions, ADD) && (
            <button type="button" className={button} onClick={() => setAdding(true)}>
              添加店铺
            </button>
          )
        }
        actions={[
          { label: "授权", permission: ADD, when: (row) => row.status === "pending", run: consent },
          { label: "重新授权", permission: ADD, when: (row) => row.status !== "pending", run: consent },
          { label: "检查授权", permission: ADD, when: (row) => row.status === "active", run: check },
          { label: "删除", permission: DISABLE, danger: true, run: remove },
        ]}
      />
      {adding && (
        <FormDialog
          title="添加速卖通店铺"
          fields={[
            { name: "name", label: "店铺名称", required: true, placeholder: "例如：速卖通一店" },
            { name: "region", label: "站点", options: regions.map((r) => [r.code, r.name]) },
          ]}
          initial={{ region: regions[0]?.code }}
          onSubmit={add}
          onClose={() => setAdding(false)}
        />
      )}
    </div>
  );
}

mount("aestoreauth", AliExpressStores);
