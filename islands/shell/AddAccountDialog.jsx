// 添加账号: binds another account (its account and password) so the user can switch to it.
import { useState } from "react";
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";

export default function AddAccountDialog({ onClose, onAdded }) {
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    if (!account.trim() || !password) {
      setError("账号和密码不能为空");
      return;
    }
    setBusy(true);
    setError("");
    try {
      await api("/admin/api/v1/users/sysrole/openidbind", { method: "POST", body: { account: account.trim(), password, appType: "web" } });
      toast("操作成功!");
      onAdded();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  const field = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm outline-none focus:border-sky-600 focus:ring-2 focus:ring-sky-100 dark:border-slate-600 dark:bg-slate-900";
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm rounded-xl bg-white p-6 shadow-xl dark:bg-slate-800">
          <DialogTitle className="text-lg font-semibold">添加账号</DialogTitle>
          <form className="mt-4" onSubmit={submit} noValidate>
            {error && (
              <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
                {error}
              </p>
            )}
            <label className="mb-3 block text-sm">
              账号
              <input className={field} value={account} onChange={(e) => setAccount(e.target.value)} autoComplete="username" placeholder="手机号码或邮箱" />
            </label>
            <label className="mb-5 block text-sm">
              密码
              <input className={field} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
            </label>
            <div className="flex justify-end gap-3">
              <button type="button" className="rounded-md border border-slate-300 px-4 py-2 text-sm dark:border-slate-600" onClick={onClose}>
                取消
              </button>
              <button type="submit" disabled={busy} className="rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-60">
                {busy ? "绑定中..." : "绑定"}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
