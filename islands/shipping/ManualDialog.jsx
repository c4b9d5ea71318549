// 新建货件 by hand: where it ships from and to, its lines, the destination centre and Amazon's shipment id (left
// empty, one is generated). Saved, it opens in the handling screen.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { toast } from "../lib/toast.js";
import ItemsEditor, { itemsBody, useShipOptions } from "./ItemsEditor.jsx";
import { ERP, button, input, openTab, plain } from "./common.js";

export default function ManualDialog({ onClose, onSaved }) {
  const dialog = useRef(null);
  const options = useShipOptions();
  const [form, setForm] = useState({ groupId: "", marketplaceId: "ATVPDKIKX0DER", warehouseId: "", items: [], center: "", shipmentId: "", name: "", remark: "" });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current.showModal();
  }, []);

  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      const { data } = await api(`${ERP}/shipment`, { method: "POST", body: { ...form, items: itemsBody(form.items) } });
      toast(`货件 ${data.shipmentId} 已创建`);
      onSaved();
      dialog.current.close();
      openTab(`处理货件 ${data.shipmentId}`, "/shipment_handing/shipstep", { shipmentid: data.shipmentId });
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  const field = (name, label, placeholder) => (
    <label className="text-sm">
      {label}
      <input aria-label={label} className={`mt-1 block w-full ${input}`} placeholder={placeholder} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
    </label>
  );

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="manual-title" className="m-auto w-[860px] max-w-[95vw] rounded-xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <h2 id="manual-title" className="mb-4 text-lg font-semibold">
        新建货件
      </h2>
      {error && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <ItemsEditor options={options} value={form} onChange={setForm} />
      <form onSubmit={submit} className="mt-4 grid grid-cols-2 gap-3">
        {field("center", "目的配送中心", "如 ONT8")}
        {field("shipmentId", "货件ID", "亚马逊的货件ID；留空则生成本地编号 LS…")}
        {field("name", "货件名称")}
        {field("remark", "备注")}
        <div className="col-span-2 flex justify-end gap-3">
          <button type="button" className={plain} onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" className={button} disabled={busy}>
            {busy ? "保存中..." : "创建货件"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
