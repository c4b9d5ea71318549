// A small form in the browser's own modal <dialog> (Esc closes, focus stays inside): the add and edit forms of
// the admin screens. onSubmit returns a promise; its rejection's message is shown above the fields and nothing
// closes, so the user can correct the input. A field with choices is a group of checkboxes whose value is the
// list of the checked values (the roles of a user). A field's hint is shown under its input and read with it (the
// password rule, too long for a placeholder). A readOnly field is shown as text and sent as it came.
import { useEffect, useId, useRef, useState } from "react";

export default function FormDialog({ title, fields, initial = {}, submitLabel = "保存", onSubmit, onClose }) {
  const dialog = useRef(null);
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f.name, initial[f.name] ?? f.default ?? (f.choices ? [] : "")])));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  useEffect(() => {
    dialog.current.showModal();
  }, []);

  const submit = async (e) => {
    e.preventDefault();
    for (const f of fields) {
      if (f.required && String(values[f.name]).trim() === "") {
        setError(`${f.label}不能为空`);
        return;
      }
    }
    setBusy(true);
    setError("");
    try {
      await onSubmit(values);
      dialog.current.close();
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  const input = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm outline-none focus:border-sky-600 focus:ring-2 focus:ring-sky-100 dark:border-slate-600 dark:bg-slate-900";
  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="form-dialog-title" className="m-auto w-[440px] max-w-[95vw] rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/40 dark:bg-slate-800 dark:text-slate-100">
      <form onSubmit={submit} noValidate className="p-6">
        <h2 id="form-dialog-title" className="mb-4 text-lg font-semibold">
          {title}
        </h2>
        {error && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        {fields.map((f) =>
          f.readOnly ? (
            // A value the form shows but does not change (the currency whose rate is edited) reads as text, not
            // as a box that looks as if it could be typed in.
            <div key={f.name} className="mb-3 text-sm" role="group" aria-labelledby={`${hintId}-${f.name}-label`}>
              <span id={`${hintId}-${f.name}-label`} className="block">
                {f.label}
              </span>
              <span data-field={f.name} className="mt-1 block py-1 font-semibold text-slate-900 dark:text-white">
                {values[f.name] || "—"}
              </span>
            </div>
          ) : f.choices ? (
            <fieldset key={f.name} className="mb-3 text-sm">
              <legend>{f.label}</legend>
              <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {f.choices.length === 0 && <span className="text-slate-500">{f.empty || "无可选项"}</span>}
                {f.choices.map(([value, label]) => (
                  <label key={value} className="inline-flex items-center gap-1.5">
                    <input
                      type="checkbox"
                      name={f.name}
                      value={value}
                      checked={values[f.name].includes(value)}
                      onChange={(e) =>
                        setValues((v) => ({ ...v, [f.name]: e.target.checked ? [...v[f.name], value] : v[f.name].filter((x) => x !== value) }))
                      }
                    />
                    {label}
                  </label>
                ))}
              </span>
            </fieldset>
          ) : (
            <label key={f.name} className="mb-3 block text-sm">
              {f.label}
              {f.required && <span className="text-red-600"> *</span>}
              {f.options ? (
                <select name={f.name} className={input} value={values[f.name]} onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}>
                  {f.options.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              ) : f.type === "textarea" ? (
                <textarea
                  name={f.name}
                  rows={5}
                  className={input}
                  value={values[f.name]}
                  placeholder={f.placeholder}
                  onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                />
              ) : (
                <input
                  name={f.name}
                  className={input}
                  type={f.type || "text"}
                  inputMode={f.type === "number" ? "numeric" : undefined}
                  value={values[f.name]}
                  placeholder={f.placeholder}
                  aria-describedby={f.hint ? `${hintId}-${f.name}` : undefined}
                  onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                />
              )}
              {f.hint && (
                <span id={`${hintId}-${f.name}`} className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                  {f.hint}
                </span>
              )}
            </label>
          ),
        )}
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className="rounded-md border border-slate-300 px-4 py-2 text-sm dark:border-slate-600" onClick={() => dialog.current.close()}>
            取消
          </button>
          <button type="submit" disabled={busy} className="rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-60">
            {busy ? "保存中..." : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
