// The table island every list page uses: server-fed pages, sorting, page sizes, a pager with a jumper, loading
// and empty states, 列配置 (the user's saved column layouts), export of the whole query to .xlsx, and checked rows
// with the list's bulk actions and 导出选中. It stays free of Headless UI (the 列配置 dialog is the browser's own
// <dialog>, the question before an action loads on first use) to keep lists light.
import { useCallback, useEffect, useRef, useState } from "react";
import { api, download } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import ColumnConfig from "./ColumnConfig.jsx";
import { cellClass, columnKinds, headClass, textStyle } from "./widths.js";
import { moneyRenders } from "./moneyColumns.js";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, anchorFor, nextSort, pager, pagerItems, requestBody, visibleColumns } from "./paging.js";

const FIELDS = "/admin/api/v1/sysQueryField";

// The 操作 column stays at the right edge of a table wider than its box (a product list on a laptop screen), so a
// row's actions are always in reach; while columns lie under it, a shadow on its left edge says so. Not on a phone:
// there the actions would cover half the row, and the row scrolls to them.
const ACTIONS_HEAD = "sm:sticky sm:right-0 bg-slate-50 dark:bg-slate-900";
const ACTIONS_CELL = "sm:sticky sm:right-0 bg-white dark:bg-slate-800";
// A selected or hovered row's tint, over the cell's own opaque background (the row's tint is translucent).
const ACTIONS_TINT = "group-hover:bg-linear-to-r group-hover:from-sky-50/40 group-hover:to-sky-50/40 dark:group-hover:from-slate-700/40 dark:group-hover:to-slate-700/40";
const ACTIONS_SELECTED = "bg-linear-to-r from-sky-50 to-sky-50 dark:from-slate-700 dark:to-slate-700";
const ACTIONS_SHADOW = "sm:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)] sm:dark:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.8)]";

// useColumnsUnderRight tells whether the scrolled box ref holds columns beyond its right edge.
function useColumnsUnderRight(ref) {
  const [under, setUnder] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const measure = () => setUnder(box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
    const watcher = new ResizeObserver(measure);
    watcher.observe(box);
    if (box.firstElementChild) watcher.observe(box.firstElementChild);
    box.addEventListener("scroll", measure, { passive: true });
    measure();
    return () => {
      watcher.disconnect();
      box.removeEventListener("scroll", measure);
    };
  }, [ref]);
  return under;
}

function readFilters(formId) {
  const form = formId && document.getElementById(formId);
  if (!form) return {};
  const out = {};
  for (const [k, v] of new FormData(form)) if (k !== "_csrf" && v !== "") out[k] = v;
  return out;
}

// source is the list call. Most take POST {currentpage, pagesize, sort, order, loadType, ...filters} and answer
// {records, total, totalCapped}; calls of the older contract (dicts/page, dict-items/page) take GET ?page&limit and answer the
// rows in data with total beside it: set method "GET" for those. filters adds fixed filters (a selected parent),
// exportUrl (the list's export call, api.ExportOf on the server) offers 导出 of the whole current query,
// onSelect makes rows selectable, toolbar adds buttons before the table's own, version reloads on change, and
// formats maps a column's raw values to their labels (status 1 -> 启用), renders draws a column's cell itself
// (a product's picture). An action's when(row), if given, says whether the row offers it (停用 on enabled
// users, 启用 on disabled ones).
// poll ({ every, while(records) }) reloads the page quietly (no 加载中 cover) every `every` ms while while(records)
// holds and the page is in sight (the window visible and, in the shell, its tab the active one): a list of work in
// progress follows it live. onLoad(records, answer) hears each page loaded, with the call's whole answer (another
// part of the screen follows it: a summary the list call gives beside its rows).
// bulk makes rows checkable and offers its actions on the checked rows, declared like actions: { label,
// permission, url (a per-row template, called once a row), method, danger, when(row) (the rows it applies to) },
// or with run(rows, done) instead of url to take the checked rows at once (done clears them and reloads).
// noun names the rows in the question and the result (确定停用选中的 3 个产品吗？), rowName a row in the result's
// list of refused rows. With exportUrl, the checked rows offer 导出选中 too.
// empty is what an empty list says instead of 暂无数据！ (the next step a user takes, with its link), given by a
// screen while no filter of its narrows the list. pageSize is the first page size (one of PAGE_SIZES) where a
// screen's natural unit is longer than ten rows.
export default function DataTable({
  queryname,
  source,
  method = "POST",
  exportUrl,
  filterForm,
  filters: fixedFilters,
  actions = [],
  permissions,
  rowKey = "id",
  onSelect,
  selected,
  bulk = [],
  noun = "项",
  rowName = (row) => row[rowKey],
  toolbar,
  version = 0,
  formats = {},
  renders = {},
  poll,
  onLoad,
  empty,
  pageSize = DEFAULT_PAGE_SIZE,
}) {
  const [columns, setColumns] = useState(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(pageSize);
  const [sort, setSort] = useState({ field: "", order: "" });
  const [filters, setFilters] = useState(() => readFilters(filterForm));
  const [result, setResult] = useState({ records: [], total: 0, capped: false, page: 1 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState("");
  const [configuring, setConfiguring] = useState(false);
  const [preview, setPreview] = useState(null); // the columns as the open 列配置 dialog has them, unsaved
  const [exporting, setExporting] = useState(false);
  const [jump, setJump] = useState("");
  const [picked, setPicked] = useState(() => new Map()); // the checked rows by key, kept across pages
  const [running, setRunning] = useState(false);
  const loadType = useRef("loadTable");
  const scroller = useRef(null);
  const actionsOverColumns = useColumnsUnderRight(scroller);
  const quiet = useRef(false);
  // Read through a ref so that a new function each render does not make a new load (and load again).
  const heard = useRef(onLoad);
  heard.current = onLoad;
  // The row the next load's page is asked next to, set by a step to the page beside the one shown (goTo) and
  // used once: a reload, a jump or a new query reads by the page number alone.
  const anchor = useRef({});

  // The rows and the user's columns come from two calls: a table with rows but no columns yet is still loading
  // (it would show 操作 alone, and tests and screen readers took it as drawn).
  const busy = (loading || !columns) && !error;

  const loadColumns = useCallback(async () => {
    try {
      const { data } = await api(`${FIELDS}/loadfield`, { query: { queryname } });
      setColumns(data);
    } catch (e) {
      setError(e.message);
    }
  }, [queryname]);

  useEffect(() => {
    loadColumns();
  }, [loadColumns]);

  const fixed = JSON.stringify(fixedFilters || {});
  // Only the latest load draws: an earlier one answering after it (a refresh after a change, then a search) would
  // put back the rows of filters, a page or a sort no longer asked for.
  const latest = useRef(0);
  const load = useCallback(async () => {
    const mine = ++latest.current;
    if (!quiet.current) setLoading(true);
    setError("");
    try {
      const body = requestBody({ page, size, sort, filters: { ...filters, ...JSON.parse(fixed) }, loadType: loadType.current, anchor: anchor.current });
      anchor.current = {};
      if (method === "GET") {
        const query = { ...body, page: body.currentpage, limit: body.pagesize };
        for (const k of Object.keys(query)) if (query[k] === "" || query[k] === undefined) delete query[k];
        const envelope = await api(source, { query });
        if (mine !== latest.current) return;
        setResult({ records: envelope.data || [], total: Number(envelope.total || 0), capped: !!envelope.totalCapped, page });
        heard.current?.(envelope.data || [], envelope);
      } else {
        const { data } = await api(source, { method: "POST", body });
        if (mine !== latest.current) return;
        setResult({ records: data.records || [], total: Number(data.total || 0), capped: !!data.totalCapped, page });
        heard.current?.(data.records || [], data);
      }
    } catch (e) {
      if (mine === latest.current) setError(e.message);
    } finally {
      if (mine === latest.current) {
        setLoading(false);
        loadType.current = "loadTable";
        quiet.current = false;
      }
    }
  }, [source, method, page, size, sort, filters, fixed]);

  useEffect(() => {
    load();
  }, [load, version]);

  const polling = Boolean(poll && poll.while(result.records));
  useEffect(() => {
    if (!polling) return undefined;
    const inSight = () => document.visibilityState === "visible" && window.frameElement?.dataset.active !== "false";
    const timer = setInterval(() => {
      if (!inSight()) return;
      quiet.current = true;
      load();
    }, poll.every);
    return () => clearInterval(timer);
  }, [polling, poll?.every, load]);

  // A new fixed filter (another parent selected) starts again at page 1.
  useEffect(() => {
    setPage(1);
  }, [fixed]);

  // A new query drops the checked rows: they may no longer be in it.
  useEffect(() => {
    setPicked(new Map());
  }, [filters, fixed]);

  // The page's filter form searches from page 1 instead of reloading the page.
  useEffect(() => {
    const form = filterForm && document.getElementById(filterForm);
    if (!form) return undefined;
    const onSubmit = (e) => {
      e.preventDefault();
      setPage(1);
      setFilters(readFilters(filterForm));
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [filterForm]);

  const refresh = () => {
    loadType.current = "refreshTable";
    load();
  };

  const runAction = async (action, row) => {
    const url = fill(action.url, row);
    if (action.kind === "tab") {
      window.parent?.sellerhubShell?.open(fill(action.title, row, false), url);
      return;
    }
    if (action.run) {
      action.run(row, refresh);
      return;
    }
    if (action.confirm && !(await ask({ title: fill(action.confirm, row, false), action: action.label, danger: action.danger }))) return;
    try {
      await api(url, { method: action.method || "POST" });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  // A bulk action asks once, naming the count, then runs row by row through the per-row call, and says which
  // rows the server refused and why.
  const runBulk = async (action) => {
    const rows = [...picked.values()].filter((r) => !action.when || action.when(r));
    if (rows.length === 0) {
      toast(`选中的${noun}都不能${action.label}`, "error");
      return;
    }
    // An action with run(rows, done) takes the checked rows in one go (its own dialog, one call for all).
    if (action.run) {
      action.run(rows, () => {
        setPicked(new Map());
        refresh();
      });
      return;
    }
    if (!(await ask({ title: `确定${action.label}选中的 ${rows.length} 个${noun}吗？`, action: action.label, danger: action.danger }))) return;
    setRunning(true);
    const refused = [];
    for (const row of rows) {
      try {
        await api(fill(action.url, row), { method: action.method || "POST" });
      } catch (e) {
        refused.push(`${rowName(row)} ${e.message}`);
      }
    }
    setRunning(false);
    if (refused.length) toast(`${rows.length - refused.length} 个成功，${refused.length} 个失败：${refused.join("；")}`, "error");
    else toast("操作成功!");
    setPicked(new Map());
    refresh();
  };

  const paging = pager({ total: result.total, capped: result.capped, size, page, read: result.records.length });
  // goTo shows page n of the same query, next to the rows shown when it is the page beside theirs (result.page: while
  // a page loads, the rows shown are still those of the page before).
  const goTo = (n) => {
    anchor.current = anchorFor(result.page, n, result.records, rowKey);
    setPage(n);
  };
  const pages = paging.pages;
  const shown = preview ? visibleColumns(preview) : columns ? visibleColumns(columns) : [];
  // Each column sized by the format of what it shows on this page (widths.js).
  const kinds = columnKinds(shown, result.records, renders, shownValue(formats));
  const rowActions = actions.filter((a) => !a.permission || can(permissions, a.permission));
  const bulkActions = bulk.filter((a) => !a.permission || can(permissions, a.permission));
  const checkable = bulkActions.length > 0;
  const pageKeys = result.records.map((r) => r[rowKey]);
  const pagePicked = pageKeys.filter((k) => picked.has(k)).length;
  const pick = (rows, on) =>
    setPicked((m) => {
      const next = new Map(m);
      for (const r of rows) on ? next.set(r[rowKey], r) : next.delete(r[rowKey]);
      return next;
    });
  // The export is the whole current query: the page's filters, the fixed ones (the selected parent) and the sort.
  // ids limits it to the checked rows (导出选中).
  const exportQuery = async (ids) => {
    setExporting(true);
    try {
      // labels: the words this list shows for raw values (formats), so that the file reads as the list does.
      const labels = Object.keys(formats).length ? { labels: JSON.stringify(formats) } : {};
      const only = ids ? { ids: ids.join(",") } : {};
      await download(exportUrl, { query: { ...filters, ...JSON.parse(fixed), sort: sort.field, order: sort.order, ...labels, ...only } });
    } catch (e) {
      toast(e.message, "error");
    } finally {
      setExporting(false);
    }
  };

  // Amount columns (format "money") are drawn by the one money formatter unless the list draws them itself.
  renders = moneyRenders(shown, renders);
  return (
    <div className="min-w-0 rounded-lg bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <div className="flex flex-wrap items-center justify-end gap-2 border-b border-slate-100 px-3 py-2 *:whitespace-nowrap dark:border-slate-700">
        {checkable && picked.size > 0 && (
          <span role="group" aria-label="选中的行" className="flex flex-wrap items-center justify-end gap-2">
            <span role="status" className="text-sm text-slate-600 dark:text-slate-300">
              已选 {picked.size} 个{noun}
            </span>
            {bulkActions.map((a) => (
              <button
                key={a.label}
                type="button"
                disabled={running}
                className={`rounded border px-2.5 py-1 text-sm disabled:opacity-50 ${a.danger ? "border-red-300 text-red-700 hover:bg-red-50" : "border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700"}`}
                onClick={() => runBulk(a)}
              >
                {a.label}
              </button>
            ))}
            {exportUrl && (
              <button type="button" disabled={exporting} className="rounded border border-slate-300 px-2.5 py-1 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700" onClick={() => exportQuery([...picked.keys()])}>
                导出选中
              </button>
            )}
            <button type="button" className="text-sm text-sky-700 hover:underline dark:text-sky-300" onClick={() => setPicked(new Map())}>
              取消选择
            </button>
          </span>
        )}
        {toolbar}
        <button type="button" className="rounded border border-slate-300 px-2.5 py-1 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700" onClick={refresh}>
          刷新
        </button>
        {exportUrl && (
          <button type="button" className="rounded border border-slate-300 px-2.5 py-1 text-sm hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-700" onClick={() => exportQuery()} disabled={exporting}>
            {exporting ? "导出中..." : "导出"}
          </button>
        )}
        <button type="button" className="rounded border border-slate-300 px-2.5 py-1 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700" onClick={() => setConfiguring(true)} disabled={!columns}>
          列配置
        </button>
      </div>
      <div ref={scroller} className="relative overflow-x-auto">
        <table className="min-w-full text-left text-sm" aria-busy={busy}>
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              {checkable && (
                <th scope="col" className="w-8 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="选择本页全部"
                    checked={pageKeys.length > 0 && pagePicked === pageKeys.length}
                    ref={(el) => el && (el.indeterminate = pagePicked > 0 && pagePicked < pageKeys.length)}
                    disabled={pageKeys.length === 0}
                    onChange={(e) => pick(result.records, e.target.checked)}
                  />
                </th>
              )}
              {shown.map((c) => (
                <th key={c.ffield} scope="col" className={`${headClass(kinds[c.ffield])} font-medium`} title={c.titleTooltip || undefined} aria-sort={sort.field === c.ffield ? (sort.order === "asc" ? "ascending" : "descending") : undefined}>
                  {c.sortable ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 hover:text-sky-800"
                      onClick={() => {
                        setPage(1);
                        setSort((s) => nextSort(s, c.ffield));
                      }}
                    >
                      {c.title}
                      <span aria-hidden="true" className="text-xs text-slate-400">
                        {sort.field === c.ffield ? (sort.order === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                    </button>
                  ) : (
                    c.title
                  )}
                </th>
              ))}
              {rowActions.length > 0 && <th className={`${ACTIONS_HEAD} ${actionsOverColumns ? ACTIONS_SHADOW : ""} whitespace-nowrap px-3 py-2 font-medium`}>操作</th>}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {result.records.map((row) => (
              <tr
                key={row[rowKey]}
                className={`group ${onSelect ? "cursor-pointer" : ""} ${selected === row[rowKey] ? "bg-sky-50 dark:bg-slate-700" : "hover:bg-sky-50/40 dark:hover:bg-slate-700/40"}`}
                aria-selected={onSelect ? selected === row[rowKey] : undefined}
                onClick={onSelect ? () => onSelect(row) : undefined}
              >
                {checkable && (
                  <td className="px-3 py-2" onClick={(e) => e.stopPropagation()}>
                    <input type="checkbox" aria-label={`选择 ${rowName(row)}`} checked={picked.has(row[rowKey])} onChange={(e) => pick([row], e.target.checked)} />
                  </td>
                )}
                {shown.map((c) => {
                  const content = renders[c.ffield] ? renders[c.ffield](row) : cell(shownValue(formats)(row, c));
                  const wraps = textStyle(kinds[c.ffield], c.width); // text wraps at the column's configured width
                  return (
                    <td key={c.ffield} className={cellClass(kinds[c.ffield])}>
                      {wraps ? <div style={wraps}>{content}</div> : content}
                    </td>
                  );
                })}
                {rowActions.length > 0 && (
                  <td className={`${ACTIONS_CELL} ${selected === row[rowKey] ? ACTIONS_SELECTED : ACTIONS_TINT} ${actionsOverColumns ? ACTIONS_SHADOW : ""} whitespace-nowrap px-3 py-2`}>
                    {rowActions.filter((a) => !a.when || a.when(row)).map((a) => (
                      <button
                        key={a.label}
                        type="button"
                        className={`mr-3 text-sm last:mr-0 hover:underline ${a.danger ? "text-red-600" : "text-sky-700 dark:text-sky-300"}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          runAction(a, row);
                        }}
                      >
                        {a.label}
                      </button>
                    ))}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {!busy && !error && result.records.length === 0 && (
          <div data-empty className="px-3 py-10 text-center text-sm text-slate-500 dark:text-slate-400">
            {empty || "暂无数据！"}
          </div>
        )}
        {error && (
          <p role="alert" className="px-3 py-6 text-center text-sm text-red-700">
            {error}
          </p>
        )}
        {busy && (
          <div className="absolute inset-0 flex items-center justify-center bg-white/70 text-sm text-slate-600 dark:bg-slate-800/70 dark:text-slate-300" role="status">
            加载中...
          </div>
        )}
      </div>
      <nav className="flex flex-wrap items-center justify-end gap-3 px-3 py-2 text-sm text-slate-600 dark:text-slate-300" aria-label="分页">
        <span>{paging.label}</span>
        <select
          aria-label="每页条数"
          className="rounded border border-slate-300 px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
          value={size}
          onChange={(e) => {
            setPage(1);
            setSize(Number(e.target.value));
          }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}条/页
            </option>
          ))}
        </select>
        <span className="flex items-center gap-1">
          <button type="button" aria-label="上一页" className="rounded px-2 py-0.5 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-700" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            ‹
          </button>
          {pagerItems(page, pages).map((p, i) =>
            p === "…" ? (
              <span key={`gap${i}`} className="px-1">
                …
              </span>
            ) : (
              <button key={p} type="button" aria-current={p === page ? "page" : undefined} className={`min-w-7 rounded px-1.5 py-0.5 ${p === page ? "bg-sky-700 text-white" : "hover:bg-slate-100 dark:hover:bg-slate-700"}`} onClick={() => goTo(p)}>
                {p}
              </button>
            ),
          )}
          <button type="button" aria-label="下一页" className="rounded px-2 py-0.5 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-700" disabled={!paging.hasNext} onClick={() => goTo(page + 1)}>
            ›
          </button>
        </span>
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Math.min(paging.lastJump, Math.max(1, parseInt(jump, 10) || 1));
            setPage(n);
            setJump("");
          }}
        >
          前往
          <input aria-label="页码" inputMode="numeric" className="w-12 rounded border border-slate-300 px-1 py-0.5 text-center dark:border-slate-600 dark:bg-slate-900" value={jump} onChange={(e) => setJump(e.target.value.replace(/\D/g, ""))} />
          页
        </form>
      </nav>
      {configuring && columns && (
        <ColumnConfig
          queryname={queryname}
          columns={columns}
          onPreview={setPreview}
          onClose={() => {
            setPreview(null);
            setConfiguring(false);
          }}
          onApplied={(cols) => {
            setColumns(cols);
            setPreview(null);
            setConfiguring(false);
          }}
        />
      )}
    </div>
  );
}

// fill replaces {field} in an action's template with the row's values, URL-encoded unless encode is false.
function fill(template, row, encode = true) {
  return String(template || "").replace(/\{(\w+)\}/g, (_, k) => (encode ? encodeURIComponent(row[k] ?? "") : String(row[k] ?? "")));
}

// shownValue reads a row's value of a column as the cell shows it: its label when the list maps raw values.
const shownValue = (formats) => (row, c) => (formats[c.ffield] ? formats[c.ffield][String(row[c.ffield])] ?? row[c.ffield] : row[c.ffield]);

function cell(v) {
  if (v === true) return "是";
  if (v === false) return "否";
  if (v === null || v === undefined || v === "") return "—";
  if (Array.isArray(v)) return v.length ? v.join("、") : "—";
  return String(v);
}
