// The message drawer (640 px): 系统消息, 我的提醒 and 我的私信, each paged newest first, and 全部已读. Listing
// does not mark anything read; opening an item does.
import { useCallback, useEffect, useState } from "react";
import { Dialog, DialogPanel, DialogTitle, Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { api } from "../lib/api.js";
import { pager } from "../table/paging.js";
import { toast } from "../lib/toast.js";
import { can } from "../lib/permissions.js";

const NOTIFY = "/admin/api/v1/notify";
const TABS = [
  ["系统消息", "getAnnounce", 1],
  ["我的提醒", "getRemind", 2],
  ["我的私信", "getMessage", 3],
];
const PAGE_SIZE = 10;

export default function MessageDrawer({ onClose, onChanged, permissions }) {
  const [version, setVersion] = useState(0);
  const readAll = async () => {
    try {
      await api(`${NOTIFY}/updateAllTargets`);
      toast("全部标记为已读!");
      setVersion((v) => v + 1);
      onChanged();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden="true" />
      <DialogPanel className="fixed inset-y-0 right-0 flex w-[640px] max-w-full flex-col bg-white shadow-xl dark:bg-slate-800">
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3 dark:border-slate-700">
          <DialogTitle className="text-base font-semibold">消息中心</DialogTitle>
          <div className="flex items-center gap-3">
            {can(permissions, "sys:notify:add") && (
              <a
                href="/sys/notify/publish?title=%E5%8F%91%E5%B8%83%E5%85%AC%E5%91%8A&path=%2Fsys%2Fnotify%2Fpublish"
                data-tab-link
                data-title="发布公告"
                className="text-sm text-sky-700 hover:underline dark:text-sky-300"
                onClick={onClose}
              >
                发布公告
              </a>
            )}
            <button type="button" className="text-sm text-sky-700 hover:underline dark:text-sky-300" onClick={readAll}>
              全部已读
            </button>
            <button type="button" aria-label="关闭" className="text-xl leading-none text-slate-400 hover:text-slate-700" onClick={onClose}>
              ×
            </button>
          </div>
        </div>
        <TabGroup className="flex min-h-0 flex-1 flex-col">
          <TabList className="flex gap-4 border-b border-slate-200 px-5 dark:border-slate-700">
            {TABS.map(([label]) => (
              <Tab key={label} className="border-b-2 border-transparent py-2 text-sm outline-none data-[selected]:border-sky-700 data-[selected]:font-semibold data-[selected]:text-sky-800 dark:data-[selected]:text-sky-300">
                {label}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="min-h-0 flex-1 overflow-y-auto">
            {TABS.map(([label, call, ftype]) => (
              <TabPanel key={label}>
                <MessageList call={call} ftype={ftype} label={label} version={version} onChanged={onChanged} />
              </TabPanel>
            ))}
          </TabPanels>
        </TabGroup>
      </DialogPanel>
    </Dialog>
  );
}

// withoutTag drops the 【tag】 a title starts with when the tag already shows as a chip.
function withoutTag(m) {
  const prefix = m.tag ? `【${m.tag}】` : "";
  return prefix && m.title.startsWith(prefix) ? m.title.slice(prefix.length) : m.title;
}

function MessageList({ call, ftype, label, version, onChanged }) {
  const [page, setPage] = useState(1);
  const [result, setResult] = useState(null);
  const [error, setError] = useState("");
  const [opened, setOpened] = useState(null);

  const load = useCallback(async () => {
    setError("");
    try {
      const { data } = await api(`${NOTIFY}/${call}`, { method: "POST", body: { currentpage: page, pagesize: PAGE_SIZE } });
      setResult(data);
    } catch (e) {
      setError(e.message);
    }
  }, [call, page]);

  useEffect(() => {
    load();
  }, [load, version]);

  const open = async (item) => {
    setOpened(opened === item.id ? null : item.id);
    if (item.isRead) return;
    try {
      await api(`${NOTIFY}/markRead`, { method: "POST", body: { ids: [item.id] } });
      setResult((r) => ({ ...r, records: r.records.map((m) => (m.id === item.id ? { ...m, isRead: true } : m)) }));
      onChanged();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  if (error) return <p className="p-6 text-sm text-red-700">{error}</p>;
  if (!result) return <p className="p-6 text-sm text-slate-500">加载中...</p>;
  const paging = pager({ total: result.total, capped: !!result.totalCapped, size: PAGE_SIZE, page, read: result.records.length });
  if (!result.records.length) return <p className="p-6 text-center text-sm text-slate-500">暂无数据！</p>;
  return (
    <div>
      <ul className="divide-y divide-slate-100 dark:divide-slate-700">
        {result.records.map((m) => (
          <li key={m.id}>
            <button type="button" className="block w-full px-5 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-700" onClick={() => open(m)} aria-expanded={opened === m.id}>
              <span className="flex items-center gap-2">
                {!m.isRead && <span className="h-2 w-2 shrink-0 rounded-full bg-red-500" aria-label="未读" />}
                {m.tag && <span className="rounded bg-sky-50 px-1.5 text-xs text-sky-700 dark:bg-slate-700 dark:text-sky-300">{m.tag}</span>}
                <span className={`flex-1 truncate text-sm ${m.isRead ? "text-slate-500" : "font-medium"}`}>{withoutTag(m)}</span>
                <span className="shrink-0 text-xs text-slate-400">{m.createdAt}</span>
              </span>
              {opened === m.id && <span className="mt-2 block whitespace-pre-wrap text-sm text-slate-600 dark:text-slate-300">{m.content}</span>}
            </button>
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between px-5 py-3 text-sm text-slate-500">
        <span className="flex items-center gap-3">
          {paging.label}
          <a className="text-sky-700 hover:underline dark:text-sky-300" href={`${NOTIFY}/export?ftype=${ftype}`} download aria-label={`导出${label}`}>
            导出
          </a>
        </span>
        <span className="flex items-center gap-2">
          <button type="button" disabled={page <= 1} className="rounded border px-2 py-0.5 disabled:opacity-40" onClick={() => setPage((p) => p - 1)}>
            上一页
          </button>
          <span>
            {result.current} / {paging.pages}{result.totalCapped ? "+" : ""}
          </span>
          <button type="button" disabled={!paging.hasNext} className="rounded border px-2 py-0.5 disabled:opacity-40" onClick={() => setPage((p) => p + 1)}>
            下一页
          </button>
        </span>
      </div>
    </div>
  );
}
