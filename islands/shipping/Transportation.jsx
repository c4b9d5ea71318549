// 物流跟踪 (/erp/ship/transportation): every shipment's first leg in the table island (carrier, channel, tracking
// number, freight, estimated arrival, latest milestone), the milestones' import, and 物流渠道 (carriers' channels
// with their days and price). 编辑物流 (/transportation/edit?shipmentid=) sets a shipment's channel, tracking
// number, weight and volume and its freight (computed from the channel, or typed); 物流详情
// (/transportation/details?shipmentid=) shows it with its milestones, adds one, and shows how 利润报告's 头程
// spreads its freight over its SKUs.
import { useCallback, useEffect, useState } from "react";
import { api } from "../lib/api.js";
import { ask } from "../lib/confirm.js";
import ImportDialog from "../lib/ImportDialog.jsx";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import DataTable from "../table/DataTable.jsx";
import { ERP, button, card, input, openTab, plain } from "./common.js";

const tabLook = (on) => `rounded-md px-3 py-1 text-sm ${on ? "bg-sky-700 text-white" : "border border-slate-300 dark:border-slate-600"}`;
const detailTab = (id) => openTab(`物流详情 ${id}`, "/transportation/details", { shipmentid: id });
const editTab = (id) => openTab(`编辑物流 ${id}`, "/transportation/edit", { shipmentid: id });

export default function Transportation({ permissions }) {
  const [view, setView] = useState("shipments");
  return (
    <div className="space-y-3">
      <div role="tablist" className="flex gap-2">
        <button type="button" role="tab" aria-selected={view === "shipments"} className={tabLook(view === "shipments")} onClick={() => setView("shipments")}>
          货件物流
        </button>
        <button type="button" role="tab" aria-selected={view === "channels"} className={tabLook(view === "channels")} onClick={() => setView("channels")}>
          物流渠道
        </button>
      </div>
      {view === "shipments" ? <Tracked permissions={permissions} /> : <Channels permissions={permissions} />}
    </div>
  );
}

function Tracked({ permissions }) {
  const [importing, setImporting] = useState(false);
  const [version, setVersion] = useState(0);
  const edit = can(permissions, "erp:ship:transport:edit");
  return (
    <section aria-label="货件物流">
      <form id="transport-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <input name="search" aria-label="货件号或跟踪单号" placeholder="货件号或跟踪单号" className={`w-52 ${input}`} />
        <select name="tracked" aria-label="跟踪单号" className={input}>
          <option value="">全部</option>
          <option value="1">已填跟踪单号</option>
          <option value="0">未填跟踪单号</option>
        </select>
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      <DataTable
        queryname="transportationList"
        rowKey="shipmentId"
        source={`${ERP}/transportation/page`}
        exportUrl={`${ERP}/transportation/export`}
        filterForm="transport-filter"
        permissions={permissions}
        version={version}
        empty="还没有货件：在“货件处理”中创建货件后，这里可以填写它的承运商、跟踪单号和运费。"
        toolbar={
          edit && (
            <button type="button" className={plain} onClick={() => setImporting(true)}>
              导入物流节点
            </button>
          )
        }
        actions={[
          { label: "详情", run: (row) => detailTab(row.shipmentId) },
          ...(edit ? [{ label: "编辑物流", run: (row) => editTab(row.shipmentId) }] : []),
        ]}
      />
      {importing && (
        <ImportDialog
          title="导入物流节点"
          hint="每行一个节点：货件号、节点时间（yyyy-MM-dd HH:mm）、地点、节点描述；有一行不对则全部不导入。"
          templateURL={`${ERP}/transportation/milestoneTemplate`}
          importURL={`${ERP}/transportation/milestoneImport`}
          onClose={() => setImporting(false)}
          onImported={(n) => {
            toast(`已导入${n}个节点`);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </section>
  );
}

const MODES = [
  ["sea", "海运"],
  ["air", "空运"],
  ["express", "快递"],
];
const BASES = [
  ["kg", "按重量(kg)"],
  ["cbm", "按体积(m³)"],
];

function Channels({ permissions }) {
  const [form, setForm] = useState(null);
  const [version, setVersion] = useState(0);
  const edit = can(permissions, "erp:ship:transport:channel");
  const remove = async (row) => {
    if (!(await ask({ title: `删除渠道 ${row.carrier} ${row.name}`, message: "删除后不可恢复；已用于货件的渠道不能删除。", action: "删除", danger: true }))) return;
    try {
      await api(`${ERP}/freightChannel/${row.id}`, { method: "DELETE" });
      toast("操作成功!");
      setVersion((v) => v + 1);
    } catch (e) {
      toast(e.message, "error");
    }
  };
  return (
    <section aria-label="物流渠道">
      <form id="channel-filter" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <input name="keyword" aria-label="承运商或渠道" placeholder="承运商或渠道" className={`w-52 ${input}`} />
        <button type="submit" className={button}>
          查询
        </button>
      </form>
      {form && <ChannelForm row={form} onDone={() => (setForm(null), setVersion((v) => v + 1))} />}
      <DataTable
        queryname="freightChannelList"
        source={`${ERP}/freightChannel/page`}
        exportUrl={`${ERP}/freightChannel/export`}
        filterForm="channel-filter"
        permissions={permissions}
        version={version}
        empty="还没有物流渠道：点“新增渠道”，填写承运商、运输方式、时效和单价，编辑货件物流时即可按渠道计算运费。"
        toolbar={
          edit && (
            <button type="button" className={button} onClick={() => setForm({})}>
              新增渠道
            </button>
          )
        }
        actions={
          edit
            ? [
                { label: "编辑", run: (row) => setForm(row) },
                { label: "删除", run: remove },
              ]
            : []
        }
      />
    </section>
  );
}

function ChannelForm({ row, onDone }) {
  const [f, setF] = useState({ carrier: row.carrier || "", name: row.name || "", mode: row.mode || "sea", days: row.days ? String(row.days) : "",
    basis: row.basis || "kg", unitPrice: row.unitPrice || "", remark: row.remark || "" });
  const [error, setError] = useState("");
  const set = (k) => (e) => setF({ ...f, [k]: e.target.value });
  const save = async (e) => {
    e.preventDefault();
    setError("");
    try {
      await api(`${ERP}/freightChannel${row.id ? `/${row.id}` : ""}`, { method: row.id ? "PUT" : "POST", body: { ...f, days: Number(f.days) || 0 } });
      toast("操作成功!");
      onDone();
    } catch (err) {
      setError(err.message);
    }
  };
  return (
    <form aria-label={row.id ? "编辑渠道" : "新增渠道"} className={`${card} mb-3 grid gap-2 text-sm sm:grid-cols-4`} onSubmit={save}>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700 sm:col-span-4">
          {error}
        </p>
      )}
      <input aria-label="承运商" placeholder="承运商" className={input} value={f.carrier} onChange={set("carrier")} />
      <input aria-label="渠道名称" placeholder="渠道名称" className={input} value={f.name} onChange={set("name")} />
      <select aria-label="运输方式" className={input} value={f.mode} onChange={set("mode")}>
        {MODES.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      <input aria-label="时效(天)" placeholder="时效(天)" inputMode="numeric" className={input} value={f.days} onChange={set("days")} />
      <select aria-label="计价方式" className={input} value={f.basis} onChange={set("basis")}>
        {BASES.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      <input aria-label="单价(元)" placeholder="单价(元)" inputMode="decimal" className={input} value={f.unitPrice} onChange={set("unitPrice")} />
      <input aria-label="备注" placeholder="备注" className={`sm:col-span-2 ${input}`} value={f.remark} onChange={set("remark")} />
      <div className="flex gap-2 sm:col-span-4">
        <button type="submit" className={button}>
          保存
        </button>
        <button type="button" className={plain} onClick={onDone}>
          取消
        </button>
      </div>
    </form>
  );
}

function useTracked(shipmentId) {
  const [data, setData] = useState(null);
  const [error, setError] = useState("");
  const load = useCallback(() => {
    if (!shipmentId) return setError("货件不存在");
    return api(`${ERP}/transportation/${encodeURIComponent(shipmentId)}`)
      .then(({ data }) => setData(data))
      .catch((e) => setError(e.message));
  }, [shipmentId]);
  useEffect(() => {
    load();
  }, [load]);
  return [data, error, load];
}

export function TransportationEdit({ shipmentId }) {
  const [data, loadError] = useTracked(shipmentId);
  const [channels, setChannels] = useState([]);
  const [f, setF] = useState(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api(`${ERP}/freightChannel/page`, { method: "POST", body: { pagesize: 200 } })
      .then(({ data }) => setChannels(data.records))
      .catch((e) => setError(e.message));
  }, []);
  useEffect(() => {
    if (data)
      setF({ channelId: data.channelId || "", tracking: data.tracking || "", grossWeight: data.grossWeight || "", volume: data.volume || "",
        freight: data.freightSource === "手工填写" ? data.freight : "" });
  }, [data]);
  if (!data || !f) return loadError ? <p role="alert" className="text-sm text-red-700">{loadError}</p> : <p className="text-sm text-slate-500">加载中...</p>;
  const channel = channels.find((c) => c.id === f.channelId);
  const measure = channel ? (channel.basis === "cbm" ? Number(f.volume) : Number(f.grossWeight)) : 0;
  const computed = channel && measure ? (measure * Number(channel.unitPrice)).toFixed(2) : "";
  const set = (k) => (e) => setF({ ...f, [k]: e.target.value });
  const save = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      await api(`${ERP}/transportation/${encodeURIComponent(shipmentId)}`, { method: "PUT", body: f });
      toast("操作成功!");
      detailTab(shipmentId);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form aria-label={`编辑物流 ${shipmentId}`} className="max-w-3xl space-y-3 text-sm" onSubmit={save}>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
          {error}
        </p>
      )}
      <p>
        <span className="font-mono font-semibold">{data.shipmentId}</span> {data.groupName} · {data.warehouseName} · {data.quantity} 件
        {data.shippedAt ? ` · 发货于 ${data.shippedAt}` : " · 未发货"}
      </p>
      <div className={`${card} grid gap-3 sm:grid-cols-2`}>
        <label className="flex items-center gap-2">
          <span className="w-24 text-slate-500">物流渠道</span>
          <select aria-label="物流渠道" className={`flex-1 ${input}`} value={f.channelId} onChange={set("channelId")}>
            <option value="">不选渠道</option>
            {channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.carrier} · {c.name}（{c.modeName}，{c.days}天，{c.unitPrice}元/{c.basis === "cbm" ? "m³" : "kg"}）
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          <span className="w-24 text-slate-500">跟踪单号</span>
          <input aria-label="跟踪单号" className={`flex-1 ${input}`} value={f.tracking} onChange={set("tracking")} />
        </label>
        <label className="flex items-center gap-2">
          <span className="w-24 text-slate-500">毛重(kg)</span>
          <input aria-label="毛重(kg)" inputMode="decimal" className={`w-32 ${input}`} value={f.grossWeight} onChange={set("grossWeight")} />
        </label>
        <label className="flex items-center gap-2">
          <span className="w-24 text-slate-500">体积(m³)</span>
          <input aria-label="体积(m³)" inputMode="decimal" className={`w-32 ${input}`} value={f.volume} onChange={set("volume")} />
        </label>
        <label className="flex items-center gap-2 sm:col-span-2">
          <span className="w-24 text-slate-500">运费(元)</span>
          <input aria-label="运费(元)" inputMode="decimal" placeholder={computed ? `按渠道计算：${computed}` : "留空则按渠道计算"} className={`w-48 ${input}`} value={f.freight} onChange={set("freight")} />
          <span className="text-xs text-slate-500">利润报告的头程按利润配置（按重量或体积）把运费分摊到货件的SKU。</span>
        </label>
        {channel && (
          <p className="text-slate-600 sm:col-span-2 dark:text-slate-300">
            预计到达：{data.shippedAt ? "发货日期" : "今天"} + {channel.days} 天
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <button type="submit" className={button} disabled={busy}>
          保存
        </button>
        <button type="button" className={plain} onClick={() => detailTab(shipmentId)}>
          查看详情
        </button>
      </div>
    </form>
  );
}

function Field({ label, children }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5">{children || "—"}</dd>
    </div>
  );
}

export function TransportationDetail({ shipmentId, permissions }) {
  const [data, loadError, load] = useTracked(shipmentId);
  const [m, setM] = useState({ happenedAt: "", location: "", description: "" });
  const [error, setError] = useState("");
  // The milestone being corrected in place, as typed.
  const [fixing, setFixing] = useState(null);
  const edit = can(permissions, "erp:ship:transport:edit");
  if (!data) return loadError ? <p role="alert" className="text-sm text-red-700">{loadError}</p> : <p className="text-sm text-slate-500">加载中...</p>;
  const add = async (e) => {
    e.preventDefault();
    setError("");
    try {
      await api(`${ERP}/transportation/${encodeURIComponent(shipmentId)}/milestone`, { method: "POST", body: m });
      toast("操作成功!");
      setM({ happenedAt: "", location: "", description: "" });
      await load();
    } catch (err) {
      setError(err.message);
    }
  };
  const milestoneURL = (id) => `${ERP}/transportation/${encodeURIComponent(shipmentId)}/milestone/${id}`;
  const saveFix = async (e) => {
    e.preventDefault();
    setError("");
    try {
      await api(milestoneURL(fixing.id), { method: "PUT", body: fixing });
      toast("操作成功!");
      setFixing(null);
      await load();
    } catch (err) {
      setError(err.message);
    }
  };
  const remove = async (x) => {
    if (!(await ask({ title: `删除物流节点 ${x.description}`, message: `${x.happenedAt} ${x.location} 的节点将被删除，不可恢复。`, action: "删除", danger: true }))) return;
    try {
      await api(milestoneURL(x.id), { method: "DELETE" });
      toast("已删除");
      await load();
    } catch (err) {
      toast(err.message, "error");
    }
  };
  return (
    <section aria-label={`物流详情 ${shipmentId}`} className="max-w-5xl space-y-4 text-sm">
      <div className="flex items-center gap-3">
        <span className="font-mono text-base font-semibold">{data.shipmentId}</span>
        <span>{data.groupName}</span>
        {edit && (
          <button type="button" className={`ml-auto ${plain}`} onClick={() => editTab(shipmentId)}>
            编辑物流
          </button>
        )}
      </div>
      <dl className={`${card} grid grid-cols-2 gap-4 md:grid-cols-4`}>
        <Field label="承运商">{data.carrier}</Field>
        <Field label="物流渠道">{data.channel}</Field>
        <Field label="运输方式">{data.modeName}</Field>
        <Field label="跟踪单号">{data.tracking}</Field>
        <Field label="发货时间">{data.shippedAt}</Field>
        <Field label="预计到达">{data.estimatedArrival}</Field>
        <Field label="毛重(kg)">{data.grossWeight}</Field>
        <Field label="体积(m³)">{data.volume}</Field>
        <Field label="运费(元)">{data.freight}</Field>
        <Field label="运费来源">{data.freightSource}</Field>
        <Field label="数量">{String(data.quantity)}</Field>
        <Field label="发货仓库">{data.warehouseName}</Field>
      </dl>
      <h2 className="font-semibold">头程分摊（{data.basis}）</h2>
      {data.freight ? (
        <table className="w-full text-left" aria-label="头程分摊">
          <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th className="px-2 py-2 font-medium">平台SKU</th>
              <th className="px-2 py-2 font-medium">本地SKU</th>
              <th className="px-2 py-2 font-medium">数量</th>
              <th className="px-2 py-2 text-right font-medium">分摊运费(元)</th>
              <th className="px-2 py-2 text-right font-medium">单件头程(元)</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {data.shares.map((s) => (
              <tr key={s.sellerSku}>
                <td className="px-2 py-1 font-mono">{s.sellerSku}</td>
                <td className="px-2 py-1 font-mono">{s.sku}</td>
                <td className="px-2 py-1">{s.quantity}</td>
                <td className="px-2 py-1 text-right tabular-nums">{s.share}</td>
                <td className="px-2 py-1 text-right tabular-nums" title={s.guessed ? "产品缺少重量或尺寸，按货件平均计" : ""}>
                  {s.perUnit}
                  {s.guessed && " *"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-slate-500">还没有运费：点“编辑物流”选择渠道并填写毛重或体积，或直接填写运费。</p>
      )}
      <h2 className="font-semibold">物流节点</h2>
      {edit && (
        <form aria-label="添加节点" className="flex flex-wrap items-center gap-2" onSubmit={add}>
          <input aria-label="节点时间" placeholder="yyyy-MM-dd HH:mm" className={`w-40 ${input}`} value={m.happenedAt} onChange={(e) => setM({ ...m, happenedAt: e.target.value })} />
          <input aria-label="地点" placeholder="地点" className={`w-36 ${input}`} value={m.location} onChange={(e) => setM({ ...m, location: e.target.value })} />
          <input aria-label="节点描述" placeholder="节点描述，如 已开船" className={`w-56 ${input}`} value={m.description} onChange={(e) => setM({ ...m, description: e.target.value })} />
          <button type="submit" className={button}>
            添加节点
          </button>
          {error && (
            <span role="alert" className="text-red-700">
              {error}
            </span>
          )}
        </form>
      )}
      {data.milestones.length ? (
        <ol className="space-y-1 border-l-2 border-sky-200 pl-4" aria-label="节点">
          {data.milestones.map((x) =>
            fixing?.id === x.id ? (
              <li key={x.id}>
                <form aria-label="修改节点" className="flex flex-wrap items-center gap-2" onSubmit={saveFix} onKeyDown={(e) => e.key === "Escape" && setFixing(null)}>
                  <input aria-label="节点时间" className={`w-40 ${input}`} value={fixing.happenedAt} onChange={(e) => setFixing({ ...fixing, happenedAt: e.target.value })} />
                  <input aria-label="地点" className={`w-36 ${input}`} value={fixing.location} onChange={(e) => setFixing({ ...fixing, location: e.target.value })} />
                  <input aria-label="节点描述" className={`w-56 ${input}`} value={fixing.description} onChange={(e) => setFixing({ ...fixing, description: e.target.value })} />
                  <button type="submit" className={button}>
                    保存
                  </button>
                  <button type="button" className={plain} onClick={() => setFixing(null)}>
                    取消
                  </button>
                </form>
              </li>
            ) : (
              <li key={x.id} className="flex flex-wrap items-center gap-x-2">
                <span className="tabular-nums text-slate-500">{x.happenedAt}</span> {x.location && <span className="text-slate-600 dark:text-slate-300">{x.location}</span>}
                <span className="font-medium">{x.description}</span>
                {edit && (
                  <span className="ml-2 space-x-2 text-xs">
                    <button type="button" className="text-sky-700 hover:underline dark:text-sky-400" onClick={() => setFixing({ ...x, happenedAt: x.happenedAt.slice(0, 16) })}>
                      修改
                    </button>
                    <button type="button" className="text-red-700 hover:underline dark:text-red-400" onClick={() => remove(x)}>
                      删除
                    </button>
                  </span>
                )}
              </li>
            ),
          )}
        </ol>
      ) : (
        <p className="text-slate-500">还没有物流节点：在上面逐条添加，或在物流跟踪列表“导入物流节点”。</p>
      )}
    </section>
  );
}

