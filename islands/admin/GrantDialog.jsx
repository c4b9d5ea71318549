// 授权: a role's grants as the whole product menu in a tree of checkboxes, in the browser's own modal <dialog>.
// What is granted is links (menu entries with a page) and their button permissions; a group's or heading's box
// shows whether everything under it is checked (and is mixed when only part is), and checking it checks
// everything under it. Checking a link checks its permissions too, and checking a permission checks its link:
// the server refuses a permission without its page. Every box is a native checkbox and groups open with a
// button, so the tree works from the keyboard (Tab, Space, Enter).
import { useEffect, useMemo, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";

// units lists what a node grants: its own page (when it has one), its permissions, and its children's units.
function units(node) {
  const out = { menus: node.path ? [node.id] : [], perms: node.permissions.map((p) => p.id) };
  for (const child of node.children) {
    const u = units(child);
    out.menus.push(...u.menus);
    out.perms.push(...u.perms);
  }
  return out;
}

function checkedIn(tree) {
  const menus = new Set();
  const perms = new Set();
  const walk = (nodes) => {
    for (const n of nodes) {
      if (n.checked && n.path) menus.add(n.id);
      for (const p of n.permissions) if (p.checked) perms.add(p.id);
      walk(n.children);
    }
  };
  walk(tree);
  return { menus, perms };
}

function Box({ label, state, onChange, disabled }) {
  const ref = useRef(null);
  useEffect(() => {
    ref.current.indeterminate = state === "mixed";
  }, [state]);
  return (
    <label className="inline-flex items-center gap-1.5">
      <input ref={ref} type="checkbox" checked={state === "all"} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export default function GrantDialog({ role, onClose }) {
  const dialog = useRef(null);
  const [tree, setTree] = useState(null);
  const [fixed, setFixed] = useState(false);
  const [granted, setGranted] = useState({ menus: new Set(), perms: new Set() });
  const [open, setOpen] = useState(() => new Set());
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const url = `/admin/api/v1/roles/${role.id}/grants`;

  useEffect(() => {
    dialog.current.showModal();
    api(url)
      .then(({ data }) => {
        setTree(data.menus);
        setFixed(data.fixed);
        setGranted(checkedIn(data.menus));
      })
      .catch((e) => setError(e.message));
  }, [url]);

  const unitsOf = useMemo(() => {
    const m = new Map();
    const walk = (nodes) => nodes.forEach((n) => (m.set(n.id, units(n)), walk(n.children)));
    walk(tree || []);
    return m;
  }, [tree]);

  const stateOf = (node) => {
    const u = unitsOf.get(node.id);
    const total = u.menus.length + u.perms.length;
    const on = u.menus.filter((id) => granted.menus.has(id)).length + u.perms.filter((id) => granted.perms.has(id)).length;
    if (total === 0 || on === 0) return "none";
    return on === total ? "all" : "mixed";
  };

  const change = (fn) =>
    setGranted((g) => {
      const next = { menus: new Set(g.menus), perms: new Set(g.perms) };
      fn(next);
      return next;
    });
  const setNode = (node, on) =>
    change((g) => {
      const u = unitsOf.get(node.id);
      for (const id of u.menus) on ? g.menus.add(id) : g.menus.delete(id);
      for (const id of u.perms) on ? g.perms.add(id) : g.perms.delete(id);
    });
  const setPerm = (node, perm, on) =>
    change((g) => {
      if (on) {
        g.perms.add(perm.id);
        g.menus.add(node.id);
      } else g.perms.delete(perm.id);
    });
  const toggleOpen = (id) =>
    setOpen((o) => {
      const next = new Set(o);
      next.has(id) ? next.delete(id) : next.add(id);
      return next;
    });

  const save = async () => {
    setBusy(true);
    setError("");
    try {
      await api(url, { method: "PUT", body: { menuIds: [...granted.menus], permissionIds: [...granted.perms] } });
      toast("授权已保存，相关账号下次操作时生效");
      dialog.current.close();
    } catch (e) {
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  const renderLink = (link) => (
    <li key={link.id} className="py-0.5">
      <Box label={link.hidden ? `${link.title}（隐藏）` : link.title} state={granted.menus.has(link.id) ? "all" : "none"} disabled={fixed} onChange={(on) => setNode(link, on)} />
      {link.permissions.length > 0 && (
        <span role="group" aria-label={`${link.title}的按钮权限`} className="ml-4 inline-flex flex-wrap gap-x-3 text-slate-600 dark:text-slate-300">
          {link.permissions.map((p) => (
            <Box key={p.id} label={p.name} state={granted.perms.has(p.id) ? "all" : "none"} disabled={fixed} onChange={(on) => setPerm(link, p, on)} />
          ))}
        </span>
      )}
      {link.children.length > 0 && <ul className="ml-6">{link.children.map(renderLink)}</ul>}
    </li>
  );

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="grant-dialog-title" className="m-auto w-[760px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="p-6">
        <h2 id="grant-dialog-title" className="mb-1 text-lg font-semibold">
          授权：{role.name}
        </h2>
        <p className="mb-3 text-sm text-slate-500">{fixed ? "管理员角色拥有全部菜单和按钮权限，不能修改。" : "勾选该角色可以使用的菜单和按钮权限；勾选分组会选中其下全部内容。"}</p>
        {error && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        {!tree && !error && <p className="py-6 text-center text-sm text-slate-500">加载中...</p>}
        {tree && (
          <ul aria-label="菜单权限" className="max-h-[60vh] overflow-auto rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
            {tree.map((group) => (
              <li key={group.id} className="py-0.5" data-grant-group={group.title}>
                <div className="flex items-center gap-1">
                  <button type="button" aria-expanded={open.has(group.id)} aria-label={`${open.has(group.id) ? "收起" : "展开"}${group.title}`} className="w-6 rounded text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-700" onClick={() => toggleOpen(group.id)}>
                    {open.has(group.id) ? "▾" : "▸"}
                  </button>
                  <Box label={group.title} state={stateOf(group)} disabled={fixed} onChange={(on) => setNode(group, on)} />
                </div>
                {open.has(group.id) && (
                  <ul className="ml-7">
                    {group.children.map((heading) =>
                      heading.path ? (
                        renderLink(heading)
                      ) : (
                        <li key={heading.id} className="py-0.5">
                          <Box label={heading.title} state={stateOf(heading)} disabled={fixed} onChange={(on) => setNode(heading, on)} />
                          <ul className="ml-6">{heading.children.map(renderLink)}</ul>
                        </li>
                      ),
                    )}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className="rounded-md border border-slate-300 px-4 py-2 text-sm dark:border-slate-600" onClick={() => dialog.current.close()}>
            {fixed ? "关闭" : "取消"}
          </button>
          {!fixed && (
            <button type="button" disabled={busy || !tree} onClick={save} className="rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-60">
              {busy ? "保存中..." : "保存"}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}
