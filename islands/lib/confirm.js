// ask puts a question to the person before a step that cannot be taken back or that moves stock, in place of the
// browser's confirm(): one styled dialog for every screen (ConfirmDialog.jsx) that names the thing and says what
// will change. question is { title, message, action, danger }: the title names the step and the document
// (审核入库单 RK20260101-0001), the message what will change, action the confirming button's label, danger makes it
// red. It resolves true when the person confirms (the button, or Enter) and false when they cancel (取消, Esc, a
// click outside). Not named confirm: a module that forgot the import would silently get the browser's.
// The dialog, with Headless UI, loads on first use, so that lists that never ask do not carry it.
import { createElement } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";

let root;
let answer; // the open question's, if any
let asked = 0;

export async function ask(question) {
  // The focus goes back where it was (the button that asked) once answered. Headless UI would do it only from
  // the second question on: it learns the focus history once loaded, after the first click.
  const opener = document.activeElement;
  const { default: ConfirmDialog } = await import("./ConfirmDialog.jsx");
  // A second question while one is open (a double click while the dialog was loading) cancels the first.
  answer?.(false);
  root ??= createRoot(document.body.appendChild(document.createElement("div")));
  return new Promise((resolve) => {
    const mine = (ok) => {
      if (answer !== mine) return;
      answer = undefined;
      flushSync(() => root.render(null));
      if (opener?.isConnected) opener.focus();
      resolve(ok);
    };
    answer = mine;
    asked += 1;
    root.render(createElement(ConfirmDialog, { ...question, key: asked, onAnswer: mine }));
  });
}
