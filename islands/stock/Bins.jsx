// 库位: the bins of own and overseas warehouses and what each holds. 库位 lists the bins (新增, 批量生成
// zone-row-level-position codes, 编辑, 停用, 删除 when empty); 库位库存 lists each bin's units of each product and
// the units waiting to be put away (待上架), with 上架 and 移库, each a document (YK…) whose lines are ledger lines;
// 移库记录 lists those lines with who and when. 打印标签 opens the bins' label sheet (/bin/print).
import { useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import FormDialog from "../lib/FormDialog.jsx";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { ERP, Thumb, WarehouseSelect, button, input, plainButton, useBins, useWarehouses } from "./shared.jsx";

const BIN_FIELDS = [
  { name: "code", label: "库位编码", required: true, placeholder: "如 A-01-02-03（库区-排-层-位）或自定义" },
  { name: "zone", label: "库区", placeholder: "如 A" },
  { name: "disabled", label: "状态", options: [["false", "启用"], ["true", "停用（不能再放入库存）"]], default: "false" },
  { name: "remark", label: "备注" },
];

const BATCH_FIELDS = [
  { name: "zone", label: "库区", required: true, placeholder: "如 A" },
  { name: "rowFrom", label: "排 从", required: true, default: "1" },
  { name: "rowTo", label: "排 到", required: true, default: "3" },
  { name: "levelFrom", label: "层 从", required: true, default: "1" },
  { name: "levelTo", label: "层 到", required: true, default: "4" },
  { name: "binFrom", label: "位 从", required: true, default: "1" },
  { name: "binTo", label: "位 到", required: true, default: "5" },
];

export default function Bins({ permissions }) {
  const [tab, setTab] = useState("bins");
  const warehouses = (useWarehouses(true) || []).filter((w) => w.kind !== "fba");
  const tabClass = (t) =>
    `rounded-t-md px-4 py-1.5 text-sm ${tab === t ? "bg-white font-semibold text-sky-800 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-sky-300 dark:ring-slate-700" : "text-slate-600 hover:text-sky-700 dark:text-slate-300"}`;
  return (
    <section aria-label="库位">
      <div role="tablist" className="mb-3 flex gap-1 border-b border-slate-200 dark:border-slate-700">
        <button type="button" role="tab" aria-selected={tab === "bins"} className={tabClass("bins")} onClick={() => setTab("bins")}>
          库位
        </button>
        <button type="button" role="tab" aria-selected={tab === "stock"} className={tabClass("stock")} onClick={() => setTab("stock")}>
          库位库存
        </button>
        <button type="button" role="tab" aria-selected={tab === "moves"} className={tabClass("moves")} onClick={() => setTab("moves")}>
          移库记录
        </button>
      </div>
      {tab === "bins" && <BinList permissions={permissions} warehouses={warehouses} />}
      {tab === "stock" && <BinStock permissions={permissions} warehouses={warehouses} />}
      {tab === "moves" && <BinMoves permissions={permissions} warehouses={warehouses} />}
    </section>
  );
}

function BinList({ permissions, warehouses }) {
  const [form, setForm] = useState(null);
  const [batch, setBatch] = useState(false);
  const [version, setVersion] = useState(0);
  const enabled = warehouses.filter((w) => !w.disabled);
  const warehouseField = { name: "warehouseId", label: "仓库", required: true, options: [["", "请选择仓库"], ...enabled.map((w) => [w.id, w.name])] };

  const save = (row) => async (v) => {
    const body = { ...v, disabled: v.disabled === "true" };
    if (row) await api(`${ERP}/bin/${row.id}`, { method: "PUT", body });
    else await api(`${ERP}/bin`, { method: "POST", body });
    toast("操作成功!");
    setVersion((n) => n + 1);
  };
  const makeBatch = async (v) => {
    const body = { warehouseId: v.warehouseId, zone: v.zone };
    for (const k of ["rowFrom", "rowTo", "levelFrom", "levelTo", "binFrom", "binTo"]) body[k] = Number(v[k]) || 0;
    const { data } = await api(`${ERP}/bin/batch`, { method: "POST", body });
    toast(`已生成${data.created}个库位`);
    setVersion((n) => n + 1);
  };
  const remove = async (row, refresh) => {
    if (!(await ask({ title: `删除库位 ${row.code}`, message: `删除“${row.warehouseName}”的库位 ${row.code} 后不可恢复。`, action: "删除", danger: true }))) return;
    try {
      await api(`${ERP}/bin/${row.id}`, { method: "DELETE" });
      toast("操作成功!");
      refresh();
    } catch (e) {
      toast(e.message, "error");
    }
  };

  // 打印标签 prints the enabled bins of the chosen warehouse that match the search.
  const printLabels = () => {
    const f = new FormData(document.getElementById("bin-filter"));
    const warehouseId = f.get("warehouseId");
    if (!warehouseId) {
      toast("请先选择仓库，再打印该仓库的库位标签", "error");
      return;
    }
    openLabels({ warehouseId, search: f.get("search") || "" });
  };
  // The checked bins' labels, one warehouse's at a time (a sheet is headed by its warehouse).
  const printChosen = (rows) => {
    const warehouses = new Set(rows.map((r) => r.warehouseId));
    if (warehouses.size > 1) {
      toast("请选择同一仓库的库位打印标签", "error");
      return;
    }
    openLabels({ warehouseId: rows[0].warehouseId, ids: rows.map((r) => r.id).join(",") });
  };

  return (
    <>
      <form id="bin-filter" className="mb-2 flex flex-wrap items-center gap-2">
        <WarehouseSelect warehouses={warehouses} />
        <input name="search" aria-label="库位编码或库区" placeholder="库位编码 / 库区" className={`w-48 ${input}`} />
        <select name="disabled" aria-label="状态" className={input} defaultValue="">
          <option value="">全部状态</option>
          <option value="false">启用</option>
          <option value="true">停用</option>
        </select>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="binList"
        source={`${ERP}/bin/page`}
        exportUrl={`${ERP}/bin/export`}
        filterForm="bin-filter"
        permissions={permissions}
        version={version}
        formats={{ disabled: { true: "停用", false: "启用" } }}
        empty="还没有库位。点击“批量生成”按 库区-排-层-位 一次建好整排货架，或“新增库位”逐个添加；之后在“库位库存”把待上架的产品上架。"
        toolbar={
          <span className="flex gap-2">
            {can(permissions, "erp:wh:shelf:add") && (
              <>
                <button type="button" className={button} onClick={() => setForm({})}>
                  新增库位
                </button>
                <button type="button" className={plainButton} onClick={() => setBatch(true)}>
                  批量生成
                </button>
              </>
            )}
            <button type="button" className={plainButton} onClick={printLabels}>
              打印标签
            </button>
          </span>
        }
        noun="库位"
        rowName={(r) => r.code}
        bulk={[{ label: "打印标签", run: printChosen }]}
        actions={[
          { label: "编辑", permission: "erp:wh:shelf:edit", run: (row) => setForm({ row }) },
          { label: "删除", permission: "erp:wh:shelf:delete", danger: true, run: remove },
        ]}
      />
      {form && (
        <FormDialog
          title={form.row ? `编辑库位 ${form.row.code}` : "新增库位"}
          fields={form.row ? BIN_FIELDS : [warehouseField, ...BIN_FIELDS]}
          initial={form.row && { ...form.row, disabled: String(form.row.disabled) }}
          onSubmit={save(form.row)}
          onClose={() => setForm(null)}
        />
      )}
      {batch && <FormDialog title="批量生成库位" submitLabel="生成" fields={[warehouseField, ...BATCH_FIELDS]} onSubmit={makeBatch} onClose={() => setBatch(false)} />}
    </>
  );
}

// openLabels opens the printable label sheet (/bin/print) in a window of its own.
function openLabels(query) {
  window.open(`/bin/print?${new URLSearchParams(query)}`, "_blank", "noopener");
}

function BinStock({ permissions, warehouses }) {
  const [warehouseId, setWarehouseId] = useState("");
  const filterBins = useBins(warehouseId);
  const [moving, setMoving] = useState(null);
  const [version, setVersion] = useState(0);
  return (
    <>
      <form id="bin-stock-filter" className="mb-2 flex flex-wrap items-center gap-2">
        <WarehouseSelect warehouses={warehouses} value={warehouseId} onChange={(e) => setWarehouseId(e.target.value)} />
        <select name="binId" aria-label="库位" className={input} defaultValue="">
          <option value="">全部库位</option>
          <option value="waiting">待上架</option>
          {filterBins.map((b) => (
            <option key={b.id} value={b.id}>
              {b.code}
            </option>
          ))}
        </select>
        <input name="search" aria-label="SKU或名称" placeholder="SKU / 产品名称" className={`w-48 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="binStockList"
        source={`${ERP}/binStock/page`}
        exportUrl={`${ERP}/binStock/export`}
        filterForm="bin-stock-filter"
        permissions={permissions}
        version={version}
        renders={{
          image: (r) => <Thumb src={r.image} alt={r.sku} />,
          binCode: (r) => (r.binId ? <span className="font-mono">{r.binCode}</span> : <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800 dark:bg-amber-950 dark:text-amber-300">待上架</span>),
        }}
        empty="没有库存。入库审核后的产品在这里显示为“待上架”，点击“上架”放入库位。"
        actions={[
          { label: "上架", permission: "erp:wh:shelf:move", when: (r) => !r.binId, run: (r) => setMoving(r) },
          { label: "移库", permission: "erp:wh:shelf:move", when: (r) => !!r.binId, run: (r) => setMoving(r) },
        ]}
      />
      {moving && (
        <MoveDialog
          row={moving}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setVersion((n) => n + 1);
          }}
        />
      )}
    </>
  );
}

// BinMoves (移库记录) lists every line of the put-aways and moves between bins: from which bin to which, how many,
// who and when.
function BinMoves({ permissions, warehouses }) {
  return (
    <>
      <form id="bin-move-filter" className="mb-2 flex flex-wrap items-center gap-2">
        <WarehouseSelect warehouses={warehouses} />
        <select name="kind" aria-label="类型" className={input} defaultValue="">
          <option value="">全部类型</option>
          <option value="putaway">上架</option>
          <option value="move">移库</option>
        </select>
        <input name="search" aria-label="单号或SKU" placeholder="单号 / SKU" className={`w-40 ${input}`} />
        <input name="startDate" type="date" aria-label="开始日期" className={input} />
        <input name="endDate" type="date" aria-label="结束日期" className={input} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="binMoveList"
        source={`${ERP}/binMove/page`}
        exportUrl={`${ERP}/binMove/export`}
        filterForm="bin-move-filter"
        permissions={permissions}
        renders={{
          fromBin: (r) => (r.kind === "putaway" ? <span className="text-slate-500 dark:text-slate-400">待上架</span> : <span className="font-mono">{r.fromBin}</span>),
          toBin: (r) => <span className="font-mono">{r.toBin}</span>,
        }}
        empty="还没有上架或移库记录。在“库位库存”点击“上架”或“移库”后，每一行都记在这里（谁、何时、从哪个库位到哪个库位）。"
      />
    </>
  );
}

// MoveDialog puts a row's units away (待上架) or moves them to another bin of the same warehouse.
function MoveDialog({ row, onClose, onMoved }) {
  const bins = useBins(row.warehouseId).filter((b) => b.id !== row.binId);
  const putAway = !row.binId;
  const fields = [
    { name: "what", label: putAway ? "上架产品" : "移出库位", readOnly: true },
    { name: "toBinId", label: "移入库位", required: true, options: [["", bins.length ? "请选择库位" : "该仓库还没有可用库位"], ...bins.map((b) => [b.id, b.code])] },
    { name: "quantity", label: "数量", required: true, default: String(row.quantity) },
    { name: "remark", label: "备注" },
  ];
  const submit = async (v) => {
    const { data } = await api(`${ERP}/bin/move`, {
      method: "POST",
      body: { warehouseId: row.warehouseId, remark: v.remark, lines: [{ productId: row.productId, fromBinId: row.binId, toBinId: v.toBinId, quantity: Number(v.quantity) || 0 }] },
    });
    toast(`操作成功! ${data.number}`);
    onMoved();
  };
  return (
    <FormDialog
      title={putAway ? `上架 ${row.sku}` : `移库 ${row.sku}`}
      submitLabel={putAway ? "上架" : "移库"}
      fields={fields}
      initial={{ what: putAway ? `${row.sku}（待上架 ${row.quantity} 件）` : `${row.binCode}（${row.sku} ${row.quantity} 件）`, quantity: String(row.quantity) }}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
