// SKU配对: the company's listings (a store group's seller SKU in one marketplace, with ASIN and FNSKU) and the
// local product each ships as. 配对 picks the product, 解除配对 undoes it; listings are added, edited and deleted
// (asked first) here too, each behind its button permission.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import FormDialog from "../lib/FormDialog.jsx";
import ImportDialog from "../lib/ImportDialog.jsx";
import ProductPicker from "./ProductPicker.jsx";
import FromListingsDialog from "./FromListingsDialog.jsx";
import { ERP, Thumbnail, button, input, plain } from "./shared.jsx";

const PERM = "amz:listing:relation";

function PairDialog({ listing, onPaired, onClose }) {
  const dialog = useRef(null);
  const [error, setError] = useState("");
  useEffect(() => {
    dialog.current.showModal();
  }, []);
  const pick = async (product) => {
    try {
      await api(`${ERP}/listing/${listing.id}/pair`, { method: "POST", body: { productId: product.id } });
      toast("操作成功!");
      onPaired();
      dialog.current.close();
    } catch (e) {
      setError(e.message);
    }
  };
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="pair-title" className="m-auto w-[520px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <div className="p-6">
        <h2 id="pair-title" className="mb-1 text-lg font-semibold">
          配对本地产品
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          {listing.groupName} · {listing.marketplaceName} · 平台SKU {listing.sellerSku}
        </p>
        {error && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <ProductPicker onPick={pick} />
        <div className="mt-5 flex justify-end">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            取消
          </button>
        </div>
      </div>
    </dialog>
  );
}

export default function Listings({ permissions }) {
  const [groups, setGroups] = useState([]);
  const [markets, setMarkets] = useState([]);
  const [form, setForm] = useState(null);
  const [pairing, setPairing] = useState(null);
  const [version, setVersion] = useState(0);
  const [making, setMaking] = useState(null); // { rows, done } of 生成本地产品
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    Promise.all([api(`${ERP}/listing/groups`), api(`${ERP}/listing/marketplaces`)])
      .then(([g, m]) => {
        setGroups(g.data);
        setMarkets(m.data);
      })
      .catch((e) => toast(e.message, "error"));
  }, []);

  const reload = () => setVersion((n) => n + 1);
  // The list's filter as the form holds it, for 生成本地产品 of every listing it selects.
  const currentFilter = () => Object.fromEntries([...new FormData(document.getElementById("listing-filter"))].filter(([k, v]) => k !== "_csrf" && v !== ""));
  const autoPair = async () => {
    try {
      const { data } = await api(`${ERP}/listing/autoPair`, { method: "POST" });
      toast(`自动配对 ${data.paired} 个Listing`);
      reload();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const fields = [
    { name: "groupId", label: "店铺", required: true, options: [["", "请选择"], ...groups.map((g) => [g.id, g.name])] },
    { name: "marketplaceId", label: "站点", required: true, options: [["", "请选择"], ...markets.map((m) => [m.id, `${m.name}（${m.country}）`])] },
    { name: "sellerSku", label: "平台SKU", required: true },
    { name: "asin", label: "ASIN", placeholder: "10位字母或数字" },
    { name: "fnsku", label: "FNSKU", placeholder: "10位字母或数字" },
  ];
  const save = (row) => async (v) => {
    const body = { ...v, productId: row ? row.productId : "" };
    if (row) await api(`${ERP}/listing/${row.id}`, { method: "PUT", body });
    else await api(`${ERP}/listing`, { method: "POST", body });
    toast("操作成功!");
    reload();
  };
  const unpair = async (row, refresh) => {
    if (!(await ask({ title: `解除配对：平台SKU“${row.sellerSku}”`, message: `解除后它不再对应本地产品“${row.productSku}”，可重新配对。`, action: "解除配对" }))) return;
    try {
      await api(`${ERP}/listing/${row.id}/pair`, { method: "POST", body: { productId: "" } });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };
  const remove = async (row, refresh) => {
    if (!(await ask({ title: `删除平台SKU“${row.sellerSku}”`, message: "删除后不可恢复。", action: "删除", danger: true }))) return;
    try {
      await api(`${ERP}/listing/${row.id}`, { method: "DELETE" });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  return (
    <section aria-label="SKU配对">
      <form id="listing-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <select name="groupId" aria-label="店铺" className={input} defaultValue="">
          <option value="">全部店铺</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <select name="marketplaceId" aria-label="站点" className={input} defaultValue="">
          <option value="">全部站点</option>
          {markets.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
        <input name="keyword" type="search" aria-label="平台SKU、ASIN或FNSKU" placeholder="平台SKU / ASIN / FNSKU" className={`w-52 ${input}`} />
        <select name="paired" aria-label="配对状态" className={input} defaultValue="">
          <option value="">全部</option>
          <option value="yes">已配对</option>
          <option value="no">未配对</option>
        </select>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      {groups.length === 0 && <p className="mb-2 text-sm text-amber-700">还没有店铺：请先在店铺授权中添加店铺，再添加Listing。</p>}
      <DataTable
        queryname="listingList"
        source={`${ERP}/listing/page`}
        exportUrl={`${ERP}/listing/export`}
        filterForm="listing-filter"
        permissions={permissions}
        version={version}
        renders={{
          productSku: (row) =>
            row.productId ? (
              <span className="inline-flex items-center gap-2">
                <Thumbnail src={row.productImage} size="h-8 w-8" />
                {row.productSku}
              </span>
            ) : (
              "—"
            ),
        }}
        noun="Listing"
        rowName={(row) => row.sellerSku}
        bulk={[{ label: "生成本地产品", permission: `${PERM}:edit`, run: (rows, done) => setMaking({ rows, done }) }]}
        toolbar={
          <>
            {can(permissions, `${PERM}:edit`) && (
              <>
                <button type="button" className={button} onClick={() => setMaking({ rows: [], done: reload })}>
                  按筛选生成本地产品
                </button>
                <button type="button" className={plain} onClick={autoPair}>
                  自动配对
                </button>
                <button type="button" className={plain} onClick={() => setImporting(true)}>
                  导入配对
                </button>
              </>
            )}
            {can(permissions, `${PERM}:add`) && (
              <button type="button" className={button} onClick={() => setForm({})}>
                新增Listing
              </button>
            )}
          </>
        }
        actions={[
          { label: "配对", permission: `${PERM}:edit`, run: (row) => setPairing(row) },
          { label: "解除配对", permission: `${PERM}:edit`, when: (row) => row.productId, run: unpair },
          { label: "编辑", permission: `${PERM}:edit`, run: (row) => setForm({ row }) },
          { label: "删除", permission: `${PERM}:delete`, danger: true, run: remove },
        ]}
      />
      {form && <FormDialog title={`${form.row ? "编辑" : "新增"}Listing`} fields={fields} initial={form.row} onSubmit={save(form.row)} onClose={() => setForm(null)} />}
      {making && <FromListingsDialog rows={making.rows} filter={currentFilter()} onDone={making.done} onClose={() => setMaking(null)} />}
      {importing && (
        <ImportDialog
          title="导入SKU配对"
          hint="每行一个Listing：平台SKU、站点、本地SKU。有任何一行出错时不配对任何Listing。"
          templateURL={`${ERP}/listing/pairTemplate`}
          importURL={`${ERP}/listing/pairImport`}
          onImported={(data) => {
            toast(`已配对 ${data.paired} 个Listing`);
            reload();
          }}
          onClose={() => setImporting(false)}
        />
      )}
      {pairing && <PairDialog listing={pairing} onPaired={reload} onClose={() => setPairing(null)} />}
    </section>
  );
}
