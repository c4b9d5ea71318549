// 预警管理: the sudden changes the daily job raises on each new day of data (a campaign's spend, ACOS or clicks over
// the last days against the days before, past the company's thresholds), unread first; opening one reads it.
// 预警设置 keeps the thresholds; 立即检查 looks at the newest days now.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import FormDialog from "../lib/FormDialog.jsx";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";

const ADV = "/amazonadv/api/v1";
const EDIT = "amz:adv:warning:edit";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const plain = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-700";
const iso = (d) => d.toISOString().slice(0, 10);
const daysAgo = (n) => iso(new Date(Date.now() - n * 86400000));
const SETTINGS = [
  { name: "periodDays", label: "对比天数", required: true, hint: "最近几天的数据对比之前同样天数（1到30）" },
  { name: "spendPct", label: "花费变化超过（%）", required: true },
  { name: "acosPct", label: "ACOS变化超过（%）", required: true },
  { name: "clicksPct", label: "点击量变化超过（%）", required: true },
  { name: "minClicks", label: "最少点击", required: true, hint: "两个周期的点击都少于此数的广告活动不预警：数据太少，波动不算突变" },
];

function AlertDialog({ alert, onClose }) {
  const dialog = useRef(null);
  useEffect(() => dialog.current.showModal(), []);
  const line = "flex justify-between gap-4 border-b border-slate-100 py-1 dark:border-slate-700";
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="alert-title" className="m-auto w-[520px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="p-6">
        <h2 id="alert-title" className="mb-3 text-lg font-semibold">
          {alert.campaignName}：{alert.metricName}
          {alert.direction}
          {alert.change.replace(/^[+-]/, "")}
        </h2>
        <dl className="text-sm">
          {[
            ["店铺", `${alert.groupName} · ${alert.marketplaceName}`],
            ["对比周期", alert.period],
            ["上一周期", alert.before],
            ["本周期", alert.after],
            ["变化", alert.change],
            ["阈值", alert.threshold],
            ["数据日", alert.dataDay],
          ].map(([k, v]) => (
            <div key={k} className={line}>
              <dt className="text-slate-500 dark:text-slate-400">{k}</dt>
              <dd className="text-right">{v}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">可在广告管理中查看该广告活动，或用广告规则自动处理。</p>
        <div className="mt-4 flex justify-end">
          <button type="button" className={button} onClick={() => dialog.current.close()}>
            知道了
          </button>
        </div>
      </div>
    </dialog>
  );
}

export default function AdvWarning({ permissions }) {
  const [groups, setGroups] = useState([]);
  const [version, setVersion] = useState(0);
  const [unread, setUnread] = useState(null);
  const [settings, setSettings] = useState(null);
  const [open, setOpen] = useState(null);
  const [busy, setBusy] = useState(false);
  const reload = () => setVersion((n) => n + 1);
  useEffect(() => {
    api(`${ADV}/advManager/getGroup`)
      .then((r) => setGroups(r.data || []))
      .catch((e) => toast(e.message, "error"));
  }, []);
  useEffect(() => {
    api(`${ADV}/sp/alerts/unread`, { method: "POST", body: {} })
      .then((r) => setUnread(r.data.unread))
      .catch(() => setUnread(null));
  }, [version]);
  const openAlert = async (row) => {
    setOpen(row);
    if (!row.read) {
      try {
        await api(`${ADV}/sp/alerts/read`, { method: "POST", body: { ids: [row.id] } });
        reload();
      } catch (e) {
        toast(e.message, "error");
      }
    }
  };
  const check = async () => {
    setBusy(true);
    try {
      const { data } = await api(`${ADV}/sp/alerts/check`, { method: "POST", body: {} });
      toast(data.count ? `新增 ${data.count} 条预警` : "没有新的预警", "success");
      reload();
    } catch (e) {
      toast(e.message, "error");
    } finally {
      setBusy(false);
    }
  };
  const editSettings = async () => {
    try {
      const { data } = await api(`${ADV}/sp/alerts/settings`, { method: "POST", body: {} });
      setSettings(data);
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const readAll = async () => {
    try {
      const { data } = await api(`${ADV}/sp/alerts/read`, { method: "POST", body: { all: true } });
      toast(`已读 ${data.count} 条`, "success");
      reload();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  return (
    <section aria-label="预警管理">
      <form id="adv-alerts-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <select name="groupId" aria-label="店铺" className={input} defaultValue="">
          <option value="">全部店铺</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <select name="metric" aria-label="指标" className={input} defaultValue="">
          <option value="">全部指标</option>
          <option value="spend">花费</option>
          <option value="acos">ACOS</option>
          <option value="clicks">点击量</option>
        </select>
        <select name="read" aria-label="阅读状态" className={input} defaultValue="">
          <option value="">全部</option>
          <option value="unread">未读</option>
          <option value="read">已读</option>
        </select>
        <input name="startDate" type="date" aria-label="开始日期" className={input} defaultValue={daysAgo(29)} />
        <span>至</span>
        <input name="endDate" type="date" aria-label="结束日期" className={input} defaultValue={daysAgo(0)} />
        <input name="search" type="search" aria-label="广告活动" placeholder="广告活动" className={`w-40 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <p role="status" className="mb-2 text-sm">
        {unread === null ? "正在读取未读预警…" : unread ? `有 ${unread} 条未读预警` : "没有未读预警"}
      </p>
      <DataTable
        queryname="advAlertList"
        source={`${ADV}/sp/alerts/page`}
        exportUrl={`${ADV}/sp/alerts/export`}
        filterForm="adv-alerts-filter"
        permissions={permissions}
        version={version}
        noun="条预警"
        rowName={(row) => `${row.campaignName} ${row.metricName}`}
        toolbar={
          <>
            {can(permissions, EDIT) && (
              <>
                <button type="button" className={button} disabled={busy} onClick={check}>
                  立即检查
                </button>
                <button type="button" className={plain} onClick={editSettings}>
                  预警设置
                </button>
              </>
            )}
            <button type="button" className={plain} disabled={!unread} onClick={readAll}>
              全部标为已读
            </button>
          </>
        }
        actions={[{ label: "查看", run: (row) => openAlert(row) }]}
        renders={{
          readName: (row) => <span className={row.read ? "text-slate-500 dark:text-slate-400" : "font-semibold text-red-700 dark:text-red-300"}>{row.readName}</span>,
          change: (row) => <span className={row.change.startsWith("+") ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300"}>{row.change}</span>,
          campaignName: (row) => (
            <button type="button" className="text-left text-sky-700 underline decoration-dotted hover:text-sky-900 dark:text-sky-300" onClick={() => openAlert(row)}>
              {row.campaignName}
            </button>
          ),
        }}
        empty="所选日期内没有预警：同步到新一天的广告数据后，每天自动对比花费、ACOS和点击量；可在“预警设置”中调整阈值，或点“立即检查”。"
      />
      {settings && (
        <FormDialog
          title="预警设置"
          fields={SETTINGS}
          initial={settings}
          onSubmit={async (values) => {
            await api(`${ADV}/sp/alerts/settings/save`, { method: "POST", body: { ...values, enabled: true } });
            toast("预警设置已保存，下次检查按新阈值", "success");
          }}
          onClose={() => setSettings(null)}
        />
      )}
      {open && <AlertDialog alert={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
