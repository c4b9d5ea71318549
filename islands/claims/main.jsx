// 赔偿报告 (销售 → 亚马逊报告): two views. 赔偿记录 lists what Amazon reimbursed, cash and units, by SKU, reason and
// case; 待索赔 lists the claims the audit found the seller can still file (units lost or damaged at a fulfilment
// centre that nothing covered, inbound shipments received short), each with the units and money at stake and the
// deadline of Amazon's policy. 详情 shows a claim's evidence; 标记已提交 records the case id it was filed under,
// and the claim is settled when a reimbursement names the case or covers the units. Both lists export.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { mount } from "../lib/mount.js";
import { PlaceOptions, usePlaces } from "../lib/StoreSelects.jsx";
import { money } from "../lib/money.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";

const AMZ = "/amazon/api/v1";
const SUBMIT = "amz:claim:submit";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const plain = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const URGENT = "rounded bg-rose-50 px-1.5 py-0.5 font-semibold text-rose-800 dark:bg-rose-950 dark:text-rose-300";
const STATUS_STYLE = {
  open: "bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  submitted: "bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-300",
  settled: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  expired: "bg-slate-100 text-slate-600 dark:bg-slate-700 dark:text-slate-300",
};

function Reimbursements({ permissions, stores }) {
  const [reasons, setReasons] = useState([]);
  useEffect(() => {
    api(`${AMZ}/reimbursements/reasons`)
      .then(({ data }) => setReasons(data))
      .catch((e) => toast(e.message, "error"));
  }, []);
  return (
    <section aria-label="赔偿记录">
      <form id="reimbursement-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <PlaceOptions {...stores} />
        <select name="reason" aria-label="原因" className={input} defaultValue="">
          <option value="">全部原因</option>
          {reasons.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
        <input name="keyword" type="search" aria-label="SKU、案例或赔偿编号" placeholder="SKU / 案例编号 / 赔偿编号 / 订单号" className={`w-56 ${input}`} />
        <label className="flex items-center gap-1">
          从
          <input name="from" type="date" aria-label="开始日期" className={input} />
        </label>
        <label className="flex items-center gap-1">
          到
          <input name="to" type="date" aria-label="结束日期" className={input} />
        </label>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable queryname="reimbursementList" source={`${AMZ}/reimbursements/page`} exportUrl={`${AMZ}/reimbursements/export`} filterForm="reimbursement-filter" permissions={permissions} />
    </section>
  );
}

function Claims({ permissions, stores }) {
  const [opened, setOpened] = useState(null);
  const [version, setVersion] = useState(0);
  return (
    <section aria-label="待索赔">
      <form id="claim-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <PlaceOptions {...stores} />
        <select name="kind" aria-label="类型" className={input} defaultValue="">
          <option value="">全部类型</option>
          <option value="lost">运营中心丢失/损坏</option>
          <option value="inbound">入库缺件</option>
          <option value="return">退款未退货</option>
          <option value="fee">配送费多收</option>
        </select>
        <select name="status" aria-label="状态" className={input} defaultValue="">
          <option value="">待处理</option>
          <option value="open">待索赔</option>
          <option value="submitted">已提交</option>
          <option value="settled">已赔偿</option>
          <option value="expired">已过期</option>
          <option value="all">全部状态</option>
        </select>
        <input name="keyword" type="search" aria-label="SKU、参考或案例编号" placeholder="SKU / 参考编号 / 案例编号" className={`w-48 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
        核查库存分类账、赔偿记录、已关闭的入库货件和结算：丢失或损坏后既未找回也未赔偿、入库少收且未赔偿的件数，退款后商品未退回仓库且未赔偿的订单，以及按本地产品实测尺寸重量多收的 FBA 配送费，在亚马逊政策的申请期内列为待索赔。到卖家平台提交后点“标记已提交”填写案例编号，赔偿到账后自动变为已赔偿。
      </p>
      <DataTable
        queryname="claimList"
        source={`${AMZ}/claims/page`}
        exportUrl={`${AMZ}/claims/export`}
        filterForm="claim-filter"
        permissions={permissions}
        version={version}
        renders={{
          statusName: (row) => <span className={`rounded px-1.5 py-0.5 ${STATUS_STYLE[row.status] || ""}`}>{row.statusName}</span>,
          urgency: (row) => (row.urgent ? <span className={URGENT}>{row.urgency}</span> : row.urgency),
          caseId: (row) => row.caseId || "—",
          reimbursementId: (row) => row.reimbursementId || "—",
        }}
        actions={[{ label: "详情", run: (row) => setOpened(row) }]}
        empty="没有待索赔的记录：库存分类账和赔偿记录同步后会自动核查。"
      />
      {opened && (
        <ClaimDialog
          claim={opened}
          canSubmit={can(permissions, SUBMIT)}
          onClose={() => setOpened(null)}
          onSubmitted={() => {
            setOpened(null);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </section>
  );
}

// ClaimDialog is a claim's evidence, its policy, and 标记已提交 with the case id.
function ClaimDialog({ claim, canSubmit, onClose, onSubmitted }) {
  const dialog = useRef(null);
  const [detail, setDetail] = useState(null);
  const [caseId, setCaseId] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dialog.current.showModal();
    api(`${AMZ}/claims/${claim.id}`)
      .then(({ data }) => setDetail(data))
      .catch((e) => toast(e.message, "error"));
  }, [claim.id]);
  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      await api(`${AMZ}/claims/${claim.id}/submit`, { method: "POST", body: { caseId } });
      toast("已标记为已提交", "success");
      onSubmitted();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="claim-title" className="m-auto w-[720px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="p-6">
        <h2 id="claim-title" className="mb-1 text-lg font-semibold">
          {claim.kindName} {claim.sku}
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          {claim.units} 件，涉及 {money(claim.amount, claim.currency) || "—"}；可申请期 {claim.opensOn} 至 {claim.deadline}（{claim.urgency}），状态 {claim.statusName}
          {claim.caseId && `，案例编号 ${claim.caseId}`}
        </p>
        <h3 className="mb-1 text-sm font-semibold">证据</h3>
        <div className="max-h-64 overflow-auto">
          <table className="w-full text-left text-sm" aria-label="证据">
            <thead className="sticky top-0 bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th className="whitespace-nowrap px-3 py-2 font-medium">日期</th>
                <th className="whitespace-nowrap px-3 py-2 font-medium">事件</th>
                <th className="whitespace-nowrap px-3 py-2 font-medium">参考编号</th>
                <th className="whitespace-nowrap px-3 py-2 font-medium">运营中心</th>
                <th className="whitespace-nowrap px-3 py-2 text-right font-medium">件数</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {(detail?.evidence || []).map((e, i) => (
                <tr key={i}>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{e.day}</td>
                  <td className="whitespace-nowrap px-3 py-2">{e.what}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{e.reference || "—"}</td>
                  <td className="whitespace-nowrap px-3 py-2">{e.place || "—"}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{e.units}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!detail && <p className="px-3 py-6 text-center text-sm text-slate-500">加载中...</p>}
        </div>
        {detail?.policySource && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">政策依据：{detail.policySource}</p>}
        {claim.status === "open" && canSubmit && (
          <form className="mt-4 flex flex-wrap items-center gap-2 text-sm" onSubmit={submit}>
            <label htmlFor="claim-case-id">案例编号</label>
            <input id="claim-case-id" value={caseId} onChange={(e) => setCaseId(e.target.value)} className={`w-48 ${input}`} placeholder="卖家平台的 Case ID" autoFocus />
            <button type="submit" className={button} disabled={busy}>
              标记已提交
            </button>
            {error && (
              <p role="alert" className="w-full text-red-700 dark:text-red-400">
                {error}
              </p>
            )}
          </form>
        )}
        <div className="mt-5 flex justify-end">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            关闭
          </button>
        </div>
      </div>
    </dialog>
  );
}

function ClaimsScreen({ permissions }) {
  const [view, setView] = useState("claims");
  const stores = usePlaces();
  const tab = (id, label) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === id}
      onClick={() => setView(id)}
      className={`border-b-2 px-3 py-1.5 text-sm ${view === id ? "border-sky-700 font-semibold text-sky-800 dark:border-sky-400 dark:text-sky-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300"}`}
    >
      {label}
    </button>
  );
  return (
    <div>
      <div role="tablist" className="mb-3 flex gap-2 border-b border-slate-200 dark:border-slate-700">
        {tab("claims", "待索赔")}
        {tab("reimbursements", "赔偿记录")}
      </div>
      {view === "claims" ? <Claims permissions={permissions} stores={stores} /> : <Reimbursements permissions={permissions} stores={stores} />}
    </div>
  );
}

mount("claims", ClaimsScreen);
