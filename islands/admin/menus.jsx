// 菜单管理: the product menu as a tree (top groups > headings > links) with each link's button permissions under
// it. The menu is shared by every company, so only platform admins change it (the server says so in `editable`
// and refuses everyone else); others see the tree read-only. Every control is a button, so the tree works from
// the keyboard: Tab to a row's 展开/收起, ↑ 上移 and ↓ 下移 (focus stays on the moved entry), 编辑, 隐藏 and 删除.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import FormDialog from "../lib/FormDialog.jsx";

const BASE = "/admin/api/v1/menus/admin";
const LEVEL = { 1: "分组", 2: "标题", 3: "链接" };
const CHILD = { 1: "标题", 2: "链接" };
const yesNo = [
  ["false", "否"],
  ["true", "是"],
];

const small = "rounded px-1.5 py-0.5 text-xs hover:bg-slate-100 disabled:opacity-30 dark:hover:bg-slate-700";
const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800";
const plain = "rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600";

// menuFields is the form of an entry of a level: a group has an icon and a redirect, a link its path. parents are
// the entries it may move under (same level as its parent), on edit only.
function menuFields(level, icons, parents) {
  const fields = [{ name: "title", label: "菜单名称", required: true }];
  if (parents) fields.push({ name: "parentId", label: "上级菜单", options: parents });
  if (level === 3) fields.push({ name: "path", label: "路径", required: true, placeholder: "/erp/warehouse/shelf" });
  if (level === 1) fields.push({ name: "icon", label: "图标", options: [["", "无"], ...icons.map((i) => [i, i])], default: "" });
  if (level < 3) fields.push({ name: "redirect", label: "重定向", placeholder: "/sys/subuser" });
  fields.push(
    { name: "sort", label: "排序", type: "number", placeholder: "留空排在最后" },
    { name: "oldId", label: "旧系统ID" },
    { name: "hidden", label: "隐藏", options: yesNo, default: "false" },
    { name: "keepAlive", label: "缓存页面", options: yesNo, default: "true" },
  );
  return fields;
}

function menuBody(v, parentId) {
  const body = { title: v.title, path: v.path ?? "", icon: v.icon ?? "", redirect: v.redirect ?? "", oldId: v.oldId ?? "" };
  body.hidden = String(v.hidden) === "true";
  body.keepAlive = String(v.keepAlive) !== "false";
  if (String(v.sort ?? "").trim() !== "") body.sort = Number(v.sort);
  if (parentId !== undefined) body.parentId = parentId;
  return body;
}

// asForm turns an entry into the form's values (selects hold strings).
function asForm(m) {
  return { ...m, sort: String(m.sort), hidden: String(m.hidden), keepAlive: String(m.keepAlive) };
}

// parentsOf lists the entries at the level above `level`, labelled with their path in the tree.
function parentsOf(tree, level) {
  const out = [];
  const walk = (nodes, trail) => {
    for (const n of nodes) {
      const label = [...trail, n.title].join(" / ");
      if (n.level === level - 1) out.push([n.id, label]);
      else if (n.level < level - 1) walk(n.children, [...trail, n.title]);
    }
  };
  walk(tree, []);
  return out;
}

function allIds(nodes, out = new Set()) {
  for (const n of nodes) {
    out.add(n.id);
    allIds(n.children, out);
  }
  return out;
}

export default function MenuAdmin({ permissions }) {
  const [data, setData] = useState(null);
  const [error, setError] = useState("");
  const [open, setOpen] = useState(() => new Set());
  const [form, setForm] = useState(null);
  const focusAfter = useRef(null);
  const host = useRef(null);

  const load = useCallback(
    () =>
      api(`${BASE}/tree`)
        .then(({ data }) => setData(data))
        .catch((e) => setError(e.message)),
    [],
  );
  useEffect(() => {
    load();
  }, [load]);

  // After a move the list is redrawn: focus goes back to the moved entry's button, or its other one at an end.
  useLayoutEffect(() => {
    const f = focusAfter.current;
    if (!f || !host.current) return;
    const el = host.current.querySelector(`[data-move="${f.id}:${f.dir}"]`);
    const other = host.current.querySelector(`[data-move="${f.id}:${f.dir === "up" ? "down" : "up"}"]`);
    const target = el && !el.disabled ? el : other;
    if (target) {
      target.focus();
      focusAfter.current = null;
    }
  }, [data]);

  if (error) return <p role="alert" className="text-sm text-red-700">{error}</p>;
  if (!data) return <p className="text-sm text-slate-500">加载中...</p>;

  const edit = data.editable;
  const canAdd = edit && can(permissions, "sys:menu:add");
  const canEdit = edit && can(permissions, "sys:menu:edit");
  const canDelete = edit && can(permissions, "sys:menu:delete");

  const done = async () => {
    toast("操作成功!");
    await load();
  };
  const run = async (fn) => {
    try {
      await fn();
      await done();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const toggle = (id) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const move = (siblings, index, dir, parentId) => {
    const ids = siblings.map((s) => s.id);
    const other = dir === "up" ? index - 1 : index + 1;
    [ids[index], ids[other]] = [ids[other], ids[index]];
    focusAfter.current = { id: siblings[index].id, dir };
    run(() => api(`${BASE}/sort`, { method: "PUT", body: { parentId, ids } }));
  };
  const setHidden = (m, hidden) =>
    run(() => api(`${BASE}/menus/${m.id}`, { method: "PUT", body: { ...menuBody(asForm(m)), hidden } }));
  const removeMenu = async (m) => {
    if (!(await ask({ title: `删除菜单“${m.title}”`, message: "它的按钮权限和各公司角色对它的授权将一并删除，不可恢复。", action: "删除", danger: true }))) return;
    run(() => api(`${BASE}/menus/${m.id}`, { method: "DELETE" }));
  };
  const removePermission = async (p) => {
    if (!(await ask({ title: `删除按钮权限“${p.name}”`, message: "各公司角色对它的授权将一并删除，不可恢复。", action: "删除", danger: true }))) return;
    run(() => api(`${BASE}/permissions/${p.id}`, { method: "DELETE" }));
  };

  const saveMenu = (f) => async (v) => {
    if (f.row) {
      await api(`${BASE}/menus/${f.row.id}`, { method: "PUT", body: menuBody(v, v.parentId) });
    } else {
      await api(`${BASE}/menus`, { method: "POST", body: menuBody(v, f.parentId) });
      if (f.parentId !== "0") setOpen((s) => new Set(s).add(f.parentId));
    }
    await done();
  };
  const savePermission = (f) => async (v) => {
    if (f.row) await api(`${BASE}/permissions/${f.row.id}`, { method: "PUT", body: { code: v.code, name: v.name } });
    else await api(`${BASE}/permissions`, { method: "POST", body: { menuId: f.menuId, code: v.code, name: v.name } });
    await done();
  };

  // Plain render functions, not components: a component made anew on each render would remount its rows and
  // lose the keyboard focus.
  const permissionList = (link) =>
    link.permissions.length > 0 && (
      <ul aria-label={`${link.title}的按钮权限`} className="ml-8 mt-1 space-y-0.5 text-xs text-slate-600 dark:text-slate-300">
        {link.permissions.map((p) => (
          <li key={p.id} className="flex items-center gap-2">
            <span className="rounded bg-slate-100 px-1 font-mono dark:bg-slate-700">{p.code}</span>
            <span>{p.name}</span>
            {canEdit && (
              <button type="button" className={small} aria-label={`编辑权限 ${p.code}`} onClick={() => setForm({ kind: "perm", row: p })}>
                编辑
              </button>
            )}
            {canDelete && !p.builtin && (
              <button type="button" className={`${small} text-red-700`} aria-label={`删除权限 ${p.code}`} onClick={() => removePermission(p)}>
                删除
              </button>
            )}
          </li>
        ))}
      </ul>
    );

  const nodeList = (nodes, parentId) => (
    <ul role={parentId === "0" ? "tree" : "group"} aria-label={parentId === "0" ? "菜单" : undefined} className={parentId === "0" ? "" : "ml-6 border-l border-slate-200 pl-2 dark:border-slate-700"}>
      {nodes.map((m, i) => {
        const expandable = m.children.length > 0 || m.permissions.length > 0;
        const expanded = open.has(m.id);
        return (
          <li key={m.id} role="treeitem" aria-expanded={expandable ? expanded : undefined} aria-label={m.title} className="py-0.5">
            <div className="flex flex-wrap items-center gap-1.5 rounded px-1 py-0.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
              <button type="button" className={`${small} w-6`} disabled={!expandable} aria-label={`${expanded ? "收起" : "展开"} ${m.title}`} onClick={() => toggle(m.id)}>
                {expandable ? (expanded ? "▾" : "▸") : "·"}
              </button>
              <span className={m.hidden ? "text-slate-400 line-through" : "font-medium"}>{m.title}</span>
              <span className="rounded bg-slate-100 px-1 text-xs text-slate-500 dark:bg-slate-700">{LEVEL[m.level]}</span>
              {m.path && <span className="font-mono text-xs text-slate-500">{m.path}</span>}
              {m.hidden && <span className="rounded bg-amber-100 px-1 text-xs text-amber-800">已隐藏</span>}
              {m.builtin && <span className="text-xs text-slate-400">内置</span>}
              <span className="ml-auto flex items-center gap-0.5">
                {canEdit && (
                  <>
                    <button type="button" className={small} data-move={`${m.id}:up`} disabled={i === 0} aria-label={`上移 ${m.title}`} onClick={() => move(nodes, i, "up", parentId)}>
                      ↑
                    </button>
                    <button type="button" className={small} data-move={`${m.id}:down`} disabled={i === nodes.length - 1} aria-label={`下移 ${m.title}`} onClick={() => move(nodes, i, "down", parentId)}>
                      ↓
                    </button>
                  </>
                )}
                {canAdd && m.level < 3 && (
                  <button type="button" className={small} aria-label={`在 ${m.title} 下新增${CHILD[m.level]}`} onClick={() => setForm({ kind: "menu", level: m.level + 1, parentId: m.id })}>
                    新增{CHILD[m.level]}
                  </button>
                )}
                {canAdd && m.level === 3 && (
                  <button type="button" className={small} aria-label={`为 ${m.title} 新增权限`} onClick={() => setForm({ kind: "perm", menuId: m.id })}>
                    新增权限
                  </button>
                )}
                {canEdit && (
                  <button type="button" className={small} aria-label={`编辑 ${m.title}`} onClick={() => setForm({ kind: "menu", level: m.level, row: m })}>
                    编辑
                  </button>
                )}
                {canEdit && (
                  <button type="button" className={small} aria-label={`${m.hidden ? "显示" : "隐藏"} ${m.title}`} onClick={() => setHidden(m, !m.hidden)}>
                    {m.hidden ? "显示" : "隐藏"}
                  </button>
                )}
                {canDelete && !m.builtin && (
                  <button type="button" className={`${small} text-red-700`} aria-label={`删除 ${m.title}`} onClick={() => removeMenu(m)}>
                    删除
                  </button>
                )}
              </span>
            </div>
            {expanded && m.level === 3 && permissionList(m)}
            {expanded && m.children.length > 0 && nodeList(m.children, m.id)}
          </li>
        );
      })}
    </ul>
  );

  return (
    <section aria-label="菜单管理" ref={host}>
      {!edit && (
        <p role="note" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          菜单为所有公司共用，仅平台管理员可以修改，这里只能查看。
        </p>
      )}
      <div className="mb-3 flex flex-wrap items-center gap-2">
        {canAdd && (
          <button type="button" className={button} onClick={() => setForm({ kind: "menu", level: 1, parentId: "0" })}>
            新增分组
          </button>
        )}
        <button type="button" className={plain} onClick={() => setOpen(allIds(data.menus))}>
          全部展开
        </button>
        <button type="button" className={plain} onClick={() => setOpen(new Set())}>
          全部收起
        </button>
      </div>
      {nodeList(data.menus, "0")}
      {form?.kind === "menu" && (
        <FormDialog
          title={`${form.row ? "编辑" : "新增"}${LEVEL[form.level]}`}
          fields={menuFields(form.level, data.icons, form.row && form.level > 1 ? parentsOf(data.menus, form.level) : null)}
          initial={form.row ? asForm(form.row) : {}}
          onSubmit={saveMenu(form)}
          onClose={() => setForm(null)}
        />
      )}
      {form?.kind === "perm" && (
        <FormDialog
          title={`${form.row ? "编辑" : "新增"}按钮权限`}
          fields={[
            { name: "code", label: "权限标识", required: true, placeholder: "erp:wh:shelf:add", readOnly: form.row?.builtin },
            { name: "name", label: "权限名称", required: true },
          ]}
          initial={form.row}
          onSubmit={savePermission(form)}
          onClose={() => setForm(null)}
        />
      )}
    </section>
  );
}
