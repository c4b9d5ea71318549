// The avatar menu: company (shown, not clickable), 个人中心, 切换账号 (bound accounts, the current one ticked,
// and 添加账号), 清缓存, 返回旧系统 (single-sign-on logins only) and 退出.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { onAvatarChange } from "../lib/account-events.js";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";

const AddAccountDialog = lazy(() => import("./AddAccountDialog.jsx"));

function openTab(title, path) {
  window.sellerhubShell?.open(title, `${path}?${new URLSearchParams({ title, path })}`);
}

export default function Account({ company, name, account, avatar: initialAvatar, loginType, legacyUrl, logoutUrl }) {
  const [avatar, setAvatar] = useState(initialAvatar);
  const [open, setOpen] = useState(false);
  const [bound, setBound] = useState(null);
  const [adding, setAdding] = useState(false);
  const root = useRef(null);

  // A new avatar uploaded in 个人中心 (a tab's frame) shows here at once.
  useEffect(() => onAvatarChange(setAvatar), []);

  useEffect(() => {
    if (!open || adding) return undefined;
    // A click elsewhere closes the menu, but not one in the 添加账号 dialog opened from it.
    const away = (e) => {
      if (!root.current.contains(e.target)) setOpen(false);
    };
    const esc = (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", away);
    root.current.addEventListener("keydown", esc);
    const el = root.current;
    return () => {
      document.removeEventListener("mousedown", away);
      el.removeEventListener("keydown", esc);
    };
  }, [open, adding]);

  const loadBound = async () => {
    try {
      const { data } = await api("/admin/api/v1/users/findbindlist");
      setBound(data || []);
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const switchTo = async (target) => {
    try {
      await api("/admin/api/v1/auth/changeLoginWechatApp", { query: { account: target.account, appType: "web" } });
      sessionStorage.clear();
      window.location.href = "/home";
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const clearCache = async () => {
    try {
      await api("/admin/api/v1/menus/cleanUserCache");
      sessionStorage.clear();
      toast("操作成功!");
      setTimeout(() => window.location.reload(), 600);
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const logout = async () => {
    if (loginType === "sso" && logoutUrl) {
      window.location.href = logoutUrl;
      return;
    }
    try {
      await api("/admin/api/v1/auth/apilogout");
      localStorage.removeItem("loginTime");
      sessionStorage.clear();
      window.location.href = "/login?notice=logout";
    } catch {
      toast("登出失败!", "error");
      window.location.href = "/ssologin";
    }
  };

  const item = "block w-full px-4 py-2 text-left text-sm hover:bg-sky-50 dark:hover:bg-slate-700";
  return (
    <div className="relative" ref={root}>
      <button type="button" className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-700" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {avatar ? (
          <img src={avatar} alt="" className="h-7 w-7 rounded-full object-cover" />
        ) : (
          <span className="flex h-7 w-7 items-center justify-center rounded-full bg-sky-700 text-xs font-semibold text-white" aria-hidden="true">
            {(name || account || "?").slice(0, 1)}
          </span>
        )}
        <span className="max-w-32 truncate">{name || account}</span>
      </button>
      {open && (
        <div role="menu" className="absolute right-0 top-full z-50 mt-1 w-60 rounded-md bg-white py-1 text-slate-700 shadow-lg ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700">
          <div role="menuitem" aria-disabled="true" className="truncate px-4 py-2 text-sm text-slate-400">
            {company}
          </div>
          <hr className="my-1 border-slate-100 dark:border-slate-700" />
          <button type="button" role="menuitem" className={item} onClick={() => (setOpen(false), openTab("个人中心", "/usercenter"))}>
            个人中心
          </button>
          <button type="button" role="menuitem" className={item} aria-expanded={bound !== null} onClick={() => (bound === null ? loadBound() : setBound(null))}>
            切换账号
          </button>
          {bound && (
            <ul className="mx-2 mb-1 rounded bg-slate-50 py-1 dark:bg-slate-900" aria-label="已绑定的账号">
              {bound.map((b) => (
                <li key={b.id}>
                  <button type="button" role="menuitem" disabled={b.current} className="flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm hover:bg-sky-50 disabled:cursor-default dark:hover:bg-slate-700" onClick={() => switchTo(b)}>
                    <span className="w-4 text-sky-700">{b.current ? "✓" : ""}</span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate">{b.userinfo?.name || b.name || b.account}</span>
                      <span className="block truncate text-xs text-slate-400">{safeDecode(b.userinfo?.companyname)}</span>
                    </span>
                  </button>
                </li>
              ))}
              <li>
                <button type="button" role="menuitem" className="w-full px-3 py-1.5 text-left text-sm text-sky-700 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-slate-700" onClick={() => setAdding(true)}>
                  + 添加账号
                </button>
              </li>
            </ul>
          )}
          <button type="button" role="menuitem" className={item} onClick={clearCache}>
            清缓存
          </button>
          {loginType === "sso" && legacyUrl && (
            <a role="menuitem" className={item} href={legacyUrl} target="_blank" rel="noopener">
              返回旧系统
            </a>
          )}
          <hr className="my-1 border-slate-100 dark:border-slate-700" />
          <button type="button" role="menuitem" className={item} onClick={logout}>
            退出
          </button>
        </div>
      )}
      <Suspense fallback={null}>
        {adding && (
          <AddAccountDialog
            onClose={() => setAdding(false)}
            onAdded={() => {
              setAdding(false);
              loadBound();
            }}
          />
        )}
      </Suspense>
    </div>
  );
}

function safeDecode(s) {
  try {
    return decodeURIComponent(s || "");
  } catch {
    return s || "";
  }
}
