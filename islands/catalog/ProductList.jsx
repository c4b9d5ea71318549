// 本地产品: the company's local products in the table island, searched by SKU or name and filtered by brand,
// category and status. 新增产品 opens the add screen in its own tab, 查看 and 编辑 open the product's tabs; 停用,
// 启用 and 删除 (asked first; refused while the product has stock, documents or shipments) act in place. 导入 takes
// an .xlsx in the template's columns, 导出 downloads the current query. Checked rows take 启用, 停用, 删除 and 导出选中
// at once. 采购成本 and 头程 are edited in place (Costs.jsx), imported from the cost sheet of the current filter
// (导入成本) and shown with their history (成本记录). Each action needs its button permission.
// With only (KIND_SCREENS: 物料, 耗材, 包材) the list is of that kind on its own API and buttons; its products are
// added and edited in a dialog of the same form.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import ImportDialog from "../lib/ImportDialog.jsx";
import { ERP, KINDS, Thumbnail, button, detailsTitle, editTitle, input, openTab, plain, useCatalog } from "./shared.jsx";
import { CostCell, CostHistory } from "./Costs.jsx";
import ProductForm from "./ProductForm.jsx";

// costTemplateURL is the cost sheet of the products the filter form selects.
function costTemplateURL() {
  const form = document.getElementById("product-filter");
  const query = new URLSearchParams();
  if (form) for (const [k, v] of new FormData(form)) if (v !== "") query.set(k, v);
  const text = query.toString();
  return `${ERP}/material/costTemplate${text ? `?${text}` : ""}`;
}

// KindFormDialog adds (id "") or edits a product of a kind's screen in the product form.
function KindFormDialog({ only, id, permissions, onDone, onClose }) {
  const dialog = useRef(null);
  useEffect(() => dialog.current.showModal(), []);
  const title = `${id ? "编辑" : "新增"}${only.noun}`;
  return (
    <dialog ref={dialog} onClose={onClose} aria-label={title} className="m-auto w-[960px] max-w-[95vw] rounded-xl bg-slate-50 p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-900 dark:text-slate-100">
      <div className="flex items-center justify-between px-4 pt-3">
        <h2 className="font-semibold">{title}</h2>
        <button type="button" aria-label="关闭" className="px-2 text-xl text-slate-500" onClick={() => dialog.current.close()}>
          ×
        </button>
      </div>
      <div className="p-4">
        <ProductForm id={id} permissions={permissions} only={only} onDone={onDone} />
      </div>
    </dialog>
  );
}

// TagChips are a product's 产品标签, each in its colour.
function TagChips({ tags }) {
  if (!tags?.length) return <span className="text-slate-400">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((t) => (
        <span key={t.id} title={t.groupName} className="rounded px-1.5 py-0.5 text-xs font-medium text-white" style={{ backgroundColor: t.color || "#64748b" }}>
          {t.name}
        </span>
      ))}
    </span>
  );
}

// TagDialog puts the chosen tags on the checked products, or takes them off.
function TagDialog({ rows, tags, onClose, onDone }) {
  const dialog = useRef(null);
  const [chosen, setChosen] = useState([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => dialog.current.showModal(), []);
  const run = (remove) => async () => {
    setBusy(true);
    try {
      await api(`${ERP}/material/tags`, { method: "POST", body: { ids: rows.map((r) => r.id), tagIds: chosen, remove } });
      toast(`已${remove ? "移除" : "添加"}标签：${rows.length} 个产品`);
      onDone();
    } catch (e) {
      toast(e.message, "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="tag-dialog-title" className="m-auto w-[480px] max-w-[95vw] rounded-xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <h2 id="tag-dialog-title" className="mb-1 text-lg font-semibold">
        打标签
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">已选 {rows.length} 个产品。选择标签后添加或移除；标签在“产品标签”中维护。</p>
      {tags.length === 0 ? (
        <p className="text-sm">还没有标签：先在“产品标签”中新增标签。</p>
      ) : (
        <div className="flex max-h-64 flex-wrap gap-2 overflow-auto" role="group" aria-label="标签">
          {tags.map((t) => (
            <label key={t.id} className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm dark:border-slate-600">
              <input type="checkbox" checked={chosen.includes(t.id)} onChange={(e) => setChosen((c) => (e.target.checked ? [...c, t.id] : c.filter((x) => x !== t.id)))} />
              <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: t.color || "#64748b" }} />
              {t.name}
              <span className="text-xs text-slate-400">{t.groupName}</span>
            </label>
          ))}
        </div>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className={plain} onClick={onClose}>
          取消
        </button>
        <button type="button" className={plain} disabled={busy || chosen.length === 0} onClick={run(true)}>
          移除标签
        </button>
        <button type="button" className={button} disabled={busy || chosen.length === 0} onClick={run(false)}>
          添加标签
        </button>
      </div>
    </dialog>
  );
}

export default function ProductList({ permissions, only }) {
  const catalog = useCatalog();
  const [tags, setTags] = useState([]);
  const [tagging, setTagging] = useState(null); // the checked rows and the table's done while 打标签 is open
  useEffect(() => {
    if (only) return;
    api(`${ERP}/productTags/options`)
      .then(({ data }) => setTags(data))
      .catch((e) => toast(e.message, "error"));
  }, [only]);
  const [importing, setImporting] = useState(false);
  const [importingCosts, setImportingCosts] = useState(null); // the template's address while the dialog is open
  const [history, setHistory] = useState(null);
  const [version, setVersion] = useState(0);
  // saved are the products whose costs were edited in place, as the server answered: the page shows them without
  // a reload, which would take the keyboard's place away.
  const [saved, setSaved] = useState({});
  const [editing, setEditing] = useState(null); // a kind's form open: "" adds, an id edits
  // 本地产品's API and buttons, or those of the kind's screen.
  const base = only ? only.base : `${ERP}/material`;
  const perm = (what) => (only ? `${only.perm}:${what}` : `erp:material:${what}`);
  const noun = only ? only.noun : "产品";
  const editCosts = !only && can(permissions, "erp:material:edit");
  const costCell = (field) => (row) => <CostCell row={saved[row.id] || row} field={field} editable={editCosts} onSaved={(p) => setSaved((m) => ({ ...m, [p.id]: p }))} />;

  const act = (verb, path, method = "POST") => async (row, refresh) => {
    if (verb === "删除" && !(await ask({ title: `删除${noun}“${row.sku}”`, message: "删除后不可恢复。", action: "删除", danger: true }))) return;
    try {
      await api(`${base}/${row.id}${path}`, { method });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  return (
    <section aria-label={only ? only.noun : "本地产品"}>
      <form id="product-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <input name="keyword" type="search" aria-label="SKU或产品名称" placeholder="SKU / 产品名称" className={`w-52 ${input}`} />
        <select name="brandId" aria-label="品牌" className={input} defaultValue="">
          <option value="">全部品牌</option>
          {catalog.brands.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        <select name="categoryId" aria-label="分类" className={input} defaultValue="">
          <option value="">全部分类</option>
          {catalog.categories.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        {!only && (
          <select name="kind" aria-label="类型" className={input} defaultValue="">
            <option value="">全部类型</option>
            {KINDS.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        )}
        <select name="status" aria-label="状态" className={input} defaultValue="">
          <option value="">全部状态</option>
          <option value="enabled">启用</option>
          <option value="disabled">停用</option>
        </select>
        {!only && (
          <select name="tagId" aria-label="标签" className={input} defaultValue="">
            <option value="">全部标签</option>
            {tags.map((t) => (
              <option key={t.id} value={t.id}>
                {t.groupName} / {t.name}
              </option>
            ))}
          </select>
        )}
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="localProductList"
        source={`${base}/page`}
        exportUrl={can(permissions, perm("export")) ? `${base}/export` : undefined}
        filterForm="product-filter"
        permissions={permissions}
        version={version}
        renders={{ image: (row) => <Thumbnail src={row.image} />, price: costCell("price"), firstLeg: costCell("firstLeg"), tags: (row) => <TagChips tags={row.tags} /> }}
        empty={only ? `还没有${only.noun}：点“新增${only.noun}”添加第一个。` : undefined}
        toolbar={
          only ? (
            can(permissions, perm("add")) && (
              <button type="button" className={button} onClick={() => setEditing("")}>
                新增{only.noun}
              </button>
            )
          ) : (
          <>
            {can(permissions, "erp:material:add") && (
              <button type="button" className={button} onClick={() => openTab("新增本地产品", "/localproduct/addinfo")}>
                新增产品
              </button>
            )}
            {can(permissions, "erp:material:import") && (
              <button type="button" className={plain} onClick={() => setImporting(true)}>
                导入
              </button>
            )}
            {can(permissions, "erp:material:edit") && (
              <button type="button" className={plain} onClick={() => openTab("图片上传", "/material/photoupload")}>
                图片上传
              </button>
            )}
            {editCosts && (
              <button type="button" className={plain} onClick={() => setImportingCosts(costTemplateURL())}>
                导入成本
              </button>
            )}
          </>
          )
        }
        noun={noun}
        rowName={(row) => row.sku}
        bulk={[
          { label: "启用", permission: perm("edit"), when: (row) => row.disabled, url: `${base}/{id}/enable` },
          { label: "停用", permission: perm("edit"), when: (row) => !row.disabled, url: `${base}/{id}/disable` },
          ...(only
            ? []
            : [
                { label: "打标签", permission: "erp:material:edit", run: (rows, done) => setTagging({ rows, done }) },
                { label: "删除", permission: "erp:material:delete", danger: true, method: "DELETE", url: `${ERP}/material/{id}` },
              ]),
        ]}
        actions={[
          { label: "查看", run: (row) => openTab(detailsTitle(row.sku), "/material/details", { id: row.id }) },
          { label: "成本记录", run: (row) => setHistory(row) },
          only
            ? { label: "编辑", permission: perm("edit"), run: (row) => setEditing(row.id) }
            : { label: "编辑", permission: "erp:material:edit", run: (row) => openTab(editTitle(row.sku), "/localproduct/editinfo", { id: row.id }) },
          { label: "停用", permission: perm("edit"), when: (row) => !row.disabled, run: act("停用", "/disable") },
          { label: "启用", permission: perm("edit"), when: (row) => row.disabled, run: act("启用", "/enable") },
          ...(only ? [] : [{ label: "删除", permission: "erp:material:delete", danger: true, run: act("删除", "", "DELETE") }]),
        ]}
      />
      {tagging && (
        <TagDialog
          rows={tagging.rows}
          tags={tags}
          onClose={() => setTagging(null)}
          onDone={() => {
            tagging.done();
            setTagging(null);
          }}
        />
      )}
      {importing && (
        <ImportDialog
          title="导入产品"
          hint="请按模板填写，带 * 的列必填；品牌、分类、供应商填写已有的名称。任何一行有误时不会导入任何产品；勾选“更新已有产品”时，已有SKU的行更新该产品。"
          option={{ name: "update", label: "更新已有产品" }}
          templateURL={`${ERP}/material/importTemplate`}
          importURL={`${ERP}/material/import`}
          onClose={() => setImporting(false)}
          onImported={({ count, updated }) => {
            toast(updated ? `成功导入${count}个产品，其中更新${updated}个` : `成功导入${count}个产品`);
            setVersion((n) => n + 1);
          }}
        />
      )}
      {importingCosts && (
        <ImportDialog
          title="导入成本"
          hint="模板为当前筛选的产品及其今天的采购成本、头程（元/件）。只更新成本；留空的成本不变；生效日期留空为今天，可填过去的日期。任何一行有误时不会导入任何成本。"
          templateURL={importingCosts}
          importURL={`${ERP}/material/costImport`}
          onClose={() => setImportingCosts(null)}
          onImported={({ count, updated }) => {
            toast(`已读取${count}行，更新${updated}个产品的成本`);
            setSaved({});
            setVersion((n) => n + 1);
          }}
        />
      )}
      {editing !== null && (
        <KindFormDialog
          only={only}
          id={editing}
          permissions={permissions}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            setVersion((n) => n + 1);
          }}
        />
      )}
      {history && <CostHistory product={history} onClose={() => setHistory(null)} />}
    </section>
  );
}
