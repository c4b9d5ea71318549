// 新增本地产品 / 编辑本地产品: one screen for both (an id in the address edits that product). The SKU is unique in
// the company; numbers are typed as text and checked by the server, which names the field and what is wrong.
// The picture goes up at once (material/photoupload) and is saved with the product. After creating, the tab
// hands over to the new product's edit tab. Without the edit permission the product shows read-only. With only (a
// kind's screen: 物料, 耗材, 包材) it saves through that screen's API and buttons, of its kind, and calls onDone.
import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api.js";
import { can } from "../lib/permissions.js";
import { toast } from "../lib/toast.js";
import ProductListings from "./ProductListings.jsx";
import ProductPacking from "./ProductPacking.jsx";
import { ERP, KINDS, Thumbnail, button, editTitle, input, openTab, plain, useCatalog } from "./shared.jsx";

const EMPTY = {
  sku: "", name: "", image: "", kind: "1", brandId: "", categoryId: "", supplierId: "", price: "", weight: "", length: "",
  width: "", height: "", cartonUnits: "", cartonWeight: "", cartonLength: "", cartonWidth: "", cartonHeight: "", remark: "",
};

async function uploadPicture(file) {
  const form = new FormData();
  form.append("file", file);
  return (await api(`${ERP}/material/photoupload`, { method: "POST", form })).data;
}

function Field({ label, name, values, set, required, unit, options, wide, ...rest }) {
  const control = options ? (
    <select name={name} className={`mt-1 block w-full ${input}`} value={values[name]} onChange={(e) => set(name, e.target.value)}>
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  ) : (
    <input name={name} className={`mt-1 block w-full ${input}`} value={values[name]} onChange={(e) => set(name, e.target.value)} {...rest} />
  );
  return (
    <label className={`block text-sm ${wide ? "sm:col-span-2" : ""}`}>
      {label}
      {unit && <span className="text-slate-500">（{unit}）</span>}
      {required && <span className="text-red-600"> *</span>}
      {control}
    </label>
  );
}

export default function ProductForm({ id, permissions, only, onDone }) {
  const editing = Boolean(id);
  const catalog = useCatalog();
  const [values, setValues] = useState(EMPTY);
  const [loaded, setLoaded] = useState(!editing);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const perm = only ? only.perm : "erp:material";
  const base = only ? only.base : `${ERP}/material`;
  const mayEdit = can(permissions, `${perm}:${editing ? "edit" : "add"}`);
  const alertRef = useRef(null);

  // A refusal shows above the form, which may be scrolled away from it: bring it into view.
  useEffect(() => {
    if (error) alertRef.current?.scrollIntoView({ block: "center" });
  }, [error]);

  useEffect(() => {
    if (!editing) return;
    api(`${ERP}/material/${id}`)
      .then(({ data }) => {
        setValues(Object.fromEntries(Object.keys(EMPTY).map((k) => [k, String(data[k] ?? "")])));
        setLoaded(true);
      })
      .catch((e) => setError(e.message));
  }, [id, editing]);

  const set = (name, value) => setValues((v) => ({ ...v, [name]: value }));

  const pickPicture = async (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    if (!file) return;
    setUploading(true);
    try {
      set("image", await uploadPicture(file));
    } catch (err) {
      toast(err.message, "error");
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e) => {
    e.preventDefault();
    if (!values.sku.trim()) return setError("SKU不能为空");
    if (!values.name.trim()) return setError("产品名称不能为空");
    setBusy(true);
    setError("");
    try {
      if (editing) {
        const { data } = await api(`${base}/${id}`, { method: "PUT", body: values });
        if (onDone) return toast("操作成功!"), onDone(data);
        setValues(Object.fromEntries(Object.keys(EMPTY).map((k) => [k, String(data[k] ?? "")])));
        toast("操作成功!");
      } else {
        const { data } = await api(base, { method: "POST", body: values });
        toast("操作成功!");
        if (onDone) return onDone(data);
        setValues(EMPTY);
        openTab(editTitle(data.sku), "/localproduct/editinfo", { id: data.id }, true);
      }
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  if (!loaded) return error ? <p role="alert" className="text-sm text-red-700">{error}</p> : <p className="text-sm text-slate-500">加载中...</p>;

  const f = { values, set };
  const none = [["", "（无）"]];
  return (
    <>
      <form onSubmit={submit} noValidate aria-label={`${editing ? "编辑" : "新增"}${only ? only.noun : "本地产品"}`} className="max-w-4xl space-y-4">
        {error && (
          <p ref={alertRef} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <fieldset disabled={!mayEdit} className="space-y-4">
          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
            <h2 className="mb-3 font-semibold">基本信息</h2>
            <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto]">
              <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
                <Field label="SKU" name="sku" required maxLength={50} autoComplete="off" {...f} />
                <Field label="产品名称" name="name" required maxLength={200} {...f} />
                {!only && <Field label="类型" name="kind" options={KINDS} {...f} />}
                <Field label="单价" unit="元" name="price" inputMode="decimal" placeholder="如 19.90" {...f} />
                <Field label="品牌" name="brandId" options={[...none, ...catalog.brands]} {...f} />
                <Field label="分类" name="categoryId" options={[...none, ...catalog.categories]} {...f} />
                <Field label="供应商" name="supplierId" options={[...none, ...catalog.suppliers]} {...f} />
              </div>
              <div className="flex flex-col items-center gap-2 text-sm">
                <span>产品图片</span>
                <Thumbnail src={values.image} size="h-32 w-32" />
                <label className={`${plain} cursor-pointer`}>
                  {uploading ? "上传中..." : values.image ? "更换图片" : "上传图片"}
                  <input type="file" name="picture" accept="image/png,image/jpeg,image/gif,image/webp" className="sr-only" onChange={pickPicture} />
                </label>
                {values.image && (
                  <button type="button" className="text-xs text-red-600 hover:underline" onClick={() => set("image", "")}>
                    移除图片
                  </button>
                )}
                <span className="text-xs text-slate-500">PNG/JPG/GIF/WebP，不超过2MB</span>
              </div>
            </div>
          </div>
          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
            <h2 className="mb-3 font-semibold">产品尺寸</h2>
            <div className="grid gap-3 sm:grid-cols-4">
              <Field label="重量" unit="kg" name="weight" inputMode="decimal" {...f} />
              <Field label="长" unit="cm" name="length" inputMode="decimal" {...f} />
              <Field label="宽" unit="cm" name="width" inputMode="decimal" {...f} />
              <Field label="高" unit="cm" name="height" inputMode="decimal" {...f} />
            </div>
          </div>
          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
            <h2 className="mb-3 font-semibold">箱规</h2>
            <div className="grid gap-3 sm:grid-cols-5">
              <Field label="单箱数量" unit="个" name="cartonUnits" inputMode="numeric" {...f} />
              <Field label="箱重" unit="kg" name="cartonWeight" inputMode="decimal" {...f} />
              <Field label="箱长" unit="cm" name="cartonLength" inputMode="decimal" {...f} />
              <Field label="箱宽" unit="cm" name="cartonWidth" inputMode="decimal" {...f} />
              <Field label="箱高" unit="cm" name="cartonHeight" inputMode="decimal" {...f} />
            </div>
          </div>
          <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
            <label className="block text-sm">
              备注
              <textarea name="remark" rows={3} maxLength={500} className={`mt-1 block w-full ${input}`} value={values.remark} onChange={(e) => set("remark", e.target.value)} />
            </label>
          </div>
        </fieldset>
        {mayEdit && (
          <div className="flex gap-3">
            <button type="submit" disabled={busy || uploading} className={button}>
              {busy ? "保存中..." : "保存"}
            </button>
          </div>
        )}
      </form>
      {editing && !only && <ProductPacking id={id} mayEdit={mayEdit} />}
      {editing && !only && <ProductListings id={id} />}
    </>
  );
}
