// 店铺管理: the company's store groups (店铺), three rows each (北美, 欧洲, 远东), with the seller authorisation
// (店铺授权) and advertising authorisation (广告授权) of every region. 授权 and 重新授权 open Amazon's consent page
// in a new window (Amazon sends the seller back to /authresult there); the list reloads when the result page
// says the consent has ended (lib/consent-signal.js), and, failing that, when this window gets the focus back. 停用 asks first. Every action shows only with its button permission; the server refuses the rest.
// Without an Amazon application configured, 授权 (and 授权广告) say so at once (sellerAppMissing, advertAppMissing
// from the page) and open neither the dialog nor a window.
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

const BASE = "/amazon/api/v1/amzauthority";
const ADD = "amz:auth:store:add";
const DISABLE = "amz:auth:store:disable";
const ADV = "/amazonadv/api/v1/advert";

const groupFields = [
  { name: "name", label: "店铺名称", required: true, placeholder: "例如：美国一店" },
  { name: "remark", label: "备注" },
];
const ownAppFields = [
  { name: "sellerid", label: "卖家ID", required: true, placeholder: "Seller Central > 设置 > 账户信息 中的卖家记号" },
  { name: "clientId", label: "Client ID", required: true, placeholder: "amzn1.application-oa2-client...." },
  { name: "clientSecret", label: "Client Secret", type: "password", required: true },
  { name: "refreshToken", label: "Refresh Token", type: "password", required: true, placeholder: "自授权后得到的 Atzr|..." },
];

function StoreAuth({ permissions, regions, sellerAppMissing, advertAppMissing, platformAdmin }) {
  const [form, setForm] = useState(null);
  const [filters, setFilters] = useState({});
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);

  // A result page (/authresult, /advresult) says the consent has ended: a success shows in the list at once, even
  // while the consent window stays open in front.
  useEffect(
    () =>
      onConsent((outcome) => {
        setForm((f) => (f?.kind === "consenting" ? null : f));
        if (outcome === "success") reload();
      }),
    [],
  );

  // Back from the consent window (a browser without BroadcastChannel): the list reloads on the focus.
  useEffect(() => {
    if (form?.kind !== "consenting") return undefined;
    const back = () => {
      setForm(null);
      reload();
    };
    window.addEventListener("focus", back, { once: true });
    return () => window.removeEventListener("focus", back);
  }, [form]);

  const marketplacesOf = (code) => regions.find((r) => r.code === code)?.marketplaces || [];

  const saveGroup = (row) => async (v) => {
    const body = { name: v.name, remark: v.remark };
    if (row) await api(`${BASE}/storeGroups/${row.groupId}`, { method: "PUT", body });
    else await api(`${BASE}/storeGroups`, { method: "POST", body });
    toast("操作成功!");
    reload();
  };

  // The window opens at once, while the click still allows it; the consent link follows when it arrives.
  const consent = (row) => async (v) => {
    const popup = window.open("", "_blank");
    try {
      const { data } = await api(`${BASE}/getAuthUrl`, { query: { groupid: row.groupId, marketplaceid: v.marketplaceid } });
      if (popup) popup.location.href = data;
      else window.location.href = data;
      setForm({ kind: "consenting" });
    } catch (e) {
      popup?.close();
      throw e;
    }
  };

  const startConsent = (row) => {
    // Without an application the server refuses, and logs for the administrator which variables to set.
    if (sellerAppMissing) api(`${BASE}/getAuthUrl`, { query: { groupid: row.groupId, region: row.region } }).catch((e) => toast(e.message, "error"));
    else setForm({ kind: "consent", row });
  };

  // 授权广告: the region's advertising consent opens in a new window like the seller's (back at /advresult).
  const consentAdvert = async (row) => {
    if (advertAppMissing) {
      toast(advertAppMissing, "error");
      return;
    }
    const popup = window.open("", "_blank");
    try {
      const { data } = await api(`${ADV}/bindUrl`, { query: { groupid: row.groupId, region: row.region } });
      if (popup) popup.location.href = data;
      else window.location.href = data;
      setForm({ kind: "consenting" });
    } catch (e) {
      popup?.close();
      toast(e.message, "error");
    }
  };

  const saveOwnApp = (row) => async (v) => {
    await api(`${BASE}/saveAuth`, { method: "POST", body: { ...v, groupid: row.groupId, region: row.region } });
    toast("授权成功");
    reload();
  };

  // 轮换应用密钥: Amazon issues the product application a new secret, which every company's stores then use.
  const rotateSecret = async (row, refresh) => {
    const question = {
      title: "轮换应用密钥",
      message: `本产品亚马逊应用的密钥 ${row.secretDue} 到期。轮换后所有公司的店铺改用新密钥，旧密钥在亚马逊给出的宽限期后作废。`,
      action: "轮换",
    };
    if (!(await ask(question))) return;
    try {
      const { data } = await api(`${BASE}/rotateSecret`, { method: "POST" });
      toast(`应用密钥已轮换，新密钥 ${data.secretDue} 到期`);
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const call = (url, done) => async (row, refresh) => {
    try {
      const result = await api(url(row));
      toast(done(result));
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const disable = async (row, refresh) => {
    const question = {
      title: `停用店铺授权：“${row.groupName}”${row.regionName}`,
      message: `卖家ID ${row.sellerid}。停用后将不再同步该账号的数据，可随时重新授权。`,
      action: "停用",
      danger: true,
    };
    if (!(await ask(question))) return;
    await call((r) => `${BASE}/deleteByLogic?sellerid=${r.sellerRowId}`, () => "已停用")(row, refresh);
  };
  const disableAdvert = async (row, refresh) => {
    const question = { title: `停用广告授权：“${row.groupName}”${row.regionName}`, message: "停用后将不再同步该区域的广告数据，可随时重新授权。", action: "停用", danger: true };
    if (!(await ask(question))) return;
    await call((r) => `${ADV}/disableAuth?id=${r.advId}`, () => "已停用")(row, refresh);
  };
  const removeGroup = async (row, refresh) => {
    if (!(await ask({ title: `删除店铺“${row.groupName}”`, message: "删除后不可恢复。", action: "删除", danger: true }))) return;
    try {
      await api(`${BASE}/storeGroups/${row.groupId}`, { method: "DELETE" });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const authorised = (row) => row.authState !== "none";
  const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800";
  return (
    <div>
      <StoreSearch label="查找店铺" onSearch={setFilters} />
      <DataTable
        queryname="storeAuthList"
        source={`${BASE}/page`}
        exportUrl={`${BASE}/export`}
        filters={filters}
        permissions={permissions}
        version={version}
        empty={
          !filters.name &&
          (can(permissions, ADD) ? "还没有店铺。下一步：点“添加店铺”给店铺起个名字，再在店铺所在区域点“授权”，连接亚马逊卖家账号。" : "还没有店铺，请联系管理员添加店铺并授权。")
        }
        toolbar={
          can(permissions, ADD) && (
            <button type="button" className={button} onClick={() => setForm({ kind: "group" })}>
              添加店铺
            </button>
          )
        }
        actions={[
          { label: "授权", permission: ADD, when: (row) => !authorised(row), run: startConsent },
          { label: "重新授权", permission: ADD, when: authorised, run: startConsent },
          { label: "停用", permission: DISABLE, danger: true, when: (row) => row.authState === "active", run: disable },
          {
            label: "请求报表",
            permission: ADD,
            when: (row) => row.authState === "active",
            run: call((r) => `/amazon/api/v1/report/requestReportParamAuth?sellerid=${r.sellerRowId}`, ({ data }) => `已请求${data.length}个报表，稍后由后台下载`),
          },
          { label: "授权广告", permission: ADD, when: (row) => row.advState !== "active", run: consentAdvert },
          {
            label: "加载配置文件",
            when: (row) => row.advState === "active",
            run: (row, refresh) =>
              call((r) => `${ADV}/captureProfileById?id=${r.advId}`, ({ data }) => `已加载${data.filter((p) => p.authid === row.advId).length}个广告配置文件`)(row, refresh),
          },
          { label: "停用广告", permission: DISABLE, danger: true, when: (row) => row.advState === "active", run: disableAdvert },
          { label: "自有应用", permission: ADD, when: (row) => row.authState !== "active", run: (row) => setForm({ kind: "ownApp", row }) },
          // A store on its own application takes the new secret through the same form (Amazon ends one after 180 days).
          {
            label: "更新应用密钥",
            permission: ADD,
            when: (row) => row.authState === "active" && row.ownApp && ["soon", "expired", "refused"].includes(row.secretState),
            run: (row) => setForm({ kind: "ownApp", row }),
          },
          {
            label: "轮换应用密钥",
            when: (row) => platformAdmin && row.authState === "active" && !row.ownApp && ["soon", "expired", "refused"].includes(row.secretState),
            run: rotateSecret,
          },
          { label: "编辑店铺", permission: ADD, when: (row) => row.firstOfGroup, run: (row) => setForm({ kind: "group", row }) },
          { label: "删除店铺", permission: DISABLE, danger: true, when: (row) => row.firstOfGroup, run: removeGroup },
        ]}
      />
      {form?.kind === "group" && (
        <FormDialog title={form.row ? `编辑店铺：${form.row.groupName}` : "添加店铺"} fields={groupFields} initial={form.row ? { name: form.row.groupName, remark: form.row.remark } : {}} onSubmit={saveGroup(form.row)} onClose={() => setForm(null)} />
      )}
      {form?.kind === "consent" && (
        <FormDialog
          title={`${authorised(form.row) ? "重新授权" : "授权"}：${form.row.groupName}（${form.row.regionName}）`}
          fields={[{ name: "marketplaceid", label: "在哪个站点的卖家平台授权", options: marketplacesOf(form.row.region).map((m) => [m.id, `${m.name}（${m.country}）`]) }]}
          initial={{ marketplaceid: marketplacesOf(form.row.region)[0]?.id }}
          submitLabel="前往亚马逊授权"
          onSubmit={consent(form.row)}
          onClose={() => setForm((f) => (f?.kind === "consenting" ? f : null))}
        />
      )}
      {form?.kind === "ownApp" && (
        <FormDialog title={`自有应用授权：${form.row.groupName}（${form.row.regionName}）`} fields={ownAppFields} submitLabel="验证并保存" onSubmit={saveOwnApp(form.row)} onClose={() => setForm(null)} />
      )}
    </div>
  );
}

mount("storeauth", StoreAuth);
