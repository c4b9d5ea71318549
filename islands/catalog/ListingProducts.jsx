// 商品列表: every listing of the user's store groups with its picture, status (and why Amazon does not sell it),
// FBA stock, the last days' sales, the paired product, and the owner (运营负责人) and tags the company gives it.
// Checked rows take an owner or tags at once (the button permission 分配负责人和标签); 列配置 keeps the user's views.
import { useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import { usePlaces } from "../lib/StoreSelects.jsx";
import DataTable from "../table/DataTable.jsx";
import FormDialog from "../lib/FormDialog.jsx";
import { ERP, Thumbnail, button, input } from "./shared.jsx";

const PERM = "amz:listing:products:owner";

const STATUS_TONE = {
  Active: "bg-emerald-50 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200",
  Inactive: "bg-amber-50 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200",
  Incomplete: "bg-red-50 text-red-800 dark:bg-red-900/40 dark:text-red-200",
};

export default function ListingProducts({ permissions }) {
  const { groups, markets } = usePlaces();
  const [choices, setChoices] = useState({ owners: [], tags: [] });
  const [owning, setOwning] = useState(null); // { rows, done }
  const [tagging, setTagging] = useState(null);
  const [reason, setReason] = useState(null);
  // 不可售原因 asks Amazon first (the Listings Items API's issues of the listing, live), then opens with both.
  const openReason = async (row) => {
    try {
      const { data } = await api(`${ERP}/listing/products/${row.id}/issues`);
      setReason({ ...row, amazon: amazonIssues(data) });
    } catch (e) {
      setReason({ ...row, amazon: `无法读取亚马逊的问题：${e.message}` });
    }
  };

  useEffect(() => {
    api(`${ERP}/listing/products/choices`)
      .then(({ data }) => setChoices(data))
      .catch((e) => toast(e.message, "error"));
  }, []);

  const assignOwner = (rows, done) => async (v) => {
    const { data } = await api(`${ERP}/listing/products/owner`, { method: "POST", body: { ids: rows.map((r) => r.id), ownerId: v.ownerId } });
    toast(`已为 ${data.changed} 个商品设置运营负责人`);
    done();
  };
  const setTags = (rows, done) => async (v) => {
    const remove = v.mode === "remove";
    const { data } = await api(`${ERP}/listing/products/tags`, { method: "POST", body: { ids: rows.map((r) => r.id), tagIds: v.tagIds, remove } });
    toast(`已为 ${data.changed} 个商品${remove ? "移除" : "添加"}标签`);
    done();
  };

  return (
    <section aria-label="商品列表">
      <form id="listing-products-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
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
        <input name="keyword" type="search" aria-label="平台SKU、ASIN或标题" placeholder="平台SKU / ASIN / 标题" className={`w-52 ${input}`} />
        <select name="status" aria-label="状态" className={input} defaultValue="">
          <option value="">全部状态</option>
          <option value="active">在售</option>
          <option value="inactive">不可售</option>
          <option value="incomplete">信息不完整</option>
        </select>
        <select name="channel" aria-label="配送方式" className={input} defaultValue="">
          <option value="">全部配送方式</option>
          <option value="FBA">FBA</option>
          <option value="FBM">FBM</option>
        </select>
        <select name="ownerId" aria-label="运营负责人" className={input} defaultValue="">
          <option value="">全部负责人</option>
          <option value="none">未分配</option>
          {choices.owners.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        <select name="tagId" aria-label="标签" className={input} defaultValue="">
          <option value="">全部标签</option>
          {choices.tags.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <select name="paired" aria-label="配对状态" className={input} defaultValue="">
          <option value="">配对：全部</option>
          <option value="yes">已配对</option>
          <option value="no">未配对</option>
        </select>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="listingProductList"
        source={`${ERP}/listing/products/page`}
        exportUrl={`${ERP}/listing/products/export`}
        filterForm="listing-products-filter"
        permissions={permissions}
        noun="商品"
        // A seller SKU is sold on several marketplaces: its checkbox and a refused row name both.
        rowName={(row) => `${row.sellerSku}（${row.marketplaceName}）`}
        empty={
          groups.length === 0 ? (
            <>
              还没有店铺：请先在
              <a className="text-sky-700 underline dark:text-sky-300" href="/amazon/storeAuth">
                店铺授权
              </a>
              中授权店铺，同步后这里列出全部Listing。
            </>
          ) : (
            <>
              还没有Listing：在
              <a className="text-sky-700 underline dark:text-sky-300" href="/amazon/datasync">
                数据同步
              </a>
              中同步“在售商品报告”后，这里列出全部Listing。
            </>
          )
        }
        renders={{
          image: (row) => <Thumbnail src={row.image} size="h-10 w-10" />,
          // 排名: the display group rank, the classification rank and path and when they were read on hover.
          rank: (row) =>
            row.rank ? (
              <span className="tabular-nums" title={[row.classRankText, row.classification, row.rankedAt && `读取于 ${row.rankedAt}`].filter(Boolean).join("\n")}>
                {row.rank}
              </span>
            ) : (
              <span className="text-slate-400">无排名</span>
            ),
          itemName: (row) => (
            <span className="line-clamp-2" title={row.itemName}>
              {row.itemName || "—"}
            </span>
          ),
          statusName: (row) =>
            row.status ? (
              <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_TONE[row.status] || ""}`}>{row.statusName}</span>
            ) : (
              "未同步"
            ),
          reason: (row) =>
            row.reason ? (
              <button type="button" className="line-clamp-2 text-left text-amber-800 underline decoration-dotted dark:text-amber-200" onClick={() => openReason(row)}>
                {row.reason}
              </button>
            ) : (
              ""
            ),
          productSku: (row) =>
            row.productId ? (
              <span className="inline-flex items-center gap-2">
                <Thumbnail src={row.productImage} size="h-8 w-8" />
                {row.productSku}
              </span>
            ) : (
              "未配对"
            ),
          ownerName: (row) => row.ownerName || <span className="text-slate-400">未分配</span>,
        }}
        bulk={[
          { label: "分配负责人", permission: PERM, run: (rows, done) => setOwning({ rows, done }) },
          { label: "设置标签", permission: PERM, run: (rows, done) => setTagging({ rows, done }) },
        ]}
        toolbar={
          can(permissions, PERM) ? <span className="text-xs text-slate-500 dark:text-slate-400">勾选商品后可批量分配负责人或设置标签</span> : null
        }
      />
      {owning && (
        <FormDialog
          title={`分配运营负责人（已选 ${owning.rows.length} 个商品）`}
          fields={[{ name: "ownerId", label: "运营负责人", options: [["", "不设负责人"], ...choices.owners.map((o) => [o.id, o.name])] }]}
          submitLabel="分配"
          onSubmit={assignOwner(owning.rows, owning.done)}
          onClose={() => setOwning(null)}
        />
      )}
      {tagging && (
        <FormDialog
          title={`设置标签（已选 ${tagging.rows.length} 个商品）`}
          fields={[
            { name: "mode", label: "操作", options: [["add", "添加标签"], ["remove", "移除标签"]], default: "add" },
            { name: "tagIds", label: "标签", choices: choices.tags.map((t) => [t.id, t.name]), empty: "还没有标签：请先在系统设置“标签”中添加" },
          ]}
          submitLabel="保存"
          onSubmit={setTags(tagging.rows, tagging.done)}
          onClose={() => setTagging(null)}
        />
      )}
      {reason && <ReasonDialog row={reason} onClose={() => setReason(null)} />}
    </section>
  );
}

// ReasonDialog shows why a listing is not for sale, with what the list knows of it.
function ReasonDialog({ row, onClose }) {
  return (
    <FormDialog
      title={`不可售原因：${row.sellerSku}`}
      fields={[
        { name: "where", label: "店铺 / 站点", readOnly: true },
        { name: "status", label: "状态", readOnly: true },
        { name: "reason", label: "原因", readOnly: true },
        { name: "amazon", label: "亚马逊给出的问题", readOnly: true },
        { name: "stock", label: "库存", readOnly: true },
      ]}
      initial={{
        where: `${row.groupName} · ${row.marketplaceName} · ${row.asin}`,
        status: `${row.statusName}（${row.channelName || "未知配送方式"}）`,
        reason: row.reason,
        amazon: row.amazon,
        stock: row.fulfillable !== "" ? `FBA可售 ${row.fulfillable}，在途 ${row.inbound}` : row.channelName === "FBM" ? `自配送数量 ${row.quantity}` : "无FBA库存记录",
      }}
      submitLabel="知道了"
      onSubmit={async () => {}}
      onClose={onClose}
    />
  );
}

// amazonIssues reads getListingsItem's issues as one text: each issue's severity (and 禁止显示 when it suppresses the
// listing), code, message and categories, errors first; a listing Amazon shows for sale says so.
function amazonIssues(data) {
  if (!data.issues.length) return data.status.includes("BUYABLE") ? "无（亚马逊显示该商品可售）" : "无";
  return data.issues
    .map((i) => `【${i.severityName || i.severity}${i.suppressing ? "·禁止显示" : ""}】${i.code} ${i.message}${i.categories.length ? `（${i.categories.join("、")}）` : ""}`)
    .join("；");
}
