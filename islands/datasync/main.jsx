// 数据同步: every authorised store's data kinds with their sync (last success, next run, state, the running
// sync's progress, the last error in plain Chinese with what to do), 立即同步 after a question, 上传报告 (a file
// downloaded from Seller Central, imported the same way), and the history of runs. While a sync waits or runs, the
// list follows it every 2 seconds as long as the tab is in sight. Buttons show only with their permission.
import { useEffect, useRef, useState } from "react";
import { mount } from "../lib/mount.js";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import { openTab } from "../lib/tabs.js";
import { useStoreGroups } from "../lib/StoreSelects.jsx";
import DataTable from "../table/DataTable.jsx";

const BASE = "/amazon/api/v1/datasync";
const RUN = "amz:sync:run";
const UPLOAD = "amz:sync:upload";
// The kinds whose files are of one marketplace: the upload asks which.
const PER_MARKETPLACE = new Set(["inventory", "listings", "returns", "salestraffic"]);
// 销售与流量 also takes Seller Central's business report by child item, a CSV that does not say its day: the
// upload asks which.
const TRAFFIC = "salestraffic";
// The kinds no Seller Central file carries (父ASIN comes from Amazon's catalogue, advertising from the
// Advertising API): they sync but cannot be uploaded.
const NOT_UPLOADED = new Set(["parents", "adentities", "adreports"]);
const runsBusy = (records) => records.some((r) => r.status === "queued" || r.status === "running");
const busy = (records) => records.some((r) => r.state === "queued" || r.state === "running");

const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const primary = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const plain = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700";

const stateStyle = {
  idle: "bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
  queued: "bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200",
  running: "bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200",
  done: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  failed: "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200",
};

const taskRenders = {
  stateName: (r) => (
    <span data-state={r.state} className={`rounded px-1.5 py-0.5 text-xs font-medium ${stateStyle[r.state] || ""}`}>
      {r.stateName}
    </span>
  ),
  progress: (r) =>
    r.state === "running" ? (
      <span role="status" className="text-sky-800 dark:text-sky-200">
        {r.progress}
      </span>
    ) : (
      ""
    ),
  lastError: (r) =>
    r.lastError ? (
      <span className="inline-block max-w-md whitespace-normal text-red-700 dark:text-red-300">{r.lastError}</span>
    ) : (
      ""
    ),
};

const runRenders = {
  error: (r) => (r.error ? <span className="inline-block max-w-md whitespace-normal text-red-700 dark:text-red-300">{r.error}</span> : ""),
};

// The seller accounts a file may be uploaded for: every authorised region of the store groups the user sees.
function useSellers() {
  const [sellers, setSellers] = useState(null);
  useEffect(() => {
    api("/amazon/api/v1/amzauthority/getBindSeller")
      .then(({ data }) => {
        const out = [];
        for (const g of data || []) for (const r of g.regions) if (r.seller) out.push({ id: r.seller.id, label: `${g.name}（${r.name}）`, marketplaces: r.seller.marketplaces });
        setSellers(out);
      })
      .catch((e) => toast(e.message, "error"));
  }, []);
  return sellers;
}

function UploadDialog({ kinds, maxUploadMB, onDone, onClose }) {
  const dialog = useRef(null);
  const sellers = useSellers();
  const [seller, setSeller] = useState("");
  const [kind, setKind] = useState(kinds[0][0]);
  const [marketplace, setMarketplace] = useState("");
  const [day, setDay] = useState("");
  const [file, setFile] = useState(null);
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);

  useEffect(() => {
    dialog.current.showModal();
  }, []);
  useEffect(() => {
    if (sellers?.length && !seller) setSeller(sellers[0].id);
  }, [sellers, seller]);
  const markets = sellers?.find((s) => s.id === seller)?.marketplaces || [];
  useEffect(() => {
    setMarketplace(markets[0]?.id || "");
  }, [seller, sellers]);

  const submit = async (e) => {
    e.preventDefault();
    if (!file) {
      setError("请选择要上传的报告文件");
      return;
    }
    if (file.size > maxUploadMB * 1024 * 1024) {
      setError(`文件超过${maxUploadMB}MB，请上传压缩后的文件（.gz），或等待自动同步`);
      return;
    }
    setSending(true);
    setError("");
    try {
      const form = new FormData();
      form.append("sellerid", seller);
      form.append("kind", kind);
      if (PER_MARKETPLACE.has(kind)) form.append("marketplaceid", marketplace);
      if (kind === TRAFFIC && day) form.append("day", day);
      form.append("file", file);
      const { data } = await api(`${BASE}/upload`, { method: "POST", form });
      toast(`已上传${data.fileName ? `“${data.fileName}”` : ""}，正在后台导入，进度见同步记录`);
      onDone();
      dialog.current.close();
    } catch (err) {
      setError(err.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="upload-title" className="m-auto w-[540px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={submit} className="space-y-3 p-6 text-sm">
        <h2 id="upload-title" className="text-lg font-semibold">
          上传报告
        </h2>
        <p className="text-slate-600 dark:text-slate-300">上传从亚马逊卖家平台下载的报告文件（.txt、.tsv 或其 .gz 压缩文件，UTF-8 或日文 Shift_JIS 编码），与自动同步一样导入，重复上传不会重复计入。</p>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
            {error}
          </p>
        )}
        <label className="flex items-center gap-3">
          <span className="w-16 shrink-0">店铺</span>
          <select aria-label="店铺" className={`${input} flex-1`} value={seller} onChange={(e) => setSeller(e.target.value)} disabled={!sellers}>
            {(sellers || []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        {sellers && sellers.length === 0 && <p className="text-amber-700">还没有已授权的店铺，请先在店铺管理中授权。</p>}
        <label className="flex items-center gap-3">
          <span className="w-16 shrink-0">报告类型</span>
          <select aria-label="报告类型" className={`${input} flex-1`} value={kind} onChange={(e) => setKind(e.target.value)}>
            {kinds.filter(([value]) => !NOT_UPLOADED.has(value)).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {PER_MARKETPLACE.has(kind) && (
          <label className="flex items-center gap-3">
            <span className="w-16 shrink-0">站点</span>
            <select aria-label="站点" className={`${input} flex-1`} value={marketplace} onChange={(e) => setMarketplace(e.target.value)}>
              {markets.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}（{m.country}）
                </option>
              ))}
            </select>
          </label>
        )}
        {kind === TRAFFIC && (
          <>
            <label className="flex items-center gap-3">
              <span className="w-16 shrink-0">报告日期</span>
              <input type="date" aria-label="报告日期" className={`${input} flex-1`} value={day} onChange={(e) => setDay(e.target.value)} />
            </label>
            <p className="text-slate-600 dark:text-slate-300">
              也可上传业务报告“详情页面上的销售量与访问量 – 按子商品”的CSV文件：在卖家平台选择一天（开始与结束同一天）下载，并在此填写该日期。
            </p>
          </>
        )}
        <div className="flex items-center gap-3">
          <label className={`${plain} cursor-pointer`}>
            选择文件
            <input type="file" name="file" aria-label="报告文件" accept=".txt,.tsv,.csv,.json,.gz,text/plain,text/tab-separated-values,text/csv,application/json,application/gzip" className="sr-only" onChange={(e) => setFile(e.target.files[0] || null)} />
          </label>
          <span className="truncate text-slate-600 dark:text-slate-300">{file ? file.name : `未选择文件（不超过${maxUploadMB}MB）`}</span>
        </div>
        <div className="flex justify-end gap-3 pt-2">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" disabled={sending || !seller} className={primary}>
            {sending ? "上传中..." : "上传并导入"}
          </button>
        </div>
      </form>
    </dialog>
  );
}

// The runs of one task, in the browser's own modal dialog.
function HistoryDialog({ task, onClose }) {
  const dialog = useRef(null);
  useEffect(() => {
    dialog.current.showModal();
  }, []);
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="history-title" className="m-auto w-[1000px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="p-4">
        <div className="mb-2 flex items-center justify-between">
          <h2 id="history-title" className="text-lg font-semibold">
            同步记录：{task.groupName}（{task.regionName}）{task.kindName}
          </h2>
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            关闭
          </button>
        </div>
        <DataTable queryname="dataSyncRunList" source={`${BASE}/runs`} exportUrl={`${BASE}/runs/export`} filters={{ taskid: task.id }} renders={runRenders} poll={{ every: 2000, while: runsBusy }} />
      </div>
    </dialog>
  );
}

function DataSync({ permissions, kinds, maxUploadMB }) {
  const groups = useStoreGroups();
  const [filters, setFilters] = useState({});
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState(null);
  // The history follows the tasks too: a queued task's run appears only when its job starts.
  const [tasksBusy, setTasksBusy] = useState(false);
  const reload = () => setVersion((n) => n + 1);

  const search = (e) => {
    e.preventDefault();
    const out = {};
    for (const [k, v] of new FormData(e.currentTarget)) if (v !== "") out[k] = v;
    setFilters(out);
  };

  const syncNow = async (row, refresh) => {
    const question = {
      title: `立即同步：${row.groupName}（${row.regionName}）${row.kindName}`,
      message: "将向亚马逊请求最新的报告并导入，通常需要几分钟；已在排队或同步中的不会重复。",
      action: "立即同步",
    };
    if (!(await ask(question))) return;
    try {
      await api(`${BASE}/tasks/${row.id}/sync`, { method: "POST" });
      toast("已加入同步队列");
      refresh();
      reload();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  return (
    <div className="space-y-6">
      <section aria-label="同步任务">
        <form role="search" aria-label="查找同步任务" className="mb-3 flex flex-wrap items-center gap-2" onSubmit={search}>
          <select name="groupid" aria-label="店铺" className={input} defaultValue="">
            <option value="">全部店铺</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          <select name="kind" aria-label="数据类型" className={input} defaultValue="">
            <option value="">全部数据类型</option>
            {kinds.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <select name="state" aria-label="状态" className={input} defaultValue="">
            <option value="">全部状态</option>
            <option value="queued">排队中</option>
            <option value="running">同步中</option>
            <option value="done">已完成</option>
            <option value="failed">失败</option>
            <option value="idle">未同步</option>
          </select>
          <button type="submit" className={plain}>
            查询
          </button>
        </form>
        <DataTable
          queryname="dataSyncList"
          source={`${BASE}/page`}
          pageSize={20} // a store's twelve kinds on one page
          exportUrl={`${BASE}/export`}
          filters={filters}
          permissions={permissions}
          version={version}
          renders={taskRenders}
          empty={
            Object.keys(filters).length === 0 && (
              <>
                还没有已授权的店铺，所以没有要同步的数据。下一步：到
                <button type="button" className="mx-1 font-medium text-sky-700 underline hover:text-sky-900 dark:text-sky-400" onClick={() => openTab("店铺管理", "/amazon/storeAuth")}>
                  店铺管理
                </button>
                点“添加店铺”，再在店铺所在区域点“授权”；授权后首次同步会自动开始。
              </>
            )
          }
          poll={{ every: 2000, while: busy }}
          onLoad={(records) => setTasksBusy(busy(records))}
          toolbar={
            can(permissions, UPLOAD) && (
              <button type="button" className={primary} onClick={() => setDialog({ kind: "upload" })}>
                上传报告
              </button>
            )
          }
          actions={[
            { label: "立即同步", permission: RUN, when: (row) => row.syncable, run: syncNow },
            { label: "同步记录", run: (row) => setDialog({ kind: "history", task: row }) },
          ]}
        />
      </section>
      <section aria-labelledby="runs-title">
        <h2 id="runs-title" className="mb-2 text-base font-semibold text-slate-900 dark:text-white">
          同步记录
        </h2>
        <DataTable queryname="dataSyncRunList" source={`${BASE}/runs`} exportUrl={`${BASE}/runs/export`} filters={filters.groupid ? { groupid: filters.groupid } : {}} version={version} renders={runRenders} poll={{ every: 2000, while: (records) => tasksBusy || runsBusy(records) }} />
      </section>
      {dialog?.kind === "upload" && <UploadDialog kinds={kinds} maxUploadMB={maxUploadMB} onDone={reload} onClose={() => setDialog(null)} />}
      {dialog?.kind === "history" && <HistoryDialog task={dialog.task} onClose={() => setDialog(null)} />}
    </div>
  );
}

mount("datasync", DataSync);
