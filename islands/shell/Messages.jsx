// The message bell: the unread badge (hidden at 0, 99+ above 99), a pull of new messages every pollMillis, the
// 提醒 dialog when urgent unread items exist, and the message drawer on click. The drawer and the dialog use
// Headless UI, which is loaded only when one of them is first needed.
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { api } from "../lib/api.js";

const MessageDrawer = lazy(() => import("./MessageDrawer.jsx"));
const UrgentDialog = lazy(() => import("./UrgentDialog.jsx"));
const NOTIFY = "/admin/api/v1/notify";

export function badgeText(n) {
  if (!n) return "";
  return n > 99 ? "99+" : String(n);
}

export default function Messages({ pollMillis, permissions }) {
  const [unread, setUnread] = useState(0);
  const [drawer, setDrawer] = useState(false);
  const [urgent, setUrgent] = useState([]);

  const refreshCount = useCallback(async () => {
    const { data } = await api(`${NOTIFY}/findNitofyNums`);
    setUnread((data || []).reduce((sum, c) => sum + Number(c.nums || 0), 0));
  }, []);

  const pull = useCallback(async () => {
    try {
      await api(`${NOTIFY}/pullMessage`);
      await refreshCount();
      const { data } = await api(`${NOTIFY}/findNoReadByUserAll`);
      setUrgent((data || []).filter((m) => m.action === "timely" && !m.isRead));
    } catch {
      // A failed poll is retried at the next interval; the badge keeps its last count.
    }
  }, [refreshCount]);

  useEffect(() => {
    pull();
    const timer = setInterval(pull, pollMillis || 100000);
    return () => clearInterval(timer);
  }, [pull, pollMillis]);

  const text = badgeText(unread);
  return (
    <>
      <button
        type="button"
        className="relative flex h-8 w-8 items-center justify-center rounded hover:bg-slate-100 dark:hover:bg-slate-700"
        aria-label={text ? `消息，${text}条未读` : "消息"}
        onClick={() => setDrawer(true)}
      >
        <svg className="h-5 w-5" aria-hidden="true">
          <use href="#i-bell" />
        </svg>
        {text && (
          <span data-badge className="absolute -right-1 -top-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-4 text-white">
            {text}
          </span>
        )}
      </button>
      <Suspense fallback={null}>
        {drawer && <MessageDrawer onClose={() => setDrawer(false)} onChanged={refreshCount} permissions={permissions} />}
        {urgent.length > 0 && <UrgentDialog items={urgent} onClose={() => setUrgent([])} onChanged={refreshCount} />}
      </Suspense>
    </>
  );
}
