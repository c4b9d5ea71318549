// The simple admin screens, one island for all of them (the page's props name the screen): 标签分组, 标签, 客户端,
// 客户管理, 品牌, 供应商 — each a table with add, edit and delete behind its button permissions — 操作日志, the
// company's log of changes with its filters, the trees of 部门 and 分类, 菜单管理 (menus.jsx) and 公司设置
// (company.jsx). A tag group that still has tags is not deleted, nor a department with child departments or
// members, nor a brand, supplier or category a product uses (the server says so).
import { useEffect, useState } from "react";
import { mount } from "../lib/mount.js";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import FormDialog from "../lib/FormDialog.jsx";
import CompanySettings from "./company.jsx";
import MenuAdmin from "./menus.jsx";

const V1 = "/admin/api/v1";
const ERP = "/erp/api/v1";

// Each editable screen: its list, its API path (under base, /admin/api/v1 unless given), the noun of its dialogs
// and confirmations, its permission prefix and its form's fields.
const SCREENS = {
  tagGroups: {
    queryname: "tagGroupList",
    path: "tagGroups",
    noun: "标签分组",
    permission: "sys:taggroup",
    fields: () => [
      { name: "name", label: "分组名称", required: true },
      { name: "remark", label: "备注" },
    ],
  },
  tags: {
    queryname: "tagList",
    path: "tags",
    noun: "标签",
    permission: "sys:tag",
    fields: (groups) => [
      { name: "name", label: "标签名称", required: true },
      { name: "groupId", label: "标签分组", required: true, options: [["", "请选择"], ...groups.map((g) => [g.id, g.name])] },
      { name: "color", label: "颜色", type: "color", default: "#0369a1" },
      { name: "remark", label: "备注" },
    ],
  },
  // 产品标签: the same tags, listed with each one's count of local products (tagged in 本地产品).
  productTags: {
    queryname: "productTagList",
    path: "tags",
    source: `${ERP}/productTags/page`,
    exportUrl: `${ERP}/productTags/export`,
    noun: "标签",
    permission: "sys:tag",
    grouped: true,
    empty: "还没有标签：点“新增标签”添加，再到本地产品中勾选产品点“打标签”。",
    fields: (groups) => [
      { name: "name", label: "标签名称", required: true },
      { name: "groupId", label: "标签分组", required: true, options: [["", "请选择"], ...groups.map((g) => [g.id, g.name])] },
      { name: "color", label: "颜色", type: "color", default: "#0369a1" },
      { name: "remark", label: "备注" },
    ],
  },
  clients: {
    queryname: "clientList",
    path: "clients",
    noun: "客户端",
    permission: "sys:client",
    fields: () => [
      { name: "name", label: "客户端名称", required: true },
      { name: "code", label: "编码" },
      { name: "contact", label: "联系人" },
      { name: "phone", label: "电话", type: "tel" },
      { name: "email", label: "邮箱", type: "email" },
      { name: "address", label: "地址" },
      { name: "remark", label: "备注" },
    ],
  },
  customers: {
    queryname: "customerList",
    path: "customers",
    noun: "客户",
    permission: "sys:customer",
    fields: () => [
      { name: "name", label: "客户名称", required: true },
      { name: "platform", label: "平台", placeholder: "Amazon" },
      { name: "email", label: "邮箱", type: "email" },
      { name: "phone", label: "电话", type: "tel" },
      { name: "country", label: "国家", placeholder: "US" },
      { name: "remark", label: "备注" },
    ],
  },
  brands: {
    queryname: "brandList",
    base: ERP,
    path: "brand",
    noun: "品牌",
    permission: "erp:brand",
    fields: () => [
      { name: "name", label: "品牌名称", required: true },
      { name: "remark", label: "备注" },
    ],
  },
  suppliers: {
    queryname: "supplierList",
    base: ERP,
    path: "supplier",
    noun: "供应商",
    permission: "erp:supplier",
    fields: () => [
      { name: "name", label: "供应商名称", required: true },
      { name: "contact", label: "联系人" },
      { name: "phone", label: "电话", type: "tel" },
      { name: "address", label: "地址" },
      { name: "remark", label: "备注" },
    ],
  },
};

const button = "rounded-md bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50";
const input = "rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900";

function Editable({ screen, permissions }) {
  const cfg = SCREENS[screen];
  const base = cfg.base || V1;
  const [form, setForm] = useState(null);
  const [search, setSearch] = useState("");
  const [groupFilter, setGroupFilter] = useState("");
  const [groups, setGroups] = useState([]);
  const [version, setVersion] = useState(0);

  // Tags pick their group from the company's groups.
  useEffect(() => {
    if (screen !== "tags" && !cfg.grouped) return;
    api(`${V1}/tagGroups/options`)
      .then(({ data }) => setGroups(data))
      .catch((e) => toast(e.message, "error"));
  }, [screen, cfg.grouped, version]);

  const save = (row) => async (values) => {
    const body = Object.fromEntries(cfg.fields(groups).map((f) => [f.name, values[f.name]]));
    if (row) await api(`${base}/${cfg.path}/${row.id}`, { method: "PUT", body });
    else await api(`${base}/${cfg.path}`, { method: "POST", body });
    toast("操作成功!");
    setVersion((n) => n + 1);
  };

  const remove = async (row, refresh) => {
    if (!(await ask({ title: `删除${cfg.noun}“${row.name}”`, message: "删除后不可恢复。", action: "删除", danger: true }))) return;
    try {
      await api(`${base}/${cfg.path}/${row.id}`, { method: "DELETE" });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  return (
    <section aria-label={cfg.noun}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <input aria-label={`按名称查找${cfg.noun}`} placeholder="按名称查找" className={`w-48 ${input}`} value={search} onChange={(e) => setSearch(e.target.value)} />
        {(screen === "tags" || cfg.grouped) && (
          <select aria-label="按分组筛选" className={input} value={groupFilter} onChange={(e) => setGroupFilter(e.target.value)}>
            <option value="">全部分组</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        )}
      </div>
      <DataTable
        queryname={cfg.queryname}
        source={cfg.source || `${base}/${cfg.path}/page`}
        exportUrl={cfg.exportUrl || `${base}/${cfg.path}/export`}
        filters={screen === "tags" || cfg.grouped ? { name: search, groupId: groupFilter } : { name: search }}
        empty={cfg.empty}
        renders={cfg.grouped ? { color: (row) => <span className="inline-flex items-center gap-1"><span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: row.color || "#64748b" }} />{row.color}</span> } : undefined}
        permissions={permissions}
        version={version}
        toolbar={
          can(permissions, `${cfg.permission}:add`) && (
            <button type="button" className={button} onClick={() => setForm({})}>
              新增{cfg.noun}
            </button>
          )
        }
        noun={cfg.noun}
        rowName={(row) => row.name}
        bulk={[{ label: "删除", permission: `${cfg.permission}:delete`, danger: true, method: "DELETE", url: `${base}/${cfg.path}/{id}` }]}
        actions={[
          { label: "编辑", permission: `${cfg.permission}:edit`, run: (row) => setForm({ row }) },
          { label: "删除", permission: `${cfg.permission}:delete`, danger: true, run: remove },
        ]}
      />
      {form && (
        <FormDialog
          title={`${form.row ? "编辑" : "新增"}${cfg.noun}`}
          fields={cfg.fields(groups)}
          initial={form.row && { ...form.row, color: form.row.color || "#0369a1" }}
          onSubmit={save(form.row)}
          onClose={() => setForm(null)}
        />
      )}
    </section>
  );
}

// 操作日志: filters by user, action and dates; the table reads them from the form when it is submitted.
function OperationLogs({ permissions }) {
  return (
    <section aria-label="操作日志">
      <form id="oplog-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <input name="user" aria-label="操作人" placeholder="操作人" className={`w-32 ${input}`} />
        <input name="action" aria-label="操作" placeholder="操作，如 新增字典" className={`w-40 ${input}`} />
        <label className="flex items-center gap-1">
          从 <input name="startDate" type="date" aria-label="开始日期" className={input} />
        </label>
        <label className="flex items-center gap-1">
          至 <input name="endDate" type="date" aria-label="结束日期" className={input} />
        </label>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable queryname="operationLog" source={`${V1}/operationLogs/page`} exportUrl={`${V1}/operationLogs/export`} filterForm="oplog-filter" permissions={permissions} />
    </section>
  );
}

// 通知公告: what the company's admins published, with its audience and how many read it; 发布公告 with urgency and
// audience (everyone or one member), and 撤回, which takes a notification back from every inbox.
function Announcements({ permissions }) {
  const [form, setForm] = useState(false);
  const [members, setMembers] = useState([]);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    api(`${V1}/users/findOwnerAll`)
      .then(({ data }) => setMembers(data))
      .catch((e) => toast(e.message, "error"));
  }, []);

  const fields = [
    { name: "title", label: "标题", required: true, placeholder: "如：【系统公告】系统升级通知" },
    { name: "content", label: "内容", required: true, type: "textarea" },
    { name: "action", label: "紧急程度", options: [["", "普通"], ["timely", "紧急（弹窗提醒）"]], default: "" },
    { name: "recipientId", label: "接收人", options: [["", "全体成员"], ...members.map((m) => [m.id, m.name])], default: "" },
  ];
  const publish = async (values) => {
    await api(`${V1}/notify/addAnnounce`, { method: "POST", body: values });
    toast("操作成功!");
    setVersion((n) => n + 1);
  };
  const withdraw = async (row, refresh) => {
    if (!(await ask({ title: `撤回通知“${row.title}”`, message: "撤回后所有人都将看不到它。", action: "撤回", danger: true }))) return;
    try {
      await api(`${V1}/notify/withdraw`, { method: "POST", body: { id: row.id } });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  return (
    <section aria-label="通知公告">
      <DataTable
        queryname="notifyAdminList"
        source={`${V1}/notify/published/page`}
        exportUrl={`${V1}/notify/published/export`}
        permissions={permissions}
        version={version}
        formats={{ action: { timely: "紧急", "": "普通" }, withdrawn: { true: "已撤回", false: "已发布" } }}
        toolbar={
          can(permissions, "sys:notify:add") && (
            <button type="button" className={button} onClick={() => setForm(true)}>
              发布公告
            </button>
          )
        }
        actions={[{ label: "撤回", permission: "sys:notify:add", danger: true, when: (row) => !row.withdrawn, run: withdraw }]}
      />
      {form && <FormDialog title="发布公告" fields={fields} submitLabel="发布" onSubmit={publish} onClose={() => setForm(false)} />}
    </section>
  );
}

// The tree flattened in its order, each node with its depth, for the parent drop-down. skip (an id) leaves out
// that node and everything under it: nothing moves under itself.
function flatten(nodes, skip, depth = 0, out = []) {
  for (const n of nodes) {
    if (n.id === skip) continue;
    out.push({ ...n, depth });
    flatten(n.children, skip, depth + 1, out);
  }
  return out;
}

// One department or category and, unless collapsed, its children. The toggle and every action are buttons, so the tree is
// used from the keyboard with Tab, Enter and Space; the toggle says whether the branch is open (aria-expanded).
function TreeNode({ node, depth, collapsed, toggle, actions }) {
  const open = !collapsed.has(node.id);
  const hasChildren = node.children.length > 0;
  const small = "rounded px-1.5 py-0.5 text-xs hover:bg-slate-100 dark:hover:bg-slate-700";
  return (
    <li>
      <div className="flex items-center gap-2 border-b border-slate-100 py-1 text-sm dark:border-slate-700" style={{ paddingLeft: `${depth * 1.5}rem` }} data-node={node.name}>
        {hasChildren ? (
          <button type="button" className="w-5 text-slate-500" aria-expanded={open} aria-controls={`node-${node.id}`} aria-label={`${open ? "收起" : "展开"}${node.name}`} onClick={() => toggle(node.id)}>
            {open ? "▾" : "▸"}
          </button>
        ) : (
          <span className="w-5" aria-hidden="true" />
        )}
        <span className="font-medium">{node.name}</span>
        {node.leaderName && <span className="text-xs text-slate-500">负责人：{node.leaderName}</span>}
        {node.remark && <span className="text-xs text-slate-400">{node.remark}</span>}
        <span className="ml-auto flex gap-1">
          {actions.map((a) => (
            <button key={a.label} type="button" className={`${small} ${a.danger ? "text-red-700" : "text-sky-700"}`} aria-label={`${a.label}：${node.name}`} onClick={() => a.run(node)}>
              {a.label}
            </button>
          ))}
        </span>
      </div>
      {hasChildren && open && (
        <ul id={`node-${node.id}`}>
          {node.children.map((c) => (
            <TreeNode key={c.id} node={c} depth={depth + 1} collapsed={collapsed} toggle={toggle} actions={actions} />
          ))}
        </ul>
      )}
    </li>
  );
}

// The tree screens: where each keeps its tree (base/path, with path/tree the whole tree), its noun, its permission
// prefix, and whether its nodes have a leader (部门负责人, one of the company's members).
const TREES = {
  depts: { base: V1, path: "depts", noun: "部门", permission: "sys:dept", leader: true },
  categories: { base: ERP, path: "category", noun: "分类", permission: "erp:category", leader: false },
};

// 部门 and 分类: the company's tree, every branch open at first. 新增部门 adds at the top, 新增下级 under a node;
// 编辑 renames, re-sorts or moves it (the parent drop-down leaves out the node and its own subtree); 删除 asks
// first. Each action shows only with its button permission.
function TreeScreen({ kind, permissions }) {
  const cfg = TREES[kind];
  const url = `${cfg.base}/${cfg.path}`;
  const [tree, setTree] = useState(null);
  const [members, setMembers] = useState([]);
  const [collapsed, setCollapsed] = useState(() => new Set());
  const [form, setForm] = useState(null);

  const load = () =>
    api(`${url}/tree`)
      .then(({ data }) => setTree(data))
      .catch((e) => toast(e.message, "error"));
  useEffect(() => {
    load();
    if (!cfg.leader) return;
    api(`${V1}/users/findOwnerAll`)
      .then(({ data }) => setMembers(data))
      .catch((e) => toast(e.message, "error"));
  }, []);

  const toggle = (id) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const fields = (row) => [
    { name: "name", label: `${cfg.noun}名称`, required: true },
    {
      name: "parentId",
      label: `上级${cfg.noun}`,
      options: [["0", `（顶级${cfg.noun}）`], ...flatten(tree || [], row?.id).map((d) => [d.id, `${"\u3000".repeat(d.depth)}${d.name}`])],
      default: "0",
    },
    { name: "sort", label: "排序", type: "number", default: "0" },
    cfg.leader && { name: "leaderId", label: "负责人", options: [["", "（无）"], ...members.map((m) => [m.id, m.name])], default: "" },
    { name: "remark", label: "备注" },
  ].filter(Boolean);

  const save = (row) => async (v) => {
    const body = { name: v.name, parentId: v.parentId, sort: Number(v.sort || 0), remark: v.remark };
    if (cfg.leader) body.leaderId = v.leaderId;
    if (row) await api(`${url}/${row.id}`, { method: "PUT", body });
    else await api(url, { method: "POST", body });
    toast("操作成功!");
    load();
  };

  const remove = async (node) => {
    if (!(await ask({ title: `删除${cfg.noun}“${node.name}”`, message: "删除后不可恢复。", action: "删除", danger: true }))) return;
    try {
      await api(`${url}/${node.id}`, { method: "DELETE" });
      toast("操作成功!");
      load();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  const actions = [
    can(permissions, `${cfg.permission}:add`) && { label: "新增下级", run: (node) => setForm({ initial: { parentId: node.id } }) },
    can(permissions, `${cfg.permission}:edit`) && { label: "编辑", run: (node) => setForm({ row: node, initial: { ...node, sort: String(node.sort) } }) },
    can(permissions, `${cfg.permission}:delete`) && { label: "删除", danger: true, run: remove },
  ].filter(Boolean);

  return (
    <section aria-label={cfg.noun}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        {can(permissions, `${cfg.permission}:add`) && (
          <button type="button" className={button} onClick={() => setForm({})}>
            新增{cfg.noun}
          </button>
        )}
        <button type="button" className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600" onClick={() => setCollapsed(new Set())}>
          全部展开
        </button>
        <button
          type="button"
          className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
          onClick={() => setCollapsed(new Set(flatten(tree || []).filter((d) => d.children.length > 0).map((d) => d.id)))}
        >
          全部收起
        </button>
      </div>
      {tree === null ? (
        <p className="text-sm text-slate-500">加载中...</p>
      ) : tree.length === 0 ? (
        <p className="text-sm text-slate-500">暂无数据！</p>
      ) : (
        <ul aria-label={`${cfg.noun}树`}>
          {tree.map((n) => (
            <TreeNode key={n.id} node={n} depth={0} collapsed={collapsed} toggle={toggle} actions={actions} />
          ))}
        </ul>
      )}
      {form && (
        <FormDialog
          title={`${form.row ? "编辑" : "新增"}${cfg.noun}`}
          fields={fields(form.row)}
          initial={form.initial}
          onSubmit={save(form.row)}
          onClose={() => setForm(null)}
        />
      )}
    </section>
  );
}

function AdminScreen({ screen, permissions }) {
  if (TREES[screen]) return <TreeScreen kind={screen} permissions={permissions} />;
  if (screen === "operationLogs") return <OperationLogs permissions={permissions} />;
  if (screen === "announcements") return <Announcements permissions={permissions} />;
  if (screen === "menus") return <MenuAdmin permissions={permissions} />;
  if (screen === "company") return <CompanySettings permissions={permissions} />;
  return <Editable screen={screen} permissions={permissions} />;
}

mount("sysadmin", AdminScreen);
