// The 提醒 dialog: urgent unread items pop up until the user reads them or closes it.
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { api } from "../lib/api.js";

export default function UrgentDialog({ items, onClose, onChanged }) {
  const readAndClose = async () => {
    try {
      await api("/admin/api/v1/notify/markRead", { method: "POST", body: { ids: items.map((m) => m.id) } });
      onChanged();
    } finally {
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl dark:bg-slate-800">
          <DialogTitle className="text-lg font-semibold text-red-700 dark:text-red-400">提醒</DialogTitle>
          <ul className="mt-4 max-h-80 space-y-3 overflow-y-auto">
            {items.map((m) => (
              <li key={m.id} className="rounded-md bg-red-50 p-3 dark:bg-slate-700" data-urgent>
                <p className="text-sm font-medium">{m.title}</p>
                <p className="mt-1 whitespace-pre-wrap text-sm text-slate-600 dark:text-slate-300">{m.content}</p>
                <p className="mt-1 text-xs text-slate-400">{m.createdAt}</p>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className="rounded-md border border-slate-300 px-4 py-2 text-sm hover:bg-slate-50 dark:border-slate-600" onClick={onClose}>
              稍后再看
            </button>
            <button type="button" className="rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800" onClick={readAndClose}>
              我知道了
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
