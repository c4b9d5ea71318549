// The question ask() puts (confirm.js): a title naming the step and the document, what will change, 取消 and the
// step's own button. The step's button has the focus, so Enter confirms; Esc, 取消 or a click outside cancels.
// It is a Headless UI Dialog (focus kept inside, the page behind inert) except over the browser's own modal
// <dialog> (列配置): that sits in the top layer, above anything else on the page, so the question opens as a
// second modal <dialog> stacked on it, with the same look and keys.
import { useEffect, useRef } from "react";
import { Dialog, DialogDescription, DialogPanel, DialogTitle } from "@headlessui/react";

// On a dark page the backdrop is darker and the panel outlined, or the panel would melt into what is behind it.
const look = "rounded-xl bg-white text-slate-800 shadow-xl dark:bg-slate-800 dark:text-slate-100 dark:ring-1 dark:ring-slate-600";

function Question({ Title, Text, title, message, action = "确定", danger, onAnswer, confirmRef }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onAnswer(true);
      }}
      // Esc is answered here and marked as handled, before it reaches the page: Esc in a tab's page closes the tab.
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        e.preventDefault();
        onAnswer(false);
      }}
    >
      <Title className="text-lg font-semibold">{title}</Title>
      {message && <Text className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-300">{message}</Text>}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="rounded-md border border-slate-300 px-4 py-2 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700" onClick={() => onAnswer(false)}>
          取消
        </button>
        <button
          ref={confirmRef}
          type="submit"
          data-autofocus
          className={`rounded-md px-4 py-2 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 ${danger ? "bg-red-600 hover:bg-red-700 focus-visible:outline-red-600" : "bg-sky-700 hover:bg-sky-800 focus-visible:outline-sky-700"}`}
        >
          {action}
        </button>
      </div>
    </form>
  );
}

const StackedTitle = (p) => <h2 id="confirm-title" {...p} />;
const StackedText = (p) => <p id="confirm-message" {...p} />;

// Stacked is the question over a modal <dialog>: the browser keeps focus in the topmost one. Another request to
// close it (a phone's back gesture) cancels, as a click on the backdrop does: that reaches the <dialog> itself, its
// content having the padding.
function Stacked(props) {
  const dialog = useRef(null);
  const confirmRef = useRef(null);
  useEffect(() => {
    dialog.current.showModal();
    confirmRef.current.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      data-question
      aria-labelledby="confirm-title"
      aria-describedby={props.message ? "confirm-message" : undefined}
      onCancel={(e) => {
        e.preventDefault();
        props.onAnswer(false);
      }}
      onClick={(e) => e.target === dialog.current && props.onAnswer(false)}
      className={`m-auto w-md max-w-[95vw] p-0 backdrop:bg-slate-900/40 dark:backdrop:bg-black/60 ${look}`}
    >
      <div className="p-6">
        <Question {...props} Title={StackedTitle} Text={StackedText} confirmRef={confirmRef} />
      </div>
    </dialog>
  );
}

export default function ConfirmDialog(props) {
  if (document.querySelector("dialog:modal")) return <Stacked {...props} />;
  return (
    <Dialog open data-question onClose={() => props.onAnswer(false)} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 dark:bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className={`w-full max-w-md p-6 ${look}`}>
          <Question {...props} Title={DialogTitle} Text={DialogDescription} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
